/**
 * Takes the README's screenshots of the player UI (issue 10) from the real play page and element
 * page, served by the demo storefront, in the system Chromium: `npm run screenshots` (after
 * `npm run build`). Writes docs/screenshots/*.png. Every state is reached the way a viewer reaches
 * it — mouse moves, clicks and key presses — so a picture shows what a viewer sees.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { createDemoServer } from '../demo/server/app.js';
import { CHROME_FLAGS_AUTOPLAY, CHROME_PATH } from '../test/support/chromium.mjs';

const OUT = new URL('../docs/screenshots/', import.meta.url);
const VIEWPORT = { width: 1280, height: 720 };
const FILM = '#/film/night-harbour/night-harbour?u=demo-adult-token';
const EPISODE = '#/tv/signal-rock/season/1/episode/1/north-light?u=demo-adult-token';

mkdirSync(OUT, { recursive: true });
const demo = await createDemoServer({ port: 0, logger: false, control: {} });
const base = demo.url.replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_FLAGS_AUTOPLAY] });

/** The first player's shadow root query, as a Playwright selector that pierces shadow DOM. */
const inPlayer = (selector: string) => `s72-player ${selector}`;

async function open(hash: string): Promise<Page> {
  // A fresh storefront each time: the pages before still hold the viewer's streams (heartbeat).
  await fetch(`${base}/__demo/reset`, { method: 'POST' });
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${base}/play/${hash}`);
  await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => ((document.querySelector('s72-player') as unknown as HTMLMediaElement | null)?.currentTime ?? 0) > 1.5, null, {
    timeout: 30_000,
  });
  return page;
}

async function showControls(page: Page): Promise<void> {
  await page.mouse.move(640, 360);
  await page.mouse.move(650, 370);
}

async function pause(page: Page): Promise<void> {
  await page.evaluate(() => (document.querySelector('s72-player') as unknown as HTMLMediaElement).pause());
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: new URL(`${name}.png`, OUT).pathname });
  console.log(`docs/screenshots/${name}.png`);
}

async function openSettings(page: Page, submenu?: string): Promise<void> {
  await showControls(page);
  await page.locator(inPlayer('[part~="settings-button"]')).click();
  if (submenu) await page.locator(inPlayer(`[role="menuitem"]:has-text("${submenu}")`)).first().click();
}

try {
  let page = await open(`${EPISODE}&rates=true`);
  await pause(page);
  await showControls(page);
  await shot(page, 'controls-and-title-bar');
  await openSettings(page);
  await shot(page, 'settings-menu');
  await page.keyboard.press('Escape');
  await openSettings(page, 'Quality');
  await shot(page, 'settings-quality');
  await page.keyboard.press('Escape');
  await openSettings(page, 'Subtitle settings');
  await page.locator(inPlayer('[role="menuitemradio"]:has-text("Yellow")')).click();
  await page.locator(inPlayer('[role="menuitemradio"]:has-text("Transparent panel")')).click();
  await shot(page, 'settings-subtitle-settings');
  await page.keyboard.press('Escape');
  await page.locator('[data-testid="related-button"]').click();
  await shot(page, 'related-menu');
  await page.close();

  // Subtitles showing (the demo title's first track), styled yellow on a transparent panel.
  page = await open(FILM);
  await openSettings(page, 'Subtitle settings');
  await page.locator(inPlayer('[role="menuitemradio"]:has-text("Yellow")')).click();
  await page.locator(inPlayer('[role="menuitemradio"]:has-text("Transparent panel")')).click();
  await page.keyboard.press('ArrowLeft');
  await page.locator(inPlayer('[role="menuitem"]:has-text("Subtitles")')).first().click();
  await page.locator(inPlayer('[role="menuitemradio"]')).nth(1).click();
  await page.keyboard.press('Escape');
  // Focus left on the gear would keep the controls up (keyboard focus pins them): let it go.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForFunction(
    () => (document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-subtitle-overlay')?.shadowRoot?.textContent ?? '').trim().length > 0,
    null,
    { timeout: 20_000, polling: 100 },
  );
  await page.mouse.move(640, 200);
  await page.waitForTimeout(3_500); // the controls hide: the subtitles alone
  await shot(page, 'subtitles');
  await page.close();

  // The end screen, near the end of the film.
  page = await open(FILM.replace('?', '?t=45&'));
  await page.waitForFunction(() => document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-end-screen[open]'), null, { timeout: 30_000 });
  await page.waitForTimeout(1_500); // the suggestion images
  await shot(page, 'end-screen');
  await page.close();

  // The stats overlay: 5 clicks on the version label (debug mode, for anyone).
  page = await open(FILM);
  await showControls(page);
  const version = page.locator(inPlayer('[part~="version"]'));
  if ((await version.count()) > 0) {
    for (let i = 0; i < 5; i++) await version.click();
    await page.waitForTimeout(15_000); // 15 s of samples for the graph
    await showControls(page);
    await shot(page, 'stats-overlay');
  } else {
    console.log('no version label: stats overlay not built, no screenshot');
  }
  await page.close();

  // Right to left, in Arabic.
  page = await open(`${FILM}&lang=ar`);
  await pause(page);
  await openSettings(page);
  await shot(page, 'arabic-rtl');
  await page.close();
} finally {
  await browser.close();
  await demo.close();
}
