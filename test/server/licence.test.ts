/** ClearKey licence server, unsupported CDM licences, heartbeat and telemetry recording. */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { ADULT, KEY_B64URL, KID_B64URL, fetchJson, useDemoServer } from './helpers.js';

const demo = useDemoServer();
const CLEARKEY = '/services/license/clearkey';

beforeEach(async () => {
  await fetch(`${demo.url}/__demo/reset`, { method: 'POST' });
});

async function playToken(): Promise<string> {
  const res = await fetchJson(`${demo.url}/services/playback/streams/film/night-harbour`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
  assert.equal(res.status, 200);
  return res.body.play_token as string;
}

function licence(body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) {
  return fetchJson(`${demo.url}${CLEARKEY}`, { method: 'POST', headers, body });
}

describe('POST /services/license/clearkey', () => {
  test('the demo KID gets the demo key (base64url, no padding), and the request is recorded with its token', async () => {
    const token = await playToken();
    const request = JSON.stringify({ kids: [KID_B64URL], type: 'temporary' });
    const res = await licence(request, { 'x-play-token': token, 'content-type': 'application/json' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { keys: [{ kty: 'oct', kid: KID_B64URL, k: KEY_B64URL }], type: 'temporary' });
    assert.equal(Buffer.from(res.body.keys[0].k, 'base64url').toString('hex'), '733732706c617965722d6b6579303031');
    assert.doesNotMatch(res.body.keys[0].k, /[=+/]/);

    const recorded = await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`);
    assert.equal(recorded.body.requests.length, 1);
    const [entry] = recorded.body.requests;
    assert.equal(entry.method, 'POST');
    assert.equal(entry.path, CLEARKEY);
    assert.equal(entry.headers['x-play-token'], token);
    assert.deepEqual(entry.body, { kids: [KID_B64URL], type: 'temporary' });
    assert.equal(entry.status, 200);
    assert.ok(!Number.isNaN(Date.parse(entry.at)));
  });

  test('the body may arrive as text/plain or raw bytes (EME sends an ArrayBuffer)', async () => {
    const request = JSON.stringify({ kids: [KID_B64URL], type: 'temporary' });
    const text = await licence(request, { 'x-auth-token': ADULT, 'content-type': 'text/plain' });
    assert.equal(text.status, 200);
    assert.equal(text.body.keys[0].k, KEY_B64URL);
    const bytes = await licence(new TextEncoder().encode(request), { 'x-auth-token': ADULT, 'content-type': 'application/octet-stream' });
    assert.equal(bytes.status, 200);
    assert.equal(bytes.body.keys[0].k, KEY_B64URL);
    const recorded = await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`);
    assert.deepEqual(
      recorded.body.requests.map((r: { body: unknown; headers: Record<string, string> }) => [r.body, r.headers['x-auth-token']]),
      [
        [{ kids: [KID_B64URL], type: 'temporary' }, ADULT],
        [{ kids: [KID_B64URL], type: 'temporary' }, ADULT],
      ],
    );
  });

  test('an unknown KID: 403 license_denied / unknown_key', async () => {
    const kid = Buffer.from('00112233445566778899aabbccddeeff', 'hex').toString('base64url');
    const res = await licence(JSON.stringify({ kids: [kid], type: 'temporary' }), { 'x-auth-token': ADULT, 'content-type': 'application/json' });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'license_denied');
    assert.equal(res.body.reason, 'unknown_key');
    assert.equal((await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`)).body.requests[0].status, 403);
  });

  test('an unparseable request: 400 (and still recorded)', async () => {
    const res = await licence('{not json', { 'x-auth-token': ADULT, 'content-type': 'application/json' });
    assert.equal(res.status, 400);
    assert.equal(typeof res.body.code, 'string');
    const noKids = await licence('{"type":"temporary"}', { 'x-auth-token': ADULT, 'content-type': 'text/plain' });
    assert.equal(noKids.status, 400);
    assert.equal(noKids.body.code, 'invalid_license_request');
    const recorded = await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`);
    assert.equal(recorded.body.requests.length, 2);
    assert.equal(recorded.body.requests[0].body, '{not json');
  });

  test('needs a viewer', async () => {
    const res = await licence(JSON.stringify({ kids: [KID_B64URL] }), { 'content-type': 'application/json' });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'unauthorized');
  });
});

describe('other key systems', () => {
  const cases: [string, string][] = [
    ['POST', '/services/license/widevine/cenc?d=device-1'],
    ['GET', '/services/license/widevine/cenc'],
    ['POST', '/services/license/playready/cenc'],
    ['POST', '/services/license/fairplay/cenc'],
    ['GET', '/services/license/fairplay/cenc/cert'],
  ];
  for (const [method, path] of cases) {
    test(`${method} ${path}: 501 license_unsupported, recorded`, async () => {
      const res = await fetchJson(`${demo.url}${path}`, {
        method,
        headers: { 'x-auth-token': ADULT, ...(method === 'POST' ? { 'content-type': 'application/octet-stream' } : {}) },
        ...(method === 'POST' ? { body: new Uint8Array([8, 4]) } : {}),
      });
      assert.equal(res.status, 501);
      assert.equal(res.body.code, 'license_unsupported');
      assert.equal(typeof res.body.message, 'string');
      const recorded = await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`);
      assert.equal(recorded.body.requests.length, 1);
      assert.equal(recorded.body.requests[0].path, path.split('?')[0]);
      if (path.includes('?d=')) assert.deepEqual(recorded.body.requests[0].query, { d: 'device-1' });
    });
  }
});

describe('heartbeat and telemetry', () => {
  test('heartbeat answers ok and is recorded; it needs a token', async () => {
    const token = await playToken();
    const res = await fetchJson(`${demo.url}/services/license/heartbeat`, {
      method: 'POST',
      headers: { 'x-play-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ position: 12 }),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok' });
    const anon = await fetchJson(`${demo.url}/services/license/heartbeat`, { method: 'POST' });
    assert.equal(anon.status, 401);
    const beats = await fetchJson(`${demo.url}/__demo/heartbeats?tokens=1`);
    assert.equal(beats.body.requests.length, 2);
    assert.deepEqual(beats.body.requests[0].body, { position: 12 });
    assert.equal(beats.body.requests[0].headers['x-play-token'], token);
    // Heartbeats are not licence requests.
    assert.equal((await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`)).body.requests.length, 0);
  });

  test('play telemetry answers 204 and is recorded', async () => {
    const events = { events: [{ type: 'player-opened', timestamp: 1 }, { type: 'subtitles-on', timestamp: 2 }] };
    const res = await fetch(`${demo.url}/services/license/play_telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': ADULT },
      body: JSON.stringify(events),
    });
    assert.equal(res.status, 204);
    const telemetry = await fetchJson(`${demo.url}/__demo/telemetry`);
    assert.equal(telemetry.body.requests.length, 1);
    assert.deepEqual(telemetry.body.requests[0].body, events);
  });
});
