/**
 * Issue 25 item 12: the play page strips trailing slashes from addresses with a scan, not with
 * `replace(/\/+$/, '')`. That regex backtracks over every run of slashes that does not end the
 * path (~n²/2 steps: 27 s for 200,000 slashes in Node 20's V8). Chromium's V8 falls back to its
 * linear engine after excessive backtracking, so the browser tests cannot show it; engines without
 * that fallback (Node's here, other browsers) can, so the check runs in Node, on the shell's helper.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutTrailingSlashes } from '../../src-shell/lib/safe-url.js';

const LONG = `/film/night-harbour${'/'.repeat(200_000)}x`;

test('trailing slashes: a long run of slashes inside the path is scanned in linear time', { timeout: 5_000 }, () => {
  assert.equal(withoutTrailingSlashes(LONG), LONG);
  assert.equal(withoutTrailingSlashes(`${LONG}///`), LONG);
  assert.equal(withoutTrailingSlashes('/film/night-harbour/'), '/film/night-harbour');
  assert.equal(withoutTrailingSlashes('///'), '');
});

