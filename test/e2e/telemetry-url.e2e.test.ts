/**
 * `m` (telemetry url, play-page §2) is used only on a configured telemetry origin + path prefix
 * (issue 8 "Hardening"; DESIGN.md "Security rules"): a crafted link must not make the page POST
 * token-bearing telemetry to any other endpoint of the storefront, e.g. the PIN check (play-page §7),
 * which would use up the viewer's PIN attempts (play-page §9). Needs `dist-shell/` built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo, type RecordedRequest } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

type Body = { events?: Array<{ event: string }> };
const opened = (rs: RecordedRequest[]) => rs.some((r) => ((r.body as Body)?.events ?? []).some((e) => e.event === 'player-opened'));

async function requestsUntil(demo: Demo, path: string, done: (rs: RecordedRequest[]) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const requests = await demo.requests(path);
    if (done(requests) || Date.now() > deadline) return requests;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('play page: m is limited to configured telemetry URL prefixes', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  /**
   * Plays /film/clear-skies with `m`, leaves the page (flushing telemetry) and returns what
   * `telemetryPath` recorded once `player-opened` is there (or after 20 s). The browser context
   * stays open until then: closing it right after leaving the page cancelled the flush's keepalive
   * request on a slow machine, which a viewer's browser never does.
   */
  async function playWithM(m: string, telemetryPath: string): Promise<RecordedRequest[]> {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}&m=${encodeURIComponent(m)}`));
      await waitForPlayback(page, 1);
      await page.goto('about:blank');
      return await requestsUntil(demo, telemetryPath, opened);
    } finally {
      await context.close();
    }
  }

  it('a same-origin m on another endpoint (the PIN check) is ignored: telemetry goes to the default endpoint', { timeout: 180_000 }, async () => {
    const telemetry = await playWithM(`${demo.url}/services/users/v1/user_pin_codes/verify`, '/services/license/play_telemetry');
    assert.ok(opened(telemetry), 'player-opened went to the default telemetry endpoint');
    assert.deepEqual(await demo.requests('/services/users/v1/user_pin_codes/verify'), [], 'nothing was posted to the PIN check');
  });

  it('a path that only starts like the telemetry path, or climbs out of it, is ignored', { timeout: 180_000 }, async () => {
    for (const m of [`${demo.url}/services/license/play_telemetry_x`, `${demo.url}/services/license/play_telemetry/%2E%2E/heartbeat`]) {
      await demo.reset();
      const telemetry = await playWithM(m, '/services/license/play_telemetry');
      assert.ok(opened(telemetry), `m=${m}: default endpoint used`);
      assert.deepEqual(await demo.requests('/services/license/play_telemetry_x'), [], m);
      assert.deepEqual(await demo.requests('/services/license/heartbeat').then((rs) => rs.filter((r) => (r.body as Body)?.events)), [], m);
    }
  });

  it('an m under a prefix of the configuration’s play_telemetry_urls is used', { timeout: 180_000 }, async () => {
    await demo.fault({
      path: '/services/content/configuration',
      status: 200,
      times: 10,
      body: { heartbeat_frequency: 30, telemetry_frequency: 30, play_telemetry_urls: ['/services/telemetry/v1/'] },
    });
    const requests = await playWithM(`${demo.url}/services/telemetry/v1/event?via=m`, '/services/telemetry/v1/event');
    assert.ok(opened(requests), 'telemetry sent to the configured prefix');
    assert.equal(requests[0]!.query['via'], 'm');
  });
});
