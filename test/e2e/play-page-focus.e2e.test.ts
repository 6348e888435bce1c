/**
 * The play page's keyboard focus on arrival (issue 22 item 9): the page has nothing else to type
 * into, so the player holds the focus as soon as it shows and its shortcuts work with real key
 * presses and no first Tab or click. The focus is on the player's play/pause button, painted
 * without a focus ring (nobody moved it) so the controls still hide while the film plays; the
 * first Tab then shows the ring as usual. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

type PlayerLike = HTMLElement & { paused: boolean; currentTime: number };

/** The deepest focused element: inside the player or not, its part, and whether it shows a focus ring. */
function focus(page: Page) {
  return page.evaluate(() => {
    const player = document.querySelector('s72-player');
    let element: Element | null = document.activeElement;
    let inPlayer = false;
    while (element) {
      if (element === player) inPlayer = true;
      const inner: Element | null = element.shadowRoot?.activeElement ?? null;
      if (!inner) break;
      element = inner;
    }
    return {
      inPlayer,
      part: element?.getAttribute('part') ?? element?.localName ?? '',
      ring: element ? element.matches(':focus-visible') : false,
    };
  });
}

function paused(page: Page): Promise<boolean> {
  return page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).paused);
}

describe('play page: the player has the keyboard focus on arrival (issue 22 item 9)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('K pauses and plays a freshly opened play page: no Tab, no click before', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}`));
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 30_000 });
      await waitForPlayback(page, 0.5);

      const arrived = await focus(page);
      assert.equal(arrived.inPlayer, true, `the focus is in the player (${JSON.stringify(arrived)})`);
      assert.match(arrived.part, /(^|\s)play-button(\s|$)/, 'on its play/pause button');
      assert.equal(arrived.ring, false, 'no focus ring painted for a focus the viewer did not move');

      await page.keyboard.press('k');
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).paused, null, { timeout: 5_000 });
      const at = await page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).currentTime);
      await page.keyboard.press('k');
      await page.waitForFunction((t) => {
        const player = document.querySelector('s72-player') as PlayerLike;
        return !player.paused && player.currentTime > t + 0.3;
      }, at, { timeout: 10_000 });
      assert.equal(await paused(page), false, 'K plays again');
    } finally {
      await context.close();
    }
  });

  it('the focus given on arrival does not hold the controls up; the first Tab shows the focus ring', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}`));
      await waitForPlayback(page, 0.5);
      assert.equal((await focus(page)).inPlayer, true);
      // Playing, nobody touching anything: the controls hide after their idle time.
      await page.waitForFunction(() => document.querySelector('s72-player')!.hasAttribute('controls-hidden'), null, { timeout: 10_000 });
      await page.keyboard.press('Tab');
      const next = await focus(page);
      assert.equal(next.inPlayer, true, `Tab moves on inside the player (${JSON.stringify(next)})`);
      assert.equal(next.ring, true, 'a focus moved by the keyboard shows its ring');
      assert.equal(await page.evaluate(() => document.querySelector('s72-player')!.hasAttribute('controls-hidden')), false, 'and the controls show');
    } finally {
      await context.close();
    }
  });
});
