/**
 * player-and-client §4 "Buffering monitor", §9 (core/recovery/buffering-monitor.ts): one row per
 * transition.
 */
import { expect } from '@open-wc/testing';
import {
  BUFFERING_CHECK_MS,
  BUFFERING_RECOVERY_MS,
  INITIAL_BUFFERING_MONITOR,
  nextBufferingState,
  type BufferingInput,
  type BufferingMonitorState,
} from '../../../src-element/core/recovery/buffering-monitor.js';

const check = (now: number, position: number, paused = false, ready = false): BufferingInput => ({ type: 'check', now, position, paused, ready });
const state = (value: BufferingMonitorState['state'], since = 0, position: number | null = null): BufferingMonitorState => ({ state: value, since, position });

describe('buffering monitor transitions (player-and-client §4)', () => {
  const rows: Array<[string, BufferingMonitorState, BufferingInput, BufferingMonitorState]> = [
    ['ok → buffering on load start / seeking / waiting', INITIAL_BUFFERING_MONITOR, { type: 'stall', now: 100 }, state('buffering', 100)],
    ['recovering → buffering on waiting', state('recovering', 100), { type: 'stall', now: 300 }, state('buffering', 300)],
    ['buffering → recovering on playing', state('buffering', 100), { type: 'playing', now: 400 }, state('recovering', 400)],
    ['ok stays ok on playing', INITIAL_BUFFERING_MONITOR, { type: 'playing', now: 400 }, INITIAL_BUFFERING_MONITOR],
    ['buffering: the first check records the position', state('buffering', 100), check(600, 12), state('buffering', 100, 12)],
    ['buffering: a check with the position moved forward → recovering', state('buffering', 100, 12), check(1_100, 12.4), state('recovering', 1_100)],
    ['buffering: a check with the position still → still buffering', state('buffering', 100, 12), check(1_100, 12), state('buffering', 100, 12)],
    ['buffering: paused with data to play → recovering (nothing is awaited)', state('buffering', 100), check(600, 0, true, true), state('recovering', 600)],
    ['buffering: paused without data → still buffering', state('buffering', 100), check(600, 0, true, false), state('buffering', 100, 0)],
    ['recovering → ok after 1 s', state('recovering', 1_000), check(1_000 + BUFFERING_RECOVERY_MS, 13), state('ok', 2_000)],
    ['recovering stays before 1 s', state('recovering', 1_000), check(1_999, 13), state('recovering', 1_000)],
    ['ok: checks change nothing', INITIAL_BUFFERING_MONITOR, check(5_000, 40), INITIAL_BUFFERING_MONITOR],
  ];
  for (const [name, from, input, expected] of rows) {
    it(name, () => expect(nextBufferingState(from, input)).to.deep.equal(expected));
  }

  it('checks every 0.5 s, recovers after 1 s (player-and-client §4, §9)', () => {
    expect([BUFFERING_CHECK_MS, BUFFERING_RECOVERY_MS]).to.deep.equal([500, 1_000]);
  });
});
