/**
 * custom-elements.json documents every event of src-element/events.ts (STYLE.md §7.12) and names
 * only modules the package ships. Needs `npm run build:lib` first (the test command builds).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { MEDIA_EVENTS, PLAYER_EVENTS, REQUEST_EVENTS } from '../../src-element/events.js';

interface Declaration {
  tagName?: string;
  events?: Array<{ name: string }>;
  attributes?: Array<{ name: string }>;
  cssParts?: Array<{ name: string }>;
  cssProperties?: Array<{ name: string }>;
}
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as {
  modules: Array<{ declarations?: Declaration[] }>;
};
const elements = new Map(
  manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.tagName).map((d) => [d.tagName!, d]),
);

test('the manifest documents <s72-player> and every surface element', () => {
  assert.ok(elementSources().length >= 8, 'the surfaces of src-element/ui/ were found');
  for (const { tag } of elementSources()) assert.ok(elements.has(tag), `${tag} is not in custom-elements.json`);
});

test('every player event and re-dispatched media event is documented on <s72-player>', () => {
  const documented = new Set(elements.get('s72-player')!.events!.map((event) => event.name));
  for (const name of [...Object.values(PLAYER_EVENTS), ...MEDIA_EVENTS]) assert.ok(documented.has(name), `missing ${name}`);
  assert.deepEqual([...documented].filter((name) => !name.startsWith('s72-') && !(MEDIA_EVENTS as readonly string[]).includes(name)), []);
});

test('every request event is documented as fired by the surface that sends it', () => {
  const documented = new Set([...elements.values()].flatMap((element) => (element.events ?? []).map((event) => event.name)));
  const missing = Object.values(REQUEST_EVENTS).filter((name) => !documented.has(name));
  assert.deepEqual(missing, []);
});

/** Each element source of src-element/ (a `defineElement('tag', …)` call) and its text. */
function elementSources(): Array<{ tag: string; file: string; text: string }> {
  const files = ['s72-player.ts', ...readdirSync(new URL('../../src-element/ui/', import.meta.url)).map((name) => `ui/${name}`)];
  return files.flatMap((file) => {
    const text = readFileSync(new URL(`../../src-element/${file}`, import.meta.url), 'utf8');
    const tag = /defineElement\('([a-z0-9-]+)'/.exec(text)?.[1];
    return tag ? [{ tag, file, text }] : [];
  });
}

test('every part an element renders (a static part="…") is documented with @csspart on it (theming)', () => {
  const undocumented: string[] = [];
  for (const { tag, text } of elementSources()) {
    const documented = new Set((elements.get(tag)?.cssParts ?? []).map((part) => part.name));
    const rendered = new Set([...text.matchAll(/\bpart="([\w\s-]+)"/g)].flatMap((match) => match[1]!.trim().split(/\s+/)));
    for (const part of rendered) if (!documented.has(part)) undocumented.push(`${tag}::part(${part})`);
  }
  assert.deepEqual(undocumented, []);
});

test('every --s72-* custom property an element reads is documented with @cssprop on it or on <s72-player>', () => {
  const onPlayer = new Set((elements.get('s72-player')?.cssProperties ?? []).map((prop) => prop.name));
  const undocumented: string[] = [];
  for (const { tag, text } of elementSources()) {
    const documented = new Set((elements.get(tag)?.cssProperties ?? []).map((prop) => prop.name));
    const read = new Set([...text.matchAll(/var\((--s72-[\w-]+)/g)].map((match) => match[1]!));
    for (const prop of read) if (!documented.has(prop) && !onPlayer.has(prop)) undocumented.push(`${tag} ${prop}`);
  }
  assert.deepEqual(undocumented, []);
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
  assert.deepEqual(
    definitions.map((entry) => entry.name).sort(),
    elementSources()
      .map((source) => source.tag)
      .sort(),
  );
  for (const entry of definitions) assert.equal(entry.declaration.module, 'dist/index.js');
});
