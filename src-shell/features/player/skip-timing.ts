/**
 * When the playlist "Skip" button shows (player-and-client §9 "Controls": "Skip button shows after
 * 3 s and 5 s of play, hides after 20 s, hidden for videos of 10 s or less"; play-page §4 decides
 * whether the item may be skipped at all).
 *
 * Our reading of the two show times: the button appears after {@link SKIP_SHOW_AFTER_S} of play so the
 * viewer sees it coming, and becomes usable after {@link SKIP_ENABLE_AFTER_S}; it hides after
 * {@link SKIP_HIDE_AFTER_S}. "Of play" is time spent playing (not paused, buffering or ended), so a
 * viewer who pauses does not lose the window. Framework-free; timers on the injected `Clock`.
 */
import { systemClock, type Clock, type TimerHandle } from 's72-player/client';

/** The button appears after this much play, seconds. */
export const SKIP_SHOW_AFTER_S = 3;
/** The button can be used after this much play, seconds. */
export const SKIP_ENABLE_AFTER_S = 5;
/** The button hides after this much play, seconds. */
export const SKIP_HIDE_AFTER_S = 20;
/** Videos this long or shorter (seconds) never show the button. */
export const SKIP_MIN_DURATION_S = 10;

/** `disabled`: shown but not yet usable. */
export type SkipButtonState = 'hidden' | 'disabled' | 'enabled';

/**
 * The button's state after `playedS` seconds of play of a video of `durationS` seconds (NaN or
 * not positive: unknown, hidden; `Infinity`: live, long). Pure.
 */
export function skipButtonState(playedS: number, durationS: number): SkipButtonState {
  if (!(durationS > SKIP_MIN_DURATION_S)) return 'hidden';
  if (!(playedS >= SKIP_SHOW_AFTER_S) || playedS >= SKIP_HIDE_AFTER_S) return 'hidden';
  return playedS >= SKIP_ENABLE_AFTER_S ? 'enabled' : 'disabled';
}

export interface SkipPlayTimerOptions {
  clock?: Clock;
  /** Called on every change of {@link SkipPlayTimer.state}. */
  onChange(state: SkipButtonState): void;
}

/**
 * Counts the time an item spends playing and reports the Skip button's state as it crosses 3, 5
 * and 20 s of play. Call `playing()` on the player's `playing`, `stopped()` on `pause`, `waiting`
 * and `ended`, `setDuration()` when the duration is known, `dispose()` when done.
 */
export class SkipPlayTimer {
  private readonly clock: Clock;
  private readonly onChange: (state: SkipButtonState) => void;
  private playedMs = 0;
  private since: number | undefined;
  private durationS = Number.NaN;
  private timer: { handle: TimerHandle } | null = null;
  private current: SkipButtonState = 'hidden';

  constructor(options: SkipPlayTimerOptions) {
    this.clock = options.clock ?? systemClock;
    this.onChange = options.onChange;
  }

  /** The button's state now. */
  get state(): SkipButtonState {
    return this.current;
  }

  /** Seconds played so far. */
  get playedSeconds(): number {
    return (this.playedMs + (this.since === undefined ? 0 : this.clock.now() - this.since)) / 1000;
  }

  setDuration(durationS: number): void {
    this.durationS = durationS;
    this.update();
  }

  playing(): void {
    if (this.since === undefined) this.since = this.clock.now();
    this.update();
  }

  stopped(): void {
    if (this.since !== undefined) {
      this.playedMs += this.clock.now() - this.since;
      this.since = undefined;
    }
    this.update();
  }

  dispose(): void {
    this.stopped();
    this.cancel();
  }

  private cancel(): void {
    if (this.timer) this.clock.clearTimeout(this.timer.handle);
    this.timer = null;
  }

  /** Recomputes the state and waits for the next threshold while playing. */
  private update(): void {
    this.cancel();
    const played = this.playedSeconds;
    const next = skipButtonState(played, this.durationS);
    if (next !== this.current) {
      this.current = next;
      this.onChange(next);
    }
    if (this.since === undefined) return;
    const threshold = [SKIP_SHOW_AFTER_S, SKIP_ENABLE_AFTER_S, SKIP_HIDE_AFTER_S].find((t) => t > played);
    if (threshold === undefined) return;
    const handle = this.clock.setTimeout(() => {
      this.timer = null;
      this.update();
    }, Math.ceil((threshold - played) * 1000));
    this.timer = { handle };
  }
}
