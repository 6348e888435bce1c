/**
 * The play page's autoplay check (play-page §9 "Autoplay is tested with a silent clip, with up to
 * 5 checks of 200 ms"), decided by Chromium's real autoplay policy before the player starts: with
 * sound allowed (CHROME_FLAGS_AUTOPLAY) the player autoplays with sound; with the default policy
 * (CHROME_FLAGS, no user gesture) it starts muted. Needs `dist-shell/` built.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH } from '../support/chromium.mjs';
import { newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const HASH = `#/film/clear-skies/clear-skies?u=${TOKENS.adult}`;

/** Waits until the player plays, and says whether it is muted. */
async function playingMuted(page: Page): Promise<boolean> {
  await page.waitForFunction(
    () => ((document.querySelector('s72-player') as (HTMLElement & { currentTime: number }) | null)?.currentTime ?? 0) > 0.2,
    undefined,
    { timeout: 30_000, polling: 200 },
  );
  return page.evaluate(() => (document.querySelector('s72-player') as HTMLElement & { muted: boolean }).muted);
}

describe('play page: the autoplay check', { timeout: 120_000 }, () => {
  let demo: Demo;
  let browser: Browser;
  let defaultPolicy: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));
  before(async () => {
    defaultPolicy = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_FLAGS] });
  });
  after(async () => {
    await defaultPolicy?.close();
  });

  it('sound allowed by the browser: autoplay with sound', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(HASH));
      assert.equal(await playingMuted(page), false);
    } finally {
      await context.close();
    }
  });

  it('Chromium’s default policy (no gesture): muted autoplay, decided before the player starts', async () => {
    const page = await defaultPolicy.newPage();
    try {
      await page.goto(demo.playUrl(HASH));
      // Nothing touches the page until the check is done (at most 2 × 5 checks of 200 ms): Playwright
      // runs page.evaluate, waitForFunction and locators with a user gesture, which lets sound play.
      await page.waitForTimeout(2_500);
      assert.equal(await playingMuted(page), true);
      // The player was started muted: it never had to fall back (no s72-autoplay-muted needed).
      assert.equal(await page.evaluate(() => (document.querySelector('s72-player') as HTMLElement & { muted: boolean }).muted), true);
    } finally {
      await page.close();
    }
  });
});
