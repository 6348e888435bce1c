/**
 * The content-data client's cache, retries, batching and request sharing (player-and-client §9),
 * counted in real requests to the demo storefront (`GET /__demo/requests`).
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  AVAILABILITY_BATCH_SIZE,
  DEFAULT_CACHE_MAX_AGE_MS,
  MAX_RETRIES,
  createContentCache,
  createContentClient,
  type ContentCacheOptions,
  type ContentClient,
} from '../../../src-element/core/client/index.js';
import { ADULT_TOKEN, demoControl, demoOrigin, recordedRequests, rejection, resetDemo } from '../../helpers/demo.js';

const NODOB_TOKEN = 'demo-nodob-token';
const FILM_PATH = '/services/meta/v2/film/night-harbour/show_multiple';


const count = async (pattern: string) => (await recordedRequests(pattern)).length;

/** Polls the demo (network only, no timers, so it works under fake timers) until `pattern` has `n` requests. */
async function untilRequests(pattern: string, n: number): Promise<void> {
  for (let i = 0; i < 400; i += 1) if ((await count(pattern)) >= n) return;
  throw new Error(`never saw ${n} requests to ${pattern}`);
}

/**
 * Waits (network polls only, so it works under fake timers) until the client has scheduled one
 * more timer than `baseline` (the cache's own timers): its retry backoff.
 */
async function untilBackoffScheduled(clock: sinon.SinonFakeTimers, baseline: number): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (clock.countTimers() > baseline) return;
    await count(FILM_PATH);
  }
  throw new Error('the client never scheduled its retry backoff');
}

describe('content-data client cache, retries and batching (player-and-client §9)', function () {
  this.timeout(30_000);
  let clock: sinon.SinonFakeTimers | undefined;
  beforeEach(() => resetDemo());
  afterEach(() => {
    clock?.restore();
    clock = undefined;
  });

  const client = (options: ContentCacheOptions = { retryDelayMs: 0 }, authToken = ADULT_TOKEN): ContentClient =>
    createContentClient({ baseUrl: demoOrigin(), authToken, cache: createContentCache(options) });

  describe('availability batching', () => {
    it('asks for 250 slugs in 3 requests of at most 100 and merges the answers in order', async () => {
      const known = ['/film/night-harbour', '/film/clear-skies', '/tv/harbour-lights/season/1/episode/1'];
      const fillers = Array.from({ length: 247 }, (_, i) => `/film/filler-${i}`);
      // One known slug in each batch: first, second (index 150) and third (last).
      const slugs = [known[0]!, ...fillers.slice(0, 149), known[1]!, ...fillers.slice(149), known[2]!];
      expect(slugs).to.have.length(250);
      const answer = await client().getAvailabilities(slugs);
      const requests = await recordedRequests('/services/content/v1/availabilities*');
      expect(requests).to.have.length(3);
      const batches = requests.map((r) => r.query['items']!.split(','));
      expect(batches.map((b) => b.length).sort()).to.deep.equal([100, 100, 50].sort());
      expect(batches.flat().sort()).to.deep.equal([...slugs].sort());
      for (const batch of batches) expect(batch.length).to.be.at.most(AVAILABILITY_BATCH_SIZE);
      expect(answer.map((a) => a.slug)).to.deep.equal(known);
    });

    it('drops duplicates and makes no request for an empty list', async () => {
      const c = client();
      expect(await c.getAvailabilities([])).to.deep.equal([]);
      const answer = await c.getAvailabilities(['/film/night-harbour', '/film/night-harbour']);
      expect(answer).to.have.length(1);
      const requests = await recordedRequests('/services/content/v1/availabilities*');
      expect(requests.map((r) => r.query['items'])).to.deep.equal(['/film/night-harbour']);
    });
  });

  describe('caching', () => {
    it('answers a second identical call within 30 s from the cache (one request)', async () => {
      const c = client();
      const first = await c.getFilm('/film/night-harbour');
      const second = await c.getFilm('/film/night-harbour/bonus/1');
      expect(second).to.deep.equal(first);
      expect(await count(FILM_PATH)).to.equal(1);
      await c.getAvailabilities(['/film/night-harbour']);
      await c.getAvailabilities(['/film/night-harbour']);
      expect(await count('/services/content/v1/availabilities*')).to.equal(1);
    });

    it('fetches again once the answer is 30 s old (fake clock)', async () => {
      clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
      const c = client();
      await c.getConfiguration();
      clock.tick(DEFAULT_CACHE_MAX_AGE_MS - 1);
      await c.getConfiguration();
      expect(await count('/services/meta/configuration')).to.equal(1, 'still fresh at 29.999 s');
      clock.tick(2);
      await c.getConfiguration();
      expect(await count('/services/meta/configuration')).to.equal(2, 'stale after 30 s');
      expect(await count('/services/content/configuration')).to.equal(2);
    });

    it('honours a shorter max age given to the cache', async () => {
      clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
      const c = client({ retryDelayMs: 0, maxAgeMs: 1_000 });
      await c.getUserPlans();
      clock.tick(1_001);
      await c.getUserPlans();
      expect(await count('/services/content/v1/user_plans')).to.equal(2);
    });

    it('shares one fetch between concurrent identical calls', async () => {
      await demoControl('latency', { path: FILM_PATH, ms: 300 });
      const c = client();
      const [a, b, d] = await Promise.all([
        c.getFilm('/film/night-harbour'),
        c.getFilm('/film/night-harbour'),
        c.withTokens({ authToken: ADULT_TOKEN }).getFilm('/film/night-harbour'),
      ]);
      expect(a).to.deep.equal(b);
      expect(d).to.deep.equal(a);
      expect(await count(FILM_PATH)).to.equal(1);
    });

    it('keeps viewers apart: the same call for two tokens makes two requests and two answers', async () => {
      const cache = createContentCache({ retryDelayMs: 0 });
      const adult = createContentClient({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN, cache });
      const nodob = createContentClient({ baseUrl: demoOrigin(), authToken: NODOB_TOKEN, cache });
      const [a, n] = await Promise.all([adult.getUser(), nodob.getUser()]);
      expect(a.user_id).to.equal('1001');
      expect(n.user_id).to.equal('1002');
      expect((await adult.getUser()).user_id).to.equal('1001');
      expect((await adult.withTokens({ authToken: NODOB_TOKEN }).getUser()).user_id).to.equal('1002');
      const tokens = (await recordedRequests('/services/users/detail/users')).map((r) => r.headers['x-auth-token']);
      expect(tokens.sort()).to.deep.equal([ADULT_TOKEN, NODOB_TOKEN]);
    });

    it('never caches streams (POST): each call is a request with a fresh play token', async () => {
      const c = client();
      const first = await c.getStreams('/film/clear-skies');
      const second = await c.getStreams('/film/clear-skies');
      expect(first.play_token).not.to.equal(second.play_token);
      expect(await count('/services/playback/streams*')).to.equal(2);
    });

    it('clearCache drops the cached answers', async () => {
      const c = client();
      await c.getBundle('harbour-collection');
      c.clearCache();
      await c.getBundle('harbour-collection');
      expect(await count('/services/meta/v1/bundles/*')).to.equal(2);
    });

    it('bypassCache skips the cached answers and sends x-bypass-cache', async () => {
      const c = createContentClient({
        baseUrl: demoOrigin(),
        authToken: ADULT_TOKEN,
        bypassCache: true,
        cache: createContentCache({ retryDelayMs: 0 }),
      });
      await c.getFilm('/film/night-harbour');
      await c.getFilm('/film/night-harbour');
      const requests = await recordedRequests(FILM_PATH);
      expect(requests).to.have.length(2);
      expect(requests[0]!.headers['x-bypass-cache']).to.equal('true');
    });

    it('does not cache a failure: the next call asks again', async () => {
      await demoControl('fault', { path: '/services/meta/v1/bundles/harbour-collection', status: 404, times: 1 });
      const c = client();
      expect((await rejection(c.getBundle('harbour-collection'))).code).to.equal('bundle_not_found');
      expect((await c.getBundle('harbour-collection')).id).to.equal('harbour-collection');
      expect(await count('/services/meta/v1/bundles/*')).to.equal(2);
    });
  });

  describe('retries', () => {
    it('retries a 503 and succeeds (retry delay 0)', async () => {
      await demoControl('fault', { path: FILM_PATH, status: 503, times: 1 });
      const film = await client().getFilm('/film/night-harbour');
      expect(film.title).to.equal('Night Harbour');
      expect(await count(FILM_PATH)).to.equal(2);
    });

    it('retries a dropped connection (network_error)', async () => {
      await demoControl('fault', { path: '/services/content/v1/user_plans', status: 0, times: 2 });
      expect(await client().getUserPlans()).to.have.length(2);
      expect(await count('/services/content/v1/user_plans')).to.equal(3);
    });

    it(`gives up after ${MAX_RETRIES} retries of a lasting 5xx, with the last error`, async () => {
      await demoControl('fault', { path: FILM_PATH, status: 502 });
      const error = await rejection(client().getFilm('/film/night-harbour'));
      expect(error).to.include({ code: 'server_busy', httpStatus: 502 });
      expect(await count(FILM_PATH)).to.equal(1 + MAX_RETRIES);
    });

    it('does not retry a 404', async () => {
      await demoControl('fault', { path: FILM_PATH, status: 404, times: 1 });
      const error = await rejection(client().getFilm('/film/night-harbour'));
      expect(error).to.include({ code: 'film_not_found', message: 'Film not found', httpStatus: 404 });
      expect(await count(FILM_PATH)).to.equal(1);
    });

    it('does not retry a 403 or a 429', async () => {
      await demoControl('fault', { path: '/services/meta/configuration', status: 403, times: 1 });
      await demoControl('fault', { path: '/services/content/v1/user_plans', status: 429, times: 1 });
      const c = client();
      expect((await rejection(c.getServiceConfiguration('meta'))).code).to.equal('access_denied');
      expect((await rejection(c.getUserPlans())).code).to.equal('bad_http_status_429');
      expect(await count('/services/meta/configuration')).to.equal(1);
      expect(await count('/services/content/v1/user_plans')).to.equal(1);
    });

    it('reports a malformed body as malformed_response, once, and caches nothing', async () => {
      await demoControl('fault', { path: FILM_PATH, status: 200, body: { films: [{ id: 1, title: 42 }] }, times: 1 });
      const c = client();
      const error = await rejection(c.getFilm('/film/night-harbour'));
      expect(error).to.include({ code: 'malformed_response', httpStatus: 200 });
      expect(await count(FILM_PATH)).to.equal(1);
      expect((await c.getFilm('/film/night-harbour')).title).to.equal('Night Harbour');
    });

    it('waits 1 s, then 2 s between retries by default (fake timers)', async () => {
      await demoControl('fault', { path: FILM_PATH, status: 503, times: 2 });
      clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const pending = client({}).getFilm('/film/night-harbour');
      const baseline = clock.countTimers(); // no response can have arrived yet
      await untilRequests(FILM_PATH, 1);
      await untilBackoffScheduled(clock, baseline);
      await clock.tickAsync(999);
      expect(await count(FILM_PATH)).to.equal(1, 'no retry before 1 s');
      await clock.tickAsync(1);
      await untilRequests(FILM_PATH, 2);
      await untilBackoffScheduled(clock, baseline);
      await clock.tickAsync(1_999);
      expect(await count(FILM_PATH)).to.equal(2, 'no second retry before 2 s more');
      await clock.tickAsync(1);
      await untilRequests(FILM_PATH, 3);
      expect((await pending).title).to.equal('Night Harbour');
    });
  });

  describe('abort signals', () => {
    /** A client whose fetch records the signal of each request. */
    const recordingClient = () => {
      const signals: AbortSignal[] = [];
      const c = createContentClient({
        baseUrl: demoOrigin(),
        authToken: ADULT_TOKEN,
        cache: createContentCache({ retryDelayMs: 0 }),
        fetch: (url, init) => {
          if (init?.signal) signals.push(init.signal);
          return fetch(url, init);
        },
      });
      return { c, signals };
    };

    it('rejects an aborted call with request_aborted, and aborts its request', async () => {
      await demoControl('latency', { path: FILM_PATH, ms: 2_000 });
      const { c, signals } = recordingClient();
      const controller = new AbortController();
      const pending = c.getFilm('/film/night-harbour', controller.signal);
      await untilRequests(FILM_PATH, 1);
      controller.abort();
      expect((await rejection(pending)).code).to.equal('request_aborted');
      expect(signals).to.have.length(1);
      expect(signals[0]!.aborted).to.equal(true, 'the fetch was aborted');
    });

    it('an aborted caller does not stop the fetch another caller shares', async () => {
      await demoControl('latency', { path: FILM_PATH, ms: 500 });
      const { c, signals } = recordingClient();
      const controller = new AbortController();
      const aborted = c.getFilm('/film/night-harbour', controller.signal);
      const kept = c.getFilm('/film/night-harbour', new AbortController().signal);
      await untilRequests(FILM_PATH, 1);
      controller.abort();
      expect((await rejection(aborted)).code).to.equal('request_aborted');
      expect((await kept).title).to.equal('Night Harbour');
      expect(signals.map((s) => s.aborted)).to.deep.equal([false]);
      expect(await count(FILM_PATH)).to.equal(1);
    });

    it('an already aborted signal makes no request', async () => {
      const error = await rejection(client().getUserPlans(AbortSignal.abort()));
      expect(error.code).to.equal('request_aborted');
      expect(await count('/services/content/v1/user_plans')).to.equal(0);
    });

    it('a call after an aborted one fetches again', async () => {
      await demoControl('latency', { path: FILM_PATH, ms: 1_000 });
      const c = client();
      const controller = new AbortController();
      const aborted = c.getFilm('/film/night-harbour', controller.signal);
      await untilRequests(FILM_PATH, 1);
      controller.abort();
      await rejection(aborted);
      await demoControl('latency', { path: FILM_PATH, ms: 0 });
      expect((await c.getFilm('/film/night-harbour')).title).to.equal('Night Harbour');
      expect(await count(FILM_PATH)).to.equal(2);
    });
  });
});
