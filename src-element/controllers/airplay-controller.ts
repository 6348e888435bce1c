// play-page §1 "casting and AirPlay", §2 `airplay=false`; player-and-client §2 "hidden while … AirPlaying"
/**
 * AirPlay. Where WebKit has `WebKitPlaybackTargetAvailabilityEvent` (Safari), the
 * `<video>`'s `webkitplaybacktargetavailabilitychanged` events say whether an AirPlay target is
 * around; the button shows only then and unless `config.airplay === false`, and opens
 * `webkitShowPlaybackTargetPicker()`. `webkitcurrentplaybacktargetiswirelesschanged` tells when
 * playback moves to a target (the AirPlaying state: the big play button hides). Writes the store's
 * `airplay` row and fires `s72-airplay-change`. Elsewhere it does nothing.
 */
import type { ReactiveController } from 'lit';
import { fireEvent } from '../events.js';
import { Listeners, type PlayerHost } from './player-host.js';

/** The WebKit additions to `HTMLVideoElement` AirPlay uses. */
interface WebKitVideo extends HTMLVideoElement {
  webkitShowPlaybackTargetPicker?: () => void;
  readonly webkitCurrentPlaybackTargetIsWireless?: boolean;
}

/** `WebKitPlaybackTargetAvailabilityEvent`: `availability` is `available` or `not-available`. */
interface TargetAvailabilityEvent extends Event {
  readonly availability?: string;
}

/** True where the browser has the WebKit AirPlay API. */
export function airplaySupported(): boolean {
  return typeof (globalThis as { WebKitPlaybackTargetAvailabilityEvent?: unknown }).WebKitPlaybackTargetAvailabilityEvent === 'function';
}

export class AirPlayController implements ReactiveController {
  private readonly listeners = new Listeners();
  private targetAvailable = false;
  private connected = false;

  constructor(private readonly host: PlayerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.attach();
  }

  hostUpdated(): void {
    if (!this.connected) return;
    if (this.listeners.current !== this.host.store.owners.media) this.attach();
    else this.write(); // the configuration may have changed
  }

  hostDisconnected(): void {
    this.connected = false;
    this.listeners.detach();
  }

  /** Opens the AirPlay picker (`s72-airplay-request`). */
  showPicker(): void {
    const video = this.host.store.owners.media as WebKitVideo | null | undefined;
    if (this.host.store.getState().airplay.available) video?.webkitShowPlaybackTargetPicker?.();
  }

  private attach(): void {
    const media = this.host.store.owners.media;
    if (!airplaySupported() || !media) return this.listeners.detach();
    this.listeners.attach(media, {
      webkitplaybacktargetavailabilitychanged: (event) => {
        this.targetAvailable = (event as TargetAvailabilityEvent).availability === 'available';
        this.write();
      },
      webkitcurrentplaybacktargetiswirelesschanged: () => this.write(),
    });
    this.write();
  }

  private write(): void {
    const video = this.host.store.owners.media as WebKitVideo | null | undefined;
    const enabled = this.host.effectiveConfig.airplay !== false;
    const next = {
      available: enabled && this.targetAvailable,
      active: Boolean(video?.webkitCurrentPlaybackTargetIsWireless),
    };
    const current = this.host.store.getState().airplay;
    if (current.available === next.available && current.active === next.active) return;
    this.host.store.setUi({ airplay: next });
    fireEvent(this.host, 's72-airplay-change', next);
  }
}
