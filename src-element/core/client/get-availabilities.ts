/**
 * Availabilities: `GET /services/content/v1/availabilities?items={comma-separated slugs}`,
 * batched by {@link AVAILABILITY_BATCH_SIZE} (player-and-client §7, §9).
 */
import { request, type HttpOptions } from './http.js';
import { AvailabilitiesResponseSchema, type Availability } from './schemas.js';

/** Slugs per availabilities request (player-and-client §9 "batch size 100 slugs"). */
export const AVAILABILITY_BATCH_SIZE = 100;

/** Splits a list into chunks of at most `size` items. Pure; exported for tests. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Fetches the availabilities of many slugs: duplicates dropped, at most 100 slugs per request,
 * requests in parallel, answers merged in request order.
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
  const unique = [...new Set(slugs)];
  const batches = chunk(unique, AVAILABILITY_BATCH_SIZE);
  const answers = await Promise.all(
    batches.map((batch) =>
      request(
        http,
        { path: '/services/content/v1/availabilities', query: { items: batch.join(',') }, signal },
        AvailabilitiesResponseSchema,
      ),
    ),
  );
  return answers.flatMap((a) => a.availabilities);
}
