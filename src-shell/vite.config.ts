/**
 * Vite build of the hosted play page: `npx vite build --config src-shell/vite.config.ts`
 * → `dist-shell/`, served by the storefront at `/play/` (play-page §2).
 *
 * JSX is compiled by Vite's built-in transform with React's automatic runtime (no plugin); the
 * output has no inline scripts and no eval, so the page runs under a strict CSP.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Where the storefront serves the page (play-page §2). */
const BASE = '/play/';
const source = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The package's own specifiers → its sources (the shell imports the player only through them,
 * DESIGN.md "One package, four layers"); exact matches, so `s72-player/react` is not read as
 * `s72-player` + `/react`. Mirrors `paths` in tsconfig.json and web-test-runner.config.mjs.
 */
const PACKAGE_ALIASES = [
  { find: /^s72-player$/, replacement: source('src-element/index.ts') },
  { find: /^s72-player\/react$/, replacement: source('src-element/react/index.ts') },
  { find: /^s72-player\/client$/, replacement: source('src-element/core/client/index.ts') },
];

/**
 * DASH and MP4 play on s72-player's own Closure build of shaka-player (only what the player uses;
 * scripts/build-shaka.ts, run by `npm run build:shaka`), an ES module, in place of the package's
 * stock DASH build. The full build (HLS) stays the package's.
 */
function ownShakaDashBuild(): Plugin {
  const specifier = 'shaka-player/dist/shaka-player.dash-es2021.js';
  const build = source('build/shaka/shaka-player.s72-dash.js');
  return {
    name: 's72:own-shaka-dash-build',
    enforce: 'pre',
    resolveId(id) {
      if (id !== specifier) return null;
      if (!existsSync(build)) this.error(`${build} is missing: run \`npm run build:shaka\` first`);
      return build;
    },
  };
}

/** The UMD tail of shaka's compiled builds: CommonJS, then AMD, then `window.shaka`. */
const SHAKA_UMD_TAIL =
  'if(typeof exports!="undefined")for(var k in exportTo.shaka)exports[k]=exportTo.shaka[k];' +
  'else if(typeof define=="function"&&define.amd)define(function(){return exportTo.shaka});' +
  'else innerGlobal.shaka=exportTo.shaka';

/**
 * Keeps shaka-player's full build (HLS) a plain script that registers `window.shaka` (what
 * src-element/core/engine/shaka-lib.ts expects). Left alone, the bundler sees `exports` in shaka's
 * UMD wrapper, wraps the file as CommonJS, and shaka then exports through that wrapper instead of
 * registering on `window` ("shaka-player did not register itself on window.shaka"); the wrapper
 * would also evaluate lazily, which DESIGN.md "Start-up facts" measured as slower.
 */
function shakaAsGlobalScript(): Plugin {
  return {
    name: 's72:shaka-as-global-script',
    enforce: 'pre',
    transform(code, id) {
      if (!/shaka-player[\\/]dist[\\/]shaka-player\.[\w.-]+\.js$/.test(id.split('?')[0]!)) return null;
      if (!code.includes(SHAKA_UMD_TAIL)) {
        this.warn(`shaka UMD tail not found in ${id}; it may not register window.shaka`);
        return null;
      }
      return { code: code.replace(SHAKA_UMD_TAIL, 'innerGlobal.shaka=exportTo.shaka'), map: null };
    },
  };
}

/**
 * `<link rel="modulepreload">` for shaka's DASH chunk in the page's head (issue 12): the engine
 * downloads while the page's own bundle downloads and evaluates, instead of from `main.tsx`'s
 * `preloadEngines()` (after that evaluation), where it also took one of the browser's six
 * connections from the flow's first calls. Build only (the dev server has no chunks).
 */
function preloadDashEngine(): Plugin {
  return {
    name: 's72:preload-dash-engine',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml(_html, context) {
      const chunk = Object.values(context.bundle ?? {}).find((item) => item.type === 'chunk' && item.name === 'shaka-dash-lib');
      if (!chunk) {
        this.warn?.('no shaka-dash-lib chunk: the DASH engine is not preloaded by the page');
        return [];
      }
      return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${BASE}${chunk.fileName}` }, injectTo: 'head' }];
    },
  };
}

export default defineConfig({
  root,
  base: BASE,
  publicDir: false,
  envPrefix: 'VITE_',
  plugins: [ownShakaDashBuild(), shakaAsGlobalScript(), preloadDashEngine()],
  resolve: { alias: PACKAGE_ALIASES },
  // Served as-is in dev (no CommonJS pre-bundling), for the same reason as the plugin.
  optimizeDeps: { exclude: ['shaka-player'] },
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist-shell', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Keep every script external (CSP: no inline script).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // Licence notices (`@license`, `/*!`) stay in the chunks, as in the CDN build.
    rolldownOptions: { output: { comments: { legal: true, annotation: false, jsdoc: false } } },
  },
  server: {
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
  },
});
