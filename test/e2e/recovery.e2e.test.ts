/**
 * Playback that survives, on the hosted play page (issue 9 "Recovery"; player-and-client §4
 * "Playback recovery", §9): Chromium + the demo storefront + ClearKey, faults injected for real.
 *
 * - Video segments answer 503 more times than shaka's 5 attempts: the player reloads at the viewer's
 *   position and plays on; the viewer never sees an error screen.
 * - The browser goes offline for 20 s (`context.setOffline`): playback resumes by itself once back
 *   online, where it was.
 *
 * Needs `dist-shell/` built (npx vite build --config src-shell/vite.config.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const FILM_HASH = '#/film/night-harbour/night-harbour';
const VIDEO_SEGMENTS = '/media/feature/dash-cenc/video-*';

/** Records the player's recovery notifications and errors (they bubble out of the element). */
const RECORDER = () => {
  const w = window as unknown as { __recovery: number[]; __errors: Array<[string, string]> };
  w.__recovery = [];
  w.__errors = [];
  document.addEventListener('s72-recovery-change', (event) => w.__recovery.push((event as CustomEvent<{ attempt: number }>).detail.attempt));
  document.addEventListener('s72-error', (event) => {
    const detail = (event as CustomEvent<{ code: string; severity: string }>).detail;
    w.__errors.push([detail.code, detail.severity]);
  });
};

/** What the viewer sees: the play page's error screen or the player's error panel, if any. */
async function visibleError(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const screen = document.querySelector('[data-testid="error-code"]');
    if (screen) return `screen: ${screen.textContent ?? ''}`;
    const panel = document.querySelector('s72-player')?.shadowRoot?.querySelector('[part="error"] code');
    return panel ? `panel: ${panel.textContent ?? ''}` : null;
  });
}

const currentTime = (page: Page): Promise<number> =>
  page.evaluate(() => (document.querySelector('s72-player') as (HTMLElement & { currentTime: number }) | null)?.currentTime ?? 0);

/** Records the position at each `playing` of the player from now on. */
const recordPlaying = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const w = window as unknown as { __playingAt: number[] };
    w.__playingAt = [];
    const player = document.querySelector('s72-player') as HTMLElement & { currentTime: number };
    player.addEventListener('playing', () => w.__playingAt.push(player.currentTime));
  });

/** Waits for a `playing` after the first `count` recorded, returns its position. */
async function playingAfter(page: Page, count: number, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(
    (n) => {
      const at = (window as unknown as { __playingAt: number[] }).__playingAt;
      return at.length > n ? at[n]! : false;
    },
    count,
    { timeout: timeoutMs, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}

const playingCount = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __playingAt: number[] }).__playingAt.length);

const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __recovery: number[]; __errors: Array<[string, string]> };
    return { recovery: w.__recovery, errors: w.__errors };
  });

describe('play page: playback survives faults', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('video segments answering 503 longer than shaka’s retries: reload at the position, no error screen', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await context.addInitScript(RECORDER);
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
      const before = await waitForPlayback(page, 4);
      await recordPlaying(page);
      // Every video segment of every rendition fails until the outage ends: shaka's 5 attempts per
      // request and its switch to another rendition are spent, then the player reloads.
      await demo.fault({ path: VIDEO_SEGMENTS, status: 503 });
      await page.waitForFunction(() => (window as unknown as { __recovery: number[] }).__recovery.length > 0, undefined, { timeout: 90_000 });
      const atError = await currentTime(page);
      await demo.reset(); // the outage ends
      const plays = await playingCount(page);
      assert.equal(await visibleError(page), null, 'no error while recovering');
      // Playback goes on from where it was, by itself.
      const playingAgainAt = await playingAfter(page, plays, 60_000);
      assert.ok(Math.abs(playingAgainAt - atError) < 5 && playingAgainAt >= before, `playing again at ${playingAgainAt} (error at ${atError}, before ${before})`);
      await waitForPlayback(page, playingAgainAt + 2, 30_000); // time advancing
      assert.equal(await visibleError(page), null);
      const { recovery, errors } = await recorded(page);
      assert.ok(recovery[0] === 1 && recovery.length <= 6, `recovery attempts ${JSON.stringify(recovery)}`);
      assert.ok(errors.every(([, severity]) => severity === 'recoverable'), JSON.stringify(errors));
      assert.ok(errors.some(([code]) => code === 'bad_http_status_503'), JSON.stringify(errors));
    } finally {
      await context.close();
    }
  });

  it('the browser offline for 20 s: playback resumes by itself at the same position', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await context.addInitScript(RECORDER);
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
      await waitForPlayback(page, 4);
      await recordPlaying(page);
      await context.setOffline(true);
      const offlineAt = await currentTime(page);
      await page.waitForTimeout(20_000);
      assert.equal(await visibleError(page), null, 'no error screen while offline');
      const beforeOnline = await currentTime(page);
      const plays = await playingCount(page);
      await context.setOffline(false);
      // Resumes where it was (where the buffer ran out), never from the start.
      const playingAgainAt = await playingAfter(page, plays, 60_000);
      assert.ok(Math.abs(playingAgainAt - beforeOnline) < 5 && playingAgainAt >= offlineAt, `playing again at ${playingAgainAt} (offline at ${offlineAt}, stalled at ${beforeOnline})`);
      const resumed = await waitForPlayback(page, playingAgainAt + 2, 30_000);
      const later = await waitForPlayback(page, resumed + 1, 20_000);
      assert.ok(later > resumed, 'time advancing');
      assert.equal(await visibleError(page), null);
      const { errors } = await recorded(page);
      assert.ok(errors.every(([, severity]) => severity === 'recoverable'), JSON.stringify(errors));
    } finally {
      await context.close();
    }
  });
});
