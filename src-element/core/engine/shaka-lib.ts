// issue 12, DESIGN.md "Start-up facts"; DESIGN.md "Start-up facts"
/**
 * Loads shaka-player's full build (DASH + HLS, ES2021) and exposes what it defined. Only HLS sources
 * need it; DASH and MP4 load the smaller DASH-only build (shaka-dash-lib.ts), so the DASH path does
 * not pay for HLS (235 KiB gzip against 169).
 *
 * The compiled build is a UMD script. Evaluated as a plain module (our Rollup builds, the test
 * runner) it assigns `window.shaka`, which keeps it at module top level instead of inside a
 * lazily-evaluated CommonJS closure (that closure cost ~65 ms of
 * main-thread time). A bundler that wraps it as CommonJS gives us its exports instead; both work.
 * This module is only ever imported dynamically, from `ShakaEngineLoader`, so the element alone
 * stays small.
 */
import * as shakaModule from 'shaka-player/dist/shaka-player.compiled-es2021.js';

/**
 * The build's module exports (when a bundler wrapped it as CommonJS) and `window.shaka` read right
 * after the build evaluated (when it ran as a plain script); shaka-namespace.ts picks. No other
 * import here: this chunk must not wait for another one.
 */
export const shakaExports: unknown = shakaModule;
export const shakaGlobal: unknown = (globalThis as { shaka?: unknown }).shaka;
