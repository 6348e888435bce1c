/**
 * Issue 8 "Hardening", demo storefront: the `/__demo/` control API is same-origin (or an explicit
 * allow-list) and loopback only, recordings redact tokens unless asked, slugs are normalised in
 * linear time with a length cap, recorded bodies are capped, HTML pages carry baseline security
 * headers and the play page's CSP takes its extra origins from the configured allow-lists.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import { createDemoServer, normaliseSlug } from '../../demo/server/app.js';
import { CAST_SCRIPT_SOURCES } from '../../demo/server/http.js';
import { ADULT, fetchJson, fixtureDir, postJson, useDemoServer } from './helpers.js';

const EVIL = 'http://evil.example';
const CONFIG = '/services/meta/configuration';

describe('/__demo/ is not readable or writable cross-origin', () => {
  const demo = useDemoServer({ control: { origins: ['http://runner.test:8000'] } });

  test('a foreign Origin is refused (403, no CORS headers), reads and writes alike', async () => {
    await fetchJson(`${demo.url}${CONFIG}`, { headers: { 'x-auth-token': ADULT } });
    const read = await fetch(`${demo.url}/__demo/requests`, { headers: { origin: EVIL } });
    assert.equal(read.status, 403);
    assert.equal(read.headers.get('access-control-allow-origin'), null);
    assert.doesNotMatch(await read.text(), /demo-adult-token/);

    const write = await fetch(`${demo.url}/__demo/reset`, { method: 'POST', headers: { origin: EVIL, 'content-type': 'text/plain' }, body: '{}' });
    assert.equal(write.status, 403);
    assert.equal(demo.server.state.recordings.length, 1, 'the cross-origin reset did nothing');

    const preflight = await fetch(`${demo.url}/__demo/fault`, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
    assert.equal(preflight.headers.get('access-control-allow-methods'), null);
  });

  test('a cross-site fetch without Origin (Sec-Fetch-Site) is refused too', async () => {
    const res = await fetch(`${demo.url}/__demo/state`, { headers: { 'sec-fetch-site': 'cross-site' } });
    assert.equal(res.status, 403);
  });

  test('same-origin requests and the allow-listed origin are answered', async () => {
    const same = await postJson(`${demo.url}/__demo/reset`, {}, { origin: demo.url });
    assert.equal(same.status, 200);
    const allowed = await fetch(`${demo.url}/__demo/state`, { headers: { origin: 'http://runner.test:8000' } });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'http://runner.test:8000');
    const pre = await fetch(`${demo.url}/__demo/fault`, {
      method: 'OPTIONS',
      headers: { origin: 'http://runner.test:8000', 'access-control-request-method': 'POST' },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), 'http://runner.test:8000');
  });

  test('a non-loopback Host (DNS rebinding) is refused', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${demo.url}/__demo/state`, { headers: { host: 'attacker.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    assert.equal(status, 403);
  });

  test('the services API keeps answering any origin', async () => {
    const res = await fetch(`${demo.url}${CONFIG}`, { headers: { origin: EVIL } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), EVIL);
    assert.equal(res.headers.get('access-control-allow-credentials'), null, 'never with credentials (issue 25 item 11)');
  });
});

describe('the control API only on a loopback host', () => {
  test('control: true on a non-loopback interface is refused', async () => {
    await assert.rejects(createDemoServer({ port: 0, host: '0.0.0.0', control: true }), /loopback/);
  });

  test('by default the control API is not mounted on a non-loopback interface', async () => {
    const server = await createDemoServer({ port: 0, host: '0.0.0.0' });
    try {
      const port = (server.app.server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/__demo/state`);
      assert.equal(res.status, 404);
    } finally {
      await server.close();
    }
  });
});

describe('recordings redact tokens unless asked', () => {
  const demo = useDemoServer();

  test('x-auth-token / x-play-token / authorization / cookie are redacted; ?tokens=1 reveals them', async () => {
    await fetchJson(`${demo.url}${CONFIG}`, {
      headers: { 'x-auth-token': ADULT, 'x-play-token': 'a.b.c', authorization: 'Bearer x', cookie: 'sid=1' },
    });
    const redacted = await fetchJson(`${demo.url}/__demo/requests?path=${CONFIG}`);
    const headers = redacted.body.requests[0].headers;
    for (const name of ['x-auth-token', 'x-play-token', 'authorization', 'cookie']) assert.equal(headers[name], '[redacted]', name);
    assert.doesNotMatch(JSON.stringify(redacted.body), /demo-adult-token|a\.b\.c/);
    for (const path of ['licence-requests', 'heartbeats', 'telemetry']) {
      const res = await fetchJson(`${demo.url}/__demo/${path}`);
      assert.equal(res.status, 200);
    }
    const revealed = await fetchJson(`${demo.url}/__demo/requests?path=${CONFIG}&tokens=1`);
    assert.equal(revealed.body.requests[0].headers['x-auth-token'], ADULT);
    assert.equal(revealed.body.requests[0].headers['x-play-token'], 'a.b.c');
  });

  test('control: { revealTokens: true } reveals them by default', async () => {
    const server = await createDemoServer({ port: 0, control: { revealTokens: true } });
    try {
      await fetch(`${server.url}${CONFIG}`, { headers: { 'x-auth-token': ADULT } });
      const res = await fetchJson(`${server.url}/__demo/requests?path=${CONFIG}`);
      assert.equal(res.body.requests[0].headers['x-auth-token'], ADULT);
    } finally {
      await server.close();
    }
  });
});

describe('normaliseSlug', () => {
  test('a run of 60 000 slashes is handled in linear time', () => {
    const started = performance.now();
    assert.equal(normaliseSlug(`/film${'/'.repeat(60_000)}x`), null);
    assert.equal(normaliseSlug(`/film/x${'/'.repeat(60_000)}`), null);
    const elapsed = performance.now() - started;
    assert.ok(elapsed < 100, `took ${elapsed.toFixed(0)} ms`);
  });

  test('ordinary slugs still normalise', () => {
    assert.equal(normaliseSlug(' film/night-harbour/// '), '/film/night-harbour');
    assert.equal(normaliseSlug('/tv/harbour-lights/season/1/'), '/tv/harbour-lights/season/1');
    assert.equal(normaliseSlug('///'), null);
    assert.equal(normaliseSlug('/film/../x'), null);
  });

  test('slugs are capped in length', () => {
    assert.equal(normaliseSlug(`/film/${'a'.repeat(600)}`), null);
    assert.equal(normaliseSlug(`/film/${'a'.repeat(200)}`), `/film/${'a'.repeat(200)}`);
  });
});

describe('slug handling over HTTP', () => {
  const demo = useDemoServer();

  test('a 60 000-slash slug in a JSON body answers quickly (a URL that long is refused by Node anyway)', async () => {
    const started = performance.now();
    const res = await postJson(`${demo.url}/__demo/availability`, { slug: `/film${'/'.repeat(60_000)}x`, fromInMs: 0 });
    const elapsed = performance.now() - started;
    assert.equal(res.status, 404);
    assert.ok(elapsed < 1000, `took ${elapsed.toFixed(0)} ms`);
  });
});

describe('recorded bodies are capped', () => {
  const demo = useDemoServer();

  test('a 512 KiB body is kept as a short truncated note', async () => {
    const big = JSON.stringify({ events: ['x'.repeat(512 * 1024)] });
    await fetch(`${demo.url}/services/license/play_telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': ADULT },
      body: big,
    });
    const res = await fetchJson(`${demo.url}/__demo/telemetry`);
    const body = res.body.requests[0].body;
    assert.ok(JSON.stringify(body).length < 70 * 1024, `recorded ${JSON.stringify(body).length} chars`);
    assert.equal(body.truncated, true);
    assert.equal(body.bytes, Buffer.byteLength(big));
  });

  test('small bodies are recorded whole', async () => {
    await postJson(`${demo.url}/services/license/play_telemetry`, { events: [] }, { 'x-auth-token': ADULT });
    const res = await fetchJson(`${demo.url}/__demo/telemetry`);
    assert.deepEqual(res.body.requests.at(-1).body, { events: [] });
  });
});

describe('HTML pages carry baseline security headers', () => {
  const shell = fixtureDir({ 'index.html': '<!doctype html><title>play</title>' });
  const demo = useDemoServer({ paths: { shell } });

  test('every HTML page: nosniff, no-referrer, no plugins, no foreign <base>', async () => {
    for (const path of ['/', '/signin.html', '/devices.html', '/device-support.html', '/demo/element.html', '/play/']) {
      const res = await fetch(`${demo.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/, path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer', path);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /object-src 'none'/, path);
      assert.match(csp, /base-uri 'self'/, path);
      // Framing: see hardening-2.test.ts (issue 25 item 8).
      assert.match(csp, /frame-ancestors /, path);
    }
  });
});

describe("the play page's CSP comes from the configured allow-lists", () => {
  const shell = fixtureDir({ 'index.html': '<!doctype html><title>play</title>' });
  const demo = useDemoServer({
    paths: { shell },
    allowedOrigins: { connect: ['https://telemetry.example', 'https://cdn.example:8443'], img: ['https://images.example'] },
  });

  const directive = (csp: string, name: string): string[] =>
    (csp.split(';').map((d) => d.trim().split(/\s+/)).find((d) => d[0] === name) ?? []).slice(1);

  test('connect-src and img-src list self plus the allow-lists, nothing wider', async () => {
    const csp = (await fetch(`${demo.url}/play/`)).headers.get('content-security-policy') ?? '';
    assert.deepEqual(directive(csp, 'connect-src'), ["'self'", 'https://telemetry.example', 'https://cdn.example:8443']);
    assert.deepEqual(directive(csp, 'img-src'), ["'self'", 'data:', 'blob:', 'https://images.example']);
    // No inline script, no eval; the Cast sender's paths only when the configuration enables casting.
    const castEnabled = (await (await fetch(`${demo.url}/services/meta/configuration`)).json())['cast_enabled'] === true;
    assert.deepEqual(directive(csp, 'script-src'), castEnabled ? ["'self'", ...CAST_SCRIPT_SOURCES] : ["'self'"]);
  });

  test('anything that is not a plain http(s) origin is refused at start-up', async () => {
    for (const bad of ['*', 'https://*.example', "'unsafe-inline'", 'https://a.example; script-src *', 'javascript:x', 'https://a.example/path', 'ftp://a.example']) {
      await assert.rejects(createDemoServer({ port: 0, allowedOrigins: { connect: [bad] } }), /origin/i, bad);
    }
  });
});

// A page on another origin in real Chromium (CHROME_PATH or /usr/bin/chromium).
const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
describe('/__demo/ from another origin in Chromium', { skip: existsSync(chromePath) ? false : `no Chromium at ${chromePath}` }, () => {
  const demo = useDemoServer();
  const other = useDemoServer({ control: false });

  test('a page on another origin can neither read the recordings nor reset the state', async () => {
    await fetch(`${demo.url}${CONFIG}`, { headers: { 'x-auth-token': ADULT } });
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--headless=new'] });
    try {
      const page = await browser.newPage();
      await page.goto(`${other.url}/`);
      const outcome = await page.evaluate(async (base) => {
        let read: string;
        try {
          const res = await fetch(`${base}/__demo/requests`);
          read = `read ${res.status} ${await res.text()}`;
        } catch (error) {
          read = `refused: ${String(error)}`;
        }
        await fetch(`${base}/__demo/reset`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' }).catch(() => null);
        return read;
      }, demo.url);
      assert.match(outcome, /^refused/, outcome);
      assert.equal(demo.server.state.recordings.length, 1, 'the cross-origin reset did nothing');
    } finally {
      await browser.close();
    }
  });
});
