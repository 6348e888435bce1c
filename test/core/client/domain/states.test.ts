import { expect } from '@open-wc/testing';
import {
  canBeWatchedNow,
  isComingSoon,
  isRentalExpired,
} from '../../../../src-element/core/client/domain/index.js';
import { DAY, now } from './fixtures.js';

describe('item states (player-and-client §4 "Ownership")', () => {
  describe('isRentalExpired', () => {
    it('is true once the expiry is past', () => {
      expect(isRentalExpired({ expiry: now - 1 }, now)).to.equal(true);
    });
    it('is true at the expiry instant', () => {
      expect(isRentalExpired({ expiry: now }, now)).to.equal(true);
    });
    it('is false before the expiry', () => {
      expect(isRentalExpired({ expiry: now + DAY }, now)).to.equal(false);
    });
    it('is false without an expiry (never expires)', () => {
      expect(isRentalExpired({ expiry: null }, now)).to.equal(false);
      expect(isRentalExpired({}, now)).to.equal(false);
    });
  });

  describe('isComingSoon', () => {
    it('is true when available_from is in the future', () => {
      expect(isComingSoon({ availableFrom: now + 1 }, now)).to.equal(true);
    });
    it('is false when available_from is now or past', () => {
      expect(isComingSoon({ availableFrom: now }, now)).to.equal(false);
      expect(isComingSoon({ availableFrom: now - DAY }, now)).to.equal(false);
    });
    it('is false without available_from', () => {
      expect(isComingSoon({ availableFrom: null }, now)).to.equal(false);
    });
  });

  describe('canBeWatchedNow', () => {
    it('is true when started and not expired', () => {
      expect(canBeWatchedNow({ availableFrom: now - DAY, expiry: now + DAY }, now)).to.equal(true);
    });
    it('is true with open bounds', () => {
      expect(canBeWatchedNow({}, now)).to.equal(true);
    });
    it('is false when coming soon', () => {
      expect(canBeWatchedNow({ availableFrom: now + DAY, expiry: now + 2 * DAY }, now)).to.equal(false);
    });
    it('is false when expired', () => {
      expect(canBeWatchedNow({ availableFrom: now - 2 * DAY, expiry: now - DAY }, now)).to.equal(false);
    });
  });
});
