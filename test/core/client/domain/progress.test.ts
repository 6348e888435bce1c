import { expect } from '@open-wc/testing';
import {
  COMPLETION_THRESHOLD,
  isCompleted,
  isInProgress,
  toProgressEntry,
} from '../../../../src-element/core/client/domain/index.js';
import { daysAgo, DAY, now } from './fixtures.js';

describe('progress (play-page §5 "Resume", player-and-client §3 "Playback progress")', () => {
  it('exports the completion threshold 0.8', () => {
    expect(COMPLETION_THRESHOLD).to.equal(0.8);
  });

  describe('isCompleted', () => {
    it('is true when the flag says so', () => {
      expect(isCompleted({ position: 0, duration: 100, completed: true })).to.equal(true);
    });
    it('is true when position / duration exceeds 0.8', () => {
      expect(isCompleted({ position: 81, duration: 100 })).to.equal(true);
    });
    it('is false at exactly 0.8', () => {
      expect(isCompleted({ position: 80, duration: 100 })).to.equal(false);
    });
    it('is false below 0.8 without the flag', () => {
      expect(isCompleted({ position: 50, duration: 100, completed: false })).to.equal(false);
    });
    it('is false without a usable duration (only the flag counts)', () => {
      expect(isCompleted({ position: 50, duration: null })).to.equal(false);
      expect(isCompleted({ position: 50, duration: 0 })).to.equal(false);
      expect(isCompleted({ position: 50, duration: Number.NaN })).to.equal(false);
    });
  });

  describe('isInProgress', () => {
    it('is true when position > 0 and not completed', () => {
      expect(isInProgress({ position: 10, duration: 100 })).to.equal(true);
    });
    it('is false at position 0', () => {
      expect(isInProgress({ position: 0, duration: 100 })).to.equal(false);
    });
    it('is false when completed', () => {
      expect(isInProgress({ position: 90, duration: 100 })).to.equal(false);
      expect(isInProgress({ position: 10, duration: 100, completed: true })).to.equal(false);
    });
  });

  describe('toProgressEntry', () => {
    it('normalises a record (seconds and epoch ms)', () => {
      const entry = toProgressEntry({ item: '/film/a', last_played_at: daysAgo(1), play_position: 90, length: 100, completed: false });
      expect(entry).to.include({ slug: '/film/a', lastWatchedAt: now - DAY, position: 90, duration: 100, completed: true });
    });
    it('reads a bad length as unknown', () => {
      expect(toProgressEntry({ item: '/film/a', last_played_at: daysAgo(1), play_position: 9, length: -3 })?.duration).to.equal(null);
    });
    for (const bad of [
      null,
      { last_played_at: daysAgo(1), play_position: 1 },
      { item: '/nope', last_played_at: daysAgo(1), play_position: 1 },
      { item: '/film/a', play_position: 1 },
      { item: '/film/a', last_played_at: 'yesterday', play_position: 1 },
      { item: '/film/a', last_played_at: daysAgo(1) },
      { item: '/film/a', last_played_at: daysAgo(1), play_position: -1 },
      { item: '/film/a', last_played_at: daysAgo(1), play_position: Number.NaN },
    ]) {
      it(`excludes ${JSON.stringify(bad)}`, () => {
        expect(toProgressEntry(bad as never)).to.equal(null);
      });
    }
  });
});
