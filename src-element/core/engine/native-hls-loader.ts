// player-and-client §4 "Engine choice"; issue 23 "Code that a start does not need loads on demand"
/**
 * The native HLS engine's loader: always present (the engine choice asks it `canPlay`), while the
 * engine itself (native-hls-engine.ts, with FairPlay) is its own chunk, fetched only when the choice
 * picks it (HLS on Apple's WebKit) — most starts never need it.
 */
import type { DeviceFacts } from '../drm/capabilities.js';
import { currentPlatform } from '../drm/platform.js';
import { moduleLoadFailed } from '../errors.js';
import type { DrmType } from '../types.js';
import type { Engine, EngineLoader, SourceKind } from './engine.js';

let engineModule: Promise<typeof import('./native-hls-engine.js')> | null = null;

/** The engine's chunk; a failed download is `module_load_failed` and is tried again next time. */
function importNativeHls(): Promise<typeof import('./native-hls-engine.js')> {
  return (engineModule ??= import('./native-hls-engine.js').catch((error: unknown) => {
    engineModule = null;
    throw moduleLoadFailed(error, 'the native HLS engine');
  }));
}

/** `EngineLoader` of the native HLS engine: HLS on Apple's WebKit, clear or FairPlay. */
export const nativeHlsEngineLoader: EngineLoader = {
  name: 'native-hls',
  canPlay(kind: SourceKind, drms: readonly DrmType[], device: DeviceFacts): boolean {
    return kind === 'hls' && device.platform.appleWebKit && (drms.length === 0 || drms.includes('fairplay'));
  },
  async preload(kinds: readonly SourceKind[] = ['dash']): Promise<void> {
    // Only where it can be chosen: HLS on Apple's WebKit (the browser itself is the engine).
    if (kinds.includes('hls') && currentPlatform().appleWebKit) await importNativeHls().catch(() => undefined);
  },
  async create(video: HTMLVideoElement): Promise<Engine> {
    const { NativeHlsEngine } = await importNativeHls();
    return new NativeHlsEngine(video);
  },
};

