/**
 * Play telemetry of the play page (play-page §7): `player-opened` when playback starts, flushed on
 * pagehide to `POST /services/license/play_telemetry`, tokens in a header only. Needs `dist-shell/` built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo, type RecordedRequest } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

async function telemetryUntil(demo: Demo, done: (requests: RecordedRequest[]) => boolean, timeoutMs = 10_000): Promise<RecordedRequest[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const requests = await demo.requests('/services/license/play_telemetry');
    if (done(requests) || Date.now() > deadline) return requests;
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Body = { events?: Array<{ event: string; slug: string; data?: Record<string, unknown> }> };
const eventsOf = (requests: RecordedRequest[]) => requests.flatMap((r) => (r.body as Body)?.events ?? []);

describe('play page: play telemetry', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('player-opened for the slug is sent when the page is left, with the token in a header and none in the body', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}`));
      await waitForPlayback(page, 1);
      // Batched (30 s from the configuration): nothing is sent yet.
      assert.equal((await demo.requests('/services/license/play_telemetry')).length, 0);
      await page.goto('about:blank'); // pagehide flushes with keepalive
      const requests = await telemetryUntil(demo, (rs) => eventsOf(rs).some((e) => e.event === 'player-opened'));
      const opened = eventsOf(requests).filter((e) => e.event === 'player-opened');
      assert.equal(opened.length, 1, JSON.stringify(eventsOf(requests)));
      assert.equal(opened[0]!.slug, '/film/night-harbour');
      for (const r of requests) {
        assert.equal(r.method, 'POST');
        assert.equal(r.headers['x-auth-token'], TOKENS.adult);
        assert.ok(!JSON.stringify(r.body).includes(TOKENS.adult), 'no auth token in the body');
        assert.ok(!/token/i.test(JSON.stringify(r.body)), `no token field: ${JSON.stringify(r.body)}`);
      }
    } finally {
      await context.close();
    }
  });

  it('switching subtitles and audio sends subtitles-on, subtitles-off and audio-track-changed', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`));
      await waitForPlayback(page, 1);
      // The viewer's choices, made through the element's track API (what a settings menu calls).
      await page.evaluate(`(async () => {
        const player = document.querySelector('s72-player');
        const wait = (test) => new Promise((resolve) => {
          const check = () => (test() ? resolve() : setTimeout(check, 50));
          check();
        });
        const arabic = player.tracks.text.find((t) => t.language === 'ar');
        player.selectTextTrack(arabic.id);
        await wait(() => player.tracks.text.some((t) => t.active && t.language === 'ar'));
        player.selectTextTrack(null);
        await wait(() => player.tracks.text.every((t) => !t.active));
        const french = player.tracks.audio.find((t) => t.language === 'fr');
        player.selectAudioTrack(french.id);
        await wait(() => player.tracks.audio.some((t) => t.active && t.language === 'fr'));
      })()`);
      await page.goto('about:blank'); // pagehide flushes
      const wanted = ['subtitles-on', 'subtitles-off', 'audio-track-changed'];
      const requests = await telemetryUntil(demo, (rs) => wanted.every((name) => eventsOf(rs).some((e) => e.event === name)));
      const events = eventsOf(requests).filter((e) => wanted.includes(e.event));
      assert.deepEqual(
        events.map((e) => [e.event, e.slug, e.data?.['language']]),
        [
          ['subtitles-on', '/film/clear-skies', 'ar'],
          ['subtitles-off', '/film/clear-skies', 'ar'],
          ['audio-track-changed', '/film/clear-skies', 'fr'],
        ],
      );
    } finally {
      await context.close();
    }
  });

  it('m (telemetry url) is used when it is on the storefront origin and ignored when it is off-site', { timeout: 120_000 }, async () => {
    for (const [m, expectedVia] of [
      [`${demo.url}/services/license/play_telemetry?via=m`, 'm'],
      ['https://telemetry.evil.example/collect', undefined],
    ] as const) {
      await demo.reset();
      const { context, page } = await newPage(browser);
      try {
        await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}&m=${encodeURIComponent(m)}`));
        await waitForPlayback(page, 1);
        await page.goto('about:blank');
        const requests = await telemetryUntil(demo, (rs) => eventsOf(rs).some((e) => e.event === 'player-opened'));
        assert.ok(requests.length > 0, `telemetry sent for m=${m}`);
        for (const request of requests) assert.equal(request.query['via'], expectedVia, `m=${m}: ${JSON.stringify(request.query)}`);
      } finally {
        await context.close();
      }
    }
  });

  it('a critical player error sends player-error with its code', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await demo.fault({ path: '/services/license/clearkey', status: 403, body: { code: 'license_denied', reason: 'test' } });
      await page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}`));
      await page.locator('[data-testid="error-code"]').waitFor({ timeout: 30_000 });
      await page.goto('about:blank');
      const requests = await telemetryUntil(demo, (rs) => eventsOf(rs).some((e) => e.event === 'player-error'));
      const errors = eventsOf(requests).filter((e) => e.event === 'player-error');
      assert.equal(errors.length, 1, JSON.stringify(eventsOf(requests)));
      assert.equal(errors[0]!.slug, '/film/night-harbour');
      assert.equal(typeof errors[0]!.data?.['code'], 'string');
    } finally {
      await context.close();
    }
  });
});
