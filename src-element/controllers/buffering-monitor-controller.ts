// player-and-client §4 "Buffering monitor", §9 "Buffering check every 0.5 s"
/**
 * The buffering monitor: `ok` → `buffering` on `loadstart`, `seeking` or `waiting` → `recovering` when playback
 * resumes (`playing`, or the position moving forward) → `ok` after 1 s of recovery. The rules are in
 * `core/recovery/buffering-monitor.ts`; this controller feeds them the media's events and, while the
 * state is not `ok`, a check every {@link BUFFERING_CHECK_MS} through the injected clock. The state
 * is the store's `bufferingState` row. Owns its media listeners and its timer from `hostConnected` to
 * `hostDisconnected` (a disconnect returns the state to `ok`).
 *
 * @fires s72-buffering-change - `{buffering, state}` on every change of `state` (`buffering` as it is)
 */
import type { ReactiveController } from 'lit';
import { systemClock, type IntervalClock } from '../core/clock.js';
import {
  BUFFERING_CHECK_MS,
  BUFFERING_START_EVENTS,
  INITIAL_BUFFERING_MONITOR,
  nextBufferingState,
  type BufferingInput,
  type BufferingMonitorState,
  type BufferingState,
} from '../core/recovery/buffering-monitor.js';
import { fireEvent } from '../events.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';

/** `HTMLMediaElement.HAVE_FUTURE_DATA`: enough data to play on. */
const HAVE_FUTURE_DATA = 3;

export class BufferingMonitorController implements ReactiveController {
  private monitor = INITIAL_BUFFERING_MONITOR;
  /** Stops the periodic check; null when none runs. */
  private stopTimer: (() => void) | null = null;

  constructor(
    private readonly host: PlayerHost,
    private readonly clock: IntervalClock = systemClock,
  ) {
    host.addController(this);
    const stall = (): void => this.feed({ type: 'stall', now: this.clock.now() });
    new MediaListenersController(host, {
      ...Object.fromEntries(BUFFERING_START_EVENTS.map((type) => [type, stall])),
      playing: () => this.feed({ type: 'playing', now: this.clock.now() }),
    });
  }

  /** The monitor's state now. */
  get state(): BufferingState {
    return this.monitor.state;
  }

  hostDisconnected(): void {
    this.stopChecks();
    this.commit(INITIAL_BUFFERING_MONITOR);
  }

  private feed(input: BufferingInput): void {
    this.commit(nextBufferingState(this.monitor, input));
  }

  private readonly check = (): void => {
    const media = this.host.store.owners.media;
    if (!media) return;
    this.feed({
      type: 'check',
      now: this.clock.now(),
      position: media.currentTime,
      paused: media.paused,
      ready: media.readyState >= HAVE_FUTURE_DATA,
    });
  };

  private commit(next: BufferingMonitorState): void {
    const changed = next.state !== this.monitor.state;
    this.monitor = next;
    if (next.state === 'ok') this.stopChecks();
    else if (!this.stopTimer) {
      const handle = this.clock.setInterval(this.check, BUFFERING_CHECK_MS);
      this.stopTimer = () => this.clock.clearInterval(handle);
    }
    if (!changed) return;
    const { store } = this.host;
    store.setSession({ bufferingState: next.state });
    fireEvent(this.host, 's72-buffering-change', { buffering: store.getState().buffering, state: next.state });
  }

  private stopChecks(): void {
    this.stopTimer?.();
    this.stopTimer = null;
  }
}
