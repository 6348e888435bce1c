/** Auth (play-page §6): 401s, x-request-id, play tokens instead of auth tokens, own-data checks. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADULT, MINOR, NODOB, decodeTokenPayload, fetchJson, postJson, useDemoServer } from './helpers.js';

const demo = useDemoServer();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function streamsToken(slug = '/film/night-harbour'): Promise<string> {
  const res = await fetchJson(`${demo.url}/services/playback/streams${slug}`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
  assert.equal(res.status, 200);
  return res.body.play_token as string;
}

describe('401 unauthorized', () => {
  test('without a token: JSON error with a request id', async () => {
    const res = await fetchJson(`${demo.url}/services/users/detail/users`);
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'unauthorized');
    assert.equal(typeof res.body.message, 'string');
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.match(res.headers.get('x-request-id') ?? '', UUID);
  });

  test('with an unknown auth token', async () => {
    const res = await fetchJson(`${demo.url}/services/playback/streams/film/night-harbour`, {
      method: 'POST',
      headers: { 'x-auth-token': 'not-a-viewer' },
    });
    assert.equal(res.status, 401);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'message']);
    assert.equal(res.body.code, 'unauthorized');
    assert.match(res.headers.get('x-request-id') ?? '', UUID);
  });

  test('with an unknown play token, even next to a valid auth token (the play token wins)', async () => {
    const res = await fetchJson(`${demo.url}/services/users/detail/users`, {
      headers: { 'x-auth-token': ADULT, 'x-play-token': 'aaa.bbb.ccc' },
    });
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'unauthorized');
  });

  test('request ids differ per request', async () => {
    const a = await fetch(`${demo.url}/services/meta/configuration`);
    const b = await fetch(`${demo.url}/services/meta/configuration`);
    assert.match(a.headers.get('x-request-id') ?? '', UUID);
    assert.notEqual(a.headers.get('x-request-id'), b.headers.get('x-request-id'));
  });

  test('404s carry a JSON body and a request id too', async () => {
    const res = await fetchJson(`${demo.url}/services/no/such/call`, { method: 'POST' });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'not_found');
    assert.match(res.headers.get('x-request-id') ?? '', UUID);
  });
});

describe('viewers', () => {
  test('user detail of each demo viewer', async () => {
    const expected: [string, number, string | null, string][] = [
      [ADULT, 1001, '1985-04-12', 'adult@example.com'],
      [NODOB, 1002, null, 'nodob@example.com'],
      [MINOR, 1003, '2014-06-01', 'minor@example.com'],
    ];
    for (const [token, user_id, dob, email] of expected) {
      const res = await fetchJson(`${demo.url}/services/users/detail/users`, { headers: { 'x-auth-token': token } });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { account: { user_id, dob, email } });
    }
  });

  test('the auth token is trimmed', async () => {
    const res = await fetchJson(`${demo.url}/services/users/detail/users`, { headers: { 'x-auth-token': `  ${ADULT} ` } });
    assert.equal(res.status, 200);
    assert.equal(res.body.account.user_id, 1001);
  });

  test('a play token identifies its viewer without an auth token', async () => {
    const token = await streamsToken();
    const res = await fetchJson(`${demo.url}/services/users/detail/users`, { headers: { 'x-play-token': token } });
    assert.equal(res.status, 200);
    assert.equal(res.body.account.user_id, 1001);
  });

  test('the user library answers only for the token’s own user', async () => {
    const own = await fetchJson(`${demo.url}/services/content/v4/user_library/1001/index?sort_by=relevance`, {
      headers: { 'x-auth-token': ADULT },
    });
    assert.equal(own.status, 200);
    assert.ok(own.body.items.some((i: { item: string }) => i.item === '/film/night-harbour'));
    const other = await fetchJson(`${demo.url}/services/content/v4/user_library/1003/index`, { headers: { 'x-auth-token': ADULT } });
    assert.equal(other.status, 403);
    assert.equal(other.body.code, 'forbidden');
  });
});

describe('play token expiry', () => {
  test('expires after 6 hours: 401 play_token_expired', async () => {
    const token = await streamsToken();
    const payload = decodeTokenPayload(token);
    const exp = payload['exp'] as number;
    assert.ok(Math.abs(exp - (Date.now() / 1000 + 6 * 3600)) < 60, `exp ${exp} is about now + 6 h`);

    const fresh = await fetchJson(`${demo.url}/services/license/heartbeat`, { method: 'POST', headers: { 'x-play-token': token } });
    assert.equal(fresh.status, 200);
    assert.deepEqual(fresh.body, { status: 'ok' });

    const clock = await postJson(`${demo.url}/__demo/clock`, { offsetMs: 6 * 3600_000 + 60_000 });
    assert.equal(clock.status, 200);
    try {
      const res = await fetchJson(`${demo.url}/services/license/heartbeat`, { method: 'POST', headers: { 'x-play-token': token } });
      assert.equal(res.status, 401);
      assert.equal(res.body.code, 'play_token_expired');
    } finally {
      await postJson(`${demo.url}/__demo/clock`, { offsetMs: 0 });
    }
  });
});
