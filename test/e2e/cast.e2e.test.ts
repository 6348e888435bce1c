/**
 * Casting on the hosted play page (issue 13; play-page §2, §7, §9; player-and-client §8 "Cast events
 * go to play telemetry"): with casting enabled by the configuration, the page's player loads the
 * Google Cast sender script through the page's CSP; the script is answered here by the fake Cast
 * framework (test/helpers/fake-cast.ts, bundled with esbuild: there is no Cast device or Google
 * script in this lab), which defines the SDK's globals and calls `__onGCastApiAvailable` as the real
 * script does. The viewer clicks the cast button, picks the receiver, stops casting: the play page
 * sends `cast-started` and `cast-ended` play telemetry, and no CSP violation happens. When the
 * receiver's session drops, "connection lost" shows with Reconnect, which reloads the page
 * (player-and-client §8).
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it, before } from 'node:test';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo, type RecordedRequest } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';
import { DEMO_CAST_APP_ID } from '../../demo/server/services.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The "sender script": the fake framework, installed the way the real script installs itself. */
const FAKE_SENDER_ENTRY = `
import { FakeCast } from './test/helpers/fake-cast.ts';
const fake = new FakeCast();
window.__fakeCast = fake;
fake.injector(document.currentScript ? document.currentScript.src : 'cast_sender.js');
`;

type Body = { events?: Array<{ event: string; slug: string; data?: Record<string, unknown> }> };
const eventsOf = (requests: RecordedRequest[]) => requests.flatMap((r) => (r.body as Body)?.events ?? []);

async function telemetryUntil(demo: Demo, done: (requests: RecordedRequest[]) => boolean, timeoutMs = 10_000): Promise<RecordedRequest[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const requests = await demo.requests('/services/license/play_telemetry');
    if (done(requests) || Date.now() > deadline) return requests;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('play page: casting', () => {
  let demo: Demo;
  let browser: Browser;
  let sender = '';
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  before(async () => {
    const bundle = await build({
      stdin: { contents: FAKE_SENDER_ENTRY, resolveDir: ROOT, loader: 'ts', sourcefile: 'fake-cast-sender.ts' },
      bundle: true,
      format: 'iife',
      write: false,
      tsconfig: `${ROOT}tsconfig.json`,
      logLevel: 'warning',
    });
    sender = bundle.outputFiles[0]!.text;
  });

  it('cast button → receiver picked → cast-started; stop casting → cast-ended (play telemetry), no CSP violation', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      const violations: string[] = [];
      await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          (window as unknown as { __cspViolation(text: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      // The storefront's configuration with casting enabled (play-page §9 "cast config enabled").
      await page.route('**/services/meta/configuration', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), cast_enabled: true } });
      });
      const senderRequests: string[] = [];
      await page.route('https://www.gstatic.com/**', async (route) => {
        senderRequests.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/javascript', body: sender });
      });

      await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`));
      await waitForPlayback(page, 0.5);
      assert.equal(senderRequests.length, 1, 'the sender script is requested once');
      assert.match(senderRequests[0]!, /^https:\/\/www\.gstatic\.com\/cv\/js\/sender\/v1\/cast_sender\.js/);

      const castButton = page.locator('s72-player [part="cast-button"]');
      await page.mouse.move(400, 300);
      await castButton.click({ timeout: 10_000 });
      await page.waitForFunction(() => {
        const player = document.querySelector('s72-player') as (HTMLElement & { store: { getState(): { cast: { connectionStatus: string } } } }) | null;
        return player?.store.getState().cast.connectionStatus === 'CONNECTED';
      }, null, { timeout: 10_000 });
      const panel = page.locator('s72-player s72-cast-panel');
      await panel.getByText('Casting to Living Room TV').waitFor({ timeout: 10_000 });

      await page.mouse.move(420, 320);
      await castButton.click({ timeout: 10_000 });
      await page.waitForFunction(() => {
        const player = document.querySelector('s72-player') as (HTMLElement & { store: { getState(): { cast: { connectionStatus: string } } } }) | null;
        return player?.store.getState().cast.connectionStatus !== 'CONNECTED';
      }, null, { timeout: 10_000 });

      await page.goto('about:blank'); // sends the play telemetry batch
      const requests = await telemetryUntil(demo, (rs) => eventsOf(rs).some((e) => e.event === 'cast-ended'));
      const cast = eventsOf(requests).filter((e) => e.event.startsWith('cast-'));
      assert.deepEqual(
        cast.map((e) => [e.event, e.slug]),
        [
          ['cast-started', '/film/clear-skies'],
          ['cast-ended', '/film/clear-skies'],
        ],
        JSON.stringify(eventsOf(requests)),
      );
      assert.deepEqual(violations, [], 'no CSP violation');
    } finally {
      await context.close();
    }
  });

  it('the demo configuration enables casting with its app id: the button shows where the sender loads; cast=false or the cast toggle off: none; no sender script: "Cast unavailable" (issue 26)', { timeout: 120_000 }, async () => {
    type CastRow = { connectionStatus: string; unavailable: string | null };
    const castOf = (page: import('playwright-core').Page) =>
      page.evaluate(() => (document.querySelector('s72-player') as (HTMLElement & { store: { getState(): { cast: CastRow } } }) | null)?.store.getState().cast ?? null);
    const open = async (query: string, setup: (page: import('playwright-core').Page, senderRequests: string[]) => Promise<unknown>) => {
      const { context, page } = await newPage(browser);
      const senderRequests: string[] = [];
      await setup(page, senderRequests);
      await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}${query}`));
      await waitForPlayback(page, 0.5);
      await page.mouse.move(400, 300);
      return { context, page, senderRequests, button: page.locator('s72-player [part="cast-button"]') };
    };
    const fakeSender = async (page: import('playwright-core').Page, senderRequests: string[]) =>
      page.route('https://www.gstatic.com/**', async (route) => {
        senderRequests.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/javascript', body: sender });
      });

    // The demo's own configuration (no override): casting on, with the demo receiver app id.
    {
      const { context, page, senderRequests, button } = await open('', fakeSender);
      try {
        await button.waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(senderRequests.length, 1);
        assert.equal(await button.getAttribute('aria-label'), 'Cast');
        const options = await page.evaluate(() => (window as unknown as { __fakeCast: { optionsSet: Array<Record<string, unknown>> } }).__fakeCast.optionsSet.at(-1));
        assert.equal(options?.['receiverApplicationId'], DEMO_CAST_APP_ID, 'the demo app id, never a default receiver');
      } finally {
        await context.close();
      }
    }
    // cast=false in the address: no sender script, no button.
    {
      const { context, page, senderRequests, button } = await open('&cast=false', fakeSender);
      try {
        assert.equal(senderRequests.length, 0);
        assert.equal(await button.isVisible(), false);
        assert.deepEqual(await castOf(page).then((c) => c && { status: c.connectionStatus, unavailable: c.unavailable }), { status: 'UNAVAILABLE', unavailable: null });
      } finally {
        await context.close();
      }
    }
    // The storefront's `cast` feature toggle off: the same.
    {
      const { context, page, senderRequests, button } = await open('', async (p, requests) => {
        await fakeSender(p, requests);
        await p.route('**/feature_toggles', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { feature_toggles: Record<string, unknown> };
          await route.fulfill({ response, json: { feature_toggles: { ...body.feature_toggles, cast: false } } });
        });
      });
      try {
        assert.equal(senderRequests.length, 0);
        assert.equal(await button.isVisible(), false);
        assert.equal((await castOf(page))?.unavailable, null);
      } finally {
        await context.close();
      }
    }
    // The sender script cannot load (offline, blocked): the button shows disabled, with the reason.
    {
      const { context, page, button } = await open('', (p) => p.route('https://www.gstatic.com/**', (route) => route.abort('internetdisconnected')));
      try {
        await button.waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(await button.getAttribute('aria-disabled'), 'true');
        assert.equal(await button.getAttribute('aria-label'), 'Cast unavailable');
        await button.hover();
        const why = page.locator('s72-player [part="cast-unavailable"]');
        await why.waitFor({ state: 'visible', timeout: 5_000 });
        assert.equal((await why.innerText()).trim(), 'The Cast service could not be reached.');
        await button.click({ force: true });
        await page.waitForTimeout(300);
        assert.equal((await castOf(page))?.connectionStatus, 'UNAVAILABLE', 'a click does nothing');
      } finally {
        await context.close();
      }
    }
  });

  it('the connection drops: "connection lost" with Reconnect; a real click on Reconnect reloads the page, which plays again', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.route('**/services/meta/configuration', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), cast_enabled: true } });
      });
      await page.route('https://www.gstatic.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: sender }));
      await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`));
      await waitForPlayback(page, 0.5);
      await page.mouse.move(400, 300);
      await page.locator('s72-player [part="cast-button"]').click({ timeout: 10_000 });
      await page.locator('s72-player s72-cast-panel').getByText('Casting to Living Room TV').waitFor({ timeout: 10_000 });

      // The receiver's session drops (network loss): the fake framework ends it from its side.
      await page.evaluate(() => (window as unknown as { __fakeCast: { dropSession(): void } }).__fakeCast.dropSession());
      const reconnect = page.locator('s72-player s72-cast-panel [part="cast-reconnect"]');
      await reconnect.waitFor({ timeout: 10_000 });
      assert.match(
        (await page.locator('s72-player s72-cast-panel [part="cast-error"]').innerText()).replace(/\s+/g, ' '),
        /The connection to your Cast device was lost, but you can resume control without interruption\./,
      );
      // A marker on the page's window: gone once the page has reloaded.
      await page.evaluate(() => ((window as unknown as { __beforeReconnect: boolean }).__beforeReconnect = true));
      const reloaded = page.waitForEvent('load', { timeout: 20_000 });
      await reconnect.click();
      await reloaded;
      assert.equal(await page.evaluate(() => (window as unknown as { __beforeReconnect?: boolean }).__beforeReconnect ?? false), false, 'the page reloaded');
      await waitForPlayback(page, 0.5);
    } finally {
      await context.close();
    }
  });
});
