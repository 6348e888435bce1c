// player-and-client §7, §9
/**
 * Availabilities: `GET /services/content/v1/availabilities?items={comma-separated slugs}`,
 * batched by {@link AVAILABILITY_BATCH_SIZE}.
 */
import { S72Error } from '../errors.js';
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { AvailabilitiesResponseSchema, type Availability } from './schemas.js';

// player-and-client §9 "batch size 100 slugs"
/** Slugs per availabilities request. */
export const AVAILABILITY_BATCH_SIZE = 100;

/** Splits a list into chunks of at most `size` items. Pure; exported for tests. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The cacheable reads of an availabilities request: duplicates dropped, one query per batch of at
 * most {@link AVAILABILITY_BATCH_SIZE} slugs, in order. An empty list gives no query.
 */
export function availabilityQueries(slugs: readonly string[]): ContentQuery<Availability[]>[] {
  return chunk([...new Set(slugs)], AVAILABILITY_BATCH_SIZE).map((batch) => ({
    key: ['availabilities', batch],
    run: async (http, signal) => {
      const body = await request(
        http,
        { path: '/services/content/v1/availabilities', query: { items: batch.join(',') }, signal },
        AvailabilitiesResponseSchema,
      );
      return body.availabilities;
    },
  }));
}

// player-and-client §8 "Client"
/**
 * The availability of `slug` in an availabilities answer.
 *
 * @throws {S72Error} `availability_not_found` when the answer has no entry for `slug`.
 */
export function pickAvailability(availabilities: readonly Availability[], slug: string): Availability {
  const found = availabilities.find((a) => a.slug === slug);
  if (found) return found;
  throw new S72Error('availability_not_found', 'Availability not found', { category: 'client', data: { slug } });
}

/**
 * Fetches the availabilities of many slugs: duplicates dropped, at most 100 slugs per request,
 * requests in parallel, answers merged in request order (a request for 250 slugs makes 3 calls).
 *
 * @param http Base URL, fetch and tokens.
 * @param slugs Content slugs, e.g. `['/film/night-harbour', '/tv/harbour-lights/season/1/episode/1']`.
 * @param signal Aborts every request.
 * @returns One entry per slug the server knows (`from`/`to` ISO strings or null); unknown slugs are
 *   simply absent. An empty input makes no request and returns `[]`.
 * @throws {S72Error} any error of `request()`; the first failing batch fails the call.
 */
export async function getAvailabilities(
  http: HttpOptions,
  slugs: readonly string[],
  signal?: AbortSignal,
): Promise<Availability[]> {
  const answers = await Promise.all(availabilityQueries(slugs).map((query) => query.run(http, signal)));
  return answers.flat();
}
