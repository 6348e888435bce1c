/**
 * The play page's start-up order (issue 23): the flow's first calls (play-page §4 step 1) need only
 * the session from the address, so they go out from the page's small entry module, before React
 * and the player's code have loaded; that code (the `app` and `player` chunks, and shaka's DASH
 * chunk) is preloaded from the page's head, and the page plays once it arrives, with the flow's
 * one streams call (none is made ahead of the flow: it can start a rental's watch window).
 *
 * The storefront holds the React app and the player chunks back (its per-path latency) while the
 * test reads what the storefront has received and what the page shows. Needs `dist-shell/` built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const FILM_HASH = '#/film/night-harbour/night-harbour';
/** How long the storefront holds the app and player chunks back, ms: far longer than the entry needs to send the first calls. */
const HOLD_MS = 6_000;

/** Sets the storefront's added latency for a path pattern (exact, or a prefix ending in `*`). */
async function setLatency(demo: Demo, path: string, ms: number): Promise<void> {
  const response = await fetch(`${demo.url}/__demo/latency`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, ms }),
  });
  assert.ok(response.ok, `latency ${path}: HTTP ${response.status}`);
}

/** Waits until the storefront has received a request for each path pattern. */
async function waitForRequests(demo: Demo, patterns: readonly string[], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await Promise.all(patterns.map(async (pattern) => (await demo.requests(pattern)).length));
    if (counts.every((count) => count > 0)) return;
    if (Date.now() > deadline) assert.fail(`requests not received: ${patterns.filter((_, i) => counts[i] === 0).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('play page: start-up order', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('preloads the app, the player and the DASH engine from the page head, apart from its entry', { timeout: 120_000 }, async () => {
    const html = await (await fetch(`${demo.url}/play/`)).text();
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    const preloads = [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
    assert.match(entry ?? '', /^\/play\/assets\/index-[\w-]+\.js$/);
    for (const name of ['app', 'player', 'shaka-dash-lib']) {
      assert.ok(
        preloads.some((href) => new RegExp(`^/play/assets/${name}-[\\w-]+\\.js$`).test(href)),
        `${name} chunk preloaded: ${preloads.join(', ')}`,
      );
    }
    // The HLS engine, the ad runtime and the Arabic string table load only when used.
    assert.ok(!preloads.some((href) => /\/(shaka-lib|schedule-runtime|ar)-/.test(href)), preloads.join(', '));
    // Issue 23: each script the head fetches takes a request before the flow's first calls. The
    // small modules the entry shares with the app and the player come as one chunk, not one each:
    // the entry, that chunk, the bundler's runtime, the app, the player, Lit and the DASH engine.
    const scripts = preloads.filter((href) => href.endsWith('.js'));
    assert.ok(scripts.length + 1 <= 7, `the head fetches ${scripts.length + 1} scripts: ${entry}, ${scripts.join(', ')}`);
  });

  it("React's first mount waits for the flow's first round, so it does not hold the streams call back", { timeout: 120_000 }, async () => {
    // A slow first round (the configuration answers 1 s late): the app's code has long arrived
    // when the first round answers.
    await setLatency(demo, '/services/meta/configuration', 1000);
    const { context, page } = await newPage(browser);
    try {
      await page.addInitScript(() => {
        const seen: { mountedAt?: number; streamsAt?: number } = {};
        (window as unknown as { startup: typeof seen }).startup = seen;
        new MutationObserver((_records, observer) => {
          if ((document.getElementById('root')?.childElementCount ?? 0) === 0) return;
          seen.mountedAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.name.includes('/services/playback/streams')) seen.streamsAt ??= entry.startTime;
          }
        }).observe({ type: 'resource', buffered: true });
      });
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
      await waitForPlayback(page, 0.3);
      const seen = await page.evaluate(() => (window as unknown as { startup: { mountedAt?: number; streamsAt?: number } }).startup);
      const { app, configuration, firstCalls, mount } = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const marked = performance.getEntriesByName('s72-play:app-mount')[0] as PerformanceMark | undefined;
        const firstCalls = performance.getEntriesByName('s72-play:first-calls')[0]?.startTime;
        return {
          firstCalls,
          app: resources.find((entry) => /\/assets\/app-/.test(entry.name))?.responseEnd,
          configuration: resources.find((entry) => entry.name.includes('/services/meta/configuration'))?.responseEnd,
          mount: marked ? { at: marked.startTime, after: (marked.detail as { after: string }).after } : undefined,
        };
      });
      const facts = JSON.stringify({ ...seen, app, configuration, firstCalls, mount });
      assert.ok(seen.mountedAt !== undefined && seen.streamsAt !== undefined && app !== undefined && configuration !== undefined && firstCalls !== undefined && mount, facts);
      assert.ok(app < seen.streamsAt, `the app's code arrived (${app.toFixed(0)} ms) before the first round answered: ${facts}`);
      assert.ok(seen.mountedAt >= mount.at, `React mounted after the wait for the first round ended: ${facts}`);
      if (mount.after === 'cap') {
        // A machine too busy to finish the first round within the wait's cap (1.5 s after the first
        // calls went out): the cap ended the wait, and not before its time.
        assert.ok(mount.at >= firstCalls + 1500, `the cap ended the wait 1.5 s after the first calls: ${facts}`);
      } else {
        assert.equal(mount.after, 'first-round', facts);
        assert.ok(seen.streamsAt <= seen.mountedAt, `the streams call went out before React mounted: ${facts}`);
      }
    } finally {
      await context.close();
      await setLatency(demo, '/services/meta/configuration', 0);
    }
  });

  it('an English page never fetches the Arabic table nor the user-agent parser; an Arabic page renders in Arabic from its first paint', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      // The language of <html> and the text of the page the first time React puts anything in #root.
      await page.addInitScript(() => {
        const first: { lang?: string; text?: string } = {};
        (window as unknown as { firstRender: typeof first }).firstRender = first;
        new MutationObserver((_records, observer) => {
          const root = document.getElementById('root');
          if (!root || root.childElementCount === 0) return;
          first.lang = document.documentElement.lang;
          first.text = root.innerText;
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const AR_CHUNK = /^\/play\/assets\/ar-[\w-]+\.js$/;

      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}&lang=en`));
      await waitForPlayback(page, 0.3);
      assert.ok(!scripts.some((path) => AR_CHUNK.test(path)), scripts.join('\n'));
      // Chromium's client hints settle the device check: the user-agent parser (ua-parser-js) is not fetched.
      assert.ok(!scripts.some((path) => /^\/play\/assets\/user-agent-[\w-]+\.js$/.test(path)), scripts.join('\n'));
      assert.equal(await page.evaluate(() => (window as unknown as { firstRender: { lang?: string } }).firstRender.lang), 'en');

      // A new document (the same address but for its fragment would only change the hash).
      await page.goto('about:blank');
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}&lang=ar`));
      await waitForPlayback(page, 0.3);
      assert.ok(scripts.some((path) => AR_CHUNK.test(path)), 'the Arabic table was fetched for the Arabic page');
      const first = await page.evaluate(() => (window as unknown as { firstRender: { lang?: string; text?: string } }).firstRender);
      assert.equal(first.lang, 'ar', 'the first render is in Arabic, not English first');
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    } finally {
      await context.close();
    }
  });

  it('sends the first calls before React and the player have loaded, then plays with one streams call', { timeout: 120_000 }, async () => {
    await setLatency(demo, '/play/assets/app-*', HOLD_MS);
    await setLatency(demo, '/play/assets/player-*', HOLD_MS);
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`), { waitUntil: 'commit' });
      // play-page §4 step 1: item, availability and configuration.
      await waitForRequests(demo, [
        '/services/meta/v2/film/night-harbour/show_multiple',
        '/services/content/v1/availabilities*',
        '/services/meta/configuration',
        '/services/content/configuration',
      ]);
      const shown = await page.evaluate(() => ({
        element: customElements.get('s72-player') !== undefined,
        rendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
        hash: location.hash,
      }));
      assert.deepEqual(
        { element: shown.element, rendered: shown.rendered },
        { element: false, rendered: false },
        'the first calls went out before the player was defined and before React rendered',
      );
      // The token left the address before the calls (DESIGN.md "Security rules").
      assert.ok(!shown.hash.includes(TOKENS.adult), shown.hash);

      await waitForPlayback(page, 1);
      const streams = await demo.requests('/services/playback/streams*');
      assert.equal(streams.length, 1, 'one streams call');
      const films = await demo.requests('/services/meta/v2/film/night-harbour/show_multiple');
      assert.equal(films.length, 1, 'the flow reused the first call, not asked again');
    } finally {
      await context.close();
    }
  });
});
