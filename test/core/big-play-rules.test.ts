/** The big play button's rule (core/ui/big-play-rules.ts; player-and-client §2). */
import { expect } from '@open-wc/testing';
import { bigPlayShows, type BigPlayFacts } from '../../src-element/core/ui/big-play-rules.js';

const base: BigPlayFacts = { loaded: true, error: false, paused: true, played: false, remote: false, withinAfterWindow: false };

describe('big play button rule', () => {
  const cases: Array<[string, Partial<BigPlayFacts>, boolean]> = [
    ['before the first play', {}, true],
    ['not before the source loads', { loaded: false }, false],
    ['not on an error (its panel has Try again)', { error: true }, false],
    ['hidden while playing', { paused: false }, false],
    ['hidden while casting or AirPlaying', { remote: true }, false],
    ['paused after playing: hidden', { played: true }, false],
    ['within 3 s of the end or a load: shown', { played: true, withinAfterWindow: true }, true],
    ['within the window but playing: hidden', { played: true, withinAfterWindow: true, paused: false }, false],
  ];
  for (const [name, facts, expected] of cases) it(name, () => expect(bigPlayShows({ ...base, ...facts })).to.equal(expected));
});
