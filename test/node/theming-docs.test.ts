/**
 * The README's theming reference matches custom-elements.json (issue 10 "Theming: ::part names and
 * --s72-* custom properties for every surface, documented"): regenerate it with
 * `npm run theming-table` after changing an element's @csspart / @cssprop / @slot. Needs
 * `npm run build:lib` first (the test command builds).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BEGIN, END, themingTable } from '../../scripts/theming-table.js';

const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as Parameters<typeof themingTable>[0];
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test('README.md holds the theming table generated from custom-elements.json (npm run theming-table)', () => {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  assert.ok(start !== -1 && end > start, 'README.md has the theming-table block');
  assert.equal(readme.slice(start, end + END.length), themingTable(manifest));
});

test('the table documents the player only, with the parts and custom properties of the surfaces inside it', () => {
  const table = themingTable(manifest);
  assert.ok(table.includes('<s72-player>'), 's72-player missing');
  for (const tag of ['s72-control-bar', 's72-seek-bar', 's72-settings-menu', 's72-title-bar', 's72-end-screen', 's72-subtitle-overlay']) {
    assert.ok(!table.includes(`<${tag}>`), `${tag} is an internal surface, listed`);
  }
  for (const hook of ['::part(play-button)', '::part(seek-input)', '::part(menu-item)', '--s72-seek-track-color', '--s72-menu-background', 'slot `pause`']) {
    assert.ok(table.includes(hook), `${hook} missing`);
  }
});
