// player-and-client §3, §7, §8, §9; play-page §6, §7
/**
 * The content-data client: every call of the
 * storefront's content-data API, bound to one storefront and one viewer, with a cache (30 s),
 * retries (3, backoff capped at 30 s) and shared in-flight requests. Framework-free (core layer);
 * exported as `s72-player/client`.
 *
 * @example
 * const client = createContentClient({ baseUrl: location.origin, authToken: 'demo-adult-token' });
 * const film = await client.getFilm('/film/night-harbour', signal);
 * const [library, progress] = await Promise.all([client.getLibrary(signal), client.getPlaybackProgress(signal)]);
 */
import { contentQueryKey, createContentCache, type ContentCache, type ContentQuery } from './cache.js';
import { availabilityQueries, getAvailabilities, pickAvailability } from './get-availabilities.js';
import { bundleQuery, getBundle } from './get-bundle.js';
import {
  CONFIGURATION_SERVICES,
  MERGED_CONFIGURATION_SERVICES,
  bundleRentalPeriod,
  configurationQuery,
  getConfiguration,
  getConfigurations,
  getServiceConfiguration,
  mergeConfigurations,
  type BundleRentalPeriod,
  type ConfigurationService,
  type Configurations,
} from './get-configuration.js';
import {
  FEATURE_TOGGLE_SERVICES,
  featureTogglesQuery,
  getFeatureToggles,
  getServiceFeatureToggles,
  type AllFeatureToggles,
  type FeatureToggleService,
} from './get-feature-toggles.js';
import { filmQuery, filmsQuery, getFilm, getFilms } from './get-film.js';
import { getLibrary, libraryQuery } from './get-library.js';
import { getPlaybackProgress, playbackProgressQuery } from './get-playback-progress.js';
import { getSeason, getSeasons, seasonQuery, seasonsQuery } from './get-season.js';
import { getStreams } from './get-streams.js';
import { getUser, userQuery } from './get-user.js';
import { getUserPlans, pickUserPlan, userPlansQuery } from './get-user-plans.js';
import type { FetchLike, HttpOptions } from './http.js';
import type {
  Availability,
  Bundle,
  Configuration,
  FeatureToggles,
  Film,
  LibraryItem,
  PlaybackProgressEntry,
  Season,
  StreamsResponse,
  UserAccount,
  UserPlan,
} from './schemas.js';

import { buildContinueWatching, type ContinueWatchingEntry } from './domain/index.js';
import { parentSlugOf, parseSlug, tryParseSlug } from './slugs.js';
import { buildContentMetadata, type ContentMetadata } from './content-metadata.js';

export type * from './schemas.js';
export * from './domain/index.js';
export * from './telemetry/index.js';
// Shared infrastructure, one copy each (DESIGN.md "Infrastructure exists once"), for the element
// and the play page as well as the client.
export { systemClock, sleepMs } from '../clock.js';
export type { Clock, IntervalClock, TimerHandle } from '../clock.js';
export { DEFAULT_BACKOFF, backoffDelayMs, backoffOptions, retryWithBackoff } from '../net/backoff.js';
export type { BackoffOptions, RetryOptions } from '../net/backoff.js';
export { REDACTED, REDACT_MAX_DEPTH, isTokenKey, mentionsSecret, redactTokens, redactValue } from '../redact.js';
export type { RedactOptions } from '../redact.js';
export {
  BATCH_MAX_RETRY_DELAY_MS,
  BATCH_SEND_TIMEOUT_MS,
  KEEPALIVE_BATCH_MAX_BYTES,
  TelemetryBatcher,
  classifyBatchFailure,
  failureStatus,
} from '../telemetry/batcher.js';
export type {
  BatchFailureOutcome,
  BatchLifecycleTargets,
  BatchSendOptions,
  TelemetryBatcherOptions,
} from '../telemetry/batcher.js';
export {
  DRM_TYPES,
  EME_DRM_TYPES,
  KEY_SYSTEMS,
  KEY_SYSTEM_TABLE,
  drmTypeOfKeySystem,
  isDrmType,
  normaliseDrmName,
} from '../engine/key-systems.js';
export type { KeySystemRow } from '../engine/key-systems.js';
export { SOURCE_KIND_ORDER, chooseSource } from '../engine/choose-source.js';
export { keySystemSupport, probeKeySystem } from '../drm/capabilities.js';
export type { DeviceFacts, KeySystemSupport } from '../drm/capabilities.js';
export { currentPlatform, platformOf } from '../drm/platform.js';
export type { PlatformFacts } from '../drm/platform.js';
export type { SourceChoice, SourceChoiceRules } from '../engine/choose-source.js';
export type { SourceKind } from '../engine/engine.js';
// The error class and the shared content/config types, also exported from `s72-player`, so the play
// page and other element-free callers need only `s72-player/client`.
export {
  REQUEST_ID_HEADERS,
  S72Error,
  isS72Error,
  requestIdFrom,
  type AccessErrorCode,
  type ClientErrorCode,
  type PlaybackErrorCode,
  type S72ErrorCategory,
  type S72ErrorCode,
  type S72ErrorInit,
  type S72ErrorSeverity,
} from '../errors.js';
export {
  DEFAULT_LICENSE_PATHS,
  type DrmType,
  type S72Asset,
  type S72ChaptersTrack,
  type S72Content,
  type S72PlayerConfig,
} from '../types.js';
export type { FetchLike, HttpOptions, HttpRequest } from './http.js';
export { request, buildHeaders, buildUrl, codeForStatus, retryAfterMs } from './http.js';
export * from './slugs.js';
export { IMAGE_ROOT_PATH_KEY, imageRootPath, resolveImageUrl, resolveImageUrls } from './images.js';
export { buildContentMetadata } from './content-metadata.js';
export type { ContentMetadata, ContentMetadataEpisode, ContentMetadataImages, ContentMetadataType, ContentSource } from './content-metadata.js';
// The string table (en, ar): shared with <s72-player>, used by the play page for every on-screen text.
export {
  ERROR_TEXT_CODES,
  SUPPORTED_LOCALES,
  createTranslator,
  formatCountdown,
  formatDateTime,
  formatPosition,
  formatTime,
  hasStringTable,
  loadStringTable,
  resolveLocale,
  type Locale,
  type MessageKey,
  type MessageParams,
  type Translator,
} from '../i18n/index.js';
// Every table built in, for code that needs them all synchronously. A page that shows one language
// loads only its table with `loadStringTable` (the play page does: English pages never fetch Arabic).
export { STRING_TABLES } from '../i18n/tables.js';
export {
  CONTENT_QUERY_ROOT,
  CONTENT_RETRY_BACKOFF,
  DEFAULT_CACHE_MAX_AGE_MS,
  MAX_RETRIES,
  MAX_RETRY_DELAY_MS,
  QUERY_CACHE_TIME_MS,
  RETRY_BASE_DELAY_MS,
  contentQueryKey,
  createContentCache,
  isRetryableError,
  retryAfterOf,
  retryDelayMs,
  runQuery,
  viewerKey,
} from './cache.js';
export type { ContentCache, ContentCacheOptions, ContentQuery, ReadOptions } from './cache.js';
export { AVAILABILITY_BATCH_SIZE, availabilityQueries, chunk, pickAvailability } from './get-availabilities.js';
export { bundleIdOf, bundleQuery } from './get-bundle.js';
export {
  CONFIGURATION_PATHS,
  CONFIGURATION_SERVICES,
  CONFIGURATION_SERVICE_PATHS,
  MERGED_CONFIGURATION_SERVICES,
  bundleRentalPeriod,
  configNumber,
  configString,
  configurationQuery,
  mergeConfigurations,
} from './get-configuration.js';
export type { BundleRentalPeriod, ConfigurationService, Configurations } from './get-configuration.js';
export {
  FEATURE_TOGGLE_SERVICES,
  FEATURE_TOGGLE_SERVICE_PATHS,
  featureTogglesQuery,
  isToggleOn,
} from './get-feature-toggles.js';
export type { AllFeatureToggles, FeatureToggleService } from './get-feature-toggles.js';
export { filmQuery, filmsQuery } from './get-film.js';
export { LIBRARY_SORT, libraryQuery } from './get-library.js';
export { playbackProgressQuery } from './get-playback-progress.js';
export { seasonQuery, seasonsQuery } from './get-season.js';
export { NOT_AUTHORIZED_MESSAGE, userQuery } from './get-user.js';
export { pickUserPlan, userPlansQuery } from './get-user-plans.js';
export {
  getAvailabilities,
  getBundle,
  getConfiguration,
  getConfigurations,
  getFeatureToggles,
  getFilm,
  getFilms,
  getLibrary,
  getPlaybackProgress,
  getSeason,
  getSeasons,
  getServiceConfiguration,
  getServiceFeatureToggles,
  getStreams,
  getUser,
  getUserPlans,
};

/** Options of {@link createContentClient}. */
export interface ContentClientOptions {
  /** Storefront origin, e.g. `location.origin` on the play page. */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  // play-page §6
  /** Sent as `x-auth-token` when there is no play token. */
  authToken?: string | undefined;
  // play-page §6
  /** Sent as `x-play-token` instead of the auth token. */
  playToken?: string | undefined;
  // play-page §6
  /**
   * Sends `x-bypass-cache: true`, and makes every read skip the client's cached
   * answers too (concurrent identical reads still share one fetch).
   */
  bypassCache?: boolean | undefined;
  // player-and-client §9
  /**
   * The response cache. Default: a new one for this client, shared with the
   * clients made by `withTokens`. Pass one made by `createContentCache()` to share it between
   * clients (keys include the storefront and the viewer) or to change retry delays in tests.
   */
  cache?: ContentCache | undefined;
}

// player-and-client §7; §9
/**
 * The calls of the content-data client; each takes an optional
 * `AbortSignal` last, which rejects that call with `request_aborted`.
 *
 * GET calls are cached for 30 s per storefront and viewer, retried up to 3 times on network
 * failures and 5xx (never on 4xx), and concurrent identical calls share one request. Every
 * call rejects with an `S72Error`; a body of the wrong shape is `malformed_response`.
 */
export interface ContentClient {
  /** Film metadata of `/film/{id}` or a film bonus (mapped to its film). Rejects `film_not_found` "Film not found". */
  getFilm(slug: string, signal?: AbortSignal): Promise<Film>;
  /** Metadata of many films (or film bonuses) in one request; unknown ones are left out. */
  getFilms(slugs: readonly string[], signal?: AbortSignal): Promise<Film[]>;
  /** Season metadata of a season, episode or season-bonus slug (mapped to the season). Rejects `season_not_found` "TV season not found". */
  getSeason(slug: string, signal?: AbortSignal): Promise<Season>;
  /** Metadata of many seasons in one request; unknown ones are left out. */
  getSeasons(slugs: readonly string[], signal?: AbortSignal): Promise<Season[]>;
  /** Availabilities of many slugs, 100 per request (each batch cached), merged. */
  getAvailabilities(slugs: readonly string[], signal?: AbortSignal): Promise<Availability[]>;
  // player-and-client §8
  /** The availability of one slug. Rejects `availability_not_found` when the storefront has none. */
  getAvailability(slug: string, signal?: AbortSignal): Promise<Availability>;
  /** A bundle by `/bundle/{id}` or id. Rejects `bundle_not_found` "Bundle not found". */
  getBundle(slugOrId: string, signal?: AbortSignal): Promise<Bundle>;
  /**
   * The player view's content metadata of a film, film bonus, season, episode or season bonus
   * (type, slug, title, shortDescription, images, bonuses, episodes, seasonTitle, availableSeasons,
   * recommendations), from its film or season answer and the configuration (`image_root_path`,
   * `season_name`; a configuration failure leaves them at their defaults). Rejects like
   * {@link getFilm} / {@link getSeason}, `media_not_found` for a bonus or episode the answer lacks.
   */
  getContentMetadata(slug: string, signal?: AbortSignal): Promise<ContentMetadata>;
  /** Meta + content configuration merged (content keys win). */
  getConfiguration(signal?: AbortSignal): Promise<Configuration>;
  /** One service's configuration (`users`, `shopping`, `content`, `meta`, `pricing`). */
  getServiceConfiguration(service: ConfigurationService, signal?: AbortSignal): Promise<Configuration>;
  /** All five configurations, by service. */
  getConfigurations(signal?: AbortSignal): Promise<Configurations>;
  /** One service's feature toggles (`users`, `shopping`, `content`, `meta`). */
  getServiceFeatureToggles(service: FeatureToggleService, signal?: AbortSignal): Promise<FeatureToggles>;
  /** All four services' feature toggles, by service. */
  getFeatureToggles(signal?: AbortSignal): Promise<AllFeatureToggles>;
  /** Streams of a streamable slug (`POST /services/playback/streams{slug}`); never cached or retried. */
  getStreams(slug: string, signal?: AbortSignal): Promise<StreamsResponse>;
  /** The viewer's account. Rejects `not_authorized` "Provided credentials were invalid" when it cannot be fetched. */
  getUser(signal?: AbortSignal): Promise<UserAccount>;
  /** The viewer's library (`sort_by=relevance`); the user id comes from {@link getUser}. */
  getLibrary(signal?: AbortSignal): Promise<LibraryItem[]>;
  /** The viewer's plans (expired ones included). */
  getUserPlans(signal?: AbortSignal): Promise<UserPlan[]>;
  // player-and-client §8
  /** The viewer's plan `planId` (expired or not). Rejects `plan_not_found` when the viewer has none of that id. */
  getUserPlan(planId: string, signal?: AbortSignal): Promise<UserPlan>;
  // player-and-client §9
  /**
   * The bundle rental period of the merged configuration: `rental_redeem_period`
   * (days) and `rental_playback_duration_minutes`, in ms, `null` when not configured.
   */
  getBundleRentalPeriod(signal?: AbortSignal): Promise<BundleRentalPeriod>;
  /** The viewer's playback progress; the user id comes from {@link getUser}. */
  getPlaybackProgress(signal?: AbortSignal): Promise<PlaybackProgressEntry[]>;
  // player-and-client §9
  /**
   * The viewer's continue-watching list: playback progress, the seasons of
   * the shows in it and their episodes' availabilities, filtered and ordered by
   * `buildContinueWatching` with the configuration's `continue_watching_max_age` (days) and
   * `continue_watching_max_items`. `now` in epoch ms (default: the current time).
   */
  getContinueWatching(signal?: AbortSignal, now?: number): Promise<ContinueWatchingEntry[]>;
  /** A client for the same storefront and cache with other tokens (e.g. the play token from the streams call). */
  withTokens(tokens: Pick<ContentClientOptions, 'authToken' | 'playToken'>): ContentClient;
  /** Drops every cached answer of this client's cache (all viewers). */
  clearCache(): void;
  /** The response cache (shared with `withTokens` clients). */
  readonly cache: ContentCache;
}

// player-and-client §7
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
  const cache = options.cache ?? createContentCache();
  const fresh = options.bypassCache === true;

  /** Runs a query through the cache; slug errors of building the query become rejections. */
  const read = <T>(build: () => ContentQuery<T>, signal?: AbortSignal): Promise<T> => {
    let query: ContentQuery<T>;
    try {
      query = build();
    } catch (error) {
      // Query builders throw S72Errors (slug errors).
      return Promise.reject(error as Error);
    }
    return cache.read(contentQueryKey(http, query.key), (querySignal) => query.run(http, querySignal), { signal, fresh });
  };
  const userId = async (signal?: AbortSignal): Promise<string> => (await read(() => userQuery, signal)).user_id;

  const client: ContentClient = {
    cache,
    getFilm: (slug, signal) => read(() => filmQuery(slug), signal),
    getFilms: (slugs, signal) => read(() => filmsQuery(slugs), signal),
    getSeason: (slug, signal) => read(() => seasonQuery(slug), signal),
    getSeasons: (slugs, signal) => read(() => seasonsQuery(slugs), signal),
    async getContentMetadata(slug, signal) {
      const parsed = parseSlug(slug);
      const source =
        parsed.type === 'film' || parsed.type === 'film-bonus'
          ? client.getFilm(parsed.slug, signal).then((film) => ({ kind: 'film' as const, film }))
          : client.getSeason(parsed.slug, signal).then((season) => ({ kind: 'season' as const, season }));
      const [metadata, configuration] = await Promise.all([source, client.getConfiguration(signal).catch(() => ({}))]);
      return buildContentMetadata(parsed, metadata, configuration);
    },
    getAvailabilities: async (slugs, signal) => {
      const answers = await Promise.all(availabilityQueries(slugs).map((query) => read(() => query, signal)));
      return answers.flat();
    },
    getAvailability: async (slug, signal) => pickAvailability(await client.getAvailabilities([slug], signal), slug),
    getBundle: (slugOrId, signal) => read(() => bundleQuery(slugOrId), signal),
    getConfiguration: async (signal) =>
      mergeConfigurations(
        await Promise.all(MERGED_CONFIGURATION_SERVICES.map((service) => read(() => configurationQuery(service), signal))),
      ),
    getServiceConfiguration: (service, signal) => read(() => configurationQuery(service), signal),
    getConfigurations: async (signal) => {
      const parts = await Promise.all(CONFIGURATION_SERVICES.map((service) => read(() => configurationQuery(service), signal)));
      return Object.fromEntries(CONFIGURATION_SERVICES.map((service, i) => [service, parts[i]!])) as Configurations;
    },
    getServiceFeatureToggles: (service, signal) => read(() => featureTogglesQuery(service), signal),
    getFeatureToggles: async (signal) => {
      const parts = await Promise.all(FEATURE_TOGGLE_SERVICES.map((service) => read(() => featureTogglesQuery(service), signal)));
      return Object.fromEntries(FEATURE_TOGGLE_SERVICES.map((service, i) => [service, parts[i]!])) as AllFeatureToggles;
    },
    getStreams: (slug, signal) => getStreams(http, slug, signal),
    getUser: (signal) => read(() => userQuery, signal),
    getLibrary: async (signal) => {
      const id = await userId(signal);
      return read(() => libraryQuery(id), signal);
    },
    getUserPlans: (signal) => read(() => userPlansQuery, signal),
    getUserPlan: async (planId, signal) => pickUserPlan(await client.getUserPlans(signal), planId),
    getBundleRentalPeriod: async (signal) => bundleRentalPeriod(await client.getConfiguration(signal)),
    getPlaybackProgress: async (signal) => {
      const id = await userId(signal);
      return read(() => playbackProgressQuery(id), signal);
    },
    getContinueWatching: async (signal, now = Date.now()) => {
      const [progress, config] = await Promise.all([client.getPlaybackProgress(signal), client.getConfiguration(signal)]);
      const seasonSlugs = new Set<string>();
      for (const entry of progress) {
        const parsed = tryParseSlug(entry.item);
        if (parsed?.type === 'tv-episode') seasonSlugs.add(parentSlugOf(parsed).slug);
      }
      const seasons = seasonSlugs.size ? await client.getSeasons([...seasonSlugs], signal) : [];
      const episodeSlugs = seasons.flatMap((season) => (season.episodes ?? []).map((episode) => episode.slug));
      const availabilities = episodeSlugs.length ? await client.getAvailabilities(episodeSlugs, signal) : [];
      return buildContinueWatching({ progress, seasons, availabilities, config, now });
    },
    withTokens: (tokens) => createContentClient({ ...options, ...tokens, cache }),
    clearCache: () => cache.clear(),
  };
  return client;
}
