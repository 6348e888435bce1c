/**
 * The player view's content metadata (player-and-client §3 "Content metadata (player view)"), built
 * by the client from the demo storefront's film and season answers and its configuration.
 */
import { expect } from '@open-wc/testing';
import { buildContentMetadata, createContentClient } from '../../../src-element/core/client/index.js';
import { ADULT_TOKEN, demoOrigin, rejection, resetDemo } from '../../helpers/demo.js';

describe('content metadata (player view) against the demo storefront', function () {
  this.timeout(20_000);
  beforeEach(() => resetDemo());

  const client = () => createContentClient({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN });
  const poster = () => `${demoOrigin()}/media/feature/poster.jpg`;

  it('a film: its fields, bonuses, recommendations; no episodes or seasons', async () => {
    const m = await client().getContentMetadata('/film/night-harbour');
    expect(m).to.deep.equal({
      type: 'film',
      slug: '/film/night-harbour',
      title: 'Night Harbour',
      shortDescription: 'The tide keeps every secret.',
      images: { landscape: poster(), portrait: poster(), background: poster() },
      bonuses: [{ slug: '/film/night-harbour/bonus/1' }],
      episodes: [],
      availableSeasons: [],
      recommendations: ['/film/clear-skies', '/tv/harbour-lights/season/1', '/film/resume-me'],
    });
  });

  it('a film bonus: the bonus title and description, the film\'s bonuses and recommendations', async () => {
    const m = await client().getContentMetadata('/film/night-harbour/bonus/1');
    expect(m).to.include({ type: 'film-bonus', slug: '/film/night-harbour/bonus/1', title: 'Making the Harbour', shortDescription: 'Behind the scenes of Night Harbour.' });
    expect(m.bonuses).to.deep.equal([{ slug: '/film/night-harbour/bonus/1' }]);
  });

  it('an episode: its title and synopsis, the season\'s episodes, season title, available seasons, bonuses', async () => {
    const m = await client().getContentMetadata('/tv/harbour-lights/season/1/episode/1');
    expect(m).to.deep.equal({
      type: 'tv-episode',
      slug: '/tv/harbour-lights/season/1/episode/1',
      title: 'The Lamp Room',
      shortDescription: 'The new keeper finds the lamp already lit.',
      images: { landscape: poster(), portrait: poster(), background: poster() },
      bonuses: [{ slug: '/tv/harbour-lights/season/1/bonus/1' }],
      episodes: [
        { slug: '/tv/harbour-lights/season/1/episode/1', episodeTitle: 'The Lamp Room', synopsis: 'The new keeper finds the lamp already lit.' },
        { slug: '/tv/harbour-lights/season/1/episode/2', episodeTitle: 'Fog Signal', synopsis: 'Coming soon.' },
      ],
      seasonTitle: 'Season 1',
      availableSeasons: ['/tv/harbour-lights/season/1'],
      recommendations: ['/film/night-harbour'],
    });
  });

  it('a season: the show title and tagline; a season bonus: its description', async () => {
    const season = await client().getContentMetadata('/tv/harbour-lights/season/1');
    expect(season).to.include({ type: 'tv-season', title: 'Harbour Lights', shortDescription: 'Every light tells a story.', seasonTitle: 'Season 1' });
    const bonus = await client().getContentMetadata('/tv/harbour-lights/season/1/bonus/1');
    expect(bonus).to.include({ type: 'tv-season-bonus', title: 'Lighting the Lights', shortDescription: 'How the lighthouse scenes were shot.' });
  });

  it('relative images are under image_root_path; season_name names the season; a missing episode is media_not_found', async () => {
    const season = await client().getSeason('/tv/harbour-lights/season/1');
    const relative = { ...season, episodes: season.episodes!.map((e) => ({ ...e, image_urls: { landscape: 'ep/1.jpg' } })) };
    const m = buildContentMetadata('/tv/harbour-lights/season/1/episode/1', { kind: 'season', season: relative }, {
      image_root_path: 'https://img.example/root/',
      season_name: 'Series',
    });
    expect(m.images.landscape).to.equal('https://img.example/root/ep/1.jpg');
    expect(m.images.background).to.equal(poster(), 'the season image fills in what the episode lacks');
    expect(m.seasonTitle).to.equal('Series 1');
    const error = await rejection(client().getContentMetadata('/tv/harbour-lights/season/1/episode/9'));
    expect(error.code).to.equal('media_not_found');
  });
});
