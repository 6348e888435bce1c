/**
 * s72-player's own shaka DASH build (scripts/build-shaka.ts, issue 23) holds every part of shaka's
 * API the player's sources use: the test reads src-element with the TypeScript compiler, collects
 * every class, static, prototype method, namespace and enum member of shaka's typings the code
 * reaches (`shaka.Player.prototype.preload`, `shaka.util.Error.Code.BAD_HTTP_STATUS`, ...), then
 * loads the compiled build in Chromium and resolves each one there. A build that left out a
 * file the player needs (Closure prunes what the entry points do not reach, and renames what is not
 * exported) fails here instead of at playback. It also checks the plugins the player relies on
 * without naming them (DASH, the scheme plugins, the text parsers) and the licence notice.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import ts from 'typescript';
import { buildShakaDash, SHAKA_DASH_BUILD } from '../../scripts/build-shaka.js';
import { launchChromium } from '../e2e/support/browser.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Where a symbol lives at run time, from its declaration in shaka's typings; null for types only.
 * An instance member is looked up on the prototype of the receiver's class (`receiver`: a method
 * may be inherited from a class the build does not export, e.g. `FakeEventTarget`).
 */
function runtimePath(checker: ts.TypeChecker, symbol: ts.Symbol, receiver?: ts.Type): string | null {
  const declaration = symbol.declarations?.[0];
  if (!declaration || !/[\\/]shaka-player[\\/]dist[\\/][^\\/]+\.d\.ts$/.test(declaration.getSourceFile().fileName)) return null;
  const name = checker.getFullyQualifiedName(symbol);
  // Records (`shaka.extern.*`, interfaces, object types): plain objects, their fields never renamed.
  if (name.startsWith('shaka.extern.') || !name.startsWith('shaka.')) return null;
  if (ts.isInterfaceDeclaration(declaration.parent) || ts.isTypeLiteralNode(declaration.parent)) return null;
  if (ts.isTypeAliasDeclaration(declaration) || ts.isInterfaceDeclaration(declaration)) return null;
  const isMember = ts.isMethodDeclaration(declaration) || ts.isPropertyDeclaration(declaration) || ts.isGetAccessor(declaration);
  if (isMember && ts.isClassDeclaration(declaration.parent)) {
    const isStatic = (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Static) !== 0;
    const receiverClass = receiver?.getSymbol();
    if (!isStatic) {
      const owner = receiverClass ? checker.getFullyQualifiedName(receiverClass) : name.replace(/\.[^.]+$/, '');
      return `${owner}.prototype.${symbol.name}`;
    }
  }
  return name;
}

/** Every run-time shaka path the player's sources reach (property accesses and destructuring). */
function shakaPathsUsed(): Set<string> {
  const configFile = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  // The player's sources, and the media tests that drive the DASH build directly.
  const sources = parsed.fileNames.filter((file) => /[\\/](src-element|test[\\/]media)[\\/].*\.ts$/.test(file) && !file.endsWith('.d.ts'));
  const program = ts.createProgram({ rootNames: sources, options: { ...parsed.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const used = new Set<string>();
  const record = (symbol: ts.Symbol | undefined, receiver?: ts.Type): void => {
    const path = symbol && runtimePath(checker, symbol, receiver);
    if (path) used.add(path);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) record(checker.getSymbolAtLocation(node.name), checker.getTypeAtLocation(node.expression));
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = node.propertyName ?? node.name;
      if (ts.isIdentifier(key)) record(checker.getTypeAtLocation(node.parent).getProperty(key.text));
    }
    ts.forEachChild(node, visit);
  };
  for (const file of program.getSourceFiles()) {
    if (sources.includes(file.fileName)) visit(file);
  }
  return used;
}

/** Reached without being named: plugins that register themselves, which the player relies on. */
const PLUGINS = [
  'shaka.dash.DashParser',
  'shaka.net.HttpFetchPlugin',
  'shaka.net.HttpXHRPlugin',
  // Inline ClearKey keys (`drm.clearKeys`) are handed to the CDM as a data: URI licence.
  'shaka.net.DataUriPlugin',
  'shaka.text.VttTextParser',
  'shaka.text.Mp4VttParser',
  'shaka.text.TtmlTextParser',
  'shaka.text.Mp4TtmlParser',
  'shaka.abr.SimpleAbrManager',
];

let browser: Browser;
before(async () => {
  await buildShakaDash();
  browser = await launchChromium();
});
after(() => browser?.close());

test('the DASH build defines every shaka class, method, static and enum member the player uses', async () => {
  const used = [...shakaPathsUsed()].sort();
  // The collection itself works: these are certainly used (shaka-engine.ts, shaka-namespace.ts).
  for (const known of [
    'shaka.Player',
    'shaka.Player.version',
    'shaka.Player.prototype.preload',
    'shaka.Player.prototype.load',
    'shaka.net.HttpFetchPlugin.parse',
    'shaka.net.NetworkingEngine.registerScheme',
    'shaka.net.NetworkingEngine.prototype.registerRequestFilter',
    'shaka.util.Error.Code.BAD_HTTP_STATUS',
    'shaka.util.AbortableOperation',
    'shaka.polyfill.installAll',
  ]) {
    assert.ok(used.includes(known), `expected the sources to use ${known}; collected: ${used.join(', ')}`);
  }

  const page = await browser.newPage();
  try {
    const missing = await page.evaluate(
      async ({ code, paths }) => {
        const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
        const module = (await import(url)) as { default: unknown };
        const root = { shaka: module.default };
        return paths.filter((path) => {
          let value: unknown = root;
          for (const key of path.split('.')) {
            value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key];
          }
          return value === undefined;
        });
      },
      { code: readFileSync(SHAKA_DASH_BUILD, 'utf8'), paths: [...used, ...PLUGINS] },
    );
    assert.deepEqual(missing, [], `missing from ${SHAKA_DASH_BUILD}`);
  } finally {
    await page.close();
  }
});

test('the DASH build keeps shaka’s Apache-2.0 licence notice and is an ES module', () => {
  const code = readFileSync(SHAKA_DASH_BUILD, 'utf8');
  assert.match(code.slice(0, 200), /@license\s+Shaka Player\s+Copyright 2016 Google LLC\s+SPDX-License-Identifier: Apache-2\.0/);
  assert.ok(/\nexport default exportTo\.shaka;\s*$/.test(code.slice(-200)), 'ends with its default export');
  assert.equal(dirname(SHAKA_DASH_BUILD), join(ROOT, 'build', 'shaka'));
});
