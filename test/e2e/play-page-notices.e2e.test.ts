/**
 * The play page's small screens as a viewer meets them (issue 22 item 15):
 * - the PIN screen says the attempts left once, does not move when a message appears (the room is
 *   kept), and an empty PIN is a validation ("Enter your 4-digit PIN.") without a call, without
 *   using an attempt and without the `incorrect_pin` code;
 * - the rental notice says a 90-minute window as "1 hour 30 minutes" (English and Arabic), never
 *   rounded to "2 hours";
 * - the device-support page's heading, text and table do not overlap, at desktop and phone widths.
 * Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const VERIFY = '/services/users/v1/user_pin_codes/verify';
const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
];

/** Where the PIN form's field and button are, px from the top of the page. */
function formPlaces(page: Page): Promise<{ input: number; button: number }> {
  return page.evaluate(() => ({
    input: document.querySelector('#pin-input')!.getBoundingClientRect().top,
    button: document.querySelector('[data-testid="pin-submit"]')!.getBoundingClientRect().top,
  }));
}

/** How many times the visible text of the PIN screen says "attempt(s) left". */
async function attemptsSaid(page: Page): Promise<number> {
  const text = await page.locator('[data-testid="pin-screen"]').innerText();
  return text.match(/attempts? left/g)?.length ?? 0;
}

async function submitPin(page: Page, pin: string): Promise<void> {
  await page.waitForFunction(() => !(document.querySelector('#pin-input') as HTMLInputElement | null)?.disabled, null, { timeout: 10_000 });
  await page.locator('#pin-input').fill(pin);
  await page.locator('[data-testid="pin-submit"]').click();
}

describe('play page notices (issue 22 item 15)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  for (const viewport of VIEWPORTS) {
    it(`PIN (${viewport.width} px): an empty PIN is a validation; the attempts are said once; the form never moves`, { timeout: 240_000 }, async () => {
      const { context, page } = await newPage(browser);
      try {
        await page.setViewportSize(viewport);
        await page.goto(demo.playUrl(`#/film/quiet-room/quiet-room?u=${TOKENS.adult}`));
        await page.locator('#pin-input').waitFor({ timeout: 20_000 });
        const before = await formPlaces(page);
        assert.equal(await attemptsSaid(page), 1);

        await submitPin(page, '');
        const invalid = page.locator('[data-testid="pin-invalid"]');
        await invalid.waitFor({ timeout: 5_000 });
        assert.equal(await invalid.textContent(), 'Enter your 4-digit PIN.');
        assert.equal(await page.locator('[data-testid="error-code"]').count(), 0, 'no error code for a validation');
        assert.match(await page.locator('[data-testid="pin-attempts"]').innerText(), /^5 attempts left$/, 'no attempt used');
        assert.equal((await demo.requests(VERIFY)).length, 0, 'no verify call');
        assert.deepEqual(await formPlaces(page), before, 'the form stays where it was');

        await submitPin(page, '0000');
        await page.getByRole('alert').filter({ hasText: 'Incorrect PIN. 4 attempts left.' }).waitFor({ timeout: 10_000 });
        assert.equal(await page.locator('[data-testid="error-code"]').textContent(), 'incorrect_pin');
        assert.equal(await attemptsSaid(page), 1, 'the attempts left are said once');
        assert.deepEqual(await formPlaces(page), before, 'the form stays where it was with the error');
        assert.equal((await demo.requests(VERIFY)).length, 1);
      } finally {
        await context.close();
      }
    });
  }

  it('the rental notice says 90 minutes as "1 hour 30 minutes", in English and in Arabic', { timeout: 240_000 }, async () => {
    // The viewer's library as the storefront answers it, with Long Weekend's window at 90 minutes.
    const libraryPath = '/services/content/v4/user_library/1001/index';
    const real = (await (await fetch(`${demo.url}${libraryPath}`, { headers: { 'x-auth-token': TOKENS.adult } })).json()) as {
      items: Array<{ item: string; info: Record<string, unknown> }>;
    };
    const items = real.items.map((entry) =>
      entry.item === '/film/long-weekend' ? { ...entry, info: { ...entry.info, rental_playback_duration_minutes: 90 } } : entry,
    );
    assert.ok(items.some((entry) => entry.info['rental_playback_duration_minutes'] === 90), 'Long Weekend is in the library');
    await demo.fault({ path: libraryPath, method: 'GET', status: 200, body: { items }, times: 100 });
    const { context, page } = await newPage(browser);
    try {
      const expected = {
        en: 'Watch window: Once you start playing you will have 1 hour 30 minutes to finish watching.',
        ar: 'فترة المشاهدة: بمجرد أن تبدأ التشغيل سيكون لديك ساعة واحدة و30 دقيقة لإكمال المشاهدة.',
      };
      for (const lang of ['en', 'ar'] as const) {
        await page.goto(demo.playUrl(`#/film/long-weekend/long-weekend?u=${TOKENS.adult}&lang=${lang}`));
        const notice = page.locator('[data-testid="watch-window-text"]');
        await notice.waitFor({ timeout: 20_000 });
        // A language changed in the address (same document) shows once its table has loaded.
        await page
          .waitForFunction((text) => document.querySelector('[data-testid="watch-window-text"]')?.textContent === text, expected[lang], { timeout: 10_000 })
          .catch(() => undefined);
        assert.equal(await notice.textContent(), expected[lang]);
      }
    } finally {
      await context.close();
    }
  });

  for (const viewport of VIEWPORTS) {
    it(`the device-support page (${viewport.width} px): heading, text and table do not overlap, nothing runs off the page`, { timeout: 240_000 }, async () => {
      const { context, page } = await newPage(browser);
      try {
        await page.setViewportSize(viewport);
        await page.goto(`${demo.url}/play/#/device-support`);
        const table = page.locator('[data-testid="device-support-table"]');
        await table.waitFor({ timeout: 20_000 });
        const layout = await page.evaluate(() => {
          const main = document.querySelector('[data-testid="device-support-page"]')!;
          const boxes = Array.from(main.children).map((child) => {
            const r = child.getBoundingClientRect();
            return { tag: child.localName, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
          });
          return { boxes, pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth };
        });
        assert.ok(layout.boxes.length >= 2, JSON.stringify(layout));
        for (let i = 1; i < layout.boxes.length; i++) {
          const [above, below] = [layout.boxes[i - 1]!, layout.boxes[i]!];
          assert.ok(below.top >= above.bottom - 0.5, `${below.tag} starts below ${above.tag}: ${JSON.stringify(layout.boxes)}`);
        }
        for (const box of layout.boxes) assert.ok(box.left >= 0 && box.right <= layout.viewport + 0.5, `${box.tag} within the screen: ${JSON.stringify(box)}`);
        assert.ok(layout.pageWidth <= layout.viewport, `the page does not scroll sideways (${layout.pageWidth} > ${layout.viewport})`);
      } finally {
        await context.close();
      }
    });
  }
});
