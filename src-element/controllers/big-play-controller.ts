// player-and-client §2
/**
 * The big play button's rule (`core/ui/big-play-rules.ts`): writes the store's
 * `bigPlay` row. It shows before the first play, hides while playing, and after the video ends or a
 * source loads it shows for {@link BIG_PLAY_AFTER_MS} (3 s), or until playback starts. While casting or AirPlaying it
 * hides (`remote`: the cast controller's `cast` row, the AirPlay controller's `airplay` row). Timers run on the injected clock.
 *
 * When the button hides while it has keyboard focus (playback started from it), focus moves to the
 * control bar, so it stays in the player (WCAG 2.4.3).
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import type { PlayerState } from '../core/player-store.js';
import { BIG_PLAY_AFTER_MS, bigPlayShows } from '../core/ui/big-play-rules.js';
import type { PlayerHost } from './player-host.js';
import { isCasting } from '../core/cast/cast-state.js';

export class BigPlayController implements ReactiveController {
  private unsubscribe: (() => void) | null = null;
  private window: { handle: TimerHandle } | null = null;
  private last: Pick<PlayerState, 'ended' | 'loaded'> = { ended: false, loaded: false };
  private buttonFocused = false;

  constructor(
    private readonly host: PlayerHost,
    private readonly clock: Clock = systemClock,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.unsubscribe = this.host.store.subscribe((state) => this.follow(state));
    this.follow(this.host.store.getState());
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.closeWindow();
  }

  hostUpdate(): void {
    // Read before render: Chromium moves focus away as soon as a focused button is hidden.
    this.buttonFocused = Boolean(this.host.shadowRoot?.activeElement?.classList.contains('big-play'));
  }

  hostUpdated(): void {
    if (this.buttonFocused && this.host.shadowRoot?.querySelector<HTMLElement>('.big-play')?.hidden) {
      this.host.shadowRoot.querySelector<HTMLElement>('s72-control-bar')?.focus();
    }
  }

  private follow(state: PlayerState): void {
    const endedNow = state.ended && !this.last.ended;
    const loadedNow = state.loaded && !this.last.loaded;
    this.last = { ended: state.ended, loaded: state.loaded };
    if (endedNow || loadedNow) this.openWindow();
    // Playing ends the window: a later pause is the control bar's, not the big button's.
    else if (!state.paused) this.closeWindow();
    this.write(state);
  }

  private openWindow(): void {
    this.closeWindow();
    this.window = {
      handle: this.clock.setTimeout(() => {
        this.window = null;
        this.write(this.host.store.getState());
      }, BIG_PLAY_AFTER_MS),
    };
  }

  private closeWindow(): void {
    if (this.window) this.clock.clearTimeout(this.window.handle);
    this.window = null;
  }

  private write(state: PlayerState): void {
    const shows = bigPlayShows({
      loaded: state.loaded,
      error: Boolean(state.error),
      paused: state.paused,
      played: state.played,
      remote: isCasting(state.cast) || state.airplay.active, // casting or AirPlaying (issue 13)
      withinAfterWindow: this.window !== null,
    });
    if (shows !== state.bigPlay) this.host.store.setUi({ bigPlay: shows });
  }
}
