/**
 * custom-elements.json documents the public surface, completely (issue 12 "Adoptable package";
 * issue 24 item 13; STYLE.md §7.12). It holds `<s72-player>` only: the surfaces of
 * src-element/ui/ (control bar, seek bar, menus, overlays) are its implementation, and what of them
 * reaches the page (parts passed through, slots, events) is documented on the player. Checked
 * against the sources, it documents
 * - every attribute (a `@property` that has one, an observed attribute, an attribute the element
 *   sets on itself), with a type;
 * - every public property and method of the class (its src-element classes included), properties
 *   with a type, method parameters typed; no private, protected or `@internal` member;
 * - every event the page receives, with its type: the detail type of our events is the one the event
 *   map declares (checked by the TypeScript compiler, not by spelling); no request event (the
 *   controls' intents to the player);
 * - every part it renders or passes through (`exportparts`), every `--s72-*` property any of its
 *   surfaces reads, every slot it renders (and no slot it does not);
 * names only types the package entry (src-element/index.ts) exports (checked by the compiler and by
 * `@wc-toolkit/cem-validator`) and only modules the package ships. Needs `npm run build:lib` first
 * (the test command builds).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import ts from 'typescript';
import { validateCem } from '@wc-toolkit/cem-validator';
import { MEDIA_EVENTS, PLAYER_EVENTS, REQUEST_EVENTS } from '../../src-element/events.js';

interface Documented {
  name: string;
  type?: { text: string };
}
interface Member extends Documented {
  kind: 'field' | 'method';
  static?: boolean;
  privacy?: 'public' | 'private' | 'protected';
  parameters?: Documented[];
  return?: { type?: { text: string } };
}
interface Declaration {
  name: string;
  tagName?: string;
  events?: Documented[];
  attributes?: Documented[];
  members?: Member[];
  cssParts?: Documented[];
  cssProperties?: Documented[];
  slots?: Documented[];
}
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const manifest = JSON.parse(readFileSync(`${ROOT}custom-elements.json`, 'utf8')) as {
  modules: Array<{ declarations?: Declaration[] }>;
};
const elements = new Map(
  manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.tagName).map((d) => [d.tagName!, d]),
);
const names = (list: Documented[] | undefined): Set<string> => new Set((list ?? []).map((item) => item.name));

/** Files besides its own that make up what an element renders (its styles, its render helpers). */
const RENDERED_WITH: Readonly<Record<string, readonly string[]>> = {
  's72-player': ['s72-player.styles.ts', 'ui/error-panel.ts'],
};

interface ElementSource {
  tag: string;
  file: string;
  /** The element's own file. */
  text: string;
  /** Its own file and the files it renders with (styles, templates). */
  rendered: string;
}

/** Each element source of src-element/ (a `defineElement('tag', …)` call) and its text. */
function elementSources(): ElementSource[] {
  const files = ['s72-player.ts', ...readdirSync(`${ROOT}src-element/ui/`).map((name) => `ui/${name}`)];
  const read = (file: string) => readFileSync(`${ROOT}src-element/${file}`, 'utf8');
  return files.flatMap((file) => {
    const text = read(file);
    const tag = /defineElement\('([a-z0-9-]+)'/.exec(text)?.[1];
    if (!tag) return [];
    return [{ tag, file, text, rendered: [text, ...(RENDERED_WITH[tag] ?? []).map(read)].join('\n') }];
  });
}
const SOURCES = elementSources();
const sourceOf = (tag: string): ElementSource => SOURCES.find((source) => source.tag === tag)!;

const PLAYER = sourceOf('s72-player');

test('the manifest documents <s72-player> and none of the surfaces inside it', () => {
  assert.ok(SOURCES.length >= 8, 'the surfaces of src-element/ui/ were found');
  assert.ok(elements.has('s72-player'), 's72-player is in custom-elements.json');
  const surfaces = SOURCES.map((source) => source.tag).filter((tag) => tag !== 's72-player');
  assert.deepEqual(surfaces.filter((tag) => elements.has(tag)), [], 'internal surfaces in custom-elements.json');
  assert.deepEqual([...elements.keys()], ['s72-player']);
  const declarations = manifest.modules.flatMap((module) => module.declarations ?? []).map((declaration) => declaration.name);
  assert.deepEqual(declarations, ['S72Player']);
});

test('every player event and re-dispatched media event is documented on <s72-player>', () => {
  const documented = names(elements.get('s72-player')!.events);
  const plain: readonly string[] = [...MEDIA_EVENTS, 'error'];
  for (const name of [...Object.values(PLAYER_EVENTS), ...plain]) assert.ok(documented.has(name), `missing ${name}`);
  assert.deepEqual([...documented].filter((name) => !name.startsWith('s72-') && !plain.includes(name)), []);
});

test('no request event (an intent the controls send the player) is documented', () => {
  const documented = new Set([...elements.values()].flatMap((element) => [...names(element.events)]));
  assert.deepEqual(Object.values(REQUEST_EVENTS).filter((name) => documented.has(name)), []);
});

test('every event the player fires itself (fireEvent / new CustomEvent on this) is documented on it', () => {
  const documented = names(elements.get('s72-player')?.events);
  const fired = [
    ...PLAYER.text.matchAll(/fireEvent\(this, '([\w-]+)'/g),
    ...PLAYER.text.matchAll(/new CustomEvent(?:<[^>]*>)?\('([\w-]+)'/g),
    ...PLAYER.text.matchAll(/new Event\('([\w-]+)'/g),
  ].map((match) => match[1]!);
  assert.ok(fired.includes('error'), 'the player’s own events are found');
  assert.deepEqual(fired.filter((name) => !documented.has(name)), []);
});

// ── Parts, custom properties, slots ──

/** The part names an element's template gives (static, in a binding's string literals, set from script, passed through). */
function renderedParts(text: string): Set<string> {
  const parts = new Set<string>();
  const add = (list: string) => list.trim().split(/\s+/).filter(Boolean).forEach((part) => parts.add(part));
  for (const [, list] of text.matchAll(/\bpart="([\w\s-]+)"/g)) add(list!);
  for (const [, binding] of text.matchAll(/\bpart=\$\{([^}]*)\}/g)) for (const [, list] of binding!.matchAll(/'([\w\s-]+)'/g)) add(list!);
  for (const [, list] of text.matchAll(/setAttribute\('part', '([\w\s-]+)'\)/g)) add(list!);
  // exportparts="inner, inner: outer": the outer names are parts of this element too.
  for (const [, list] of text.matchAll(/\bexportparts="([^"]+)"/g)) {
    for (const entry of list!.split(',')) add(entry.split(':').pop()!);
  }
  return parts;
}

test('every part the player renders or passes through (exportparts) is documented with @csspart on it (theming)', () => {
  assert.ok(renderedParts(PLAYER.rendered).has('play-button'), 'the player passes its control bar’s parts through');
  const documented = names(elements.get('s72-player')?.cssParts);
  assert.deepEqual([...renderedParts(PLAYER.rendered)].filter((part) => !documented.has(part)), []);
});

test('every documented part is one the player renders or passes through (no stale @csspart)', () => {
  const parts = renderedParts(PLAYER.rendered);
  assert.deepEqual([...names(elements.get('s72-player')?.cssParts)].filter((part) => !parts.has(part)), []);
});

test('every --s72-* custom property any surface reads (its styles included) is documented with @cssprop on <s72-player>', () => {
  const onPlayer = names(elements.get('s72-player')?.cssProperties);
  const undocumented: string[] = [];
  for (const { tag, rendered } of SOURCES) {
    const read = new Set([...rendered.matchAll(/var\((--s72-[\w-]+)/g)].map((match) => match[1]!));
    for (const prop of read) if (!onPlayer.has(prop)) undocumented.push(`${tag} ${prop}`);
  }
  assert.ok(PLAYER.rendered.includes('var(--s72-background'), 'the player’s styles are read');
  assert.deepEqual(undocumented, []);
});

/**
 * The slots an element renders: `<slot name="x">`, the icon slots of `slotted('a' | 'b')`, and
 * `error-${code}` as `error-{code}`. The player forwards every icon slot to its control bar
 * (`<slot name=${name} slot=${name}>` over ICON_NAMES): there, the ones the control bar renders
 * count (a forwarded slot the control bar has no place for shows nothing).
 */
function renderedSlots(tag: string): Set<string> {
  const { rendered } = sourceOf(tag);
  const slots = new Set<string>();
  for (const [, name] of rendered.matchAll(/<slot name="([\w-]+)"/g)) slots.add(name!);
  for (const [, args] of rendered.matchAll(/\bslotted\(([^)]*)\)/g)) for (const [, name] of args!.matchAll(/'([\w-]+)'/g)) slots.add(name!);
  for (const [, prefix] of rendered.matchAll(/<slot name=\$\{`([\w-]+)\$\{[^}]+\}`\}/g)) slots.add(`${prefix!}{code}`);
  if (/ICON_NAMES[\s\S]{0,120}<slot name=\$\{name\} slot=\$\{name\}>/.test(rendered)) {
    for (const name of renderedSlots('s72-control-bar')) slots.add(name);
  }
  return slots;
}

test('every slot the player renders is documented with @slot on it, and every documented slot is rendered', () => {
  const rendered = renderedSlots('s72-player');
  assert.ok(rendered.has('pause'), 'the player’s icon slots are found');
  assert.ok(rendered.has('error-{code}'), 'the error panel’s slot is found');
  const documented = names(elements.get('s72-player')?.slots);
  assert.deepEqual([...rendered].filter((slot) => !documented.has(slot)), [], 'rendered but not documented');
  assert.deepEqual([...documented].filter((slot) => !rendered.has(slot)), [], 'documented but not rendered');
});

// ── Attributes, properties and event types, from the TypeScript sources ──

const VIRTUAL = `${ROOT}test/node/__manifest-types__.ts`;
/** Names a manifest type may use without importing them. */
const GLOBAL_TYPES = new Set(['CustomEvent', 'Event', 'Partial', 'Readonly', 'ReadonlyArray', 'Array', 'Record', 'Promise', 'ShadowRootInit', 'HTMLElement', 'HTMLDivElement']);

interface EventCheck {
  label: string;
  /** A TypeScript expression type that must be `true`. */
  assertion: string;
  typeText: string;
}

/**
 * One TypeScript program: the element sources, plus a virtual file that imports, from the package
 * entry, every type name the manifest uses (`typeTexts`, the event types included) and asserts the
 * documented event types.
 */
function compile(checks: readonly EventCheck[], typeTexts: readonly TypeText[]): { program: ts.Program; failures: string[] } {
  const config = ts.getParsedCommandLineOfConfigFile(`${ROOT}tsconfig.json`, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
  })!;
  const imported = new Set<string>();
  for (const { typeText } of [...checks, ...typeTexts]) for (const name of typeNames(typeText)) imported.add(name);
  const importedNames = [...imported];
  const lines = [
    `import type { S72PlayerEventDetail, S72RequestEventDetail, S72PlayerEventMap } from '../../src-element/index.js';`,
    ...importedNames.map((name) => `import type { ${name} } from '../../src-element/index.js';`),
    'type IsAny<T> = 0 extends 1 & T ? true : false;',
    'type Same<A, B> = [IsAny<A>, IsAny<B>] extends [true, true] ? true : [IsAny<A> | IsAny<B>] extends [false] ? ([A] extends [B] ? ([B] extends [A] ? true : false) : false) : false;',
    'type DetailOf<E> = E extends CustomEvent<infer D> ? D : never;',
  ];
  const firstCheckLine = lines.length;
  lines.push(...checks.map((check, i) => `export const check${i}: ${check.assertion} = true;`));
  const text = lines.join('\n');
  const options = { ...config.options, noEmit: true, types: [], noUnusedLocals: false };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    fileName === VIRTUAL ? ts.createSourceFile(fileName, text, language) : getSourceFile(fileName, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => fileName === VIRTUAL || fileExists(fileName);
  const roots = [VIRTUAL, ...SOURCES.map((source) => `${ROOT}src-element/${source.file}`)];
  const program = ts.createProgram(roots, options, host);
  const failures = ts.getPreEmitDiagnostics(program, program.getSourceFile(VIRTUAL)).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : -1;
    const check = checks[line - firstCheckLine];
    if (check) return `${check.label}: documented as ${check.typeText}, which is not the event map's type (${message})`;
    const name = importedNames[line - 1];
    if (name) {
      const users = [...checks, ...typeTexts].filter((c) => typeNames(c.typeText).includes(name)).map((c) => c.label);
      return `${users.join(', ')}: the documented type names ${name}, which the package (src-element/index.ts) does not export`;
    }
    return message;
  });
  return { program, failures };
}

/** A type the manifest names somewhere (an attribute's, a member's, a parameter's, a return type). */
interface TypeText {
  label: string;
  typeText: string;
}

/** The type names in a type text (string literal types and the globals left out). */
function typeNames(typeText: string): string[] {
  return [...typeText.replace(/'[^']*'/g, '').matchAll(/\b[A-Z]\w*/g)].map(([name]) => name).filter((name) => !GLOBAL_TYPES.has(name));
}

/** Every type text of the manifest outside its events. */
function manifestTypeTexts(): TypeText[] {
  const texts: TypeText[] = [];
  for (const [tag, element] of elements) {
    for (const attribute of element.attributes ?? []) if (attribute.type?.text) texts.push({ label: `${tag}[${attribute.name}]`, typeText: attribute.type.text });
    for (const member of element.members ?? []) {
      if (member.type?.text) texts.push({ label: `${tag} ${member.name}`, typeText: member.type.text });
      if (member.return?.type?.text) texts.push({ label: `${tag} ${member.name}()`, typeText: member.return.type.text });
      for (const parameter of member.parameters ?? []) {
        if (parameter.type?.text) texts.push({ label: `${tag} ${member.name}(${parameter.name})`, typeText: parameter.type.text });
      }
    }
  }
  return texts;
}

/** What TypeScript must confirm about each documented event of each element. */
function eventChecks(): { checks: EventCheck[]; problems: string[]; considered: number } {
  const notifications = new Set<string>(Object.values(PLAYER_EVENTS));
  const media = new Set<string>([...MEDIA_EVENTS, 'error']);
  const requests = new Set<string>(Object.values(REQUEST_EVENTS));
  const voidRequests = new Set(voidRequestNames());
  const checks: EventCheck[] = [];
  const problems: string[] = [];
  let considered = 0;
  for (const { tag } of SOURCES) {
    for (const event of elements.get(tag)?.events ?? []) {
      considered++;
      const label = `${tag} ${event.name}`;
      const typeText = event.type?.text?.trim() ?? '';
      if (!typeText) {
        problems.push(`${label} has no type`);
        continue;
      }
      const custom = /^CustomEvent<([\s\S]+)>$/.exec(typeText);
      if (media.has(event.name)) {
        checks.push({ label, typeText, assertion: `Same<S72PlayerEventMap['${event.name}'], ${typeText}>` });
      } else if (voidRequests.has(event.name)) {
        if (typeText !== 'CustomEvent') problems.push(`${label}: has no detail, so its type is CustomEvent (got ${typeText})`);
      } else if (!custom) {
        problems.push(`${label}: carries a detail, so its type is CustomEvent<detail> (got ${typeText})`);
      } else if (notifications.has(event.name)) {
        checks.push({ label, typeText, assertion: `Same<S72PlayerEventDetail['${event.name}'], DetailOf<${typeText}>>` });
      } else if (requests.has(event.name)) {
        checks.push({ label, typeText, assertion: `Same<S72RequestEventDetail['${event.name}'], DetailOf<${typeText}>>` });
      } else {
        // An event outside the map (e.g. the seek bar's s72-scrub-change): its type must still compile.
        checks.push({ label, typeText, assertion: `Same<true, DetailOf<${typeText}> extends never ? false : true>` });
      }
    }
  }
  return { checks, problems, considered };
}

/** The requests whose detail is `void` in `S72RequestEventDetail` (core/request-map.ts). */
function voidRequestNames(): string[] {
  const text = readFileSync(`${ROOT}src-element/core/request-map.ts`, 'utf8');
  const body = /export interface S72RequestEventDetail \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
  return [...body.matchAll(/'([\w-]+)': void;/g)].map((match) => match[1]!);
}

const { checks: EVENT_CHECKS, problems: EVENT_PROBLEMS, considered: EVENTS_CONSIDERED } = eventChecks();
const TYPE_TEXTS = manifestTypeTexts();
const { program: PROGRAM, failures: EVENT_FAILURES } = compile(EVENT_CHECKS, TYPE_TEXTS);
const checker = PROGRAM.getTypeChecker();

test('every event is documented with a type, and each detail type is the one the event map declares', () => {
  assert.ok(voidRequestNames().includes('s72-play-request'), 'the request map was read');
  const expected = Object.values(PLAYER_EVENTS).length + MEDIA_EVENTS.length;
  assert.ok(EVENTS_CONSIDERED >= expected, `${EVENTS_CONSIDERED} documented events were read`);
  assert.ok(EVENT_CHECKS.length > 0);
  assert.deepEqual([...EVENT_PROBLEMS, ...EVENT_FAILURES], []);
});

test('every type the manifest names (attributes, properties, parameters, return values, events) is exported by the package entry', () => {
  const named = new Set(TYPE_TEXTS.flatMap((text) => typeNames(text.typeText)));
  for (const name of ['S72Content', 'S72PlayerConfig', 'DrmType', 'S72Error', 'SourceKind']) assert.ok(named.has(name), `${name} is among the types read`);
  // A name the entry does not export fails to import in the compiled file (reported by name).
  assert.deepEqual(EVENT_FAILURES, []);
});

test('@wc-toolkit/cem-validator finds no error (each named type is among the module’s exports)', async () => {
  await assert.doesNotReject(
    validateCem(structuredClone(manifest) as Parameters<typeof validateCem>[0], {
      packageJsonPath: `${ROOT}package.json`,
      cemFileName: 'custom-elements.json',
      rules: { manifest: { exportTypes: 'error', tagName: 'error' } },
    }),
  );
});

/** The class an element source defines (the one passed to `defineElement`). */
function elementClass(source: ElementSource): ts.ClassDeclaration {
  const file = PROGRAM.getSourceFile(`${ROOT}src-element/${source.file}`);
  assert.ok(file, `${source.file} is in the program`);
  const className = new RegExp(`defineElement\\('${source.tag}', (\\w+)\\)`).exec(source.text)?.[1];
  const found = file.statements.find((node): node is ts.ClassDeclaration => ts.isClassDeclaration(node) && node.name?.text === className);
  assert.ok(found, `class ${className} of ${source.tag}`);
  return found;
}

const isOurs = (node: ts.Node | undefined): boolean => Boolean(node && node.getSourceFile().fileName.startsWith(`${ROOT}src-element/`));
const isPublic = (node: ts.Declaration): boolean =>
  !(ts.getCombinedModifierFlags(node) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) && !ts.isPrivateIdentifier((node as ts.NamedDeclaration).name ?? node);
/** Lifecycle callbacks and the typed listener overloads: the platform's, not the element's API. */
const PLATFORM_MEMBERS = new Set(['connectedCallback', 'disconnectedCallback', 'attributeChangedCallback', 'adoptedCallback', 'addEventListener', 'removeEventListener', 'styles', 'observedAttributes']);

/** Public members of an element class declared in src-element (its own and inherited), instance and static. */
function publicMembers(cls: ts.ClassDeclaration): Array<{ name: string; declaration: ts.Declaration; isStatic: boolean }> {
  const instance = checker.getTypeAtLocation(cls);
  const constructor = checker.getTypeOfSymbolAtLocation(checker.getSymbolAtLocation(cls.name!)!, cls);
  const members = [
    ...instance.getProperties().map((symbol) => ({ symbol, isStatic: false })),
    ...constructor.getProperties().map((symbol) => ({ symbol, isStatic: true })),
  ];
  return members.flatMap(({ symbol, isStatic }) => {
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration || !isOurs(declaration) || !isPublic(declaration) || PLATFORM_MEMBERS.has(symbol.name) || symbol.name === 'prototype') return [];
    return [{ name: symbol.name, declaration, isStatic }];
  });
}

/** Attribute of a `@property(…)` field: `attribute: 'x'`, none for `attribute: false`, else the lower-cased name. */
function decoratedAttribute(declaration: ts.Declaration): string | null | undefined {
  if (!ts.isPropertyDeclaration(declaration)) return undefined;
  const decorator = ts.getDecorators(declaration)?.find((d) => ts.isCallExpression(d.expression) && d.expression.expression.getText() === 'property');
  if (!decorator) return undefined;
  const [options] = (decorator.expression as ts.CallExpression).arguments;
  const attribute =
    options && ts.isObjectLiteralExpression(options)
      ? options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'attribute')
      : undefined;
  if (!attribute) return declaration.name.getText().toLowerCase();
  if (attribute.initializer.kind === ts.SyntaxKind.FalseKeyword) return null;
  return ts.isStringLiteral(attribute.initializer) ? attribute.initializer.text : declaration.name.getText().toLowerCase();
}

/** The attributes an element has: its `@property` attributes, observed attributes, attributes it sets on itself. */
function sourceAttributes(source: ElementSource): Set<string> {
  const attributes = new Set<string>();
  for (const { declaration } of publicMembers(elementClass(source))) {
    const attribute = decoratedAttribute(declaration);
    if (attribute) attributes.add(attribute);
  }
  const observed = /get observedAttributes\(\)[^{]*\{([\s\S]*?)\n {2}\}/.exec(source.text)?.[1] ?? '';
  for (const [, name] of observed.matchAll(/'([\w-]+)'/g)) attributes.add(name!);
  for (const [, name] of source.text.matchAll(/this\.(?:toggle|set)Attribute\('([\w-]+)'/g)) attributes.add(name!);
  return attributes;
}

test('every attribute of the player (@property, observed, set on itself) is documented with a type, and no other', () => {
  const player = sourceAttributes(PLAYER);
  for (const name of ['license-url', 'start-time', 'lang', 'controls-hidden']) assert.ok(player.has(name), `the player's ${name} is found`);
  const problems: string[] = [];
  for (const source of [PLAYER]) {
    const documented = new Map((elements.get(source.tag)?.attributes ?? []).map((attribute) => [attribute.name, attribute]));
    const attributes = sourceAttributes(source);
    for (const name of attributes) {
      if (!documented.has(name)) problems.push(`${source.tag}[${name}] is not documented`);
      else if (!documented.get(name)!.type?.text) problems.push(`${source.tag}[${name}] has no type`);
    }
    for (const name of documented.keys()) if (!attributes.has(name)) problems.push(`${source.tag}[${name}] is documented but not an attribute`);
  }
  assert.deepEqual(problems, []);
});

/** A member marked `@internal` in its JSDoc (public in TypeScript for the player's own parts, not for pages). */
const isInternal = (declaration: ts.Declaration): boolean => ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'internal');

test('every public property and method of the player is documented; properties with a type, parameters typed', () => {
  const problems: string[] = [];
  let counted = 0;
  for (const source of [PLAYER]) {
    const documented = new Map((elements.get(source.tag)?.members ?? []).map((member) => [`${member.static ? 'static ' : ''}${member.name}`, member]));
    for (const { name, declaration, isStatic } of publicMembers(elementClass(source))) {
      const key = `${isStatic ? 'static ' : ''}${name}`;
      const member = documented.get(key);
      if (isInternal(declaration)) {
        if (member) problems.push(`${source.tag} ${key} is @internal but documented`);
        continue;
      }
      counted++;
      if (!member) {
        problems.push(`${source.tag} ${key} is not documented`);
        continue;
      }
      const isMethod = ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration);
      if (!isMethod && !member.type?.text) problems.push(`${source.tag} ${key} has no type`);
      for (const parameter of member.parameters ?? []) if (!parameter.type?.text) problems.push(`${source.tag} ${key}(${parameter.name}) has no type`);
    }
  }
  assert.ok(counted > 30, `${counted} members were read`);
  assert.deepEqual(problems, []);
});

test('no private, protected or internal member is documented', () => {
  const player = elements.get('s72-player')!;
  const hidden = (player.members ?? []).filter((member) => (member.privacy ?? 'public') !== 'public' || /^[#_]/.test(member.name));
  assert.deepEqual(hidden.map((member) => member.name), []);
  const documented = names(player.members);
  for (const name of ['store', 'report', 'shadowRootOptions', 'requestContext', 'video']) assert.ok(!documented.has(name), `${name} is documented`);
});

test('the plain-HTML attributes of DESIGN.md are documented', () => {
  const attributes = names(elements.get('s72-player')!.attributes);
  for (const name of ['src', 'license-url', 'key-system', 'auth-token', 'poster', 'start-time', 'autoplay', 'muted', 'config']) {
    assert.ok(attributes.has(name), `missing ${name}`);
  }
});

// ── The shipped module ──

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
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { files: string[] };
  const paths = modulePaths(manifest.modules);
  assert.ok(paths.size > 0);
  for (const path of paths) {
    assert.ok(!path.startsWith('src-'), `${path} is a source file; the package ships dist/`);
    assert.ok(
      pkg.files.some((entry) => path === entry || path.startsWith(`${entry.replace(/\/$/, '')}/`)),
      `${path} is not in package.json "files"`,
    );
    assert.ok(existsSync(`${ROOT}${path}`), `${path} does not exist (run npm run build:lib)`);
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
    ['s72-player'],
  );
  for (const entry of definitions) assert.equal(entry.declaration.module, 'dist/index.js');
});
