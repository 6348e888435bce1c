import { expect } from '@open-wc/testing';
import { isS72Error } from '../../../../src-element/core/errors.js';
import {
  isReleaseDate,
  parseReleaseDate,
  requireReleaseDate,
} from '../../../../src-element/core/client/domain/index.js';

describe('release_date (player-and-client §5 "exact ISO timestamp string")', () => {
  const accepted: Array<[string, number]> = [
    ['2024-05-01T00:00:00Z', Date.UTC(2024, 4, 1)],
    ['2024-05-01T00:00:00.000Z', Date.UTC(2024, 4, 1)],
    ['2024-05-01T10:20:30.5Z', Date.UTC(2024, 4, 1, 10, 20, 30, 500)],
    ['2024-05-01T10:20:30.123456Z', Date.UTC(2024, 4, 1, 10, 20, 30, 123)],
    ['2024-05-01T02:00:00+02:00', Date.UTC(2024, 4, 1)],
    ['2024-04-30T19:00:00-05:00', Date.UTC(2024, 4, 1)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
  ];
  for (const [value, ms] of accepted) {
    it(`accepts ${value}`, () => {
      expect(parseReleaseDate(value)).to.equal(ms);
      expect(isReleaseDate(value)).to.equal(true);
    });
  }

  const rejected: unknown[] = [
    '2024-05-01',
    'May 1 2024',
    '2024-05-01T00:00Z',
    '2024-05-01T00:00:00',
    '2024-05-01 00:00:00Z',
    '2024-05-01t00:00:00z',
    '2024-05-01T00:00:00+0200',
    ' 2024-05-01T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-05-01T24:00:00Z',
    '2024-05-01T23:60:00Z',
    '2024-05-01T23:59:60Z',
    '2024-05-01T00:00:00+24:00',
    '',
    1714521600000,
    new Date(Date.UTC(2024, 4, 1)),
    null,
    undefined,
  ];
  for (const value of rejected) {
    it(`rejects ${value instanceof Date ? 'a Date' : JSON.stringify(value)}`, () => {
      expect(parseReleaseDate(value)).to.equal(null);
      expect(isReleaseDate(value)).to.equal(false);
    });
  }

  it('requireReleaseDate returns epoch ms for a valid value', () => {
    expect(requireReleaseDate('2024-05-01T00:00:00Z')).to.equal(Date.UTC(2024, 4, 1));
  });

  it('requireReleaseDate throws a client malformed_response S72Error for an invalid value', () => {
    let error: unknown;
    try {
      requireReleaseDate('2024-05-01');
    } catch (e) {
      error = e;
    }
    expect(isS72Error(error)).to.equal(true);
    expect(error).to.include({ code: 'malformed_response', category: 'client' });
  });
});
