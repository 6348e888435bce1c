/**
 * The player's session services as the play page configures them (player-and-client §3 "Player
 * configuration": heartbeat, telemetry, live.status) from the merged configuration (play-page §3
 * "Configuration"). Pure.
 *
 * | key (seconds for frequencies) | player config | absent |
 * |---|---|---|
 * | `heartbeat_uri`, `heartbeat_frequency` | `heartbeat {uri, intervalMs}` | `/services/license/heartbeat` (play-page §7), 30 s |
 * | `player_telemetry_uri`, `telemetry_frequency` | `telemetry {uri, intervalMs}` | no player telemetry; 30 s (play-page §9) |
 * | `live_status_base_url`, `live_status_frequency` | `live {statusBaseUrl, pollIntervalMs}` | `/services/live/v1/streamstatus`, 15 s (play-page §4, §9) |
 *
 * These endpoints receive the play token (`x-play-session`), so a URL is used only when it is on the
 * storefront origin or an allowed origin (DESIGN.md "Security rules"); another one falls back to the
 * default (or, for telemetry, to none).
 */
import type { S72PlayerConfig } from 's72-player/client';
import { safeRedirectUrl } from '../../lib/safe-url.js';

/** play-page §7 `POST /services/license/heartbeat`. */
export const DEFAULT_HEARTBEAT_PATH = '/services/license/heartbeat';
/** play-page §7 `GET /services/live/v1/streamstatus{slug}`. */
export const DEFAULT_LIVE_STATUS_PATH = '/services/live/v1/streamstatus';
/** Heartbeat interval when `heartbeat_frequency` is absent, ms (play-page §9 gives none; the telemetry default). */
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 30_000;
/** play-page §9 "Telemetry frequency default 30 s". */
export const DEFAULT_TELEMETRY_INTERVAL_MS = 30_000;
/** play-page §9 "Live status poll 15 s in the player". */
export const DEFAULT_LIVE_POLL_INTERVAL_MS = 15_000;

type SessionServices = Pick<S72PlayerConfig, 'heartbeat' | 'telemetry' | 'live'>;

/** `seconds` (a positive finite number, or a numeric string) in ms, else `fallbackMs`. */
export function secondsToMs(seconds: unknown, fallbackMs: number): number {
  const n = typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : seconds;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n * 1000) : fallbackMs;
}

/**
 * The heartbeat, player telemetry and live status settings of the player.
 *
 * @param origin The storefront origin (relative URLs resolve against it).
 * @param configuration The merged meta + content configuration; absent: the defaults.
 * @param allowedOrigins Other origins these calls may go to.
 */
export function sessionServicesConfig(
  origin: string,
  configuration: Readonly<Record<string, unknown>> | undefined,
  allowedOrigins: readonly string[] = [],
): SessionServices {
  const url = (key: string): string | null => {
    const value = configuration?.[key];
    return typeof value === 'string' && value.trim() !== '' ? safeRedirectUrl(value.trim(), origin, allowedOrigins) : null;
  };
  const telemetryUri = url('player_telemetry_uri');
  return {
    heartbeat: {
      uri: url('heartbeat_uri') ?? new URL(DEFAULT_HEARTBEAT_PATH, origin).href,
      intervalMs: secondsToMs(configuration?.['heartbeat_frequency'], DEFAULT_HEARTBEAT_INTERVAL_MS),
    },
    ...(telemetryUri
      ? { telemetry: { uri: telemetryUri, intervalMs: secondsToMs(configuration?.['telemetry_frequency'], DEFAULT_TELEMETRY_INTERVAL_MS) } }
      : {}),
    live: {
      statusBaseUrl: url('live_status_base_url') ?? new URL(DEFAULT_LIVE_STATUS_PATH, origin).href,
      pollIntervalMs: secondsToMs(configuration?.['live_status_frequency'], DEFAULT_LIVE_POLL_INTERVAL_MS),
    },
  };
}
