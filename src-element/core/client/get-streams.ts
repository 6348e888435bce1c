// play-page §7
/**
 * Streams: `POST /services/playback/streams{slug}` with an empty body. Never cached
 * and never retried by the client: every answer carries a fresh play token.
 */
import { request, type HttpOptions } from './http.js';
import { StreamsResponseSchema, type StreamsResponse } from './schemas.js';
import { assertSlugType, parseSlug, STREAMABLE_SLUG_TYPES } from './slugs.js';

// play-page §6
/**
 * Fetches the streams of a streamable slug. The token header is the play token, else the auth
 * token. An empty `streams` list is returned as is (the play page turns it into
 * `streams_are_empty`).
 *
 * @param http Base URL, fetch and tokens.
 * @param slug A film, film bonus, episode or season bonus slug.
 * @param signal Aborts the call.
 * @returns `streams` (url, encoding_type, drm_type[], broadcast_id), `play_token`,
 *   `playback_progress` (seconds), `watch_window_duration` (minutes), `ad_tag`,
 *   `will_trigger_watch_window`, `default_subtitle_language`, `chapters` (WebVTT chapters
 *   files `{url, language}`, for `S72Content.chapters`).
 * @throws {S72Error} `unsupported_slug` / `slug_not_streamable` for a bad slug; `unauthorized` or
 *   `play_token_expired` (401); the server's code (403, e.g. `no_user_plan`, `missing_from_library`,
 *   `availability_expired`); `slug_not_found` (404); `server_busy` (502/504); `network_error`;
 *   `malformed_response`.
 */
export async function getStreams(http: HttpOptions, slug: string, signal?: AbortSignal): Promise<StreamsResponse> {
  const parsed = parseSlug(slug);
  assertSlugType(parsed, STREAMABLE_SLUG_TYPES);
  return request(
    http,
    { method: 'POST', path: `/services/playback/streams${parsed.slug}`, signal, notFoundCode: 'slug_not_found' },
    StreamsResponseSchema,
  );
}
