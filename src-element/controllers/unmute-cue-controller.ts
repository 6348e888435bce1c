// issue 22 item 13; play-page §9 "muted autoplay when the browser refuses sound"
/**
 * The "Tap to unmute" cue of a muted autoplay: writes the store's `unmuteCue` row, which `<s72-unmute-button>` shows.
 *
 * - `mutedAutoplay(fellBack)` is called by the playback-start controller when autoplay started
 *   playing muted: either the browser refused sound and it retried muted (`fellBack`), or the page
 *   gave `autoplay` with `muted` (the play page does so when its autoplay check found only muted
 *   autoplay allowed). The page's `muted` counts once per element, and never after the viewer has
 *   set the sound themselves (a mute or volume request); a fallback always counts.
 * - The cue shows while the media is muted, until the viewer unmutes (any way: the cue itself, the
 *   mute button, `m`, the volume) or after {@link UNMUTE_CUE_PLAY_MS} of play (time spent playing:
 *   not paused, waiting or ended), counted on the injected clock.
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import { REQUEST_EVENTS } from '../events.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';

// issue 22 item 13
/** The cue hides after this much play, ms ("until the viewer unmutes or 10 s of play"). */
export const UNMUTE_CUE_PLAY_MS = 10_000;

export class UnmuteCueController implements ReactiveController {
  /** Play counted so far while the cue shows, ms. */
  private playedMs = 0;
  /** Clock time playing started, or null while not playing. */
  private playingSince: number | null = null;
  /** The pending hide; null when none. */
  private timer: { handle: TimerHandle } | null = null;
  /** The page's `muted` has armed the cue once already. */
  private armedByPage = false;
  /** The viewer set the sound (mute or volume request): the page's `muted` no longer arms the cue. */
  private viewerSetSound = false;

  constructor(
    private readonly host: PlayerHost,
    private readonly clock: Clock = systemClock,
  ) {
    host.addController(this);
    new MediaListenersController(host, {
      playing: () => this.onPlaying(),
      pause: () => this.onStopped(),
      waiting: () => this.onStopped(),
      ended: () => this.onStopped(),
      emptied: () => this.onStopped(),
      volumechange: () => {
        if (this.showing && !this.host.store.owners.media?.muted) this.hide();
      },
    });
  }

  hostConnected(): void {
    this.host.addEventListener(REQUEST_EVENTS.mute, this.onSoundRequest, { capture: true });
    this.host.addEventListener(REQUEST_EVENTS.volume, this.onSoundRequest, { capture: true });
  }

  hostDisconnected(): void {
    this.host.removeEventListener(REQUEST_EVENTS.mute, this.onSoundRequest, { capture: true });
    this.host.removeEventListener(REQUEST_EVENTS.volume, this.onSoundRequest, { capture: true });
    this.hide();
  }

  /** Autoplay started playing muted; `fellBack`: because the browser refused sound. */
  mutedAutoplay(fellBack: boolean): void {
    if (!fellBack && (this.armedByPage || this.viewerSetSound)) return;
    if (!fellBack) this.armedByPage = true;
    const media = this.host.store.owners.media;
    if (!media?.muted) return;
    this.playedMs = 0;
    this.playingSince = media.paused ? null : this.clock.now();
    this.host.store.setUi({ unmuteCue: true });
    this.schedule();
  }

  private get showing(): boolean {
    return this.host.store.getState().unmuteCue;
  }

  private hide(): void {
    this.cancel();
    this.playingSince = null;
    if (this.showing) this.host.store.setUi({ unmuteCue: false });
  }

  private onPlaying(): void {
    if (!this.showing || this.playingSince !== null) return;
    this.playingSince = this.clock.now();
    this.schedule();
  }

  private onStopped(): void {
    if (this.playingSince !== null) this.playedMs += this.clock.now() - this.playingSince;
    this.playingSince = null;
    this.cancel();
  }

  /** While playing, hides the cue when the play counted reaches `UNMUTE_CUE_PLAY_MS`. */
  private schedule(): void {
    this.cancel();
    if (this.playingSince === null) return;
    const leftMs = UNMUTE_CUE_PLAY_MS - this.playedMs - (this.clock.now() - this.playingSince);
    if (leftMs <= 0) return this.hide();
    const handle = this.clock.setTimeout(() => {
      this.timer = null;
      this.hide();
    }, leftMs);
    this.timer = { handle };
  }

  private cancel(): void {
    if (this.timer) this.clock.clearTimeout(this.timer.handle);
    this.timer = null;
  }

  private readonly onSoundRequest = (): void => {
    this.viewerSetSound = true;
  };
}
