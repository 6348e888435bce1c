/** Streams and playlist calls (play-page §7) against the demo catalogue's slugs. */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { ADULT, MINOR, NODOB, SOLO, decodeTokenPayload, fetchJson, postJson, useDemoServer } from './helpers.js';

const demo = useDemoServer();

function streams(slug: string, headers: Record<string, string> = { 'x-auth-token': ADULT }) {
  return fetchJson(`${demo.url}/services/playback/streams${slug}`, { method: 'POST', headers });
}

beforeEach(async () => {
  assert.equal((await fetchJson(`${demo.url}/__demo/reset`, { method: 'POST' })).status, 200);
});

describe('POST /services/playback/streams{slug}', () => {
  test('night-harbour: CENC DASH first, then clear HLS and MP4, absolute URLs, a play token', async () => {
    const res = await streams('/film/night-harbour');
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), [
      'ad_tag',
      'chapters',
      'default_subtitle_language',
      'play_token',
      'playback_progress',
      'streams',
      'watch_window_duration',
      'will_trigger_watch_window',
    ]);
    // The protected film comes from the play session's own media path (A/B forensic marking, issue 27 item 3).
    assert.match(res.body.streams[0].url, new RegExp(`^${demo.url}/media/s/[0-9a-f]{32}/feature/dash-cenc/manifest\\.mpd$`));
    assert.deepEqual(res.body.streams, [
      { url: res.body.streams[0].url, encoding_type: 'dash', drm_type: ['clearkey'] },
      { url: `${demo.url}/media/feature/hls/master.m3u8`, encoding_type: 'hls', drm_type: [] },
      { url: `${demo.url}/media/feature/mp4/feature.mp4`, encoding_type: 'mp4', drm_type: [] },
    ]);
    for (const s of res.body.streams) assert.equal(new URL(s.url).origin, demo.url);
    assert.equal(res.body.ad_tag, null);
    assert.equal(res.body.will_trigger_watch_window, false);
    assert.equal(res.body.watch_window_duration, null);
    assert.equal(res.body.playback_progress, null);
    assert.equal(res.body.default_subtitle_language, null);
    // issue 27 item 2: the media's WebVTT chapters files, served as text/vtt.
    assert.deepEqual(res.body.chapters, [
      { url: `${demo.url}/media/feature/chapters/en.vtt`, language: 'en' },
      { url: `${demo.url}/media/feature/chapters/ar.vtt`, language: 'ar' },
    ]);
    const vtt = await fetch(res.body.chapters[0].url);
    assert.match(vtt.headers.get('content-type') ?? '', /^text\/vtt/);
    assert.match(await vtt.text(), /^WEBVTT\n\nchapter-1\n00:00:00\.000 --> 00:00:12\.000\nOpening\n/);

    const token: string = res.body.play_token;
    assert.equal(token.split('.').length, 3);
    const payload = decodeTokenPayload(token);
    assert.equal(payload['uid'], 1001);
    assert.equal(payload['s72usr'], 1001);
    assert.equal(payload['slug'], '/film/night-harbour');
    assert.equal(payload['olv'], 0);
    assert.equal(payload['delpol'], 'standard');
    assert.equal(payload['tlmtry'], true);
    assert.equal(typeof payload['token'], 'string');
    assert.equal(typeof payload['exp'], 'number');
  });

  test('each call issues a new play token, usable instead of the auth token', async () => {
    const first = await streams('/film/night-harbour');
    const second = await streams('/film/night-harbour', { 'x-play-token': first.body.play_token });
    assert.equal(second.status, 200);
    assert.notEqual(second.body.play_token, first.body.play_token);
  });

  test('bonus 1 of night-harbour plays the clear DASH', async () => {
    const res = await streams('/film/night-harbour/bonus/1');
    assert.equal(res.status, 200);
    assert.equal(res.body.streams[0].url, `${demo.url}/media/feature/dash/manifest.mpd`);
    assert.deepEqual(res.body.streams[0].drm_type, []);
  });

  test('clear-skies is owned by every viewer; the age rule (minimum_purchase_age 18) still applies', async () => {
    for (const token of [ADULT, SOLO]) {
      const res = await streams('/film/clear-skies', { 'x-auth-token': token });
      assert.equal(res.status, 200);
      assert.equal(res.body.streams[0].encoding_type, 'dash');
      assert.deepEqual(res.body.streams[0].drm_type, []);
    }
    assert.equal((await streams('/film/clear-skies', { 'x-auth-token': MINOR })).body.code, 'age_restricted');
    assert.equal((await streams('/film/clear-skies', { 'x-auth-token': NODOB })).body.code, 'missing_dob');
  });

  test('long-weekend triggers a 120-minute watch window until the window starts', async () => {
    const res = await streams('/film/long-weekend');
    assert.equal(res.status, 200);
    assert.equal(res.body.will_trigger_watch_window, true);
    assert.equal(res.body.watch_window_duration, 120);

    // The first heartbeat with the play token starts the window.
    const hb = await fetchJson(`${demo.url}/services/license/heartbeat`, { method: 'POST', headers: { 'x-play-token': res.body.play_token } });
    assert.equal(hb.status, 200);
    const again = await streams('/film/long-weekend');
    assert.equal(again.body.will_trigger_watch_window, false);
    const library = await fetchJson(`${demo.url}/services/content/v4/user_library/1001/index`, { headers: { 'x-auth-token': ADULT } });
    const entry = library.body.items.find((i: { item: string }) => i.item === '/film/long-weekend');
    const start = Date.parse(entry.info.playback_start);
    assert.equal(Date.parse(entry.info.playback_end) - start, 120 * 60_000);
  });

  test('resume-me carries the saved progress', async () => {
    const res = await streams('/film/resume-me');
    assert.equal(res.status, 200);
    const p = res.body.playback_progress;
    assert.equal(p.play_position, 600);
    assert.equal(p.length, 3600);
    assert.equal(p.completed, false);
    const ago = Date.now() - Date.parse(p.last_played_at);
    assert.ok(Math.abs(ago - 2 * 86_400_000) < 120_000, `last played about 2 days ago, got ${ago} ms`);
  });

  test('live-gala streams carry a broadcast_id (once live; planned = coming soon)', async () => {
    const planned = await streams('/film/live-gala');
    assert.equal(planned.status, 403);
    assert.equal(planned.body.code, 'unavailable');
    await postJson(`${demo.url}/__demo/live-schedule`, { slug: '/film/live-gala', startsInMs: 0 });
    const res = await streams('/film/live-gala');
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.streams[0].broadcast_id, 'string');
    await postJson(`${demo.url}/__demo/live-status`, { slug: '/film/live-gala', status: 'completed' });
    const done = await streams('/film/live-gala');
    assert.equal(done.status, 403);
    assert.equal(done.body.code, 'live_event_completed');
  });

  test('empty-reel answers an empty streams list', async () => {
    const res = await streams('/film/empty-reel');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.streams, []);
    assert.equal(typeof res.body.play_token, 'string');
  });

  test('episode 1 of harbour-lights plays; episode 2 is coming soon', async () => {
    assert.equal((await streams('/tv/harbour-lights/season/1/episode/1')).status, 200);
    assert.equal((await streams('/tv/harbour-lights/season/1/bonus/1')).status, 200);
    const soon = await streams('/tv/harbour-lights/season/1/episode/2');
    assert.equal(soon.status, 403);
    assert.equal(soon.body.code, 'unavailable');
  });

  const errors: [string, string, number, string][] = [
    ['unknown slug', '/film/no-such-film', 404, 'slug_not_found'],
    ['malformed slug', '/film/../etc', 404, 'slug_not_found'],
    ['needs a plan the viewer lacks', '/film/members-only', 403, 'no_user_plan'],
    ['expired', '/film/old-reel', 403, 'availability_expired'],
    ['coming soon', '/film/first-light', 403, 'unavailable'],
    ['a season is not streamable', '/tv/harbour-lights/season/1', 400, 'slug_not_streamable'],
  ];
  for (const [name, slug, status, code] of errors) {
    test(`${name}: ${status} ${code}`, async () => {
      const res = await streams(slug);
      assert.equal(res.status, status, JSON.stringify(res.body));
      assert.equal(res.body.code, code);
      assert.equal(typeof res.body.message, 'string');
    });
  }

  test('not in the library: 403 missing_from_library', async () => {
    const res = await streams('/film/night-harbour', { 'x-auth-token': MINOR });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'missing_from_library');
  });

  test('coming soon becomes playable when the clock passes its start', async () => {
    await postJson(`${demo.url}/__demo/clock`, { offsetMs: 2 * 86_400_000 + 60_000 });
    const res = await streams('/film/first-light');
    assert.equal(res.status, 200);
  });
});

describe('POST /services/playback/playlist{slug}', () => {
  test('sponsored-feature: an ad item (must-view-once) then the feature', async () => {
    const res = await fetchJson(`${demo.url}/services/playback/playlist/film/sponsored-feature`, {
      method: 'POST',
      headers: { 'x-auth-token': ADULT },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      items: [
        {
          id: 'ad-1',
          action: { type: 'play', slug: '/film/demo-ad', playback_mode: 'ad' },
          title: 'Our sponsor',
          skip_policy: 'must-view-once',
          has_watched: false,
        },
        {
          id: 'main',
          action: { type: 'play', slug: '/film/sponsored-feature' },
          title: 'Sponsored Feature',
          skip_policy: 'allowed',
          has_watched: false,
        },
      ],
    });
    // The ad streams as clear MP4 for any signed-in viewer of age, though in no library.
    const ad = await streams('/film/demo-ad', { 'x-auth-token': SOLO });
    assert.equal(ad.status, 200);
    assert.deepEqual(ad.body.streams.map((s: { encoding_type: string }) => s.encoding_type), ['mp4']);
  });

  test('a single title is a one-item playlist; a live event has a live action', async () => {
    const film = await fetchJson(`${demo.url}/services/playback/playlist/film/night-harbour`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
    assert.equal(film.body.items.length, 1);
    assert.deepEqual(film.body.items[0].action, { type: 'play', slug: '/film/night-harbour' });
    const live = await fetchJson(`${demo.url}/services/playback/playlist/film/live-gala`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
    assert.equal(live.body.items[0].action.type, 'live');
  });

  test('needs auth and a known slug', async () => {
    const anon = await fetchJson(`${demo.url}/services/playback/playlist/film/night-harbour`, { method: 'POST' });
    assert.equal(anon.status, 401);
    const unknown = await fetchJson(`${demo.url}/services/playback/playlist/film/nope`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'slug_not_found');
  });
});

describe('live status', () => {
  test('GET /services/live/v1/streamstatus{slug} follows /__demo/live-status', async () => {
    const planned = await fetchJson(`${demo.url}/services/live/v1/streamstatus/film/live-gala`);
    assert.equal(planned.status, 200);
    assert.deepEqual(planned.body.live, { status: 'planned', started_at: null, completed_at: null });
    await postJson(`${demo.url}/__demo/live-status`, { slug: '/film/live-gala', status: 'live' });
    const live = await fetchJson(`${demo.url}/services/live/v1/streamstatus/film/live-gala`);
    assert.equal(live.body.live.status, 'live');
    assert.equal(typeof live.body.live.started_at, 'string');
    const notLive = await fetchJson(`${demo.url}/services/live/v1/streamstatus/film/night-harbour`);
    assert.equal(notLive.status, 404);
    assert.equal(notLive.body.code, 'not_a_live_stream');
  });
});
