import { expect } from '@open-wc/testing';
import {
  buildContinueWatching,
  continueWatchingLimits,
  CONTINUE_WATCHING_MAX_AGE_DAYS,
  CONTINUE_WATCHING_MAX_ITEMS,
  FILM_MIN_LENGTH_S,
  SHOW_DROP_AFTER_DAYS,
  type AvailabilityInput,
  type PlaybackProgressInput,
  type SeasonInput,
} from '../../../../src-element/core/client/domain/index.js';
import { DAY, HOUR, daysAgo, daysAhead, now } from './fixtures.js';

/** A film watched halfway, `ago` days before now (length 3600 s). */
const film = (slug: string, ago: number, extra: Partial<PlaybackProgressInput> = {}): PlaybackProgressInput => ({
  item: slug,
  last_played_at: daysAgo(ago),
  play_position: 1800,
  length: 3600,
  completed: false,
  ...extra,
});
const ep = (s: number, e: number, show = 'hl') => `/tv/${show}/season/${s}/episode/${e}`;
const watched = (slug: string, ago: number, completed: boolean): PlaybackProgressInput => ({
  item: slug,
  last_played_at: daysAgo(ago),
  play_position: completed ? 1500 : 300,
  length: 1600,
  completed,
});
const season = (s: number, episodes: number[], show = 'hl'): SeasonInput => ({
  slug: `/tv/${show}/season/${s}`,
  season_num: s,
  episodes: episodes.map((e) => ({ slug: ep(s, e, show), episode_number: e })),
});
const present = (slug: string): AvailabilityInput => ({ slug, from: daysAgo(30), to: null, tvod: 'available' });
const slugs = (list: { slug: string }[]) => list.map((e) => e.slug);

describe('continue watching (player-and-client §9)', () => {
  it('exports the §9 constants', () => {
    expect([CONTINUE_WATCHING_MAX_AGE_DAYS, CONTINUE_WATCHING_MAX_ITEMS, FILM_MIN_LENGTH_S, SHOW_DROP_AFTER_DAYS]).to.deep.equal([90, 12, 120, 7]);
  });

  describe('max age', () => {
    it('keeps items watched up to 90 days ago and drops older ones by default', () => {
      const list = buildContinueWatching({
        progress: [film('/film/recent', 89), film('/film/edge', 90), film('/film/old', 90.01)],
        now,
      });
      expect(slugs(list)).to.deep.equal(['/film/recent', '/film/edge']);
    });

    it('follows config continue_watching_max_age (days)', () => {
      const progress = [film('/film/a', 29), film('/film/b', 31)];
      expect(slugs(buildContinueWatching({ progress, config: { continue_watching_max_age: 30 }, now }))).to.deep.equal(['/film/a']);
      expect(slugs(buildContinueWatching({ progress, config: { continue_watching_max_age: '30' }, now }))).to.deep.equal(['/film/a']);
    });

    it('drops a TV show whose latest episode is older than the max age', () => {
      const list = buildContinueWatching({ progress: [watched(ep(1, 1), 95, false)], seasons: [season(1, [1, 2])], now });
      expect(list).to.deep.equal([]);
    });
  });

  describe('max items', () => {
    const many = Array.from({ length: 15 }, (_, i) => film(`/film/f${i}`, i + 1));

    it('keeps at most 12 items by default, the most recent ones', () => {
      const list = buildContinueWatching({ progress: many, now });
      expect(list).to.have.length(12);
      expect(list[11]!.slug).to.equal('/film/f11');
    });

    it('follows config continue_watching_max_items', () => {
      expect(slugs(buildContinueWatching({ progress: many, config: { continue_watching_max_items: 5 }, now }))).to.deep.equal(
        ['/film/f0', '/film/f1', '/film/f2', '/film/f3', '/film/f4'],
      );
      expect(buildContinueWatching({ progress: many, config: { continue_watching_max_items: '2' }, now })).to.have.length(2);
    });

    it('falls back to the defaults for bad config values', () => {
      expect(continueWatchingLimits({ continue_watching_max_age: 'soon', continue_watching_max_items: -1 })).to.deep.equal({
        maxAgeDays: 90,
        maxItems: 12,
      });
      expect(continueWatchingLimits({ continue_watching_max_age: 0, continue_watching_max_items: null })).to.deep.equal({
        maxAgeDays: 90,
        maxItems: 12,
      });
      expect(continueWatchingLimits(null)).to.deep.equal({ maxAgeDays: 90, maxItems: 12 });
    });
  });

  describe('films', () => {
    it('excludes a film completed by flag', () => {
      const list = buildContinueWatching({ progress: [film('/film/done', 1, { completed: true }), film('/film/a', 2)], now });
      expect(slugs(list)).to.deep.equal(['/film/a']);
    });

    it('excludes a film completed by position (> 0.8 of its length)', () => {
      const list = buildContinueWatching({ progress: [film('/film/done', 1, { play_position: 3000 }), film('/film/a', 2)], now });
      expect(slugs(list)).to.deep.equal(['/film/a']);
    });

    it('excludes a film of 120 s or less, keeps one longer than 120 s', () => {
      const list = buildContinueWatching({
        progress: [
          film('/film/short', 1, { length: 120, play_position: 10 }),
          film('/film/long-enough', 2, { length: 121, play_position: 10 }),
        ],
        now,
      });
      expect(slugs(list)).to.deep.equal(['/film/long-enough']);
    });

    it('excludes a film of unknown length', () => {
      expect(buildContinueWatching({ progress: [film('/film/a', 1, { length: null })], now })).to.deep.equal([]);
    });

    it('gives a film entry with its resume position', () => {
      expect(buildContinueWatching({ progress: [film('/film/a', 1)], now })).to.deep.equal([
        {
          slug: '/film/a',
          kind: 'film',
          showSlug: null,
          lastWatchedAt: now - DAY,
          watchedSlug: '/film/a',
          isNextEpisode: false,
          position: 1800,
          duration: 3600,
        },
      ]);
    });
  });

  describe('TV shows', () => {
    const seasons = [season(1, [1, 2, 3])];
    const allPresent = [present(ep(1, 1)), present(ep(1, 2)), present(ep(1, 3))];

    it('drops a show whose episodes are all completed and last watched over 7 days ago', () => {
      const progress = [watched(ep(1, 1), 20, true), watched(ep(1, 2), 15, true), watched(ep(1, 3), 8, true)];
      expect(buildContinueWatching({ progress, seasons, availabilities: allPresent, now })).to.deep.equal([]);
    });

    it('keeps a show whose episodes are all completed but last watched 7 days ago or less', () => {
      const progress = [watched(ep(1, 1), 20, true), watched(ep(1, 2), 15, true), watched(ep(1, 3), 7, true)];
      const list = buildContinueWatching({ progress, seasons, availabilities: allPresent, now });
      expect(list).to.have.length(1);
      expect(list[0]).to.include({ slug: ep(1, 3), kind: 'episode', showSlug: '/tv/hl', isNextEpisode: false, position: 0 });
    });

    it('keeps a show over 7 days old when an episode of the season is not completed', () => {
      const progress = [watched(ep(1, 1), 20, true), watched(ep(1, 2), 15, true)];
      const list = buildContinueWatching({ progress, seasons, availabilities: allPresent, now });
      expect(slugs(list)).to.deep.equal([ep(1, 3)]);
    });

    it('after a completed episode, gives the next watchable episode, skipping a coming-soon one', () => {
      const availabilities = [present(ep(1, 1)), { ...present(ep(1, 2)), from: daysAhead(3) }, present(ep(1, 3))];
      const list = buildContinueWatching({ progress: [watched(ep(1, 1), 2, true)], seasons, availabilities, now });
      expect(list).to.deep.equal([
        {
          slug: ep(1, 3),
          kind: 'episode',
          showSlug: '/tv/hl',
          lastWatchedAt: now - 2 * DAY,
          watchedSlug: ep(1, 1),
          isNextEpisode: true,
          position: 0,
          duration: null,
        },
      ]);
    });

    it('keeps the completed episode when no next episode can be watched now', () => {
      const availabilities = [present(ep(1, 1)), { ...present(ep(1, 2)), from: daysAhead(3) }];
      const list = buildContinueWatching({ progress: [watched(ep(1, 1), 2, true)], seasons: [season(1, [1, 2])], availabilities, now });
      expect(list[0]).to.include({ slug: ep(1, 1), isNextEpisode: false });
    });

    it('gives an episode in progress itself, with its position', () => {
      const list = buildContinueWatching({ progress: [watched(ep(1, 2), 1, false)], seasons, availabilities: allPresent, now });
      expect(list[0]).to.include({ slug: ep(1, 2), isNextEpisode: false, position: 300, duration: 1600 });
    });

    it('gives one entry per show, from its most recently watched episode', () => {
      const progress = [watched(ep(1, 1), 5, false), watched(ep(1, 2), 1, false), watched(ep(1, 1, 'other'), 3, false)];
      const list = buildContinueWatching({ progress, seasons, availabilities: allPresent, now });
      expect(slugs(list)).to.deep.equal([ep(1, 2), ep(1, 1, 'other')]);
    });

    it('moves on into the next season', () => {
      const list = buildContinueWatching({
        progress: [watched(ep(1, 2), 1, true)],
        seasons: [season(1, [1, 2]), season(2, [1])],
        availabilities: [present(ep(2, 1))],
        now,
      });
      expect(slugs(list)).to.deep.equal([ep(2, 1)]);
    });
  });

  describe('ordering', () => {
    it('sorts most recently watched first, films and shows mixed; a next episode takes the completed episode time', () => {
      const progress = [
        film('/film/old', 10),
        watched(ep(1, 1), 1, true),
        film('/film/new', 0.5),
        watched(ep(1, 1, 'other'), 5, false),
        { ...film('/film/hour', 0), last_played_at: new Date(now - HOUR).toISOString() },
      ];
      const list = buildContinueWatching({
        progress,
        seasons: [season(1, [1, 2])],
        availabilities: [present(ep(1, 2))],
        now,
      });
      expect(slugs(list)).to.deep.equal(['/film/hour', '/film/new', ep(1, 2), ep(1, 1, 'other'), '/film/old']);
    });
  });

  describe('bad input', () => {
    it('excludes bad records and bonuses without throwing', () => {
      const progress = [
        null,
        undefined,
        { item: '/film/no-date', play_position: 10, length: 1000 },
        { item: '/film/bad-date', last_played_at: 'yesterday', play_position: 10, length: 1000 },
        { item: 'not-a-slug', last_played_at: daysAgo(1), play_position: 10, length: 1000 },
        { item: '/film/a', last_played_at: daysAgo(1) },
        film('/film/a/bonus/1', 1),
        film('/tv/hl/season/1/bonus/1', 1),
        film('/film/good', 1),
      ] as PlaybackProgressInput[];
      expect(slugs(buildContinueWatching({ progress, now }))).to.deep.equal(['/film/good']);
    });

    it('gives [] for a missing progress list or a bad now', () => {
      expect(buildContinueWatching({ progress: null, now })).to.deep.equal([]);
      expect(buildContinueWatching({ progress: [film('/film/a', 1)], now: Number.NaN })).to.deep.equal([]);
    });

    it('uses the most recent record when a slug is listed twice', () => {
      const progress = [film('/film/a', 1, { completed: true }), film('/film/a', 3)];
      expect(buildContinueWatching({ progress, now })).to.deep.equal([]);
    });

    it('treats an episode without season metadata or availabilities as having no next episode', () => {
      const list = buildContinueWatching({ progress: [watched(ep(1, 1), 2, true)], now });
      expect(list[0]).to.include({ slug: ep(1, 1), isNextEpisode: false });
    });
  });
});
