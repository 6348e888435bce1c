/**
 * The end screen on the real play page (player-and-client §2 "End screen with Up next", §4, §7, §9;
 * play-page §9 "End screen timing default 20"): a film started 15 s before its end shows Up next
 * with the adult viewer's suggestions (continue watching by most recent, then recommendations; only
 * what the viewer can watch now); choosing the main one sends `custom:end-screen-video-clicked`
 * {slug, details.source} to the storefront and waits for it before going to the suggestion's play
 * route (`t` dropped). While it shows, what it covers is inert: with real Tab presses the focus
 * cycles through its own buttons only (issue 22 item 8). Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './support/browser.js';
import { TOKENS, type Demo, type RecordedRequest } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';
import { focusedElement, tabTo } from './support/player-a11y.js';

const TELEMETRY = '/services/license/play_telemetry';
type Body = { events?: Array<{ event: string; slug: string; details?: Record<string, unknown> }> };
const eventsOf = (requests: RecordedRequest[]) => requests.flatMap((r) => (r.body as Body)?.events ?? []);

/** The slugs and sources of the end screen's cards, main first (empty while it is hidden). */
function cards(page: Page): Promise<Array<{ slug: string; main: boolean; text: string }>> {
  return page.evaluate(() => {
    const screen = document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-end-screen');
    return Array.from(screen?.shadowRoot?.querySelectorAll<HTMLElement>('[part~="suggestion"]') ?? []).map((card) => ({
      slug: card.dataset['slug'] ?? '',
      main: (card.getAttribute('part') ?? '').includes('main-suggestion'),
      text: (card.textContent ?? '').replace(/\s+/g, ' ').trim(),
    }));
  });
}

/**
 * Each test's own time limit. Not one limit on the whole suite: its four tests play the film in
 * real time and, on a loaded machine, together outlast any such limit even when each passes; when
 * a suite's limit ran out, node:test ran the `after` hook (closing the browser) under the test then
 * running, which failed in `context.close()` ("Target page, context or browser has been closed").
 */
const TEST = { timeout: 120_000 };

describe('play page: end screen (Up next)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('near the end of a film shows Up next; the main suggestion sends its telemetry, then goes to its route', TEST, async () => {
    // A slow telemetry answer: the page must wait for it (bounded) before it navigates.
    await fetch(`${demo.url}/__demo/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: TELEMETRY, ms: 1_000 }),
    });
    const { context, page } = await newPage(browser);
    try {
      // The demo film is 60 s long: start 15 s before the end (the default window is 20 s).
      await page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}&t=45&nav=false`));
      await page.waitForFunction(() => document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-end-screen[open]'), null, {
        timeout: 30_000,
      });
      // Within the default 20-s window, well before the end (not only once ended).
      const at = await page.evaluate(() => (document.querySelector('s72-player') as HTMLElement & { currentTime: number }).currentTime);
      assert.ok(at < 55, `shown at ${at} s`);
      const shown = await cards(page);
      // Continue watching, most recent first (Tide Tables' next episode, then Resume Me, Midway
      // Point), then the film's recommendations (Clear Skies; Harbour Lights' season is not
      // watchable as such, Resume Me is already in); night-harbour itself never.
      assert.deepEqual(
        shown.map((c) => [c.slug, c.main]),
        [
          ['/tv/tide-tables/season/1/episode/2', true],
          ['/film/resume-me', false],
          ['/film/midway-point', false],
          ['/film/clear-skies', false],
        ],
        JSON.stringify(shown),
      );
      assert.match(shown[0]!.text, /Neap Tide/);
      assert.match(shown[0]!.text, /Continue watching/);
      assert.match(shown[3]!.text, /Clear Skies.*Recommended/);

      const telemetryDone: number[] = [];
      const navigations: number[] = [];
      page.on('requestfinished', (request) => {
        if (new URL(request.url()).pathname === TELEMETRY) telemetryDone.push(Date.now());
      });
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(Date.now());
      });
      // The hash is set first, then the page reloads (player-and-client §2): wait for the reloaded
      // document's load. Closing the context while that reload was still committing (the test went on
      // as soon as the navigation request left) hung `context.close()` until the suite's time ran out.
      const reloaded = page.waitForEvent('load', { timeout: 30_000 });
      await page.locator('s72-player').locator('[part~="main-suggestion"]').click();
      await page.waitForURL((url) => url.hash.startsWith('#/tv/tide-tables/season/1/episode/2'), { timeout: 20_000 });
      await reloaded;
      const url = new URL(page.url());
      assert.equal(url.hash.split('?')[0], '#/tv/tide-tables/season/1/episode/2/neap-tide');
      const query = new URLSearchParams(url.hash.split('?')[1] ?? '');
      assert.equal(query.get('t'), null, 't is dropped');
      assert.equal(query.get('nav'), 'false', 'the rest of the query stays');

      const events = eventsOf(await demo.requests(TELEMETRY)).filter((e) => e.event === 'custom:end-screen-video-clicked');
      assert.deepEqual(
        events.map((e) => [e.slug, e.details]),
        [['/tv/tide-tables/season/1/episode/2', { source: 'continue-watching' }]],
      );
      // Flushed before navigation: the telemetry answer came back before the page reloaded.
      assert.ok(telemetryDone.length > 0 && navigations.length > 0, `telemetry ${telemetryDone.length}, navigations ${navigations.length}`);
      assert.ok(telemetryDone[0]! <= navigations[0]!, `telemetry answered at ${telemetryDone[0]}, navigation at ${navigations[0]}`);
    } finally {
      await context.close();
    }
  });

  it('a playlist: no Up next near the end of the ad, Up next near the end of the feature (the last item)', TEST, async () => {
    const { context, page } = await newPage(browser);
    type Player = HTMLElement & { currentTime: number; duration: number; content?: { slug?: string }; suggestions: readonly unknown[]; pause(): void; play(): Promise<void> };
    // The slugs whose source the player has loaded (`s72-loaded`), in order. Until the next item's
    // source is loaded, the player still reads the previous item's media: its position and duration
    // (the ad's end) must not pass for the feature's.
    await context.addInitScript(() => {
      document.addEventListener(
        's72-loaded',
        (event) => {
          const slug = (event.target as HTMLElement & { content?: { slug?: string } }).content?.slug ?? '';
          (window as unknown as { loadedSlugs: string[] }).loadedSlugs = [...((window as unknown as { loadedSlugs?: string[] }).loadedSlugs ?? []), slug];
        },
        true,
      );
    });
    const playing = (slug: string) =>
      page.waitForFunction(
        (s) => {
          const el = document.querySelector('s72-player') as Player | null;
          const loaded = (window as unknown as { loadedSlugs?: string[] }).loadedSlugs ?? [];
          return !!el && el.content?.slug === s && loaded[loaded.length - 1] === s && el.currentTime > 0.2 && el.duration > 0;
        },
        slug,
        { timeout: 30_000, polling: 200 },
      );
    try {
      await page.goto(demo.playUrl(`#/film/sponsored-feature/sponsored-feature?u=${TOKENS.adult}`));
      await playing('/film/demo-ad');
      await page.evaluate(() => {
        const el = document.querySelector('s72-player') as Player;
        el.pause();
        el.currentTime = el.duration - 10;
      });
      await page.waitForTimeout(3_500);
      assert.deepEqual(await cards(page), [], 'no end screen on the ad');
      assert.equal(await page.evaluate(() => (document.querySelector('s72-player') as Player).suggestions.length), 0);

      // The ad's last second: the page moves on to the feature when it ends, which may interrupt
      // this play() (an AbortError from the media): what counts is the feature playing, below.
      await page.evaluate(() => {
        const el = document.querySelector('s72-player') as Player;
        el.currentTime = el.duration - 1;
        el.play().catch(() => undefined);
      });
      await playing('/film/sponsored-feature');
      await page.evaluate(() => {
        const el = document.querySelector('s72-player') as Player;
        el.currentTime = el.duration - 12;
      });
      await page.waitForFunction(() => document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-end-screen[open]'), null, {
        timeout: 30_000,
      });
      const shown = await cards(page);
      assert.ok(shown.length >= 1 && shown.length <= 4 && shown[0]!.main, JSON.stringify(shown));
      assert.ok(!shown.some((c) => c.slug === '/film/sponsored-feature' || c.slug === '/film/demo-ad'), JSON.stringify(shown));
    } finally {
      await context.close();
    }
  });

  it('while Up next shows, Tab cycles through its buttons only (what it covers is inert)', TEST, async () => {
    const { context, page } = await newPage(browser);
    try {
      // 30 s into the 60-s film: the end screen comes at 40 s, while the focus is on the player's controls.
      await page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}&t=30`));
      await page.waitForFunction(() => ((document.querySelector('s72-player') as (HTMLElement & { currentTime: number }) | null)?.currentTime ?? 0) > 30.2, null, {
        timeout: 30_000,
      });
      await tabTo(page, (what) => what === 'play-button');
      await page.waitForFunction(() => document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-end-screen[open]'), null, {
        timeout: 30_000,
      });
      await page.waitForFunction(() => {
        let element: Element | null = document.activeElement;
        while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
        return (element?.getAttribute('part') ?? '').includes('main-suggestion');
      }, null, { timeout: 5_000 });
      const count = (await cards(page)).length;
      assert.equal(count, 4, 'four suggestions');
      const stops: string[] = [];
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press('Tab');
        const focused = await focusedElement(page);
        stops.push(!focused ? 'body' : focused.inPlayer ? focused.what : `outside:${focused.what}`);
      }
      const inPlayer = stops.filter((stop) => stop !== 'body');
      const endScreenParts = new Set(['close-button', 'suggestion', 'suggestion main-suggestion']);
      assert.ok(inPlayer.every((stop) => endScreenParts.has(stop)), `Tab stops: ${stops.join(', ')}`);
      // Each of its 5 buttons (Close, 4 cards) is reached, in a cycle of 5 (and the browser's own stop).
      assert.equal(new Set(inPlayer).size, 3, `Tab stops: ${stops.join(', ')}`);
      assert.equal(inPlayer.filter((stop) => stop === 'suggestion').length >= 3, true, `Tab stops: ${stops.join(', ')}`);
      // One cycle, from Close to Close, is its 4 cards (and at most the browser's own stop).
      const firstClose = inPlayer.indexOf('close-button');
      const nextClose = inPlayer.indexOf('close-button', firstClose + 1);
      assert.ok(firstClose >= 0 && nextClose - firstClose === 5, `Tab stops: ${stops.join(', ')}`);
    } finally {
      await context.close();
    }
  });

  it('not at the end: no end screen', TEST, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}&t=5`));
      await page.waitForFunction(() => {
        const player = document.querySelector('s72-player') as (HTMLElement & { duration: number }) | null;
        return player && player.duration > 0;
      }, null, { timeout: 30_000 });
      await page.waitForTimeout(3_000);
      assert.deepEqual(await cards(page), []);
    } finally {
      await context.close();
    }
  });
});
