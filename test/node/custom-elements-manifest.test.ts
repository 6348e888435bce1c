/** custom-elements.json documents every event of src-element/events.ts (STYLE.md §7.12). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { MEDIA_EVENTS, PLAYER_EVENTS, REQUEST_EVENTS } from '../../src-element/events.js';

interface Declaration {
  tagName?: string;
  events?: Array<{ name: string }>;
  attributes?: Array<{ name: string }>;
}
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as {
  modules: Array<{ declarations?: Declaration[] }>;
};
const elements = new Map(
  manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.tagName).map((d) => [d.tagName!, d]),
);

test('the manifest documents <s72-player> and <s72-control-bar>', () => {
  assert.ok(elements.has('s72-player'));
  assert.ok(elements.has('s72-control-bar'));
});

test('every player event and re-dispatched media event is documented on <s72-player>', () => {
  const documented = new Set(elements.get('s72-player')!.events!.map((event) => event.name));
  for (const name of [...Object.values(PLAYER_EVENTS), ...MEDIA_EVENTS]) assert.ok(documented.has(name), `missing ${name}`);
  assert.deepEqual([...documented].filter((name) => !name.startsWith('s72-') && !(MEDIA_EVENTS as readonly string[]).includes(name)), []);
});

test('every request event is documented on <s72-control-bar>', () => {
  const documented = new Set(elements.get('s72-control-bar')!.events!.map((event) => event.name));
  for (const name of Object.values(REQUEST_EVENTS)) assert.ok(documented.has(name), `missing ${name}`);
});

test('the plain-HTML attributes of DESIGN.md are documented', () => {
  const attributes = new Set(elements.get('s72-player')!.attributes!.map((attribute) => attribute.name));
  for (const name of ['src', 'license-url', 'key-system', 'auth-token', 'poster', 'start-time', 'autoplay', 'muted', 'config']) {
    assert.ok(attributes.has(name), `missing ${name}`);
  }
});
