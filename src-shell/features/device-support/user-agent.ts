/**
 * The device from the user-agent string, parsed by ua-parser-js (play-page §9 "Device matrix"): for
 * browsers whose client hints do not settle it (Firefox, Safari, every iOS browser, Chromium
 * browsers of other brands). A module of its own so that the play page loads ua-parser-js only for
 * them (device-support.ts `detectDevice`, issue 23).
 */
import { browserOf, osOf, type ClientHints, type DeviceInfo } from './device-support.js';
import { parseUA } from './ua-parser.js';

/**
 * Parses a user agent (ua-parser-js) into the matrix's browser and OS. Pure.
 *
 * Windows 11 and 10 send the same UA (`Windows NT 10.0`); pass `hints.platformVersion` to tell them
 * apart (without it, Windows 10 is assumed).
 */
export function parseUserAgent(userAgent: string, hints: ClientHints = {}): DeviceInfo {
  const result = parseUA(userAgent);
  const browserName = result.browser.name ?? '';
  const osName = result.os.name ?? '';
  let os = osOf(osName, result.os.version ?? '', hints);
  const model = (result.device.model ?? '').toLowerCase();
  // iPadOS 13+ Safari asks for the desktop site: "Macintosh" with touch points.
  if (os === 'macOS' && (hints.maxTouchPoints ?? 0) > 1) os = 'iOS';
  const deviceType = result.device.type ?? '';
  const mobile = os === 'iOS' || os === 'Android' || deviceType === 'mobile' || deviceType === 'tablet';
  return {
    browser: browserOf(browserName),
    browserName,
    browserVersion: result.browser.version ?? '',
    os,
    osName,
    mobile,
    iphone: model === 'iphone' || model === 'ipod' || /\b(?:iPhone|iPod)\b/.test(userAgent),
  };
}
