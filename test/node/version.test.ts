/** src-element/core/version.ts says the version package.json says. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PLAYER_VERSION } from '../../src-element/core/version.js';

test('PLAYER_VERSION is package.json version', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  assert.equal(PLAYER_VERSION, pkg.version);
});
