/**
 * Issue 25 "Hardening, round 2", demo storefront: request bodies are limited in size and depth per
 * route and read only after the caller is authenticated where the route needs it (item 3); the
 * recordings are bounded in bytes (item 3); pages other than /play/ and the sign-in page refuse
 * framing by other sites (item 8); recordings redact PINs and tokens in bodies and queries, not only
 * headers (item 9); CORS never allows credentials (item 11).
 *
 * No timing assertions (speed is measured by `npm run bench:abuse`): "refused without being read"
 * is shown by answering a request whose body was never sent.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { describe, test } from 'node:test';
import { createDemoServer } from '../../demo/server/app.js';
import { ADULT, KID_B64URL, fetchJson, fixtureDir, postJson, useDemoServer } from './helpers.js';

const MiB = 1024 * 1024;
const CLEARKEY = '/services/license/clearkey';
const EVENT = '/services/telemetry/v1/event';
const LOG = '/services/log';
const PIN = '/services/users/v1/user_pin_codes/verify';

/** `[[[[…]]]]` of `bytes` characters. */
const nested = (bytes: number): string => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);

/**
 * Sends only the headers of a POST whose `content-length` says `length` bytes, never the body, and
 * resolves with the status of the answer (which the server can only give without reading the body).
 */
function statusWithoutBody(url: string, length: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(length), ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('request bodies: size and depth limits per route, auth first (issue 25 item 3)', () => {
  const demo = useDemoServer({ control: { revealTokens: true } });

  test('a 1 MiB body to the licence endpoint without a token is refused (401) before it is read', { timeout: 20_000 }, async () => {
    assert.equal(await statusWithoutBody(`${demo.url}${CLEARKEY}`, MiB), 401);
  });

  test('with a token, a 1 MiB body to the licence endpoint is refused (413) by its content-length, unread', { timeout: 20_000 }, async () => {
    assert.equal(await statusWithoutBody(`${demo.url}${CLEARKEY}`, MiB, { 'x-auth-token': ADULT }), 413);
  });

  test('a whole 1 MiB nested body: 413, and the recording shows it was never parsed', async () => {
    await postJson(`${demo.url}/__demo/reset`, {});
    const res = await fetch(`${demo.url}${CLEARKEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': ADULT },
      body: nested(MiB),
    });
    assert.equal(res.status, 413);
    assert.equal(((await res.json()) as { code: string }).code, 'payload_too_large');
    const recorded = (await fetchJson(`${demo.url}/__demo/requests?path=${CLEARKEY}`)).body.requests;
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0].body, null, 'the body never reached the JSON parser');
  });

  test('a deeply nested telemetry batch under the size limit is refused (400 json_too_deep), not parsed', async () => {
    const res = await fetchJson(`${demo.url}${EVENT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': ADULT },
      body: nested(512 * 1024),
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'json_too_deep');
  });

  test('a nested text body to the log service is kept as text, never parsed by the recorder', async () => {
    await postJson(`${demo.url}/__demo/reset`, {});
    const body = nested(48 * 1024);
    const res = await fetch(`${demo.url}${LOG}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    assert.equal(res.status, 204);
    const recorded = (await fetchJson(`${demo.url}/__demo/requests?path=${LOG}`)).body.requests;
    assert.equal(recorded[0].body, body);
  });

  test('small routes refuse bodies over 16 KiB (413)', async () => {
    const res = await postJson(`${demo.url}${PIN}`, { pin: '1234', padding: 'x'.repeat(32 * 1024) }, { 'x-auth-token': ADULT });
    assert.equal(res.status, 413);
    const ok = await postJson(`${demo.url}${PIN}`, { pin: '1234' }, { 'x-auth-token': ADULT });
    assert.equal(ok.status, 200);
  });

  test('the largest legitimate bodies still answer: a telemetry batch of 1 000 events, a log post of 500 lines', async () => {
    const now = new Date().toISOString();
    const events = Array.from({ length: 1000 }, (_, i) => ({
      event: 'player-error',
      timestamp: now,
      slug: '/film/night-harbour',
      data: { code: 'network_error', message: `Request ${i} failed: ${'detail '.repeat(40)}`, data: { status: 503, attempt: { n: 1, of: 3 } } },
    }));
    const batch = JSON.stringify({ sent_at: now, source: 's72-player', correlation_id: 'x'.repeat(21), events });
    assert.ok(batch.length > 256 * 1024, `batch of ${batch.length} bytes`);
    const res = await fetch(`${demo.url}${EVENT}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': ADULT }, body: batch });
    assert.equal(res.status, 204);

    const lines = Array.from({ length: 500 }, (_, i) =>
      JSON.stringify({ level: 'error', tags: ['play-page'], message: `line ${i}: ${'Error: boom\n    at f (x.js:1:1)\n'.repeat(20)}`, timestamp: now }),
    );
    const log = await fetch(`${demo.url}${LOG}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: `[${lines.join(',')}]` });
    assert.equal(log.status, 204);

    const tooBig = await fetch(`${demo.url}${LOG}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(MiB + 1) });
    assert.equal(tooBig.status, 413);
  });

  test('while a flood of bad bodies runs, the calls of a play-page start still answer', { timeout: 120_000 }, async () => {
    await postJson(`${demo.url}/__demo/reset`, {});
    const bad = (i: number): Promise<number> => {
      const kind = i % 3;
      const url = `${demo.url}${kind === 0 ? CLEARKEY : kind === 1 ? EVENT : LOG}`;
      const headers: Record<string, string> = { 'content-type': kind === 2 ? 'text/plain' : 'application/json' };
      if (kind === 1) headers['x-auth-token'] = ADULT;
      return fetch(url, { method: 'POST', headers, body: nested(kind === 0 ? MiB : 512 * 1024) }).then(
        (r) => r.status,
        () => 0,
      );
    };
    let flooding = true;
    const flood = (async () => {
      const statuses: number[] = [];
      for (let round = 0; flooding && round < 40; round++) statuses.push(...(await Promise.all(Array.from({ length: 6 }, (_, i) => bad(round * 6 + i)))));
      return statuses;
    })();

    const auth = { 'x-auth-token': ADULT };
    for (let start = 0; start < 5; start++) {
      for (const path of ['/services/meta/configuration', '/services/content/configuration', '/services/meta/feature_toggles', '/services/users/detail/users']) {
        assert.equal((await fetchJson(`${demo.url}${path}`, { headers: auth })).status, 200, path);
      }
      const film = await fetchJson(`${demo.url}/services/meta/v2/film/night-harbour/show_multiple`, { headers: auth });
      assert.equal(film.body.films.length, 1);
      const avail = await fetchJson(`${demo.url}/services/content/v1/availabilities?items=/film/night-harbour`, { headers: auth });
      assert.equal(avail.status, 200);
      const streams = await postJson(`${demo.url}/services/playback/streams/film/night-harbour`, {}, auth);
      assert.equal(streams.status, 200);
      const play = { 'x-play-token': streams.body.play_token as string };
      const licence = await postJson(`${demo.url}${CLEARKEY}`, { kids: [KID_B64URL], type: 'temporary' }, play);
      assert.equal(licence.status, 200);
      const beat = await postJson(`${demo.url}/services/license/heartbeat`, {}, play);
      assert.equal(beat.status, 200);
      assert.equal((await postJson(`${demo.url}/services/license/heartbeat`, { state: 'stopped' }, play)).status, 200);
    }
    flooding = false;
    const statuses = await flood;
    assert.ok(statuses.length > 0);
    for (const s of statuses) assert.ok(s === 413 || s === 400 || s === 204 || s === 401, `bad body answered ${s}`);
  });
});

describe('the recordings are bounded in bytes (issue 25 item 3)', () => {
  const demo = useDemoServer();

  test('300 unauthenticated 60 KiB log posts keep at most 16 MiB of recordings, the newest kept', { timeout: 120_000 }, async () => {
    const line = 'x'.repeat(60 * 1024);
    for (let i = 0; i < 300; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => fetch(`${demo.url}${LOG}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: `${i + j} ${line}` }).then((r) => r.arrayBuffer())),
      );
    }
    const recordings = demo.server.state.recordings;
    const bytes = Buffer.byteLength(JSON.stringify(recordings));
    assert.ok(bytes <= 16 * MiB, `recordings hold ${bytes} bytes`);
    assert.ok(recordings.length < 300 && recordings.length > 100, `${recordings.length} kept`);
    assert.match(String(recordings.at(-1)?.body), /^29\d /, 'the newest is kept');
  });
});

describe('framing: pages other than /play/ refuse other sites (issue 25 item 8)', () => {
  const shell = fixtureDir({ 'index.html': '<!doctype html><title>play</title>' });
  const demo = useDemoServer({ paths: { shell } });

  const frameAncestors = (csp: string | null): string | undefined =>
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-ancestors'));

  test("every HTML page but /play/ and the sign-in page: frame-ancestors 'self' and X-Frame-Options SAMEORIGIN", async () => {
    for (const path of ['/', '/devices.html', '/device-support.html', '/demo/element.html', '/demo/live.html', '/docs/']) {
      const res = await fetch(`${demo.url}${path}`);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/, path);
      assert.equal(frameAncestors(res.headers.get('content-security-policy')), "frame-ancestors 'self'", path);
      assert.equal(res.headers.get('x-frame-options'), 'SAMEORIGIN', path);
    }
  });

  test("the sign-in page may be framed where the play page may (the sign-in round trip inside an embedded play page)", async () => {
    const play = frameAncestors((await fetch(`${demo.url}/play/`)).headers.get('content-security-policy'));
    assert.ok(play, 'the play page sends frame-ancestors');
    const signin = await fetch(`${demo.url}/signin.html`);
    assert.equal(frameAncestors(signin.headers.get('content-security-policy')), play);
    assert.equal(signin.headers.get('x-frame-options'), null);
  });
});

const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
describe('framing in Chromium (issue 25 item 8)', { skip: existsSync(chromePath) ? false : `no Chromium at ${chromePath}` }, () => {
  const demo = useDemoServer();

  test('a page on another origin cannot frame /demo/live.html, and can frame the sign-in page when it is a configured parent', { timeout: 60_000 }, async () => {
    const { startParentPage } = await import('../e2e/support/parent-page.js');
    const parent = await startParentPage();
    // The parent is one of the storefront origins that may embed the play page (issue 25 item 7).
    const embedding = await createDemoServer({ port: 0, parentOrigins: [parent.origin] });
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--headless=new'] });
    try {
      const page = await browser.newPage();
      /** The URL the frame ended at (Chromium's error page when the framing was refused). */
      const framed = async (src: string): Promise<string> => {
        await page.goto(parent.pageUrl(src));
        const frame = await (await page.waitForSelector('#player')).contentFrame();
        assert.ok(frame);
        await frame.waitForLoadState('load');
        return frame.url();
      };
      assert.match(await framed(`${embedding.url}/demo/live.html`), /^chrome-error:/, 'the live controls did not load in the foreign frame');
      assert.equal(await framed(`${embedding.url}/signin.html`), `${embedding.url}/signin.html`, 'the sign-in page loads in the frame');
      // Not configured: the sign-in page, like the play page, refuses the parent.
      assert.match(await framed(`${demo.url}/signin.html`), /^chrome-error:/, 'an unlisted parent cannot frame the sign-in page');
    } finally {
      await browser.close();
      await embedding.close();
      await parent.close();
    }
  });
});

describe('recordings redact PINs, body and query tokens unless ?tokens=1 (issue 25 item 9)', () => {
  const demo = useDemoServer();

  test('a PIN, tokens in a log body and telemetry, and token query parameters read back as [redacted]', async () => {
    const streams = await postJson(`${demo.url}/services/playback/streams/film/night-harbour`, {}, { 'x-auth-token': ADULT });
    const playToken = streams.body.play_token as string;
    await postJson(`${demo.url}/__demo/reset`, {});

    await postJson(`${demo.url}${PIN}`, { pin: '1234' }, { 'x-auth-token': ADULT });
    const lines = [
      { level: 'error', message: `x-auth-token: ${ADULT} failed`, url: '/play/#/film/x?u=demo-adult-token&t=3' },
      { level: 'error', message: `licence with ${playToken} refused`, playToken },
    ];
    await fetch(`${demo.url}${LOG}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(lines) });
    await postJson(`${demo.url}/services/license/play_telemetry`, { events: [{ event: 'player-opened', auth_token: ADULT, note: `token ${ADULT}` }] }, { 'x-auth-token': ADULT });
    await fetch(`${demo.url}/services/meta/configuration?u=${ADULT}&token=${playToken}&slug=/film/x`);

    const redacted = await fetchJson(`${demo.url}/__demo/requests`);
    const text = JSON.stringify(redacted.body);
    assert.doesNotMatch(text, /1234/, 'no PIN');
    assert.ok(!text.includes(ADULT), 'no auth token');
    assert.ok(!text.includes(playToken), 'no play token');
    const byPath = (path: string) => redacted.body.requests.find((r: { path: string }) => r.path === path);
    assert.equal(byPath(PIN).body.pin, '[redacted]');
    assert.equal(byPath('/services/meta/configuration').query.u, '[redacted]');
    assert.equal(byPath('/services/meta/configuration').query.token, '[redacted]');
    assert.equal(byPath('/services/meta/configuration').query.slug, '/film/x', 'other parameters stay');
    assert.equal(byPath(LOG).body[0].level, 'error', 'the log lines stay readable');

    const revealed = JSON.stringify((await fetchJson(`${demo.url}/__demo/requests?tokens=1`)).body);
    assert.ok(revealed.includes('"pin":"1234"'));
    assert.ok(revealed.includes(ADULT) && revealed.includes(playToken));
  });
});

describe('CORS never allows credentials (issue 25 item 11)', () => {
  const dist = fixtureDir({ 'index.js': 'export {};' });
  const demo = useDemoServer({ paths: { dist }, control: { origins: ['http://runner.test:8000'] } });
  const EVIL = 'http://evil.example';

  test('/services, /media, /dist and /supported-devices.json reflect the origin without allow-credentials', async () => {
    for (const path of ['/services/meta/configuration', '/media/catalogue/night-harbour-portrait.jpg', '/dist/index.js', '/supported-devices.json']) {
      const res = await fetch(`${demo.url}${path}`, { headers: { origin: EVIL } });
      await res.arrayBuffer();
      assert.equal(res.headers.get('access-control-allow-origin'), EVIL, path);
      assert.equal(res.headers.get('access-control-allow-credentials'), null, path);
      const pre = await fetch(`${demo.url}${path}`, { method: 'OPTIONS', headers: { origin: EVIL, 'access-control-request-method': 'GET' } });
      assert.equal(pre.status, 204, path);
      assert.equal(pre.headers.get('access-control-allow-credentials'), null, `${path} preflight`);
    }
  });

  test('nor does the control API for an allow-listed origin', async () => {
    const res = await fetch(`${demo.url}/__demo/state`, { headers: { origin: 'http://runner.test:8000' } });
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://runner.test:8000');
    assert.equal(res.headers.get('access-control-allow-credentials'), null);
  });
});
