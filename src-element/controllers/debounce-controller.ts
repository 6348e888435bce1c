// DESIGN.md "Timers and I/O are injected"; player-and-client §9 "Controls"
/**
 * One pending call at a time, run after a quiet period (the seek
 * bar seeks 0.125 s after the thumb stops). Owns its timer: a disconnected host drops the pending
 * call. Takes the injected clock.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { systemClock, type Clock } from '../core/clock.js';

export class DebounceController implements ReactiveController {
  /** Cancels the pending call's timer; null when nothing is pending. */
  private cancelTimer: (() => void) | null = null;

  constructor(
    host: ReactiveControllerHost,
    private readonly delayMs: number,
    private readonly clock: Clock = systemClock,
  ) {
    host.addController(this);
  }

  /** True while a call waits for its quiet period. */
  get pending(): boolean {
    return this.cancelTimer !== null;
  }

  /** Runs `callback` after `delayMs` without another `schedule()`; replaces any pending call. */
  schedule(callback: () => void): void {
    this.cancel();
    const handle = this.clock.setTimeout(() => {
      this.cancelTimer = null;
      callback();
    }, this.delayMs);
    this.cancelTimer = () => this.clock.clearTimeout(handle);
  }

  /** Drops the pending call, if any. */
  cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  hostDisconnected(): void {
    this.cancel();
  }
}
