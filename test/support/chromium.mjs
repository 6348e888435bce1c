// The one place that says how we start Chromium here: the system browser (Debian's chromium, or
// CHROME_PATH), never a downloaded one, with the flags that work on these machines (no GPU, closed
// network). Used by the browser-test runner, the e2e tests, the media verifier and the benchmark.

/** Path of the Chromium binary. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags for headless Chromium on these machines. */
export const CHROME_FLAGS = Object.freeze([
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/** `CHROME_FLAGS` plus playback with sound without a user gesture (pages driven by scripts). */
export const CHROME_FLAGS_AUTOPLAY = Object.freeze([...CHROME_FLAGS, '--autoplay-policy=no-user-gesture-required']);
