// Library build (DESIGN.md "One package, four layers"):
// - dist/{index,react,client}.js: ESM for bundlers; dependencies stay external.
// - dist/cdn/s72-player.js: self-contained ESM for `<script type="module">` on plain HTML pages;
//   shaka-player is split into its own chunk, loaded when a source is first set.
// - dist/cdn/s72-client.js: the content-data client, self-contained, for the same pages (a play
//   token comes from its streams call); built apart so the player's chunks do not change.
// Declarations come from `tsc -p tsconfig.build.json` (dist/types/).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Dependencies and peer dependencies (react, react-dom: optional peers) stay external.
const dependencies = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
const isDependency = (id) => dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));

const ts = () =>
  typescript({
    tsconfig: './tsconfig.build.json',
    declaration: false,
    emitDeclarationOnly: false,
    noEmit: false,
    outDir: undefined,
    rootDir: undefined,
    include: ['src-element/**/*.ts'],
  });

// issue 26 "the version label and telemetry carry the player's version from package.json"
/** Replaces `__S72_PLAYER_VERSION__` (src-element/core/version.ts) with package.json's version, after TypeScript. */
const playerVersion = () => ({
  name: 's72-player-version',
  transform(code, id) {
    if (!id.replace(/\\/g, '/').endsWith('src-element/core/version.ts')) return null;
    return { code: code.replaceAll('__S72_PLAYER_VERSION__', JSON.stringify(pkg.version)), map: null };
  },
});

// shaka's compiled build references `this` at its top level inside a wrapper; keep Rollup quiet
// about that one file, and fail on any other warning that usually hides a real bug.
const onwarn = (warning, warn) => {
  if (warning.code === 'THIS_IS_UNDEFINED' && warning.id?.includes('shaka-player')) return;
  if (warning.code === 'CIRCULAR_DEPENDENCY') return warn(warning);
  warn(warning);
};

/**
 * The chunk holding the modules that define custom elements (the element and its UI surfaces) gets a
 * stable name, `dist/chunks/elements-[hash].js`, so package.json "sideEffects" can list it: a bundler
 * must never drop it, or `<s72-control-bar>` (imported only for its definition) goes missing.
 * Rollup's own chunking is kept (a manual chunk would pull shared core modules, and with them Lit,
 * into dist/client.js's imports).
 */
const DEFINES_ELEMENTS = /[\\/]src-element[\\/](s72-player\.ts|ui[\\/][^\\/]+\.ts)$/;
const chunkFileNames = (chunk) =>
  chunk.moduleIds.some((id) => DEFINES_ELEMENTS.test(id)) ? 'chunks/elements-[hash].js' : 'chunks/[name]-[hash].js';

/**
 * The ads' VAST library reads XML with the browser's `DOMParser`, and only outside a browser loads
 * `@xmldom/xmldom` (a CommonJS package) through a dynamic import. The CDN build runs in browsers
 * only and must be ES modules throughout, so that import resolves to the browser's own classes.
 */
const browserXmlDom = () => ({
  name: 's72:browser-xmldom',
  resolveId: (source) => (source === '@xmldom/xmldom' ? '\0browser-xmldom' : null),
  load: (id) =>
    id === '\0browser-xmldom'
      ? 'export const DOMParser = globalThis.DOMParser;\nexport const XMLSerializer = globalThis.XMLSerializer;\nexport const DOMImplementation = globalThis.DOMImplementation;\n'
      : null,
});

/**
 * The CDN build plays DASH and MP4 on s72-player's own Closure build of shaka-player (only what the
 * player uses, with the `data:` scheme for inline ClearKey keys; scripts/build-shaka.ts, run by
 * `npm run build:shaka` before Rollup) in place of the package's stock DASH build. It is an ES
 * module, so its compiled code sits at the top level of the chunk. The npm library build (the first
 * configuration) keeps importing the `shaka-player` package, for bundler users.
 */
const SHAKA_DASH_SPECIFIER = 'shaka-player/dist/shaka-player.dash-es2021.js';
const SHAKA_DASH_BUILD = fileURLToPath(new URL('./build/shaka/shaka-player.s72-dash.js', import.meta.url));
const ownShakaDashBuild = () => ({
  name: 's72:own-shaka-dash-build',
  resolveId(source) {
    if (source !== SHAKA_DASH_SPECIFIER) return null;
    if (!existsSync(SHAKA_DASH_BUILD)) this.error(`${SHAKA_DASH_BUILD} is missing: run \`npm run build:shaka\` first`);
    return SHAKA_DASH_BUILD;
  },
});

export default [
  {
    input: {
      index: 'src-element/index.ts',
      react: 'src-element/react/index.ts',
      client: 'src-element/core/client/index.ts',
    },
    external: isDependency,
    plugins: [nodeResolve({ browser: true }), ts(), playerVersion()],
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames,
      // The React entry is client-only (it defines a custom element and uses effects): frameworks
      // with React Server Components (Next.js App Router) read this directive to load it on the
      // client. Rollup drops module-level directives from sources, so it is written as a banner.
      banner: (chunk) => (chunk.isEntry && chunk.name === 'react' ? "'use client';" : ''),
      sourcemap: true,
      sourcemapExcludeSources: true,
    },
    onwarn,
  },
  {
    input: { 's72-player': 'src-element/index.ts' },
    // Lazy chunks (the shaka builds, the ads' VAST library) may import what they share with the
    // element from the entry itself, instead of Rollup moving that shared code into a chunk the
    // entry would have to fetch before it can run (a second round trip before anything starts).
    preserveEntrySignatures: 'allow-extension',
    // Licence notices survive minification (Closure prints the Closure Library's without `@license`).
    plugins: [
      ownShakaDashBuild(),
      browserXmlDom(),
      nodeResolve({ browser: true }),
      ts(),
      playerVersion(),
      terser({ format: { comments: /@license|SPDX-License-Identifier/ } }),
    ],
    output: {
      dir: 'dist/cdn',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      sourcemap: true,
      sourcemapExcludeSources: true,
    },
    onwarn,
  },
  {
    input: { 's72-client': 'src-element/core/client/index.ts' },
    plugins: [nodeResolve({ browser: true }), ts(), terser({ format: { comments: /@license|SPDX-License-Identifier/ } })],
    output: {
      dir: 'dist/cdn',
      format: 'es',
      entryFileNames: '[name].js',
      inlineDynamicImports: true,
      sourcemap: true,
      sourcemapExcludeSources: true,
    },
    onwarn,
  },
];
