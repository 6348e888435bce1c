/**
 * The hosted API reference (issue 24 "Done when": an API reference generated from the manifest,
 * served by the demo storefront at `/docs/`): turns custom-elements.json into one static,
 * accessible HTML page, dist-docs/index.html. `npm run build:lib` runs it after the analyzer;
 * `npm run api-docs` alone regenerates it. test/node/api-docs.test.ts checks the served page.
 *
 * Every manifest text is escaped (the only markup a description may carry is `code`, written with
 * backticks); the page has no script. Tables keep their semantics on a phone: below 40rem each row
 * becomes a block whose cells are labelled with their column.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface TypeRef {
  text: string;
}
interface Entry {
  name: string;
  description?: string;
  summary?: string;
  type?: TypeRef;
  default?: string;
}
interface Parameter extends Entry {
  optional?: boolean;
  rest?: boolean;
}
export interface ManifestMember extends Entry {
  kind: 'field' | 'method';
  static?: boolean;
  readonly?: boolean;
  privacy?: string;
  attribute?: string;
  parameters?: Parameter[];
  return?: { type?: TypeRef };
}
export interface ManifestElement extends Entry {
  tagName?: string;
  attributes?: Array<Entry & { fieldName?: string }>;
  members?: ManifestMember[];
  events?: Entry[];
  slots?: Entry[];
  cssParts?: Entry[];
  cssProperties?: Entry[];
}
export interface Manifest {
  modules: Array<{ declarations?: ManifestElement[] }>;
}

/** The sections of an element's reference, in page order; `id` prefixes the rows' ids. */
export const SECTIONS = [
  { key: 'attributes', id: 'attr', title: 'Attributes' },
  { key: 'properties', id: 'prop', title: 'Properties' },
  { key: 'methods', id: 'method', title: 'Methods' },
  { key: 'events', id: 'event', title: 'Events' },
  { key: 'slots', id: 'slot', title: 'Slots' },
  { key: 'cssParts', id: 'part', title: 'CSS parts' },
  { key: 'cssProperties', id: 'css', title: 'CSS custom properties' },
] as const;

export type SectionKey = (typeof SECTIONS)[number]['key'];

/** The entries of each section for one element (properties: instance fields; methods: the rest). */
export function sectionEntries(element: ManifestElement): Record<SectionKey, Entry[]> {
  const members = (element.members ?? []).filter((member) => (member.privacy ?? 'public') === 'public');
  return {
    attributes: element.attributes ?? [],
    properties: members.filter((member) => member.kind === 'field' && !member.static),
    methods: members.filter((member) => member.kind === 'method' || member.static),
    events: element.events ?? [],
    slots: element.slots ?? [],
    cssParts: element.cssParts ?? [],
    cssProperties: element.cssProperties ?? [],
  };
}

/** The id of an entry's row: `attr-src`, `event-s72-error`, `css---s72-accent-color`, `slot-error-{code}`. */
export const rowId = (sectionId: string, name: string): string => `${sectionId}-${name.replace(/\s+/g, '-') || 'default'}`;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Escaped inline text: `code` spans become `<code>`, everything else is text. */
function inline(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) => (/^`[^`]*`$/.test(part) ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : escapeHtml(part)))
    .join('');
}

/** A description as paragraphs (blank lines separate them), its first letter capitalised. */
function prose(text = ''): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return paragraphs.map((paragraph) => `<p>${inline(paragraph.charAt(0).toUpperCase() + paragraph.slice(1))}</p>`).join('');
}

const code = (text: string | undefined): string => (text ? `<code>${escapeHtml(text)}</code>` : '');

/** `name(a?: T, …): R` for a method; static ones as `S72Player.name(…)`. */
function signature(member: ManifestMember, className: string): string {
  const parameters = (member.parameters ?? [])
    .map((parameter) => `${parameter.rest ? '…' : ''}${parameter.name}${parameter.optional ? '?' : ''}: ${parameter.type?.text ?? 'unknown'}`)
    .join(', ');
  const returns = member.return?.type?.text ?? (member.type?.text && /=>\s*(.+)$/.exec(member.type.text)?.[1]) ?? 'void';
  return `${member.static ? `${className}.` : ''}${member.name}(${parameters}): ${returns}`;
}

interface Column {
  label: string;
  cell: (entry: Entry) => string;
  /** The description cell (class `desc`: the test reads it). */
  description?: boolean;
}

function columns(key: SectionKey, className: string): Column[] {
  const description: Column = { label: 'Description', cell: (entry) => prose(entry.description ?? entry.summary), description: true };
  const type: Column = { label: 'Type', cell: (entry) => code(entry.type?.text) };
  const defaultValue: Column = { label: 'Default', cell: (entry) => code(entry.default) };
  switch (key) {
    case 'attributes':
      return [{ label: 'Attribute', cell: (entry) => code(entry.name) }, type, defaultValue, description];
    case 'properties':
      return [
        {
          label: 'Property',
          cell: (entry) => {
            const member = entry as ManifestMember;
            const notes = [member.readonly ? 'read-only' : '', member.attribute ? `attribute ${code(member.attribute)}` : ''].filter(Boolean);
            return `${code(member.name)}${notes.length ? `<span class="note">${notes.join(', ')}</span>` : ''}`;
          },
        },
        type,
        defaultValue,
        description,
      ];
    case 'methods':
      return [{ label: 'Method', cell: (entry) => code(signature(entry as ManifestMember, className)) }, description];
    case 'events':
      return [{ label: 'Event', cell: (entry) => code(entry.name) }, { label: 'Event type', cell: (entry) => code(entry.type?.text) }, description];
    case 'slots':
      return [{ label: 'Slot', cell: (entry) => code(entry.name || '(default)') }, description];
    case 'cssParts':
      return [{ label: 'Part', cell: (entry) => code(`::part(${entry.name})`) }, description];
    case 'cssProperties':
      return [{ label: 'Custom property', cell: (entry) => code(entry.name) }, defaultValue, description];
  }
}

function table(element: ManifestElement, section: (typeof SECTIONS)[number], entries: Entry[]): string {
  const className = element.name;
  const cols = columns(section.key, className);
  const headingId = `${element.tagName}-${section.id}`;
  const head = cols.map((col) => `<th scope="col" role="columnheader">${escapeHtml(col.label)}</th>`).join('');
  const rows = entries
    .map((entry) => {
      const cells = cols
        .map((col) => `<td role="cell" data-label="${escapeHtml(col.label)}"${col.description ? ' class="desc"' : ''}>${col.cell(entry)}</td>`)
        .join('');
      return `<tr role="row" id="${escapeHtml(rowId(section.id, entry.name))}" data-name="${escapeHtml(entry.name)}">${cells}</tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="${escapeHtml(headingId)}">
<h3 id="${escapeHtml(headingId)}">${escapeHtml(section.title)}</h3>
<table role="table" data-section="${section.key}" aria-labelledby="${escapeHtml(headingId)}">
<thead role="rowgroup"><tr role="row">${head}</tr></thead>
<tbody role="rowgroup">
${rows}
</tbody>
</table>
</section>`;
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fff; --muted: #545454; --line: #d6d6d6; --code: #f1f1f1; --link: #0b57d0; }
@media (prefers-color-scheme: dark) { :root { --fg: #ececec; --bg: #151515; --muted: #b5b5b5; --line: #3a3a3a; --code: #262626; --link: #8ab4f8; } }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--link); }
.skip { position: absolute; inset-inline-start: 1rem; inset-block-start: -4rem; background: var(--bg); padding: 0.5rem; }
.skip:focus { inset-block-start: 1rem; }
header, nav, main, footer { max-inline-size: 80rem; margin-inline: auto; padding-inline: 1rem; }
header { padding-block: 1.5rem 0.5rem; }
h1 { font-size: 1.9rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.5rem; margin-block: 2rem 0.5rem; }
h3 { font-size: 1.2rem; margin-block: 2rem 0.5rem; border-block-end: 2px solid var(--line); padding-block-end: 0.25rem; }
nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; padding: 0; list-style: none; }
p { margin: 0 0 0.5rem; }
code { font: 0.875em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: 0.05em 0.25em; border-radius: 3px; overflow-wrap: anywhere; }
pre { background: var(--code); padding: 0.75rem; white-space: pre-wrap; overflow-wrap: anywhere; border-radius: 4px; }
pre code { padding: 0; background: none; }
table { border-collapse: collapse; inline-size: 100%; }
th, td { text-align: start; vertical-align: top; padding: 0.5rem; border-block-end: 1px solid var(--line); }
th { font-weight: 600; white-space: nowrap; }
td:first-child { min-inline-size: 10rem; }
td:first-child > code { font-weight: 600; }
td.desc { min-inline-size: 18rem; }
.note { display: block; color: var(--muted); font-size: 0.85em; }
footer { color: var(--muted); padding-block: 2rem; }
@media (max-width: 40rem) {
  table, thead, tbody, tr, th, td { display: block; }
  thead tr { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  tr { border-block-end: 1px solid var(--line); padding-block: 0.5rem; }
  td { border: 0; padding: 0.1rem 0; min-inline-size: 0 !important; }
  td:empty { display: none; }
  td[data-label]:not(:first-child)::before { content: attr(data-label); display: block; font-size: 0.8em; font-weight: 600; color: var(--muted); }
}
`;

/** The whole page for a manifest. */
export function apiDocsHtml(manifest: Manifest, pkg: { name: string; version: string }): string {
  const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.tagName);
  const title = `${pkg.name} ${pkg.version}: API reference`;
  const nav = elements
    .flatMap((element) => {
      const entries = sectionEntries(element);
      return SECTIONS.filter((section) => entries[section.key].length > 0).map(
        (section) => `<li><a href="#${escapeHtml(`${element.tagName}-${section.id}`)}">${escapeHtml(section.title)}</a></li>`,
      );
    })
    .join('');
  const body = elements
    .map((element) => {
      const entries = sectionEntries(element);
      const sections = SECTIONS.filter((section) => entries[section.key].length > 0).map((section) => table(element, section, entries[section.key]));
      return `<section aria-labelledby="${escapeHtml(element.tagName!)}">
<h2 id="${escapeHtml(element.tagName!)}"><code>&lt;${escapeHtml(element.tagName!)}&gt;</code></h2>
<div class="summary">${prose(element.summary)}</div>
<div class="description">${prose(element.description)}</div>
<pre><code>${escapeHtml([
            `import '${pkg.name}'; // defines <${element.tagName}>`,
            `// React: import { ${element.name} } from '${pkg.name}/react';`,
            '',
            `<${element.tagName}`,
            '  src="https://cdn.example.com/film/manifest.mpd"',
            '  license-url="https://licence.example.com/widevine"',
            `  key-system="widevine"></${element.tagName}>`,
          ].join('\n'))}</code></pre>
${sections.join('\n')}
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header>
<h1>${escapeHtml(title)}</h1>
<p>Generated from the package's custom-elements manifest (<code>${escapeHtml(pkg.name)}/custom-elements.json</code>). Every type named here is exported by <code>${escapeHtml(pkg.name)}</code> (<code>import type { … } from '${escapeHtml(pkg.name)}'</code>). Positions and durations are in seconds.</p>
</header>
<nav aria-label="Contents"><ul>${nav}</ul></nav>
<main id="main" tabindex="-1">
${body}
</main>
<footer><p>${escapeHtml(pkg.name)} ${escapeHtml(pkg.version)}</p></footer>
</body>
</html>
`;
}

/** Where the build writes the page (served at `/docs/` by the demo storefront). */
export const DOCS_DIR = fileURLToPath(new URL('../dist-docs/', import.meta.url));

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = JSON.parse(readFileSync(new URL('../custom-elements.json', import.meta.url), 'utf8')) as Manifest;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  mkdirSync(DOCS_DIR, { recursive: true });
  writeFileSync(`${DOCS_DIR}index.html`, apiDocsHtml(manifest, pkg));
  console.log(`API reference written to ${DOCS_DIR}index.html`);
}
