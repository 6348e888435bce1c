/** ClearKey licence server, unsupported CDM licences, heartbeat and telemetry recording. */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { ADULT, KEY_B64URL, KID_B64URL, fetchJson, playTokenFor, useDemoServer } from './helpers.js';

const demo = useDemoServer();
const CLEARKEY = '/services/license/clearkey';

beforeEach(async () => {
  await fetch(`${demo.url}/__demo/reset`, { method: 'POST' });
});

const playToken = (): Promise<string> => playTokenFor(demo.url, '/film/night-harbour');

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
    const token = await playToken();
    const request = JSON.stringify({ kids: [KID_B64URL], type: 'temporary' });
    const text = await licence(request, { 'x-play-token': token, 'content-type': 'text/plain' });
    assert.equal(text.status, 200);
    assert.equal(text.body.keys[0].k, KEY_B64URL);
    const bytes = await licence(new TextEncoder().encode(request), { 'x-play-session': token, 'content-type': 'application/octet-stream' });
    assert.equal(bytes.status, 200);
    assert.equal(bytes.body.keys[0].k, KEY_B64URL);
    const recorded = await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`);
    assert.deepEqual(
      recorded.body.requests.map((r: { body: unknown; headers: Record<string, string> }) => [r.body, r.headers['x-play-token'] ?? r.headers['x-play-session']]),
      [
        [{ kids: [KID_B64URL], type: 'temporary' }, token],
        [{ kids: [KID_B64URL], type: 'temporary' }, token],
      ],
    );
  });

  test('an unknown KID: 403 license_denied / unknown_key', async () => {
    const kid = Buffer.from('00112233445566778899aabbccddeeff', 'hex').toString('base64url');
    const res = await licence(JSON.stringify({ kids: [kid], type: 'temporary' }), { 'x-play-token': await playToken(), 'content-type': 'application/json' });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'license_denied');
    assert.equal(res.body.reason, 'unknown_key');
    assert.equal((await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`)).body.requests[0].status, 403);
  });

  test('an unparseable request: 400 (and still recorded)', async () => {
    const token = await playToken();
    const res = await licence('{not json', { 'x-play-token': token, 'content-type': 'application/json' });
    assert.equal(res.status, 400);
    assert.equal(typeof res.body.code, 'string');
    const noKids = await licence('{"type":"temporary"}', { 'x-play-token': token, 'content-type': 'text/plain' });
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

describe('Widevine, PlayReady and FairPlay (demo licence format, demo/server/drm.ts)', () => {
  const challenge = (kids: string[] = [KID_B64URL]) => new TextEncoder().encode(JSON.stringify({ kids }));
  let token = '';
  beforeEach(async () => {
    token = await playToken();
  });
  const post = (path: string, body: BodyInit, headers: Record<string, string> = { 'x-play-token': token }) =>
    fetch(`${demo.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers }, body });
  const recorded = async () => (await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`)).body.requests;

  test('Widevine certificate: GET at the licence path with d; 400 device_id_required without', async () => {
    const res = await fetch(`${demo.url}/services/license/widevine/cenc?d=device-0001`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/octet-stream');
    assert.equal(Buffer.from(await res.arrayBuffer()).toString(), 'S72-DEMO-WIDEVINE-SERVICE-CERTIFICATE');
    const without = await fetchJson(`${demo.url}/services/license/widevine/cenc`);
    assert.equal(without.status, 400);
    assert.equal(without.body.code, 'device_id_required');
  });

  test('Widevine licence: needs d and a viewer; answers the licence for known key ids, recorded with the query', async () => {
    const res = await post('/services/license/widevine/cenc?d=device-0001', challenge());
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(Buffer.from(await res.arrayBuffer()).toString()), {
      keySystem: 'com.widevine.alpha',
      kids: [KID_B64URL],
      deviceId: 'device-0001',
    });
    assert.equal((await post('/services/license/widevine/cenc', challenge())).status, 400);
    assert.equal((await post('/services/license/widevine/cenc?d=device-0001', challenge(), {})).status, 401);
    const requests = await recorded();
    assert.equal(requests.length, 3);
    assert.deepEqual(requests[0].query, { d: 'device-0001' });
    assert.equal(requests[0].headers['x-play-token'], token);
  });

  test('PlayReady licence: a viewer and known key ids; an unknown key id is 403 {reason: unknown_key}', async () => {
    const res = await post('/services/license/playready/cenc', challenge());
    assert.equal(res.status, 200);
    assert.equal(JSON.parse(Buffer.from(await res.arrayBuffer()).toString()).keySystem, 'com.microsoft.playready');
    const denied = await post('/services/license/playready/cenc', challenge(['AAAAAAAAAAAAAAAAAAAAAA']));
    assert.equal(denied.status, 403);
    assert.equal((await denied.json()).reason, 'unknown_key');
    const bad = await post('/services/license/playready/cenc', new Uint8Array([8, 4]));
    assert.equal(bad.status, 400);
  });

  test('FairPlay: the certificate, then spc (form body) in, <ckc> out; 400 without spc', async () => {
    const cert = await fetch(`${demo.url}/services/license/fairplay/cenc/cert`);
    assert.equal(cert.status, 200);
    assert.equal(Buffer.from(await cert.arrayBuffer()).toString(), 'S72-DEMO-FAIRPLAY-APPLICATION-CERTIFICATE');
    const spc = Buffer.from(challenge()).toString('base64');
    const form = { 'x-play-token': token, 'content-type': 'application/x-www-form-urlencoded' };
    const res = await fetch(`${demo.url}/services/license/fairplay/cenc`, { method: 'POST', headers: form, body: new URLSearchParams({ spc }).toString() });
    assert.equal(res.status, 200);
    const text = await res.text();
    const match = /^<ckc>([A-Za-z0-9+/=]+)<\/ckc>$/.exec(text);
    assert.ok(match, text);
    assert.deepEqual(JSON.parse(Buffer.from(match[1]!, 'base64').toString()), { keySystem: 'com.apple.fps', kids: [KID_B64URL] });
    const missing = await fetch(`${demo.url}/services/license/fairplay/cenc`, { method: 'POST', headers: form, body: 'other=1' });
    assert.equal(missing.status, 400);
    assert.equal((await missing.json()).code, 'invalid_license_request');
    const requests = await recorded();
    assert.equal(requests.at(-2).path, '/services/license/fairplay/cenc');
  });

  test('the manifest proxy fetches /media/ URLs of the storefront only', async () => {
    const target = `${demo.url}/media/feature/dash/manifest.mpd`;
    const res = await fetch(`${demo.url}/services/manifest-proxy?url=${encodeURIComponent(target)}`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<MPD/);
    for (const url of ['https://example.com/media/x.mpd', `${demo.url}/services/users/detail/users`, 'not a url']) {
      const refused = await fetchJson(`${demo.url}/services/manifest-proxy?url=${encodeURIComponent(url)}`);
      assert.equal(refused.status, 400, url);
      assert.equal(refused.body.code, 'invalid_proxy_url');
    }
  });
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
