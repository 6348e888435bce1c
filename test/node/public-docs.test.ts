/**
 * Public docs stand alone: the declarations users get as hover text (dist/types) and the package
 * README name no internal material (spec sections, the design and style guides, issue numbers).
 * Spec citations belong in `//` comments, which tsc does not emit. Needs `npm run build:lib` first
 * (the test command builds).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const internal = /§|play-page|player-and-client|DESIGN\.md|STYLE\.md|issue \d+|\.\.\/shared\//;

function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return declarationFiles(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function internalReferences(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line, i) => (internal.test(line) ? [`${path.slice(root.length)}:${i + 1}: ${line.trim()}`] : []));
}

test('the emitted declarations (hover text) cite no internal spec sections, guides or issues', () => {
  const dir = join(root, 'dist/types');
  assert.ok(existsSync(dir), 'dist/types missing: run npm run build:lib');
  const files = declarationFiles(dir);
  assert.ok(files.length > 0, 'no .d.ts files in dist/types');
  const found = files.flatMap(internalReferences);
  assert.deepEqual(found, [], `${found.length} internal references:\n${found.join('\n')}`);
});

test('README.md cites no internal spec sections, guides or issues', () => {
  const found = internalReferences(join(root, 'README.md'));
  assert.deepEqual(found, [], `${found.length} internal references:\n${found.join('\n')}`);
});
