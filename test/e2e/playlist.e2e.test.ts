/**
 * Playlists on the play page (play-page §4 "Playlist item skip policy", "Playlist and action
 * lifecycle", §7): /film/sponsored-feature plays its ad item first, then the feature; the ad
 * (must-view-once) has no Skip the first time and one once watched. Needs `dist-shell/` built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const HASH = `#/film/sponsored-feature/sponsored-feature?u=${TOKENS.adult}`;

/** Waits until `<s72-player>` plays `slug` past `seconds`. */
async function waitForItem(page: Page, slug: string, seconds = 0.2): Promise<void> {
  await page.waitForFunction(
    ([s, min]) => {
      const el = document.querySelector('s72-player') as (HTMLElement & { currentTime: number; content?: { slug?: string } }) | null;
      return !!el && el.content?.slug === s && el.currentTime > (min as number);
    },
    [slug, seconds] as const,
    { timeout: 30_000, polling: 200 },
  );
}

/** Seeks the player one second before the end, so the item ends soon. */
async function seekNearEnd(page: Page): Promise<void> {
  await page.evaluate(() => {
    const el = document.querySelector('s72-player') as HTMLElement & { currentTime: number; duration: number };
    el.currentTime = el.duration - 1;
  });
}

describe('play page: playlist with an ad item', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('the ad plays first without Skip, then the feature; on a second visit the watched ad has a Skip that skips to the feature', { timeout: 180_000 }, async () => {
    const { context, page, log } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(HASH));
      await page.locator('[data-testid="title"]').filter({ hasText: 'Our sponsor' }).waitFor({ timeout: 20_000 });
      await waitForItem(page, '/film/demo-ad');
      assert.equal(await page.getByRole('button', { name: 'Skip', exact: true }).count(), 0, 'no Skip on an unwatched ad');
      const playlistCalls = await demo.requests('/services/playback/playlist*');
      assert.deepEqual(playlistCalls.map((r) => `${r.method} ${r.path}`), ['POST /services/playback/playlist/film/sponsored-feature']);
      let streams = await demo.requests('/services/playback/streams*');
      assert.deepEqual(streams.map((r) => r.path), ['/services/playback/streams/film/demo-ad']);

      await seekNearEnd(page);
      await page.locator('[data-testid="title"]').filter({ hasText: 'Sponsored Feature' }).waitFor({ timeout: 20_000 });
      await waitForItem(page, '/film/sponsored-feature');
      streams = await demo.requests('/services/playback/streams*');
      assert.deepEqual(streams.map((r) => r.path), ['/services/playback/streams/film/demo-ad', '/services/playback/streams/film/sponsored-feature']);

      // Second visit, same browser context: the ad was watched, so it can be skipped.
      const second = await context.newPage();
      await second.goto(demo.playUrl(HASH));
      await second.locator('[data-testid="title"]').filter({ hasText: 'Our sponsor' }).waitFor({ timeout: 20_000 });
      // The Skip button shows after 3 s of play: wait for those (a slow start outlasted a fixed 10 s).
      await waitForPlayback(second, 3);
      const skip = second.getByRole('button', { name: 'Skip', exact: true });
      await skip.waitFor({ timeout: 10_000 });
      await skip.click();
      await second.locator('[data-testid="title"]').filter({ hasText: 'Sponsored Feature' }).waitFor({ timeout: 20_000 });
      await waitForItem(second, '/film/sponsored-feature');
      // No page error from the playlist switch (a failed load, e.g. a 404, aside).
      assert.deepEqual(log.errors.filter((e) => !/status of 404/.test(e)), []);
    } finally {
      await context.close();
    }
  });

  it('the playlist ends after its last item: playlist-finished telemetry', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      // A title without a playlist of its own gets a one-item playlist (demo/CATALOGUE.md).
      await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`));
      await waitForItem(page, '/film/clear-skies');
      await seekNearEnd(page);
      await page.waitForFunction(() => (document.querySelector('s72-player') as HTMLElement & { ended?: boolean; paused: boolean })?.paused === true, undefined, {
        timeout: 20_000,
      });
      await page.goto('about:blank'); // pagehide flushes the telemetry
      const deadline = Date.now() + 10_000;
      let events: Array<{ event: string; slug: string }> = [];
      while (Date.now() < deadline) {
        const recorded = await demo.requests('/services/license/play_telemetry');
        events = recorded.flatMap((r) => ((r.body as { events?: Array<{ event: string; slug: string }> })?.events ?? []));
        if (events.some((e) => e.event === 'playlist-finished')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.ok(
        events.some((e) => e.event === 'playlist-finished' && e.slug === '/film/clear-skies'),
        JSON.stringify(events),
      );
    } finally {
      await context.close();
    }
  });
});
