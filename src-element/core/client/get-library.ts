// player-and-client §3 "Library item", §7
/**
 * The viewer's library: `GET /services/content/v4/user_library/{userId}/index?sort_by=relevance`.
 */
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { LibraryResponseSchema, type LibraryItem } from './schemas.js';

// player-and-client §7
/** The library order the client asks for. */
export const LIBRARY_SORT = 'relevance';

/** The cacheable read of a user's library (used by {@link getLibrary} and the client's cache). */
export function libraryQuery(userId: string): ContentQuery<LibraryItem[]> {
  return {
    key: ['library', userId],
    run: async (http, signal) => {
      const body = await request(
        http,
        {
          path: `/services/content/v4/user_library/${encodeURIComponent(userId)}/index`,
          query: { sort_by: LIBRARY_SORT },
          signal,
        },
        LibraryResponseSchema,
      );
      return body.items;
    },
  };
}

/**
 * Fetches a user's library, in the server's relevance order.
 *
 * @param http Base URL, fetch and the viewer's token.
 * @param userId The viewer's `user_id` (from `getUser`).
 * @param signal Aborts the call.
 * @returns The entries: `item` (slug), `info` (`quality`, `available_from`, `expiry`, `plan_id`,
 *   `rental_playback_duration_minutes` in minutes, `playback_start`, `playback_end`; dates ISO
 *   strings or null/absent) and `playback_progress` (seconds) or null. Ownership (plan if `plan_id`,
 *   rent if `expiry`, else buy) and the grouping of episodes are domain rules, not done here.
 * @throws {S72Error} `unauthorized` (401), `access_denied` (403, another user's library), any other
 *   error of `request()`.
 */
export function getLibrary(http: HttpOptions, userId: string, signal?: AbortSignal): Promise<LibraryItem[]> {
  return libraryQuery(userId).run(http, signal);
}
