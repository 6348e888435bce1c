/**
 * Device support check of the play page (play-page §4 step 5, §9 "Device matrix", "Restriction
 * toggles"; player-and-client §5 restrictions). Pure except {@link detectDevice}, which reads the
 * browser: a Chromium browser's client hints (`navigator.userAgentData`) when they settle it, else
 * the user agent through ua-parser-js (user-agent.ts), loaded only then (issue 23: ~9 KiB gzip and
 * tens of ms of regexes off the play page's start in Chrome, Edge and Opera).
 *
 * The matrix (play-page §9):
 * - Chrome, Edge, Firefox, Opera: yes on Windows 11, Windows 10, macOS, iOS and Android; maybe on Linux.
 * - Safari: macOS and iOS only.
 * - Any other browser or OS: no.
 */

/** `maybe`: may work, not tested (play-page §9: Linux). */
export type SupportLevel = 'yes' | 'maybe' | 'no';

/** Browsers of the matrix. */
export const MATRIX_BROWSERS = ['Chrome', 'Edge', 'Firefox', 'Opera', 'Safari'] as const;
export type MatrixBrowser = (typeof MATRIX_BROWSERS)[number];
/** Platforms of the matrix, in the order of `/supported-devices.json`. */
export const MATRIX_PLATFORMS = ['Windows 11', 'Windows 10', 'macOS', 'iOS', 'Android', 'Linux'] as const;
export type MatrixPlatform = (typeof MATRIX_PLATFORMS)[number];

/** A browser or OS outside the matrix is `'other'`. */
export type BrowserName = MatrixBrowser | 'other';
export type OsName = MatrixPlatform | 'other';

export type SupportMatrix = Readonly<Record<MatrixBrowser, Readonly<Record<MatrixPlatform, SupportLevel>>>>;

const CHROMIUM_ROW: Readonly<Record<MatrixPlatform, SupportLevel>> = Object.freeze({
  'Windows 11': 'yes',
  'Windows 10': 'yes',
  macOS: 'yes',
  iOS: 'yes',
  Android: 'yes',
  Linux: 'maybe',
});

/** play-page §9 "Device matrix". */
export const SUPPORT_MATRIX: SupportMatrix = Object.freeze({
  Chrome: CHROMIUM_ROW,
  Edge: CHROMIUM_ROW,
  Firefox: CHROMIUM_ROW,
  Opera: CHROMIUM_ROW,
  Safari: Object.freeze({ 'Windows 11': 'no', 'Windows 10': 'no', macOS: 'yes', iOS: 'yes', Android: 'no', Linux: 'no' }),
});

/** What the play page knows about the viewer's device. */
export interface DeviceInfo {
  browser: BrowserName;
  /** The browser name as ua-parser-js reported it (e.g. `Mobile Safari`), for diagnostics. */
  browserName: string;
  browserVersion: string;
  os: OsName;
  /** The OS name as ua-parser-js reported it (e.g. `Ubuntu`). */
  osName: string;
  /** A phone or tablet (iOS, Android or a mobile/tablet device type). */
  mobile: boolean;
  /** An iPhone (or iPod): the target of the `iphone_fullscreen` restriction. */
  iphone: boolean;
}

/** Extra client data that refines the user agent (`navigator.userAgentData`). */
export interface ClientHints {
  /** `getHighEntropyValues(['platformVersion'])`; on Windows, major ≥ 13 is Windows 11. */
  platformVersion?: string | undefined;
  /** `navigator.maxTouchPoints`: an iPad in desktop mode says "Macintosh" but has touch points. */
  maxTouchPoints?: number | undefined;
}

/** Windows `platformVersion` major from which it is Windows 11 (Microsoft's UA-CH guidance). */
export const WINDOWS_11_MIN_PLATFORM_MAJOR = 13;

/** The matrix's browser for a browser name (ua-parser-js's, or a client-hints brand). */
export function browserOf(name: string): BrowserName {
  const n = name.toLowerCase();
  // Order matters: Edge and Opera say "Chrome" too; every iOS browser says "Safari".
  if (n.includes('edge')) return 'Edge';
  if (n.includes('opera') || n === 'opr') return 'Opera';
  if (n.includes('firefox')) return 'Firefox';
  if (n.includes('chrome') || n === 'chromium') return 'Chrome';
  if (n.includes('safari')) return 'Safari';
  return 'other';
}

const LINUX_DISTROS = new Set(['linux', 'ubuntu', 'debian', 'fedora', 'mint', 'arch', 'gentoo', 'redhat', 'red hat', 'suse', 'opensuse', 'centos', 'slackware', 'mandriva', 'kubuntu', 'xubuntu', 'deepin', 'manjaro', 'elementary os', 'zenwalk', 'pclinuxos', 'mageia', 'sabayon', 'linpus', 'vectorlinux']);

/** The matrix's platform for an OS name (ua-parser-js's, or a client-hints platform) and version. */
export function osOf(name: string, version: string, hints: ClientHints): OsName {
  const n = name.toLowerCase();
  if (n === 'windows') {
    if (version !== '10') return 'other'; // 7, 8, 8.1, XP…: outside the matrix
    const major = Number.parseInt(hints.platformVersion ?? '', 10);
    return Number.isFinite(major) && major >= WINDOWS_11_MIN_PLATFORM_MAJOR ? 'Windows 11' : 'Windows 10';
  }
  if (n === 'mac os' || n === 'macos') return 'macOS';
  if (n === 'ios') return 'iOS';
  if (n === 'android') return 'Android';
  if (LINUX_DISTROS.has(n)) return 'Linux';
  return 'other';
}

/** The matrix's level for a browser and OS; anything outside it is `no`. Pure. */
export function matrixSupport(browser: BrowserName, os: OsName, matrix: SupportMatrix = SUPPORT_MATRIX): SupportLevel {
  if (browser === 'other' || os === 'other') return 'no';
  return matrix[browser]?.[os] ?? 'no';
}

/** The restriction toggles of play-page §9 (player-and-client §5). */
export interface DeviceRestrictions {
  /** Firefox is not supported at all. */
  blockFirefox: boolean;
  /** Widevine on macOS is blocked: only Safari (FairPlay) plays DRM content there. */
  blockMacosWidevine: boolean;
  /** DRM content is blocked on mobile devices. */
  blockMobileDrm: boolean;
  /** Fullscreen is allowed on iPhone (false blocks it; player-and-client §5). */
  iphoneFullscreen: boolean;
}

export const DEFAULT_RESTRICTIONS: DeviceRestrictions = Object.freeze({
  blockFirefox: false,
  blockMacosWidevine: false,
  blockMobileDrm: false,
  iphoneFullscreen: true,
});

/**
 * Reads the restrictions from feature toggles (`block_firefox`, `block_macos_widevine`,
 * `block_mobile_drm`, `iphone_fullscreen`). A missing or non-boolean toggle keeps its default. Pure.
 */
export function restrictionsFromToggles(toggles: Readonly<Record<string, unknown>> | undefined): DeviceRestrictions {
  const flag = (key: string, fallback: boolean): boolean => {
    const value = toggles?.[key];
    return typeof value === 'boolean' ? value : fallback;
  };
  return {
    blockFirefox: flag('block_firefox', DEFAULT_RESTRICTIONS.blockFirefox),
    blockMacosWidevine: flag('block_macos_widevine', DEFAULT_RESTRICTIONS.blockMacosWidevine),
    blockMobileDrm: flag('block_mobile_drm', DEFAULT_RESTRICTIONS.blockMobileDrm),
    iphoneFullscreen: flag('iphone_fullscreen', DEFAULT_RESTRICTIONS.iphoneFullscreen),
  };
}

/** Why a device is not supported. */
export type UnsupportedReason =
  | 'browser_not_supported'
  | 'os_not_supported'
  | 'blocked_firefox'
  | 'blocked_macos_widevine'
  | 'blocked_mobile_drm';

/** The result of the device support check. */
export interface DeviceSupport {
  supported: SupportLevel;
  browser: BrowserName;
  os: OsName;
  mobile: boolean;
  /** Set when `supported` is `no`. */
  reason?: UnsupportedReason;
  /** Whether the player may offer fullscreen (false on iPhone when `iphone_fullscreen` is off). */
  fullscreenAllowed: boolean;
  /** The restriction toggles the check applied; the player applies them too (its engine choice). */
  restrictions?: DeviceRestrictions;
  /**
   * True when the only thing against the device is a DRM-only restriction (`block_macos_widevine`,
   * `block_mobile_drm`): clear content still plays (play-page §9; see {@link supportForStream}).
   */
  drmOnly?: boolean;
  /** With `drmOnly`: the device's level for clear content. */
  clearLevel?: SupportLevel;
  /** The `cast` feature toggle (false turns casting off, like `cast=false`); absent: not read, casting as configured. */
  castToggle?: boolean;
}

/** The restrictions that only concern DRM content (play-page §9 "Restriction toggles"). */
export const DRM_ONLY_REASONS: readonly UnsupportedReason[] = Object.freeze(['blocked_macos_widevine', 'blocked_mobile_drm']);

/**
 * The support for the stream actually chosen (play-page §9: the DRM-only blocks never block clear
 * content): a DRM-only `no` becomes the device's clear level for a clear stream; anything else is
 * returned as is. Pure.
 *
 * @param drm Whether the chosen stream is DRM-protected.
 */
export function supportForStream(support: DeviceSupport, drm: boolean): DeviceSupport {
  if (drm || support.supported !== 'no' || !support.drmOnly || !support.clearLevel) return support;
  const { reason: _reason, drmOnly: _drmOnly, clearLevel, ...rest } = support;
  return { ...rest, supported: clearLevel };
}

export interface CheckOptions {
  restrictions?: DeviceRestrictions;
  /** The content is DRM-protected (default true: the check runs before the streams are known). */
  drm?: boolean;
}

/**
 * Applies the matrix, then the restriction toggles, to a device. Pure.
 *
 * Restrictions only ever lower the level: `block_firefox` blocks Firefox; `block_macos_widevine`
 * blocks DRM content in every macOS browser but Safari (which uses FairPlay); `block_mobile_drm`
 * blocks DRM content on phones and tablets. Those two DRM-only blocks are marked `drmOnly` (with the
 * `clearLevel`), so a caller that does not know the content yet can lift them for a clear stream
 * ({@link supportForStream}). `iphone_fullscreen: false` only hides fullscreen.
 */
export function checkDeviceSupport(device: DeviceInfo, options: CheckOptions = {}): DeviceSupport {
  const restrictions = options.restrictions ?? DEFAULT_RESTRICTIONS;
  const drm = options.drm ?? true;
  const base = {
    browser: device.browser,
    os: device.os,
    mobile: device.mobile,
    fullscreenAllowed: !(device.iphone && !restrictions.iphoneFullscreen),
    restrictions,
  };
  const no = (reason: UnsupportedReason): DeviceSupport => ({ ...base, supported: 'no', reason });
  const level = matrixSupport(device.browser, device.os);
  // A known browser on a known OS outside its row (Safari on Windows) is a browser problem too.
  if (level === 'no') return no(device.os === 'other' && device.browser !== 'other' ? 'os_not_supported' : 'browser_not_supported');
  if (restrictions.blockFirefox && device.browser === 'Firefox') return no('blocked_firefox');
  const drmOnly = (reason: UnsupportedReason): DeviceSupport => ({ ...no(reason), drmOnly: true, clearLevel: level });
  if (drm && restrictions.blockMacosWidevine && device.os === 'macOS' && device.browser !== 'Safari') {
    return drmOnly('blocked_macos_widevine');
  }
  if (drm && restrictions.blockMobileDrm && device.mobile) return drmOnly('blocked_mobile_drm');
  return { ...base, supported: level };
}

/** True when two checks would render the same (the monitor calls back only on a change). Pure. */
export function sameSupport(a: DeviceSupport | undefined, b: DeviceSupport | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.supported === b.supported &&
    a.browser === b.browser &&
    a.os === b.os &&
    a.mobile === b.mobile &&
    a.reason === b.reason &&
    a.fullscreenAllowed === b.fullscreenAllowed &&
    a.drmOnly === b.drmOnly &&
    a.clearLevel === b.clearLevel
  );
}

/** A brand of `navigator.userAgentData.brands` (low entropy: the major version). */
export interface UserAgentBrand {
  brand: string;
  version: string;
}

/** The slice of `navigator` {@link detectDevice} reads; tests pass their own. */
export interface NavigatorLike {
  userAgent: string;
  maxTouchPoints?: number;
  userAgentData?: {
    /** Chromium browsers (in a secure context): the browser's brands, GREASE brands included. */
    brands?: readonly UserAgentBrand[];
    /** Chromium browsers: a phone-sized device. */
    mobile?: boolean;
    /** Chromium browsers: `Windows`, `macOS`, `Linux`, `Android`, `Chrome OS`, … */
    platform?: string;
    getHighEntropyValues?(hints: string[]): Promise<{ platformVersion?: string }>;
  } | undefined;
}

/**
 * The brands whose browser the client hints settle on their own. Any other brand (Samsung Internet,
 * Opera GX, Brave, Android WebView, …) leaves the answer to the user agent (ua-parser-js), as do
 * browsers without client hints (Firefox, Safari, every iOS browser).
 */
const CLIENT_HINT_BRANDS: ReadonlyMap<string, MatrixBrowser> = new Map([
  ['Google Chrome', 'Chrome'],
  ['Chromium', 'Chrome'],
  ['HeadlessChrome', 'Chrome'],
  ['Microsoft Edge', 'Edge'],
  ['Opera', 'Opera'],
]);
/**
 * The platforms the client hints settle (anything else is left to the user agent), each with what
 * the user agent of that platform says: hints and user agent must agree (an overridden user agent,
 * e.g. DevTools' or a test's device emulation, keeps the browser's real hints).
 */
const CLIENT_HINT_PLATFORMS: ReadonlyMap<string, (userAgent: string) => boolean> = new Map([
  ['Windows', (ua: string) => /\bWindows NT\b/.test(ua)],
  ['macOS', (ua: string) => /\bMacintosh\b/.test(ua)],
  ['Linux', (ua: string) => /\bLinux\b/.test(ua) && !/\b(?:Android|CrOS)\b/.test(ua)],
  ['Android', (ua: string) => /\bAndroid\b/.test(ua)],
]);
/** What the user agent of each browser the hints settle says (the same agreement as for the platform). */
const CLIENT_HINT_USER_AGENTS: Readonly<Record<MatrixBrowser, (userAgent: string) => boolean>> = {
  Chrome: (ua) => /\b(?:Headless)?Chrome\/\d/.test(ua) && !/\b(?:Edge?|EdgA|OPR|Opera|SamsungBrowser|YaBrowser|UCBrowser|Vivaldi|Firefox|CriOS)\//.test(ua),
  Edge: (ua) => /\bEdgA?\/\d/.test(ua),
  Opera: (ua) => /\bOPR\/\d/.test(ua),
  Firefox: () => false,
  Safari: () => false,
};
/** GREASE brands (`Not:A-Brand`, `Not)A;Brand`, …): meaningless by design. */
const GREASE_BRAND = /^not[^a-z]*a[^a-z]*brand$/i;

/**
 * The device from a Chromium browser's low-entropy client hints (`navigator.userAgentData`: brands,
 * platform, mobile), or `undefined` when they do not settle it (no hints, a brand or platform
 * outside the known ones, a user agent that names another browser or platform): the same answer as `parseUserAgent` (user-agent.ts) gives for these browsers,
 * without parsing the user agent. `hints.platformVersion` tells Windows 11 from 10 as there. Pure.
 */
export function deviceFromClientHints(data: NavigatorLike['userAgentData'], userAgent: string, hints: ClientHints = {}): DeviceInfo | undefined {
  const platform = data?.platform;
  const brands: readonly UserAgentBrand[] | undefined = Array.isArray(data?.brands) ? data.brands : undefined;
  if (!brands || typeof platform !== 'string' || !CLIENT_HINT_PLATFORMS.get(platform)?.(userAgent)) return undefined;
  let named: { browser: MatrixBrowser; brand: UserAgentBrand } | undefined;
  for (const brand of brands) {
    if (typeof brand?.brand !== 'string' || GREASE_BRAND.test(brand.brand)) continue;
    const browser = CLIENT_HINT_BRANDS.get(brand.brand);
    if (!browser) return undefined;
    // Edge and Opera list "Chromium" too: their own brand names the browser (and "Google Chrome" the name).
    if (!named || (named.browser === 'Chrome' && (browser !== 'Chrome' || named.brand.brand === 'Chromium'))) named = { browser, brand };
  }
  if (!named || !CLIENT_HINT_USER_AGENTS[named.browser](userAgent)) return undefined;
  // Windows 11 also says "Windows NT 10.0"; an older Windows is outside the matrix.
  const os = osOf(platform, platform === 'Windows' && /Windows NT 10\.0/.test(userAgent) ? '10' : '', hints);
  return {
    browser: named.browser,
    browserName: named.brand.brand,
    browserVersion: String(named.brand.version ?? ''),
    os,
    osName: platform,
    mobile: os === 'Android' || data?.mobile === true,
    iphone: false,
  };
}

/**
 * Reads the current device: a Chromium browser's client hints when they settle it
 * ({@link deviceFromClientHints}), else the user agent (ua-parser-js, loaded on first use), plus
 * `platformVersion` from `navigator.userAgentData.getHighEntropyValues` on Windows (to tell 11 from
 * 10). Rejects only when the user-agent parser's code cannot be loaded.
 */
export async function detectDevice(nav: NavigatorLike | undefined = globalThis.navigator as NavigatorLike | undefined): Promise<DeviceInfo> {
  const userAgent = nav?.userAgent ?? '';
  const hints: ClientHints = { maxTouchPoints: nav?.maxTouchPoints };
  if (/Windows NT 10\.0/.test(userAgent) && typeof nav?.userAgentData?.getHighEntropyValues === 'function') {
    try {
      const values = await nav.userAgentData.getHighEntropyValues(['platformVersion']);
      hints.platformVersion = typeof values?.platformVersion === 'string' ? values.platformVersion : undefined;
    } catch {
      /* no hint: Windows 10 is assumed */
    }
  }
  const fromHints = deviceFromClientHints(nav?.userAgentData, userAgent, hints);
  if (fromHints) return fromHints;
  // issue 23: ua-parser-js (~9 KiB gzip) is a chunk of its own, fetched only by browsers that need it.
  const { parseUserAgent } = await import('./user-agent.js');
  return parseUserAgent(userAgent, hints);
}

/**
 * The whole check for this browser: {@link detectDevice} then {@link checkDeviceSupport}. Rejects
 * only when the user-agent parser's code cannot be loaded. Use as the `check` of
 * `DeviceSupportMonitor`.
 */
export async function checkCurrentDevice(options: CheckOptions & { navigator?: NavigatorLike | undefined } = {}): Promise<DeviceSupport> {
  const { navigator: nav, ...check } = options;
  return checkDeviceSupport(await detectDevice(nav ?? (globalThis.navigator as NavigatorLike | undefined)), check);
}
