/**
 * Browsing does not lock the viewer out (issue 22 item 4; play-page §7 heartbeat, §8
 * `too_many_streams`): the four-stream viewer opens five titles in a row, each in a new page that
 * is closed once its first heartbeat reached the storefront, and all five play. A closed page ends
 * its stream session with a last heartbeat `{"state":"stopped"}`; without it the storefront keeps
 * each closed page's session for 60 s and the fifth page gets `too_many_streams`.
 *
 * Runs at the demo configuration's real heartbeat frequency (30 s: the first beat goes as soon as
 * playback starts, so each page beats once before it is closed). Needs `dist-shell/` built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEFAULT_MAX_STREAMS } from '../../demo/server/catalogue.js';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo, type RecordedRequest } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const HEARTBEAT = '/services/license/heartbeat';
/** Five opens in a row: one more than the demo viewer's stream limit. */
const OPENS = DEFAULT_MAX_STREAMS + 1;
const TITLES = ['#/film/night-harbour/night-harbour', '#/film/clear-skies/clear-skies'];

const isStop = (request: RecordedRequest) => JSON.stringify(request.body) === '{"state":"stopped"}';

/** Resolves with the recorded heartbeats once `check` accepts them, polling every 250 ms. */
async function heartbeatsUntil(demo: Demo, check: (beats: RecordedRequest[]) => boolean, what: string, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const beats = (await demo.requests(HEARTBEAT)).filter((request) => request.method === 'POST' && request.status !== undefined);
    if (check(beats)) return beats;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(beats.map((b) => [b.status, b.body]))}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('play page: stream sessions end with the page', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it(`the ${DEFAULT_MAX_STREAMS}-stream viewer opens ${OPENS} titles in a row, each closed after its first heartbeat: all play`, { timeout: 300_000 }, async () => {
    const configuration = (await (await fetch(`${demo.url}/services/content/configuration`)).json()) as Record<string, unknown>;
    assert.equal(configuration['heartbeat_frequency'], 30, 'the real heartbeat frequency, not a test one');
    for (let open = 1; open <= OPENS; open++) {
      const { context, page } = await newPage(browser);
      try {
        await page.goto(demo.playUrl(`${TITLES[open % TITLES.length]}?u=${TOKENS.adult}`));
        const beats = await heartbeatsUntil(
          demo,
          (all) => all.some((beat) => beat.status !== 200) || all.filter((beat) => !isStop(beat)).length >= open,
          `the first heartbeat of page ${open}`,
        );
        assert.deepEqual(
          beats.filter((beat) => beat.status !== 200).map((beat) => [beat.status, beat.body]),
          [],
          `page ${open}: every heartbeat accepted (no 451 too_many_streams)`,
        );
        // It plays: the position advances, no error screen.
        const t = await waitForPlayback(page, 0.2, 30_000);
        await waitForPlayback(page, t + 1, 15_000);
        assert.equal(await page.locator('[data-testid="error-screen"]').count(), 0, `page ${open}: no error screen`);
        await page.close();
        // The closed page ends its session: its stop reaches the storefront (checked after the loop,
        // so that a missing stop shows as what the viewer gets, the refused fifth page).
        await heartbeatsUntil(demo, (all) => all.filter(isStop).length >= open, `the stop of page ${open}`, 5_000).catch(() => undefined);
      } finally {
        await context.close();
      }
    }
    const beats = await heartbeatsUntil(demo, (all) => all.filter(isStop).length >= OPENS, 'a stop of every page', 5_000);
    assert.deepEqual(
      beats.filter(isStop).map((stop) => stop.status),
      Array.from({ length: OPENS }, () => 200),
      'every closed page ended its session',
    );
  });
});
