/**
 * Loads shaka-player (DASH + HLS, ES2021 build) and returns its namespace.
 *
 * The compiled build is a UMD script: evaluated as a plain module it assigns `window.shaka`, which
 * keeps it at module top level in our bundles instead of inside a lazily-evaluated CommonJS closure
 * (DESIGN.md "Start-up facts": that closure cost ~65 ms of main-thread time). This module is only
 * ever imported dynamically, from `ShakaEngineLoader`, so the element alone stays small.
 */
import 'shaka-player/dist/shaka-player.compiled-es2021.js';
import type ShakaNamespace from 'shaka-player/dist/shaka-player.compiled-es2021.js';

export type Shaka = typeof ShakaNamespace;

const lib = (globalThis as unknown as { shaka?: Shaka }).shaka;
if (!lib) throw new Error('shaka-player did not register itself on window.shaka');
lib.polyfill.installAll();

export const shaka: Shaka = lib;
