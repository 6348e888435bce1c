/** Touch double-tap seeking (core/ui/double-tap.ts; player-and-client §9). */
import { expect } from '@open-wc/testing';
import { DoubleTapTracker, tapSide } from '../../src-element/core/ui/double-tap.js';

describe('double tap', () => {
  it('sides: x ≥ 0.6 of the width forward, x ≤ 0.4 back, the middle neither', () => {
    expect([0, 40, 41, 59, 60, 100].map((x) => tapSide(x, 100))).to.deep.equal(['back', 'back', 'middle', 'middle', 'forward', 'forward']);
    expect(tapSide(10, 0)).to.equal('middle');
  });

  it('a second tap on the same side within 1000 ms seeks 10 s; taps within 250 ms after it add 10 s each', () => {
    const taps = new DoubleTapTracker();
    expect(taps.tap('forward', 0)).to.deep.equal({ kind: 'single' });
    expect(taps.tap('forward', 900)).to.deep.equal({ kind: 'seek', seconds: 10, totalS: 10 });
    expect(taps.tap('forward', 1100)).to.deep.equal({ kind: 'seek', seconds: 10, totalS: 20 });
    expect(taps.tap('forward', 1340)).to.deep.equal({ kind: 'seek', seconds: 10, totalS: 30 });
    expect(taps.tap('forward', 1700), '360 ms later: the burst is over').to.deep.equal({ kind: 'single' });
  });

  it('back seeks −10 s; too slow, the other side or the middle start over', () => {
    const taps = new DoubleTapTracker();
    taps.tap('back', 0);
    expect(taps.tap('back', 200)).to.deep.equal({ kind: 'seek', seconds: -10, totalS: -10 });
    const slow = new DoubleTapTracker();
    slow.tap('back', 0);
    expect(slow.tap('back', 1001)).to.deep.equal({ kind: 'single' });
    const other = new DoubleTapTracker();
    other.tap('back', 0);
    expect(other.tap('forward', 100)).to.deep.equal({ kind: 'single' });
    const middle = new DoubleTapTracker();
    middle.tap('middle', 0);
    expect(middle.tap('middle', 100)).to.deep.equal({ kind: 'single' });
  });
});
