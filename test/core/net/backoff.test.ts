/**
 * The shared backoff (STYLE.md §7.6; player-and-client §9 "3 retries with backoff up to 30 s"):
 * the pure delay rule, table-driven with zero fuzz, and the retry loop on sinon fake timers.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { systemClock, type Clock } from '../../../src-element/core/clock.js';
import { S72Error, isS72Error } from '../../../src-element/core/errors.js';
import {
  DEFAULT_BACKOFF,
  backoffDelayMs,
  backoffOptions,
  retryWithBackoff,
  type BackoffOptions,
} from '../../../src-element/core/net/backoff.js';

const NO_FUZZ: BackoffOptions = { maxAttempts: 4, baseDelayMs: 1_000, backoffFactor: 2, fuzzFactor: 0, maxDelayMs: 30_000 };

describe('backoffDelayMs (core/net/backoff.ts)', () => {
  it('defaults to 4 attempts, 1 s doubling, capped at 30 s, no fuzz', () => {
    expect(DEFAULT_BACKOFF).to.deep.equal(NO_FUZZ);
    expect(backoffOptions({ maxAttempts: 2 })).to.deep.equal({ ...NO_FUZZ, maxAttempts: 2 });
  });

  const rows: Array<[string, number, Partial<BackoffOptions>, number]> = [
    ['first retry waits the base delay', 1, NO_FUZZ, 1_000],
    ['attempt 0 is treated as the first', 0, NO_FUZZ, 1_000],
    ['negative attempts too', -3, NO_FUZZ, 1_000],
    ['second retry doubles', 2, NO_FUZZ, 2_000],
    ['third', 3, NO_FUZZ, 4_000],
    ['fifth', 5, NO_FUZZ, 16_000],
    ['sixth reaches the cap', 6, NO_FUZZ, 30_000],
    ['far beyond stays at the cap', 100, NO_FUZZ, 30_000],
    ['overflow stays at the cap', 5_000, NO_FUZZ, 30_000],
    ['factor 1 is a constant delay', 7, { ...NO_FUZZ, baseDelayMs: 30_000, backoffFactor: 1, maxDelayMs: 30_000 }, 30_000],
    ['factor 3', 3, { ...NO_FUZZ, backoffFactor: 3 }, 9_000],
    ['a cap under the base wins', 1, { ...NO_FUZZ, maxDelayMs: 500 }, 500],
    ['a zero base never waits', 4, { ...NO_FUZZ, baseDelayMs: 0 }, 0],
    ['fractional attempts round down', 2.9, NO_FUZZ, 2_000],
    ['missing fields come from the defaults', 3, {}, 4_000],
    ['telemetry client: 10 s windows, capped at 60 s', 4, { baseDelayMs: 10_000, maxDelayMs: 60_000 }, 60_000],
  ];
  for (const [name, attempt, options, expected] of rows) {
    it(`${name}: attempt ${attempt} → ${expected} ms`, () => {
      expect(backoffDelayMs(attempt, options)).to.equal(expected);
    });
  }

  it('spreads the delay by ± fuzzFactor with the injected random, and still caps it', () => {
    const fuzzy = { ...NO_FUZZ, fuzzFactor: 0.5 };
    expect(backoffDelayMs(1, fuzzy, () => 0)).to.equal(500);
    expect(backoffDelayMs(1, fuzzy, () => 0.5)).to.equal(1_000);
    expect(backoffDelayMs(1, fuzzy, () => 0.999_999)).to.be.closeTo(1_500, 0.01);
    expect(backoffDelayMs(6, fuzzy, () => 0.999_999)).to.equal(30_000);
    expect(backoffDelayMs(6, fuzzy, () => 0)).to.equal(16_000);
  });

  it('does not call random without fuzz', () => {
    const random = sinon.spy(() => 0.5);
    backoffDelayMs(3, NO_FUZZ, random);
    expect(random.called).to.equal(false);
  });
});

describe('retryWithBackoff (core/net/backoff.ts)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => clock.restore());

  const boom = (status: number) => new S72Error(`bad_http_status_${status}`, `HTTP ${status}`, { category: 'network', httpStatus: status });

  /** A run that fails `failures` times with `error`, then resolves 'ok'; records the time of each attempt. */
  function flaky(failures: number, error: (attempt: number) => unknown = () => boom(503)) {
    const times: number[] = [];
    const run = async (attempt: number): Promise<string> => {
      times.push(Date.now());
      if (attempt <= failures) throw error(attempt);
      return 'ok';
    };
    return { run, times };
  }

  it('retries after 1 s, 2 s, 4 s and resolves with the first success', async () => {
    const { run, times } = flaky(3);
    const result = retryWithBackoff(run, { backoff: NO_FUZZ });
    await clock.tickAsync(7_000);
    expect(await result).to.equal('ok');
    expect(times).to.deep.equal([0, 1_000, 3_000, 7_000]);
  });

  it('waits on the clock: nothing happens before the delay is up', async () => {
    const { run, times } = flaky(1);
    const result = retryWithBackoff(run, { backoff: NO_FUZZ });
    await clock.tickAsync(999);
    expect(times).to.deep.equal([0]);
    await clock.tickAsync(1);
    expect(await result).to.equal('ok');
  });

  it('running out of attempts rethrows the last error, typed', async () => {
    const { run, times } = flaky(10, (attempt) => boom(500 + attempt));
    const result = retryWithBackoff(run, { backoff: NO_FUZZ }).catch((error: unknown) => error);
    await clock.tickAsync(60_000);
    const error = await result;
    expect(isS72Error(error)).to.equal(true);
    expect(error).to.include({ category: 'network', code: 'bad_http_status_504', httpStatus: 504 });
    expect(times).to.have.length(4);
  });

  it('does not retry what shouldRetry refuses', async () => {
    const { run, times } = flaky(3, () => boom(404));
    const shouldRetry = sinon.spy((error: unknown, _attempt: number) => (error as S72Error).httpStatus! >= 500);
    const error = await retryWithBackoff(run, { backoff: NO_FUZZ, shouldRetry }).catch((e: unknown) => e);
    expect(error).to.include({ httpStatus: 404 });
    expect(times).to.have.length(1);
    expect(shouldRetry.firstCall.args[1]).to.equal(1);
  });

  it('maxAttempts 1 never retries', async () => {
    const { run, times } = flaky(1);
    const error = await retryWithBackoff(run, { backoff: { ...NO_FUZZ, maxAttempts: 1 } }).catch((e: unknown) => e);
    expect(error).to.include({ httpStatus: 503 });
    expect(times).to.have.length(1);
  });

  it('an abort cuts a pending delay short and rejects with abortError(reason); no further attempt', async () => {
    const { run, times } = flaky(3);
    const controller = new AbortController();
    const result = retryWithBackoff(run, {
      backoff: NO_FUZZ,
      signal: controller.signal,
      abortError: (reason) => new S72Error('request_aborted', 'aborted', { category: 'client', cause: reason }),
    }).catch((e: unknown) => e);
    await clock.tickAsync(500);
    expect(clock.countTimers()).to.equal(1);
    controller.abort('left the page');
    const error = (await result) as S72Error;
    expect(error).to.include({ category: 'client', code: 'request_aborted' });
    expect(error.cause).to.equal('left the page');
    expect(clock.countTimers(), 'the delay timer is cleared').to.equal(0);
    await clock.tickAsync(60_000);
    expect(times).to.deep.equal([0]);
  });

  it('without abortError, an abort rejects with the signal reason', async () => {
    const { run } = flaky(3);
    const controller = new AbortController();
    const result = retryWithBackoff(run, { backoff: NO_FUZZ, signal: controller.signal }).catch((e: unknown) => e);
    await clock.tickAsync(10);
    const reason = new Error('stop');
    controller.abort(reason);
    expect(await result).to.equal(reason);
  });

  it('a failure after the signal aborted is rethrown as it is (no wait)', async () => {
    const controller = new AbortController();
    const run = async (): Promise<never> => {
      controller.abort();
      throw boom(503);
    };
    const error = await retryWithBackoff(run, { backoff: NO_FUZZ, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).to.include({ httpStatus: 503 });
  });

  it('delayMs replaces the backoff (e.g. 0 in tests), and onRetry is told each wait', async () => {
    const { run, times } = flaky(2);
    const onRetry = sinon.spy();
    const result = retryWithBackoff(run, { backoff: NO_FUZZ, delayMs: () => 0, onRetry });
    await clock.runAllAsync();
    expect(await result).to.equal('ok');
    expect(times).to.deep.equal([0, 0, 0]);
    expect(onRetry.args.map(([info]) => [info.attempt, info.delayMs])).to.deep.equal([
      [1, 0],
      [2, 0],
    ]);
  });

  it('uses the injected clock, not the global timers', async () => {
    const waits: number[] = [];
    const instant: Clock = {
      now: () => 0,
      setTimeout: (callback, delayMs) => {
        waits.push(delayMs);
        return systemClock.setTimeout(callback, 0);
      },
      clearTimeout: (handle) => systemClock.clearTimeout(handle),
    };
    const { run } = flaky(3);
    const result = retryWithBackoff(run, { backoff: NO_FUZZ, clock: instant });
    await clock.runAllAsync();
    expect(await result).to.equal('ok');
    expect(waits).to.deep.equal([1_000, 2_000, 4_000]);
  });
});
