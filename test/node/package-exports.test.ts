/**
 * The built package, imported the way users import it (self-reference through package.json
 * "exports"), in Node: the React wrapper must be safe during server-side rendering.
 * Needs `npm run build:lib` first (the test command builds).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

test('s72-player/react imports in Node without touching window, and renders to a string', async () => {
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  const { S72Player } = await import('s72-player/react');
  const markup = renderToString(createElement(S72Player, { poster: '/p.jpg', muted: true }));
  assert.match(markup, /^<s72-player[^>]*>/);
  assert.match(markup, /<\/s72-player>$/);
});

test('server markup of s72-player/react (README "React (and SSR)"): the tag, its plain attributes and children; no element properties, no handlers', async () => {
  const { S72Player } = await import('s72-player/react');
  const markup = renderToString(
    createElement(
      S72Player,
      {
        id: 'film',
        className: 'hero',
        style: { width: '100%' },
        poster: '/poster.jpg',
        src: '/media/film/manifest.mpd',
        muted: true,
        autoplay: true,
        config: { seeking: false },
        onS72Error: () => undefined,
        onTimeUpdate: () => undefined,
      },
      createElement('span', { slot: 'play' }, 'Play'),
    ),
  );
  // @lit/react's Node build passes only what is not a property of the element class to React:
  // element properties (poster, src, muted, autoplay, config, …) and event props are set on the
  // client, after hydration (a layout effect); the element renders its shadow DOM there too.
  assert.equal(markup, '<s72-player id="film" class="hero" style="width:100%"><span slot="play">Play</span></s72-player>');
});

test('s72-player exports the element class, the error class and the types', async () => {
  const module = await import('s72-player');
  assert.equal(typeof module.S72Player, 'function');
  const error = new module.S72Error('drm_failed', 'x', { category: 'drm' });
  assert.equal(module.isS72Error(error), true);
  assert.deepEqual(JSON.parse(JSON.stringify(error)), { code: 'drm_failed', category: 'drm', severity: 'critical', message: 'x' });
});

test('s72-player/client is importable from the built package', async () => {
  const module = await import('s72-player/client');
  for (const name of ['createContentClient', 'createContentCache', 'parseSlug', 'buildContinueWatching', 'buildSuggestions', 'ageFromDob', 'createTelemetryClient', 'createHttpTelemetrySender', 'createLogReporter']) {
    assert.equal(typeof (module as Record<string, unknown>)[name], 'function', name);
  }
  assert.equal(module.AVAILABILITY_BATCH_SIZE, 100);
  assert.equal(module.DEFAULT_CACHE_MAX_AGE_MS, 30_000);
});

const ROOT = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
  name: string;
  exports: Record<string, string | Record<string, string>>;
  sideEffects: string[];
};

test('the specifiers resolve to the built files, not the sources (tsx reads tsconfig.node.json: no paths)', () => {
  assert.match(import.meta.resolve('s72-player'), /\/dist\/index\.js$/);
  assert.match(import.meta.resolve('s72-player/react'), /\/dist\/react\.js$/);
  assert.match(import.meta.resolve('s72-player/client'), /\/dist\/client\.js$/);
});

test('s72-player/package.json resolves to the package manifest', () => {
  const resolved = import.meta.resolve('s72-player/package.json');
  assert.equal(resolved, new URL('package.json', ROOT).href);
  const read = JSON.parse(readFileSync(fileURLToPath(resolved), 'utf8')) as { name: string };
  assert.equal(read.name, 's72-player');
});

test('s72-player/react is marked client-only ("use client" first), the other entries are not', () => {
  const first = (file: string) => readFileSync(new URL(file, ROOT), 'utf8').split('\n', 1)[0];
  assert.match(first('dist/react.js'), /^['"]use client['"];?$/);
  for (const file of ['dist/index.js', 'dist/client.js']) assert.doesNotMatch(first(file), /use client/, file);
});

test('the package can be used by third parties: Apache-2.0, a LICENSE file shipped, not private', () => {
  const manifest = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { license?: string; private?: boolean; files: string[] };
  assert.equal(manifest.license, 'Apache-2.0');
  assert.notEqual(manifest.private, true);
  assert.ok(manifest.files.includes('LICENSE'));
  assert.match(readFileSync(new URL('LICENSE', ROOT), 'utf8'), /Apache License\s+Version 2\.0, January 2004/);
});

test('every "exports" target exists', () => {
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
      assert.ok(existsSync(new URL(file, ROOT)), `${subpath} → ${file} is missing`);
    }
  }
});

/** The built JS files under dist/, relative to the package root (`dist/index.js`, …). */
function builtFiles(dir = 'dist'): string[] {
  return readdirSync(new URL(`${dir}/`, ROOT), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return path === 'dist/types' ? [] : builtFiles(path);
    return path.endsWith('.js') ? [path] : [];
  });
}

/** package.json "sideEffects" globs (`*`, `**`) as a matcher of package-relative paths. */
function sideEffectsMatcher(globs: readonly string[]): (path: string) => boolean {
  const patterns = globs.map((glob) => {
    const anchored = glob.startsWith('./') || glob.includes('/');
    const body = glob
      .replace(/^\.\//, '')
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*|\*/g, (star) => (star === '**' ? '.*' : '[^/]*'));
    return new RegExp(anchored ? `^${body}$` : `(^|/)${body}$`);
  });
  return (path) => patterns.some((pattern) => pattern.test(path));
}

/** Static imports of a built ES module that point at other built files, resolved. */
function localImports(file: string): { local: string[]; bare: string[] } {
  const code = readFileSync(new URL(file, ROOT), 'utf8');
  const local: string[] = [];
  const bare: string[] = [];
  for (const [, specifier] of code.matchAll(/^(?:import|export)\s*(?:[^'"]*?\sfrom\s*)?['"]([^'"]+)['"]/gm)) {
    if (specifier!.startsWith('.')) local.push(new URL(specifier!, new URL(file, ROOT)).href.slice(ROOT.href.length));
    else bare.push(specifier!);
  }
  return { local, bare };
}

/** Every bare specifier a built entry imports statically, through its chunks. */
function packagesImportedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const { local, bare } = localImports(file);
    for (const specifier of bare) packages.add(specifier);
    for (const next of local) visit(next);
  };
  visit(entry);
  return packages;
}

test('"sideEffects" covers every built module that defines a custom element, and nothing of the client', () => {
  const isSideEffect = sideEffectsMatcher(pkg.sideEffects);
  const defining = builtFiles().filter((file) => readFileSync(new URL(file, ROOT), 'utf8').includes('customElements.define('));
  assert.ok(defining.some((file) => file.startsWith('dist/chunks/')), `defining modules: ${defining.join(', ')}`);
  assert.ok(defining.some((file) => file.startsWith('dist/cdn/')), `defining modules: ${defining.join(', ')}`);
  for (const file of defining) assert.ok(isSideEffect(file), `${file} defines an element but is not listed in "sideEffects"`);
  // The entries whose import defines the elements.
  for (const file of ['dist/index.js', 'dist/react.js']) assert.ok(isSideEffect(file), file);
  // The content-data client and its chunks can be tree-shaken.
  const clientFiles = new Set<string>();
  const visit = (file: string): void => {
    if (clientFiles.has(file)) return;
    clientFiles.add(file);
    for (const next of localImports(file).local) visit(next);
  };
  visit('dist/client.js');
  for (const file of clientFiles) assert.ok(!isSideEffect(file), `${file} (client) is listed in "sideEffects"`);
});

test('s72-player and s72-player/client never import React (an optional peer), and the client never imports Lit', () => {
  const isReact = (specifier: string) => /^(react|react-dom|@lit\/react)(\/|$)/.test(specifier);
  const isLit = (specifier: string) => /^(lit|@lit\/[^/]+)(\/|$)/.test(specifier);
  assert.deepEqual([...packagesImportedBy('dist/index.js')].filter(isReact), []);
  const client = [...packagesImportedBy('dist/client.js')];
  assert.deepEqual(client.filter(isReact), []);
  assert.deepEqual(client.filter(isLit), []);
  // The React wrapper is the one entry that needs react (peerDependenciesMeta: optional).
  assert.ok([...packagesImportedBy('dist/react.js')].some(isReact));
});

test('runtime "dependencies" are exactly the packages the shipped ES modules import and the type packages the declarations reference; the CDN build imports none', () => {
  const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  const importsOf = (file: string) =>
    [...readFileSync(new URL(file, ROOT), 'utf8').matchAll(/^(?:import|export)\s*(?:[^'"]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)].map(
      ([, fromStatement, fromCall]) => (fromStatement ?? fromCall)!,
    );
  const files = builtFiles();
  const imported = new Set(
    files
      .filter((file) => !file.startsWith('dist/cdn/'))
      .flatMap(importsOf)
      .filter((specifier) => !specifier.startsWith('.'))
      .map(packageName),
  );
  const manifest = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
    dependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
  };
  // Type packages the shipped declarations reference (`/// <reference types="x" />` → `@types/x`).
  const declarations = (dir: string): string[] =>
    readdirSync(new URL(`${dir}/`, ROOT), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? declarations(`${dir}/${entry.name}`) : entry.name.endsWith('.d.ts') ? [`${dir}/${entry.name}`] : [],
    );
  for (const file of declarations('dist/types')) {
    for (const [, name] of readFileSync(new URL(file, ROOT), 'utf8').matchAll(/^\/\/\/\s*<reference types="([^"]+)"/gm)) imported.add(`@types/${name!}`);
  }
  const peers = new Set(Object.keys(manifest.peerDependencies));
  assert.deepEqual([...imported].filter((name) => !peers.has(name)).sort(), Object.keys(manifest.dependencies).sort());
  const cdnBare = files.filter((file) => file.startsWith('dist/cdn/')).flatMap(importsOf).filter((specifier) => !specifier.startsWith('.'));
  assert.deepEqual(cdnBare, []);
});

test('the CDN build is ES modules throughout (no CommonJS chunk: no require(), no exports.)', () => {
  for (const file of builtFiles('dist/cdn')) {
    const code = readFileSync(new URL(file, ROOT), 'utf8');
    assert.doesNotMatch(code, /(^|[^\w.$])require\(\s*["']/, `${file} calls require()`);
    assert.doesNotMatch(code, /(^|[^\w.$])exports\.\w+\s*=/, `${file} assigns to exports`);
  }
});
