// player-and-client §5 "Casting requires cast config enabled with an appId. Cast is disabled on Safari, smart TVs and Firefox"; play-page §2 `cast=false`, §9 "Default cast app id is present"
/**
 * Whether this player may cast, and with which receiver app. Pure. Framework-free.
 */
import type { S72PlayerConfig } from '../types.js';
import { DEFAULT_CAST_APP_ID, DEFAULT_MANAGE_DEVICES_URL } from './cast-constants.js';

/** Why casting is off, or `allowed`. */
export type CastSupport = 'allowed' | 'disabled' | 'safari' | 'firefox' | 'smart-tv';

/** Smart TV and set-top browsers (they are cast targets themselves, never senders). */
const SMART_TV = /SMART-TV|SmartTV|Tizen|Web0S|WebOS|NetCast|HbbTV|BRAVIA|AFT[A-Z]|CrKey|Roku|VIDAA|PhilipsTV|Android TV|GoogleTV/i;

/**
 * Casting is allowed with `config.cast.enabled === true` (the play page sets it from the
 * configuration and the page's `cast` parameter), except in Safari (and every iOS browser: WebKit
 * has no Cast sender), Firefox and smart TVs.
 */
export function castSupport(config: Pick<S72PlayerConfig, 'cast'> | undefined, userAgent: string, maxTouchPoints = 0): CastSupport {
  if (config?.cast?.enabled !== true) return 'disabled';
  if (SMART_TV.test(userAgent)) return 'smart-tv';
  if (/\bFirefox\/|\bFxiOS\//.test(userAgent)) return 'firefox';
  const ios = /\b(?:iPhone|iPod|iPad)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
  const safari = /AppleWebKit\//.test(userAgent) && /\bSafari\//.test(userAgent) && !/(?:Chrome|Chromium|CriOS|Edg|EdgiOS|OPR)\//.test(userAgent);
  if (ios || safari) return 'safari';
  return 'allowed';
}

// play-page §9
/** The receiver app id: `config.cast.appId`, else the default. */
export function castAppId(config: Pick<S72PlayerConfig, 'cast'> | undefined): string {
  const id = config?.cast?.appId;
  return typeof id === 'string' && id.trim() ? id.trim() : DEFAULT_CAST_APP_ID;
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
