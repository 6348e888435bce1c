/**
 * The play page inside an iframe on another origin (DESIGN.md "Window messages", "Security rules"):
 * the parent receives `s72-player:*` messages from the play page's origin, with slug and
 * currentTime and never a token; an off-site `from` is ignored.
 *
 * The parent page is served from 127.0.0.1 (support/parent-page.ts); the play page from localhost.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { errorCode, newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoParentAndBrowser } from './support/hooks.js';
import type { ParentPage, ReceivedMessage } from './support/parent-page.js';

const EVIL_ORIGIN = 'https://evil.example';

/** Opens a parent page that frames `src`; returns the iframe's frame. */
async function openParent(page: Page, parent: ParentPage, src: string): Promise<Frame> {
  await page.goto(parent.pageUrl(src));
  const handle = await page.waitForSelector('#player');
  const frame = await handle.contentFrame();
  assert.ok(frame, 'the iframe has a frame');
  return frame;
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);

describe('play page embedded in another origin', () => {
  let demo: Demo;
  let browser: Browser;
  let parent: ParentPage;
  useDemoParentAndBrowser((started) => ({ demo, browser, parent } = started));

  it('posts throttled s72-player:timeupdate messages with slug and currentTime, and no token', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      const frame = await openParent(page, parent, demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}`));
      await waitForPlayback(frame, 4);
      const messages = await received(page);
      const updates = messages.filter((m) => m.data['event'] === 's72-player:timeupdate');
      assert.ok(updates.length >= 2, `timeupdate messages: ${JSON.stringify(messages)}`);
      for (const m of updates) {
        assert.equal(m.origin, demo.url, 'sent by the play page origin');
        assert.equal(m.data['slug'], '/film/night-harbour');
        assert.equal(typeof m.data['currentTime'], 'number');
        assert.deepEqual(Object.keys(m.data).sort(), ['currentTime', 'event', 'slug']);
      }
      // ~1 per second: the media fires timeupdate ~4 times a second.
      const spanMs = updates.at(-1)!.at - updates[0]!.at;
      assert.ok(updates.length <= spanMs / 1000 + 2, `${updates.length} messages in ${spanMs} ms`);
      assert.ok((updates.at(-1)!.data['currentTime'] as number) > (updates[0]!.data['currentTime'] as number));
      assert.ok(!JSON.stringify(messages).includes(TOKENS.adult), 'no auth token in any message');
      assert.ok(!/x-play-token|playToken|eyJ/.test(JSON.stringify(messages)), 'no play token in any message');
    } finally {
      await context.close();
    }
  });

  it('posts s72-player:error to the parent for a flow error', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      const frame = await openParent(page, parent, demo.playUrl(`#/film/does-not-exist?u=${TOKENS.adult}`));
      assert.equal(await errorCode(frame), 'film_not_found');
      await page.waitForFunction(() =>
        (window as unknown as { received: ReceivedMessage[] }).received.some((m) => m.data['event'] === 's72-player:error'),
      );
      const error = (await received(page)).find((m) => m.data['event'] === 's72-player:error')!;
      assert.equal(error.origin, demo.url);
      assert.equal(error.data['code'], 'film_not_found');
      assert.ok(!JSON.stringify(error).includes(TOKENS.adult));
    } finally {
      await context.close();
    }
  });

  it('ignores an off-site from: no redirect, the error is shown and posted', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    const offSite: string[] = [];
    await context.route(`${EVIL_ORIGIN}/**`, (route) => {
      offSite.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<h1>evil</h1>' });
    });
    try {
      const from = encodeURIComponent(`${EVIL_ORIGIN}/steal`);
      const frame = await openParent(page, parent, demo.playUrl(`#/film/distant-coast/distant-coast?u=${TOKENS.adult}&from=${from}`));
      assert.equal(await errorCode(frame), 'missing_from_library');
      await page.waitForTimeout(500);
      assert.deepEqual(offSite, [], 'nothing was loaded from the off-site origin');
      assert.ok(frame.url().startsWith(`${demo.url}/play/`), frame.url());
      assert.ok(page.url().startsWith(parent.origin), page.url());
      // A cross-site iframe may have no storage at all (third-party storage blocked); when it has, the
      // stored session must not carry the off-site URL.
      const stored = await frame.evaluate(() => {
        try {
          return localStorage.getItem('playSession');
        } catch {
          return null;
        }
      });
      if (stored) assert.equal((JSON.parse(stored) as { redirectUrl?: unknown }).redirectUrl, null);
      const posted = (await received(page)).filter((m) => m.data['event'] === 's72-player:error');
      assert.equal(posted.at(-1)?.data['code'], 'missing_from_library');
    } finally {
      await context.close();
    }
  });

  it('follows a same-origin from with prompt and slug (the control case)', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      // The sign-in page: the storefront's other pages refuse framing by other sites (frame-ancestors 'self').
      const frame = await openParent(page, parent, demo.playUrl(`#/film/distant-coast/distant-coast?u=${TOKENS.adult}&from=%2Fsignin.html`));
      await frame.waitForURL((u) => u.pathname === '/signin.html' && u.searchParams.get('prompt') === 'player_missing_from_library', {
        timeout: 20_000,
      });
      assert.equal(new URL(frame.url()).searchParams.get('slug'), '/film/distant-coast');
    } finally {
      await context.close();
    }
  });
});
