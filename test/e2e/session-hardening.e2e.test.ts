/**
 * Issue 8 "Hardening" on the real play page (play-page §2, §3 "Play session", §6; DESIGN.md
 * "Security rules"): tokens are kept in memory and sessionStorage only, never in localStorage, and a
 * later link without `u` (another tab) does not reuse them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const FILM_HASH = '#/film/night-harbour/night-harbour';

describe('play session hardening: tokens at rest', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('keeps the token in sessionStorage only; localStorage holds no token; a reload still plays', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      const local = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      assert.ok(!local.includes(TOKENS.adult), `no auth token in localStorage: ${local}`);
      assert.ok(!/authToken|playToken/.test(local), `no token field in localStorage: ${local}`);
      const tab = JSON.parse((await page.evaluate(() => sessionStorage.getItem('playSession'))) ?? '{}') as Record<string, unknown>;
      assert.equal(tab['authToken'], TOKENS.adult, 'the tab keeps the token in sessionStorage');

      await page.reload();
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      const streams = await demo.requests('/services/playback/streams*');
      assert.equal(streams.at(-1)!.headers['x-auth-token'], TOKENS.adult, 'a reload in the same tab still has the token');
    } finally {
      await context.close();
    }
  });

  it('a later link without u in another tab does not reuse the token (it goes to sign in)', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      const before = (await demo.requests('/services/playback/streams*')).length;

      const later = await context.newPage();
      await later.goto(demo.playUrl(FILM_HASH));
      await later.waitForURL((u) => u.pathname === '/signin.html', { timeout: 20_000 });
      const streams = (await demo.requests('/services/playback/streams*')).slice(before);
      for (const s of streams) assert.notEqual(s.headers['x-auth-token'], TOKENS.adult, 'the stored token was not reused');
    } finally {
      await context.close();
    }
  });

  it('ignores and scrubs a token left in localStorage.playSession by an older page, keeping its preferences', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${demo.url}/`);
      await page.evaluate((token) => {
        localStorage.setItem(
          'playSession',
          JSON.stringify({ item: '/film/night-harbour', itemToPlay: '/film/night-harbour', authToken: token, time: Date.now(), lastSelectedTextLanguage: 'ar' }),
        );
      }, TOKENS.adult);
      await page.goto(demo.playUrl(FILM_HASH));
      await page.waitForURL((u) => u.pathname === '/signin.html', { timeout: 20_000 });
      const local = JSON.parse((await page.evaluate(() => localStorage.getItem('playSession'))) ?? '{}') as Record<string, unknown>;
      assert.equal(local['authToken'], undefined, 'the old token was removed from localStorage');
      assert.equal(local['lastSelectedTextLanguage'], 'ar', 'preferences stay in localStorage');
    } finally {
      await context.close();
    }
  });
});
