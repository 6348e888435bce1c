/**
 * The play page in Arabic (`&lang=ar`, issue 22 item 14), measured as the viewer sees it: the
 * title sits next to its Back button (under 24 px apart, in both directions, at desktop and phone
 * widths), the Back arrow is mirrored under right-to-left (and only there), and Up next says
 * "Season" in Arabic, never the English word among Arabic text. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const FILM_HASH = '#/film/night-harbour/night-harbour';

interface TitleBarGeometry {
  /** The Back button's box, px. */
  back: { left: number; right: number };
  /** The box of the title's text itself (not its line), px. */
  title: { left: number; right: number };
  direction: string;
  /**
   * How many horizontal flips lie between the arrow's drawing and the Back button (every element
   * on the way, through the slots the icon is passed through): odd means the arrow is mirrored.
   */
  flips: number;
}

/**
 * The title bar's geometry (see {@link TitleBarGeometry}). Evaluated as a string: the page runs it
 * as written (no helper the test's compiler would add).
 */
function titleBarGeometry(page: Page): Promise<TitleBarGeometry> {
  return page.evaluate(`(() => {
    const bar = document.querySelector('s72-player').shadowRoot.querySelector('s72-title-bar');
    const back = bar.shadowRoot.querySelector('[part~="back-button"]');
    const title = bar.shadowRoot.querySelector('[part~="title"]');
    const range = document.createRange();
    range.selectNodeContents(title);
    const text = range.getBoundingClientRect();
    const box = back.getBoundingClientRect();
    // The drawn arrow: the first svg in the flattened content of the Back button.
    function flattened(node) {
      if (node instanceof HTMLSlotElement) {
        const assigned = node.assignedElements({ flatten: true });
        return (assigned.length > 0 ? assigned : [...node.children]).flatMap(flattened);
      }
      return [node, ...[...node.children].flatMap(flattened)];
    }
    const svg = flattened(back).find((node) => node.localName === 'svg');
    let flips = 0;
    for (let node = svg; node; ) {
      const transform = getComputedStyle(node).transform;
      if (new DOMMatrixReadOnly(transform === 'none' ? undefined : transform).a < 0) flips++;
      if (node === back) break;
      const parent = node.assignedSlot || node.parentNode;
      node = parent instanceof ShadowRoot ? parent.host : parent;
    }
    return {
      back: { left: box.left, right: box.right },
      title: { left: text.left, right: text.right },
      direction: getComputedStyle(bar).direction,
      flips,
    };
  })()`);
}

/** Shows the controls with a real mouse move over the player. */
async function showControls(page: Page): Promise<void> {
  const box = (await page.locator('s72-player').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5);
}

describe('the play page in Arabic (issue 22 item 14)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    it(`the title sits next to its Back button, and the arrow points the reading way (${viewport.width}×${viewport.height}, en and ar)`, { timeout: 180_000 }, async () => {
      const { context, page } = await newPage(browser);
      try {
        await page.setViewportSize(viewport);
        for (const lang of ['en', 'ar'] as const) {
          await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}&lang=${lang}`));
          await waitForPlayback(page, 0.3);
          await showControls(page);
          const geometry = await titleBarGeometry(page);
          const rtl = lang === 'ar';
          assert.equal(geometry.direction, rtl ? 'rtl' : 'ltr');
          // Left to right: Back, then the title to its right; right to left: Back, then the title to its left.
          const gap = rtl ? geometry.back.left - geometry.title.right : geometry.title.left - geometry.back.right;
          assert.ok(gap >= 0 && gap < 24, `${lang}: ${gap.toFixed(1)} px between Back and the title ${JSON.stringify(geometry)}`);
          assert.equal(geometry.flips % 2, rtl ? 1 : 0, `${lang}: the back arrow is ${rtl ? '' : 'not '}mirrored (${geometry.flips} flips)`);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('Up next in Arabic says "Season" in Arabic (the storefront configures it in English)', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}&lang=ar&t=45&nav=false`));
      await page.waitForFunction(() => document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-end-screen[open]'), null, {
        timeout: 30_000,
      });
      const main = page.locator('s72-player').locator('[part~="main-suggestion"]');
      await main.waitFor({ timeout: 10_000 });
      const text = ((await main.textContent()) ?? '').replace(/\s+/g, ' ');
      // The demo's main suggestion is Tide Tables season 1, episode 2.
      assert.match(text, /الموسم 1/, text);
      assert.match(text, /الحلقة 2/, text);
      assert.doesNotMatch(text, /Season/, text);
    } finally {
      await context.close();
    }
  });
});
