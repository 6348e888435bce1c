/**
 * `/demo/element.html` gets its DRM player's play token through the content-data client (issue 25
 * item 2): the page makes the streams call with `/dist/cdn/s72-client.js`, gives the player the
 * answer's play token, and the licence server, which issues keys only to the play token of a
 * streams call, licenses it: the film plays. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

describe('/demo/element.html: the play token from a streams call through the client', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('the DRM player plays with the streams call’s play token on its licence request', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${demo.url}/demo/element.html`);
      const drm = page.locator('s72-player[data-slug]');
      await page.waitForFunction(() => ((document.querySelector('s72-player[data-slug]') as (HTMLElement & { duration: number }) | null)?.duration ?? 0) > 0, undefined, {
        timeout: 30_000,
      });
      await drm.evaluate((player) => void (player as HTMLElement & { play(): Promise<void> }).play().catch(() => undefined));
      await page.waitForFunction(() => ((document.querySelector('s72-player[data-slug]') as (HTMLElement & { currentTime: number }) | null)?.currentTime ?? 0) > 1.5, undefined, {
        timeout: 60_000,
      });
      assert.equal(await drm.evaluate((player) => (player as HTMLElement & { lastError: unknown }).lastError), null);

      const streams = await demo.requests('/services/playback/streams/film/night-harbour');
      assert.equal(streams.length, 1, 'one streams call, by the page');
      assert.equal(streams[0]!.headers['x-auth-token'], TOKENS.adult);
      assert.equal(streams[0]!.status, 200);
      const licences = (await demo.licenceRequests()).filter((r) => r.path === '/services/license/clearkey');
      assert.ok(licences.length >= 1, 'a licence request');
      for (const licence of licences) {
        assert.equal(licence.status, 200);
        assert.equal(licence.headers['x-auth-token'], undefined, 'no viewer token on the licence request');
        const token = licence.headers['x-play-token'];
        assert.equal(typeof token, 'string');
        const payload = JSON.parse(Buffer.from(String(token).split('.')[1]!, 'base64url').toString('utf8')) as { slug: string };
        assert.equal(payload.slug, '/film/night-harbour', 'the play token of the streams call for this title');
      }
    } finally {
      await context.close();
    }
  });
});
