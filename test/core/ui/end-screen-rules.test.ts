/**
 * The end screen's timing rule (core/ui/end-screen-rules.ts; player-and-client §4 "End screen",
 * play-page §9 "End screen timing default 20"): one row per branch.
 */
import { expect } from '@open-wc/testing';
import { endScreenDue, endScreenWindowS, type EndScreenInput } from '../../../src-element/core/ui/end-screen-rules.js';

/** A film of 120 s at 110 s, loaded, with suggestions, default 20-s window: due. */
const BASE: EndScreenInput = {
  loaded: true,
  live: false,
  enabled: undefined,
  suggestions: 4,
  currentTime: 110,
  duration: 120,
  ended: false,
  timingS: 20,
  closed: false,
};

describe('endScreenWindowS', () => {
  const rows: [duration: number, timing: number, window: number, why: string][] = [
    [120, 20, 20, 'a video of 60 s or more uses the configured timing'],
    [60, 20, 20, 'exactly 60 s is not "under 60 s"'],
    [59.999999, 20, 20, 'a 60-s title as Media Source reports it (59.999999 s) is not under 60 s'],
    [59.98, 20, 1, 'under 60 s (beyond the 0.01-s tolerance): within 1 s'],
    [59.9, 20, 1, 'under 60 s: within 1 s'],
    [10, 5, 1, 'a short video ignores the timing'],
    [120, 0.2, 1, 'the timing is at least 1 s'],
    [120, -5, 1, 'a negative timing counts as 1 s'],
    [120, Number.NaN, 1, 'a timing that is not a number counts as 1 s'],
    [7200, 45, 45, 'a long film with a longer timing'],
  ];
  for (const [duration, timing, window, why] of rows) {
    it(`${why}: duration ${duration} s, timing ${timing} → ${window} s`, () => {
      expect(endScreenWindowS(duration, timing)).to.equal(window);
    });
  }
});

describe('endScreenDue', () => {
  const rows: [change: Partial<EndScreenInput>, due: boolean, why: string][] = [
    [{}, true, '10 s before the end of a 120-s video, window 20 s'],
    [{ currentTime: 100 }, true, 'exactly at the window edge (remaining = window)'],
    [{ currentTime: 99.9 }, false, 'just before the window'],
    [{ currentTime: 0 }, false, 'at the start'],
    [{ loaded: false }, false, 'not loaded'],
    [{ live: true }, false, 'never on live'],
    [{ live: true, ended: true }, false, 'never on live, even ended'],
    [{ enabled: false }, false, 'endScreen.enabled false'],
    [{ enabled: true }, true, 'endScreen.enabled true'],
    [{ suggestions: 0 }, false, 'no suggestions (not the last playlist item, or nothing to suggest)'],
    [{ closed: true }, false, 'closed by the viewer stays closed in the window'],
    [{ closed: true, ended: true }, false, 'closed stays closed once ended'],
    [{ currentTime: 0, ended: true }, true, 'ended'],
    [{ duration: Number.NaN, currentTime: 0 }, false, 'duration unknown'],
    [{ duration: Number.POSITIVE_INFINITY, currentTime: 1e9 }, false, 'infinite duration'],
    [{ duration: 0, currentTime: 0 }, false, 'zero duration'],
    [{ duration: 30, currentTime: 28.5 }, false, 'a 30-s video 1.5 s before the end (window 1 s)'],
    [{ duration: 30, currentTime: 29 }, true, 'a 30-s video 1 s before the end'],
    [{ timingS: 5, currentTime: 114 }, false, 'timing 5: 6 s before the end'],
    [{ timingS: 5, currentTime: 115 }, true, 'timing 5: 5 s before the end'],
    [{ timingS: 0, currentTime: 118.5 }, false, 'timing 0 counts as 1: 1.5 s before the end'],
    [{ timingS: 0, currentTime: 119.2 }, true, 'timing 0 counts as 1: 0.8 s before the end'],
    [{ currentTime: Number.NaN }, false, 'position not a number'],
  ];
  for (const [change, due, why] of rows) {
    it(`${why} → ${due ? 'shows' : 'hidden'}`, () => {
      expect(endScreenDue({ ...BASE, ...change })).to.equal(due);
    });
  }
});
