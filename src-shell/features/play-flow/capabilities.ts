/**
 * Browser capability probe for stream choice (play-page §4). The only browser-touching part of the
 * play flow; everything else is pure.
 */
import { DRM_TYPES, KEY_SYSTEM_TABLE, systemClock, type DrmType } from 's72-player/client';
import type { PlaybackCapabilities } from './choose-stream.js';

/**
 * EME key-system strings per DRM type, tried in order: the shared key-system table's `probeIds`
 * (`s72-player/client`), also used by the player's engine.
 */
export const KEY_SYSTEM_IDS: Readonly<Record<DrmType, readonly string[]>> = Object.freeze(
  Object.fromEntries(DRM_TYPES.map((drm) => [drm, KEY_SYSTEM_TABLE[drm].probeIds])) as Record<DrmType, readonly string[]>,
);

/** Longest wait for one key-system probe, ms. */
export const KEY_SYSTEM_PROBE_TIMEOUT_MS = 2000;

const CENC_CONFIG: MediaKeySystemConfiguration[] = [
  {
    initDataTypes: ['cenc'],
    videoCapabilities: [{ contentType: 'video/mp4; codecs="avc1.42E01E"' }],
    audioCapabilities: [{ contentType: 'audio/mp4; codecs="mp4a.40.2"' }],
  },
];
const FAIRPLAY_CONFIG: MediaKeySystemConfiguration[] = [
  { initDataTypes: ['sinf', 'skd'], videoCapabilities: [{ contentType: 'video/mp4' }] },
];

async function probe(drm: DrmType, timeoutMs: number): Promise<boolean> {
  if (typeof navigator === 'undefined' || typeof navigator.requestMediaKeySystemAccess !== 'function') return false;
  const configs = drm === 'fairplay' ? FAIRPLAY_CONFIG : CENC_CONFIG;
  for (const id of KEY_SYSTEM_IDS[drm]) {
    let timer: unknown;
    const timeout = new Promise<false>((resolve) => {
      timer = systemClock.setTimeout(() => resolve(false), timeoutMs);
    });
    const ok = await Promise.race([
      navigator.requestMediaKeySystemAccess(id, configs).then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
    systemClock.clearTimeout(timer);
    if (ok) return true;
  }
  return false;
}

/**
 * Probes MSE, native HLS, MP4 and the four key systems (in parallel).
 * Never rejects; a failing probe counts as unsupported.
 */
export async function detectCapabilities(timeoutMs = KEY_SYSTEM_PROBE_TIMEOUT_MS): Promise<PlaybackCapabilities> {
  const video = typeof document === 'undefined' ? undefined : document.createElement('video');
  const ms = (globalThis as { MediaSource?: { isTypeSupported?(t: string): boolean } }).MediaSource;
  const mse = Boolean(ms?.isTypeSupported?.('video/mp4; codecs="avc1.42E01E"'));
  const nativeHls = Boolean(video?.canPlayType('application/vnd.apple.mpegurl'));
  const mp4 = Boolean(video?.canPlayType('video/mp4'));
  const drms: readonly DrmType[] = DRM_TYPES;
  const results = await Promise.all(drms.map((d) => probe(d, timeoutMs).catch(() => false)));
  return { mse, nativeHls, mp4, keySystems: drms.filter((_, i) => results[i]) };
}
