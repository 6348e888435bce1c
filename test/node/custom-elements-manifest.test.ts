/**
 * custom-elements.json documents every event of src-element/events.ts (STYLE.md §7.12) and names
 * only modules the package ships. Needs `npm run build:lib` first (the test command builds).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { MEDIA_EVENTS, PLAYER_EVENTS, REQUEST_EVENTS } from '../../src-element/events.js';

interface Declaration {
  tagName?: string;
  events?: Array<{ name: string }>;
  attributes?: Array<{ name: string }>;
}
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as {
  modules: Array<{ declarations?: Declaration[] }>;
};
const elements = new Map(
  manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.tagName).map((d) => [d.tagName!, d]),
);

test('the manifest documents <s72-player> and <s72-control-bar>', () => {
  assert.ok(elements.has('s72-player'));
  assert.ok(elements.has('s72-control-bar'));
});

test('every player event and re-dispatched media event is documented on <s72-player>', () => {
  const documented = new Set(elements.get('s72-player')!.events!.map((event) => event.name));
  for (const name of [...Object.values(PLAYER_EVENTS), ...MEDIA_EVENTS]) assert.ok(documented.has(name), `missing ${name}`);
  assert.deepEqual([...documented].filter((name) => !name.startsWith('s72-') && !(MEDIA_EVENTS as readonly string[]).includes(name)), []);
});

test('every request event is documented on <s72-control-bar>', () => {
  const documented = new Set(elements.get('s72-control-bar')!.events!.map((event) => event.name));
  for (const name of Object.values(REQUEST_EVENTS)) assert.ok(documented.has(name), `missing ${name}`);
});

test('the plain-HTML attributes of DESIGN.md are documented', () => {
  const attributes = new Set(elements.get('s72-player')!.attributes!.map((attribute) => attribute.name));
  for (const name of ['src', 'license-url', 'key-system', 'auth-token', 'poster', 'start-time', 'autoplay', 'muted', 'config']) {
    assert.ok(attributes.has(name), `missing ${name}`);
  }
});

/** Every `path` and non-package `module` reference in the manifest. */
function modulePaths(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) modulePaths(item, found);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record['path'] === 'string') found.add(record['path']);
    if (typeof record['module'] === 'string' && record['package'] === undefined) found.add(record['module']);
    for (const value of Object.values(record)) modulePaths(value, found);
  }
  return found;
}

test('every module path of the manifest is a file the package ships (package.json "files")', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { files: string[] };
  const paths = modulePaths(manifest.modules);
  assert.ok(paths.size > 0);
  for (const path of paths) {
    assert.ok(!path.startsWith('src-'), `${path} is a source file; the package ships dist/`);
    assert.ok(
      pkg.files.some((entry) => path === entry || path.startsWith(`${entry.replace(/\/$/, '')}/`)),
      `${path} is not in package.json "files"`,
    );
    assert.ok(existsSync(new URL(`../../${path}`, import.meta.url)), `${path} does not exist (run npm run build:lib)`);
  }
});

test('the manifest has a custom-element definition for each element, in the public module', () => {
  const definitions = manifest.modules.flatMap((module) =>
    ((module as { exports?: Array<{ kind: string; name: string; declaration: { module?: string } }> }).exports ?? []).filter(
      (entry) => entry.kind === 'custom-element-definition',
    ),
  );
  assert.deepEqual(definitions.map((entry) => entry.name).sort(), ['s72-control-bar', 's72-player']);
  for (const entry of definitions) assert.equal(entry.declaration.module, 'dist/index.js');
});
