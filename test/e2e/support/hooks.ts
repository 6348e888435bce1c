/**
 * The usual e2e setup in one call: a demo storefront on a free port and one Chromium for the
 * suite (and, for embedding tests, a partner page on another origin), the storefront's state reset
 * before each test, everything closed after the suite.
 */
import { after, before, beforeEach } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser.js';
import { startDemo, type Demo } from './demo.js';
import { startParentPage, type ParentPage } from './parent-page.js';

/** Registers the hooks in the current `describe`; `receive` gets the storefront and browser once started. */
export function useDemoAndBrowser(receive: (started: { demo: Demo; browser: Browser }) => void): void {
  useHooks(false, ({ demo, browser }) => receive({ demo, browser }));
}

/** As {@link useDemoAndBrowser}, plus a partner page on 127.0.0.1 that frames the play page. */
export function useDemoParentAndBrowser(receive: (started: { demo: Demo; browser: Browser; parent: ParentPage }) => void): void {
  useHooks(true, ({ demo, browser, parent }) => receive({ demo, browser, parent: parent! }));
}

function useHooks(withParent: boolean, receive: (started: { demo: Demo; browser: Browser; parent?: ParentPage }) => void): void {
  let demo: Demo | undefined;
  let browser: Browser | undefined;
  let parent: ParentPage | undefined;
  // Each test has its own time limit (a limit on the describe would cover the whole suite); the
  // hooks have theirs, so a storefront or browser that never starts fails instead of hanging.
  before(async () => {
    // The partner page's origin is one the storefront lets embed the play page (frame-ancestors and
    // the play page's window messages, issue 25 item 7).
    if (withParent) parent = await startParentPage();
    demo = await startDemo(parent ? { parentOrigins: [parent.origin] } : {});
    browser = await launchChromium();
    receive({ demo, browser, ...(parent ? { parent } : {}) });
  }, { timeout: 120_000 });
  after(async () => {
    await browser?.close();
    await parent?.close();
    await demo?.close();
  }, { timeout: 60_000 });
  beforeEach(() => demo!.reset(), { timeout: 30_000 });
}
