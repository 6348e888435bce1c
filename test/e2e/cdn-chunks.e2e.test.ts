/**
 * The CDN build hosted without one of its sibling chunks (issue 24 item 10): the plain-HTML page
 * `/demo/element.html` loads `/dist/cdn/s72-player.js`; the DASH engine's chunk answers 404
 * (a `/__demo/fault`), so the DRM player shows `module_load_failed` naming the missing file, not a
 * generic "Something went wrong"; the HLS player on the same page (another chunk) still plays.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
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

describe('the CDN build without its engine chunk', { timeout: 120_000 }, () => {
  it('shows module_load_failed with the URL of the missing chunk; the other player plays', async () => {
    await demo.reset();
    await demo.fault({ path: '/dist/cdn/shaka-dash-lib-*', status: 404, times: 100 });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${demo.url}/demo/element.html`);
      const error = await page.waitForFunction(
        () => {
          const player = document.querySelector('s72-player') as (HTMLElement & { lastError: { code: string; data: { url?: string } } | null }) | null;
          return player?.lastError ? { code: player.lastError.code, url: player.lastError.data.url ?? null } : false;
        },
        undefined,
        { timeout: 30_000, polling: 250 },
      );
      const { code, url } = (await error.jsonValue()) as { code: string; url: string | null };
      assert.equal(code, 'module_load_failed');
      assert.match(url ?? '', /\/dist\/cdn\/shaka-dash-lib-[\w-]+\.js$/);
      // What the viewer sees: the error panel with its own title and the code, not the generic one.
      const panel = await page.evaluate(() => {
        const player = document.querySelector('s72-player')!;
        const root = player.shadowRoot!;
        return root.querySelector('[part~="error"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      });
      assert.match(panel, /The player could not load/);
      assert.match(panel, /module_load_failed/);
      // The HLS player loads the full engine (another chunk) and plays.
      await page.evaluate(() => void (document.querySelectorAll('s72-player')[1] as HTMLElement & { play(): Promise<void> }).play().catch(() => undefined));
      await page.waitForFunction(() => ((document.querySelectorAll('s72-player')[1] as HTMLElement & { currentTime: number }).currentTime ?? 0) > 0.5, undefined, {
        timeout: 60_000,
        polling: 250,
      });
    } finally {
      await context.close();
    }
  });
});
