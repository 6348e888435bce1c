/**
 * Browser capability probe for stream choice (play-page §4). The only browser-touching part of the
 * play flow; everything else is pure.
 */
import type { DrmType } from 's72-player/client';
import type { PlaybackCapabilities } from './choose-stream.js';

/** EME key-system strings per DRM type. */
export const KEY_SYSTEM_IDS: Readonly<Record<DrmType, readonly string[]>> = {
  clearkey: ['org.w3.clearkey'],
  widevine: ['com.widevine.alpha'],
  playready: ['com.microsoft.playready.recommendation', 'com.microsoft.playready'],
  fairplay: ['com.apple.fps', 'com.apple.fps.1_0'],
};

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const ok = await Promise.race([
      navigator.requestMediaKeySystemAccess(id, configs).then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
    clearTimeout(timer);
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
  const drms: DrmType[] = ['clearkey', 'widevine', 'playready', 'fairplay'];
  const results = await Promise.all(drms.map((d) => probe(d, timeoutMs).catch(() => false)));
  return { mse, nativeHls, mp4, keySystems: drms.filter((_, i) => results[i]) };
}
