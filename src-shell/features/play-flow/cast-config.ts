/**
 * The play page's casting and AirPlay settings for `<s72-player>` (play-page §2 `cast`, `airplay`
 * "each disables its feature when false", §9 "Default cast app id is present", "Default devices page
 * /devices.html"; player-and-client §3 "cast.playlist {baseUrl, authToken}", "manage-devices URL",
 * §5 "Casting requires cast config enabled with an appId"). Pure.
 *
 * | source | player config |
 * |---|---|
 * | configuration `cast_enabled: true`, the `cast` feature toggle not `false` and the `cast` parameter not `false` (session `castEnabled`) | `cast.enabled` (default off: the sender script is third-party, loaded only when enabled) |
 * | configuration `cast_app_id`, else the page's build-time default (`VITE_CAST_APP_ID`, play-page §9 "Default cast app id is present") | `cast.appId` (absent: the player shows "Cast unavailable"; never Google's Default Media Receiver, which cannot answer our status channel, player-and-client §5) |
 * | the storefront origin, the session's auth token | `cast.playlist {baseUrl, authToken}` |
 * | `airplay` parameter (session `airplayEnabled`) | `airplay` |
 * | configuration `devices_url` (same origin or allowed; default `/devices.html`) | `manageDevicesUrl` |
 */
import type { S72PlayerConfig } from 's72-player/client';
import type { PlaySession } from '../../types/play-session.js';
import { safeRedirectUrl } from '../../lib/safe-url.js';
import { DEFAULT_CAST_APP_ID } from '../../config/env.js';

/** play-page §9 "Default devices page /devices.html". */
export const DEFAULT_DEVICES_PATH = '/devices.html';

export function castPlayerConfig(
  origin: string,
  session: Pick<PlaySession, 'castEnabled' | 'airplayEnabled' | 'authToken'>,
  configuration?: Readonly<Record<string, unknown>>,
  allowedOrigins: readonly string[] = [],
  options: { castToggle?: boolean | undefined; defaultAppId?: string | undefined } = {},
): Pick<S72PlayerConfig, 'cast' | 'airplay' | 'manageDevicesUrl'> {
  const configured = configuration?.['cast_app_id'];
  const appId = typeof configured === 'string' && configured.trim() ? configured : 'defaultAppId' in options ? options.defaultAppId : DEFAULT_CAST_APP_ID;
  const devices = configuration?.['devices_url'];
  const devicesUrl = (typeof devices === 'string' && devices.trim() ? safeRedirectUrl(devices.trim(), origin, allowedOrigins) : null) ?? new URL(DEFAULT_DEVICES_PATH, origin).href;
  const authToken = session.authToken?.trim();
  return {
    cast: {
      // The feature toggle (`cast`, default on) turns casting off like `cast=false` does.
      enabled: session.castEnabled && configuration?.['cast_enabled'] === true && options.castToggle !== false,
      ...(typeof appId === 'string' && appId.trim() ? { appId: appId.trim() } : {}),
      playlist: { baseUrl: origin, ...(authToken ? { authToken } : {}) },
    },
    airplay: session.airplayEnabled,
    manageDevicesUrl: devicesUrl,
  };
}

/** The part of `s72-cast-change` the telemetry follows. */
export interface CastChangeLike {
  casting: boolean;
  connectionStatus: string;
  friendlyName: string | null;
}

/**
 * Play telemetry for casting (play-page §7 `POST /services/license/play_telemetry`: "cast events";
 * player-and-client §8 "Cast events go to play telemetry"): `cast-started` when playback moves to a
 * receiver, `cast-ended` when it comes back. Cast errors are `cast-error` (see {@link castErrorTelemetry}).
 */
export function castTelemetryEvents(
  previous: CastChangeLike | null,
  change: CastChangeLike,
): { event: 'cast-started' | 'cast-ended'; data: Record<string, unknown> }[] {
  const was = previous?.casting ?? false;
  if (change.casting && !was) return [{ event: 'cast-started', data: { connectionStatus: change.connectionStatus } }];
  if (!change.casting && was) return [{ event: 'cast-ended', data: { connectionStatus: change.connectionStatus } }];
  return [];
}

/** `cast-error` telemetry of a cast error (recoverable: playback goes on). */
export function castErrorTelemetry(error: { code: string; category?: string }): { event: 'cast-error'; data: Record<string, unknown> }[] {
  return error.category === 'cast' ? [{ event: 'cast-error', data: { code: error.code } }] : [];
}
