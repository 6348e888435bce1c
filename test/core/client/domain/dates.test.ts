import { expect } from '@open-wc/testing';
import { readRequiredDate, readWireDate } from '../../../../src-element/core/client/domain/index.js';

describe('readWireDate (DESIGN.md "Units": ISO on the wire, epoch ms in code)', () => {
  it('reads an ISO date-time with Z', () => {
    expect(readWireDate('2026-06-15T12:00:00Z')).to.equal(Date.UTC(2026, 5, 15, 12));
  });
  it('reads an ISO date-time with an offset', () => {
    expect(readWireDate('2026-06-15T14:00:00.000+02:00')).to.equal(Date.UTC(2026, 5, 15, 12));
  });
  it('reads an ISO date as UTC midnight', () => {
    expect(readWireDate('2026-06-15')).to.equal(Date.UTC(2026, 5, 15));
  });
  it('reads absent values as null (open bound)', () => {
    expect(readWireDate(null)).to.equal(null);
    expect(readWireDate(undefined)).to.equal(null);
    expect(readWireDate('')).to.equal(null);
  });
  for (const bad of ['tomorrow', 'June 15 2026', '2026-02-30', '2026-13-01T00:00:00Z', 1781524800000, {}]) {
    it(`reads ${JSON.stringify(bad)} as invalid`, () => {
      expect(readWireDate(bad)).to.equal('invalid');
    });
  }
  it('readRequiredDate gives null for absent or invalid', () => {
    expect(readRequiredDate(null)).to.equal(null);
    expect(readRequiredDate('nope')).to.equal(null);
    expect(readRequiredDate('2026-06-15T12:00:00Z')).to.equal(Date.UTC(2026, 5, 15, 12));
  });
});
