/**
 * Subtitles Off is recorded in the play session (play-page §3 `lastSelectedTextLanguage`, with the
 * documented marker "off"; issue 22 item 15, issue 26): on the play page, with real clicks in the
 * settings menu, English is chosen, then Off; after a reload the page asks the player for no text
 * language, so no subtitle file is fetched (`/media/feature/subs/*`), no text track is active and no
 * cue is drawn. Needs `npm run build`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const FILM = '/play/#/film/night-harbour/night-harbour?u=demo-adult-token';
type PlayerLike = HTMLElement & { currentTime: number; tracks: { text: { language: string; active: boolean }[] } };

const activeText = (page: Page) =>
  page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).tracks.text.filter((track) => track.active).map((track) => track.language));

async function waitPlaying(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction((s) => ((document.querySelector('s72-player') as PlayerLike | null)?.currentTime ?? 0) > s, seconds, { timeout: 30_000 });
}

async function chooseSubtitles(page: Page, item: 'Off' | 'English'): Promise<void> {
  await page.mouse.move(640, 360);
  await page.mouse.move(650, 370);
  await page.locator('s72-player [part~="settings-button"]').click();
  await page.locator('s72-player [role="menuitem"]:has-text("Subtitles")').first().click();
  await page.locator(`s72-player [role="menuitemradio"]:has-text("${item}")`).click();
  await page.keyboard.press('Escape');
}

const storedSession = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('playSession') ?? '{}') as { lastSelectedTextLanguage?: string });

describe('subtitles Off recorded in the play session', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('Off → the session says "off"; after a reload no subtitle request, no text track, no cue', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    // Every cue the overlay draws, from the first script of every load.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cuesDrawn: string[] }).cuesDrawn = seen;
      const timer = setInterval(() => {
        const text = document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-subtitle-overlay')?.shadowRoot?.textContent?.trim();
        if (text) seen.push(text);
      }, 20);
      setTimeout(() => clearInterval(timer), 15_000);
    });
    const page = await context.newPage();
    try {
      await page.goto(`${demo.url}${FILM}`);
      await waitPlaying(page, 1.5);
      await chooseSubtitles(page, 'English');
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).tracks.text.some((track) => track.active));
      await page.waitForFunction(() => (JSON.parse(localStorage.getItem('playSession') ?? '{}') as { lastSelectedTextLanguage?: string }).lastSelectedTextLanguage === 'en');
      await chooseSubtitles(page, 'Off');
      await page.waitForFunction(() => !(document.querySelector('s72-player') as PlayerLike).tracks.text.some((track) => track.active));
      // The session's track preferences are kept in localStorage.playSession (the tab's copy holds tokens).
      await page.waitForFunction(() => (JSON.parse(localStorage.getItem('playSession') ?? '{}') as { lastSelectedTextLanguage?: string }).lastSelectedTextLanguage === 'off');

      await demo.reset(); // releases the stream and clears the recorded requests
      await page.reload();
      await waitPlaying(page, 4);
      assert.deepEqual(await activeText(page), [], 'no text track active');
      assert.deepEqual(await demo.requests('/media/feature/subs/*'), [], 'no subtitle file fetched');
      assert.deepEqual(await page.evaluate(() => (window as unknown as { cuesDrawn: string[] }).cuesDrawn), [], 'no cue drawn (the first cue is at 0.5–3.5 s)');
      assert.equal((await storedSession(page)).lastSelectedTextLanguage, 'off', 'still off after the reload');
    } finally {
      await context.close();
    }
  });
});
