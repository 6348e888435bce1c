/**
 * Chapters on the play page (issue 27 item 2), as a viewer gets them: the storefront's streams
 * answer lists the film's WebVTT chapters files, the play page hands them to the player, and the
 * film (Night Harbour, the DRM film through the play flow) shows five chapters — 0 Opening,
 * 12 The harbour, 24 The storm, 40 Night shift, 52 Dawn of 60 s.
 * - Keyboard, real key presses: Tab to the seek bar, arrows step it and the tooltip shows the
 *   chapter's title (the spoken value says it); Tab to Settings, Enter, arrows to Chapters, into it,
 *   Enter on a chapter jumps there.
 * - Touch (a phone-sized touch context): a drag along the seek bar shows the title under the
 *   finger; taps on Settings → Chapters → a chapter jump there.
 * - axe: 0 WCAG 2.2 A/AA violations with the Chapters submenu open.
 * Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatViolations, runAxe } from './support/axe.js';
import { newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';
import { focusedElement, openPlayPage, tabTo } from './support/player-a11y.js';

const FILM_HASH = '#/film/night-harbour/night-harbour';
const DURATION_S = 60;

type PlayerLike = HTMLElement & { currentTime: number; paused: boolean; pause(): void };

async function openFilm(page: Page, demo: Demo): Promise<void> {
  await openPlayPage(page, demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
  // The chapters load after the first frame: wait for their markers on the seek bar.
  await page.locator('s72-player [part~="seek-chapter-marker"]').first().waitFor({ state: 'attached', timeout: 30_000 });
}

/** Setup, not the behaviour under test: paused at `seconds`, so positions are exact. */
async function pauseAt(page: Page, seconds: number): Promise<void> {
  await page.evaluate((at) => {
    const player = document.querySelector('s72-player') as PlayerLike;
    player.pause();
    player.currentTime = at;
  }, seconds);
  await page.waitForFunction((at) => Math.abs((document.querySelector('s72-player') as PlayerLike).currentTime - at) < 0.2, seconds);
}

const position = (page: Page) => page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).currentTime);
const tooltipTitle = (page: Page) => page.locator('s72-player [part~="seek-chapter-title"]');

/** Waits until the player's position is within 0.3 s of `seconds`. */
async function waitForPosition(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction((at) => Math.abs((document.querySelector('s72-player') as PlayerLike).currentTime - at) < 0.3, seconds, { timeout: 10_000 });
}

const isSeekInput = (what: string) => what.split(/\s+/).includes('seek-input');
const isSettingsButton = (what: string) => what.split(/\s+/).includes('settings-button');

describe('chapters on the play page', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('keyboard: the seek bar names the chapter, Settings → Chapters jumps (real key presses); axe 0 with the menu open', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await openFilm(page, demo);
      await pauseAt(page, 0);

      await tabTo(page, isSeekInput);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await waitForPosition(page, 20);
      await tooltipTitle(page).waitFor({ timeout: 5_000 });
      assert.equal(await tooltipTitle(page).textContent(), 'The harbour');
      const spoken = await page.locator('s72-player [part~="seek-input"]').getAttribute('aria-valuetext');
      assert.equal(spoken, '20 seconds of 1 minute, The harbour');
      await page.keyboard.press('ArrowRight');
      await waitForPosition(page, 30);
      await page.waitForFunction(() => {
        const title = document.querySelector('s72-player')!.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-seek-bar')!
          .shadowRoot!.querySelector('[part~="seek-chapter-title"]');
        return title?.textContent === 'The storm';
      });

      await tabTo(page, isSettingsButton);
      await page.keyboard.press('Enter');
      for (let i = 0; i < 10; i++) {
        const focused = await focusedElement(page);
        if (focused?.text.startsWith('Chapters')) break;
        await page.keyboard.press('ArrowDown');
      }
      const entry = await focusedElement(page);
      assert.match(entry?.text ?? '', /^Chapters\s*The storm/, 'the main view shows Chapters with the playing one');
      await page.keyboard.press('Enter');
      const current = await focusedElement(page);
      assert.match(current?.text ?? '', /^The storm\s*0:24$/, 'the submenu opens on the playing chapter');

      const report = await runAxe(page);
      assert.ok(report.checkedInPlayer > 0, 'axe looked inside the player');
      assert.deepEqual(report.violations, [], formatViolations(report.violations));

      await page.keyboard.press('ArrowDown');
      assert.match((await focusedElement(page))?.text ?? '', /^Night shift\s*0:40$/);
      await page.keyboard.press('Enter');
      await waitForPosition(page, 40);
      assert.ok(isSettingsButton((await focusedElement(page))?.what ?? ''), 'the focus is back on the settings button');
    } finally {
      await context.close();
    }
  });

  it('touch (phone size): a drag on the seek bar shows the title under the finger; taps on Settings → Chapters → a chapter jump', { timeout: 240_000 }, async () => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await openFilm(page, demo);
      await pauseAt(page, 0);

      // A real touch drag (the DevTools protocol's touch events) from 5 s to 35 s; the title shows while the finger is down.
      // It stops short of 40 s: from there on (the last 20 s, the end screen's default window) "Up next"
      // covers the player, control bar and menu included, as it should.
      const bar = (await page.locator('s72-player [part~="seek-input"]').boundingBox())!;
      const x = (seconds: number) => bar.x + (bar.width * seconds) / DURATION_S;
      const y = bar.y + bar.height / 2;
      const session = await context.newCDPSession(page);
      await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x(5), y }] });
      for (const seconds of [15, 25, 35]) {
        await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x(seconds), y }] });
      }
      await tooltipTitle(page).waitFor({ timeout: 5_000 });
      await page.waitForFunction(() => {
        const title = document.querySelector('s72-player')!.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-seek-bar')!
          .shadowRoot!.querySelector('[part~="seek-chapter-title"]');
        return title?.textContent === 'The storm';
      }, undefined, { timeout: 5_000 });
      await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForFunction((at) => Math.abs((document.querySelector('s72-player') as PlayerLike).currentTime - at) < 1.5, 35, { timeout: 10_000 });

      const tap = async (selector: string) => {
        const box = (await page.locator(selector).first().boundingBox())!;
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      };
      await tap('s72-player [part~="settings-button"]');
      await page.locator('s72-player [data-key="chapters"]').waitFor({ timeout: 5_000 });
      await tap('s72-player [data-key="chapters"]');
      await page.locator('s72-player [data-key="chapter:1"]').waitFor({ timeout: 5_000 });
      await tap('s72-player [data-key="chapter:1"]');
      await waitForPosition(page, 12);
      assert.ok(Math.abs((await position(page)) - 12) < 0.3);
    } finally {
      await context.close();
    }
  });
});
