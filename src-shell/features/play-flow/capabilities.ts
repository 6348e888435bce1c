/**
 * Browser capability probe for stream choice (play-page §4 step 6; player-and-client §4 "Engine
 * choice"). The only browser-touching part of the play flow; everything else is pure. It asks the
 * player's own probes (`s72-player/client`), so the page and the element agree on what plays:
 * key systems through `requestMediaKeySystemAccess` (robustness levels included, FairPlay through
 * the legacy WebKit API too), native HLS from the platform (Apple's WebKit), never from
 * `canPlayType` (Chromium answers "maybe" for HLS it cannot play with FairPlay).
 */
import { DRM_TYPES, currentPlatform, keySystemSupport, systemClock, type DrmType } from 's72-player/client';
import type { PlaybackCapabilities } from './choose-stream.js';

/** Longest wait for the key-system probes, ms (a CDM that never answers counts as absent). */
export const KEY_SYSTEM_PROBE_TIMEOUT_MS = 2000;

/**
 * Probes MSE, native HLS, MP4 and the four key systems (in parallel).
 * Never rejects; a failing or late probe counts as unsupported.
 */
export async function detectCapabilities(timeoutMs = KEY_SYSTEM_PROBE_TIMEOUT_MS): Promise<PlaybackCapabilities> {
  const video = typeof document === 'undefined' ? undefined : document.createElement('video');
  const ms = (globalThis as { MediaSource?: { isTypeSupported?(t: string): boolean } }).MediaSource;
  const mse = Boolean(ms?.isTypeSupported?.('video/mp4; codecs="avc1.42E01E"'));
  const nativeHls = currentPlatform().appleWebKit;
  const mp4 = Boolean(video?.canPlayType('video/mp4'));
  let timer: unknown;
  const late = new Promise<Partial<Record<DrmType, unknown>>>((resolve) => {
    timer = systemClock.setTimeout(() => resolve({}), timeoutMs);
  });
  const none: Partial<Record<DrmType, unknown>> = {};
  const granted: Partial<Record<DrmType, unknown>> = await Promise.race([keySystemSupport(DRM_TYPES).catch(() => none), late]);
  systemClock.clearTimeout(timer);
  return { mse, nativeHls, mp4, keySystems: DRM_TYPES.filter((drm) => granted[drm] !== undefined) };
}
