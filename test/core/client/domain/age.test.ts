import { expect } from '@open-wc/testing';
import { ageFromDob } from '../../../../src-element/core/client/domain/index.js';
import { now } from './fixtures.js';

describe('ageFromDob (player-and-client §3 "User account")', () => {
  it('counts whole years up to the birthday', () => {
    expect(ageFromDob('2000-06-15', now)).to.equal(26);
  });

  it('does not count the year before the birthday', () => {
    expect(ageFromDob('2000-06-16', now)).to.equal(25);
  });

  it('accepts an ISO date-time dob', () => {
    expect(ageFromDob('1990-01-01T00:00:00Z', now)).to.equal(36);
  });

  it('is never negative for a dob in the future', () => {
    expect(ageFromDob('2030-01-01', now)).to.equal(0);
  });

  for (const bad of [null, undefined, '', '   ', 'not a date', '1990-13-01', '1990-02-30', 19900101, {}]) {
    it(`gives null for the invalid dob ${JSON.stringify(bad)}`, () => {
      expect(ageFromDob(bad, now)).to.equal(null);
    });
  }

  it('gives null for a non-finite now', () => {
    expect(ageFromDob('2000-01-01', Number.NaN)).to.equal(null);
  });
});
