/**
 * The CDN build hosted without one of its sibling chunks (issue 24 item 10): the plain-HTML page
 * `/demo/element.html` loads `/dist/cdn/s72-player.js`; the DASH engine's chunk answers 404
 * (a `/__demo/fault`), so the DRM player shows `module_load_failed` naming the missing file, not a
 * generic "Something went wrong"; the HLS player on the same page (another chunk) still plays.
 *
 * The code a start does not need comes in chunks fetched on demand (issue 23): the ads' chunk
 * (`schedule-controller-*.js`, fetched once a source has an ad tag) answering 404 is a recoverable
 * `module_load_failed` naming it, and the film plays on without ads; arriving late, it still gets
 * the pre-roll played before the film (the film's first play is held meanwhile).
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

describe('the CDN build without its engine chunk', () => {
  it('shows module_load_failed with the URL of the missing chunk; the other player plays', { timeout: 120_000 }, async () => {
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
      // Issue 23: players without ads, casting, a live source or a heartbeat fetch none of their code.
      const files = new Set((await demo.requests('/dist/cdn/*')).map((request) => request.path.replace(/-[\w-]{8}\.js$/, '-*.js')));
      // s72-client.js is the page's own: its streams call gets the DRM player's play token (issue 25 item 2).
      assert.deepEqual([...files].sort(), ['/dist/cdn/s72-client.js', '/dist/cdn/s72-player.js', '/dist/cdn/shaka-dash-lib-*.js', '/dist/cdn/shaka-lib-*.js']);
    } finally {
      await context.close();
    }
  });
});

/** Gives the page's first player an MP4 film with this ad tag, records its `s72-error`s, and plays it. */
async function playWithAdTag(page: import('playwright-core').Page, adTag: string): Promise<void> {
  await page.waitForFunction(() => customElements.get('s72-player') !== undefined);
  await page.evaluate((tag) => {
    const player = document.querySelector('s72-player') as HTMLElement & { content: unknown; play(): Promise<void> };
    const errors: unknown[] = ((window as unknown as { errors: unknown[] }).errors = []);
    player.addEventListener('s72-error', (event) => {
      const { code, severity, data } = (event as CustomEvent<{ code: string; severity: string; data: Record<string, unknown> }>).detail;
      errors.push({ code, severity, url: data['url'] ?? null });
    });
    player.content = { slug: '/film/ads-test', title: 'Ads test', assets: { mp4: { url: `${location.origin}/media/feature/mp4/feature.mp4` } }, adTag: `${location.origin}${tag}` };
  }, adTag);
  // play() before the source is attached would be dropped by the load (as on any <video>).
  await page.waitForFunction(() => (document.querySelector('s72-player') as HTMLElement & { store: { getState(): { loaded: boolean } } }).store.getState().loaded, undefined, {
    timeout: 30_000,
    polling: 100,
  });
  await page.evaluate(() => void (document.querySelector('s72-player') as HTMLElement & { play(): Promise<void> }).play().catch(() => undefined));
}

const filmTime = (page: import('playwright-core').Page) =>
  page.evaluate(() => (document.querySelector('s72-player') as HTMLElement & { currentTime: number }).currentTime);

describe('the CDN build without its ads chunk (issue 23)', () => {
  it('a 404 on the ads chunk: recoverable module_load_failed naming it; the film plays without ads', { timeout: 120_000 }, async () => {
    await demo.reset();
    await demo.fault({ path: '/dist/cdn/schedule-controller-*', status: 404, times: 100 });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${demo.url}/demo/element.html`);
      await playWithAdTag(page, '/services/ads/vmap?breaks=start:preroll&d=4');
      const found = await page.waitForFunction(
        () => ((window as unknown as { errors: Array<{ code: string }> }).errors ?? []).find((e) => e.code === 'module_load_failed') ?? false,
        undefined,
        { timeout: 30_000, polling: 250 },
      );
      const error = (await found.jsonValue()) as { code: string; severity: string; url: string | null };
      assert.equal(error.severity, 'recoverable');
      assert.match(error.url ?? '', /\/dist\/cdn\/schedule-controller-[\w-]+\.js$/);
      // The held first play is let go: the film plays, no ad was asked for, no error panel.
      await page.waitForFunction(() => (document.querySelector('s72-player') as HTMLElement & { currentTime: number }).currentTime > 1, undefined, {
        timeout: 30_000,
        polling: 250,
      });
      assert.deepEqual(await demo.requests('/services/ads/*'), [], 'no ad request without the ads code');
      const panel = await page.evaluate(() => document.querySelector('s72-player')!.shadowRoot!.querySelector('[part~="error"]') !== null);
      assert.equal(panel, false, 'no error panel');
    } finally {
      await context.close();
    }
  });

  it('the ads chunk arriving late: the film waits, the pre-roll plays first, then the film', { timeout: 120_000 }, async () => {
    await demo.reset();
    const latency = await fetch(`${demo.url}/__demo/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/dist/cdn/schedule-controller-*', ms: 3_000 }),
    });
    assert.equal(latency.ok, true);
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${demo.url}/demo/element.html`);
      await playWithAdTag(page, '/services/ads/vmap?breaks=start:preroll&d=3');
      // The film loaded and was asked to play while the chunk is still on its way: its play is held.
      assert.equal(await page.evaluate(() => document.querySelector('s72-player')!.shadowRoot!.querySelector('s72-ad-overlay')?.hasAttribute('active') ?? false), false);
      await page.waitForFunction(
        () => document.querySelector('s72-player')!.shadowRoot!.querySelector('s72-ad-overlay')?.hasAttribute('active') === true,
        undefined,
        { timeout: 30_000, polling: 100 },
      );
      assert.ok((await filmTime(page)) < 0.5, 'the film waited for the pre-roll');
      // After the pre-roll the film plays.
      await page.waitForFunction(() => (document.querySelector('s72-player') as HTMLElement & { currentTime: number }).currentTime > 1, undefined, {
        timeout: 60_000,
        polling: 250,
      });
      assert.equal((await demo.requests('/services/ads/vmap*')).length, 1);
    } finally {
      await context.close();
    }
  });
});
