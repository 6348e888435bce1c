/**
 * The content-data client (player-and-client §3, §7, §8, §9; play-page §6, §7): the calls the play
 * page needs, bound to one storefront and one viewer. Framework-free (core layer); exported as
 * `s72-player/client`.
 *
 * @example
 * const client = createContentClient({ baseUrl: location.origin, authToken: 'demo-adult-token' });
 * const film = await client.getFilm('/film/night-harbour', signal);
 */
import { getAvailabilities } from './get-availabilities.js';
import { getConfiguration } from './get-configuration.js';
import { getFilm } from './get-film.js';
import { getSeason } from './get-season.js';
import { getStreams } from './get-streams.js';
import { getUser } from './get-user.js';
import type { FetchLike, HttpOptions } from './http.js';
import type { Availability, Configuration, Film, Season, StreamsResponse, UserAccount } from './schemas.js';

export type * from './schemas.js';
export type { FetchLike, HttpOptions, HttpRequest } from './http.js';
export { request, buildHeaders, buildUrl, codeForStatus } from './http.js';
export * from './slugs.js';
export { AVAILABILITY_BATCH_SIZE, chunk } from './get-availabilities.js';
export { CONFIGURATION_PATHS, configNumber, configString } from './get-configuration.js';
export { getAvailabilities, getConfiguration, getFilm, getSeason, getStreams, getUser };

/** Options of {@link createContentClient}. */
export interface ContentClientOptions {
  /** Storefront origin, e.g. `location.origin` on the play page. */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Sent as `x-auth-token` when there is no play token (play-page §6). */
  authToken?: string | undefined;
  /** Sent as `x-play-token` instead of the auth token (play-page §6). */
  playToken?: string | undefined;
  /** Sends `x-bypass-cache: true` (play-page §6). */
  bypassCache?: boolean | undefined;
}

/** The calls of the content-data client; each takes an optional `AbortSignal` last. */
export interface ContentClient {
  /** Film metadata of `/film/{id}` or a film bonus (mapped to its film). */
  getFilm(slug: string, signal?: AbortSignal): Promise<Film>;
  /** Season metadata of a season, episode or season-bonus slug (mapped to the season). */
  getSeason(slug: string, signal?: AbortSignal): Promise<Season>;
  /** Availabilities of many slugs, 100 per request, merged. */
  getAvailabilities(slugs: readonly string[], signal?: AbortSignal): Promise<Availability[]>;
  /** Meta + content configuration merged. */
  getConfiguration(signal?: AbortSignal): Promise<Configuration>;
  /** Streams of a streamable slug (`POST /services/playback/streams{slug}`). */
  getStreams(slug: string, signal?: AbortSignal): Promise<StreamsResponse>;
  /** The viewer's account. */
  getUser(signal?: AbortSignal): Promise<UserAccount>;
  /** A client for the same storefront with other tokens (e.g. the play token from the streams call). */
  withTokens(tokens: Pick<ContentClientOptions, 'authToken' | 'playToken'>): ContentClient;
}

/**
 * Creates a content-data client bound to one storefront and one viewer.
 *
 * Every call rejects with an `S72Error` (see `request()` in http.ts for the status → code table).
 */
export function createContentClient(options: ContentClientOptions): ContentClient {
  const http: HttpOptions = {
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    authToken: options.authToken,
    playToken: options.playToken,
    bypassCache: options.bypassCache,
  };
  return {
    getFilm: (slug, signal) => getFilm(http, slug, signal),
    getSeason: (slug, signal) => getSeason(http, slug, signal),
    getAvailabilities: (slugs, signal) => getAvailabilities(http, slugs, signal),
    getConfiguration: (signal) => getConfiguration(http, signal),
    getStreams: (slug, signal) => getStreams(http, slug, signal),
    getUser: (signal) => getUser(http, signal),
    withTokens: (tokens) => createContentClient({ ...options, ...tokens }),
  };
}
