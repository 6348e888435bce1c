/** Metadata, availability, configuration, toggles, devices and PIN calls (play-page §7, player-and-client §7). */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { ADULT, MINOR, fetchJson, postJson, useDemoServer } from './helpers.js';

const demo = useDemoServer();
const DAY = 86_400_000;

beforeEach(async () => {
  await fetch(`${demo.url}/__demo/reset`, { method: 'POST' });
});

async function availabilities(slugs: string[]) {
  return fetchJson(`${demo.url}/services/content/v1/availabilities?items=${slugs.map(encodeURIComponent).join(',')}`);
}

function near(actualIso: string | null, expectedMs: number, label: string): void {
  assert.equal(typeof actualIso, 'string', `${label} is a date`);
  const diff = Math.abs(Date.parse(actualIso as string) - expectedMs);
  assert.ok(diff < 120_000, `${label}: ${actualIso} is within 2 minutes of ${new Date(expectedMs).toISOString()}`);
}

describe('GET /services/content/v1/availabilities', () => {
  test('coming soon: from = now + 2 days, ms_from counts down', async () => {
    const res = await availabilities(['/film/first-light']);
    assert.equal(res.status, 200);
    assert.equal(res.body.availabilities.length, 1);
    const [a] = res.body.availabilities;
    assert.equal(a.slug, '/film/first-light');
    near(a.from, Date.now() + 2 * DAY, 'from');
    assert.equal(a.to, null);
    assert.ok(Math.abs(a.ms_from - 2 * DAY) < 120_000, `ms_from ${a.ms_from}`);
    assert.equal(a.requires_pin_code, false);
    assert.equal(a.tvod, 'available');
    assert.deepEqual(a.plan_ids, []);
    assert.equal(a.live, null);
  });

  test('expired: to = now - 10 days, ms_from 0', async () => {
    const [a] = (await availabilities(['/film/old-reel'])).body.availabilities;
    near(a.to, Date.now() - 10 * DAY, 'to');
    assert.ok(Date.parse(a.from) < Date.parse(a.to));
    assert.equal(a.ms_from, 0);
  });

  test('the full shape, PIN, plans, rentals, live and episodes', async () => {
    const res = await availabilities([
      '/film/night-harbour',
      '/film/quiet-room',
      '/film/members-only',
      '/film/long-weekend',
      '/film/live-gala',
      '/tv/harbour-lights/season/1/episode/1',
      '/tv/harbour-lights/season/1/episode/2',
      '/film/night-harbour/bonus/1',
    ]);
    const bySlug = new Map(res.body.availabilities.map((a: { slug: string }) => [a.slug, a]));
    const nh: any = bySlug.get('/film/night-harbour');
    assert.deepEqual(Object.keys(nh).sort(), [
      'from',
      'live',
      'ms_from',
      'plan_ids',
      'rental_duration_minutes',
      'rental_playback_duration_minutes',
      'requires_pin_code',
      'slug',
      'to',
      'tvod',
    ]);
    assert.equal(nh.ms_from, 0);
    assert.equal((bySlug.get('/film/quiet-room') as any).requires_pin_code, true);
    assert.deepEqual((bySlug.get('/film/members-only') as any).plan_ids, ['plan-premium']);
    assert.equal((bySlug.get('/film/long-weekend') as any).rental_playback_duration_minutes, 120);
    assert.deepEqual((bySlug.get('/film/live-gala') as any).live, { status: 'planned', started_at: null, completed_at: null });
    assert.equal((bySlug.get('/tv/harbour-lights/season/1/episode/1') as any).ms_from, 0);
    assert.ok((bySlug.get('/tv/harbour-lights/season/1/episode/2') as any).ms_from > DAY);
    assert.ok(bySlug.has('/film/night-harbour/bonus/1'));
  });

  test('unknown slugs are left out', async () => {
    const res = await availabilities(['/film/night-harbour', '/film/nope']);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.availabilities.map((a: { slug: string }) => a.slug), ['/film/night-harbour']);
  });

  test('100 slugs per call at most', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => (i === 0 ? '/film/night-harbour' : `/film/x-${i}`));
    const ok = await availabilities(hundred);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.availabilities.length, 1);
    const tooMany = await availabilities([...hundred, '/film/x-100']);
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.code, 'too_many_items');
  });

  test('/__demo/availability moves a window relative to now', async () => {
    await postJson(`${demo.url}/__demo/availability`, { slug: '/film/first-light', fromInMs: 3000 });
    const [a] = (await availabilities(['/film/first-light'])).body.availabilities;
    assert.ok(a.ms_from > 0 && a.ms_from <= 3000, `ms_from ${a.ms_from}`);
  });
});

describe('GET /services/meta/v2/film/{ids}/show_multiple', () => {
  test('found and missing ids', async () => {
    const res = await fetchJson(`${demo.url}/services/meta/v2/film/night-harbour,no-such-film,clear-skies/show_multiple`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.films.map((f: { id: string }) => f.id), ['night-harbour', 'clear-skies']);
    const film = res.body.films[0];
    assert.equal(film.slug, '/film/night-harbour');
    assert.equal(film.title, 'Night Harbour');
    assert.equal(typeof film.tagline, 'string');
    assert.equal(typeof film.overview, 'string');
    assert.equal(new Date(film.release_date).toISOString(), film.release_date);
    assert.equal(typeof film.runtime, 'number');
    assert.deepEqual(Object.keys(film.image_urls).sort(), ['bg', 'landscape', 'portrait']);
    assert.ok(film.image_urls.landscape.startsWith(`${demo.url}/media/`));
    assert.equal(film.bonuses.length, 1);
    assert.equal(film.bonuses[0].slug, '/film/night-harbour/bonus/1');
    assert.equal(film.bonuses[0].number, 1);
    assert.ok(Array.isArray(film.classifications) && Array.isArray(film.genres) && Array.isArray(film.languages));
    assert.ok(Array.isArray(film.subtitle_tracks) && Array.isArray(film.recommendations));
  });

  test('only missing ids: an empty list, still 200', async () => {
    const res = await fetchJson(`${demo.url}/services/meta/v2/film/nope/show_multiple`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { films: [] });
  });

  test('hard-edge is classified 18+', async () => {
    const res = await fetchJson(`${demo.url}/services/meta/v2/film/hard-edge/show_multiple`);
    assert.equal(res.body.films[0].classifications[0].minimum_age, 18);
  });
});

describe('GET /services/meta/v2/tv/season/show_multiple', () => {
  test('harbour-lights season 1', async () => {
    const res = await fetchJson(`${demo.url}/services/meta/v2/tv/season/show_multiple?items=/tv/harbour-lights/season/1,/tv/nope/season/9`);
    assert.equal(res.status, 200);
    assert.equal(res.body.seasons.length, 1);
    const season = res.body.seasons[0];
    assert.equal(season.slug, '/tv/harbour-lights/season/1');
    assert.equal(season.season_num, 1);
    assert.equal(season.show_info.title, 'Harbour Lights');
    assert.deepEqual(season.show_info.available_seasons, ['/tv/harbour-lights/season/1']);
    assert.deepEqual(season.episodes.map((e: { slug: string }) => e.slug), [
      '/tv/harbour-lights/season/1/episode/1',
      '/tv/harbour-lights/season/1/episode/2',
    ]);
    assert.equal(season.bonuses[0].slug, '/tv/harbour-lights/season/1/bonus/1');
  });
});

describe('configuration, toggles, devices', () => {
  test('meta and content configuration', async () => {
    const meta = await fetchJson(`${demo.url}/services/meta/configuration`);
    assert.deepEqual(meta.body, {
      player_resume: true,
      minimum_purchase_age: 18,
      season_name: 'Season',
      image_root_path: `${demo.url}/media/`,
      sign_in_url: '/signin.html',
      devices_url: '/devices.html',
      app_url: 'https://apps.example.com/s72',
      // Casting on, with the demo receiver app id (player-and-client §5: enabled and an app id).
      cast_enabled: true,
      cast_app_id: '5720DE30',
    });
    const content = await fetchJson(`${demo.url}/services/content/configuration`);
    assert.equal(content.body.heartbeat_frequency, 30);
    assert.equal(content.body.continue_watching_max_items, 12);
  });

  test('feature toggles on the three services', async () => {
    for (const path of ['/services/meta/feature_toggles', '/services/content/feature_toggles', '/services/users/v1/feature_toggles']) {
      const res = await fetchJson(`${demo.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(res.body.feature_toggles.block_firefox, false);
      assert.equal(res.body.feature_toggles.iphone_fullscreen, true);
    }
  });

  test('device matrix', async () => {
    const res = await fetchJson(`${demo.url}/supported-devices.json`, { headers: { origin: 'http://embedder.test' } });
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://embedder.test');
    const names = res.body.browsers.map((b: { name: string }) => b.name);
    assert.deepEqual(names, ['Chrome', 'Edge', 'Firefox', 'Opera', 'Safari']);
    assert.equal(res.body.browsers[0].platforms.Linux, 'maybe');
    assert.equal(res.body.browsers[4].platforms.iOS, 'yes');
    assert.equal(res.body.browsers[4].platforms['Windows 11'], 'no');
  });
});

describe('PIN codes', () => {
  const verify = (pin: unknown, token = ADULT) => postJson(`${demo.url}/services/users/v1/user_pin_codes/verify`, { pin }, { 'x-auth-token': token });

  test('exists', async () => {
    const adult = await fetchJson(`${demo.url}/services/users/v1/user_pin_codes/exists`, { headers: { 'x-auth-token': ADULT } });
    assert.deepEqual(adult.body, { result: true });
    const minor = await fetchJson(`${demo.url}/services/users/v1/user_pin_codes/exists`, { headers: { 'x-auth-token': MINOR } });
    assert.deepEqual(minor.body, { result: false });
  });

  test('right PIN, wrong PIN, lock-out after 5 failures, reset', async () => {
    assert.deepEqual((await verify('1234')).body, { result: true });
    for (let i = 1; i <= 4; i++) {
      const res = await verify('0000');
      assert.equal(res.status, 403);
      assert.equal(res.body.code, 'incorrect_pin');
      assert.equal(res.body.attempts_remaining, 5 - i);
    }
    const fifth = await verify('');
    assert.equal(fifth.status, 429);
    assert.equal(fifth.body.code, 'too_many_attempts');
    const locked = await verify('1234');
    assert.equal(locked.body.code, 'too_many_attempts');
    await fetch(`${demo.url}/__demo/reset`, { method: 'POST' });
    assert.equal((await verify('1234')).status, 200);
  });
});
