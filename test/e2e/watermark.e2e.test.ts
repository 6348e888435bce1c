/**
 * The forensic watermark on the hosted play page (player-and-client §8 "Watermark tampering raises
 * an error and destroys the player"; issue 14): the film plays with the viewer's id drawn over it
 * (no error through several checks), then a page script hides the watermark → the play page's error
 * screen with `watermark_tampered`, no player left, and `player-error` telemetry with the code; and
 * the other ways a page script can tamper with it (removal, inline style, an injected <style>, a
 * covering element, the player shrunk), each → the error screen and no player.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { errorCode, newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo, type RecordedRequest } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

type Body = { events?: Array<{ event: string; slug: string; data?: Record<string, unknown> }> };
const eventsOf = (requests: RecordedRequest[]) => requests.flatMap((r) => (r.body as Body)?.events ?? []);

describe('play page: forensic watermark', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('a page script hiding the watermark → the error screen with watermark_tampered, player gone, telemetry sent', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`));
      await waitForPlayback(page, 1);
      const drawn = await page.evaluate(`(() => {
        const mark = document.querySelector('s72-player').shadowRoot.querySelector('.frame > div[aria-hidden="true"]');
        const rect = mark ? mark.getBoundingClientRect() : null;
        return rect ? { width: rect.width, height: rect.height, closed: mark.shadowRoot === null } : null;
      })()`);
      assert.ok(drawn, 'the watermark is drawn on the play page');
      const { width, height, closed } = drawn as { width: number; height: number; closed: boolean };
      assert.ok(width > 10 && height > 10, `watermark box ${width}×${height}`);
      assert.equal(closed, true, 'its text is in a closed shadow root');
      // Several checks while the film plays: no false positive on the play page's layout.
      const before = await waitForPlayback(page, 1);
      await page.waitForTimeout(1_500);
      assert.equal(await page.locator('[data-testid="error-code"]').count(), 0, 'no error while intact');
      assert.ok((await waitForPlayback(page, before)) > before, 'still playing');

      await page.evaluate(`document.querySelector('s72-player').shadowRoot.querySelector('.frame > div[aria-hidden="true"]').style.display = 'none'`);
      assert.equal(await errorCode(page, 10_000), 'watermark_tampered');
      assert.equal(await page.locator('s72-player').count(), 0, 'the player is gone');

      await page.goto('about:blank'); // sends the play telemetry batch
      const deadline = Date.now() + 10_000;
      let events = eventsOf(await demo.requests('/services/license/play_telemetry'));
      while (!events.some((e) => e.event === 'player-error') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        events = eventsOf(await demo.requests('/services/license/play_telemetry'));
      }
      const errors = events.filter((e) => e.event === 'player-error');
      assert.equal(errors.length, 1, JSON.stringify(events));
      assert.equal(errors[0]!.data?.['code'], 'watermark_tampered');
      assert.equal(errors[0]!.data?.['category'], 'watermark');
    } finally {
      await context.close();
    }
  });

  // What else a page script can do to the watermark on the hosted page (the player's own shadow
  // root is open): each ends on the error screen with no player left. The element tests cover the
  // same methods and more in detail (test/element/watermark.test.ts).
  const MARK = `document.querySelector('s72-player').shadowRoot.querySelector('.frame > div[aria-hidden="true"]')`;
  const TAMPERING: ReadonlyArray<readonly [method: string, script: string]> = [
    ['removed from the DOM', `${MARK}.remove()`],
    ['made transparent by an inline style', `${MARK}.style.opacity = '0'`],
    [
      'hidden by a <style> put into the player\'s shadow root',
      `(() => { const style = document.createElement('style'); style.textContent = '.frame > div[aria-hidden="true"] { visibility: hidden }'; document.querySelector('s72-player').shadowRoot.append(style); })()`,
    ],
    [
      'covered by a page element on top of the player',
      `(() => { const cover = document.createElement('div'); cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:#000'; document.body.append(cover); })()`,
    ],
    ['the player shrunk to nothing while it plays', `(() => { const p = document.querySelector('s72-player'); p.style.setProperty('width', '1px', 'important'); p.style.setProperty('height', '1px', 'important'); })()`],
  ];
  for (const [method, script] of TAMPERING) {
    it(`tampering on the play page — ${method} → watermark_tampered, player gone`, { timeout: 120_000 }, async () => {
      const { context, page } = await newPage(browser);
      try {
        await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`));
        await waitForPlayback(page, 0.5);
        await page.evaluate(script);
        assert.equal(await errorCode(page, 10_000), 'watermark_tampered');
        assert.equal(await page.locator('s72-player').count(), 0, 'the player is gone');
      } finally {
        await context.close();
      }
    });
  }
});
