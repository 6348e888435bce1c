/**
 * Touch double-tap seeking with real touch input (player-and-client §9 "Controls"; issue 10
 * "Touch"): Playwright's touchscreen in a touch-enabled context on /demo/element.html. Double tap on
 * the right seeks +10 s, on the left −10 s, a third quick tap adds 10 s, the seek indicator shows
 * and goes; a single tap never pauses. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { TAP_ACCUMULATE_MS, TAP_WINDOW_MS } from '../../src-element/core/ui/double-tap.js';
import type { Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

type PlayerLike = HTMLElement & { paused: boolean; currentTime: number; play(): Promise<void>; pause(): void };

async function tapAt(page: Page, fraction: number, times: number, gapMs: number, yFraction = 0.4): Promise<void> {
  const box = (await page.locator('s72-player').first().boundingBox())!;
  for (let i = 0; i < times; i++) {
    await page.touchscreen.tap(box.x + box.width * fraction, box.y + box.height * yFraction);
    if (i < times - 1) await page.waitForTimeout(gapMs);
  }
}

const position = (page: Page) => page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).currentTime);

/**
 * A burst of `times` taps at `fraction` of the width, `gapMs` apart, from the position `fromS` (s),
 * that must take the player to `expectedS`. The touches' own timestamps, recorded in the page, say
 * whether the burst was what the test meant: each tap within the double-tap window of the one
 * before, then within the accumulation window. A machine too busy to deliver the touches in time
 * (each tap is a few round trips to the browser) makes a slower burst, which rightly does not
 * accumulate: that burst is made again from `fromS` (3 tries). A burst delivered in time that does
 * not reach `expectedS` fails at once.
 */
async function burst(page: Page, fraction: number, times: number, gapMs: number, fromS: number, expectedS: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.evaluate(() => {
      (window as unknown as { __tapTimes: number[] }).__tapTimes = [];
      (window as unknown as { __indicatorTexts: string[] }).__indicatorTexts.length = 0;
    });
    await tapAt(page, fraction, times, gapMs);
    const reached = await page
      .waitForFunction((target) => Math.abs((document.querySelector('s72-player') as PlayerLike).currentTime - target) < 0.5, expectedS, { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    const taps = (await page.evaluate(() => (window as unknown as { __tapTimes: number[] }).__tapTimes)) as number[];
    const gaps = taps.slice(1).map((at, i) => Math.round(at - taps[i]!));
    const inTime = taps.length === times && gaps.every((gap, i) => gap <= (i === 0 ? TAP_WINDOW_MS : TAP_ACCUMULATE_MS));
    if (reached) return;
    const facts = `${taps.length} taps ${JSON.stringify(gaps)} ms apart, position ${(await position(page)).toFixed(1)} s, expected ${expectedS} s`;
    assert.ok(!inTime, `the taps came within the windows, yet the player did not seek: ${facts}`);
    assert.ok(attempt < 3, `in 3 tries the browser never delivered the taps within the windows: ${facts}`);
    await page.evaluate((at) => ((document.querySelector('s72-player') as PlayerLike).currentTime = at), fromS);
    await page.waitForFunction((at) => Math.abs((document.querySelector('s72-player') as PlayerLike).currentTime - at) < 0.5, fromS);
    // Past the tap window, so that the next burst starts afresh.
    await page.waitForTimeout(TAP_WINDOW_MS + 100);
  }
}

describe('touch: double-tap seek (real touch input)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('right +10 s, a third quick tap +10 s more, left −10 s, the indicator shows; a single tap does not pause', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 800, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${demo.url}/demo/element.html`);
      await page.waitForFunction(() => ((document.querySelector('s72-player') as PlayerLike).shadowRoot?.querySelector('video')?.readyState ?? 0) >= 2, null, {
        timeout: 30_000,
      });
      await page.evaluate(() => {
        const p = document.querySelector('s72-player') as PlayerLike;
        p.currentTime = 20;
        return p.pause();
      });
      await page.waitForFunction(() => Math.abs((document.querySelector('s72-player') as PlayerLike).currentTime - 20) < 0.5);

      // Above the big play button: Chromium's touch adjustment gives a tap a few pixels off a
      // button to the button (the video has no click listener of its own to compete).
      await tapAt(page, 0.5, 1, 0, 0.25);
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).paused), true, 'a single tap does not play or pause');

      // Every text the indicator shows, recorded in the page: the burst's taps go in one after
      // another, as a viewer's do (the next accumulating tap must come within 250 ms of the last,
      // so the test cannot stop between taps to read the page).
      // And the timestamp of each touch on the player (its pointerup, as the player reads it).
      await page.evaluate(`(() => {
        window.__tapTimes = [];
        document.querySelector('s72-player').addEventListener('pointerup', (event) => {
          if (event.pointerType === 'touch') window.__tapTimes.push(event.timeStamp);
        }, { capture: true });
        const seen = (window.__indicatorTexts = []);
        const poll = () => {
          const bubble = document.querySelector('s72-player').shadowRoot.querySelector('s72-seek-indicator')?.shadowRoot?.querySelector('[part~="seek-indicator"]');
          const text = bubble ? bubble.textContent.replace(/\\s+/g, ' ').trim() : '';
          if (text && seen[seen.length - 1] !== text) seen.push(text);
          requestAnimationFrame(poll);
        };
        poll();
      })()`);
      await page.waitForTimeout(1100);
      await burst(page, 0.8, 3, 100, 20, 40);
      const indicator = page.locator('s72-player').first().locator('[part~="seek-indicator"]');
      const texts = (await page.evaluate('window.__indicatorTexts')) as string[];
      assert.ok(texts.some((text) => /\+10 s/.test(text)), `the double tap shows +10 s (seen: ${JSON.stringify(texts)})`);
      assert.match(texts[texts.length - 1] ?? '', /\+20 s/, 'the burst total');
      await indicator.waitFor({ state: 'detached', timeout: 3_000 });

      await page.waitForTimeout(1100);
      await burst(page, 0.2, 2, 150, 40, 30);
      assert.ok(Math.abs((await position(page)) - 30) < 0.5);
      assert.equal(await page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).paused), true, 'taps never toggled playback');
    } finally {
      await context.close();
    }
  });
});
