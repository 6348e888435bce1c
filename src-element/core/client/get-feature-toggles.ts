// player-and-client §7; play-page §7 "Feature toggles, cached"
/**
 * Feature toggle reads: `GET /services/users/v1/feature_toggles`,
 * `/services/shopping/feature_toggles`, `/services/content/feature_toggles` and
 * `/services/meta/feature_toggles`. Pricing has no toggles endpoint. Cached by the client.
 */
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { FeatureTogglesResponseSchema, type FeatureToggles } from './schemas.js';

// player-and-client §7
/** The four feature-toggle endpoints, by service (pricing has none). */
export const FEATURE_TOGGLE_SERVICE_PATHS = Object.freeze({
  users: '/services/users/v1/feature_toggles',
  shopping: '/services/shopping/feature_toggles',
  content: '/services/content/feature_toggles',
  meta: '/services/meta/feature_toggles',
} as const);

/** A service with a feature-toggles endpoint. */
export type FeatureToggleService = keyof typeof FEATURE_TOGGLE_SERVICE_PATHS;

/** Every feature-toggle service, in the storefront's order. */
export const FEATURE_TOGGLE_SERVICES = Object.freeze(Object.keys(FEATURE_TOGGLE_SERVICE_PATHS) as FeatureToggleService[]);

/** Every service's toggles (see {@link getFeatureToggles}). */
export type AllFeatureToggles = Record<FeatureToggleService, FeatureToggles>;

/** The cacheable read of one service's feature toggles. */
export function featureTogglesQuery(service: FeatureToggleService): ContentQuery<FeatureToggles> {
  const path = FEATURE_TOGGLE_SERVICE_PATHS[service];
  return {
    key: ['feature-toggles', service],
    run: async (http, signal) => (await request(http, { path, signal }, FeatureTogglesResponseSchema)).feature_toggles,
  };
}

/**
 * Fetches one service's feature toggles (the answer's `feature_toggles` object).
 *
 * @param service `users`, `shopping`, `content` or `meta`.
 * @returns Toggles by name, e.g. `{ cast: true, block_firefox: false }`.
 * @throws {S72Error} any error of `request()`; a body without a `feature_toggles` object is
 *   `malformed_response`.
 */
export function getServiceFeatureToggles(
  http: HttpOptions,
  service: FeatureToggleService,
  signal?: AbortSignal,
): Promise<FeatureToggles> {
  return featureTogglesQuery(service).run(http, signal);
}

/**
 * Fetches the four services' feature toggles in parallel.
 *
 * @returns `{ users, shopping, content, meta }`.
 * @throws {S72Error} the first failing read's error.
 */
export async function getFeatureToggles(http: HttpOptions, signal?: AbortSignal): Promise<AllFeatureToggles> {
  const parts = await Promise.all(FEATURE_TOGGLE_SERVICES.map((service) => getServiceFeatureToggles(http, service, signal)));
  return Object.fromEntries(FEATURE_TOGGLE_SERVICES.map((service, i) => [service, parts[i]!])) as AllFeatureToggles;
}

/** True only when the toggle is the boolean `true` (absent or any other value is off). Pure. */
export function isToggleOn(toggles: FeatureToggles, name: string): boolean {
  return toggles[name] === true;
}
