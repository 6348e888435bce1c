// Generates custom-elements.json (attributes, properties, events, parts, CSS properties) from the
// element sources' JSDoc (DESIGN.md "Package exports"; STYLE.md §7.12). Runs after Rollup
// (`npm run build:lib`), so dist/index.js exists.
import { readFileSync } from 'node:fs';

/** The module users import to define the elements; the one module path the manifest names. */
const PUBLIC_MODULE = 'dist/index.js';

/** Names exported by the built public module (`export { a as B, … }` lines of the Rollup output). */
function exportedNames(file) {
  const names = new Set();
  for (const [, list] of readFileSync(new URL(`./${file}`, import.meta.url), 'utf8').matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const item of list.split(',')) {
      const name = item.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

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

/**
 * The analyzer documents the TypeScript sources (`src-element/s72-player.ts`, …), which the package
 * does not ship. This folds the documented modules into the one public module, `dist/index.js`
 * (importing it defines both elements and exports their classes), keeping only what it exports:
 * the element classes, their custom-element definitions and any other documented public export.
 */
function shippedModulePaths() {
  return {
    name: 's72:shipped-module-paths',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const publicNames = exportedNames(PUBLIC_MODULE);
      const declarations = [];
      const exports = [];
      for (const module of manifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (publicNames.has(declaration.name) || declaration.tagName) declarations.push(declaration);
        }
        for (const entry of module.exports ?? []) {
          const declared = declarations.some((declaration) => declaration.name === entry.declaration?.name);
          if (entry.kind === 'custom-element-definition' || (publicNames.has(entry.name) && declared)) exports.push(entry);
        }
      }
      // The elements are defined through defineElement() (src-element/define.ts), which the
      // analyzer does not recognise: add their definitions.
      for (const declaration of declarations) {
        if (declaration.tagName && !exports.some((entry) => entry.kind === 'custom-element-definition' && entry.name === declaration.tagName)) {
          exports.push({ kind: 'custom-element-definition', name: declaration.tagName, declaration: { name: declaration.name, module: PUBLIC_MODULE } });
        }
      }
      manifest.modules = [{ kind: 'javascript-module', path: PUBLIC_MODULE, declarations, exports }];
      pointAtPublicModule(manifest.modules);
    },
  };
}

export default {
  globs: ['src-element/s72-player.ts', 'src-element/player-media-api.ts', 'src-element/ui/*.ts'],
  outdir: '.',
  litelement: true,
  packagejson: true,
  plugins: [shippedModulePaths()],
};
