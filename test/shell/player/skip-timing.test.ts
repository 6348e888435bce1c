/**
 * The playlist "Skip" button's timing (player-and-client §9 "Controls": shows after 3 s and 5 s of
 * play, hides after 20 s, hidden for videos of 10 s or less), on an injected clock.
 */
import { expect } from '@open-wc/testing';
import { manualClock } from '../support/manual-clock.js';
import {
  SKIP_ENABLE_AFTER_S,
  SKIP_HIDE_AFTER_S,
  SKIP_MIN_DURATION_S,
  SKIP_SHOW_AFTER_S,
  SkipPlayTimer,
  skipButtonState,
  type SkipButtonState,
} from '../../../src-shell/features/player/skip-timing.js';

describe('Skip button timing (player-and-client §9 "Controls")', () => {
  it('the constants are the spec’s', () => {
    expect([SKIP_SHOW_AFTER_S, SKIP_ENABLE_AFTER_S, SKIP_HIDE_AFTER_S, SKIP_MIN_DURATION_S]).to.deep.equal([3, 5, 20, 10]);
  });

  it('by seconds of play: hidden before 3 s, shown (not yet usable) from 3 s, usable from 5 s, hidden from 20 s', () => {
    const at = (played: number) => skipButtonState(played, 60);
    expect([0, 2.999].map(at)).to.deep.equal(['hidden', 'hidden']);
    expect([3, 4.999].map(at)).to.deep.equal(['disabled', 'disabled']);
    expect([5, 19.999].map(at)).to.deep.equal(['enabled', 'enabled']);
    expect([20, 45].map(at)).to.deep.equal(['hidden', 'hidden']);
  });

  it('hidden for videos of 10 s or less, and while the duration is unknown; a live stream (infinite) is long', () => {
    for (const duration of [10, 9.5, 0, Number.NaN, -1]) expect(skipButtonState(6, duration), String(duration)).to.equal('hidden');
    expect(skipButtonState(6, 10.01)).to.equal('enabled');
    expect(skipButtonState(6, Number.POSITIVE_INFINITY)).to.equal('enabled');
  });

  it('the timer counts only time spent playing, on the injected clock', () => {
    const clock = manualClock();
    const seen: SkipButtonState[] = [];
    const timer = new SkipPlayTimer({ clock, onChange: (s) => seen.push(s) });
    timer.setDuration(60);
    clock.tick(10_000); // not playing yet: nothing counts
    expect(timer.state).to.equal('hidden');
    timer.playing();
    clock.tick(2_999);
    expect(timer.state).to.equal('hidden');
    clock.tick(1);
    expect(timer.state).to.equal('disabled');
    timer.stopped(); // paused at 3 s of play
    clock.tick(60_000);
    expect(timer.state).to.equal('disabled');
    timer.playing();
    clock.tick(2_000);
    expect(timer.state).to.equal('enabled');
    clock.tick(14_999);
    expect(timer.state).to.equal('enabled');
    clock.tick(1);
    expect(timer.state).to.equal('hidden');
    expect(seen).to.deep.equal(['disabled', 'enabled', 'hidden']);
    expect(clock.pending(), 'no timer left once hidden for good').to.equal(0);
    timer.dispose();
  });

  it('a duration of 10 s or less keeps it hidden; dispose clears the timer', () => {
    const clock = manualClock();
    const timer = new SkipPlayTimer({ clock, onChange: () => undefined });
    timer.setDuration(10);
    timer.playing();
    clock.tick(6_000);
    expect(timer.state).to.equal('hidden');
    timer.setDuration(30); // the real duration arrives later
    expect(timer.state).to.equal('enabled');
    timer.dispose();
    expect(clock.pending()).to.equal(0);
  });
});
