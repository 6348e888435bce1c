/** The stats overlay's rules (core/ui/stats-rules.ts; player-and-client §4, §9). */
import { expect } from '@open-wc/testing';
import { bufferAhead, pushSample, STATS_HISTORY_MS, statsPlaybackState, type StatsStateFacts } from '../../src-element/core/ui/stats-rules.js';

const facts = (f: Partial<StatsStateFacts>): StatsStateFacts => ({ loading: false, loaded: true, seeking: false, ended: false, paused: false, ...f });

describe('stats rules', () => {
  const cases: Array<[Partial<StatsStateFacts>, string]> = [
    [{ loaded: false }, 'not loaded'],
    [{ loaded: false, loading: true }, 'loading'],
    [{ loaded: false, seeking: true, paused: true }, 'not loaded'],
    [{ seeking: true, paused: true }, 'seeking'],
    [{ seeking: true, ended: true }, 'seeking'],
    [{ ended: true, paused: true }, 'ended'],
    [{ paused: true }, 'paused'],
    [{}, 'playing'],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected}`, () => expect(statsPlaybackState(facts(input))).to.equal(expected));
  }

  it('keeps the last 120 s of samples', () => {
    const sample = (atMs: number) => ({ atMs, estimatedBandwidth: 1, bufferAheadS: 1, streamBandwidth: 1 });
    let history = [sample(0), sample(60_000)];
    history = pushSample(history, sample(STATS_HISTORY_MS));
    expect(history.map((s) => s.atMs)).to.deep.equal([0, 60_000, 120_000]);
    history = pushSample(history, sample(STATS_HISTORY_MS + 1));
    expect(history.map((s) => s.atMs)).to.deep.equal([60_000, 120_000, 120_001]);
  });

  it('buffer ahead: the end of the range holding the position, 0 outside one', () => {
    const ranges = (list: Array<[number, number]>): TimeRanges => ({
      length: list.length,
      start: (i: number) => list[i]![0],
      end: (i: number) => list[i]![1],
    });
    expect(bufferAhead(ranges([[0, 10], [20, 35]]), 22)).to.equal(13);
    expect(bufferAhead(ranges([[0, 10]]), 12)).to.equal(0);
    expect(bufferAhead(null, 5)).to.equal(0);
  });
});
