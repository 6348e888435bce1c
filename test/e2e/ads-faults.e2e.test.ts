/**
 * Faulty ads on the real play page (issue 25 items 4 and 5; player-and-client §7 "Ad errors are
 * reported as telemetry and playback continues"): /film/ad-supported's ad tag is pointed (a
 * one-time 302 from the demo control API) at a VMAP whose pre-roll is on a down host, refused by
 * CORS, a `javascript:` URL, or at a 200 MiB VAST. Each is an ad error: no error screen, no ad
 * overlay, the film plays, and the ad error reaches telemetry. Needs `dist-shell/` built.
 *
 * The storefront runs here with the ad hosts in the play page's `connect-src` (as a production
 * storefront lists its ad server): `127.0.0.1:{its port}` (the `nocors` VAST, on the other
 * loopback name) and `127.0.0.1:1` (the down host), so both requests really leave the browser.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { createDemoServer, type DemoServer } from '../../demo/server/app.js';
import { launchChromium, newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type RecordedRequest } from './support/demo.js';

const HASH = `#/film/ad-supported/ad-supported?u=${TOKENS.adult}`;

type Player = HTMLElement & { shadowRoot: ShadowRoot };

interface Demo {
  url: string;
  playUrl(hash: string): string;
  reset(): Promise<void>;
  requests(pattern: string): Promise<RecordedRequest[]>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, 'localhost', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The play page's own ad tag answers, once, with a redirect to `location`. */
async function redirectAdTag(demo: Demo, location: string): Promise<void> {
  const response = await fetch(`${demo.url}/__demo/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/services/ads/vmap', status: 302, times: 1, headers: { location } }),
  });
  assert.equal(response.status, 200, await response.text());
}

/** The player-error events the play page sent to telemetry (after the page is left). */
async function telemetryErrors(demo: Demo, until: (codes: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  let codes: string[] = [];
  while (Date.now() < deadline) {
    const recorded = await demo.requests('/services/license/play_telemetry');
    codes = recorded
      .flatMap((r) => (r.body as { events?: { event: string; data?: { code?: string } }[] })?.events ?? [])
      .filter((e) => e.event === 'player-error')
      .map((e) => e.data?.code ?? '');
    if (until(codes)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return codes;
}

describe('play page: faulty ads are ad errors and the film plays', () => {
  let server: DemoServer;
  let demo: Demo;
  let browser: Browser;
  before(async () => {
    const port = await freePort();
    server = await createDemoServer({
      port,
      control: { revealTokens: true },
      allowedOrigins: { connect: [`http://127.0.0.1:${port}`, 'http://127.0.0.1:1'] },
    });
    const url = server.url;
    demo = {
      url,
      playUrl: (hash) => `${url}/play/${hash}`,
      reset: async () => {
        await fetch(`${url}/__demo/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      },
      requests: async (pattern) => ((await (await fetch(`${url}/__demo/requests?path=${encodeURIComponent(pattern)}`)).json()) as { requests: RecordedRequest[] }).requests,
    };
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [name, location] of [
    ['the pre-roll on a down host', '/services/ads/vmap?breaks=start:down'],
    ['the pre-roll refused by CORS', '/services/ads/vmap?breaks=start:nocors'],
    ['a javascript: pre-roll URL', '/services/ads/vmap?breaks=start:javascript'],
    ['a 200 MiB VAST ad tag', '/services/ads/vast/huge?mb=200'],
  ] as const) {
    it(`${name}: no error screen, no ad, the film plays; ad_error in telemetry`, { timeout: 300_000 }, async () => {
      await demo.reset();
      await redirectAdTag(demo, location);
      const { context, page } = await newPage(browser);
      try {
        await page.goto(demo.playUrl(HASH));
        await waitForPlayback(page, 1, 60_000);
        assert.equal(await page.locator('[data-testid="error-code"]').count(), 0, 'no error screen');
        const overlay = await page.evaluate(() => {
          const el = document.querySelector('s72-player') as Player | null;
          return el?.shadowRoot.querySelector('s72-ad-overlay')?.hasAttribute('active') ?? false;
        });
        assert.equal(overlay, false, 'no ad overlay');
        const tags = await demo.requests('/services/ads/v*');
        assert.ok(tags.some((r) => r.path === '/services/ads/vmap' && r.status === 302), 'the fault redirected the ad tag');
        // The CORS case reached the server (on the other loopback name): refused by CORS, not down.
        if (location.includes('nocors')) assert.ok(tags.some((r) => r.path === '/services/ads/vast/nocors'), JSON.stringify(tags.map((r) => r.path)));
        await page.goto('about:blank'); // pagehide flushes the telemetry
        const codes = await telemetryErrors(demo, (list) => list.includes('ad_error'));
        assert.ok(codes.includes('ad_error'), JSON.stringify(codes));
        assert.ok(!codes.includes('adblocked_content'), JSON.stringify(codes));
      } finally {
        await context.close();
      }
    });
  }
});
