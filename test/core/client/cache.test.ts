/**
 * The client cache's numbers and policies (player-and-client §9), as pure functions and constants.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  AVAILABILITY_BATCH_SIZE,
  DEFAULT_CACHE_MAX_AGE_MS,
  MAX_RETRIES,
  MAX_RETRY_DELAY_MS,
  contentQueryKey,
  createContentCache,
  isRetryableError,
  retryDelayMs,
  viewerKey,
} from '../../../src-element/core/client/index.js';
import { S72Error } from '../../../src-element/core/errors.js';

describe('client cache policy (player-and-client §9)', () => {
  it('uses the spec numbers (the 5-minute cache time is tested by its behaviour below)', () => {
    expect(DEFAULT_CACHE_MAX_AGE_MS).to.equal(30_000);
    expect(MAX_RETRIES).to.equal(3);
    expect(MAX_RETRY_DELAY_MS).to.equal(30_000);
    expect(AVAILABILITY_BATCH_SIZE).to.equal(100);
  });

  const delays: Array<[number, number]> = [
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 16_000],
    [5, 30_000],
    [10, 30_000],
  ];
  for (const [failures, expected] of delays) {
    it(`waits ${expected} ms before retry ${failures + 1}`, () => {
      expect(retryDelayMs(failures)).to.equal(expected);
    });
  }

  const error = (code: ConstructorParameters<typeof S72Error>[0], httpStatus?: number) =>
    new S72Error(code, code, { category: 'client', ...(httpStatus === undefined ? {} : { httpStatus }) });
  const rows: Array<[string, unknown, boolean]> = [
    ['network_error', error('network_error'), true],
    ['500', error('bad_http_status_500', 500), true],
    ['502 server_busy', error('server_busy', 502), true],
    ['503', error('bad_http_status_503', 503), true],
    ['504 server_busy', error('server_busy', 504), true],
    ['400', error('bad_http_status_400', 400), false],
    ['401', error('unauthorized', 401), false],
    ['403', error('access_denied', 403), false],
    ['404', error('film_not_found', 404), false],
    ['429', error('bad_http_status_429', 429), false],
    ['malformed 200', error('malformed_response', 200), false],
    ['aborted', error('request_aborted'), false],
    ['slug error', error('unsupported_slug'), false],
    ['plain Error', new Error('x'), false],
  ];
  for (const [label, value, expected] of rows) {
    it(`${expected ? 'retries' : 'does not retry'} ${label}`, () => {
      expect(isRetryableError(value)).to.equal(expected);
    });
  }

  // The 5-minute cache time, seen as requests: a read 4:59 after the last one is answered from the
  // cache, a read 5:01 after it asks again. The answers are kept fresh for an hour here, so only the
  // cache time can drop them (with the default 30-s max age every read after 30 s asks again anyway).
  it('keeps an unused answer 5 minutes: no second request at 4:59 after its last read, a second one at 5:01 (fake timers)', async () => {
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const cache = createContentCache({ maxAgeMs: 3_600_000 });
      const requests: string[] = [];
      const fetcher = (name: string) => () => {
        requests.push(name);
        return Promise.resolve({ name, n: requests.length });
      };
      const early = ['s72-content', 'https://s.example', 'auth:a', 'film', 'read-at-4-59'];
      const late = ['s72-content', 'https://s.example', 'auth:a', 'film', 'read-at-5-01'];
      expect(await cache.read(early, fetcher('early'))).to.deep.equal({ name: 'early', n: 1 });
      expect(await cache.read(late, fetcher('late'))).to.deep.equal({ name: 'late', n: 2 });

      await clock.tickAsync(4 * 60_000 + 59_000);
      expect(await cache.read(early, fetcher('early')), 'at 4:59: the kept answer').to.deep.equal({ name: 'early', n: 1 });
      expect(requests, 'no second request at 4:59').to.deep.equal(['early', 'late']);

      await clock.tickAsync(2_000);
      expect(await cache.read(late, fetcher('late')), 'at 5:01: a new answer').to.deep.equal({ name: 'late', n: 3 });
      expect(requests, 'a second request at 5:01').to.deep.equal(['early', 'late', 'late']);
    } finally {
      clock.restore();
    }
  });

  it('reuses an answer for 30 s: a read at 29 s is answered from the cache, one at 31 s fetches again (fake timers)', async () => {
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const cache = createContentCache();
      const key = ['s72-content', 'https://s.example', 'auth:a', 'film', 'y'];
      let fetches = 0;
      const fetcher = () => Promise.resolve(++fetches);
      expect(await cache.read(key, fetcher)).to.equal(1);
      await clock.tickAsync(29_000);
      expect(await cache.read(key, fetcher)).to.equal(1);
      await clock.tickAsync(2_000);
      expect(await cache.read(key, fetcher)).to.equal(2);
    } finally {
      clock.restore();
    }
  });

  it('keys carry the storefront and the viewer (play token first)', () => {
    const fetch = () => Promise.reject(new Error('unused'));
    expect(viewerKey({ authToken: 'a', playToken: 'p' })).to.equal('play:p');
    expect(viewerKey({ authToken: ' a ' })).to.equal('auth:a');
    expect(viewerKey({})).to.equal('anonymous');
    expect(contentQueryKey({ baseUrl: 'https://s.example/', fetch, authToken: 'a' }, ['film', 'x'])).to.deep.equal([
      's72-content',
      'https://s.example',
      'auth:a',
      'film',
      'x',
    ]);
  });
});

describe('client cache retries while the page is hidden (player-and-client §9)', () => {
  it('keeps retrying a network failure in a background tab (no pause on page visibility)', async () => {
    const original = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      const cache = createContentCache({ retryDelayMs: 0 });
      let attempts = 0;
      const answer = cache.read(['hidden-tab-retry'], async () => {
        attempts += 1;
        if (attempts < 3) throw new S72Error('network_error', 'offline', { category: 'network' });
        return 'ok';
      });
      const outcome = await Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve('stalled'), 2_000))]);
      expect(outcome).to.equal('ok');
      expect(attempts).to.equal(3);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      expect(Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')).to.deep.equal(original);
    }
  });
});
