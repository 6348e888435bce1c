/**
 * Rights enforced by the storefront itself, not only by the play page (issue 25 item 2): the streams
 * call checks age, a recent PIN verification for that viewer and title, entitlement and the watch
 * window; a licence is issued only to the play token of a streams call, for that title's key ids.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { ADULT, KID_B64URL, MINOR, NODOB, fetchJson, playTokenFor, postJson, useDemoServer } from './helpers.js';

const demo = useDemoServer();

const streams = (slug: string, token: string = ADULT) =>
  fetchJson(`${demo.url}/services/playback/streams${slug}`, { method: 'POST', headers: { 'x-auth-token': token } });
const verifyPin = (body: unknown, token: string = ADULT) => postJson(`${demo.url}/services/users/v1/user_pin_codes/verify`, body, { 'x-auth-token': token });
const clock = (offsetMs: number) => postJson(`${demo.url}/__demo/clock`, { offsetMs });
const clearKey = (headers: Record<string, string>, kids: string[] = [KID_B64URL]) =>
  fetchJson(`${demo.url}/services/license/clearkey`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ kids, type: 'temporary' }),
  });

beforeEach(async () => {
  assert.equal((await fetchJson(`${demo.url}/__demo/reset`, { method: 'POST' })).status, 200);
});

describe('the streams call enforces the age check', () => {
  test('a minor is refused /film/hard-edge (R18) with 403 age_restricted, a viewer without a date of birth with missing_dob', async () => {
    const minor = await streams('/film/hard-edge', MINOR);
    assert.equal(minor.status, 403);
    assert.equal(minor.body.code, 'age_restricted');
    assert.equal(minor.body.play_token, undefined);
    const noDob = await streams('/film/hard-edge', NODOB);
    assert.equal(noDob.status, 403);
    assert.equal(noDob.body.code, 'missing_dob');
    assert.equal((await streams('/film/hard-edge', ADULT)).status, 200);
  });

  test('the rule is minimum_purchase_age (18), as on the play page: the minor is refused even a title every viewer owns', async () => {
    assert.equal((await streams('/film/clear-skies', MINOR)).body.code, 'age_restricted');
  });
});

describe('the streams call enforces the PIN', () => {
  const QUIET = '/film/quiet-room';

  test('without a verification: 403 pin_required; after verifying the PIN for that title: 200', async () => {
    const refused = await streams(QUIET);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'pin_required');
    assert.deepEqual((await verifyPin({ pin: '1234', slug: QUIET })).body, { result: true });
    assert.equal((await streams(QUIET)).status, 200);
  });

  test('a verification for another title, without a title, or a wrong PIN unlocks nothing', async () => {
    assert.equal((await verifyPin({ pin: '1234', slug: '/film/clear-skies' })).status, 200);
    assert.equal((await verifyPin({ pin: '1234' })).status, 200);
    assert.equal((await verifyPin({ pin: '9999', slug: QUIET })).status, 403);
    assert.equal((await streams(QUIET)).body.code, 'pin_required');
  });

  test("a verification is the viewer's own: another viewer's does not count", async () => {
    assert.equal((await verifyPin({ pin: '1234', slug: QUIET }, 'demo-solo-token')).status, 200);
    assert.equal((await streams(QUIET)).body.code, 'pin_required');
    assert.equal((await streams(QUIET, 'demo-solo-token')).status, 200);
  });

  test('a verification older than 10 minutes is stale: 403 pin_required', async () => {
    assert.equal((await verifyPin({ pin: '1234', slug: QUIET })).status, 200);
    try {
      assert.equal((await clock(9 * 60_000)).status, 200);
      assert.equal((await streams(QUIET)).status, 200, 'still fresh at 9 minutes');
      assert.equal((await clock(10 * 60_000 + 1000)).status, 200);
      const stale = await streams(QUIET);
      assert.equal(stale.status, 403);
      assert.equal(stale.body.code, 'pin_required');
    } finally {
      await clock(0);
    }
  });
});

describe('the streams call enforces entitlement and the watch window', () => {
  test('a title needing a plan the viewer lacks: 403 no_user_plan, no play token', async () => {
    const res = await streams('/film/members-only');
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'no_user_plan');
    assert.equal(res.body.play_token, undefined);
  });

  test('an expired watch window: the streams call answers 403 availability_expired and the old play token gets no keys', async () => {
    const token = await playTokenFor(demo.url, '/film/long-weekend');
    // The first heartbeat starts the rental's 120-minute watch window.
    assert.equal((await fetchJson(`${demo.url}/services/license/heartbeat`, { method: 'POST', headers: { 'x-play-session': token } })).status, 200);
    const library = await fetchJson(`${demo.url}/services/content/v4/user_library/1001/index`, { headers: { 'x-auth-token': ADULT } });
    const entry = library.body.items.find((i: { item: string }) => i.item === '/film/long-weekend');
    assert.notEqual(entry.info.playback_end, null, 'the watch window started');
    try {
      assert.equal((await clock(121 * 60_000)).status, 200);
      const res = await streams('/film/long-weekend');
      assert.equal(res.status, 403);
      assert.equal(res.body.code, 'availability_expired');
    } finally {
      await clock(0);
    }
  });

  test('once a title can no longer be watched, its play token gets no more keys (403 license_denied, reason availability_expired)', async () => {
    const token = await playTokenFor(demo.url, '/film/night-harbour');
    assert.equal((await clearKey({ 'x-play-token': token })).status, 200);
    const override = await postJson(`${demo.url}/__demo/availability`, { slug: '/film/night-harbour', toInMs: 3_600_000 });
    assert.equal(override.status, 200, JSON.stringify(override.body));
    try {
      assert.equal((await clock(2 * 3_600_000)).status, 200);
      const res = await clearKey({ 'x-play-token': token });
      assert.equal(res.status, 403);
      assert.equal(res.body.code, 'license_denied');
      assert.equal(res.body.reason, 'availability_expired');
    } finally {
      await clock(0);
    }
  });
});

describe('a licence only for the play token of a streams call, for its title\'s key ids', () => {
  test('no play token: 401 without a viewer, 403 license_denied (play_token_required) with only an auth token', async () => {
    const none = await clearKey({});
    assert.equal(none.status, 401);
    const auth = await clearKey({ 'x-auth-token': ADULT });
    assert.equal(auth.status, 403);
    assert.equal(auth.body.code, 'license_denied');
    assert.equal(auth.body.reason, 'play_token_required');
    assert.equal(auth.body.keys, undefined);
    for (const path of ['/services/license/widevine/cenc?d=device-0001', '/services/license/playready/cenc']) {
      const res = await fetch(`${demo.url}${path}`, {
        method: 'POST',
        headers: { 'x-auth-token': ADULT, 'content-type': 'application/octet-stream' },
        body: JSON.stringify({ kids: [KID_B64URL] }),
      });
      assert.equal(res.status, 403, path);
      assert.equal((await res.json()).reason, 'play_token_required', path);
    }
  });

  test('a play token no streams call issued (a forged one) gets 401', async () => {
    const forged = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ uid: 1001, slug: '/film/night-harbour', exp: 9e9 })).toString('base64url')}.sig`;
    const res = await clearKey({ 'x-play-token': forged });
    assert.equal(res.status, 401);
    assert.equal(res.body.keys, undefined);
  });

  test('the play token of night-harbour (ClearKey DASH) gets its key', async () => {
    const res = await clearKey({ 'x-play-token': await playTokenFor(demo.url, '/film/night-harbour') });
    assert.equal(res.status, 200);
    assert.equal(res.body.keys[0].kid, KID_B64URL);
  });

  test('a play token for one title gets no keys of another (403 license_denied, reason wrong_title)', async () => {
    const clear = await playTokenFor(demo.url, '/film/clear-skies');
    const res = await clearKey({ 'x-play-session': clear });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'license_denied');
    assert.equal(res.body.reason, 'wrong_title');
    assert.equal(res.body.keys, undefined);
    const widevine = await fetch(`${demo.url}/services/license/widevine/cenc?d=device-0001`, {
      method: 'POST',
      headers: { 'x-play-token': clear, 'content-type': 'application/octet-stream' },
      body: JSON.stringify({ kids: [KID_B64URL] }),
    });
    assert.equal(widevine.status, 403);
    assert.equal((await widevine.json()).reason, 'wrong_title');
  });
});
