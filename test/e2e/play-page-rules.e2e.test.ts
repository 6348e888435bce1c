/**
 * Play page rules of issue 26, end to end in Chromium against the demo storefront: `bypassCache`
 * switched by the address (play-page §3, §6), `image_root_path` applied to the catalogue's relative
 * images (player-and-client §9), the help page on the error screens (play-page §9), `m` on the
 * storefront's own telemetry endpoints by default (play-page §2). Needs the build
 * (`npm run build`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo, type RecordedRequest } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

describe('play page rules (issue 26)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  const open = async (hash: string) => {
    const { context, page, log } = await newPage(browser);
    await page.goto(demo.playUrl(hash));
    return { context, page, log };
  };

  it('bypassCache=true in the address: every storefront call of the flow sends x-bypass-cache; absent, none does', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}&bypassCache=true`);
    try {
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      for (const path of ['/services/meta/v2/film/*', '/services/content/v1/availabilities*', '/services/playback/streams*']) {
        const calls = await demo.requests(path);
        assert.ok(calls.length > 0, `${path} called`);
        assert.ok(calls.every((c) => c.headers['x-bypass-cache'] === 'true'), `${path} sends x-bypass-cache`);
      }
    } finally {
      await context.close();
    }
    await demo.reset();
    const again = await open(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}`);
    try {
      await again.page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      const streams = await demo.requests('/services/playback/streams*');
      assert.ok(streams.length > 0);
      assert.ok(streams.every((c) => c.headers['x-bypass-cache'] === undefined), 'a fresh viewer does not bypass the cache');
    } finally {
      await again.context.close();
    }
  });

  it('relative catalogue images are shown from the configuration\'s image_root_path', { timeout: 300_000 }, async () => {
    // The storefront answers the film with relative image paths (its configuration's image_root_path is `{origin}/media/`).
    const real = (await (
      await fetch(`${demo.url}/services/meta/v2/film/night-harbour/show_multiple`, { headers: { 'x-auth-token': TOKENS.adult } })
    ).json()) as { films: Array<Record<string, unknown>> };
    const relative = { portrait: 'feature/poster.jpg', landscape: 'feature/poster.jpg', bg: 'feature/poster.jpg' };
    const body = { films: real.films.map((f) => ({ ...f, image_urls: relative })) };
    await demo.fault({ path: '/services/meta/v2/film/night-harbour/show_multiple', status: 200, body });
    const { context, page } = await open(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}&autoplay=false`);
    try {
      await page.locator('s72-player').waitFor({ timeout: 20_000 });
      const poster = await page.evaluate(() => (document.querySelector('s72-player') as (HTMLElement & { poster?: string }) | null)?.poster);
      assert.equal(poster, `${demo.url}/media/feature/poster.jpg`);
      const images = await demo.requests('/media/feature/poster.jpg');
      assert.ok(images.length > 0, 'the poster was loaded from the image root');
    } finally {
      await context.close();
    }
  });

  it('an error screen links the storefront\'s help page; a click goes there', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/does-not-exist/nothing?u=${TOKENS.adult}`);
    try {
      await page.locator('[data-testid="error-code"]').filter({ hasText: 'film_not_found' }).waitFor({ timeout: 20_000 });
      const help = page.getByRole('link', { name: 'Help' });
      assert.equal(await help.getAttribute('href'), `${demo.url}/#!/page/help`);
      await help.click();
      await page.waitForURL(`${demo.url}/#!/page/help`, { timeout: 10_000 });
    } finally {
      await context.close();
    }
  });

  describe('m (telemetry url) names the storefront\'s own telemetry endpoints by default', () => {
    type Body = { events?: Array<{ event: string }> };
    const opened = (rs: RecordedRequest[]) => rs.some((r) => ((r.body as Body)?.events ?? []).some((e) => e.event === 'player-opened'));
    async function requestsUntil(path: string, timeoutMs = 10_000): Promise<RecordedRequest[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const requests = await demo.requests(path);
        if (opened(requests) || Date.now() > deadline) return requests;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    /** Plays /film/clear-skies with `m`, leaves the page (flushing telemetry). */
    async function playWithM(m: string): Promise<void> {
      const { context, page } = await newPage(browser);
      try {
        await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}&m=${encodeURIComponent(m)}`));
        await waitForPlayback(page, 1);
        await page.goto('about:blank');
      } finally {
        await context.close();
      }
    }

    it('a path on the storefront (m=/services/license/play_telemetry?via=m) is used as given', { timeout: 300_000 }, async () => {
      await playWithM('/services/license/play_telemetry?via=m');
      const requests = await requestsUntil('/services/license/play_telemetry');
      assert.ok(opened(requests), 'player-opened sent');
      assert.ok(requests.every((r) => r.query['via'] === 'm'), 'every post went to the m address');
    });

    it('the client telemetry endpoint (/services/telemetry/v1/event) with no play_telemetry_urls configured', { timeout: 300_000 }, async () => {
      await playWithM(`${demo.url}/services/telemetry/v1/event?via=m`);
      const requests = await requestsUntil('/services/telemetry/v1/event');
      assert.ok(opened(requests), 'telemetry sent to the m endpoint');
      assert.equal(requests[0]!.query['via'], 'm');
      assert.equal(opened(await demo.requests('/services/license/play_telemetry')), false, 'not to the default endpoint');
    });
  });
});
