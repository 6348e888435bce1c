/**
 * Who may embed the play page and who receives its window messages: one configured list of
 * storefront origins (issue 25 item 7): the play page's `frame-ancestors` (`'self'` plus the list,
 * never `*`) and the `<meta name="s72-parent-origins">` it is served with (the page posts to its own
 * origin and those only). Unset: same origin only. And the Cast sender in `script-src` only on its
 * paths, only when the configuration enables casting (issue 25 item 10).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { createDemoServer } from '../../demo/server/app.js';
import { CAST_SCRIPT_ORIGIN, CAST_SCRIPT_SOURCES, playCsp } from '../../demo/server/http.js';
import { fixtureDir, useDemoServer } from './helpers.js';

const directive = (csp: string | null, name: string): string[] | undefined =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === name)
    ?.slice(1);
const metaContent = (html: string): string | undefined => /<meta name="s72-parent-origins" content="([^"]*)">/.exec(html)?.[1];

const shell = fixtureDir({ 'index.html': '<!doctype html>\n<html><head>\n<title>play</title></head><body></body></html>' });

describe('no parent origins configured: same origin only', () => {
  const demo = useDemoServer({ paths: { shell } });

  test("/play/: frame-ancestors 'self' (no *), an empty s72-parent-origins list; the sign-in page the same", async () => {
    const res = await fetch(`${demo.url}/play/`);
    assert.deepEqual(directive(res.headers.get('content-security-policy'), 'frame-ancestors'), ["'self'"]);
    const html = await res.text();
    assert.equal(metaContent(html), '');
    assert.match(html, /<title>play<\/title>\s*<meta name="s72-parent-origins" content="">\s*<\/head>/, 'in the head, after what was there');
    const signIn = await fetch(`${demo.url}/signin.html`);
    assert.deepEqual(directive(signIn.headers.get('content-security-policy'), 'frame-ancestors'), ["'self'"]);
  });
});

describe('configured parent origins: one list for frame-ancestors and the window messages', () => {
  const parents = ['https://shop.example', 'http://127.0.0.1:9000'];
  const demo = useDemoServer({ paths: { shell }, parentOrigins: parents });

  test('/play/ and /play/index.html: frame-ancestors self plus the list, and the same list in the page', async () => {
    for (const path of ['/play/', '/play/index.html']) {
      const res = await fetch(`${demo.url}${path}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.deepEqual(directive(res.headers.get('content-security-policy'), 'frame-ancestors'), ["'self'", ...parents], path);
      assert.equal(metaContent(await res.text()), parents.join(' '), path);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
    }
    const signIn = await fetch(`${demo.url}/signin.html`);
    assert.deepEqual(directive(signIn.headers.get('content-security-policy'), 'frame-ancestors'), ["'self'", ...parents]);
    // Other pages keep refusing other sites.
    assert.deepEqual(directive((await fetch(`${demo.url}/demo/live.html`)).headers.get('content-security-policy'), 'frame-ancestors'), ["'self'"]);
  });

  test('a wildcard or anything but a plain http(s) origin is refused at start-up', async () => {
    for (const bad of ['*', 'https://*.example', "'self'", 'https://a.example/path', 'https://a.example; script-src *']) {
      await assert.rejects(createDemoServer({ port: 0, paths: { shell }, parentOrigins: [bad] }), /origin/i, bad);
    }
  });
});

describe('the Cast sender in script-src: its paths only, only when casting is enabled', () => {
  const demo = useDemoServer({ paths: { shell } });

  test('playCsp: no third-party script without casting; with it, the two sender paths, not the whole host', () => {
    assert.deepEqual(directive(playCsp(), 'script-src'), ["'self'"]);
    const cast = directive(playCsp({ cast: true }), 'script-src')!;
    assert.deepEqual(cast, ["'self'", `${CAST_SCRIPT_ORIGIN}/cv/js/sender/`, `${CAST_SCRIPT_ORIGIN}/cast/sdk/libs/sender/`]);
    assert.ok(!cast.includes(CAST_SCRIPT_ORIGIN), 'not the bare host');
  });

  test("the play page's own <meta> policy (where the host sends none) names the sender's paths, not the whole host", () => {
    const page = readFileSync(new URL('../../src-shell/index.html', import.meta.url), 'utf8');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page)?.[1] ?? null;
    assert.deepEqual(directive(policy, 'script-src'), ["'self'", ...CAST_SCRIPT_SOURCES]);
  });

  test("the served policy follows the storefront configuration's cast_enabled", async () => {
    const configuration = (await (await fetch(`${demo.url}/services/meta/configuration`)).json()) as Record<string, unknown>;
    const csp = (await fetch(`${demo.url}/play/`)).headers.get('content-security-policy');
    assert.deepEqual(directive(csp, 'script-src'), configuration['cast_enabled'] === true ? ["'self'", ...CAST_SCRIPT_SOURCES] : ["'self'"]);
    assert.equal(csp, demo.server.playCsp);
  });
});
