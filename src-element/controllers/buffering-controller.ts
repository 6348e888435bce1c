// play-page §9 "Spinner delay 0.25 s"
/**
 * Buffering and the spinner. Buffering is confirmed by the
 * engine (`buffering` events, forwarded with `set()`) and by the media (`waiting` once loaded,
 * `playing`); the spinner shows only after `spinnerDelayMs` of uninterrupted buffering. Owns the
 * spinner timer and its media listeners from `hostConnected` to `hostDisconnected`. Runs the buffering
 * monitor (`buffering-monitor-controller.ts`) alongside.
 *
 * @fires s72-buffering-change - `{buffering, state}` on every change of `buffering` (`state`: the
 *   buffering monitor's, see `buffering-monitor-controller.ts`)
 */
import type { ReactiveController } from 'lit';
import { systemClock, type IntervalClock } from '../core/clock.js';
import { SPINNER_DELAY_MS } from '../core/types.js';
import { fireEvent } from '../events.js';
import { BufferingMonitorController } from './buffering-monitor-controller.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';

export class BufferingController implements ReactiveController {
  /** Cancels the spinner timer; null when none is pending. */
  private cancelTimer: (() => void) | null = null;
  private visible = false;
  // player-and-client §4
  /** The buffering monitor (ok / buffering / recovering): the store's `bufferingState`. */
  readonly monitor: BufferingMonitorController;

  constructor(
    private readonly host: PlayerHost,
    private readonly clock: IntervalClock = systemClock,
  ) {
    host.addController(this);
    this.monitor = new BufferingMonitorController(host, clock);
    new MediaListenersController(host, {
      playing: () => this.set(false),
      waiting: () => {
        if (this.host.store.getState().loaded) this.set(true);
      },
    });
  }

  /** True once buffering has lasted the spinner delay (and until it stops). */
  get spinnerVisible(): boolean {
    return this.visible;
  }

  /** Buffering started (`true`) or stopped (`false`); repeated values are ignored. */
  set(buffering: boolean): void {
    const { store } = this.host;
    if (store.getState().buffering === buffering) return;
    store.setSession({ buffering });
    this.clearTimer();
    if (buffering) {
      const delayMs = this.host.effectiveConfig.spinnerDelayMs ?? SPINNER_DELAY_MS;
      const handle = this.clock.setTimeout(() => {
        this.cancelTimer = null;
        this.show(true);
      }, Math.max(0, delayMs));
      this.cancelTimer = () => this.clock.clearTimeout(handle);
    } else {
      this.show(false);
    }
    fireEvent(this.host, 's72-buffering-change', { buffering, state: store.getState().bufferingState });
  }

  hostDisconnected(): void {
    this.clearTimer();
    this.set(false);
  }

  private clearTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private show(visible: boolean): void {
    if (this.visible === visible) return;
    this.visible = visible;
    this.host.requestUpdate();
  }
}
