/**
 * The player's version comes from package.json at build time (issue 26; player-and-client §9 "Player
 * version"): no source hand-copies it, and every build (the npm library, the CDN build, the play page)
 * has `__S72_PLAYER_VERSION__` of src-element/core/version.ts replaced by package.json's version.
 * Run after `npm run build` (as `npm test` and CI do).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

function files(dir: string, ext: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => ext.test(name))
    .map((name) => join(dir, name));
}

test('no source hand-copies the version', () => {
  const copies = files(join(ROOT, 'src-element'), /\.tsx?$/)
    .concat(files(join(ROOT, 'src-shell'), /\.tsx?$/))
    .filter((file) => /PLAYER_VERSION\s*=\s*['"`]\d/.test(readFileSync(file, 'utf8')));
  assert.deepEqual(copies, []);
});

for (const [name, dir] of [
  ['the npm library (dist/)', 'dist'],
  ['the CDN build (dist/cdn/)', join('dist', 'cdn')],
  ['the play page (dist-shell/)', 'dist-shell'],
] as const) {
  test(`${name} carries package.json's version, injected`, () => {
    const built = files(join(ROOT, dir), /\.js$/).map((file) => readFileSync(file, 'utf8'));
    assert.ok(built.length > 0, `${dir} is built`);
    assert.equal(built.filter((code) => code.includes('__S72_PLAYER_VERSION__')).length, 0, 'no placeholder left');
    const literal = new RegExp(`[\`'"]${pkg.version.replaceAll('.', '\\.')}[\`'"]`);
    assert.ok(built.some((code) => literal.test(code)), `the version ${pkg.version} is in the build`);
  });
}
