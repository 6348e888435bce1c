/**
 * The usual e2e setup in one call: a demo storefront on a free port and one Chromium for the
 * suite, the storefront's state reset before each test, both closed after the suite.
 */
import { after, before, beforeEach } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser.js';
import { startDemo, type Demo } from './demo.js';

/** Registers the hooks in the current `describe`; `receive` gets the storefront and browser once started. */
export function useDemoAndBrowser(receive: (started: { demo: Demo; browser: Browser }) => void): void {
  let demo: Demo | undefined;
  let browser: Browser | undefined;
  before(async () => {
    demo = await startDemo();
    browser = await launchChromium();
    receive({ demo, browser });
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });
  beforeEach(() => demo!.reset());
}
