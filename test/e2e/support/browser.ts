/**
 * Chromium for end-to-end tests (playwright-core with the system Chromium; never downloads one).
 */
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { CHROME_FLAGS_AUTOPLAY, CHROME_PATH } from '../../support/chromium.mjs';
import { CAST_SENDER_ROUTE, fakeCastSender } from './fake-cast-sender.js';

/** Flags that work on these machines, plus autoplay without a gesture for tests. */
export const CHROMIUM_ARGS = CHROME_FLAGS_AUTOPLAY;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: [...CHROMIUM_ARGS],
  });
}

/** What a page reported while a test ran. */
export interface PageLog {
  /** `console.error` lines and uncaught exceptions. */
  errors: string[];
  /** CSP violations (`securitypolicyviolation` events), as `directive blockedURI`. */
  cspViolations: string[];
}

/** A new page in a fresh context, recording errors and CSP violations of every frame. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; log: PageLog }> {
  const context = await browser.newContext();
  const log: PageLog = { errors: [], cspViolations: [] };
  await context.exposeBinding('__e2eCspViolation', (_source, text: string) => void log.cspViolations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __e2eCspViolation(t: string): void }).__e2eCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  // No network here: the Cast sender script (the demo enables casting) is the fake framework.
  const sender = await fakeCastSender();
  await context.route(CAST_SENDER_ROUTE, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: sender }));
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.errors.push(msg.text());
  });
  page.on('pageerror', (error) => log.errors.push(String(error)));
  return { context, page, log };
}

/** Waits until `<s72-player>` in `frame` reports `currentTime` above `seconds`; returns the time. */
export async function waitForPlayback(frame: Page | Frame, seconds: number, timeoutMs = 60_000): Promise<number> {
  const handle = await frame.waitForFunction(
    (min) => {
      const player = document.querySelector('s72-player') as (HTMLElement & { currentTime: number }) | null;
      return player && player.currentTime > min ? player.currentTime : false;
    },
    seconds,
    { timeout: timeoutMs, polling: 250 },
  );
  return (await handle.jsonValue()) as number;
}

/** The text of `[data-testid=error-code]` once the error screen shows. */
export async function errorCode(frame: Page | Frame, timeoutMs = 20_000): Promise<string> {
  const el = frame.locator('[data-testid="error-code"]');
  await el.waitFor({ state: 'visible', timeout: timeoutMs });
  return (await el.textContent()) ?? '';
}
