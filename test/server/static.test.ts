/** Static serving: /media/ (ranges, MIME, CORS), /play/ (CSP, 503 when unbuilt), /dist/, public pages. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PLAY_CSP } from '../../demo/server/app.js';
import { fetchJson, fixtureDir, useDemoServer } from './helpers.js';

const SEGMENT = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const media = fixtureDir({
  'feature/dash/manifest.mpd': '<?xml version="1.0"?><MPD/>',
  'feature/dash/video/seg-1.m4s': SEGMENT,
  'feature/dash/audio_en/seg-1.m4s': SEGMENT,
  'feature/mp4/feature.mp4': SEGMENT,
  'feature/hls/master.m3u8': '#EXTM3U\n',
  'feature/subs/en.vtt': 'WEBVTT\n',
  'feature/.secret': 'hidden',
});
const shell = fixtureDir({ 'index.html': '<!doctype html><title>shell</title>', 'assets/app.js': 'export {};' });
const dist = fixtureDir({ 'cdn/s72-player.js': 'export const element = 1;' });
const outside = fixtureDir({ 'secret.txt': 'top secret' });

const demo = useDemoServer({ paths: { media, shell, dist } });
const unbuilt = useDemoServer({ paths: { shell: join(outside, 'no-dist-shell') } });

describe('/media/', () => {
  test('byte ranges: 206 with Content-Range and exactly the asked bytes', async () => {
    const res = await fetch(`${demo.url}/media/feature/dash/video/seg-1.m4s`, { headers: { range: 'bytes=100-199' } });
    assert.equal(res.status, 206);
    assert.equal(res.headers.get('content-range'), 'bytes 100-199/1000');
    assert.equal(res.headers.get('content-length'), '100');
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), SEGMENT.subarray(100, 200));
    const tail = await fetch(`${demo.url}/media/feature/mp4/feature.mp4`, { headers: { range: 'bytes=990-' } });
    assert.equal(tail.status, 206);
    assert.equal(tail.headers.get('content-range'), 'bytes 990-999/1000');
  });

  test('whole file without a range, 416 for a range past the end', async () => {
    const res = await fetch(`${demo.url}/media/feature/dash/video/seg-1.m4s`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('accept-ranges'), 'bytes');
    assert.equal((await res.arrayBuffer()).byteLength, 1000);
    const bad = await fetch(`${demo.url}/media/feature/dash/video/seg-1.m4s`, { headers: { range: 'bytes=5000-6000' } });
    assert.equal(bad.status, 416);
  });

  test('MIME types', async () => {
    const cases: [string, RegExp][] = [
      ['feature/dash/manifest.mpd', /^application\/dash\+xml/],
      ['feature/hls/master.m3u8', /^application\/vnd\.apple\.mpegurl/],
      ['feature/dash/video/seg-1.m4s', /^video\/mp4/],
      ['feature/dash/audio_en/seg-1.m4s', /^audio\/mp4/],
      ['feature/mp4/feature.mp4', /^video\/mp4/],
      ['feature/subs/en.vtt', /^text\/vtt/],
    ];
    for (const [path, type] of cases) {
      const res = await fetch(`${demo.url}/media/${path}`);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', type, path);
    }
  });

  test('CORS: the origin is reflected, the range and request id headers are exposed', async () => {
    const res = await fetch(`${demo.url}/media/feature/dash/video/seg-1.m4s`, {
      headers: { origin: 'http://embedder.test', range: 'bytes=0-9' },
    });
    assert.equal(res.status, 206);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://embedder.test');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/\s*,\s*/);
    for (const h of ['x-request-id', 'content-range', 'content-length']) assert.ok(exposed.includes(h), h);

    const pre = await fetch(`${demo.url}/media/feature/dash/video/seg-1.m4s`, {
      method: 'OPTIONS',
      headers: { origin: 'http://embedder.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), 'http://embedder.test');
    const allowed = (pre.headers.get('access-control-allow-headers') ?? '').split(/\s*,\s*/);
    for (const h of ['x-auth-token', 'x-play-token', 'x-bypass-cache', 'content-type', 'range']) assert.ok(allowed.includes(h), h);
  });

  test('missing files are JSON 404s; no dotfiles; no escaping the folder', async () => {
    const missing = await fetchJson(`${demo.url}/media/feature/nope.m4s`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'not_found');
    assert.equal((await fetch(`${demo.url}/media/feature/.secret`)).status, 404);
    for (const path of ['/media/..%2f..%2fpackage.json', '/media/feature/%2e%2e/%2e%2e/%2e%2e/package.json']) {
      const res = await fetch(`${demo.url}${path}`);
      assert.ok(res.status === 403 || res.status === 404, `${path} → ${res.status}`);
      assert.doesNotMatch(await res.text(), /"name": "s72-player"/);
    }
  });
});

describe('/play/', () => {
  test('serves dist-shell/index.html with the strict CSP', async () => {
    for (const path of ['/play/', '/play/index.html']) {
      const res = await fetch(`${demo.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), /<title>shell<\/title>/);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.equal(csp, demo.server.playCsp);
      assert.match(csp, /script-src 'self'( https:\/\/www\.gstatic\.com\/[\w/.-]+\/)*(;|$)/, 'the Cast sender paths at most');
      assert.doesNotMatch(csp, /unsafe-eval/);
      // No parent origins configured: same origin only (issue 25 item 7).
      assert.match(csp, /frame-ancestors 'self'(;|$)/);
    }
    const asset = await fetch(`${demo.url}/play/assets/app.js`);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get('content-type') ?? '', /javascript/);
    assert.equal(asset.headers.get('content-security-policy'), demo.server.playCsp);
  });

  test('the exact CSP string', () => {
    assert.equal(
      PLAY_CSP,
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob: data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'self'; base-uri 'self'; object-src 'none'",
    );
  });

  test('/play redirects to /play/', async () => {
    const res = await fetch(`${demo.url}/play`, { redirect: 'manual' });
    assert.equal(res.status, 301);
    assert.equal(res.headers.get('location'), '/play/');
  });

  test('503 page saying to run npm run build when dist-shell/ is missing (CSP still set)', async () => {
    const res = await fetch(`${unbuilt.url}/play/`);
    assert.equal(res.status, 503);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await res.text(), /npm run build/);
    assert.equal(res.headers.get('content-security-policy'), unbuilt.server.playCsp);
  });
});

describe('/dist/ and public pages', () => {
  test('/dist/ serves the library build with CORS (cross-origin module scripts)', async () => {
    const res = await fetch(`${demo.url}/dist/cdn/s72-player.js`, { headers: { origin: 'http://embedder.test' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://embedder.test');
  });

  test('home, sign-in, devices, device support and the element page', async () => {
    for (const [path, text] of [
      ['/', /night-harbour\/night-harbour\?u=demo-adult-token/],
      ['/signin.html', /demo-minor-token/],
      ['/devices.html', /Manage devices/],
      ['/device-support.html', /Supported browsers/],
      ['/js/signin-redirect.js', /export function signInRedirect/],
    ] as const) {
      const res = await fetch(`${demo.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), text, path);
    }
    // /device-support is the play page's route (play-page §2).
    const support = await fetch(`${demo.url}/device-support`, { redirect: 'manual' });
    assert.equal(support.status, 302);
    assert.equal(support.headers.get('location'), '/play/#/device-support');
    const element = await fetch(`${demo.url}/demo/element.html`);
    const html = await element.text();
    assert.match(html, /<script type="module" src="\/dist\/cdn\/s72-player\.js"><\/script>/);
    // The DRM player gets its play token from a streams call made with the content-data client (issue 25 item 2).
    assert.match(html, /<script type="module" src="\/js\/element-demo\.js"><\/script>/);
    assert.match(html, /<s72-player data-slug="\/film\/night-harbour" poster="\/media\/feature\/poster\.jpg" muted><\/s72-player>/);
    assert.doesNotMatch(html, /auth-token=/, 'no viewer token on the licence requests: the play token');
    const script = await (await fetch(`${demo.url}/js/element-demo.js`)).text();
    assert.match(script, /import \{ createContentClient \} from '\/dist\/cdn\/s72-client\.js'/);
    assert.match(script, /getStreams\(SLUG\)/);
    assert.match(html, /<s72-player src="\/media\/feature\/hls\/master\.m3u8"/);
  });
});
