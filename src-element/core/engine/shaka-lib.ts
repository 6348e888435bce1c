/**
 * Loads shaka-player (DASH + HLS, ES2021 build) and returns its namespace.
 *
 * The compiled build is a UMD script. Evaluated as a plain module (our Rollup builds, the test
 * runner) it assigns `window.shaka`, which keeps it at module top level instead of inside a
 * lazily-evaluated CommonJS closure (DESIGN.md "Start-up facts": that closure cost ~65 ms of
 * main-thread time). A bundler that wraps it as CommonJS gives us its exports instead; both work.
 * This module is only ever imported dynamically, from `ShakaEngineLoader`, so the element alone
 * stays small.
 */
import * as shakaModule from 'shaka-player/dist/shaka-player.compiled-es2021.js';

export type Shaka = typeof shakaModule.default;

function resolveShaka(): Shaka {
  const fromGlobal = (globalThis as unknown as { shaka?: Shaka }).shaka;
  if (fromGlobal?.Player) return fromGlobal;
  const fromModule = shakaModule as unknown as { default?: Shaka } & Partial<Shaka>;
  if (fromModule.default?.Player) return fromModule.default;
  if (fromModule.Player) return fromModule as Shaka;
  throw new Error('shaka-player did not load: neither window.shaka nor the module exports hold it');
}

export const shaka: Shaka = resolveShaka();
shaka.polyfill.installAll();
