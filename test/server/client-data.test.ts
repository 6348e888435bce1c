/**
 * The content-data client's endpoints of player-and-client §7 on the demo storefront: user plans,
 * playback progress (continue-watching fixtures), the library's relevance order, bundles (and their
 * availability), the five configuration reads and the four feature-toggle reads.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { ADULT, MINOR, fetchJson, useDemoServer } from './helpers.js';

const demo = useDemoServer();
const DAY = 86_400_000;

beforeEach(async () => {
  await fetch(`${demo.url}/__demo/reset`, { method: 'POST' });
});

const auth = (token: string) => ({ headers: { 'x-auth-token': token } });

/** Asserts an ISO date about `days` days before now (within 2 minutes). */
function daysAgo(iso: unknown, days: number, label: string): void {
  assert.equal(typeof iso, 'string', `${label} is a date`);
  const diff = Math.abs(Date.now() - days * DAY - Date.parse(iso as string));
  assert.ok(diff < 120_000, `${label}: ${String(iso)} is about ${days} days ago`);
}

describe('GET /services/content/v1/user_plans', () => {
  test('the adult viewer has plan-basic (active) and plan-archive (expired 5 days ago)', async () => {
    const res = await fetchJson(`${demo.url}/services/content/v1/user_plans`, auth(ADULT));
    assert.equal(res.status, 200);
    const plans = new Map(res.body.plans.map((p: { plan_id: string; expiry: string }) => [p.plan_id, p.expiry]));
    assert.deepEqual([...plans.keys()], ['plan-basic', 'plan-archive']);
    daysAgo(plans.get('plan-basic'), -365, 'plan-basic expiry');
    daysAgo(plans.get('plan-archive'), 5, 'plan-archive expiry');
  });

  test('a viewer without plans gets an empty list; no token gets 401', async () => {
    assert.deepEqual((await fetchJson(`${demo.url}/services/content/v1/user_plans`, auth(MINOR))).body, { plans: [] });
    const anonymous = await fetchJson(`${demo.url}/services/content/v1/user_plans`);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.code, 'unauthorized');
  });
});

describe('GET /services/content/v1/playback_progress/{userId}', () => {
  test('continue-watching fixtures: dates relative to now', async () => {
    const res = await fetchJson(`${demo.url}/services/content/v1/playback_progress/1001`, auth(ADULT));
    assert.equal(res.status, 200);
    const bySlug = new Map<string, any>(res.body.playback_progress.map((p: { item: string }) => [p.item, p]));
    const expect = (slug: string, fields: Record<string, unknown>, days: number): void => {
      const p = bySlug.get(slug);
      assert.ok(p, `${slug} has progress`);
      for (const [k, v] of Object.entries(fields)) assert.equal(p[k], v, `${slug} ${k}`);
      daysAgo(p.last_played_at, days, `${slug} last_played_at`);
      assert.deepEqual(Object.keys(p).sort(), ['completed', 'item', 'last_played_at', 'length', 'play_position']);
    };
    expect('/film/resume-me', { play_position: 600, length: 3600, completed: false }, 2);
    expect('/film/midway-point', { play_position: 1500, length: 5400, completed: false }, 3);
    expect('/film/finished-story', { completed: true }, 1);
    expect('/film/long-ago', { completed: false }, 100);
    expect('/film/short-cut', { length: 90, completed: false }, 1);
    expect('/tv/tide-tables/season/1/episode/1', { completed: true }, 1);
    expect('/tv/old-lighthouse/season/1/episode/1', { completed: true }, 10);
    expect('/tv/old-lighthouse/season/1/episode/2', { completed: true }, 9);
    assert.equal(bySlug.has('/tv/tide-tables/season/1/episode/2'), false, 'the next episode is unwatched');
  });

  test('the next tide-tables episode is available, the one after is coming soon', async () => {
    const res = await fetchJson(
      `${demo.url}/services/content/v1/availabilities?items=/tv/tide-tables/season/1/episode/2,/tv/tide-tables/season/1/episode/3`,
    );
    const [e2, e3] = res.body.availabilities;
    assert.equal(e2.ms_from, 0);
    assert.ok(e3.ms_from > 4 * DAY);
  });

  test('only the token’s own user: 403 forbidden for another user, 401 without a token', async () => {
    assert.equal((await fetchJson(`${demo.url}/services/content/v1/playback_progress/1003`, auth(ADULT))).status, 403);
    assert.equal((await fetchJson(`${demo.url}/services/content/v1/playback_progress/1001`)).status, 401);
    assert.deepEqual((await fetchJson(`${demo.url}/services/content/v1/playback_progress/1003`, auth(MINOR))).body, {
      playback_progress: [],
    });
  });
});

describe('GET /services/content/v4/user_library/{userId}/index', () => {
  test('sort_by=relevance puts the most recently played first, unplayed entries after in catalogue order', async () => {
    const res = await fetchJson(`${demo.url}/services/content/v4/user_library/1001/index?sort_by=relevance`, auth(ADULT));
    assert.equal(res.status, 200);
    const items: string[] = res.body.items.map((i: { item: string }) => i.item);
    assert.deepEqual(items.slice(0, 9), [
      '/film/finished-story', // −1 d (ties keep the catalogue order)
      '/film/short-cut', // −1 d
      '/tv/tide-tables/season/1', // −1 d, through its episode 1
      '/film/resume-me', // −2 d
      '/film/midway-point', // −3 d
      '/tv/old-lighthouse/season/1/episode/2', // −9 d
      '/tv/old-lighthouse/season/1/episode/1', // −10 d
      '/film/long-ago', // −100 d
      '/film/night-harbour', // never played: catalogue order from here
    ]);
    const at = (slug: string) => items.indexOf(slug);
    assert.ok(at('/film/finished-story') < at('/film/resume-me'), 'yesterday before 2 days ago');
    assert.ok(at('/film/resume-me') < at('/film/midway-point'), '2 days ago before 3 days ago');
    assert.ok(at('/film/midway-point') < at('/film/long-ago'), '3 days ago before 100 days ago');
    assert.ok(at('/film/long-ago') < at('/film/night-harbour'), 'played before never played');
    assert.ok(at('/film/night-harbour') < at('/film/clear-skies'), 'unplayed entries keep the catalogue order');
    const plain = await fetchJson(`${demo.url}/services/content/v4/user_library/1001/index`, auth(ADULT));
    assert.equal(plain.body.items[0].item, '/film/night-harbour', 'without sort_by: catalogue order');
  });

  test('the tide-tables season is owned at season level, with the library info shape', async () => {
    const res = await fetchJson(`${demo.url}/services/content/v4/user_library/1001/index?sort_by=relevance`, auth(ADULT));
    const entry = res.body.items.find((i: { item: string }) => i.item === '/tv/tide-tables/season/1');
    assert.ok(entry);
    assert.deepEqual(Object.keys(entry.info).sort(), [
      'available_from',
      'expiry',
      'plan_id',
      'playback_end',
      'playback_start',
      'quality',
      'rental_playback_duration_minutes',
    ]);
    assert.equal(entry.playback_progress, null);
  });
});

describe('GET /services/meta/v1/bundles/{id}', () => {
  test('the three bundles and their shape', async () => {
    for (const [id, items] of [
      ['harbour-collection', ['/film/night-harbour', '/tv/harbour-lights/season/1']],
      ['geoblocked-pair', ['/film/far-shore', '/film/distant-coast']],
      ['empty-shelf', []],
    ] as const) {
      const res = await fetchJson(`${demo.url}/services/meta/v1/bundles/${id}`);
      assert.equal(res.status, 200, id);
      assert.deepEqual(Object.keys(res.body).sort(), [
        'description',
        'id',
        'items',
        'landscape_image',
        'portrait_image',
        'tagline',
        'title',
      ]);
      assert.equal(res.body.id, id);
      assert.deepEqual(res.body.items, items);
    }
  });

  test('an unknown bundle is 404 bundle_not_found', async () => {
    const res = await fetchJson(`${demo.url}/services/meta/v1/bundles/no-such-bundle`);
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'bundle_not_found');
  });

  test('bundle availability: available if any item is, geoblocked if all are, else unavailable', async () => {
    const res = await fetchJson(
      `${demo.url}/services/content/v1/availabilities?items=/bundle/harbour-collection,/bundle/geoblocked-pair,/bundle/empty-shelf,/bundle/nope,/film/far-shore`,
    );
    const tvod = Object.fromEntries(res.body.availabilities.map((a: { slug: string; tvod: string }) => [a.slug, a.tvod]));
    assert.deepEqual(tvod, {
      '/bundle/harbour-collection': 'available',
      '/bundle/geoblocked-pair': 'geoblocked',
      '/bundle/empty-shelf': 'unavailable',
      '/film/far-shore': 'geoblocked',
    });
  });
});

describe('configuration and feature toggles (player-and-client §7, §9)', () => {
  const CONFIGS = {
    users: '/services/users/v1/configuration',
    shopping: '/services/shopping/configuration',
    content: '/services/content/configuration',
    meta: '/services/meta/configuration',
    pricing: '/services/pricing/v1/configuration',
  };

  test('all five configuration reads answer flat objects', async () => {
    const bodies: Record<string, Record<string, unknown>> = {};
    for (const [service, path] of Object.entries(CONFIGS)) {
      const res = await fetchJson(`${demo.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(typeof res.body, 'object', path);
      assert.ok(Object.keys(res.body).length > 0, `${path} is not empty`);
      bodies[service] = res.body;
    }
    assert.equal(bodies['content']!['continue_watching_max_age'], 90);
    assert.equal(bodies['content']!['continue_watching_max_items'], 12);
    assert.equal(bodies['content']!['rental_redeem_period'], 30);
    assert.equal(bodies['shopping']!['rental_redeem_period'], 30);
    assert.equal(bodies['meta']!['season_name'], 'Season');
    assert.equal(bodies['meta']!['image_root_path'], `${demo.url}/media/`);
    assert.equal(bodies['users']!['sign_in_url'], '/signin.html');
    assert.equal(bodies['pricing']!['currency'], 'NZD');
  });

  test('the four feature-toggle reads; pricing has none', async () => {
    for (const path of [
      '/services/users/v1/feature_toggles',
      '/services/shopping/feature_toggles',
      '/services/content/feature_toggles',
      '/services/meta/feature_toggles',
    ]) {
      const res = await fetchJson(`${demo.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(res.body.feature_toggles.cast, true, path);
    }
    assert.equal((await fetchJson(`${demo.url}/services/pricing/v1/feature_toggles`)).status, 404);
  });
});

describe('entitlement of the new titles (streams)', () => {
  const streams = (slug: string, token: string) =>
    fetchJson(`${demo.url}/services/playback/streams${slug}`, { method: 'POST', headers: { 'x-auth-token': token } });

  test('plan-pick: the adult viewer plays it through plan-basic; a viewer without the plan gets no_user_plan', async () => {
    assert.equal((await streams('/film/plan-pick', ADULT)).status, 200);
    const minor = await streams('/film/plan-pick', MINOR);
    assert.equal(minor.status, 403);
    assert.equal(minor.body.code, 'no_user_plan');
  });

  test('tide-tables: a season-level library entry entitles its episodes; episode 3 is coming soon', async () => {
    assert.equal((await streams('/tv/tide-tables/season/1/episode/2', ADULT)).status, 200);
    const soon = await streams('/tv/tide-tables/season/1/episode/3', ADULT);
    assert.equal(soon.status, 403);
    assert.equal(soon.body.code, 'unavailable');
  });
});
