/**
 * The staged rollout's split (player-and-client §9 "25% of 'experiment' users get the new player";
 * issue 26: a deterministic split by user id, decided by the play page): about 25 % of many
 * experiment viewers, the same answer for the same id every time, nobody outside the group.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NEW_PLAYER_PERCENT, playerTrack, rolloutBucket } from '../../src-shell/features/play-flow/rollout.js';

const GROUPS = ['experiment'];

test('about 25 % of 100 000 experiment viewers get the new player (numeric and opaque ids)', () => {
  for (const id of [(i: number) => i + 1, (i: number) => `u-${(i * 2654435761) % 4294967296}`]) {
    let fresh = 0;
    for (let i = 0; i < 100_000; i += 1) if (playerTrack(id(i), GROUPS) === 'new') fresh += 1;
    const share = fresh / 100_000;
    assert.ok(Math.abs(share - NEW_PLAYER_PERCENT / 100) < 0.01, `share ${share}`);
  }
});

test('stable per id: the same id always gets the same track, strings and numbers alike', () => {
  for (let id = 1; id <= 2_000; id += 1) {
    const first = playerTrack(id, GROUPS);
    assert.equal(playerTrack(id, GROUPS), first);
    assert.equal(playerTrack(String(id), ['vip', 'experiment']), first);
  }
  // Fixed answers: a change of the hash would move viewers between tracks.
  assert.deepEqual([1001, 1005, 1015].map(rolloutBucket), [7, 31, 2]);
  assert.equal(playerTrack(1015, GROUPS), 'new');
  assert.equal(playerTrack(1005, GROUPS), 'current');
});

test('only the experiment group: no group, another group, no user id: the current player', () => {
  assert.equal(playerTrack(1015, undefined), 'current');
  assert.equal(playerTrack(1015, []), 'current');
  assert.equal(playerTrack(1015, ['beta']), 'current');
  assert.equal(playerTrack(null, GROUPS), 'current');
  assert.equal(playerTrack('', GROUPS), 'current');
});
