/**
 * The content-data client over real HTTP against the demo storefront (window.S72_DEMO_ORIGIN).
 */
import { expect } from '@open-wc/testing';
import { createContentClient, AVAILABILITY_BATCH_SIZE, chunk, type FetchLike } from '../../../src-element/core/client/index.js';
import { ADULT_TOKEN, demoControl, demoOrigin, rejection, resetDemo } from '../../helpers/demo.js';


interface Recorded {
  requests: Array<{ method: string; path: string; query: Record<string, unknown>; headers: Record<string, unknown> }>;
}

describe('content-data client against the demo storefront', function () {
  this.timeout(20_000);
  beforeEach(() => resetDemo());

  const client = () => createContentClient({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN });

  it('getFilm returns the film, also for a bonus slug', async () => {
    const film = await client().getFilm('/film/night-harbour');
    expect(film).to.include({ slug: '/film/night-harbour', title: 'Night Harbour' });
    expect(film.bonuses!.map((b) => b.number)).to.include(1);
    const viaBonus = await client().getFilm('/film/night-harbour/bonus/1');
    expect(viaBonus.slug).to.equal('/film/night-harbour');
  });

  it('getFilm rejects an unknown film with film_not_found "Film not found"', async () => {
    const error = await rejection(client().getFilm('/film/does-not-exist'));
    expect(error).to.include({ code: 'film_not_found', message: 'Film not found' });
  });

  it('getFilm rejects a non-film slug with unsupported_slug before any request', async () => {
    const error = await rejection(client().getFilm('/tv/harbour-lights/season/1'));
    expect(error.code).to.equal('unsupported_slug');
  });

  it('getSeason returns the season of an episode slug, and season_not_found for an unknown one', async () => {
    const season = await client().getSeason('/tv/harbour-lights/season/1/episode/1');
    expect(season.slug).to.equal('/tv/harbour-lights/season/1');
    expect(season.episodes!.map((e) => e.episode_number)).to.deep.equal([1, 2]);
    const error = await rejection(client().getSeason('/tv/harbour-lights/season/99'));
    expect(error).to.include({ code: 'season_not_found', message: 'TV season not found' });
  });

  it('getAvailabilities sends at most 100 slugs per request and merges the answers', async () => {
    const urls: string[] = [];
    const fetch: FetchLike = (url, init) => {
      urls.push(url);
      return globalThis.fetch(url, init);
    };
    const slugs = ['/film/night-harbour', ...Array.from({ length: 149 }, (_, i) => `/film/filler-${i}`), '/film/clear-skies'];
    const result = await createContentClient({ baseUrl: demoOrigin(), fetch }).getAvailabilities(slugs);
    expect(urls).to.have.length(2);
    for (const url of urls) {
      const items = new URL(url).searchParams.get('items')!.split(',');
      expect(items.length).to.be.at.most(AVAILABILITY_BATCH_SIZE);
    }
    expect(result.map((a) => a.slug)).to.include.members(['/film/night-harbour', '/film/clear-skies']);
    expect(chunk([1, 2, 3, 4, 5], 2)).to.deep.equal([[1, 2], [3, 4], [5]]);
  });

  it('getConfiguration merges the meta and content configuration', async () => {
    const config = await client().getConfiguration();
    expect(config).to.have.property('season_name');
    expect(config).to.have.property('heartbeat_frequency');
  });

  it('getStreams POSTs with the auth token and returns the streams and play token', async () => {
    const answer = await client().getStreams('/film/night-harbour');
    expect(answer.streams.length).to.be.greaterThan(0);
    expect(answer.streams[0]).to.have.property('encoding_type');
    expect(answer.play_token).to.be.a('string');
    const recorded = await demoControl<Recorded>('requests?path=/services/playback/streams*');
    const last = recorded.requests.at(-1)!;
    expect(last.method).to.equal('POST');
    expect(last.path).to.equal('/services/playback/streams/film/night-harbour');
    expect(last.headers['x-auth-token']).to.equal(ADULT_TOKEN);
  });

  it('getStreams prefers the play token header', async () => {
    const { play_token } = await client().getStreams('/film/night-harbour');
    await client().withTokens({ authToken: ADULT_TOKEN, playToken: play_token! }).getStreams('/film/night-harbour');
    const recorded = await demoControl<Recorded>('requests?path=/services/playback/streams*');
    const last = recorded.requests.at(-1)!;
    expect(last.headers['x-play-token']).to.equal(play_token);
    expect(last.headers).not.to.have.property('x-auth-token');
  });

  it('getStreams keeps the server code of a 403 (no_user_plan) and maps 401 to unauthorized', async () => {
    const denied = await rejection(client().getStreams('/film/members-only'));
    expect(denied).to.include({ code: 'no_user_plan', httpStatus: 403 });
    expect(denied.requestId).to.be.a('string');
    const anonymous = await rejection(createContentClient({ baseUrl: demoOrigin() }).getStreams('/film/night-harbour'));
    expect(anonymous).to.include({ code: 'unauthorized', httpStatus: 401 });
  });

  it('maps an injected 504 to server_busy and a broken body to malformed_response', async () => {
    await demoControl('fault', { path: '/services/playback/streams/film/clear-skies', status: 504, times: 1 });
    expect((await rejection(client().getStreams('/film/clear-skies'))).code).to.equal('server_busy');
    await demoControl('fault', {
      path: '/services/playback/streams/film/clear-skies',
      status: 200,
      body: { streams: 'nope' },
      times: 1,
    });
    expect((await rejection(client().getStreams('/film/clear-skies'))).code).to.equal('malformed_response');
  });

  it('getUser returns the account, and not_authorized without a valid token', async () => {
    const account = await client().getUser();
    expect(account.user_id).to.equal('1001');
    const error = await rejection(createContentClient({ baseUrl: demoOrigin(), authToken: 'nope' }).getUser());
    expect(error.code).to.equal('not_authorized');
  });
});
