/**
 * The Arabic string table is fetched on demand (issue 23): the plain-HTML page `/demo/element.html`
 * with the CDN build, served in Arabic (`<html lang="ar">`) or in English.
 * - Arabic: the table's chunk is fetched, and the first control bar the viewer can see is already
 *   in Arabic (no English flash), right to left.
 * - English: the Arabic chunk is never fetched.
 * - Arabic with the table's chunk answering 404 (a `/__demo/fault`): the controls show in English,
 *   a recoverable `module_load_failed` is sent as `s72-error`, and the film still plays.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, newPage } from './support/browser.js';
import { startDemo, type Demo } from './support/demo.js';

let demo: Demo;
let browser: Browser;

before(async () => {
  demo = await startDemo();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await demo?.close();
});

const AR_CHUNK = /\/dist\/cdn\/ar-[\w-]+\.js$/;

interface Watch {
  /** The play button's label the first time a frame showed the control bar, else null. */
  firstLabel: string | null;
  /** The frame's `dir` then. */
  firstDir: string | null;
  errors: Array<{ code: string; severity: string }>;
}

/** Opens the element page in `lang`, recording the first painted label and every `s72-error`. */
async function open(lang: 'ar' | 'en'): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
  const { context, page } = await newPage(browser);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.route('**/demo/element.html', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('<html lang="en">', `<html lang="${lang}">`);
    await route.fulfill({ response, body });
  });
  // A string, not a function: the test's compiler would add helpers the page does not have.
  await page.addInitScript(`
    const watch = { firstLabel: null, firstDir: null, errors: [] };
    window.watch = watch;
    document.addEventListener('s72-error', (event) => {
      watch.errors.push({ code: event.detail.code, severity: event.detail.severity });
    });
    // What each frame paints: the first control bar seen, read before the frame is drawn.
    const look = () => {
      const root = document.querySelector('s72-player')?.shadowRoot;
      const button = root?.querySelector('s72-control-bar')?.shadowRoot?.querySelector('[part~="play-button"]');
      if (button && watch.firstLabel === null) {
        watch.firstLabel = button.getAttribute('aria-label');
        watch.firstDir = root.querySelector('.frame')?.getAttribute('dir') ?? null;
      }
      if (watch.firstLabel === null) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  `);
  await page.goto(`${demo.url}/demo/element.html`);
  return { context, page, requests };
}

async function firstPaint(page: Page): Promise<Watch> {
  await page.waitForFunction(() => (window as unknown as { watch: Watch }).watch.firstLabel !== null, undefined, { timeout: 30_000, polling: 100 });
  return page.evaluate(() => (window as unknown as { watch: Watch }).watch);
}

describe('the Arabic string table, fetched on demand', () => {
  it('in Arabic: fetched, and the first control bar on screen is already Arabic, right to left', { timeout: 120_000 }, async () => {
    await demo.reset();
    const { context, page, requests } = await open('ar');
    try {
      const watch = await firstPaint(page);
      assert.equal(watch.firstLabel, 'تشغيل', 'the first painted play button reads "Play" in Arabic');
      assert.equal(watch.firstDir, 'rtl');
      assert.ok(requests.some((url) => AR_CHUNK.test(url)), 'the Arabic chunk was fetched');
      assert.deepEqual(watch.errors, []);
    } finally {
      await context.close();
    }
  });

  it('in English: the Arabic chunk is never fetched', { timeout: 120_000 }, async () => {
    await demo.reset();
    const { context, page, requests } = await open('en');
    try {
      const watch = await firstPaint(page);
      assert.equal(watch.firstLabel, 'Play');
      assert.equal(watch.firstDir, 'ltr');
      // The language is resolved at the first update, long before the engine has loaded the film.
      await page.waitForFunction(() => (document.querySelector('s72-player') as HTMLElement & { engineName: string | null }).engineName !== null, undefined, {
        timeout: 60_000,
        polling: 250,
      });
      assert.equal(requests.filter((url) => AR_CHUNK.test(url)).length, 0, requests.filter((url) => url.includes('/dist/cdn/')).join('\n'));
    } finally {
      await context.close();
    }
  });

  it('a failed download of the Arabic table: English controls, a recoverable module_load_failed, and the film plays', { timeout: 120_000 }, async () => {
    await demo.reset();
    await demo.fault({ path: '/dist/cdn/ar-*', status: 404, times: 100 });
    const { context, page, requests } = await open('ar');
    try {
      const watch = await firstPaint(page);
      assert.ok(requests.some((url) => AR_CHUNK.test(url)), 'the Arabic chunk was asked for');
      assert.equal(watch.firstLabel, 'Play', 'the controls fall back to English');
      assert.equal(watch.firstDir, 'ltr');
      await page.waitForFunction(() => (window as unknown as { watch: Watch }).watch.errors.length > 0, undefined, { timeout: 10_000, polling: 100 });
      const { errors } = await page.evaluate(() => (window as unknown as { watch: Watch }).watch);
      assert.deepEqual(errors.slice(0, 1), [{ code: 'module_load_failed', severity: 'recoverable' }]);
      // Playback is not affected: the DRM player plays (a real click on the control bar's play button).
      const player = page.locator('s72-player').first();
      await page.waitForFunction(() => !(document.querySelector('s72-player')!.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('[part~="play-button"]') as HTMLButtonElement).disabled, undefined, {
        timeout: 60_000,
        polling: 250,
      });
      await player.locator('[part~="play-button"]').click();
      await page.waitForFunction(() => ((document.querySelector('s72-player') as HTMLElement & { currentTime: number }).currentTime ?? 0) > 0.5, undefined, { timeout: 60_000, polling: 250 });
      assert.equal(await page.evaluate(() => (document.querySelector('s72-player') as HTMLElement & { lastError: unknown }).lastError), null, 'no critical error');
    } finally {
      await context.close();
    }
  });
});
