/**
 * Every call of the content-data client (player-and-client §7 table, configuration and toggle
 * reads) over real HTTP against the demo storefront (window.S72_DEMO_ORIGIN): paths, query, token
 * header, answer shapes and the §8 client errors.
 */
import { expect } from '@open-wc/testing';
import {
  CONFIGURATION_SERVICES,
  CONFIGURATION_SERVICE_PATHS,
  FEATURE_TOGGLE_SERVICES,
  FEATURE_TOGGLE_SERVICE_PATHS,
  createContentCache,
  createContentClient,
  getBundle,
  getConfigurations,
  getFeatureToggles,
  getLibrary,
  getPlaybackProgress,
  getUserPlans,
  isToggleOn,
  type ContentClient,
  type HttpOptions,
} from '../../../src-element/core/client/index.js';
import { ADULT_TOKEN, demoControl, demoOrigin, recordedRequests, rejection, resetDemo } from '../../helpers/demo.js';

const DAY_MS = 86_400_000;



/** Days between now and an ISO date (positive in the past). */
const daysAgo = (iso: string | null | undefined): number => (Date.now() - Date.parse(iso ?? '')) / DAY_MS;

describe('content-data client: every call of player-and-client §7', function () {
  this.timeout(20_000);
  beforeEach(() => resetDemo());

  // Retries at once, so a failing test fails fast.
  /** A client for `authToken` (`null`: no token). */
  const client = (authToken: string | null = ADULT_TOKEN): ContentClient =>
    createContentClient({
      baseUrl: demoOrigin(),
      authToken: authToken ?? undefined,
      cache: createContentCache({ retryDelayMs: 0 }),
    });
  const http = (): HttpOptions => ({ baseUrl: demoOrigin(), fetch: (u, i) => fetch(u, i), authToken: ADULT_TOKEN });

  describe('user detail', () => {
    it('GET /services/users/detail/users with x-auth-token; reads the account field', async () => {
      const account = await client().getUser();
      expect(account).to.deep.equal({ user_id: '1001', dob: '1985-04-12', email: 'adult@example.com' });
      const [request] = await recordedRequests('/services/users/detail/users');
      expect(request!.method).to.equal('GET');
      expect(request!.headers['x-auth-token']).to.equal(ADULT_TOKEN);
    });

    for (const [label, token] of [
      ['an unknown token', 'not-a-real-token'],
      ['no token', null],
    ] as const) {
      it(`rejects ${label} with not_authorized "Provided credentials were invalid", without retrying`, async () => {
        const error = await rejection(client(token).getUser());
        expect(error).to.include({ code: 'not_authorized', message: 'Provided credentials were invalid', httpStatus: 401 });
        expect(error.requestId).to.be.a('string');
        expect(await recordedRequests('/services/users/detail/users')).to.have.length(1);
      });
    }
  });

  describe('user library', () => {
    it('GET /services/content/v4/user_library/{userId}/index?sort_by=relevance for the viewer’s own id', async () => {
      const items = await client().getLibrary();
      const [request] = await recordedRequests('/services/content/v4/user_library/*');
      expect(request!.path).to.equal('/services/content/v4/user_library/1001/index');
      expect(request!.query).to.deep.equal({ sort_by: 'relevance' });
      expect(items[0]!.item).to.equal('/film/finished-story', 'relevance order: most recently played first');
      const rental = items.find((i) => i.item === '/film/long-weekend')!;
      expect(rental.info.rental_playback_duration_minutes).to.equal(120);
      expect(rental.info.expiry).to.be.a('string');
      expect(rental.info.playback_start).to.equal(null);
      const resume = items.find((i) => i.item === '/film/resume-me')!;
      expect(resume.playback_progress).to.include({ play_position: 600, length: 3600, completed: false });
    });

    it('fails with not_authorized when the user cannot be fetched, before asking for the library', async () => {
      const error = await rejection(client('bad-token').getLibrary());
      expect(error.code).to.equal('not_authorized');
      expect(await recordedRequests('/services/content/v4/user_library/*')).to.have.length(0);
    });

    it('the standalone call maps a foreign user id (403) to access_denied', async () => {
      const error = await rejection(getLibrary(http(), '1003'));
      expect(error).to.include({ code: 'access_denied', httpStatus: 403 });
    });
  });

  describe('user plans', () => {
    it('GET /services/content/v1/user_plans: active and expired plans with their expiry', async () => {
      const plans = await client().getUserPlans();
      expect(plans.map((p) => p.plan_id)).to.deep.equal(['plan-basic', 'plan-archive']);
      expect(daysAgo(plans[1]!.expiry)).to.be.closeTo(5, 0.01);
      expect(daysAgo(plans[0]!.expiry)).to.be.closeTo(-365, 0.01);
      expect(await getUserPlans(http())).to.deep.equal(plans);
    });

    it('rejects without a token with unauthorized (401), not retried', async () => {
      const error = await rejection(client(null).getUserPlans());
      expect(error).to.include({ code: 'unauthorized', httpStatus: 401 });
      expect(await recordedRequests('/services/content/v1/user_plans')).to.have.length(1);
    });
  });

  describe('playback progress', () => {
    it('GET /services/content/v1/playback_progress/{userId}: the continue-watching fixtures', async () => {
      const progress = await client().getPlaybackProgress();
      const [request] = await recordedRequests('/services/content/v1/playback_progress/*');
      expect(request!.path).to.equal('/services/content/v1/playback_progress/1001');
      const by = new Map(progress.map((p) => [p.item, p]));
      expect(by.get('/film/midway-point')).to.include({ play_position: 1500, length: 5400, completed: false });
      expect(daysAgo(by.get('/film/midway-point')!.last_played_at)).to.be.closeTo(3, 0.01);
      expect(by.get('/film/finished-story')!.completed).to.equal(true);
      expect(daysAgo(by.get('/film/long-ago')!.last_played_at)).to.be.closeTo(100, 0.01);
      expect(by.get('/film/short-cut')!.length).to.be.below(120);
      expect(by.get('/tv/tide-tables/season/1/episode/1')!.completed).to.equal(true);
      expect(by.has('/tv/tide-tables/season/1/episode/2')).to.equal(false);
      for (const slug of ['/tv/old-lighthouse/season/1/episode/1', '/tv/old-lighthouse/season/1/episode/2']) {
        expect(by.get(slug)!.completed).to.equal(true);
        expect(daysAgo(by.get(slug)!.last_played_at)).to.be.above(7);
      }
      expect(await getPlaybackProgress(http(), '1001')).to.deep.equal(progress);
    });
  });

  describe('availabilities', () => {
    it('GET /services/content/v1/availabilities?items=…: the fields of §3', async () => {
      const [a] = await client().getAvailabilities(['/film/members-only']);
      expect(a).to.include({ slug: '/film/members-only', tvod: 'unavailable', requires_pin_code: false });
      expect(a!.plan_ids).to.deep.equal(['plan-premium']);
      const [request] = await recordedRequests('/services/content/v1/availabilities');
      expect(request!.query).to.deep.equal({ items: '/film/members-only' });
    });

    it('answers bundle slugs with the bundle’s tvod', async () => {
      const answer = await client().getAvailabilities(['/bundle/harbour-collection', '/bundle/geoblocked-pair', '/bundle/empty-shelf']);
      expect(answer.map((a) => a.tvod)).to.deep.equal(['available', 'geoblocked', 'unavailable']);
    });
  });

  describe('film and season metadata', () => {
    it('GET /services/meta/v2/film/{ids}/show_multiple, one or many films', async () => {
      const film = await client().getFilm('/film/night-harbour/bonus/1');
      expect(film.slug).to.equal('/film/night-harbour');
      const films = await client().getFilms(['/film/night-harbour', '/film/clear-skies', '/film/night-harbour/bonus/1', '/film/nope']);
      expect(films.map((f) => f.slug)).to.deep.equal(['/film/night-harbour', '/film/clear-skies']);
      const paths = (await recordedRequests('/services/meta/v2/film/*')).map((r) => r.path);
      expect(paths).to.deep.equal([
        '/services/meta/v2/film/night-harbour/show_multiple',
        '/services/meta/v2/film/night-harbour,clear-skies,nope/show_multiple',
      ]);
    });

    it('keeps classifications (minimum_age, years) and recommendations of a film', async () => {
      const film = await client().getFilm('/film/hard-edge');
      expect(film.classifications?.map((c) => c.minimum_age)).to.include(18);
    });

    it('keeps the scalar fields of an error body (e.g. ms_from) as data.details, never tokens', async () => {
      const error = await rejection(client().getStreams('/film/first-light'));
      expect(error.code).to.equal('unavailable');
      const details = (error.data as { details?: Record<string, unknown> }).details!;
      expect(details['ms_from']).to.be.a('number').and.greaterThan(0);
      expect(Object.keys(details).some((key) => /token/i.test(key))).to.equal(false);
    });

    it('rejects an unknown film with film_not_found "Film not found"', async () => {
      const error = await rejection(client().getFilm('/film/does-not-exist'));
      expect(error).to.include({ code: 'film_not_found', message: 'Film not found', category: 'client' });
    });

    it('GET /services/meta/v2/tv/season/show_multiple?items=…, one or many seasons', async () => {
      const season = await client().getSeason('/tv/tide-tables/season/1/bonus/1');
      expect(season.episodes!.map((e) => e.episode_number)).to.deep.equal([1, 2, 3]);
      const seasons = await client().getSeasons(['/tv/harbour-lights/season/1/episode/2', '/tv/old-lighthouse/season/1']);
      expect(seasons.map((s) => s.slug)).to.deep.equal(['/tv/harbour-lights/season/1', '/tv/old-lighthouse/season/1']);
      const queries = (await recordedRequests('/services/meta/v2/tv/season/show_multiple')).map((r) => r.query['items']);
      expect(queries).to.deep.equal(['/tv/tide-tables/season/1', '/tv/harbour-lights/season/1,/tv/old-lighthouse/season/1']);
    });

    it('rejects an unknown season with season_not_found "TV season not found"', async () => {
      const error = await rejection(client().getSeason('/tv/harbour-lights/season/9/episode/1'));
      expect(error).to.include({ code: 'season_not_found', message: 'TV season not found' });
    });

    it('rejects a slug of the wrong type with unsupported_slug naming the allowed types, without a request', async () => {
      const error = await rejection(client().getSeason('/film/night-harbour'));
      expect(error.code).to.equal('unsupported_slug');
      expect(error.message).to.contain('tv-season');
      const invalid = await rejection(client().getFilms(['/film/ok', 'nonsense']));
      expect(invalid).to.include({ code: 'unsupported_slug', message: 'Invalid slug' });
      expect(await recordedRequests('/services/meta/*')).to.have.length(0);
    });
  });

  describe('bundles', () => {
    it('GET /services/meta/v1/bundles/{bundleId}, by id or /bundle/ slug', async () => {
      const bundle = await client().getBundle('/bundle/harbour-collection');
      expect(bundle).to.include({ id: 'harbour-collection', title: 'The Harbour Collection' });
      expect(bundle.items).to.deep.equal(['/film/night-harbour', '/tv/harbour-lights/season/1']);
      expect(bundle.portrait_image).to.match(/^http/);
      expect((await client().getBundle('geoblocked-pair')).items).to.deep.equal(['/film/far-shore', '/film/distant-coast']);
      expect((await getBundle(http(), 'empty-shelf')).items).to.deep.equal([]);
      const paths = (await recordedRequests('/services/meta/v1/bundles/*')).map((r) => r.path);
      expect(paths).to.deep.equal([
        '/services/meta/v1/bundles/harbour-collection',
        '/services/meta/v1/bundles/geoblocked-pair',
        '/services/meta/v1/bundles/empty-shelf',
      ]);
    });

    it('rejects an unknown bundle with bundle_not_found "Bundle not found" (404, not retried)', async () => {
      const error = await rejection(client().getBundle('no-such-bundle'));
      expect(error).to.include({ code: 'bundle_not_found', message: 'Bundle not found', httpStatus: 404 });
      expect(await recordedRequests('/services/meta/v1/bundles/*')).to.have.length(1);
    });

    it('rejects a slug that is not a bundle', async () => {
      expect((await rejection(client().getBundle('/film/night-harbour'))).code).to.equal('unsupported_slug');
      expect((await rejection(client().getBundle('bad id'))).code).to.equal('unsupported_slug');
    });
  });

  describe('configuration reads', () => {
    it('reads all five configurations, each from its own path', async () => {
      const configs = await client().getConfigurations();
      expect(Object.keys(configs)).to.deep.equal(['users', 'shopping', 'content', 'meta', 'pricing']);
      expect(configs.content).to.include({ continue_watching_max_age: 90, continue_watching_max_items: 12, rental_redeem_period: 30 });
      expect(configs.meta).to.include({ season_name: 'Season', image_root_path: `${demoOrigin()}/media/` });
      expect(configs.shopping).to.include({ rental_redeem_period: 30 });
      expect(configs.users).to.include({ sign_in_url: '/signin.html' });
      expect(configs.pricing).to.include({ currency: 'NZD' });
      const paths = (await recordedRequests('/services/*')).map((r) => r.path).sort();
      expect(paths).to.deep.equal(Object.values(CONFIGURATION_SERVICE_PATHS).sort());
      expect(await getConfigurations(http())).to.deep.equal(configs);
    });

    for (const service of CONFIGURATION_SERVICES) {
      it(`reads the ${service} configuration alone`, async () => {
        const config = await client().getServiceConfiguration(service);
        expect(Object.keys(config).length).to.be.above(0);
        expect((await recordedRequests('/services/*')).map((r) => r.path)).to.deep.equal([CONFIGURATION_SERVICE_PATHS[service]]);
      });
    }

    it('getConfiguration merges meta and content', async () => {
      const config = await client().getConfiguration();
      expect(config).to.include({ season_name: 'Season', continue_watching_max_items: 12 });
    });
  });

  describe('feature toggle reads', () => {
    it('reads all four services’ toggles; pricing has none', async () => {
      const toggles = await client().getFeatureToggles();
      expect(Object.keys(toggles)).to.deep.equal(['users', 'shopping', 'content', 'meta']);
      for (const service of FEATURE_TOGGLE_SERVICES) {
        expect(isToggleOn(toggles[service], 'cast')).to.equal(true);
        expect(isToggleOn(toggles[service], 'block_firefox')).to.equal(false);
      }
      const paths = (await recordedRequests('/services/*')).map((r) => r.path).sort();
      expect(paths).to.deep.equal(Object.values(FEATURE_TOGGLE_SERVICE_PATHS).sort());
      expect(paths.some((p) => p.includes('pricing'))).to.equal(false);
      expect(await getFeatureToggles(http())).to.deep.equal(toggles);
    });

    it('toggles are cached: a second read makes no request', async () => {
      const c = client();
      await c.getFeatureToggles();
      await c.getServiceFeatureToggles('meta');
      await c.getFeatureToggles();
      expect(await recordedRequests('/services/*')).to.have.length(4);
    });

    it('a toggles body without feature_toggles is malformed_response', async () => {
      await demoControl('fault', { path: '/services/meta/feature_toggles', status: 200, body: { toggles: [] }, times: 1 });
      expect((await rejection(client().getServiceFeatureToggles('meta'))).code).to.equal('malformed_response');
    });
  });
});
