/**
 * The viewer's controls during ads on the real play page (issue 22 items 6 and 7; player-and-client
 * §2 "Hidden ads overlay", §4 "Ad break", §9 "Controls"; play-page §4 "Playlist item skip policy"),
 * with real key presses and real clicks. /film/sponsored-feature's playlist starts with the ad item
 * /film/demo-ad (must-view-once), whose own ad tag is the demo ad server's VAST pre-roll (6 s,
 * skippable after 4 s):
 * - during the pre-roll break, Tab reaches only the ad's play/pause and mute buttons and, once
 *   ready, Skip ad; `k` pauses and plays the ad, `m` mutes it, a click on its picture pauses it; the
 *   seek shortcuts do nothing; axe finds nothing in that state;
 * - during the ad item, the seek bar is disabled (no Tab stop, a click near its end does nothing),
 *   End, Home, the arrows, J, L and digits do not move the ad, the feature does not start, and the
 *   title bar says "Ad".
 * Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatViolations, runAxe } from './support/axe.js';
import { newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';
import { focusedElement } from './support/player-a11y.js';

const HASH = `#/film/sponsored-feature/sponsored-feature?u=${TOKENS.adult}`;
const FEATURE_STREAMS = '/services/playback/streams/film/sponsored-feature';

type Player = HTMLElement & { currentTime: number; paused: boolean; content?: { slug?: string } };

/** The ad's own `<video>` in the ads overlay: paused, muted, position. */
const adVideo = (page: Page): Promise<{ paused: boolean; muted: boolean; time: number } | null> =>
  page.evaluate(() => {
    const video = document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-ad-overlay')?.shadowRoot?.querySelector('video');
    return video ? { paused: video.paused, muted: video.muted, time: video.currentTime } : null;
  });

const waitAdVideo = (page: Page, want: { paused?: boolean; muted?: boolean; minTime?: number }, timeout = 10_000): Promise<unknown> =>
  page.waitForFunction(
    (w) => {
      const video = document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-ad-overlay')?.shadowRoot?.querySelector('video');
      if (!video) return false;
      return (
        (w.paused === undefined || video.paused === w.paused) &&
        (w.muted === undefined || video.muted === w.muted) &&
        (w.minTime === undefined || video.currentTime > w.minTime)
      );
    },
    want,
    { timeout, polling: 100 },
  );

const breakActive = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-ad-overlay')?.hasAttribute('active') === true);

/** The film (the player's own media): position and paused. */
const film = (page: Page): Promise<{ time: number; paused: boolean; slug: string }> =>
  page.evaluate(() => {
    const el = document.querySelector('s72-player') as Player;
    return { time: el.currentTime, paused: el.paused, slug: el.content?.slug ?? '' };
  });

/** Presses Tab `presses` times (real presses) and returns each stop: a part inside the player, `outside:<tag>`, or `body`. */
async function tabStops(page: Page, presses: number): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const focused = await focusedElement(page);
    stops.push(!focused ? 'body' : focused.inPlayer ? focused.what : `outside:${focused.what}`);
  }
  return stops;
}

/** The ad item (/film/demo-ad) plays in the player itself, past `seconds`, with no break running. */
const waitAdItem = (page: Page, seconds: number): Promise<unknown> =>
  page.waitForFunction(
    (min) => {
      const el = document.querySelector('s72-player') as Player | null;
      const overlay = el?.shadowRoot?.querySelector('s72-ad-overlay');
      return !!el && el.content?.slug === '/film/demo-ad' && !overlay?.hasAttribute('active') && !el.paused && el.currentTime > min;
    },
    seconds,
    { timeout: 40_000, polling: 100 },
  );

const AD_CONTROLS = new Set(['ad-play-pause-button', 'ad-mute-button', 'skip-ad-button']);

/** Tabs (real presses) until the focus is on the ad's play/pause button. */
async function tabToAdPlayPause(page: Page): Promise<void> {
  for (let i = 0; i < 6; i++) {
    if ((await focusedElement(page))?.what === 'ad-play-pause-button') return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the ad play/pause button');
}

describe('play page: the viewer during ads (real keys and clicks)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('ad break: Tab reaches only the ad controls and Skip; k pauses/plays, m mutes, a click pauses; seek keys do nothing; axe clean', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(demo.playUrl(HASH));
      await waitAdVideo(page, { paused: false, minTime: 0.2 }, 30_000);

      // Into the player (unless the page put the focus there): the first stop is an ad control,
      // the film's controls under the overlay being inert.
      if (!(await focusedElement(page))?.inPlayer) await tabStops(page, 1);
      const first = await focusedElement(page);
      assert.ok(first?.inPlayer && AD_CONTROLS.has(first.what), `first stop in the player: ${JSON.stringify(first)}`);
      await page.keyboard.press('k');
      await waitAdVideo(page, { paused: true });
      assert.equal(await breakActive(page), true, 'the break goes on, paused');
      const held = await film(page);
      assert.equal(held.paused, true, 'the film stays held under the ad');
      assert.ok(held.time < 0.5, `the film is at its start (${held.time})`);

      // Paused, the break holds: walk the Tab order (a full cycle and more).
      const stops = await tabStops(page, 8);
      const inPlayer = stops.filter((s) => s !== 'body');
      assert.ok(inPlayer.length > 0 && inPlayer.every((s) => AD_CONTROLS.has(s)), `Tab stops: ${stops.join(', ')}`);
      assert.ok(inPlayer.includes('ad-play-pause-button') && inPlayer.includes('ad-mute-button'), `Tab stops: ${stops.join(', ')}`);

      // Seek shortcuts (and Home/End, digits) do nothing to the film or the ad.
      await tabToAdPlayPause(page);
      const adAt = (await adVideo(page))!.time;
      for (const key of ['End', 'Home', 'ArrowRight', 'ArrowLeft', 'l', 'j', '5', '9']) await page.keyboard.press(key);
      const after = await film(page);
      assert.ok(after.time < 0.5 && after.paused, `the film did not move: ${JSON.stringify(after)}`);
      assert.ok(Math.abs((await adVideo(page))!.time - adAt) < 0.05, 'the paused ad did not move');
      assert.equal(await breakActive(page), true);

      // axe, WCAG 2.2 A/AA, in the ad state.
      const report = await runAxe(page);
      assert.ok(report.checkedInPlayer > 0, 'axe looked inside the player');
      assert.deepEqual(report.violations, [], formatViolations(report.violations));

      // m mutes the ad (its button then says "Unmute the ad"); k plays it again.
      await tabToAdPlayPause(page);
      await page.keyboard.press('m');
      await waitAdVideo(page, { muted: true });
      assert.equal(await page.locator('s72-player [part="ad-mute-button"]').getAttribute('aria-label'), 'Unmute the ad');
      await page.keyboard.press('k');
      await waitAdVideo(page, { paused: false });

      // A click on the ad's picture pauses it, a second one plays it.
      const box = (await page.locator('s72-player').boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
      await waitAdVideo(page, { paused: true });
      await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
      await waitAdVideo(page, { paused: false });

      // Once skippable, Tab reaches Skip ad; Enter skips, and the focus stays in the player.
      await page.waitForFunction(
        () => {
          const button = document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-ad-overlay')?.shadowRoot?.querySelector('[part="skip-ad-button"]');
          return button instanceof HTMLButtonElement && !button.disabled;
        },
        undefined,
        { timeout: 15_000, polling: 100 },
      );
      let onSkip = false;
      for (let i = 0; i < 6 && !onSkip; i++) onSkip = (await tabStops(page, 1))[0] === 'skip-ad-button';
      assert.ok(onSkip, 'Tab reached Skip ad');
      await page.keyboard.press('Enter');
      await waitAdItem(page, 0.2);
      const focused = await focusedElement(page);
      assert.equal(focused?.inPlayer, true, `after the break the focus is back on the player's controls (${JSON.stringify(focused)})`);
    } finally {
      await context.close();
    }
  });

  it('ad item: the seek bar is disabled, End/Home/arrows/j/l/digits and a click near its end do not skip the ad; "Ad" label', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(demo.playUrl(HASH));
      // The pre-roll of the ad item first (skip it as soon as it allows), then the ad item.
      await page.waitForFunction(
        () => {
          const button = document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-ad-overlay')?.shadowRoot?.querySelector('[part="skip-ad-button"]');
          return button instanceof HTMLButtonElement && !button.disabled;
        },
        undefined,
        { timeout: 30_000, polling: 100 },
      );
      await page.locator('s72-player [part="skip-ad-button"]').click();
      await waitAdItem(page, 0.5);

      // The title bar labels the item as an ad.
      const badge = page.locator('s72-player [part="ad-badge"]');
      assert.equal((await badge.textContent())?.trim(), 'Ad');
      assert.equal(await badge.isVisible(), true);

      // The seek bar is disabled: announced so, and not a Tab stop.
      const seek = page.getByRole('slider', { name: 'Seek' });
      assert.equal(await seek.isDisabled(), true, 'the seek bar is disabled');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const stops = await tabStops(page, 14);
      assert.ok(!stops.includes('seek-input'), `the seek bar is no Tab stop: ${stops.join(', ')}`);
      assert.ok(stops.includes('play-button'), `the film's controls are reachable: ${stops.join(', ')}`);

      // Every seek key, with the focus on a control of the player (real presses).
      while ((await focusedElement(page))?.what !== 'play-button') await page.keyboard.press('Tab');
      const before = await film(page);
      for (const key of ['End', 'ArrowRight', 'l', 'ArrowRight', 'l', 'Home', 'ArrowLeft', 'j', '9', '5']) await page.keyboard.press(key);
      // A real click near the end of the seek bar (the controls shown by moving the pointer over it).
      const bar = (await page.locator('s72-player [part="seek-input"]').boundingBox())!;
      await page.mouse.move(bar.x + bar.width * 0.5, bar.y + bar.height / 2);
      await page.mouse.click(bar.x + bar.width * 0.95, bar.y + bar.height / 2);

      // The ad plays on from where it was: 2 more seconds of it, still the ad, the feature not asked for.
      await waitAdItem(page, before.time + 2);
      const now = await film(page);
      assert.equal(now.slug, '/film/demo-ad');
      assert.ok(now.time < before.time + 6, `the ad did not jump (${before.time} → ${now.time})`);
      assert.deepEqual(await demo.requests(FEATURE_STREAMS), [], 'the feature did not start');
      assert.equal(await page.locator('[data-testid="title"]').textContent(), 'Our sponsor');
    } finally {
      await context.close();
    }
  });
});
