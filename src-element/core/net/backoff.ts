// player-and-client §7 "the batch is kept and retried"; play-page §7; player-and-client §9 "Data client"; DESIGN.md "Infrastructure exists once"
/**
 * The one retry backoff of the client, the element and the shell. Used by the content-data client's cache
 * (3 retries with backoff up to 30 s) and by the telemetry
 * batch retry.
 *
 * - {@link backoffDelayMs} is the pure delay rule:
 *   `min(maxDelayMs, baseDelayMs · backoffFactor^(attempt − 1) · (1 ± fuzzFactor))`.
 * - {@link retryWithBackoff} is a small async loop around it, on an injected {@link Clock}, that an
 *   `AbortSignal` cuts short while it waits.
 *
 * Units: milliseconds (`…Ms`), unlike shaka's `Timer`, which counts seconds.
 *
 * Framework-free (core layer).
 */
import { sleepMs, systemClock, type Clock } from '../clock.js';

/** How attempts are spaced. Every delay is in ms. */
export interface BackoffOptions {
  /** Attempts in all, the first one included (so `maxAttempts − 1` retries); at least 1. */
  readonly maxAttempts: number;
  /** Delay before the second attempt, ms. */
  readonly baseDelayMs: number;
  /** Each further delay is the previous one times this (1 = a constant delay). */
  readonly backoffFactor: number;
  /**
   * Randomness as a fraction of the delay: 0.5 spreads a 1 000 ms delay over 500–1 500 ms, so
   * many clients that failed together do not retry together. 0 = none (tests).
   */
  readonly fuzzFactor: number;
  /** Cap of any one delay, ms, applied after the fuzz. */
  readonly maxDelayMs: number;
}

// player-and-client §9 "3 retries with backoff up to 30 s"
/**
 * Defaults: 4 attempts (3 retries), 1 s, 2 s, 4 s apart, capped at 30 s, no fuzz.
 */
export const DEFAULT_BACKOFF: BackoffOptions = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 1_000,
  backoffFactor: 2,
  fuzzFactor: 0,
  maxDelayMs: 30_000,
});

/** `options` over {@link DEFAULT_BACKOFF}. Pure. */
export function backoffOptions(options: Partial<BackoffOptions> = {}): BackoffOptions {
  return { ...DEFAULT_BACKOFF, ...options };
}

/**
 * The delay, in ms, to wait after failed attempt number `attempt` (1-based) before the next one:
 * `baseDelayMs · backoffFactor^(attempt − 1)`, spread by `± fuzzFactor`, capped at `maxDelayMs`,
 * never negative. `attempt ≤ 1` gives the base delay. Pure when `random` is.
 *
 * @param attempt Failed attempts so far (1 after the first failure).
 * @param options Missing fields come from {@link DEFAULT_BACKOFF}.
 * @param random Uniform in [0, 1); default `Math.random`. Used only when `fuzzFactor > 0`.
 *
 * @example backoffDelayMs(3, { baseDelayMs: 1_000, backoffFactor: 2, maxDelayMs: 30_000 }) // 4_000
 */
export function backoffDelayMs(attempt: number, options: Partial<BackoffOptions> = {}, random: () => number = Math.random): number {
  const { baseDelayMs, backoffFactor, fuzzFactor, maxDelayMs } = backoffOptions(options);
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  let delayMs = baseDelayMs * backoffFactor ** exponent;
  if (fuzzFactor > 0) delayMs *= 1 + fuzzFactor * (random() * 2 - 1);
  if (Number.isNaN(delayMs)) delayMs = 0; // 0 · ∞ (a zero base after very many attempts)
  return Math.max(0, Math.min(maxDelayMs, delayMs));
}

/** Options of {@link retryWithBackoff}. */
export interface RetryOptions {
  /** Attempts and delays; missing fields come from {@link DEFAULT_BACKOFF}. */
  backoff?: Partial<BackoffOptions>;
  /** Whether a failure is worth another attempt. Default: every failure is. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /**
   * Replaces {@link backoffDelayMs} for the wait after failed attempt `attempt` (1-based), e.g. 0
   * in tests. Default `backoffDelayMs(attempt, backoff, random)`.
   */
  delayMs?: (attempt: number, error: unknown) => number;
  /** Waits on this clock. Default {@link systemClock}. */
  clock?: Clock;
  /** Aborting it cuts a pending wait short; no further attempt is made. */
  signal?: AbortSignal | undefined;
  /** What an abort during a wait rejects with. Default the signal's `reason`. */
  abortError?: (reason: unknown) => unknown;
  /** Fuzz source; default `Math.random`. */
  random?: () => number;
  /** Told before each wait (logging, tests). */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/**
 * Runs `run` until it resolves, retrying a failure {@link RetryOptions.shouldRetry} accepts after
 * the backoff delay, for at most `backoff.maxAttempts` attempts in all.
 *
 * @param run One attempt; `attempt` is 1-based.
 * @returns What the first successful attempt resolved with.
 * @throws the last attempt's error, unchanged (so its type, e.g. `S72Error`, is kept), when the
 *   attempts are used up, the failure is not retryable, or `signal` aborted during the attempt;
 *   `abortError(signal.reason)` when `signal` aborts during a wait.
 *
 * @example
 * const film = await retryWithBackoff(() => getFilm(http, slug, signal), {
 *   backoff: { maxAttempts: 4, maxDelayMs: 30_000 },
 *   shouldRetry: isRetryableError,
 *   signal,
 * });
 */
export async function retryWithBackoff<T>(run: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const backoff = backoffOptions(options.backoff);
  const maxAttempts = Math.max(1, Math.floor(backoff.maxAttempts));
  const clock = options.clock ?? systemClock;
  const { signal } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run(attempt);
    } catch (error) {
      if (attempt >= maxAttempts || signal?.aborted) throw error;
      if (options.shouldRetry && !options.shouldRetry(error, attempt)) throw error;
      const delayMs = options.delayMs ? options.delayMs(attempt, error) : backoffDelayMs(attempt, backoff, options.random);
      options.onRetry?.({ attempt, delayMs, error });
      try {
        await sleepMs(delayMs, { clock, signal });
      } catch (reason) {
        throw options.abortError ? options.abortError(reason) : reason;
      }
    }
  }
}
