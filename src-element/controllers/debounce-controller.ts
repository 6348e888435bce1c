/**
 * One pending call at a time, run after a quiet period (player-and-client §9 "Controls": the seek
 * bar seeks 0.125 s after the thumb stops). Owns its timer: a disconnected host drops the pending
 * call. Takes the injected clock (DESIGN.md "Timers and I/O are injected").
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';

export class DebounceController implements ReactiveController {
  private timer: TimerHandle | undefined;

  constructor(
    host: ReactiveControllerHost,
    private readonly delayMs: number,
    private readonly clock: Clock = systemClock,
  ) {
    host.addController(this);
  }

  /** True while a call waits for its quiet period. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  /** Runs `callback` after `delayMs` without another `schedule()`; replaces any pending call. */
  schedule(callback: () => void): void {
    this.cancel();
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      callback();
    }, this.delayMs);
  }

  /** Drops the pending call, if any. */
  cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  hostDisconnected(): void {
    this.cancel();
  }
}
