import { expect } from '@open-wc/testing';
import {
  findLibraryEntry,
  groupLibrary,
  toLibraryEntry,
  type LibraryEntry,
} from '../../../../src-element/core/client/domain/index.js';
import { DAY, daysAgo, daysAhead, now } from './fixtures.js';

const S1 = '/tv/harbour-lights/season/1';
const ep = (n: number, season = 1) => `/tv/harbour-lights/season/${season}/episode/${n}`;

describe('library (player-and-client §3 "Library item")', () => {
  describe('toLibraryEntry', () => {
    it('normalises slug, ownership and dates (epoch ms)', () => {
      const entry = toLibraryEntry({
        item: '/film/night-harbour/',
        info: { available_from: daysAgo(1), expiry: daysAhead(2), quality: 'hd', rental_playback_duration_minutes: 48 },
      });
      expect(entry).to.include({
        slug: '/film/night-harbour',
        type: 'film',
        ownership: 'rent',
        availableFrom: now - DAY,
        expiry: now + 2 * DAY,
        quality: 'hd',
        rentalPlaybackDurationMinutes: 48,
        planId: null,
        synthetic: false,
      });
    });

    it('keeps plan_id as a string', () => {
      expect(toLibraryEntry({ item: '/film/a', info: { plan_id: 12 } })?.planId).to.equal('12');
    });

    it('reads missing info as bought with open bounds', () => {
      expect(toLibraryEntry({ item: '/film/a' })).to.include({ ownership: 'buy', availableFrom: null, expiry: null });
    });

    for (const bad of [
      null,
      {},
      { item: 42 },
      { item: '/movie/x' },
      { item: '/film/a', info: { expiry: 'tomorrow' } },
      { item: '/film/a', info: { available_from: '2026-02-30T00:00:00Z' } },
    ]) {
      it(`excludes ${JSON.stringify(bad)}`, () => {
        expect(toLibraryEntry(bad as never)).to.equal(null);
      });
    }
  });

  describe('groupLibrary', () => {
    it('adds one synthetic season entry per season and ownership, with earliest start and latest expiry', () => {
      const library = groupLibrary([
        { item: ep(1), info: { available_from: daysAgo(10), expiry: daysAhead(1) } },
        { item: ep(2), info: { available_from: daysAgo(3), expiry: daysAhead(5) } },
        { item: '/film/night-harbour' },
      ]);
      const synthetic = library.filter((e) => e.synthetic);
      expect(synthetic).to.have.length(1);
      expect(synthetic[0]).to.deep.include({
        slug: S1,
        type: 'tv-season',
        ownership: 'rent',
        availableFrom: now - 10 * DAY,
        expiry: now + 5 * DAY,
        children: [ep(1), ep(2)],
      });
      expect(library.filter((e) => !e.synthetic).map((e) => e.slug)).to.deep.equal([ep(1), ep(2), '/film/night-harbour']);
    });

    it('groups per ownership: bought and rented episodes of one season give two entries', () => {
      const library = groupLibrary([
        { item: ep(1) },
        { item: ep(2), info: { expiry: daysAhead(2) } },
      ]);
      const synthetic = library.filter((e) => e.synthetic).map((e) => [e.slug, e.ownership, e.children]);
      expect(synthetic).to.deep.equal([
        [S1, 'buy', [ep(1)]],
        [S1, 'rent', [ep(2)]],
      ]);
    });

    it('groups per parent: episodes of two seasons give two entries', () => {
      const library = groupLibrary([{ item: ep(1, 1) }, { item: ep(1, 2) }]);
      expect(library.filter((e) => e.synthetic).map((e) => e.slug)).to.deep.equal([S1, '/tv/harbour-lights/season/2']);
    });

    it('an open bound of any child wins (null start, null expiry)', () => {
      const library = groupLibrary([
        { item: ep(1), info: { plan_id: 'p', available_from: null, expiry: daysAhead(1) } },
        { item: ep(2), info: { plan_id: 'p', available_from: daysAgo(1), expiry: null } },
      ]);
      const synthetic = library.find((e) => e.synthetic)!;
      expect(synthetic).to.include({ ownership: 'plan', availableFrom: null, expiry: null, planId: 'p' });
    });

    it('adds no synthetic entry when the season itself is in the library with the same ownership', () => {
      const library = groupLibrary([{ item: S1 }, { item: ep(1) }]);
      expect(library.filter((e) => e.synthetic)).to.have.length(0);
    });

    it('does not group films, bonuses or seasons', () => {
      const library = groupLibrary([
        { item: '/film/a' },
        { item: '/film/a/bonus/1' },
        { item: '/tv/harbour-lights/season/1/bonus/1' },
      ]);
      expect(library.filter((e) => e.synthetic)).to.have.length(0);
    });

    it('drops bad items without throwing', () => {
      const library = groupLibrary([null, undefined, { item: 'nope' }, { item: ep(1), info: { expiry: 'x' } }, { item: ep(2) }]);
      expect(library.map((e) => e.slug)).to.deep.equal([ep(2), S1]);
    });

    it('gives [] for a missing list', () => {
      expect(groupLibrary(undefined)).to.deep.equal([]);
    });
  });

  describe('findLibraryEntry', () => {
    const library: LibraryEntry[] = groupLibrary([
      { item: '/film/a' },
      { item: ep(1) },
      { item: '/film/old', info: { expiry: daysAgo(1) } },
    ]);

    it('finds the entry of the slug itself', () => {
      expect(findLibraryEntry(library, '/film/a', now)?.slug).to.equal('/film/a');
    });
    it('covers a film bonus by its film', () => {
      expect(findLibraryEntry(library, '/film/a/bonus/2', now)?.slug).to.equal('/film/a');
    });
    it('covers a season bonus by the synthetic season', () => {
      expect(findLibraryEntry(library, '/tv/harbour-lights/season/1/bonus/1', now)?.slug).to.equal(S1);
    });
    it('does not cover another episode by a synthetic season', () => {
      expect(findLibraryEntry(library, ep(2), now)).to.equal(undefined);
    });
    it('covers an episode by a real season entry', () => {
      expect(findLibraryEntry(groupLibrary([{ item: S1 }]), ep(2), now)?.slug).to.equal(S1);
    });
    it('ignores an expired entry', () => {
      expect(findLibraryEntry(library, '/film/old', now)).to.equal(undefined);
    });
    it('gives undefined for an unknown slug shape', () => {
      expect(findLibraryEntry(library, 'garbage', now)).to.equal(undefined);
    });
  });
});
