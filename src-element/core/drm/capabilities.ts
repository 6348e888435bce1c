// player-and-client §4 "PlayReady is preferred over Widevine when its security level exceeds Widevine's", §5 "Software-secure limit"
/**
 * What this browser can decrypt, and how securely: one probe per key system with
 * `navigator.requestMediaKeySystemAccess`, robustness levels tried from the most secure down. FairPlay is also found through the legacy
 * `WebKitMediaKeys` where modern EME is absent (older Safari).
 *
 * Security levels are one scale for every key system, so they compare:
 * 5 hardware-secure decode and output (Widevine `HW_SECURE_ALL`, PlayReady `3000`),
 * 4 hardware-secure decode, 3 hardware-secure crypto, 2 software-secure decode (Widevine
 * `SW_SECURE_DECODE`, PlayReady `2000`), 1 software-secure crypto or unspecified (ClearKey,
 * FairPlay, PlayReady `150`, a grant without a robustness string). "Below 3" is software only.
 *
 * Results are cached per key system for the page, keyed on the `requestMediaKeySystemAccess`
 * function in force, so a test that installs a fake CDM is probed afresh.
 */
import type { DrmType } from '../types.js';
import { KEY_SYSTEM_TABLE } from '../engine/key-systems.js';
import { currentPlatform, type PlatformFacts } from './platform.js';

/** What the engine choice knows about this device: platform, MSE, key systems. */
export interface DeviceFacts {
  readonly platform: PlatformFacts;
  /** Media Source Extensions (`MediaSource` or `ManagedMediaSource`). */
  readonly mse: boolean;
  /** The key systems this browser grants, with their security levels ({@link keySystemSupport}). */
  readonly keySystems: Readonly<Partial<Record<DrmType, KeySystemSupport>>>;
}

/** One key system this browser grants. */
export interface KeySystemSupport {
  /** The key-system string granted, e.g. `com.microsoft.playready.recommendation`. */
  readonly keySystem: string;
  /** 1 (software, unspecified) … 5 (hardware, all): see the module comment. */
  readonly level: number;
  /** The video robustness string granted (`HW_SECURE_ALL`, `3000`, …), `''` when none was asked for. */
  readonly robustness: string;
  /** `webkit`: the legacy `WebKitMediaKeys` API (FairPlay on older Safari); `eme` otherwise. */
  readonly api: 'eme' | 'webkit';
}

/** Robustness strings per key system, most secure first, with their security levels. */
export const ROBUSTNESS_LEVELS: Readonly<Partial<Record<DrmType, readonly (readonly [string, number])[]>>> = Object.freeze({
  widevine: [
    ['HW_SECURE_ALL', 5],
    ['HW_SECURE_DECODE', 4],
    ['HW_SECURE_CRYPTO', 3],
    ['SW_SECURE_DECODE', 2],
    ['SW_SECURE_CRYPTO', 1],
  ],
  playready: [
    ['3000', 5],
    ['2000', 2],
    ['150', 1],
  ],
});

// player-and-client §5
/** The security level at or above which a Widevine CDM is hardware-secure. */
export const HARDWARE_SECURE_LEVEL = 3;

const CENC_VIDEO = 'video/mp4; codecs="avc1.42E01E"';
const CENC_AUDIO = 'audio/mp4; codecs="mp4a.40.2"';

function configsFor(drm: DrmType, robustness: string): MediaKeySystemConfiguration[] {
  if (drm === 'fairplay') {
    return [{ initDataTypes: ['sinf', 'skd'], videoCapabilities: [{ contentType: 'video/mp4', robustness: '' }] }];
  }
  return [
    {
      initDataTypes: ['cenc'],
      videoCapabilities: [{ contentType: CENC_VIDEO, robustness }],
      audioCapabilities: [{ contentType: CENC_AUDIO, robustness: drm === 'widevine' && robustness ? 'SW_SECURE_CRYPTO' : '' }],
    },
  ];
}

async function granted(keySystem: string, configs: MediaKeySystemConfiguration[]): Promise<boolean> {
  try {
    await navigator.requestMediaKeySystemAccess(keySystem, configs);
    return true;
  } catch {
    return false;
  }
}

/** The legacy WebKit API (Safari before modern EME): `WebKitMediaKeys.isTypeSupported`. */
interface WebKitMediaKeysStatic {
  isTypeSupported(keySystem: string, type?: string): boolean;
}

function legacyWebKitKeys(): WebKitMediaKeysStatic | undefined {
  const candidate = (globalThis as { WebKitMediaKeys?: WebKitMediaKeysStatic }).WebKitMediaKeys;
  return typeof candidate?.isTypeSupported === 'function' ? candidate : undefined;
}

// issue 12
/**
 * Probes one key system: each of its key-system strings (most capable first); for a string the
 * browser grants without a robustness, each robustness level (most secure first). A key system that
 * refuses the unspecified robustness refuses every level, so a browser without the CDM costs one
 * request per string, not one per level (each request is main-thread time on the start-up path). Never rejects.
 *
 * @returns The best grant, or null when the browser has no such CDM.
 */
export async function probeKeySystem(drm: DrmType): Promise<KeySystemSupport | null> {
  if (typeof navigator !== 'undefined' && typeof navigator.requestMediaKeySystemAccess === 'function') {
    const levels = ROBUSTNESS_LEVELS[drm] ?? [];
    for (const keySystem of KEY_SYSTEM_TABLE[drm].probeIds) {
      if (!(await granted(keySystem, configsFor(drm, '')))) continue;
      for (const [robustness, level] of levels) {
        if (await granted(keySystem, configsFor(drm, robustness))) return { keySystem, level, robustness, api: 'eme' };
      }
      return { keySystem, level: 1, robustness: '', api: 'eme' };
    }
  }
  const webkit = drm === 'fairplay' ? legacyWebKitKeys() : undefined;
  if (webkit?.isTypeSupported('com.apple.fps.1_0', 'video/mp4')) {
    return { keySystem: 'com.apple.fps.1_0', level: 1, robustness: '', api: 'webkit' };
  }
  return null;
}

type Probe = typeof navigator.requestMediaKeySystemAccess | undefined;
let cache: { probe: Probe; results: Map<DrmType, Promise<KeySystemSupport | null>> } | null = null;

/**
 * The support of each key system asked for, probed in parallel and cached for the page.
 * @returns Only the key systems the browser grants.
 */
export async function keySystemSupport(drms: readonly DrmType[]): Promise<Partial<Record<DrmType, KeySystemSupport>>> {
  const probe: Probe = typeof navigator === 'undefined' ? undefined : navigator.requestMediaKeySystemAccess;
  if (!cache || cache.probe !== probe) cache = { probe, results: new Map() };
  const { results } = cache;
  const answers = await Promise.all(
    [...new Set(drms)].map(async (drm) => {
      if (!results.has(drm)) results.set(drm, probeKeySystem(drm));
      return [drm, await results.get(drm)!] as const;
    }),
  );
  const support: Partial<Record<DrmType, KeySystemSupport>> = {};
  for (const [drm, answer] of answers) if (answer) support[drm] = answer;
  return support;
}

/**
 * This device's {@link DeviceFacts}, probing only the key systems asked for (clear content probes
 * none, so it starts without waiting on the CDM). Never rejects.
 */
export async function currentDeviceFacts(drms: readonly DrmType[]): Promise<DeviceFacts> {
  const mse = typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
  return { platform: currentPlatform(), mse, keySystems: await keySystemSupport(drms) };
}
