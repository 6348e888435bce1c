/** The /__demo/ test-control API: faults, latency, recordings, reset, and turning it off. */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { ADULT, KID_B64URL, fetchJson, fixtureDir, postJson, useDemoServer } from './helpers.js';

const media = fixtureDir({ 'feature/dash/manifest.mpd': '<MPD/>', 'feature/dash/seg-1.m4s': Buffer.alloc(64, 7) });
const demo = useDemoServer({ paths: { media } });
const off = useDemoServer({ control: false });

const CONFIG = '/services/meta/configuration';

beforeEach(async () => {
  await fetch(`${demo.url}/__demo/reset`, { method: 'POST' });
});

describe('POST /__demo/fault', () => {
  test('answers the given status and body until reset', async () => {
    const set = await postJson(`${demo.url}/__demo/fault`, { path: CONFIG, status: 503, body: { code: 'server_busy', message: 'busy' } });
    assert.equal(set.status, 200);
    for (let i = 0; i < 3; i++) {
      const res = await fetchJson(`${demo.url}${CONFIG}`);
      assert.equal(res.status, 503);
      assert.deepEqual(res.body, { code: 'server_busy', message: 'busy' });
      assert.ok(res.headers.get('x-request-id'));
    }
    await fetch(`${demo.url}/__demo/reset`, { method: 'POST' });
    assert.equal((await fetch(`${demo.url}${CONFIG}`)).status, 200);
  });

  test('default body is { code: "demo_fault" }', async () => {
    await postJson(`${demo.url}/__demo/fault`, { path: CONFIG, status: 500 });
    const res = await fetchJson(`${demo.url}${CONFIG}`);
    assert.equal(res.status, 500);
    assert.equal(res.body.code, 'demo_fault');
  });

  test('`times` limits the fault to that many requests', async () => {
    await postJson(`${demo.url}/__demo/fault`, { path: CONFIG, status: 502, times: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${demo.url}${CONFIG}`)).status);
    assert.deepEqual(statuses, [502, 502, 200, 200]);
  });

  test('`probability` faults that share of matching requests (the soak\'s 30 % failures)', async () => {
    const draws = [0.1, 0.5, 0.29, 0.3, 0.95];
    demo.server.state.random = () => draws.shift() ?? 1;
    try {
      await postJson(`${demo.url}/__demo/fault`, { path: CONFIG, status: 503, probability: 0.3 });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await fetch(`${demo.url}${CONFIG}`)).status);
      assert.deepEqual(statuses, [503, 200, 503, 200, 200]);
    } finally {
      demo.server.state.random = Math.random;
    }
    for (const probability of [0, -0.1, 1.5, '0.3']) {
      assert.equal((await postJson(`${demo.url}/__demo/fault`, { path: CONFIG, status: 500, probability })).status, 400);
    }
  });

  test('a prefix path ending with * matches everything below it, including media', async () => {
    await postJson(`${demo.url}/__demo/fault`, { path: '/media/feature/*', status: 404, times: 1 });
    assert.equal((await fetch(`${demo.url}/media/feature/dash/seg-1.m4s`)).status, 404);
    assert.equal((await fetch(`${demo.url}/media/feature/dash/seg-1.m4s`)).status, 200);
    await postJson(`${demo.url}/__demo/fault`, { path: '/services/meta/*', status: 504 });
    assert.equal((await fetch(`${demo.url}${CONFIG}`)).status, 504);
    assert.equal((await fetch(`${demo.url}/services/meta/feature_toggles`)).status, 504);
    assert.equal((await fetch(`${demo.url}/services/content/configuration`)).status, 200);
  });

  test('an exact path does not match longer paths; `method` narrows the match', async () => {
    await postJson(`${demo.url}/__demo/fault`, { path: '/services/meta', status: 500 });
    assert.equal((await fetch(`${demo.url}${CONFIG}`)).status, 200);
    await postJson(`${demo.url}/__demo/fault`, { path: '/services/license/clearkey', status: 403, method: 'POST', body: { code: 'license_denied', reason: 'expired' } });
    const res = await fetchJson(`${demo.url}/services/license/clearkey`, {
      method: 'POST',
      headers: { 'x-auth-token': ADULT, 'content-type': 'application/json' },
      body: JSON.stringify({ kids: [KID_B64URL] }),
    });
    assert.equal(res.status, 403);
    assert.equal(res.body.reason, 'expired');
    // Faulted requests are still recorded.
    const recorded = await fetchJson(`${demo.url}/__demo/licence-requests`);
    assert.equal(recorded.body.requests.length, 1);
    assert.equal(recorded.body.requests[0].status, 403);
  });

  test('faulted answers keep CORS headers; preflights are not faulted', async () => {
    await postJson(`${demo.url}/__demo/fault`, { path: '/services/*', status: 500 });
    const pre = await fetch(`${demo.url}${CONFIG}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://embedder.test', 'access-control-request-method': 'GET' },
    });
    assert.equal(pre.status, 204);
    const res = await fetch(`${demo.url}${CONFIG}`, { headers: { origin: 'http://embedder.test' } });
    assert.equal(res.status, 500);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://embedder.test');
  });

  test('status 0 drops the connection', async () => {
    await postJson(`${demo.url}/__demo/fault`, { path: CONFIG, status: 0, times: 1 });
    await assert.rejects(fetch(`${demo.url}${CONFIG}`));
    assert.equal((await fetch(`${demo.url}${CONFIG}`)).status, 200);
  });

  test('bad rules are refused', async () => {
    assert.equal((await postJson(`${demo.url}/__demo/fault`, { path: 'no-slash', status: 500 })).status, 400);
    assert.equal((await postJson(`${demo.url}/__demo/fault`, { path: CONFIG, status: 99 })).status, 400);
    assert.equal((await postJson(`${demo.url}/__demo/fault`, { path: CONFIG, status: 500, times: 0 })).status, 400);
  });
});

describe('POST /__demo/latency', () => {
  test('delays matching requests only, until reset', async () => {
    // Generous margins: the delay is 800 ms, undelayed answers take a few ms even on a busy machine.
    await postJson(`${demo.url}/__demo/latency`, { path: '/services/meta/*', ms: 800 });
    let start = performance.now();
    assert.equal((await fetch(`${demo.url}${CONFIG}`)).status, 200);
    const slow = performance.now() - start;
    assert.ok(slow >= 790, `delayed ${slow} ms`);

    start = performance.now();
    await fetch(`${demo.url}/services/content/configuration`);
    assert.ok(performance.now() - start < 500, 'other paths are not delayed');

    await fetch(`${demo.url}/__demo/reset`, { method: 'POST' });
    start = performance.now();
    await fetch(`${demo.url}${CONFIG}`);
    assert.ok(performance.now() - start < 500, 'reset removes the latency');
  });

  test('applies to media too, and combines with a fault', async () => {
    await postJson(`${demo.url}/__demo/latency`, { path: '/media/*', ms: 200 });
    await postJson(`${demo.url}/__demo/fault`, { path: '/media/feature/dash/manifest.mpd', status: 500, times: 1 });
    const start = performance.now();
    const res = await fetch(`${demo.url}/media/feature/dash/manifest.mpd`);
    assert.equal(res.status, 500);
    assert.ok(performance.now() - start >= 190);
  });
});

describe('GET /__demo/requests', () => {
  test('records every /services/ call with lower-case headers and query; filters by exact path or prefix', async () => {
    await fetch(`${demo.url}/services/content/v1/availabilities?items=/film/night-harbour`, { headers: { 'X-Auth-Token': ADULT } });
    await fetch(`${demo.url}${CONFIG}`);
    const all = await fetchJson(`${demo.url}/__demo/requests?path=/services/*&tokens=1`);
    assert.deepEqual(all.body.requests.map((r: { path: string }) => r.path), ['/services/content/v1/availabilities', CONFIG]);
    const [first] = all.body.requests;
    assert.equal(first.method, 'GET');
    assert.equal(first.headers['x-auth-token'], ADULT);
    assert.deepEqual(first.query, { items: '/film/night-harbour' });
    const exact = await fetchJson(`${demo.url}/__demo/requests?path=${encodeURIComponent(CONFIG)}`);
    assert.equal(exact.body.requests.length, 1);
    // The control API does not record itself.
    const control = await fetchJson(`${demo.url}/__demo/requests?path=/__demo/*`);
    assert.equal(control.body.requests.length, 0);
  });
});

describe('control off', () => {
  test('every /__demo/ path answers 404 and faults cannot be set', async () => {
    for (const [method, path] of [
      ['POST', '/__demo/reset'],
      ['POST', '/__demo/fault'],
      ['GET', '/__demo/requests'],
      ['GET', '/__demo/licence-requests'],
      ['GET', '/__demo/'],
    ] as const) {
      const res = await fetchJson(`${off.url}${path}`, {
        method,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: CONFIG, status: 500 }) } : {}),
      });
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body.code, 'not_found');
    }
    assert.equal((await fetch(`${off.url}${CONFIG}`)).status, 200);
  });

  test('DEMO_CONTROL=0 is the default switch', async () => {
    const { createDemoServer } = await import('../../demo/server/app.js');
    const previous = process.env['DEMO_CONTROL'];
    process.env['DEMO_CONTROL'] = '0';
    const server = await createDemoServer({ port: 0 });
    try {
      assert.equal((await fetch(`${server.url}/__demo/reset`, { method: 'POST' })).status, 404);
    } finally {
      if (previous === undefined) delete process.env['DEMO_CONTROL'];
      else process.env['DEMO_CONTROL'] = previous;
      await server.close();
    }
  });
});
