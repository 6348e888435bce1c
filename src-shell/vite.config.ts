/**
 * Vite build of the hosted play page: `npx vite build --config src-shell/vite.config.ts`
 * → `dist-shell/`, served by the storefront at `/play/` (play-page §2).
 *
 * JSX is compiled by Vite's built-in transform with React's automatic runtime (no plugin); the
 * output has no inline scripts and no eval, so the page runs under a strict CSP.
 */
import { existsSync, readFileSync } from 'node:fs';
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
 * The page's React modules (`.tsx`: components, hooks, the app) have no side effects at import:
 * declared here, over the package's `sideEffects` (which lists `src-shell/**`), so that a feature's
 * index that re-exports its React screens (e.g. device-support's) does not pull them, and React,
 * into the entry chunk when the entry uses only the feature's framework-free part (issue 23: the
 * entry must stay small). Plain `.ts` modules keep the package's rule.
 */
function shellComponentsWithoutSideEffects(): Plugin {
  const shellDir = `${root.replace(/[\\/]$/, '')}/`;
  return {
    name: 's72:shell-components-without-side-effects',
    enforce: 'post',
    transform(_code, id) {
      const path = id.split('?')[0]!;
      if (!path.startsWith(shellDir) || !path.endsWith('.tsx')) return null;
      return { moduleSideEffects: false };
    },
  };
}

/**
 * The chunks the entry loads at once with `import()` (main.ts), named after a module they hold so
 * that they read as what they are (the player's would otherwise be called `react`, after
 * `src-element/react/index.ts`); tests hold them back by these names.
 */
const START_CHUNK_NAMES: ReadonlyMap<string, string> = new Map([
  [source('src-element/s72-player.ts'), 'player'],
  [source('src-shell/app/mount.tsx'), 'app'],
]);

/** The name of a chunk's file: `player`, `app`, or the bundler's name. */
function chunkName(chunk: { name: string; moduleIds: readonly string[] }): string {
  for (const [moduleId, name] of START_CHUNK_NAMES) if (chunk.moduleIds.includes(moduleId)) return name;
  return '[name]';
}

/**
 * Preloads in the page's head for the code the page needs before its first frame (issues 12 and
 * 23), so that it downloads with the entry, before the flow's first calls take the browser's six
 * connections:
 * - the chunks the entry imports at once (the React app and the player, with the chunks they
 *   import; not the Arabic string table, fetched only for an Arabic page) as `<link rel="preload" as="script" crossorigin>`: downloaded only, compiled when the
 *   entry imports them. As `modulepreload` Chromium compiled them as they arrived, ahead of the
 *   entry's own evaluation, and the first calls left later (measured with the start-up benchmark's
 *   waterfall);
 * - shaka's DASH chunk as `<link rel="modulepreload">`, as before (issue 12).
 * The engines' other chunks (HLS, the ad runtime) load only when used. Build only (the dev server
 * has no chunks).
 */
function preloadStartChunks(): Plugin {
  return {
    name: 's72:preload-start-chunks',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml(_html, context) {
      const chunks = Object.values(context.bundle ?? {}).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const engine = chunks.find((chunk) => chunk.name === 'shaka-dash-lib');
      if (!entry || !engine) {
        this.warn?.('no entry or no shaka-dash-lib chunk: the start chunks are not preloaded by the page');
        return [];
      }
      // The entry's own static imports are already preloaded by Vite.
      const seen = new Set<string>([entry.fileName, ...entry.imports]);
      const files: string[] = [];
      const visit = (fileName: string): void => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        files.push(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
      };
      // Only the app and the player: the entry's other dynamic imports (a string table other than
      // English) load when the page needs them.
      const startNames = new Set(START_CHUNK_NAMES.values());
      for (const fileName of entry.dynamicImports) {
        const chunk = byFile.get(fileName);
        if (chunk && startNames.has(chunkName(chunk))) visit(fileName);
      }
      const link = (attrs: Record<string, string | boolean>) => ({ tag: 'link', attrs: { ...attrs, crossorigin: true }, injectTo: 'head' as const });
      return [
        ...files.map((fileName) => link({ rel: 'preload', as: 'script', href: `${BASE}${fileName}` })),
        link({ rel: 'modulepreload', href: `${BASE}${engine.fileName}` }),
      ];
    },
  };
}

/**
 * Small modules that both the entry and the start chunks (the app, the player) import: the clock,
 * the error type, the UI and Cast state shapes and Vite's preload helper. Left to the bundler, each
 * is a chunk of its own of under 1 KiB gzip, and each cost the page a request before the flow's
 * first calls (issue 23); grouped, they are one.
 */
const SMALL_START_MODULES = /[\\/]src-element[\\/]core[\\/](?:clock|errors|ui[\\/]ui-state|cast[\\/]cast-state)\.ts$|vite[\\/]preload-helper/;
function isSmallStartModule(id: string): boolean {
  return SMALL_START_MODULES.test(id);
}

/** package.json's version, injected into src-element/core/version.ts (issue 26: never hand-copied). */
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export default defineConfig({
  root,
  base: BASE,
  define: { __S72_PLAYER_VERSION__: JSON.stringify(PACKAGE_VERSION) },
  publicDir: false,
  envPrefix: 'VITE_',
  plugins: [ownShakaDashBuild(), shakaAsGlobalScript(), shellComponentsWithoutSideEffects(), preloadStartChunks()],
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
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) => `assets/${chunkName(chunk)}-[hash].js`,
        codeSplitting: { groups: [{ name: 'start', test: isSmallStartModule }] },
        // Licence notices (`@license`, `/*!`) stay in the chunks, as in the CDN build.
        comments: { legal: true, annotation: false, jsdoc: false },
      },
    },
  },
  server: {
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
  },
});
