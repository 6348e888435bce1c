// issue 12 "Levers"
/**
 * Start-up head start: the first code of the bundle to run. When the page's
 * markup already holds an `<s72-player src="…">`, the DASH engine's code and the manifest start
 * downloading now, before the rest of the bundle evaluates and the element upgrades; the element's
 * own preload (on connect) then finds both under way. Sources given as `content` or set later
 * (React, the play page) are preloaded when the element connects or its source changes.
 *
 * Kept free of imports that pull other modules ahead of it: the engine chunk is imported by path
 * (the same module the engine imports, so it is fetched and evaluated once).
 */
import { prefetchManifest } from './core/engine/manifest-prefetch.js';

if (typeof document !== 'undefined') {
  const src = document.querySelector('s72-player[src]')?.getAttribute('src')?.trim();
  // DASH manifests only: HLS needs the full build, chosen by the engine controller; MP4 needs no manifest.
  if (src && /\.mpd([?#]|$)/i.test(src)) {
    import('./core/engine/shaka-dash-lib.js').catch(() => undefined);
    prefetchManifest(src);
  }
}
