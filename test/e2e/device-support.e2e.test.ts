/**
 * Device support step of the play page (play-page §4 step 5, §2 "unsupported browser", §9 matrix and
 * restriction toggles) and the `#/device-support` route. Needs `dist-shell/` built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';

import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const FILM_HASH = '#/film/night-harbour/night-harbour';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** Safari exists on Windows (5.1.7) but the §9 matrix says "no" for it. */
const SAFARI_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/534.57.2 (KHTML, like Gecko) Version/5.1.7 Safari/534.57.2';

/** Samsung Internet on Android: a mobile browser the §9 matrix does not list. */
const SAMSUNG_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36';

describe('play page: device support', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('Firefox with block_firefox on shows "Unsupported browser" with a "Device support" action, and no streams call', { timeout: 120_000 }, async () => {
    await demo.fault({
      path: '/services/content/feature_toggles',
      status: 200,
      body: { feature_toggles: { block_firefox: true, block_macos_widevine: false, block_mobile_drm: false, iphone_fullscreen: true } },
    });
    const context = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
    try {
      const page = await context.newPage();
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
      await page.getByRole('heading', { name: 'Unsupported browser' }).waitFor({ timeout: 20_000 });
      const action = page.locator('[data-testid="unsupported-action"]');
      assert.equal(await action.textContent(), 'Device support');
      assert.equal(await action.getAttribute('href'), '#/device-support');
      assert.equal((await demo.requests('/services/playback/streams*')).length, 0, 'no streams call');
      assert.equal(await page.locator('s72-player').count(), 0);
      // The action opens the device-support route, which lists the matrix.
      await action.click();
      const table = page.locator('[data-testid="device-support-table"]');
      await table.waitFor({ timeout: 20_000 });
      const text = (await table.textContent()) ?? '';
      for (const word of ['Chrome', 'Firefox', 'Safari', 'Windows 11', 'Linux', 'Maybe']) assert.ok(text.includes(word), `${word} in ${text}`);
    } finally {
      await context.close();
    }
  });

  it('Firefox without the restriction plays on (the toggles decide)', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
    try {
      const page = await context.newPage();
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
      await page.locator('s72-player').waitFor({ state: 'attached', timeout: 20_000 });
      assert.equal(await page.getByRole('heading', { name: 'Unsupported browser' }).count(), 0);
    } finally {
      await context.close();
    }
  });

  it('Safari on Windows (matrix "no") shows "Unsupported browser"', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ userAgent: SAFARI_WINDOWS });
    try {
      const page = await context.newPage();
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
      await page.getByRole('heading', { name: 'Unsupported browser' }).waitFor({ timeout: 20_000 });
      assert.equal((await demo.requests('/services/playback/streams*')).length, 0, 'no streams call');
    } finally {
      await context.close();
    }
  });

  it('an unsupported mobile browser with an app gets "Get the app to view" (the configuration\'s app_url)', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ userAgent: SAMSUNG_ANDROID, isMobile: true, viewport: { width: 412, height: 915 } });
    try {
      const page = await context.newPage();
      await page.goto(demo.playUrl(`${FILM_HASH}?u=${TOKENS.adult}`));
      await page.getByRole('heading', { name: 'Unsupported browser' }).waitFor({ timeout: 20_000 });
      const app = page.getByRole('link', { name: 'Get the app to view' });
      assert.equal(await app.getAttribute('href'), 'https://apps.example.com/s72');
      assert.equal((await demo.requests('/services/playback/streams*')).length, 0, 'no streams call');
    } finally {
      await context.close();
    }
  });

  it('/device-support redirects to the play page route, which lists /supported-devices.json', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${demo.url}/device-support`);
      await page.locator('[data-testid="device-support-table"]').waitFor({ timeout: 20_000 });
      assert.ok(page.url().endsWith('/play/#/device-support'), page.url());
      assert.equal(await page.getByRole('heading', { name: 'Device support' }).count(), 1);
      assert.equal((await demo.requests('/supported-devices.json')).length, 1);
    } finally {
      await context.close();
    }
  });
});
