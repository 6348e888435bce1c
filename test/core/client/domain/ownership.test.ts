import { expect } from '@open-wc/testing';
import { ownershipOf } from '../../../../src-element/core/client/domain/index.js';
import { daysAhead } from './fixtures.js';

describe('ownershipOf (player-and-client §3 "Library item")', () => {
  it('is plan when plan_id is present', () => {
    expect(ownershipOf({ plan_id: 'plan-basic' })).to.equal('plan');
  });

  it('is plan when plan_id and expiry are both present (plan wins)', () => {
    expect(ownershipOf({ plan_id: 7, expiry: daysAhead(3) })).to.equal('plan');
  });

  it('is rent when only expiry is present', () => {
    expect(ownershipOf({ plan_id: null, expiry: daysAhead(3) })).to.equal('rent');
  });

  it('is buy when neither is present', () => {
    expect(ownershipOf({ plan_id: null, expiry: null })).to.equal('buy');
    expect(ownershipOf({})).to.equal('buy');
  });

  it('treats empty strings as absent', () => {
    expect(ownershipOf({ plan_id: '', expiry: '' })).to.equal('buy');
  });

  it('is buy for missing info', () => {
    expect(ownershipOf(null)).to.equal('buy');
    expect(ownershipOf(undefined)).to.equal('buy');
  });
});
