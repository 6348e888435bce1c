/**
 * Content-data client rules of issue 8 item 11, against the real demo storefront:
 * `release_date` strict at the schema (player-and-client §5), `availability_not_found` and
 * `plan_not_found` (§8 "Client"), the bundle rental configuration keys (§9 "Data client") and a
 * 429 retried after its `Retry-After` (§9 "retries with backoff").
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  MAX_RETRY_DELAY_MS,
  S72Error,
  bundleRentalPeriod,
  isRetryableError,
  retryAfterMs,
  createContentCache,
  createContentClient,
  type ContentClient,
} from '../../../src-element/core/client/index.js';
import { ADULT_TOKEN, demoControl, demoOrigin, recordedRequests, rejection, resetDemo } from '../../helpers/demo.js';

const FILM_PATH = '/services/meta/v2/film/night-harbour/show_multiple';
const PLANS_PATH = '/services/content/v1/user_plans';

const client = (): ContentClient =>
  createContentClient({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN, cache: createContentCache({ retryDelayMs: 0 }) });

/** The demo's own film answer with `release_date` replaced. */
async function filmWithReleaseDate(releaseDate: unknown): Promise<unknown> {
  const response = await fetch(`${demoOrigin()}${FILM_PATH}`, { headers: { 'x-auth-token': ADULT_TOKEN } });
  const body = (await response.json()) as { films: Array<Record<string, unknown>> };
  return { films: [{ ...body.films[0], release_date: releaseDate }] };
}

describe('content-data client rules (issue 8 item 11)', function () {
  this.timeout(30_000);
  let clock: sinon.SinonFakeTimers | undefined;
  beforeEach(() => resetDemo());
  afterEach(() => {
    clock?.restore();
    clock = undefined;
  });

  describe('release_date is accepted only as an exact ISO timestamp string (player-and-client §5)', () => {
    for (const bad of ['2024-03-01', '2024-03-01T00:00', '2024-03-01T00:00:00', 'March 1 2024', '2024-02-30T00:00:00Z', 20240301]) {
      it(`rejects ${JSON.stringify(bad)} as malformed_response`, async () => {
        await demoControl('fault', { path: FILM_PATH, status: 200, body: await filmWithReleaseDate(bad), times: 1 });
        const error = await rejection(client().getFilm('/film/night-harbour'));
        expect(error.code).to.equal('malformed_response');
        expect(error.message).to.contain('release_date');
      });
    }
    for (const good of ['2024-03-01T00:00:00Z', '2024-03-01T00:00:00.000Z', '2024-03-01T02:00:00+02:00', null]) {
      it(`accepts ${JSON.stringify(good)}`, async () => {
        await demoControl('fault', { path: FILM_PATH, status: 200, body: await filmWithReleaseDate(good), times: 1 });
        expect((await client().getFilm('/film/night-harbour')).release_date).to.equal(good);
      });
    }
  });

  describe('availability_not_found and plan_not_found (player-and-client §8 "Client")', () => {
    it('getAvailability: one slug, availability_not_found when the answer leaves it out', async () => {
      const c = client();
      expect((await c.getAvailability('/film/night-harbour')).slug).to.equal('/film/night-harbour');
      const error = await rejection(c.getAvailability('/film/no-such-film'));
      expect(error).to.include({ code: 'availability_not_found', category: 'client' });
      expect(error.data).to.deep.include({ slug: '/film/no-such-film' });
    });

    it('getUserPlan: the viewer plan, plan_not_found when the viewer has none of that id', async () => {
      const c = client();
      expect((await c.getUserPlan('plan-basic')).plan_id).to.equal('plan-basic');
      const error = await rejection(c.getUserPlan('plan-premium'));
      expect(error).to.include({ code: 'plan_not_found', category: 'client' });
      expect(error.data).to.deep.include({ planId: 'plan-premium' });
      expect(await recordedRequests(PLANS_PATH)).to.have.length(1, 'the plans answer is cached');
    });
  });

  describe('bundle rental period (player-and-client §9 "Data client")', () => {
    it('reads rental_redeem_period (days) and rental_playback_duration_minutes from the configuration', async () => {
      expect(await client().getBundleRentalPeriod()).to.deep.equal({
        redeemPeriodMs: 30 * 86_400_000,
        playbackDurationMs: 2880 * 60_000,
      });
    });

    it('absent, zero, negative or non-numeric keys → null', () => {
      expect(bundleRentalPeriod({})).to.deep.equal({ redeemPeriodMs: null, playbackDurationMs: null });
      expect(bundleRentalPeriod({ rental_redeem_period: '7', rental_playback_duration_minutes: 'x' })).to.deep.equal({
        redeemPeriodMs: 7 * 86_400_000,
        playbackDurationMs: null,
      });
      expect(bundleRentalPeriod({ rental_redeem_period: -1, rental_playback_duration_minutes: 0 })).to.deep.equal({
        redeemPeriodMs: null,
        playbackDurationMs: null,
      });
    });
  });

  describe('429 with Retry-After (player-and-client §9 retries)', () => {
    it('retries a 429 after the Retry-After seconds (fake timers), then answers', async () => {
      await demoControl('fault', { path: PLANS_PATH, status: 429, times: 1, headers: { 'retry-after': '2' } });
      clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const c = createContentClient({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN, cache: createContentCache() });
      const pending = c.getUserPlans();
      const baseline = clock.countTimers(); // no response can have arrived yet
      // Network polls only (they work under fake timers) until the 429 has scheduled its wait.
      for (let i = 0; i < 400 && clock.countTimers() <= baseline; i += 1) await recordedRequests(PLANS_PATH);
      expect(clock.countTimers()).to.be.greaterThan(baseline, 'the retry wait is scheduled');
      await clock.tickAsync(1_999);
      expect(await recordedRequests(PLANS_PATH)).to.have.length(1, 'not before 2 s');
      await clock.tickAsync(1);
      clock.restore();
      clock = undefined;
      expect((await pending).map((p) => p.plan_id)).to.include('plan-basic');
      expect(await recordedRequests(PLANS_PATH)).to.have.length(2);
    });

    it('Retry-After: delta-seconds or an HTTP-date; only a 429 within 30 s is retryable', () => {
      const now = Date.parse('2026-01-15T12:00:00Z');
      expect(retryAfterMs('2', now)).to.equal(2_000);
      expect(retryAfterMs('Thu, 15 Jan 2026 12:00:05 GMT', now)).to.equal(5_000);
      expect(retryAfterMs('Thu, 15 Jan 2026 11:00:00 GMT', now)).to.equal(0);
      expect(retryAfterMs('soon', now)).to.equal(undefined);
      expect(retryAfterMs(null, now)).to.equal(undefined);
      const tooMany = (data: Record<string, unknown>) =>
        new S72Error('bad_http_status_429', 'x', { category: 'network', httpStatus: 429, data });
      expect(isRetryableError(tooMany({ retryAfterMs: 2_000 }))).to.equal(true);
      expect(isRetryableError(tooMany({ retryAfterMs: MAX_RETRY_DELAY_MS + 1 }))).to.equal(false);
      expect(isRetryableError(tooMany({}))).to.equal(false);
    });

    it('a Retry-After beyond the 30 s backoff cap fails at once with the 429 and its retryAfterMs', async () => {
      const seconds = MAX_RETRY_DELAY_MS / 1000 + 1;
      await demoControl('fault', { path: PLANS_PATH, status: 429, times: 1, headers: { 'retry-after': String(seconds) } });
      const error = await rejection(client().getUserPlans());
      expect(error).to.include({ code: 'bad_http_status_429', httpStatus: 429 });
      expect(error.data).to.deep.include({ retryAfterMs: seconds * 1000 });
      expect(await recordedRequests(PLANS_PATH)).to.have.length(1);
    });
  });
});
