import { expect } from '@open-wc/testing';
import {
  availabilityWindow,
  bundleTvod,
  requiresPinCode,
  tvodOf,
} from '../../../../src-element/core/client/domain/index.js';
import { daysAgo, daysAhead, now } from './fixtures.js';

describe('availability (player-and-client §3 "Availability", §6)', () => {
  describe('availabilityWindow', () => {
    it('is present between from and to', () => {
      expect(availabilityWindow({ from: daysAgo(1), to: daysAhead(1) }, now)).to.equal('present');
    });
    it('is present with open bounds', () => {
      expect(availabilityWindow({ from: null, to: null }, now)).to.equal('present');
      expect(availabilityWindow({}, now)).to.equal('present');
    });
    it('is future when from is ahead (coming soon)', () => {
      expect(availabilityWindow({ from: daysAhead(2), to: null }, now)).to.equal('future');
    });
    it('is expired when to is past', () => {
      expect(availabilityWindow({ from: daysAgo(30), to: daysAgo(1) }, now)).to.equal('expired');
    });
    it('is expired at the exact to instant', () => {
      expect(availabilityWindow({ to: new Date(now).toISOString() }, now)).to.equal('expired');
    });
    it('gives null for invalid dates or a missing availability', () => {
      expect(availabilityWindow({ from: 'soon' }, now)).to.equal(null);
      expect(availabilityWindow({ to: '2026-02-30' }, now)).to.equal(null);
      expect(availabilityWindow(null, now)).to.equal(null);
    });
  });

  describe('tvodOf', () => {
    it('keeps the known values and maps anything else to unavailable', () => {
      expect(tvodOf('available')).to.equal('available');
      expect(tvodOf('geoblocked')).to.equal('geoblocked');
      expect(tvodOf('unavailable')).to.equal('unavailable');
      expect(tvodOf('AVAILABLE')).to.equal('unavailable');
      expect(tvodOf(null)).to.equal('unavailable');
    });
  });

  describe('bundleTvod', () => {
    it('is available if any item is available', () => {
      expect(bundleTvod([{ tvod: 'geoblocked' }, { tvod: 'unavailable' }, { tvod: 'available' }])).to.equal('available');
    });
    it('is geoblocked if all items are geoblocked', () => {
      expect(bundleTvod([{ tvod: 'geoblocked' }, { tvod: 'geoblocked' }])).to.equal('geoblocked');
    });
    it('is unavailable for a mix of geoblocked and unavailable', () => {
      expect(bundleTvod([{ tvod: 'geoblocked' }, { tvod: 'unavailable' }])).to.equal('unavailable');
    });
    it('is unavailable with no items', () => {
      expect(bundleTvod([])).to.equal('unavailable');
      expect(bundleTvod(null)).to.equal('unavailable');
    });
    it('counts missing or unknown tvod as unavailable', () => {
      expect(bundleTvod([{ tvod: 'geoblocked' }, null, {}])).to.equal('unavailable');
    });
  });

  describe('requiresPinCode', () => {
    it('is true when the item itself requires it', () => {
      expect(requiresPinCode({ requires_pin_code: true })).to.equal(true);
    });
    it('is inherited by a bundle or season from any child', () => {
      expect(requiresPinCode({ requires_pin_code: false }, [{ requires_pin_code: false }, { requires_pin_code: true }])).to.equal(true);
    });
    it('is inherited even when the parent has no availability', () => {
      expect(requiresPinCode(null, [{ requires_pin_code: true }])).to.equal(true);
    });
    it('is false when neither the item nor any child requires it', () => {
      expect(requiresPinCode({ requires_pin_code: false }, [{ requires_pin_code: false }, {}, null])).to.equal(false);
      expect(requiresPinCode(undefined)).to.equal(false);
    });
  });
});
