import { expect } from '@open-wc/testing';
import {
  nextWatchableEpisode,
  showEpisodes,
  type AvailabilityInput,
  type SeasonInput,
} from '../../../../src-element/core/client/domain/index.js';
import { daysAgo, daysAhead, now } from './fixtures.js';

const ep = (s: number, e: number) => `/tv/hl/season/${s}/episode/${e}`;
const season = (s: number, episodes: number[]): SeasonInput => ({
  slug: `/tv/hl/season/${s}`,
  season_num: s,
  episodes: episodes.map((e) => ({ slug: ep(s, e), episode_number: e })),
});
const present = (slug: string): AvailabilityInput => ({ slug, from: daysAgo(10), to: null, tvod: 'available' });

describe('episodes (player-and-client §9 "next watchable episode", §5)', () => {
  it('orders episodes by season then episode number across seasons', () => {
    const order = showEpisodes([season(2, [2, 1]), season(1, [10, 2])], 'hl').map((e) => e.slug);
    expect(order).to.deep.equal([ep(1, 2), ep(1, 10), ep(2, 1), ep(2, 2)]);
  });

  it('skips other shows and bad entries', () => {
    const seasons = [season(1, [1]), { slug: '/tv/other/season/1', episodes: [{ slug: '/tv/other/season/1/episode/1' }] }, null, { slug: 'x' }, { slug: '/tv/hl/season/3', episodes: [null, { slug: 'bad' }] }];
    expect(showEpisodes(seasons, 'hl').map((e) => e.slug)).to.deep.equal([ep(1, 1)]);
  });

  it('gives the next episode that can be watched now', () => {
    expect(nextWatchableEpisode(ep(1, 1), [season(1, [1, 2])], [present(ep(1, 2))], now)).to.equal(ep(1, 2));
  });

  it('skips a coming-soon and an expired episode', () => {
    const availabilities = [
      { ...present(ep(1, 2)), from: daysAhead(1) },
      { ...present(ep(1, 3)), to: daysAgo(1) },
      present(ep(1, 4)),
    ];
    expect(nextWatchableEpisode(ep(1, 1), [season(1, [1, 2, 3, 4])], availabilities, now)).to.equal(ep(1, 4));
  });

  it('skips an episode without an availability', () => {
    expect(nextWatchableEpisode(ep(1, 1), [season(1, [1, 2, 3])], [present(ep(1, 3))], now)).to.equal(ep(1, 3));
  });

  it('continues into the next season', () => {
    expect(nextWatchableEpisode(ep(1, 2), [season(1, [1, 2]), season(2, [1])], [present(ep(2, 1))], now)).to.equal(ep(2, 1));
  });

  it('gives null after the last episode or when nothing is watchable', () => {
    expect(nextWatchableEpisode(ep(1, 2), [season(1, [1, 2])], [present(ep(1, 1))], now)).to.equal(null);
    expect(nextWatchableEpisode(ep(1, 1), [season(1, [1, 2])], [], now)).to.equal(null);
  });

  it('gives null for a slug that is not an episode', () => {
    expect(nextWatchableEpisode('/film/a', [season(1, [1])], [present(ep(1, 1))], now)).to.equal(null);
    expect(nextWatchableEpisode('garbage', [season(1, [1])], [present(ep(1, 1))], now)).to.equal(null);
  });

  it('places an episode missing from the metadata by its slug', () => {
    expect(nextWatchableEpisode(ep(1, 2), [season(1, [1, 3])], [present(ep(1, 1)), present(ep(1, 3))], now)).to.equal(ep(1, 3));
  });
});
