// player-and-client §4 "Start watchdog", §9 "every 5 s; gives up after 10 s or 60 s"
/**
 * The start watchdog: from the start of a load (`start()`, called by the engine lifecycle for every load,
 * reloads included) until playback starts, it checks every {@link WATCHDOG_CHECK_MS} through the
 * injected clock whether the start is progressing (engine loaded, `readyState`, seconds buffered;
 * rules in `core/recovery/start-watchdog.ts`). It gives up after 10 s without progress or 60 s in
 * total: it calls `onGiveUp` (the player stops loading), then reports a critical `start_timeout`
 * (`data: {reason: 'stalled' | 'too-long', waitedMs}`).
 *
 * The start is over at the first `playing`, or at a check that finds the media paused with data to
 * play (no autoplay: the player waits for the viewer, not for the network). `stop()` ends it early
 * (an error panel, a recovery in wait); a disconnect stops it too, and a new load starts it again.
 *
 * `start_timeout` is a code of our own: the spec names none for the watchdog, and `network_error`
 * would send the viewer to check a connection that may be fine (a server that accepts requests and
 * never answers). It ends a first start (no reload: the watchdog is what ends a start that does not
 * progress); during a recovery reload it counts as one more failed attempt of the outage being
 * recovered (core/recovery/recovery-policy.ts).
 *
 * @fires s72-error - `start_timeout` (critical)
 */
import type { ReactiveController } from 'lit';
import { systemClock, type IntervalClock } from '../core/clock.js';
import { S72Error } from '../core/errors.js';
import {
  WATCHDOG_CHECK_MS,
  checkWatchdog,
  progressMark,
  startWatchdog,
  type WatchdogState,
} from '../core/recovery/start-watchdog.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';

/** `HTMLMediaElement.HAVE_FUTURE_DATA`. */
const HAVE_FUTURE_DATA = 3;

export interface StartWatchdogOptions {
  /** Called after the watchdog reported `start_timeout` (stop loading). */
  onGiveUp?: () => void;
  clock?: IntervalClock;
}

export class StartWatchdogController implements ReactiveController {
  private watch: WatchdogState | null = null;
  /** Stops the periodic check; null when none runs. */
  private stopTimer: (() => void) | null = null;
  private readonly clock: IntervalClock;

  constructor(
    private readonly host: PlayerHost,
    private readonly options: StartWatchdogOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    host.addController(this);
    new MediaListenersController(host, { playing: () => this.stop() });
  }

  /** True while a start is being watched. */
  get running(): boolean {
    return this.watch !== null;
  }

  /** A load started: watch it (a watch already running starts again). */
  start(): void {
    this.stop();
    if (!this.host.isConnected) return;
    this.watch = startWatchdog(this.clock.now(), this.progress());
    const handle = this.clock.setInterval(this.check, WATCHDOG_CHECK_MS);
    this.stopTimer = () => this.clock.clearInterval(handle);
  }

  /** Stops watching. */
  stop(): void {
    this.watch = null;
    this.stopTimer?.();
    this.stopTimer = null;
  }

  hostDisconnected(): void {
    this.stop();
  }

  private progress(): string {
    return progressMark(this.host.store.getState().loaded, this.host.store.owners.media);
  }

  private readonly check = (): void => {
    if (!this.watch) return;
    const media = this.host.store.owners.media;
    if (media && media.paused && media.readyState >= HAVE_FUTURE_DATA && this.host.store.getState().loaded) {
      this.stop();
      return;
    }
    const now = this.clock.now();
    const busy = (this.host.store.owners.engine?.licenseRequestsPending ?? 0) > 0;
    const { state, verdict } = checkWatchdog(this.watch, now, this.progress(), busy);
    this.watch = state;
    if (verdict === 'waiting') return;
    const waitedMs = now - state.startedAt;
    this.stop();
    this.options.onGiveUp?.();
    this.host.report(
      new S72Error('start_timeout', verdict === 'stalled' ? 'No buffering progress for 10 s during the start' : 'Playback did not start within 60 s', {
        category: 'network',
        data: { reason: verdict, waitedMs },
      }),
    );
  };
}
