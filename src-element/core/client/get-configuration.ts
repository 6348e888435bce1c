/**
 * Configuration: `GET /services/meta/configuration` and `GET /services/content/configuration`,
 * merged (player-and-client §7, play-page §3 "Configuration").
 */
import { request, type HttpOptions } from './http.js';
import { ConfigurationSchema, type Configuration } from './schemas.js';

/** The configuration paths read, in merge order (later keys win). */
export const CONFIGURATION_PATHS = ['/services/meta/configuration', '/services/content/configuration'] as const;

/**
 * Fetches the meta and content configuration in parallel and merges them into one flat object
 * (content keys win over meta keys). Keys are read by name, e.g. `player_resume`,
 * `minimum_purchase_age`, `season_name`, `sign_in_url`, `heartbeat_frequency` (seconds).
 *
 * @throws {S72Error} any error of `request()`; a non-object body is `malformed_response`.
 */
export async function getConfiguration(http: HttpOptions, signal?: AbortSignal): Promise<Configuration> {
  const parts = await Promise.all(CONFIGURATION_PATHS.map((path) => request(http, { path, signal }, ConfigurationSchema)));
  return Object.assign({}, ...parts) as Configuration;
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
