/**
 * Which endpoint the `m` parameter (telemetry url, play-page §2) may name (issue 8 "Hardening";
 * DESIGN.md "Security rules"): play telemetry carries the viewer's token in a header, so `m` is used
 * only when it is under one of the configured telemetry URL prefixes; anything else (another origin,
 * or another endpoint of the storefront such as the PIN check of play-page §7) is ignored and the
 * default endpoint is used.
 */
import { TELEMETRY_EVENT_PATH } from 's72-player/client';
import { urlUnderPrefix } from '../../lib/safe-url.js';
import { PLAY_TELEMETRY_PATH } from './play-telemetry.js';

/**
 * Configuration key (play-page §3 "Configuration", merged meta + content): a list of telemetry URL
 * prefixes, each an absolute http(s) URL or a path on the storefront origin (a comma-separated string
 * is read too).
 */
export const PLAY_TELEMETRY_URLS_KEY = 'play_telemetry_urls';

/** The storefront's player telemetry endpoint (its content configuration's default `player_telemetry_uri`). */
export const PLAYER_TELEMETRY_PATH = '/services/license/player_telemetry';

/**
 * The prefixes used when the configuration has none: the storefront's own telemetry endpoints (the
 * play telemetry of play-page §7, the client telemetry `POST /services/telemetry/v1/event` of
 * player-and-client §7, and the player telemetry), on the page's origin. Never another endpoint.
 */
export const DEFAULT_PLAY_TELEMETRY_URL_PREFIXES: readonly string[] = [PLAY_TELEMETRY_PATH, TELEMETRY_EVENT_PATH, PLAYER_TELEMETRY_PATH];

/** The telemetry URL prefixes of the configuration, or the default. Pure. */
export function telemetryUrlPrefixes(configuration: Readonly<Record<string, unknown>> | undefined): readonly string[] {
  const value = configuration?.[PLAY_TELEMETRY_URLS_KEY];
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!list) return DEFAULT_PLAY_TELEMETRY_URL_PREFIXES;
  return list.filter((p): p is string => typeof p === 'string').map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * The absolute endpoint `m` names when it is under a configured prefix, else `undefined` (use the
 * default endpoint). Pure.
 *
 * @param m The session's `telemetryUrl`.
 * @param pageOrigin The storefront origin (relative `m` and prefixes resolve against it).
 */
export function allowedTelemetryUrl(
  m: string | undefined,
  pageOrigin: string,
  configuration: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  return urlUnderPrefix(m, pageOrigin, telemetryUrlPrefixes(configuration)) ?? undefined;
}
