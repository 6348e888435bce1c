// Generates custom-elements.json (attributes, properties, events, parts, CSS properties) from the
// element sources' JSDoc (DESIGN.md "Package exports"; STYLE.md §7.12). Runs after Rollup
// (`npm run build:lib`), so dist/index.js exists.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** The module users import to define the element; the one module path the manifest names. */
const PUBLIC_MODULE = 'dist/index.js';

/**
 * Every `module` reference to one of our sources now names the shipped module. The analyzer shares
 * objects between declarations (and can link them in a cycle, e.g. an inherited member whose
 * `inheritedFrom` leads back), so each object is visited once.
 */
function pointAtPublicModule(node, seen = new WeakSet()) {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach((item) => pointAtPublicModule(item, seen));
  if (typeof node.module === 'string' && !node.package) node.module = PUBLIC_MODULE;
  for (const value of Object.values(node)) pointAtPublicModule(value, seen);
}

/** The one element the package documents; the surfaces inside it are its implementation. */
const PUBLIC_TAGS = new Set(['s72-player']);

/** Every name the package entry (src-element/index.ts) exports, values and types alike. */
function entryExports() {
  const file = 'src-element/index.ts';
  const source = ts.createSourceFile(file, readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'), ts.ScriptTarget.Latest);
  const names = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    }
  }
  return names;
}

/** A member the page may use: not private or protected, not `#private`, not underscored. */
const isPublicMember = (member) => (member.privacy ?? 'public') === 'public' && !/^[#_]/.test(member.name);

/**
 * The analyzer documents the TypeScript sources (`src-element/s72-player.ts`, …), which the package
 * does not ship. This folds them into the one public module, `dist/index.js`, and keeps only the
 * public surface: `<s72-player>` (the control bar, seek bar, menus, overlays … inside it are its
 * implementation; their parts, slots and events that reach the page are documented on the player),
 * its public members (members marked `@internal` are dropped by the analyzer, private and protected
 * ones here), and the module's exports: the element, its definition and every name the package
 * entry exports, so that each type the manifest names is one a user can import.
 */
function publicSurface() {
  return {
    name: 's72:public-surface',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const declarations = [];
      for (const module of manifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (!PUBLIC_TAGS.has(declaration.tagName)) continue;
          declaration.members = (declaration.members ?? []).filter(isPublicMember);
          declarations.push(declaration);
        }
      }
      const exports = [];
      for (const name of entryExports()) exports.push({ kind: 'js', name, declaration: { name, module: PUBLIC_MODULE } });
      // The element is defined through defineElement() (src-element/define.ts), which the analyzer
      // does not recognise: add its definition.
      for (const declaration of declarations) {
        exports.push({ kind: 'custom-element-definition', name: declaration.tagName, declaration: { name: declaration.name, module: PUBLIC_MODULE } });
      }
      manifest.modules = [{ kind: 'javascript-module', path: PUBLIC_MODULE, declarations, exports }];
      pointAtPublicModule(manifest.modules);
    },
  };
}

export default {
  globs: ['src-element/s72-player.ts', 'src-element/player-media-api.ts'],
  outdir: '.',
  litelement: true,
  packagejson: true,
  plugins: [publicSurface()],
};
