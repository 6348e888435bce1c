/**
 * Ads on the real play page (issue 14; player-and-client §4 "Ad break", §7, §9; play-page §3
 * `ad_tag`, §8 `adblocked_content`): /film/ad-supported's streams answer carries a VMAP ad tag
 * (demo ad server: a 4 s pre-roll skippable after 2 s, a 4 s mid-roll at 8 s). The pre-roll plays
 * before the film and cannot be skipped before its offset; the mid-roll comes at 8 s; a resume
 * position after both discards them; an ad error lets the film play (and reaches telemetry); a
 * blocked ad request is `adblocked_content`; tracking pixels reach the storefront. Needs
 * `dist-shell/` built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { errorCode, newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const HASH = `#/film/ad-supported/ad-supported?u=${TOKENS.adult}`;

interface AdEvent {
  ad: string;
  event: string;
  code: string | null;
}

type Player = HTMLElement & { currentTime: number; paused: boolean; shadowRoot: ShadowRoot };

/** Whether the ads overlay shows (a break runs). */
const overlayActive = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const el = document.querySelector('s72-player') as Player | null;
    return el?.shadowRoot.querySelector('s72-ad-overlay')?.hasAttribute('active') === true;
  });

const waitOverlay = (page: Page, active: boolean, timeout = 30_000): Promise<unknown> =>
  page.waitForFunction(
    (want) => {
      const el = document.querySelector('s72-player') as Player | null;
      return !!el && el.shadowRoot.querySelector('s72-ad-overlay')?.hasAttribute('active') === want;
    },
    active,
    { timeout, polling: 100 },
  );

const film = (page: Page): Promise<{ time: number; paused: boolean }> =>
  page.evaluate(() => {
    const el = document.querySelector('s72-player') as Player;
    return { time: el.currentTime, paused: el.paused };
  });

async function tracked(demo: Demo, predicate: (events: AdEvent[]) => boolean): Promise<AdEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${demo.url}/__demo/ad-tracking`);
    const { events } = (await response.json()) as { events: AdEvent[] };
    if (predicate(events) || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('play page: ads', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('a pre-roll plays before the film, cannot be skipped before its offset, then skips; a mid-roll at 8 s; pixels recorded', { timeout: 240_000 }, async () => {
    await demo.reset();
    const { context, page, log } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(HASH));
      await waitOverlay(page, true);
      const adVideo = page.locator('s72-ad-overlay [part="ad-video"]');
      // A click on the skip button before its offset (2 s into this pre-roll). The click's position
      // comes back with the wait for the ad to play, so the viewer's click follows in one step, and
      // the page records what the button was when the pointer went down: a slow machine's round
      // trips must not turn this into a click on a button that was enabled by then.
      const skipAt = await page.waitForFunction(() => {
        const el = document.querySelector('s72-player') as Player | null;
        const overlay = el?.shadowRoot.querySelector('s72-ad-overlay')?.shadowRoot;
        const video = overlay?.querySelector('video');
        const button = overlay?.querySelector<HTMLButtonElement>('[part="skip-ad-button"]');
        if (!video || !button || video.currentTime <= 0.2) return false;
        const w = window as unknown as { s72SkipPress?: unknown; s72SkipWatch?: boolean };
        if (!w.s72SkipWatch) {
          w.s72SkipWatch = true;
          window.addEventListener('pointerdown', () => {
            w.s72SkipPress ??= { disabled: button.disabled, text: button.textContent ?? '', adTime: video.currentTime };
          }, { capture: true });
        }
        const box = button.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }, undefined, { timeout: 20_000, polling: 'raf' });
      const { x, y } = (await skipAt.jsonValue()) as { x: number; y: number };
      await page.mouse.click(x, y);
      const press = await page.evaluate(() => (window as unknown as { s72SkipPress?: { disabled: boolean; text: string; adTime: number } }).s72SkipPress);
      assert.ok(press, 'the click reached the page');
      assert.equal(press.disabled, true, `not skippable before the offset (the click arrived ${press.adTime.toFixed(2)} s into the ad)`);
      assert.match(press.text, /Skip ad in \d second/);
      assert.equal(await overlayActive(page), true, 'a click on the disabled button does not skip');
      assert.equal(await adVideo.count(), 1);
      const held = await film(page);
      assert.equal(held.paused, true, 'the film waits for the pre-roll');
      assert.ok(held.time < 0.5, `the film was held at its start (${held.time})`);

      const skip = page.locator('[part="skip-ad-button"]');
      await page.waitForFunction(() => {
        const el = document.querySelector('s72-player') as Player | null;
        const button = el?.shadowRoot.querySelector('s72-ad-overlay')?.shadowRoot?.querySelector('[part="skip-ad-button"]') as HTMLButtonElement | null;
        return button?.disabled === false;
      }, undefined, { timeout: 15_000, polling: 100 });
      await skip.click();
      await waitOverlay(page, false, 10_000);
      await waitForPlayback(page, 0.5, 20_000);

      // The mid-roll at 8 s: the film pauses there while it plays, then goes on.
      await waitOverlay(page, true, 30_000);
      const at = await film(page);
      assert.equal(at.paused, true);
      assert.ok(at.time >= 7.9 && at.time < 9.5, `paused at ${at.time}`);
      await waitOverlay(page, false, 20_000);
      await waitForPlayback(page, at.time + 0.5, 20_000);

      const events = await tracked(demo, (list) => list.some((e) => e.ad === 'midroll' && e.event === 'complete'));
      const of = (ad: string): string[] => events.filter((e) => e.ad === ad).map((e) => e.event);
      for (const event of ['impression', 'start', 'skip']) assert.ok(of('preroll').includes(event), `preroll ${event}: ${JSON.stringify(events)}`);
      for (const event of ['impression', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete']) {
        assert.ok(of('midroll').includes(event), `midroll ${event}: ${JSON.stringify(events)}`);
      }
      const tags = await demo.requests('/services/ads/vmap');
      assert.equal(tags.length, 1);
      assert.match(String(tags[0]!.query['cb']), /^\d{8}$/, 'the ad tag has a cache-buster');
      assert.deepEqual(log.errors.filter((e) => !/status of 404/.test(e)), []);
    } finally {
      await context.close();
    }
  });

  it('resuming at 20 s (t=20): the pre-roll and the mid-roll at 8 s are discarded', { timeout: 240_000 }, async () => {
    await demo.reset();
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/ad-supported/ad-supported?u=${TOKENS.adult}&t=20`));
      await waitForPlayback(page, 20.5, 30_000);
      assert.equal(await overlayActive(page), false);
      assert.deepEqual(await demo.requests('/services/ads/vast/*'), [], 'no break was loaded');
      assert.equal((await demo.requests('/services/ads/vmap')).length, 1);
    } finally {
      await context.close();
    }
  });

  it('an ad error (the tag answers 500) lets the film play and is sent as player-error telemetry', { timeout: 240_000 }, async () => {
    await demo.reset();
    await demo.fault({ path: '/services/ads/vmap', status: 500 });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(HASH));
      await waitForPlayback(page, 0.5, 30_000);
      assert.equal(await overlayActive(page), false);
      await page.goto('about:blank'); // pagehide flushes the telemetry
      const deadline = Date.now() + 10_000;
      let events: Array<{ event: string; data?: { code?: string; category?: string } }> = [];
      while (Date.now() < deadline) {
        const recorded = await demo.requests('/services/license/play_telemetry');
        events = recorded.flatMap((r) => (r.body as { events?: typeof events })?.events ?? []);
        if (events.some((e) => e.event === 'player-error')) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const adError = events.find((e) => e.event === 'player-error');
      assert.equal(adError?.data?.code, 'ad_error', JSON.stringify(events));
      assert.equal(adError?.data?.category, 'ads');
    } finally {
      await context.close();
    }
  });

  it('the ad request blocked (no HTTP answer) → adblocked_content', { timeout: 240_000 }, async () => {
    await demo.reset();
    await demo.fault({ path: '/services/ads/vmap', status: 0 });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(HASH));
      assert.equal(await errorCode(page, 30_000), 'adblocked_content');
    } finally {
      await context.close();
    }
  });
});
