/**
 * The built package, imported the way users import it (self-reference through package.json
 * "exports"), in Node: the React wrapper must be safe during server-side rendering.
 * Needs `npm run build:lib` first (the test command builds).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

test('s72-player/react imports in Node without touching window, and renders to a string', async () => {
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  const { S72Player } = await import('s72-player/react');
  const markup = renderToString(createElement(S72Player, { poster: '/p.jpg', muted: true }));
  assert.match(markup, /^<s72-player[^>]*>/);
  assert.match(markup, /<\/s72-player>$/);
});

test('s72-player exports the element class, the error class and the types', async () => {
  const module = await import('s72-player');
  assert.equal(typeof module.S72Player, 'function');
  const error = new module.S72Error('drm_failed', 'x', { category: 'drm' });
  assert.equal(module.isS72Error(error), true);
  assert.deepEqual(JSON.parse(JSON.stringify(error)), { code: 'drm_failed', category: 'drm', severity: 'critical', message: 'x' });
});

test('s72-player/client is importable from the built package', async () => {
  const module = await import('s72-player/client');
  for (const name of ['createContentClient', 'createContentCache', 'parseSlug', 'buildContinueWatching', 'buildSuggestions', 'ageFromDob', 'createTelemetryClient', 'createHttpTelemetrySender', 'createLogReporter']) {
    assert.equal(typeof (module as Record<string, unknown>)[name], 'function', name);
  }
  assert.equal(module.AVAILABILITY_BATCH_SIZE, 100);
  assert.equal(module.DEFAULT_CACHE_MAX_AGE_MS, 30_000);
});
