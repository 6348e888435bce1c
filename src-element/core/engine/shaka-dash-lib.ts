// DESIGN.md "Start-up facts"
/**
 * Loads shaka-player's DASH-only build (ES2021; no HLS, no MSS) for DASH and MP4 sources, and
 * exposes what it defined (see shaka-lib.ts for how the UMD script is evaluated). Note: the DASH
 * builds leave out the `data:` URI scheme, so licences must come from a licence server (inline
 * `drm.clearKeys` fails with 6007). Imported only dynamically.
 */
import * as shakaModule from 'shaka-player/dist/shaka-player.dash-es2021.js';

/**
 * The build's module exports (when a bundler wrapped it as CommonJS) and `window.shaka` read right
 * after the build evaluated (when it ran as a plain script); shaka-namespace.ts picks. No other
 * import here: this chunk must not wait for another one.
 */
export const shakaExports: unknown = shakaModule;
export const shakaGlobal: unknown = (globalThis as { shaka?: unknown }).shaka;
