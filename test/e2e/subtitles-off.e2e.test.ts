/**
 * "Subtitles off" is remembered as the viewer's choice (issue 22 item 15; player-and-client §3
 * "Tracks", "User preferences"): on the play page, with real clicks in the settings menu, English
 * chosen comes back after a reload; Off chosen stays off after a reload — no text track active and
 * no cue drawn; the page's play session records the Off (`lastSelectedTextLanguage: 'off'`, see
 * subtitles-off-session.e2e.test.ts). Needs `npm run build`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const FILM = '/play/#/film/night-harbour/night-harbour?u=demo-adult-token';
type PlayerLike = HTMLElement & { currentTime: number; tracks: { text: { language: string; active: boolean }[] } };

/** Opens (or reloads) the play page and waits for 1.5 s of playback. */
async function open(page: Page, demo: Demo): Promise<void> {
  await demo.reset(); // the previous load's stream is released
  await page.goto(`${demo.url}${FILM}`);
  await page.reload();
  await page.waitForFunction(() => ((document.querySelector('s72-player') as PlayerLike | null)?.currentTime ?? 0) > 1.5, null, { timeout: 30_000 });
}

const activeText = (page: Page) =>
  page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).tracks.text.filter((track) => track.active).map((track) => track.language));

async function chooseSubtitles(page: Page, item: 'Off' | 'English'): Promise<void> {
  await page.mouse.move(640, 360);
  await page.mouse.move(650, 370);
  await page.locator('s72-player [part~="settings-button"]').click();
  await page.locator('s72-player [role="menuitem"]:has-text("Subtitles")').first().click();
  await page.locator(`s72-player [role="menuitemradio"]:has-text("${item}")`).click();
  await page.keyboard.press('Escape');
}

describe('subtitles off is remembered across loads (play page)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('English comes back after a reload; Off stays off after a reload, no cue drawn', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    // Every cue the overlay ever draws, from the first script of every load.
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
      await open(page, demo);
      assert.deepEqual(await activeText(page), [], 'no subtitles at first');
      await chooseSubtitles(page, 'English');
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).tracks.text.some((track) => track.active));

      await open(page, demo);
      assert.deepEqual(await activeText(page), ['en'], 'English remembered');
      await chooseSubtitles(page, 'Off');
      await page.waitForFunction(() => !(document.querySelector('s72-player') as PlayerLike).tracks.text.some((track) => track.active));
      await page.waitForFunction(() => (JSON.parse(localStorage.getItem('playSession') ?? '{}') as { lastSelectedTextLanguage?: string }).lastSelectedTextLanguage === 'off');

      await open(page, demo);
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).currentTime > 3, null, { timeout: 20_000 });
      assert.deepEqual(await activeText(page), [], 'Off remembered');
      assert.deepEqual(await page.evaluate(() => (window as unknown as { cuesDrawn: string[] }).cuesDrawn), [], 'no cue drawn on the load after Off (the first cue is at 0.5–3.5 s)');
    } finally {
      await context.close();
    }
  });
});
