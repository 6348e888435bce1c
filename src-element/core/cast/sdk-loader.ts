/// <reference types="chromecast-caf-sender" preserve="true" />
// player-and-client §7 "A cast sender script is loaded from the cast provider", §9 "SDK load wait up to 30 s"; DESIGN.md "Third-party scripts … are loaded only when their feature is enabled, and their absence degrades the feature, never playback"
/**
 * Loading the Google Cast sender SDK.
 *
 * The SDK announces itself by calling `window.__onGCastApiAvailable(isAvailable, reason)`. The
 * loader sets that callback, asks its *injector* to bring the script in, and resolves with the
 * framework when the callback says it is available; it rejects with `cast_sdk_not_loaded` when the
 * callback says no, the script fails to load, or 30 s pass. The injector is the one seam: the
 * default adds `<script src=CAST_SDK_URL>`; tests give one that installs a fake framework and calls
 * the same callback, so the fake goes through the same path.
 */
import { systemClock, type Clock } from '../clock.js';
import { CAST_SDK_LOAD_TIMEOUT_MS, CAST_SDK_URL } from './cast-constants.js';
import { castError } from './cast-errors.js';

/** The SDK's globals once loaded (the `@types/chromecast-caf-sender` interface). */
export interface CastSdk {
  readonly framework: typeof cast.framework;
  readonly chromeCast: typeof chrome.cast;
}

/** Brings the SDK script at `url` into the page; calls `onError` if it cannot. */
export type CastScriptInjector = (url: string, onError: (reason: unknown) => void) => void;

/** Loads the SDK (see the module comment). */
export type CastSdkLoader = (options?: { clock?: Clock; signal?: AbortSignal }) => Promise<CastSdk>;

interface CastGlobals {
  cast?: { framework?: typeof cast.framework };
  chrome?: { cast?: typeof chrome.cast };
  __onGCastApiAvailable?: (available: boolean, reason?: string) => void;
}

/** The SDK already on the page, or null. */
export function loadedCastSdk(): CastSdk | null {
  const g = globalThis as unknown as CastGlobals;
  const framework = g.cast?.framework;
  const chromeCast = g.chrome?.cast;
  return framework && chromeCast && typeof framework.CastContext?.getInstance === 'function' ? { framework, chromeCast } : null;
}

/** The default injector: one `<script async src>` per page (a second player reuses it). */
export const injectScript: CastScriptInjector = (url, onError) => {
  if (typeof document === 'undefined') return onError(new Error('no document'));
  const existing = Array.from(document.getElementsByTagName('script')).find((script) => script.src === url);
  const script = existing ?? document.createElement('script');
  script.addEventListener('error', (event: Event) => onError(event), { once: true });
  if (existing) return;
  script.async = true;
  script.src = url;
  document.head.append(script);
};

/** Makes a loader around an injector (default: the real script). */
export function castSdkLoader(inject: CastScriptInjector = injectScript, url = CAST_SDK_URL): CastSdkLoader {
  return ({ clock = systemClock, signal } = {}) =>
    new Promise<CastSdk>((resolve, reject) => {
      const ready = loadedCastSdk();
      if (ready) return resolve(ready);
      const g = globalThis as unknown as CastGlobals;
      const previous = g.__onGCastApiAvailable;
      let settled = false;
      const settle = (result: CastSdk | null, reason?: unknown): void => {
        if (settled) return;
        settled = true;
        if (g.__onGCastApiAvailable === callback) g.__onGCastApiAvailable = previous;
        clock.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (result) resolve(result);
        else reject(castError('cast_sdk_not_loaded', reason));
      };
      const onAbort = (): void => settle(null, signal?.reason);
      const timer = clock.setTimeout(() => settle(null, new Error(`no Cast SDK after ${CAST_SDK_LOAD_TIMEOUT_MS} ms`)), CAST_SDK_LOAD_TIMEOUT_MS);
      signal?.addEventListener('abort', onAbort, { once: true });
      // Every loader waiting on the page hears the one callback.
      const callback = (available: boolean, reason?: string): void => {
        previous?.(available, reason);
        const sdk = available ? loadedCastSdk() : null;
        settle(sdk, sdk ? undefined : (reason ?? 'Cast API not available'));
      };
      g.__onGCastApiAvailable = callback;
      try {
        inject(url, (reason) => settle(null, reason));
      } catch (error) {
        settle(null, error);
      }
    });
}
