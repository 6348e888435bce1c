/**
 * The play page's error states (play-page §4, §5, §8): each renders its code in
 * `[data-testid=error-code]`; a missing session goes home.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { errorCode, newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

describe('play page: error states', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  const cases: Array<[string, string, string]> = [
    ['a session without an item', `#/?u=${TOKENS.adult}`, 'invalid_app.session_params'],
    ['a slug that does not parse', `#/film/night-harbour/not/a/route?u=${TOKENS.adult}`, 'invalid_slug'],
    ['a TV show (not playable)', `#/tv/harbour-lights?u=${TOKENS.adult}`, 'invalid_slug'],
    ['an unknown film', `#/film/does-not-exist/does-not-exist?u=${TOKENS.adult}`, 'film_not_found'],
    ['an unknown season', `#/tv/no-such-show/season/1/episode/1?u=${TOKENS.adult}`, 'season_not_found'],
    ['empty streams', `#/film/empty-reel/empty-reel?u=${TOKENS.adult}`, 'streams_are_empty'],
    ['a plan the viewer lacks (no_user_plan)', `#/film/members-only/members-only?u=${TOKENS.adult}`, 'access_denied'],
    // Issue 8: `from` absent now means the sign-in page (play-page §2); an empty `from` means none. The
    // adult viewer (a no-dob viewer stops at missing_dob since the 18 minimum applies to every title).
    ['a film not in the library, from empty (none)', `#/film/distant-coast/distant-coast?u=${TOKENS.adult}&from=`, 'missing_from_library'],
    ['an expired title', `#/film/old-reel/old-reel?u=${TOKENS.adult}`, 'availability_expired'],
  ];
  for (const [name, hash, code] of cases) {
    it(`${name} → ${code}`, { timeout: 180_000 }, async () => {
      const { context, page } = await newPage(browser);
      try {
        await page.goto(demo.playUrl(hash));
        assert.equal(await errorCode(page), code);
        assert.equal(await page.locator('s72-player').count(), 0, 'no player on an error');
        assert.ok(await page.locator('[role="alert"]').isVisible());
      } finally {
        await context.close();
      }
    });
  }

  it('no token at all (401) goes to the sign-in page with from', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl('#/film/night-harbour/night-harbour'));
      await page.waitForURL((u) => u.pathname === '/signin.html', { timeout: 20_000 });
      assert.equal(new URL(page.url()).searchParams.get('from'), demo.playUrl('#/film/night-harbour/night-harbour'));
    } finally {
      await context.close();
    }
  });

  it('a missing session (no route, nothing stored) goes to the home page', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(''));
      await page.waitForURL(`${demo.url}/`, { timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('a busy server shows server_busy with a retry that then plays', { timeout: 180_000 }, async () => {
    await demo.fault({ path: '/services/playback/streams/film/clear-skies', status: 502, times: 1 });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`));
      assert.equal(await errorCode(page), 'server_busy');
      await page.locator('[data-testid="retry"]').click();
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      assert.equal((await demo.requests('/services/playback/streams*')).length, 2);
    } finally {
      await context.close();
    }
  });

  it('shows the request id of a failed call', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/members-only?u=${TOKENS.adult}`));
      assert.equal(await errorCode(page), 'access_denied');
      const rid = await page.locator('[data-testid="error-request-id"]').textContent();
      assert.ok(rid && rid.length > 0, 'request id shown');
    } finally {
      await context.close();
    }
  });

  it('renders catalogue and server text as text, never as HTML', { timeout: 180_000 }, async () => {
    await demo.fault({
      path: '/services/meta/v2/film/night-harbour/show_multiple',
      status: 200,
      times: 1,
      body: {
        films: [
          {
            id: 'night-harbour',
            slug: '/film/night-harbour',
            title: '<img src=x onerror="window.__pwned=1">Night',
            image_urls: {},
            bonuses: [],
          },
        ],
      },
    });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/night-harbour?u=${TOKENS.adult}`));
      const title = page.locator('[data-testid="title"]');
      await title.waitFor({ timeout: 20_000 });
      assert.equal(await title.textContent(), '<img src=x onerror="window.__pwned=1">Night');
      assert.equal(await page.locator('header img').count(), 0);
      assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    } finally {
      await context.close();
    }
  });
});
