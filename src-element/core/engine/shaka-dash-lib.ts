// DESIGN.md "Start-up facts"
/**
 * Loads a DASH-only shaka build (ES2021; no HLS, no MSS) for DASH and MP4 sources, and exposes what
 * it defined. Which build:
 * - our CDN build, the play page and the browser tests resolve this import to s72-player's own
 *   Closure build (scripts/build-shaka.ts): only what the player uses, including the `data:` URI
 *   scheme that inline `drm.clearKeys` needs; an ES module whose default export is the namespace;
 * - the npm library leaves it to the user's bundler: the `shaka-player` package's stock DASH build,
 *   a UMD script (see shaka-lib.ts), which leaves out the `data:` URI scheme (licences must come
 *   from a licence server there; inline `drm.clearKeys` fails with 6007).
 * Imported only dynamically.
 */
import * as shakaModule from 'shaka-player/dist/shaka-player.dash-es2021.js';

/**
 * The build's module exports (our own build's default export, or the stock build's exports when a
 * bundler wrapped it as CommonJS) and `window.shaka` read right after the build evaluated (the
 * stock build run as a plain script); shaka-namespace.ts picks. No other
 * import here: this chunk must not wait for another one.
 */
export const shakaExports: unknown = shakaModule;
export const shakaGlobal: unknown = (globalThis as { shaka?: unknown }).shaka;
