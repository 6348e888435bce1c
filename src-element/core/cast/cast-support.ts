// player-and-client §5 "Casting requires cast config enabled with an appId. Cast is disabled on Safari, smart TVs and Firefox"; play-page §2 `cast=false`
/**
 * Whether this player may cast, and with which receiver app. Pure. Framework-free.
 *
 * There is no default receiver app: Google's Default Media Receiver cannot answer our
 * status channel, so casting to it would only ever time out. Enabled without an app id is
 * `no-app-id`: the cast button shows as unavailable, the SDK is not loaded.
 */
import type { S72PlayerConfig } from '../types.js';
import { DEFAULT_MANAGE_DEVICES_URL } from './cast-constants.js';

/** Why casting is off, or `allowed`. `no-app-id`: enabled, but without a receiver app id. */
export type CastSupport = 'allowed' | 'disabled' | 'no-app-id' | 'safari' | 'firefox' | 'smart-tv';

/** Smart TV and set-top browsers (they are cast targets themselves, never senders). */
const SMART_TV = /SMART-TV|SmartTV|Tizen|Web0S|WebOS|NetCast|HbbTV|BRAVIA|AFT[A-Z]|CrKey|Roku|VIDAA|PhilipsTV|Android TV|GoogleTV/i;

/**
 * Casting is allowed with `config.cast.enabled === true` (the play page sets it from the
 * configuration, the feature toggle and the page's `cast` parameter) and a `config.cast.appId`,
 * except in Safari (and every iOS browser: WebKit has no Cast sender), Firefox and smart TVs.
 */
export function castSupport(config: Pick<S72PlayerConfig, 'cast'> | undefined, userAgent: string, maxTouchPoints = 0): CastSupport {
  if (config?.cast?.enabled !== true) return 'disabled';
  if (SMART_TV.test(userAgent)) return 'smart-tv';
  if (/\bFirefox\/|\bFxiOS\//.test(userAgent)) return 'firefox';
  const ios = /\b(?:iPhone|iPod|iPad)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
  const safari = /AppleWebKit\//.test(userAgent) && /\bSafari\//.test(userAgent) && !/(?:Chrome|Chromium|CriOS|Edg|EdgiOS|OPR)\//.test(userAgent);
  if (ios || safari) return 'safari';
  // §5 "with an appId": no silent default receiver.
  return castAppId(config) ? 'allowed' : 'no-app-id';
}

// §5
/** The receiver app id: `config.cast.appId` (trimmed), or null when there is none. */
export function castAppId(config: Pick<S72PlayerConfig, 'cast'> | undefined): string | null {
  const id = config?.cast?.appId;
  return typeof id === 'string' && id.trim() ? id.trim() : null;
}

// player-and-client §2
/**
 * The manage-devices link of the cast error screens (default `/devices.html`):
 * an http(s) URL or a path; anything else (e.g. `javascript:`) falls back to the default.
 */
export function manageDevicesUrl(config: Pick<S72PlayerConfig, 'manageDevicesUrl'> | undefined): string {
  const url = config?.manageDevicesUrl;
  if (typeof url !== 'string' || !url.trim()) return DEFAULT_MANAGE_DEVICES_URL;
  const value = url.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : DEFAULT_MANAGE_DEVICES_URL;
}
