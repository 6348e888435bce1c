// player-and-client §2 "Control bar", §5 "Fullscreen is hidden if unsupported"
/**
 * Fullscreen. The
 * player host goes fullscreen, so the controls stay on top; where only the video can (iPhone
 * Safari: `webkitEnterFullscreen`), the video does. The state itself is read by the store from the
 * document (`fullscreen` row), never assumed here. Listens for `fullscreenerror` while connected.
 * `config.fullscreen: false` (play-page §9 `iphone_fullscreen` off) refuses every entry.
 */
import { fullscreenAllowed } from '../core/config.js';
import { currentPlatform } from '../core/drm/platform.js';
import type { ReactiveController } from 'lit';
import { Listeners, type PlayerHost } from './player-host.js';

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void; webkitExitFullscreen?: () => void };

export class FullscreenController implements ReactiveController {
  private readonly document = new Listeners();
  /** The last fullscreen refusal (browser error), or null. */
  lastError: unknown = null;

  constructor(private readonly host: PlayerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.document.attach(this.host.ownerDocument, { fullscreenerror: (event) => (this.lastError = event) });
  }

  hostDisconnected(): void {
    this.document.detach();
  }

  /** Enters (`true`) or leaves (`false`) fullscreen; a refusal is kept in `lastError`, not thrown. */
  set(enter: boolean): void {
    const doc = this.host.ownerDocument;
    const video = this.host.store.owners.media as WebkitVideo | null | undefined;
    const refused = (error: unknown) => {
      this.lastError = error;
    };
    if (enter) {
      // `fullscreen: false`, or the iPhone restriction (play-page §9 `iphone_fullscreen` off): never.
      if (!fullscreenAllowed(this.host.effectiveConfig, currentPlatform().iphone)) return;
      if (doc.fullscreenElement) return;
      if (doc.fullscreenEnabled && typeof this.host.requestFullscreen === 'function') {
        this.host.requestFullscreen().catch(refused);
      } else if (video?.webkitEnterFullscreen) {
        try {
          video.webkitEnterFullscreen();
        } catch (error) {
          refused(error);
        }
      }
    } else if (doc.fullscreenElement) {
      doc.exitFullscreen().catch(refused);
    } else {
      video?.webkitExitFullscreen?.();
    }
  }
}
