/** The demo sign-in page: `from` is followed only when same-origin (DESIGN.md "Security rules"). */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import { safeRedirectTarget, signInRedirect } from '../../demo/public/js/signin-redirect.js';
import { fixtureDir, useDemoServer } from './helpers.js';

const ORIGIN = 'http://localhost:8080';

describe('signInRedirect', () => {
  test('adds u=<token> to the query of the hash route', () => {
    assert.equal(
      signInRedirect('/play/#/film/night-harbour/night-harbour', 'demo-adult-token', ORIGIN),
      'http://localhost:8080/play/#/film/night-harbour/night-harbour?u=demo-adult-token',
    );
    assert.equal(
      signInRedirect(`${ORIGIN}/play/#/film/night-harbour/night-harbour?t=30&u=old&p=x.y.z`, 'demo-minor-token', ORIGIN),
      'http://localhost:8080/play/#/film/night-harbour/night-harbour?t=30&u=demo-minor-token',
    );
  });

  test('without a hash route the token goes into the fragment, never the query (issue 8: not sent to servers or in Referer)', () => {
    assert.equal(signInRedirect('/devices.html', 'demo-adult-token', ORIGIN), 'http://localhost:8080/devices.html#u=demo-adult-token');
    assert.equal(signInRedirect('/devices.html?u=old&x=1', 'tok', ORIGIN), 'http://localhost:8080/devices.html?x=1#u=tok');
  });

  test('off-site, protocol-relative, scripted and odd targets fall back to the home page', () => {
    for (const from of [
      'https://evil.example/play/#/film/x',
      '//evil.example/play/',
      '/\\evil.example/',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://localhost:8081/',
      'https://localhost:8080/',
      'http://user:pass@localhost:8080/',
      '/play/\n#/film/x',
      '',
      '   ',
      null,
      undefined,
    ]) {
      assert.equal(safeRedirectTarget(from, ORIGIN).href, `${ORIGIN}/`, String(from));
      assert.equal(signInRedirect(from, 'tok', ORIGIN), `${ORIGIN}/#u=tok`, String(from));
    }
  });
});

// The real page in Chromium, when one is installed (CHROME_PATH or /usr/bin/chromium).
const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
describe('signin.html in Chromium', { skip: existsSync(chromePath) ? false : `no Chromium at ${chromePath}` }, () => {
  // A stand-in play page that leaves the address alone (the real one strips ?u= from it).
  const demo = useDemoServer({ paths: { shell: fixtureDir({ 'index.html': '<!doctype html><title>play</title>' }) } });

  async function signIn(from: string, viewer: string): Promise<string> {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--headless=new'] });
    try {
      const page = await browser.newPage();
      await page.goto(`${demo.url}/signin.html?from=${encodeURIComponent(from)}`);
      await page.check(`input[value="${viewer}"]`);
      await Promise.all([page.waitForURL((url) => !url.pathname.endsWith('/signin.html')), page.click('button[type=submit]')]);
      return page.url();
    } finally {
      await browser.close();
    }
  }

  test('goes back to a same-origin from with the chosen token', async () => {
    const url = await signIn('/play/#/film/night-harbour/night-harbour', 'demo-minor-token');
    assert.equal(url, `${demo.url}/play/#/film/night-harbour/night-harbour?u=demo-minor-token`);
  });

  test('never follows an off-site from', async () => {
    const url = await signIn('https://evil.example/steal', 'demo-adult-token');
    assert.equal(url, `${demo.url}/#u=demo-adult-token`);
  });

  test('without scripts, submitting the form puts no token in a query string', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--headless=new'] });
    try {
      const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      await page.goto(`${demo.url}/signin.html?from=${encodeURIComponent('/play/')}`);
      await page.check('input[value="demo-adult-token"]');
      await page.click('button[type=submit]');
      await page.waitForTimeout(500);
      assert.doesNotMatch(page.url(), /token/);
    } finally {
      await browser.close();
    }
  });
});
