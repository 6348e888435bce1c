/**
 * Finds the shaka namespace a shaka build module defined (shaka-lib.ts, shaka-dash-lib.ts).
 *
 * shaka's stock builds are UMD scripts: evaluated as plain modules they assign `window.shaka` (the
 * last one evaluated wins, which is why each lib module reads it right after its own build
 * evaluated, in the same synchronous module evaluation, and keeps its own reference); wrapped as
 * CommonJS by a bundler they export the namespace instead. s72-player's own DASH build
 * (scripts/build-shaka.ts) is an ES module whose default export is the namespace.
 */
import type shakaTypes from 'shaka-player/dist/shaka-player.compiled-es2021.js';

export type Shaka = typeof shakaTypes;

/** Which build a namespace came from: `full` (DASH + HLS) or `dash` (DASH only). */
export type ShakaBuild = 'full' | 'dash';

const builds = new WeakMap<object, ShakaBuild>();

/**
 * The namespace from a build module's `shakaExports` and `shakaGlobal` (see shaka-lib.ts); installs
 * shaka's polyfills. Throws an `Error` when neither holds a namespace with a `Player`.
 */
export function resolveShaka(lib: { shakaExports: unknown; shakaGlobal: unknown }, build: ShakaBuild): Shaka {
  const fromModule = lib.shakaExports as { default?: Shaka } & Partial<Shaka>;
  const fromGlobal = lib.shakaGlobal as Partial<Shaka> | undefined;
  const shaka = fromModule.default?.Player ? fromModule.default : fromModule.Player ? (fromModule as Shaka) : fromGlobal?.Player ? (fromGlobal as Shaka) : null;
  if (!shaka) throw new Error(`shaka-player (${build} build) did not load: it exported no shaka namespace and set no window.shaka`);
  builds.set(shaka, build);
  shaka.polyfill.installAll();
  return shaka;
}

/** The build `shaka` came from (undefined for a namespace `resolveShaka` never saw). */
export function shakaBuildOf(shaka: Shaka): ShakaBuild | undefined {
  return builds.get(shaka);
}
