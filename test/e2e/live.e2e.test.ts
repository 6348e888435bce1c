/**
 * Live events on the play page, end to end (issue 9; play-page §4 "Live events", §7, §8): the
 * countdown polls the status until the event is live, the player plays it and polls the status,
 * the end shows the live-ended screen; a status answering 404 for a while or 403 once (a fresh play
 * token from a second streams call) does not stop playback.
 *
 * The demo's configuration polls every 15 s. The whole journey runs once at that real poll (the end
 * lands right after a status poll of the player, so the segments after the end answer 404 well before
 * the next poll: the race a fast poll hides) and once, with the 404/403 tests, with a 1 s
 * `live_status_frequency` answered for `/services/content/configuration` through the fault API with
 * the same keys (a test-only answer, `/__demo/fault` status 200; the storefront itself is unchanged).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const SLUG = '/film/live-gala';
const LIVE_HASH = `#/film/live-gala/live-gala?u=${TOKENS.adult}`;
const STATUS_PATH = `/services/live/v1/streamstatus${SLUG}`;

/** Answers the content configuration with its own keys and `overrides` (test-only, through the fault API). */
async function fastConfiguration(demo: Demo, overrides: Record<string, unknown>): Promise<void> {
  const real = (await (await fetch(`${demo.url}/services/content/configuration`)).json()) as Record<string, unknown>;
  await demo.fault({ path: '/services/content/configuration', method: 'GET', status: 200, body: { ...real, ...overrides } });
}

async function schedule(demo: Demo, startsInMs: number, durationMs: number | null): Promise<void> {
  const response = await fetch(`${demo.url}/__demo/live-schedule`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ slug: SLUG, startsInMs, durationMs }),
  });
  assert.equal(response.status, 200, await response.text());
}

/** Resolves once `check` is true, polling every 250 ms; rejects with `what` after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The text the viewer sees in the page's main landmark. */
const mainText = (page: Page) => page.locator('main').first().innerText();

describe('play page: live events', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('at the real 15-s status poll: countdown → live → playing → ends right after a poll → the live-ended screen, no error', { timeout: 240_000 }, async () => {
    // Planned well ahead until the countdown shows (a slow machine may take seconds to open the
    // page), then it goes live 4 s later: the countdown's own 5-s poll finds it live.
    await schedule(demo, 600_000, null);
    const { context, page } = await newPage(browser);
    try {
      await context.addInitScript(() => {
        const w = window as unknown as { __critical: string[] };
        w.__critical = [];
        document.addEventListener('s72-error', (event) => {
          const detail = (event as CustomEvent<{ code: string; severity: string }>).detail;
          if (detail.severity === 'critical') w.__critical.push(detail.code);
        });
      });
      await page.goto(demo.playUrl(LIVE_HASH));
      await page.locator('[data-testid="countdown-screen"]').waitFor({ timeout: 20_000 });
      const startsAt = Date.now() + 4_000;
      await schedule(demo, 4_000, null);
      const at = await waitForPlayback(page, 1, 40_000);
      await waitForPlayback(page, at + 3, 30_000);
      // The player's own polls (with its play token); the event ends on schedule 300 ms after one.
      const playerPolls = async () => (await demo.requests(STATUS_PATH)).filter((r) => r.headers['x-play-session'] && r.status !== undefined);
      const seen = (await playerPolls()).length;
      await until(async () => (await playerPolls()).length > seen, 20_000, 'a status poll of the player');
      await schedule(demo, startsAt - Date.now(), Date.now() - startsAt + 300);
      const polls = await playerPolls();
      const gaps = polls.slice(1).map((r, i) => Date.parse(r.at) - Date.parse(polls[i]!.at));
      assert.ok(gaps.every((gap) => gap >= 14_000), `the real 15-s poll: ${gaps.join(', ')} ms`);

      await page.locator('[data-testid="live-ended-screen"], [data-testid="error-screen"]').first().waitFor({ timeout: 60_000 });
      assert.equal(await page.locator('[data-testid="error-screen"]').count(), 0, `not the error screen: ${await page.locator('[data-testid="error-code"]').count() ? await page.locator('[data-testid="error-code"]').textContent() : ''}`);
      assert.equal(await page.locator('h1').innerText(), 'This live event has ended');
      assert.deepEqual(await page.evaluate(() => (window as unknown as { __critical: string[] }).__critical), ['live_event_completed']);
      assert.equal(await page.locator('s72-player').count(), 0);
    } finally {
      await context.close();
    }
  });

  it('countdown → live → playing → completed → the live-ended screen (1-s status poll)', { timeout: 240_000 }, async () => {
    await fastConfiguration(demo, { live_status_frequency: 1 });
    await schedule(demo, 600_000, null);
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(LIVE_HASH));
      const countdown = page.locator('[data-testid="countdown-screen"]');
      await countdown.waitFor({ timeout: 20_000 });
      assert.match(await countdown.innerText(), /has not started yet/);
      assert.equal(await page.locator('s72-player').count(), 0, 'no player before the event is live');
      // Live 4 s from now, for 16 s (scheduled once the countdown shows, whatever the page's load took).
      await schedule(demo, 4_000, 16_000);
      // Polled every 5 s (play-page §4) until live, then the streams call and the player.
      await waitForPlayback(page, 1, 30_000);
      const polls = (await demo.requests(STATUS_PATH)).filter((r) => r.headers['x-auth-token']);
      assert.ok(polls.length >= 2, `the countdown polled (${polls.length})`);
      const gaps = polls.slice(1).map((r, i) => Date.parse(r.at) - Date.parse(polls[i]!.at));
      assert.ok(gaps.every((g) => g >= 4_500), `every 5 s: ${gaps.join(', ')} ms`);
      assert.equal((await demo.requests(`/services/playback/streams${SLUG}`)).length, 1);
      // The event completes: the player's status poll ends playback on the live-ended screen.
      const ended = page.locator('[data-testid="live-ended-screen"]');
      await ended.waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('h1').innerText(), 'This live event has ended');
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1', 'the heading takes focus');
      assert.equal(await page.locator('[data-testid="error-screen"]').count(), 0, 'not the generic error panel');
      assert.equal(await page.locator('s72-player').count(), 0);
    } finally {
      await context.close();
    }
  });

  it('an event already completed opens on the live-ended screen', { timeout: 240_000 }, async () => {
    await schedule(demo, -20_000, 10_000);
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(LIVE_HASH));
      await page.locator('[data-testid="live-ended-screen"]').waitFor({ timeout: 20_000 });
      assert.match(await mainText(page), /This live event has ended/);
    } finally {
      await context.close();
    }
  });

  it('the live status answering 404 for 12 s: playback goes on, no error', { timeout: 240_000 }, async () => {
    await fastConfiguration(demo, { live_status_frequency: 1 });
    await schedule(demo, -5_000, null);
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(LIVE_HASH));
      await waitForPlayback(page, 1, 30_000);
      const before = (await demo.requests(STATUS_PATH)).length;
      // 404 retried every 5 s (play-page §4): three answers cover 12 s.
      await demo.fault({ path: STATUS_PATH, status: 404, body: { code: 'not_found', message: 'gone for a while' }, times: 3 });
      const start = await page.evaluate(() => (document.querySelector('s72-player') as unknown as { currentTime: number }).currentTime);
      // From the first 404 on (a poll may slip in between counting and the fault).
      const after = async () => {
        const all = (await demo.requests(STATUS_PATH)).slice(before);
        const first = all.findIndex((r) => r.status === 404);
        return first < 0 ? [] : all.slice(first);
      };
      await until(async () => (await after()).some((r, i) => i >= 3 && r.status === 200), 30_000, 'a status answered after the 404s');
      const calls = await after();
      assert.deepEqual(calls.slice(0, 4).map((r) => r.status), [404, 404, 404, 200], 'the 404s were asked again until answered');
      const gaps = calls.slice(1, 4).map((r, i) => Date.parse(r.at) - Date.parse(calls[i]!.at));
      assert.ok(gaps.every((g) => g >= 4_500 && g < 8_000), `retried every 5 s: ${gaps.join(', ')} ms`);
      assert.equal(await page.locator('[data-testid="error-screen"]').count(), 0, 'no error screen');
      const now = await waitForPlayback(page, start + 10, 10_000);
      assert.ok(now > start + 10, 'playback went on');
    } finally {
      await context.close();
    }
  });

  it('the live status answering 403 once: a fresh play token from a second streams call, playback goes on', { timeout: 240_000 }, async () => {
    await fastConfiguration(demo, { live_status_frequency: 1 });
    await schedule(demo, -5_000, null);
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(LIVE_HASH));
      const start = await waitForPlayback(page, 1, 30_000);
      assert.equal((await demo.requests('/services/playback/streams/*')).length, 1);
      await demo.fault({ path: STATUS_PATH, status: 403, body: { code: 'live_stream_expired', message: 'expired' }, times: 1 });
      await until(async () => (await demo.requests('/services/playback/streams/*')).length >= 2, 15_000, 'a second streams call');
      const streams = await demo.requests('/services/playback/streams/*');
      assert.equal(streams.length, 2, 'one more streams call');
      assert.equal(streams[1]!.status, 200);
      // The status is polled on with the fresh token (not the refused one), and the picture keeps going.
      await waitForPlayback(page, start + 5, 15_000);
      const polls = (await demo.requests(STATUS_PATH)).filter((r) => r.headers['x-play-session']);
      const refused = polls.find((r) => r.status === 403);
      assert.ok(refused, 'the player polled with its play token and was refused');
      const later = polls.filter((r) => Date.parse(r.at) > Date.parse(streams[1]!.at));
      assert.ok(later.length >= 1, 'the status is polled again');
      assert.notEqual(later.at(-1)!.headers['x-play-session'], refused.headers['x-play-session'], 'with the fresh play token');
      assert.equal(later.at(-1)!.status, 200);
      assert.equal(await page.locator('[data-testid="error-screen"]').count(), 0, 'no error screen');
      assert.equal(await page.locator('[data-testid="player-screen"]').count(), 1);
    } finally {
      await context.close();
    }
  });
});
