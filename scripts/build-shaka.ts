// issue 23 ("What does not hold", first point); DESIGN.md "Start-up facts"
/**
 * Compiles s72-player's own shaka-player DASH build with Closure Compiler (ADVANCED, ES2021), from
 * the sources the `shaka-player` package ships (`lib/`, `externs/`, `third_party/`): only what the
 * player uses (the entry points below and what they require), where shaka's stock DASH build
 * carries every plugin of its "complete" set.
 *
 *   npm run build:shaka        (part of `npm run build:lib` and `npm run build:shell`)
 *
 * Output: build/shaka/shaka-player.s72-dash.js (outside git), an ES module whose default export is
 * the `shaka` namespace. Rollup's CDN build, the play page (Vite) and the browser tests resolve
 * `shaka-player/dist/shaka-player.dash-es2021.js` to it; the npm library build keeps the stock file
 * from the `shaka-player` package for bundler users.
 *
 * The compile runs only when its inputs change (shaka's version, the compiler's, the flags, the
 * entry points, the wrapper, the list of source files): their hash is kept next to the output.
 *
 * Compared with shaka's stock DASH build (its repository's build/all.py, "dash"), this build:
 * - keeps DASH, the HTTP fetch/XHR plugins, EME (ClearKey, Widevine, PlayReady), ABR, live, the
 *   text parsers for WebVTT and TTML (plain and in MP4) and the polyfills a browser of the
 *   supported-devices list (current Chrome, Edge, Firefox, Opera and Safari on desktops and phones)
 *   can need: the EME/MediaCapabilities encryption-scheme shims, the MediaCapabilities and
 *   MediaSource fixes, `requestVideoFrameCallback`, `crypto.randomUUID` (absent outside secure
 *   contexts);
 * - adds the `data:` URI scheme plugin (the stock DASH build leaves it out), which inline
 *   ClearKey keys (`drm.clearKeys`) need;
 * - leaves out what the player never uses: CEA-608/708 caption parsing, the TV/console device
 *   plugins and the polyfills only old or TV browsers need (no ES2021 engine lacks `Symbol`, typed
 *   arrays, `Map`, `URLSearchParams`, `VTTCue`, a promise from `play()` or `getVideoPlaybackQuality`;
 *   the prefixed WebKit EME, the `MediaKeyStatusMap` argument-order fix and the server-certificate
 *   patch serve Safari before 12.1, Edge Legacy and smart TVs, which the ES2021 output cannot run
 *   on anyway; 3.4 KiB gz), FairPlay's Apple polyfill (FairPlay plays through native HLS), the
 *   UI, ads, cast, offline, HLS, MSF, DASH-JSON and the transmuxers;
 * - exports only the part of shaka's API the player calls (`SHAKA_API` below), where the stock build
 *   exports all of it: shaka's `@export` annotations are taken out of the sources it compiles, so
 *   Closure renames, and drops where nothing reaches them, the methods the player never calls
 *   (about 17 KiB gz of the 154). test/node/shaka-dash-build.test.ts checks that every class,
 *   method, static and enum member the sources reach is in the compiled build.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MODULES = join(ROOT, 'node_modules');
const SHAKA = join(MODULES, 'shaka-player');
const COMPILER = join(MODULES, 'google-closure-compiler-linux', 'compiler');
const CLOSURE_BASE = join(MODULES, 'google-closure-library', 'closure', 'goog', 'base.js');

/** The compiled build (an ES module, default export: the `shaka` namespace). */
export const SHAKA_DASH_BUILD = join(ROOT, 'build', 'shaka', 'shaka-player.s72-dash.js');
/** The specifier our sources import the DASH build by (src-element/core/engine/shaka-dash-lib.ts). */
export const SHAKA_DASH_SPECIFIER = 'shaka-player/dist/shaka-player.dash-es2021.js';
const STAMP = join(dirname(SHAKA_DASH_BUILD), 'inputs.sha256');

/**
 * What the player uses. Closure keeps these namespaces and everything they `goog.require`
 * (`--dependency_mode=PRUNE`); every source file nothing here reaches is left out. Plugins that
 * register themselves when loaded (the manifest parser, the scheme plugins, the text parsers, the
 * polyfills, the device plugins) are listed one by one, since nothing requires them.
 */
export const ENTRY_POINTS = [
  'shaka.Player',
  'shaka.util.Error',
  'shaka.util.AbortableOperation',
  'shaka.abr.SimpleAbrManager',
  // Manifest: DASH (MP4 plays through src=, which needs no parser).
  'shaka.dash.DashParser',
  // Networking: http(s) through fetch (XHR where fetch is missing), and data: URIs (inline ClearKey keys).
  'shaka.net.HttpFetchPlugin',
  'shaka.net.HttpXHRPlugin',
  'shaka.net.DataUriPlugin',
  // Text: WebVTT and TTML, as files and in MP4 segments.
  'shaka.text.VttTextParser',
  'shaka.text.Mp4VttParser',
  'shaka.text.TtmlTextParser',
  'shaka.text.Mp4TtmlParser',
  // Browsers (the device plugins for TVs and consoles are left out).
  'shaka.device.DefaultBrowser',
  'shaka.device.AppleBrowser',
  // `shaka.polyfill.installAll()` and the polyfills it installs (not the UI's, not FairPlay's).
  'shaka.polyfill',
  'shaka.polyfill.EmeEncryptionScheme',
  'shaka.polyfill.EmeEncryptionSchemePolyfillMediaKeySystemAccess',
  'shaka.polyfill.MCapEncryptionScheme',
  'shaka.polyfill.MediaCapabilities',
  'shaka.polyfill.MediaSource',
  'shaka.polyfill.RandomUUID',
  'shaka.polyfill.VideoFrameCallback',
];

/**
 * shaka's API as the player and its tests reach it at run time: the build's only exports. A dotted
 * path names a class, a static or an enum member (`goog.exportSymbol`); `Class.prototype.method` an
 * instance method (`goog.exportProperty`). Records (`shaka.extern.*`: the configuration, tracks,
 * stats, the error's fields) need no entry: shaka declares them as externs, whose names Closure
 * never renames. A new call into shaka goes here too; the Node test `shaka-dash-build` fails
 * until it does.
 */
export const SHAKA_API = [
  'shaka.Player',
  'shaka.Player.version',
  ...[
    'addChaptersTrack',
    'addEventListener',
    'addThumbnailsTrack',
    'attach',
    'configure',
    'destroy',
    'getAudioTracks',
    'getChaptersAsync',
    'getChaptersTracks',
    'getConfiguration',
    'getImageTracks',
    'getNetworkingEngine',
    // Read by a test: shaka's own copy of the playback rate.
    'getPlaybackRate',
    'getPlayheadTimeAsDate',
    'getStats',
    'getTextTracks',
    'getThumbnails',
    'getVideoTracks',
    'isLive',
    'keySystem',
    'load',
    'preload',
    'removeEventListener',
    'resetConfiguration',
    'seekRange',
    'selectAudioTrack',
    'selectTextTrack',
    'selectVideoTrack',
    'setVideoContainer',
    'trickPlay',
  ].map((method) => `shaka.Player.prototype.${method}`),
  'shaka.net.NetworkingEngine',
  'shaka.net.NetworkingEngine.makeRequest',
  'shaka.net.NetworkingEngine.registerScheme',
  'shaka.net.NetworkingEngine.prototype.registerRequestFilter',
  'shaka.net.NetworkingEngine.prototype.registerResponseFilter',
  'shaka.net.NetworkingEngine.prototype.request',
  'shaka.net.NetworkingEngine.PluginPriority.APPLICATION',
  'shaka.net.NetworkingEngine.RequestType.MANIFEST',
  'shaka.net.NetworkingEngine.RequestType.SEGMENT',
  'shaka.net.NetworkingEngine.RequestType.LICENSE',
  'shaka.net.NetworkingEngine.RequestType.SERVER_CERTIFICATE',
  'shaka.net.HttpFetchPlugin',
  'shaka.net.HttpFetchPlugin.parse',
  'shaka.util.Error',
  'shaka.util.Error.Severity.RECOVERABLE',
  'shaka.util.Error.Category.NETWORK',
  'shaka.util.Error.Code.BAD_HTTP_STATUS',
  'shaka.util.AbortableOperation',
  'shaka.polyfill.installAll',
  // The plugins that register themselves (exported only so that a test can see they are there).
  'shaka.dash.DashParser',
  'shaka.net.HttpXHRPlugin',
  'shaka.net.DataUriPlugin',
  'shaka.text.VttTextParser',
  'shaka.text.Mp4VttParser',
  'shaka.text.TtmlTextParser',
  'shaka.text.Mp4TtmlParser',
  'shaka.abr.SimpleAbrManager',
];

/** The namespace of the generated source that exports `SHAKA_API` (an entry point of its own). */
const API_NAMESPACE = 's72.shakaApi';

/**
 * The generated source: a `goog.require` of each namespace it exports from (the closest entry point,
 * or the networking engine), then one export per path, in `SHAKA_API`'s order (a class before its
 * members).
 */
function apiSource(): string {
  const namespaces = [...ENTRY_POINTS, 'shaka.net.NetworkingEngine'].sort((a, b) => b.length - a.length);
  const required = new Set<string>();
  for (const path of SHAKA_API) {
    const namespace = namespaces.find((candidate) => path === candidate || path.startsWith(`${candidate}.`));
    if (!namespace) throw new Error(`build-shaka: ${path} is in no namespace the build provides`);
    required.add(namespace);
  }
  const lines = [`goog.provide('${API_NAMESPACE}');`, ...[...required].sort().map((namespace) => `goog.require('${namespace}');`)];
  for (const path of SHAKA_API) {
    const [owner, method] = path.split('.prototype.');
    lines.push(method ? `goog.exportProperty(${owner}.prototype, '${method}', ${path});` : `goog.exportSymbol('${path}', ${path});`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A source file of shaka without its `@export` annotations (`@exportInterface` and `@exportDoc`
 * stay: they mark externs' fields and documentation).
 */
function withoutExports(code: string): string {
  return code.replace(/\/\*\*[\s\S]*?\*\//g, (comment) => comment.replace(/@export(?![\w])/g, ''));
}

/**
 * shaka's externs (browser APIs it uses and its own `shaka.extern` types), but the Media Session
 * ones: only shaka's UI uses them, and this compiler's built-in externs declare the same names.
 */
const EXTERNS_LEFT_OUT = new Set(['externs/mediasession.js']);

/** The release flags of shaka's own build (its repository's build/build.py), ES2021 output. */
function compilerFlags(shakaVersion: string): string[] {
  return [
    '--compilation_level=ADVANCED',
    '--language_out=ECMASCRIPT_2021',
    '--jscomp_error=*',
    '--jscomp_off=lintChecks',
    '--jscomp_off=deprecated',
    '--jscomp_off=missingPolyfill',
    '--extra_annotation_name=listens',
    '--extra_annotation_name=exportDoc',
    '--extra_annotation_name=exportInterface',
    // `@export` annotations become exports on the namespace: shaka's public API.
    '--generate_exports',
    '--define=COMPILED=true',
    '--define=goog.ENABLE_DEBUG_LOADER=false',
    '--define=goog.DEBUG=false',
    '--define=goog.asserts.ENABLE_ASSERTS=false',
    '--define=shaka.log.MAX_LOG_LEVEL=0',
    `--define=shaka.Player.version="v${shakaVersion}"`,
    '--dependency_mode=PRUNE',
    ...ENTRY_POINTS.map((namespace) => `--entry_point=goog:${namespace}`),
    `--entry_point=goog:${API_NAMESPACE}`,
  ];
}

/**
 * The output wrapper: shaka's licence notice, then the compiled code run once at the module's top
 * level with a private `this` (where `goog.exportSymbol` puts the namespace), exported as the
 * module's default. No `window.shaka`, no CommonJS/AMD branches: bundlers see a plain ES module.
 */
const WRAPPER = `/*!
 @license
 Shaka Player
 Copyright 2016 Google LLC
 SPDX-License-Identifier: Apache-2.0
*/
const exportTo = {};
(function (window, global, module) {%output%}).call(exportTo, globalThis, globalThis, undefined);
export default exportTo.shaka;
`;

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function versionOf(packageDir: string): string {
  return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Compiles the build unless its inputs are unchanged since the last compile. Resolves with the
 * output's path and whether it compiled.
 */
export async function buildShakaDash({ force = false, log = console.log } = {}): Promise<{ path: string; compiled: boolean; seconds: number }> {
  const started = performance.now();
  for (const path of [COMPILER, CLOSURE_BASE, SHAKA]) {
    if (!existsSync(path)) throw new Error(`build-shaka: ${relative(ROOT, path)} is missing (run npm install)`);
  }
  const shakaVersion = versionOf(SHAKA);
  const sources = [...jsFiles(join(SHAKA, 'externs')), ...jsFiles(join(SHAKA, 'lib')), ...jsFiles(join(SHAKA, 'third_party'))].filter(
    (path) => !EXTERNS_LEFT_OUT.has(relative(SHAKA, path).split('\\').join('/')),
  );
  const flags = compilerFlags(shakaVersion);
  const hash = createHash('sha256')
    .update(
      JSON.stringify({
        shaka: shakaVersion,
        compiler: versionOf(dirname(COMPILER)),
        closureLibrary: versionOf(join(MODULES, 'google-closure-library')),
        flags,
        wrapper: WRAPPER,
        api: apiSource(),
        stripExports: withoutExports.toString(),
        sources: sources.map((path) => relative(SHAKA, path)),
      }),
    )
    .digest('hex');
  if (!force && existsSync(SHAKA_DASH_BUILD) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash) {
    return { path: SHAKA_DASH_BUILD, compiled: false, seconds: (performance.now() - started) / 1000 };
  }

  const outDir = dirname(SHAKA_DASH_BUILD);
  const work = join(outDir, '.work');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // Closure Library's base.js (goog.provide/require, goog.exportSymbol) as shaka's build uses it:
  // shaka builds with a fork that drops one `@suppress` name newer compilers reject as a parse error.
  const base = join(work, 'base.js');
  writeFileSync(base, readFileSync(CLOSURE_BASE, 'utf8').replace(/^\s*\* @suppress \{unusedPrivateMembers\}\n/m, ''));
  const wrapper = join(work, 'wrapper.js');
  writeFileSync(wrapper, WRAPPER);
  const output = join(work, 'shaka-player.s72-dash.js');
  const api = join(work, 's72-shaka-api.js');
  writeFileSync(api, apiSource());
  // shaka's code without its `@export`s (the externs as they are), so that SHAKA_API is the API.
  const staged = sources.map((path) => {
    const inShaka = relative(SHAKA, path);
    if (inShaka.startsWith('externs')) return path;
    const copy = join(work, 'shaka', inShaka);
    mkdirSync(dirname(copy), { recursive: true });
    writeFileSync(copy, withoutExports(readFileSync(path, 'utf8')));
    return copy;
  });
  // The file list goes through a flag file (command-line length).
  const flagFile = join(work, 'sources.flags');
  writeFileSync(flagFile, [base, api, ...staged].map((path) => JSON.stringify(path)).join('\n') + '\n');

  log(`build-shaka: compiling shaka-player ${shakaVersion} (DASH, ${ENTRY_POINTS.length} entry points, ${SHAKA_API.length} exports) with Closure Compiler…`);
  try {
    await promisify(execFile)(COMPILER, [...flags, `--output_wrapper_file=${wrapper}`, `--js_output_file=${output}`, `--flagfile=${flagFile}`], {
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`build-shaka: Closure Compiler failed\n${stderr ?? ''}${stdout ?? ''}`, { cause: error });
  }
  renameSync(output, SHAKA_DASH_BUILD);
  writeFileSync(STAMP, `${hash}\n`);
  rmSync(work, { recursive: true, force: true });
  const seconds = (performance.now() - started) / 1000;
  log(`build-shaka: wrote ${relative(ROOT, SHAKA_DASH_BUILD)} in ${seconds.toFixed(1)} s`);
  return { path: SHAKA_DASH_BUILD, compiled: true, seconds };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildShakaDash({ force: process.argv.includes('--force') });
}
