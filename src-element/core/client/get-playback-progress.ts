// player-and-client §3 "Playback progress", §7
/**
 * The viewer's playback progress: `GET /services/content/v1/playback_progress/{userId}`.
 */
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { PlaybackProgressResponseSchema, type PlaybackProgressEntry } from './schemas.js';

/** The cacheable read of a user's progress (used by {@link getPlaybackProgress} and the client's cache). */
export function playbackProgressQuery(userId: string): ContentQuery<PlaybackProgressEntry[]> {
  return {
    key: ['playback-progress', userId],
    run: async (http, signal) => {
      const body = await request(
        http,
        { path: `/services/content/v1/playback_progress/${encodeURIComponent(userId)}`, signal },
        PlaybackProgressResponseSchema,
      );
      return body.playback_progress;
    },
  };
}

/**
 * Fetches a user's playback progress, one entry per item watched.
 *
 * @param userId The viewer's `user_id` (from `getUser`).
 * @returns `[{ item, play_position, length, completed, last_played_at }]`: positions and lengths
 *   in seconds, `last_played_at` an ISO string (the player's lastWatchedAt).
 * @throws {S72Error} `unauthorized` (401), `access_denied` (403, another user), any other error of
 *   `request()`.
 */
export function getPlaybackProgress(
  http: HttpOptions,
  userId: string,
  signal?: AbortSignal,
): Promise<PlaybackProgressEntry[]> {
  return playbackProgressQuery(userId).run(http, signal);
}
