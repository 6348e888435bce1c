/**
 * player-and-client §4 "Start watchdog", §9 (core/recovery/start-watchdog.ts): every rule.
 */
import { expect } from '@open-wc/testing';
import {
  WATCHDOG_CHECK_MS,
  WATCHDOG_STALL_MS,
  WATCHDOG_TOTAL_MS,
  checkWatchdog,
  progressMark,
  startWatchdog,
  type WatchdogVerdict,
} from '../../../src-element/core/recovery/start-watchdog.js';

/** Runs checks at the given times (ms after the start at 0) with the given progress marks. */
function run(checks: Array<[number, string]>): WatchdogVerdict[] {
  let state = startWatchdog(0, 'p0');
  return checks.map(([now, progress]) => {
    const result = checkWatchdog(state, now, progress);
    state = result.state;
    return result.verdict;
  });
}

describe('start watchdog (player-and-client §4)', () => {
  const rows: Array<[string, Array<[number, string]>, WatchdogVerdict[]]> = [
    ['no progress at 5 s: keeps waiting', [[5_000, 'p0']], ['waiting']],
    ['no progress for 10 s: gives up (stalled)', [[5_000, 'p0'], [10_000, 'p0']], ['waiting', 'stalled']],
    ['progress at 5 s: the 10 s count starts again', [[5_000, 'p1'], [10_000, 'p1'], [15_000, 'p1']], ['waiting', 'waiting', 'stalled']],
    [
      'progress every check but no start in 60 s: gives up (too-long)',
      Array.from({ length: 12 }, (_, index): [number, string] => [(index + 1) * 5_000, `p${index + 1}`]),
      [...Array<WatchdogVerdict>(11).fill('waiting'), 'too-long'],
    ],
  ];
  for (const [name, checks, expected] of rows) {
    it(name, () => expect(run(checks)).to.deep.equal(expected));
  }

  it('waiting on a licence answer (the engine retrying it) counts as progress; the 60-s limit still applies', () => {
    let state = startWatchdog(0, 'p0');
    const verdicts: WatchdogVerdict[] = [];
    for (let now = 5_000; now <= 60_000; now += 5_000) {
      const result = checkWatchdog(state, now, 'p0', now <= 20_000);
      state = result.state;
      verdicts.push(result.verdict);
    }
    // Busy until 20 s: no stall before 30 s (10 s after the licence wait ended).
    expect(verdicts.slice(0, 5)).to.deep.equal(['waiting', 'waiting', 'waiting', 'waiting', 'waiting']);
    expect(verdicts[5]).to.equal('stalled');
    let busyAll = startWatchdog(0, 'p0');
    let last: WatchdogVerdict = 'waiting';
    for (let now = 5_000; now <= 60_000; now += 5_000) ({ state: busyAll, verdict: last } = checkWatchdog(busyAll, now, 'p0', true));
    expect(last).to.equal('too-long');
  });

  it('the progress mark moves with loaded, readyState and the seconds buffered', () => {
    const ranges = (pairs: Array<[number, number]>) => ({ length: pairs.length, start: (i: number) => pairs[i]![0], end: (i: number) => pairs[i]![1] }) as TimeRanges;
    expect(progressMark(false, null)).to.equal('0|0|0.0');
    expect(progressMark(true, { readyState: 1, buffered: ranges([]) })).to.equal('1|1|0.0');
    expect(progressMark(true, { readyState: 3, buffered: ranges([[0, 4], [10, 12.5]]) })).to.equal('1|3|6.5');
  });

  it('checks every 5 s; 10 s without progress; 60 s in total', () => {
    expect([WATCHDOG_CHECK_MS, WATCHDOG_STALL_MS, WATCHDOG_TOTAL_MS]).to.deep.equal([5_000, 10_000, 60_000]);
  });
});
