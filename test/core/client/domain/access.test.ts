import { expect } from '@open-wc/testing';
import {
  activePlanIds,
  canUserWatch,
  groupLibrary,
  playerAvailability,
  watchableBy,
  type AvailabilityInput,
  type UserEntitlements,
} from '../../../../src-element/core/client/domain/index.js';
import { daysAgo, daysAhead, now } from './fixtures.js';

const open = (slug: string, extra: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  slug,
  from: daysAgo(30),
  to: null,
  tvod: 'available',
  plan_ids: [],
  ...extra,
});

const nobody: UserEntitlements = { library: [], plans: [] };

describe('per-user access (player-and-client §4, §6)', () => {
  describe('canUserWatch', () => {
    it('is true for an item in the library with tvod available', () => {
      const user = { library: groupLibrary([{ item: '/film/a' }]), plans: [] };
      expect(canUserWatch(open('/film/a'), user, now)).to.equal(true);
    });

    it('is false for an item in the library whose tvod is not available', () => {
      const user = { library: groupLibrary([{ item: '/film/a' }]), plans: [] };
      expect(canUserWatch(open('/film/a', { tvod: 'geoblocked' }), user, now)).to.equal(false);
    });

    it('is false for an item not in the library and in no plan of the user', () => {
      expect(canUserWatch(open('/film/a'), nobody, now)).to.equal(false);
    });

    it('is false when the rental in the library has expired', () => {
      const user = { library: groupLibrary([{ item: '/film/a', info: { expiry: daysAgo(1) } }]), plans: [] };
      expect(canUserWatch(open('/film/a'), user, now)).to.equal(false);
    });

    it('is true when one of the item plan_ids is among the user plans', () => {
      const user = { library: [], plans: [{ plan_id: 'plan-premium', expiry: daysAhead(30) }] };
      expect(canUserWatch(open('/film/a', { tvod: 'unavailable', plan_ids: ['plan-basic', 'plan-premium'] }), user, now)).to.equal(true);
    });

    it('compares plan ids as strings', () => {
      const user = { library: [], plans: [{ plan_id: 7, expiry: null }] };
      expect(canUserWatch(open('/film/a', { tvod: 'unavailable', plan_ids: ['7'] }), user, now)).to.equal(true);
    });

    it('is false when the matching user plan has expired', () => {
      const user = { library: [], plans: [{ plan_id: 'plan-premium', expiry: daysAgo(1) }] };
      expect(canUserWatch(open('/film/a', { plan_ids: ['plan-premium'] }), user, now)).to.equal(false);
    });

    it('is false when the item availability has expired, whatever the entitlement', () => {
      const user = { library: groupLibrary([{ item: '/film/a' }]), plans: [] };
      expect(canUserWatch(open('/film/a', { to: daysAgo(1) }), user, now)).to.equal(false);
    });

    it('is false for bad input (missing availability, invalid dates, unknown slug)', () => {
      const user = { library: groupLibrary([{ item: '/film/a' }]), plans: [] };
      expect(canUserWatch(null, user, now)).to.equal(false);
      expect(canUserWatch(open('/film/a', { to: 'later' }), user, now)).to.equal(false);
      expect(canUserWatch(open('/movie/a'), user, now)).to.equal(false);
    });
  });

  describe('activePlanIds', () => {
    it('keeps only plans that have not expired and have an id', () => {
      const ids = activePlanIds(
        [
          { plan_id: 'a', expiry: daysAhead(1) },
          { plan_id: 'b', expiry: daysAgo(1) },
          { plan_id: 'c', expiry: null },
          { plan_id: 'd', expiry: 'bad' },
          { expiry: null },
          null,
        ],
        now,
      );
      expect([...ids]).to.deep.equal(['a', 'c']);
    });
  });

  describe('playerAvailability', () => {
    const user = { library: groupLibrary([{ item: '/film/a' }, { item: '/film/soon' }]), plans: [] };

    it('gives window present and canBeWatchedNow for an owned, open item', () => {
      expect(playerAvailability(open('/film/a', { requires_pin_code: true }), user, now)).to.deep.equal({
        slug: '/film/a',
        window: 'present',
        from: Date.parse(daysAgo(30)),
        to: null,
        tvod: 'available',
        requiresPinCode: true,
        entitlement: 'library',
        canBeWatchedNow: true,
      });
    });

    it('gives window future and not watchable now for a coming-soon item', () => {
      const view = playerAvailability(open('/film/soon', { from: daysAhead(2) }), user, now);
      expect(view).to.include({ window: 'future', canBeWatchedNow: false });
    });

    it('gives window expired and not watchable now for an expired item', () => {
      const view = playerAvailability(open('/film/a', { to: daysAgo(1) }), user, now);
      expect(view).to.include({ window: 'expired', canBeWatchedNow: false, entitlement: null });
    });

    it('is not watchable now while the library entry has not started', () => {
      const pending = { library: groupLibrary([{ item: '/film/a', info: { available_from: daysAhead(2), expiry: daysAhead(4) } }]), plans: [] };
      expect(playerAvailability(open('/film/a'), pending, now)).to.include({ window: 'present', canBeWatchedNow: false });
    });

    it('is not watchable now for a present item the viewer is not entitled to', () => {
      expect(playerAvailability(open('/film/a'), nobody, now)).to.include({ window: 'present', canBeWatchedNow: false, entitlement: null });
    });

    it('gives null for invalid input', () => {
      expect(playerAvailability(null, user, now)).to.equal(null);
      expect(playerAvailability(open('/film/a', { from: 'x' }), user, now)).to.equal(null);
      expect(playerAvailability(open('nope'), user, now)).to.equal(null);
    });
  });

  describe('watchableBy', () => {
    it('answers per slug from the availabilities, false when unknown', () => {
      const user = { library: groupLibrary([{ item: '/film/a' }, { item: '/film/b' }]), plans: [] };
      const canWatch = watchableBy([open('/film/a'), open('/film/b', { to: daysAgo(1) })], user, now);
      expect(canWatch('/film/a')).to.equal(true);
      expect(canWatch('/film/a/')).to.equal(true);
      expect(canWatch('/film/b')).to.equal(false);
      expect(canWatch('/film/c')).to.equal(false);
    });
  });
});
