// player-and-client §3 "Content … drms", §4 "Engine choice", §5 "DRM content needs playready or widevine support"
/**
 * The one key-system table: our DRM names and their EME key-system strings, shared by the shaka
 * engine (its `drm.servers` keys), the engine choice (choose-source.ts) and the play page's
 * capability probe.
 *
 * Framework-free (core layer). Everything here is data or pure.
 */
import type { DrmType } from '../types.js';

/** One row of {@link KEY_SYSTEM_TABLE}. */
export interface KeySystemRow {
  /** The key system handed to the engine (shaka's `drm.servers` key). */
  readonly engineId: string;
  /**
   * Every key-system string a browser may grant for this DRM, most capable first; the capability
   * probe tries them in order (`navigator.requestMediaKeySystemAccess`). Starts with `engineId`
   * unless a more capable variant exists.
   */
  readonly probeIds: readonly string[];
  /** True when the DRM works through MSE + EME (DASH/HLS in shaka); FairPlay needs native HLS. */
  readonly eme: boolean;
}

/** Our DRM names → their EME key systems. */
export const KEY_SYSTEM_TABLE: Readonly<Record<DrmType, KeySystemRow>> = Object.freeze({
  widevine: Object.freeze({ engineId: 'com.widevine.alpha', probeIds: Object.freeze(['com.widevine.alpha']), eme: true }),
  playready: Object.freeze({
    engineId: 'com.microsoft.playready',
    probeIds: Object.freeze(['com.microsoft.playready.recommendation', 'com.microsoft.playready']),
    eme: true,
  }),
  fairplay: Object.freeze({ engineId: 'com.apple.fps', probeIds: Object.freeze(['com.apple.fps', 'com.apple.fps.1_0']), eme: false }),
  clearkey: Object.freeze({ engineId: 'org.w3.clearkey', probeIds: Object.freeze(['org.w3.clearkey']), eme: true }),
});

/** Every DRM name, in the order configurations list them. */
export const DRM_TYPES: readonly DrmType[] = Object.freeze(['widevine', 'playready', 'fairplay', 'clearkey'] as const);

/**
 * The DRMs that work through MSE + EME, in the order a plain `license-url` offers them to the
 * engine (the element's attributes without `key-system`).
 */
export const EME_DRM_TYPES: readonly DrmType[] = Object.freeze(DRM_TYPES.filter((drm) => KEY_SYSTEM_TABLE[drm].eme));

/** The engine's key-system string by DRM name (`widevine` → `com.widevine.alpha`, …). */
export const KEY_SYSTEMS: Readonly<Record<DrmType, string>> = Object.freeze(
  Object.fromEntries(DRM_TYPES.map((drm) => [drm, KEY_SYSTEM_TABLE[drm].engineId])) as Record<DrmType, string>,
);

/** True for a DRM name we know (`widevine`, `playready`, `fairplay`, `clearkey`), exact case. */
export function isDrmType(value: unknown): value is DrmType {
  return typeof value === 'string' && Object.hasOwn(KEY_SYSTEM_TABLE, value);
}

/** The DRM name of an EME key-system string (`com.microsoft.playready.recommendation` → `playready`). */
export function drmTypeOfKeySystem(keySystem: string): DrmType | undefined {
  return DRM_TYPES.find((drm) => KEY_SYSTEM_TABLE[drm].probeIds.includes(keySystem) || KEY_SYSTEM_TABLE[drm].engineId === keySystem);
}

/**
 * A declared DRM name as written in content or a streams answer, normalised: trimmed and lower
 * case; `''` and `'none'` mean no DRM (`undefined`). Unknown names are returned as written
 * (normalised), so callers can tell "encrypted with something we cannot play" from "clear".
 */
export function normaliseDrmName(name: string): string | undefined {
  const normalised = name.trim().toLowerCase();
  return normalised === '' || normalised === 'none' ? undefined : normalised;
}
