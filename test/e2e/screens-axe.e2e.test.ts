/**
 * The play page's own screens and the demo's sign-in page pass axe (issue 22 item 11: every text
 * at least 4.5:1, the red buttons and Sign in included): axe-core with the WCAG 2.0/2.1/2.2 A and
 * AA rules (support/axe.ts) reports 0 violations on the PIN screen (empty, with a validation, with
 * an error), the rental notice, the resume prompt, the too-many-streams error screen (a real 451
 * from the storefront's heartbeat, through `/__demo/`) and `/signin.html`. Needs `npm run build`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatViolations, runAxe } from './support/axe.js';
import { errorCode, newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

/** Runs axe on the page as it is; fails with the violations, named by `state`. */
async function assertNoViolations(page: Page, state: string): Promise<void> {
  const report = await runAxe(page);
  assert.deepEqual(report.violations.map((v) => v.id), [], `${state}:\n${formatViolations(report.violations)}`);
}

/** Relative luminance of a computed `rgb(…)` colour (WCAG 2.x). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const s = Number(c) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of a button's text on its own background (both opaque), as the browser computes them. */
async function buttonContrast(page: Page, selector: string): Promise<number> {
  const { color, background } = await page
    .locator(selector)
    .evaluate((button) => ({ color: getComputedStyle(button).color, background: getComputedStyle(button).backgroundColor }));
  const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('axe on the play page screens and the sign-in page (issue 22 item 11)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('the PIN screen: as it opens, after an empty submission, after a wrong PIN', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/quiet-room/quiet-room?u=${TOKENS.adult}`));
      await page.locator('#pin-input').waitFor({ timeout: 20_000 });
      assert.ok((await buttonContrast(page, '[data-testid="pin-submit"]')) >= 4.5, 'Continue: text at least 4.5:1');
      await assertNoViolations(page, 'PIN screen');
      await page.locator('[data-testid="pin-submit"]').click();
      await page.locator('[data-testid="pin-invalid"]').waitFor({ timeout: 5_000 });
      await assertNoViolations(page, 'PIN screen, empty PIN');
      await page.locator('#pin-input').fill('0000');
      await page.locator('[data-testid="pin-submit"]').click();
      await page.locator('[data-testid="pin-error"]').waitFor({ timeout: 10_000 });
      await assertNoViolations(page, 'PIN screen, incorrect_pin');
    } finally {
      await context.close();
    }
  });

  it('the rental notice (watch window)', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/long-weekend/long-weekend?u=${TOKENS.adult}`));
      await page.locator('[data-testid="watch-window"]').waitFor({ timeout: 20_000 });
      assert.ok((await buttonContrast(page, '[data-testid="watch-window-play"]')) >= 4.5, 'Play: text at least 4.5:1');
      await assertNoViolations(page, 'watch-window notice');
    } finally {
      await context.close();
    }
  });

  it('the resume prompt', { timeout: 240_000 }, async () => {
    // The demo's Resume Me was last played 2 days ago, 600 s in: the prompt shows.
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/resume-me/resume-me?u=${TOKENS.adult}`));
      await page.locator('[data-testid="resume-prompt"]').waitFor({ timeout: 20_000 });
      assert.ok((await buttonContrast(page, '[data-testid="resume"]')) >= 4.5, 'Resume: text at least 4.5:1');
      await assertNoViolations(page, 'resume prompt');
    } finally {
      await context.close();
    }
  });

  it('the too-many-streams error screen (the heartbeat answers 451) and its Try again', { timeout: 240_000 }, async () => {
    await demo.fault({ path: '/services/license/heartbeat', status: 451, body: { code: 'too_many_streams' }, times: 100 });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}`));
      assert.equal(await errorCode(page, 60_000), 'too_many_streams');
      assert.ok((await buttonContrast(page, '[data-testid="retry"]')) >= 4.5, 'Try again: text at least 4.5:1');
      await assertNoViolations(page, 'too_many_streams');
    } finally {
      await context.close();
    }
  });

  it('the demo storefront sign-in page', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${demo.url}/signin.html`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      assert.ok((await buttonContrast(page, 'button[type="submit"]')) >= 4.5, 'Sign in: text at least 4.5:1');
      await assertNoViolations(page, 'sign-in page');
    } finally {
      await context.close();
    }
  });
});
