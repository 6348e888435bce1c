// player-and-client §9 "Data client"
/**
 * The content-data client's response cache, retries and request sharing (default cache max age 30 s; query cache default 5 minutes, 3 retries with backoff
 * up to 30 s), built on `@tanstack/query-core`'s framework-free `QueryClient`.
 *
 * - A cached answer is reused for {@link DEFAULT_CACHE_MAX_AGE_MS} (query-core `staleTime`) and
 *   dropped {@link QUERY_CACHE_TIME_MS} after its last use (`gcTime`).
 * - Network failures and 5xx answers are retried up to {@link MAX_RETRIES} times, waiting
 *   {@link retryDelayMs} (1 s, 2 s, 4 s … capped at {@link MAX_RETRY_DELAY_MS}); a 429 with a
 *   `Retry-After` of at most 30 s is retried after exactly that wait; other 4xx answers,
 *   malformed bodies and aborts never are.
 * - Concurrent reads of the same key share one fetch.
 * - Each caller has its own `AbortSignal`: aborting it rejects that caller with `request_aborted`;
 *   the shared fetch itself is aborted only once every caller waiting on it has aborted.
 *
 * Retries run in the shared backoff loop (`core/net/backoff.ts`, {@link CONTENT_RETRY_BACKOFF}), not
 * in query-core's retryer, which pauses while the page is hidden: a player keeps playing, and
 * fetching, in a background tab.
 *
 * Staleness is measured with `Date.now()` (query-core), so sinon fake timers faking `Date` control
 * it in tests; retry waits run on {@link ContentCacheOptions.clock}, with the delays of
 * {@link ContentCacheOptions.retryDelayMs} (0 in tests).
 *
 * Framework-free (core layer).
 */
import { QueryClient, hashKey, isCancelledError, type QueryKey } from '@tanstack/query-core';
import { systemClock, type Clock } from '../clock.js';
import { S72Error, isS72Error } from '../errors.js';
import { backoffDelayMs, retryWithBackoff, type BackoffOptions } from '../net/backoff.js';
import type { HttpOptions } from './http.js';

// player-and-client §9 "Default cache max age 30 s"
/** How long a cached answer is reused. */
export const DEFAULT_CACHE_MAX_AGE_MS = 30_000;
// player-and-client §9 "Query cache default 5 minutes"
/** How long an unused cache entry is kept. */
export const QUERY_CACHE_TIME_MS = 300_000;
// player-and-client §9 "3 retries"
/** Retries after the first failed attempt. */
export const MAX_RETRIES = 3;
/** Delay before the first retry; doubled for each further one. */
export const RETRY_BASE_DELAY_MS = 1_000;
// player-and-client §9 "backoff up to 30 s"
/** Cap of the retry backoff. */
export const MAX_RETRY_DELAY_MS = 30_000;

/** First element of every query key of the content-data client (lets `clear()` spare other keys). */
export const CONTENT_QUERY_ROOT = 's72-content';

// player-and-client §9 "3 retries with backoff up to 30 s"
/**
 * The retry backoff of the content-data client: 4 attempts in all, 1 s, 2 s, 4 s apart, capped at 30 s, no fuzz.
 */
export const CONTENT_RETRY_BACKOFF: BackoffOptions = Object.freeze({
  maxAttempts: MAX_RETRIES + 1,
  baseDelayMs: RETRY_BASE_DELAY_MS,
  backoffFactor: 2,
  fuzzFactor: 0,
  maxDelayMs: MAX_RETRY_DELAY_MS,
});

// player-and-client §9
/**
 * The backoff before retry number `failureCount + 1`: `min(1000 · 2^failureCount, 30 000)` ms,
 * i.e. 1 s, 2 s, 4 s, … capped at 30 s; {@link backoffDelayMs} of
 * {@link CONTENT_RETRY_BACKOFF}. Pure.
 *
 * @param failureCount Failures so far, minus one (0 before the first retry).
 */
export function retryDelayMs(failureCount: number): number {
  return backoffDelayMs(Math.max(0, failureCount) + 1, CONTENT_RETRY_BACKOFF);
}

/**
 * The wait a 429 asked for with `Retry-After` (`data.retryAfterMs`, http.ts), when it is within the
 * backoff cap {@link MAX_RETRY_DELAY_MS}; `undefined` otherwise. Pure.
 */
export function retryAfterOf(error: unknown): number | undefined {
  if (!isS72Error(error) || error.httpStatus !== 429) return undefined;
  const waitMs = error.data['retryAfterMs'];
  return typeof waitMs === 'number' && Number.isFinite(waitMs) && waitMs >= 0 && waitMs <= MAX_RETRY_DELAY_MS ? waitMs : undefined;
}

// player-and-client §9
/**
 * True for the failures worth retrying: no response at all
 * (`network_error`), a 5xx answer, or a 429 whose `Retry-After` is within the 30 s backoff cap
 * ({@link retryAfterOf}). Other 4xx answers (a 429 without `Retry-After` too), malformed bodies,
 * aborts and slug errors are not. Pure.
 */
export function isRetryableError(error: unknown): boolean {
  if (!isS72Error(error)) return false;
  if (error.code === 'network_error') return true;
  if (retryAfterOf(error) !== undefined) return true;
  return error.httpStatus !== undefined && error.httpStatus >= 500 && error.httpStatus <= 599;
}

/** One cacheable read: its key (without the viewer) and how to fetch it. */
export interface ContentQuery<T> {
  /** Identifies the answer within one storefront and viewer, e.g. `['film', 'night-harbour']`. */
  readonly key: readonly unknown[];
  /** Fetches the answer; `signal` aborts it. */
  run(http: HttpOptions, signal?: AbortSignal): Promise<T>;
}

/** Options of {@link createContentCache}. Every number is in milliseconds. */
export interface ContentCacheOptions {
  /** A query client to share (e.g. with the embedding app). Default: a new one. */
  queryClient?: QueryClient;
  /** How long an answer is reused. Default {@link DEFAULT_CACHE_MAX_AGE_MS}. */
  maxAgeMs?: number;
  /** How long an unused entry is kept. Default {@link QUERY_CACHE_TIME_MS}. */
  cacheTimeMs?: number;
  /** Retries of network failures and 5xx answers. Default {@link MAX_RETRIES}. */
  maxRetries?: number;
  /** Delay before a retry, or a function of the failure count. Default {@link retryDelayMs}; tests use 0. */
  retryDelayMs?: number | ((failureCount: number, error: unknown) => number);
  /** The clock retry waits run on. Default {@link systemClock} (sinon fake timers drive it). */
  clock?: Clock;
}

/** Options of one {@link ContentCache.read}. */
export interface ReadOptions {
  /** Rejects this caller with `request_aborted`; the shared fetch stops when no caller is left. */
  signal?: AbortSignal | undefined;
  /** Skip the cached answer and fetch again (concurrent reads still share the fetch). */
  fresh?: boolean | undefined;
}

/** The cache of one or more content clients (see the module comment). */
export interface ContentCache {
  /** The underlying query-core client (for inspection; keys start with {@link CONTENT_QUERY_ROOT}). */
  readonly queryClient: QueryClient;
  /**
   * Returns the cached answer for `key` when younger than the max age, else fetches it with
   * `fetcher` (retrying network failures and 5xx), sharing a fetch already under way.
   *
   * @throws {S72Error} the fetcher's error after the retries; `request_aborted` when `signal` fires
   *   or the entry is cleared while fetching.
   */
  read<T>(key: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>, options?: ReadOptions): Promise<T>;
  /** Drops every content-client entry (all viewers), cancelling fetches under way. */
  clear(): void;
}

function abortedError(cause?: unknown): S72Error {
  return new S72Error('request_aborted', 'The request was aborted', {
    category: 'client',
    severity: 'recoverable',
    ...(cause === undefined ? {} : { cause }),
  });
}

// player-and-client §9
/**
 * Creates a response cache. Share one between clients (`withTokens` does);
 * keys carry the viewer, so viewers never see each other's answers.
 *
 * @example
 * const cache = createContentCache({ retryDelayMs: 0 }); // tests: retry at once
 * const client = createContentClient({ baseUrl, authToken, cache });
 */
export function createContentCache(options: ContentCacheOptions = {}): ContentCache {
  const maxRetries = options.maxRetries ?? MAX_RETRIES;
  const delay = options.retryDelayMs ?? retryDelayMs;
  const clock = options.clock ?? systemClock;
  // Every read passes its own staleTime, gcTime and retry options, so an injected client's
  // defaults do not change the spec's numbers.
  const queryClient = options.queryClient ?? new QueryClient();
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_CACHE_MAX_AGE_MS;
  const cacheTimeMs = options.cacheTimeMs ?? QUERY_CACHE_TIME_MS;
  /** Callers waiting on each key's fetch (by query hash). */
  const waiting = new Map<string, number>();

  const release = (hash: string): number => {
    const left = (waiting.get(hash) ?? 1) - 1;
    if (left <= 0) waiting.delete(hash);
    else waiting.set(hash, left);
    return Math.max(0, left);
  };

  // player-and-client §9
  /**
   * Runs `attempt`, retrying network failures and 5xx up to `maxRetries` times with the backoff of
   * `delay` in the shared loop; a retry never waits on page visibility.
   * Rejects with the last error, or `request_aborted` when `signal` aborts during a wait.
   */
  const fetchWithRetries = <T>(attempt: () => Promise<T>, signal: AbortSignal): Promise<T> =>
    retryWithBackoff(attempt, {
      backoff: { ...CONTENT_RETRY_BACKOFF, maxAttempts: maxRetries + 1 },
      shouldRetry: isRetryableError,
      // A 429 waits exactly what its Retry-After asks for; other failures back off.
      delayMs: (failures, error) => retryAfterOf(error) ?? (typeof delay === 'function' ? delay(failures - 1, error) : delay),
      clock,
      signal,
      abortError: abortedError,
    });

  return {
    queryClient,
    read<T>(key: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>, readOptions: ReadOptions = {}): Promise<T> {
      const { signal } = readOptions;
      if (signal?.aborted) return Promise.reject(abortedError(signal.reason));
      const hash = hashKey(key);
      waiting.set(hash, (waiting.get(hash) ?? 0) + 1);
      const shared = queryClient.query<T, unknown, T, T, QueryKey>({
        queryKey: key,
        queryFn: (context) => fetchWithRetries(() => fetcher(context.signal), context.signal),
        staleTime: readOptions.fresh ? 0 : maxAgeMs,
        gcTime: cacheTimeMs,
        // Our fetch reports being offline itself (network_error); don't pause while offline.
        networkMode: 'always',
        // Retries run in fetchWithRetries: query-core's own retryer pauses while the page is hidden
        // (its global focusManager), and a player keeps playing, and fetching, in a background tab.
        retry: false,
      });
      return new Promise<T>((resolve, reject) => {
        let settled = false;
        const finish = (): boolean => {
          if (settled) return false;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          return true;
        };
        const onAbort = (): void => {
          if (!finish()) return;
          if (release(hash) === 0) void queryClient.cancelQueries({ queryKey: key, exact: true });
          reject(abortedError(signal?.reason));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        shared.then(
          (value) => {
            if (!finish()) return;
            release(hash);
            resolve(value);
          },
          (error: unknown) => {
            if (!finish()) return;
            release(hash);
            reject(isCancelledError(error) ? abortedError(error) : (error as Error));
          },
        );
      });
    },
    clear() {
      const filter = { queryKey: [CONTENT_QUERY_ROOT] };
      void queryClient.cancelQueries(filter);
      queryClient.removeQueries(filter);
    },
  };
}

// play-page §6
/**
 * The viewer part of a cache key: the play token, else the auth token, else anonymous (the token
 * that decides what the storefront answers). Kept in memory only.
 */
export function viewerKey(http: Pick<HttpOptions, 'authToken' | 'playToken'>): string {
  const playToken = http.playToken?.trim();
  const authToken = http.authToken?.trim();
  if (playToken) return `play:${playToken}`;
  if (authToken) return `auth:${authToken}`;
  return 'anonymous';
}

/** The full cache key of a query for one storefront and viewer. */
export function contentQueryKey(http: HttpOptions, key: readonly unknown[]): QueryKey {
  const base = http.baseUrl.endsWith('/') ? http.baseUrl.slice(0, -1) : http.baseUrl;
  return [CONTENT_QUERY_ROOT, base, viewerKey(http), ...key];
}

/** Runs a query without a cache (the standalone `get*` functions). */
export function runQuery<T>(http: HttpOptions, query: ContentQuery<T>, signal?: AbortSignal): Promise<T> {
  return query.run(http, signal);
}
