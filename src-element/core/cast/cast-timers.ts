// player-and-client §9 "Cast"
/**
 * The cast sender's timings as small classes on the injected clock ("Status poll every 5 s while casting and visible, debounced 500 ms. Receiver status timeout 60 s
 * (10 s when resuming); re-check at most every 10 s. … Volume throttle 500 ms"). Each owns its
 * timers and has a `stop()`; nothing runs until started. Framework-free.
 *
 * Units: every duration in ms.
 */
import type { Clock, TimerHandle } from '../clock.js';
import {
  CAST_RECEIVER_STATUS_RECHECK_MS,
  CAST_RECEIVER_STATUS_RESUME_TIMEOUT_MS,
  CAST_RECEIVER_STATUS_TIMEOUT_MS,
  CAST_STATUS_DEBOUNCE_MS,
  CAST_STATUS_POLL_MS,
  CAST_VOLUME_THROTTLE_MS,
} from './cast-constants.js';

/** Calls `action` once, `delayMs` after the last of a burst of `trigger()` calls. */
export class Debounce {
  private timer: { handle: TimerHandle } | null = null;
  constructor(
    private readonly clock: Clock,
    private readonly action: () => void,
    private readonly delayMs = CAST_STATUS_DEBOUNCE_MS,
  ) {}

  trigger(): void {
    this.stop();
    this.timer = { handle: this.clock.setTimeout(() => {
      this.timer = null;
      this.action();
    }, this.delayMs) };
  }

  get pending(): boolean {
    return this.timer !== null;
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer.handle);
    this.timer = null;
  }
}

/**
 * Passes a value on at once, then at most once per `intervalMs`; a value given during the quiet
 * time is passed on when it ends (the last one wins, so the final volume always arrives).
 */
export class Throttle<T> {
  private timer: { handle: TimerHandle } | null = null;
  private waiting: { value: T } | null = null;
  constructor(
    private readonly clock: Clock,
    private readonly action: (value: T) => void,
    private readonly intervalMs = CAST_VOLUME_THROTTLE_MS,
  ) {}

  push(value: T): void {
    if (this.timer !== null) {
      this.waiting = { value };
      return;
    }
    this.action(value);
    this.quiet();
  }

  private quiet(): void {
    this.timer = { handle: this.clock.setTimeout(() => {
      this.timer = null;
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting) this.push(waiting.value);
    }, this.intervalMs) };
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer.handle);
    this.timer = null;
    this.waiting = null;
  }
}

/**
 * The status poll: while casting and the page is visible, `poll()` every 5 s. A change of
 * visibility or of casting starts or stops it; becoming visible polls at once (through the
 * caller's debounce).
 */
export class StatusPoller {
  private timer: { handle: TimerHandle } | null = null;
  private casting = false;
  private visible = true;
  constructor(
    private readonly clock: Clock,
    private readonly poll: () => void,
    private readonly intervalMs = CAST_STATUS_POLL_MS,
  ) {}

  /** Casting started or stopped. */
  setCasting(casting: boolean): void {
    this.casting = casting;
    this.update(false);
  }

  /** The page became visible or hidden (`document.visibilityState`). */
  setVisible(visible: boolean): void {
    const wasRunning = this.running;
    this.visible = visible;
    this.update(!wasRunning);
  }

  get running(): boolean {
    return this.timer !== null;
  }

  private update(pollNow: boolean): void {
    const run = this.casting && this.visible;
    if (!run) return this.stop();
    if (this.timer !== null) return;
    if (pollNow) this.poll();
    this.schedule();
  }

  private schedule(): void {
    this.timer = { handle: this.clock.setTimeout(() => {
      this.timer = null;
      this.poll();
      if (this.casting && this.visible) this.schedule();
    }, this.intervalMs) };
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer.handle);
    this.timer = null;
  }
}

/**
 * The receiver-status timeout: once watching, the receiver must answer within 60 s (10 s when a
 * session is being resumed) of the watch starting or of its last answer. The deadline is checked
 * at most every 10 s, so the timeout fires at the first check past it.
 */
export class ReceiverStatusWatch {
  private timer: { handle: TimerHandle } | null = null;
  private lastAnswerAt = 0;
  private timeoutMs = CAST_RECEIVER_STATUS_TIMEOUT_MS;
  constructor(
    private readonly clock: Clock,
    private readonly onTimeout: () => void,
    private readonly recheckMs = CAST_RECEIVER_STATUS_RECHECK_MS,
  ) {}

  /** Starts (or restarts) watching; `resuming`: the 10-s timeout of a resumed session. */
  start(options: { resuming: boolean }): void {
    this.stop();
    this.timeoutMs = options.resuming ? CAST_RECEIVER_STATUS_RESUME_TIMEOUT_MS : CAST_RECEIVER_STATUS_TIMEOUT_MS;
    this.lastAnswerAt = this.clock.now();
    this.schedule();
  }

  /** The receiver answered: the deadline moves; a resumed session now gets the normal timeout. */
  answered(): void {
    this.lastAnswerAt = this.clock.now();
    this.timeoutMs = CAST_RECEIVER_STATUS_TIMEOUT_MS;
  }

  /** The timeout in force, ms. */
  get currentTimeoutMs(): number {
    return this.timeoutMs;
  }

  get watching(): boolean {
    return this.timer !== null;
  }

  private schedule(): void {
    this.timer = { handle: this.clock.setTimeout(() => {
      this.timer = null;
      if (this.clock.now() - this.lastAnswerAt >= this.timeoutMs) this.onTimeout();
      else this.schedule();
    }, this.recheckMs) };
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer.handle);
    this.timer = null;
  }
}
