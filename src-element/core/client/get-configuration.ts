// player-and-client §7; play-page §3 "Configuration", §7
/**
 * Configuration reads: `GET /services/users/v1/configuration`,
 * `/services/shopping/configuration`, `/services/content/configuration`,
 * `/services/meta/configuration` and `/services/pricing/v1/configuration`. The play page reads the
 * meta and content ones merged.
 */
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { ConfigurationSchema, type Configuration } from './schemas.js';

// player-and-client §7
/** The five configuration endpoints, by service. */
export const CONFIGURATION_SERVICE_PATHS = Object.freeze({
  users: '/services/users/v1/configuration',
  shopping: '/services/shopping/configuration',
  content: '/services/content/configuration',
  meta: '/services/meta/configuration',
  pricing: '/services/pricing/v1/configuration',
} as const);

/** A service with a configuration endpoint. */
export type ConfigurationService = keyof typeof CONFIGURATION_SERVICE_PATHS;

/** Every configuration service, in the storefront's order. */
export const CONFIGURATION_SERVICES = Object.freeze(Object.keys(CONFIGURATION_SERVICE_PATHS) as ConfigurationService[]);

/** The configuration paths merged by {@link getConfiguration}, in merge order (later keys win). */
export const CONFIGURATION_PATHS = [CONFIGURATION_SERVICE_PATHS.meta, CONFIGURATION_SERVICE_PATHS.content] as const;

/** The services merged by {@link getConfiguration}, in merge order. */
export const MERGED_CONFIGURATION_SERVICES = ['meta', 'content'] as const satisfies readonly ConfigurationService[];

/** Every service's configuration (see {@link getConfigurations}). */
export type Configurations = Record<ConfigurationService, Configuration>;

/** The cacheable read of one service's configuration. */
export function configurationQuery(service: ConfigurationService): ContentQuery<Configuration> {
  const path = CONFIGURATION_SERVICE_PATHS[service];
  return {
    key: ['configuration', service],
    run: (http, signal) => request(http, { path, signal }, ConfigurationSchema),
  };
}

/**
 * Fetches one service's configuration, a flat object read by key.
 *
 * @param service `users`, `shopping`, `content`, `meta` or `pricing`.
 * @throws {S72Error} any error of `request()`; a non-object body is `malformed_response`.
 */
export function getServiceConfiguration(
  http: HttpOptions,
  service: ConfigurationService,
  signal?: AbortSignal,
): Promise<Configuration> {
  return configurationQuery(service).run(http, signal);
}

/** Merges configurations, later keys winning. Pure. */
export function mergeConfigurations(parts: readonly Configuration[]): Configuration {
  return Object.assign({}, ...parts) as Configuration;
}

/**
 * Fetches the meta and content configuration in parallel and merges them into one flat object
 * (content keys win over meta keys). Keys are read by name, e.g. `player_resume`,
 * `minimum_purchase_age`, `season_name`, `image_root_path`, `continue_watching_max_age` (days),
 * `continue_watching_max_items`, `rental_redeem_period` (days), `heartbeat_frequency` (seconds).
 *
 * @throws {S72Error} any error of `request()`; a non-object body is `malformed_response`.
 */
export async function getConfiguration(http: HttpOptions, signal?: AbortSignal): Promise<Configuration> {
  const parts = await Promise.all(
    MERGED_CONFIGURATION_SERVICES.map((service) => getServiceConfiguration(http, service, signal)),
  );
  return mergeConfigurations(parts);
}

/**
 * Fetches all five configurations in parallel.
 *
 * @returns `{ users, shopping, content, meta, pricing }`, each a flat object.
 * @throws {S72Error} the first failing read's error.
 */
export async function getConfigurations(http: HttpOptions, signal?: AbortSignal): Promise<Configurations> {
  const parts = await Promise.all(CONFIGURATION_SERVICES.map((service) => getServiceConfiguration(http, service, signal)));
  return Object.fromEntries(CONFIGURATION_SERVICES.map((service, i) => [service, parts[i]!])) as Configurations;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

// player-and-client §9 "Data client"
/** A bundle rental's terms, in ms; `null` when not configured. */
export interface BundleRentalPeriod {
  /** `rental_redeem_period` (days): how long a rented bundle can be started. */
  redeemPeriodMs: number | null;
  /** `rental_playback_duration_minutes`: how long it plays once started. */
  playbackDurationMs: number | null;
}

// player-and-client §9
/**
 * The bundle rental period of a configuration ("Bundle rental period from
 * config rental_redeem_period (days) and rental_playback_duration_minutes"). Numbers or numeric
 * strings; absent, non-numeric, zero or negative values are `null`. Pure.
 */
export function bundleRentalPeriod(config: Configuration): BundleRentalPeriod {
  const positive = (key: string, unitMs: number): number | null => {
    const n = configNumber(config, key, NaN);
    return Number.isFinite(n) && n > 0 ? n * unitMs : null;
  };
  return {
    redeemPeriodMs: positive('rental_redeem_period', DAY_MS),
    playbackDurationMs: positive('rental_playback_duration_minutes', MINUTE_MS),
  };
}

/** Reads a string configuration key, or `fallback` when absent or not a non-empty string. */
export function configString(config: Configuration, key: string, fallback: string): string {
  const value = config[key];
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/** Reads a numeric configuration key (numbers or numeric strings), or `fallback`. */
export function configNumber(config: Configuration, key: string, fallback: number): number {
  const value = config[key];
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}
