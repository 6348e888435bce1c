/**
 * The heartbeat on the play page, end to end (issue 9; play-page §7, §8; player-and-client §5):
 * a viewer limited to one stream opening a second page gets `too_many_streams` there while the
 * first keeps playing; a heartbeat answering 403 ends playback on `content_expired`.
 *
 * The demo's configuration beats every 30 s; these tests answer `/services/content/configuration`
 * through the fault API with the same keys and a 1 s `heartbeat_frequency` (test-only).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { ParentPage, ReceivedMessage } from './support/parent-page.js';
import { errorCode, newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoParentAndBrowser } from './support/hooks.js';

const HEARTBEAT = '/services/license/heartbeat';

/** Answers the content configuration with its own keys and `overrides` (test-only, through the fault API). */
async function fastConfiguration(demo: Demo, overrides: Record<string, unknown>): Promise<void> {
  const real = (await (await fetch(`${demo.url}/services/content/configuration`)).json()) as Record<string, unknown>;
  await demo.fault({ path: '/services/content/configuration', method: 'GET', status: 200, body: { ...real, ...overrides } });
}
const SOLO = 'demo-solo-token';

/** Resolves once `check` is true, polling every 250 ms; rejects with `what` after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('play page: heartbeat', () => {
  let demo: Demo;
  let browser: Browser;
  let parent: ParentPage;
  useDemoParentAndBrowser((started) => ({ demo, browser, parent } = started));

  it('a one-stream viewer: the second page shows too_many_streams, the first plays on', { timeout: 180_000 }, async () => {
    await fastConfiguration(demo, { heartbeat_frequency: 1 });
    const first = await newPage(browser);
    const second = await newPage(browser);
    try {
      await first.page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${SOLO}`));
      await waitForPlayback(first.page, 1);
      await until(async () => (await demo.requests(HEARTBEAT)).some((r) => r.status === 200), 15_000, 'a heartbeat of the first page');
      await second.page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${SOLO}`));
      assert.equal(await errorCode(second.page, 30_000), 'too_many_streams');
      const text = await second.page.locator('[data-testid="error-screen"]').innerText();
      assert.match(text, /too many screens/i);
      assert.ok(await second.page.locator('[data-testid="retry"]').isVisible(), 'a retry is offered');
      assert.ok((await demo.requests(HEARTBEAT)).some((r) => r.status === 451), 'the storefront refused with 451');
      // The first page is untouched.
      const t = await first.page.evaluate(() => (document.querySelector('s72-player') as unknown as { currentTime: number }).currentTime);
      await waitForPlayback(first.page, t + 1, 10_000);
      assert.equal(await first.page.locator('[data-testid="error-screen"]').count(), 0);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('a heartbeat answering 403: the content_expired screen, posted to the parent page', { timeout: 180_000 }, async () => {
    await fastConfiguration(demo, { heartbeat_frequency: 1 });
    await demo.fault({ path: HEARTBEAT, status: 403, body: { code: 'content_expired', message: 'This title can no longer be watched.' } });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(parent.pageUrl(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}`)));
      const frame = await (await page.waitForSelector('#player')).contentFrame();
      assert.ok(frame, 'the play page is framed');
      assert.equal(await errorCode(frame, 40_000), 'content_expired');
      assert.match(await frame.locator('[data-testid="error-screen"]').innerText(), /access to this title has ended/i);
      assert.equal(await frame.locator('s72-player').count(), 0);
      assert.ok((await demo.requests(HEARTBEAT)).length >= 1);
      await page.waitForFunction(() =>
        (window as unknown as { received: ReceivedMessage[] }).received.some(
          (m) => m.data['event'] === 's72-player:error' && m.data['code'] === 'content_expired',
        ),
      );
      const messages = await page.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);
      assert.ok(!JSON.stringify(messages).includes(TOKENS.adult), 'no token in the messages');
    } finally {
      await context.close();
    }
  });
});
