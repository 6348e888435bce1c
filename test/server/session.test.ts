/**
 * Player session services of the demo storefront (issue 9): heartbeat with the per-viewer
 * concurrent-stream limit (play-page §7, player-and-client §7, §8), player telemetry
 * (player-and-client §3 "Telemetry post body", §5, §7) and their configuration keys.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { ADULT, fetchJson, postJson, useDemoServer } from './helpers.js';
import { DEFAULT_MAX_STREAMS } from '../../demo/server/catalogue.js';

const demo = useDemoServer();
const SOLO = 'demo-solo-token';

beforeEach(async () => {
  assert.equal((await fetchJson(`${demo.url}/__demo/reset`, { method: 'POST' })).status, 200);
});

async function playToken(slug = '/film/night-harbour', auth = ADULT): Promise<string> {
  const res = await fetchJson(`${demo.url}/services/playback/streams${slug}`, { method: 'POST', headers: { 'x-auth-token': auth } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.play_token as string;
}

const heartbeat = (headers: Record<string, string>) => fetchJson(`${demo.url}/services/license/heartbeat`, { method: 'POST', headers });
const beat = (token: string) => heartbeat({ 'x-play-session': token });
const clock = (offsetMs: number) => postJson(`${demo.url}/__demo/clock`, { offsetMs });

describe('heartbeat', () => {
  test('401 without a play token, with an unknown one, or with only an auth token', async () => {
    const cases: Record<string, string>[] = [{}, { 'x-play-session': 'not.a.token' }, { 'x-auth-token': ADULT }];
    for (const headers of cases) {
      const res = await heartbeat(headers);
      assert.equal(res.status, 401, JSON.stringify(headers));
    }
    const ok = await beat(await playToken());
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { status: 'ok' });
  });

  test('a viewer with max_streams 1: a second play token gets 451 too_many_streams, the first keeps working', async () => {
    const first = await playToken('/film/night-harbour', SOLO);
    const second = await playToken('/film/clear-skies', SOLO);
    assert.equal((await beat(first)).status, 200);
    const refused = await beat(second);
    assert.equal(refused.status, 451);
    assert.equal(refused.body.code, 'too_many_streams');
    assert.equal((await beat(first)).status, 200, 'the active session keeps its heartbeat');
    // Another viewer is not counted.
    assert.equal((await beat(await playToken())).status, 200);

    // The first session goes stale after 2 × heartbeat_frequency (60 s) without a heartbeat.
    await clock(61_000);
    assert.equal((await beat(second)).status, 200, 'the stale session no longer counts');
    assert.equal((await beat(first)).status, 451, 'now the first one is the extra stream');
  });

  test(`the default limit is ${DEFAULT_MAX_STREAMS} streams`, async () => {
    const tokens = await Promise.all(Array.from({ length: DEFAULT_MAX_STREAMS + 1 }, () => playToken()));
    for (const token of tokens.slice(0, -1)) assert.equal((await beat(token)).status, 200);
    assert.equal((await beat(tokens.at(-1)!)).status, 451);
  });

  test('/__demo/reset clears the stream sessions', async () => {
    const first = await playToken('/film/night-harbour', SOLO);
    const second = await playToken('/film/night-harbour', SOLO);
    assert.equal((await beat(first)).status, 200);
    assert.equal((await beat(second)).status, 451);
    await fetchJson(`${demo.url}/__demo/reset`, { method: 'POST' });
    assert.equal((await beat(second)).status, 200);
  });

  test('403 content_expired once the rental watch window is over', async () => {
    const token = await playToken('/film/long-weekend');
    assert.equal((await beat(token)).status, 200, 'starts the 120-minute watch window');
    await clock(121 * 60_000);
    const res = await beat(token);
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'content_expired');
  });

  test('a heartbeat {"state":"stopped"} releases the stream session at once (issue 22 item 4)', async () => {
    const stop = (token: string) =>
      fetchJson(`${demo.url}/services/license/heartbeat`, {
        method: 'POST',
        headers: { 'x-play-session': token, 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'stopped' }),
      });
    // The four-stream viewer watches four titles, closes them all, and opens a fifth within a minute.
    const closed = await Promise.all(Array.from({ length: DEFAULT_MAX_STREAMS }, () => playToken()));
    for (const token of closed) assert.equal((await beat(token)).status, 200);
    const fifth = await playToken('/film/clear-skies');
    assert.equal((await beat(fifth)).status, 451, 'the limit holds while the four play');
    for (const token of closed) {
      const res = await stop(token);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { status: 'ok' });
    }
    assert.equal((await beat(fifth)).status, 200, 'the stopped sessions no longer count');
    // A stop of a token without a session is fine; a stop needs a play token.
    assert.equal((await stop(await playToken())).status, 200);
    assert.equal((await stop('not.a.token')).status, 401);
    // The one-stream viewer: a stop frees the slot for the next title at once.
    const first = await playToken('/film/night-harbour', SOLO);
    const second = await playToken('/film/clear-skies', SOLO);
    assert.equal((await beat(first)).status, 200);
    assert.equal((await beat(second)).status, 451);
    assert.equal((await stop(first)).status, 200);
    assert.equal((await beat(second)).status, 200);
  });

  test('a stop does not start a rental watch window', async () => {
    const token = await playToken('/film/long-weekend');
    const stopped = await fetchJson(`${demo.url}/services/license/heartbeat`, {
      method: 'POST',
      headers: { 'x-play-session': token, 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'stopped' }),
    });
    assert.equal(stopped.status, 200);
    await clock(121 * 60_000);
    assert.equal((await beat(token)).status, 200, 'the window starts with the first real heartbeat');
  });

  test('403 content_expired once the availability has ended', async () => {
    const token = await playToken();
    assert.equal((await beat(token)).status, 200);
    await postJson(`${demo.url}/__demo/availability`, { slug: '/film/night-harbour', toInMs: -1000 });
    const res = await beat(token);
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'content_expired');
  });
});

describe('player telemetry', () => {
  const URL_PATH = '/services/license/player_telemetry';
  const body = (over: Record<string, unknown> = {}) => ({
    ts: Date.now(),
    slug: '/film/night-harbour',
    player: 'shaka',
    elapsed: 30,
    buffered: 12.5,
    bitrate: 279000,
    estbitrate: 1_200_000,
    seeked: false,
    position: 42.1,
    length: 60,
    droppedFrames: 0,
    adBlocked: false,
    ...over,
  });
  const post = (payload: unknown, headers: Record<string, string>) =>
    fetchJson(`${demo.url}${URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    });

  test('401 without a valid play token or auth token; the auth token is the fallback credential (§6)', async () => {
    assert.equal((await post(body(), {})).status, 401);
    assert.equal((await post(body(), { 'x-auth-token': 'not-a-viewer' })).status, 401);
    assert.equal((await post(body(), { 'x-play-session': 'a.b.c' })).status, 401);
    assert.equal((await post(body(), { 'x-auth-token': ADULT })).status, 204);
  });

  test('400 invalid_body unless every field is there', async () => {
    const token = await playToken();
    for (const field of ['ts', 'slug', 'player', 'elapsed', 'buffered', 'bitrate', 'estbitrate', 'seeked', 'position', 'length', 'droppedFrames', 'adBlocked']) {
      const payload: Record<string, unknown> = body();
      delete payload[field];
      const res = await post(payload, { 'x-play-session': token });
      assert.equal(res.status, 400, field);
      assert.equal(res.body.code, 'invalid_body', field);
    }
    assert.equal((await post(body({ position: 'x' }), { 'x-play-session': token })).body.code, 'invalid_body');
    assert.equal((await post([], { 'x-play-session': token })).body.code, 'invalid_body');
  });

  test('400 telemetry_timestamp_invalid_range when ts is more than an hour from the server clock', async () => {
    const token = await playToken();
    const old = await post(body({ ts: Date.now() - 3600_000 - 60_000 }), { 'x-play-session': token });
    assert.equal(old.status, 400);
    assert.deepEqual(old.body.code, 'telemetry_timestamp_invalid_range');
    assert.equal((await post(body({ ts: Date.now() - 3500_000 }), { 'x-play-session': token })).status, 204);
    // The demo clock moves the server's idea of now.
    await clock(2 * 3600_000);
    const skewed = await post(body(), { 'x-play-session': token });
    assert.equal(skewed.status, 400);
    assert.equal(skewed.body.code, 'telemetry_timestamp_invalid_range');
  });

  test('204, recorded by /__demo/telemetry with the token redacted', async () => {
    const token = await playToken();
    const res = await post(body(), { 'x-play-session': token });
    assert.equal(res.status, 204);
    const recorded = await fetchJson(`${demo.url}/__demo/telemetry`);
    const posts = recorded.body.requests.filter((r: { path: string }) => r.path === URL_PATH);
    assert.equal(posts.length, 1);
    assert.equal(posts[0].body.player, 'shaka');
    assert.equal(posts[0].headers['x-play-session'], '[redacted]');
  });
});

test('GET /services/content/configuration names the session services', async () => {
  const res = await fetchJson(`${demo.url}/services/content/configuration`);
  assert.equal(res.status, 200);
  assert.equal(res.body.heartbeat_uri, '/services/license/heartbeat');
  assert.equal(res.body.heartbeat_frequency, 30);
  assert.equal(res.body.player_telemetry_uri, '/services/license/player_telemetry');
  assert.equal(res.body.telemetry_frequency, 30);
  assert.equal(res.body.live_status_base_url, '/services/live/v1/streamstatus');
  assert.equal(res.body.live_status_frequency, 15);
});
