/**
 * The forensic watermark on the hosted play page (player-and-client §8 "Watermark tampering raises
 * an error and destroys the player"; issue 14): the film plays with the viewer's id drawn over it
 * (no error through several checks), then a page script hides the watermark → the play page's error
 * screen with `watermark_tampered`, no player left, and `player-error` telemetry with the code.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { errorCode, newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo, type RecordedRequest } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

type Body = { events?: Array<{ event: string; slug: string; data?: Record<string, unknown> }> };
const eventsOf = (requests: RecordedRequest[]) => requests.flatMap((r) => (r.body as Body)?.events ?? []);

describe('play page: forensic watermark', { timeout: 120_000 }, () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('a page script hiding the watermark → the error screen with watermark_tampered, player gone, telemetry sent', async () => {
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
});
