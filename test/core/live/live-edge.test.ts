/** The live edge helpers (core/live/live-edge.ts): offset from the edge, "at the edge", go-to-live target. */
import { expect } from '@open-wc/testing';
import {
  LIVE_EDGE_SEEK_OFFSET_S,
  LIVE_EDGE_TOLERANCE_S,
  atLiveEdge,
  liveEdgeSeekTarget,
  secondsBehindLiveEdge,
} from '../../../src-element/core/live/live-edge.js';

const WINDOW = { start: 100, end: 160 };

describe('live edge (core/live/live-edge.ts)', () => {
  it('measures how far playback is behind the end of the seekable range', () => {
    expect(secondsBehindLiveEdge(118, WINDOW)).to.equal(42);
    expect(secondsBehindLiveEdge(160, WINDOW)).to.equal(0);
    expect(secondsBehindLiveEdge(161, WINDOW), 'never negative').to.equal(0);
    expect(secondsBehindLiveEdge(10, { start: 0, end: 0 }), 'empty range').to.equal(0);
    expect(secondsBehindLiveEdge(Number.NaN, WINDOW)).to.equal(0);
  });

  it('is at the live edge within the tolerance only', () => {
    expect(LIVE_EDGE_TOLERANCE_S).to.be.greaterThan(LIVE_EDGE_SEEK_OFFSET_S);
    expect(atLiveEdge(160 - LIVE_EDGE_TOLERANCE_S, WINDOW)).to.equal(true);
    expect(atLiveEdge(160 - LIVE_EDGE_TOLERANCE_S - 0.5, WINDOW)).to.equal(false);
    expect(atLiveEdge(159, WINDOW)).to.equal(true);
  });

  it('go to live seeks just before the end, never before the start', () => {
    expect(liveEdgeSeekTarget(WINDOW)).to.equal(160 - LIVE_EDGE_SEEK_OFFSET_S);
    expect(liveEdgeSeekTarget({ start: 5, end: 5.5 })).to.equal(5);
    expect(atLiveEdge(liveEdgeSeekTarget(WINDOW), WINDOW), 'the target is at the edge').to.equal(true);
  });
});
