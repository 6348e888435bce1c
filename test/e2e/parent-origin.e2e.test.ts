/**
 * The parent origin of window messages (issue 8 "Hardening"; DESIGN.md "Window messages"): taken
 * from `location.ancestorOrigins[0]` first, then the referrer, and kept across the 401 → sign-in →
 * back round trip inside the iframe (where the referrer becomes the storefront's own sign-in page).
 *
 * The parent page is served from 127.0.0.1 (support/parent-page.ts); the play page from localhost.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoParentAndBrowser } from './support/hooks.js';
import { startParentPage, type ParentPage, type ReceivedMessage } from './support/parent-page.js';

describe('play page embedded: parent origin across the sign-in round trip', () => {
  let demo: Demo;
  let browser: Browser;
  let parent: ParentPage;
  useDemoParentAndBrowser((started) => ({ demo, browser, parent } = started));

  it('401 → sign-in → back in the iframe: timeupdate messages still reach the parent’s origin', { timeout: 180_000 }, async () => {
    // A parent on the storefront's own origin, so the sign-in page inside the frame sends no referrer
    // that would name the parent (it is the storefront's own page): only the remembered origin works.
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${demo.url}/`);
      await page.evaluate((src) => {
        const w = window as unknown as { received: ReceivedMessage[] };
        w.received = [];
        addEventListener('message', (e) => w.received.push({ origin: e.origin, data: e.data as Record<string, unknown>, at: Date.now() }));
        const iframe = document.createElement('iframe');
        iframe.id = 'player';
        iframe.allow = 'encrypted-media; autoplay; fullscreen; picture-in-picture';
        iframe.width = '960';
        iframe.height = '540';
        iframe.src = src;
        document.body.append(iframe);
      }, demo.playUrl('#/film/night-harbour/night-harbour?u=not-a-real-token'));
      const frame = await (await page.waitForSelector('#player')).contentFrame();
      assert.ok(frame);
      await frame.waitForURL((u) => u.pathname === '/signin.html', { timeout: 20_000 });
      await frame.getByRole('button', { name: 'Sign in' }).click();
      await frame.waitForURL((u) => u.pathname === '/play/', { timeout: 20_000 });
      const referrer = await frame.evaluate(() => document.referrer);
      assert.ok(referrer === '' || new URL(referrer).pathname === '/signin.html', `the referrer no longer names the parent: ${referrer}`);
      await waitForPlayback(frame, 3);
      const messages = await page.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);
      const updates = messages.filter((m) => m.data['event'] === 's72-player:timeupdate');
      assert.ok(updates.length >= 1, `timeupdate messages after the round trip: ${JSON.stringify(messages)}`);
      for (const m of updates) assert.equal(m.origin, demo.url);
      assert.ok(!JSON.stringify(messages).includes(TOKENS.adult), 'no token in any message');
    } finally {
      await context.close();
    }
  });

  it('a parent on another origin that sends no referrer still gets the messages (location.ancestorOrigins)', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(parent.pageUrl('about:blank'));
      await page.evaluate((src) => {
        const iframe = document.querySelector('#player') as HTMLIFrameElement;
        iframe.referrerPolicy = 'no-referrer';
        iframe.src = src;
      }, demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}`));
      const frame = await (await page.waitForSelector('#player')).contentFrame();
      assert.ok(frame);
      await frame.waitForURL((u) => u.pathname === '/play/', { timeout: 20_000 });
      assert.equal(await frame.evaluate(() => document.referrer), '', 'no referrer');
      await waitForPlayback(frame, 3);
      const messages = await page.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);
      const updates = messages.filter((m) => m.data['event'] === 's72-player:timeupdate');
      assert.ok(updates.length >= 1, `timeupdate messages: ${JSON.stringify(messages)}`);
      for (const m of updates) assert.equal(m.origin, demo.url);
    } finally {
      await context.close();
    }
  });

  // issue 25 item 7: one configured list of storefront origins (here: the partner page's) decides
  // who may frame the play page and who receives its messages; any other site gets neither.
  it('a site that is not a configured storefront cannot frame the play page and receives nothing', { timeout: 180_000 }, async () => {
    const other = await startParentPage();
    const { context, page } = await newPage(browser);
    try {
      assert.notEqual(other.origin, parent.origin);
      await page.goto(other.pageUrl(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`)));
      const frame = await (await page.waitForSelector('#player')).contentFrame();
      assert.ok(frame);
      await frame.waitForLoadState('load');
      assert.match(frame.url(), /^chrome-error:/, `the play page refused the frame: ${frame.url()}`);
      assert.equal(await frame.locator('s72-player').count(), 0, 'no player in the refused frame');
      const received = await page.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);
      assert.deepEqual(received, []);
    } finally {
      await context.close();
      await other.close();
    }
  });

  it('the configured storefront frames the play page and gets its messages', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(parent.pageUrl(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`)));
      const frame = await (await page.waitForSelector('#player')).contentFrame();
      assert.ok(frame);
      await waitForPlayback(frame, 1);
      const origins = await frame.evaluate(() => document.querySelector('meta[name="s72-parent-origins"]')?.getAttribute('content'));
      assert.equal(origins, parent.origin, 'the page was served with the configured list');
      await page.waitForFunction(() => (window as unknown as { received: ReceivedMessage[] }).received.some((m) => m.data['event'] === 's72-player:timeupdate'), undefined, { timeout: 20_000 });
    } finally {
      await context.close();
    }
  });
});
