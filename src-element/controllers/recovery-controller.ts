// player-and-client §4 "Playback recovery", §9 "Engine"; issue 9 "Recovery"
/**
 * Playback recovery and
 * the one way errors reach the page. Every error the player reports goes through `report()`:
 *
 * - A CRITICAL network or media error (rules: `core/recovery/recovery-policy.ts`) is intercepted: the
 *   engine reloads the source at the last position the viewer had (kept from `timeupdate`s, also
 *   while the media plays on from its buffer after the error, but not during a reload, which starts
 *   at 0: a failed reload never loses the position), playing again if it was
 *   playing. Up to 6 reloads; the count starts again when the last one was over 60 s earlier;
 *   network errors wait 1 s first (the injected clock). While the browser is offline
 *   (`navigator.onLine`), nothing is counted: the reload waits for the window's `online` event.
 *   Meanwhile the viewer sees the spinner (once the media has no more data to play on), not the
 *   error panel. The page still gets `s72-error` for
 *   each intercepted error, as a copy with `severity: 'recoverable'` (same code, category, status,
 *   request id, engine code and cause; `data.recovery` = the attempt, 0 while offline), and
 *   `s72-recovery-change`.
 * - The start watchdog's `start_timeout` during a reload's start is one more failed attempt (the
 *   outage goes on), not the end: it ends only a first start.
 * - On a live source, an error that may mean the event has ended (the engine's 404 on a live segment
 *   or manifest) first asks the live status (`checkLiveEnd`, the live-status controller): a critical
 *   one is held until the answer, and dropped when the event has completed (`live_event_completed`,
 *   reported by the live-status controller, is the outcome); otherwise it goes on
 *   as below.
 * - Anything else, and a recoverable error whose attempts are spent, is reported as it is: critical
 *   errors show the error panel (and stop the start watchdog), every error is sent as `s72-error`.
 *   Each error is reported once.
 *
 * Owns the start watchdog (`start-watchdog-controller.ts`): started at every load, stopped when an
 * error is shown or intercepted. A new source starts the attempt count again. Listeners (media and
 * window) and timers live from `hostConnected` to `hostDisconnected`; a disconnect cancels a
 * pending reload.
 *
 * @fires s72-error - every reported error (intercepted ones as `recoverable` copies)
 * @fires s72-recovery-change - `{attempt, maxAttempts, error}` for each reload decided or awaited
 */
import type { ReactiveController } from 'lit';
import { systemClock, type IntervalClock } from '../core/clock.js';
import { S72Error } from '../core/errors.js';
import {
  INITIAL_RECOVERY_STATE,
  RECOVERY_MAX_ATTEMPTS,
  decideRecovery,
  type RecoveryState,
} from '../core/recovery/recovery-policy.js';
import { fireEvent } from '../events.js';
import type { BufferingController } from './buffering-controller.js';
import { Listeners, MediaListenersController, type PlayerHost } from './player-host.js';
import { StartWatchdogController } from './start-watchdog-controller.js';

/** `HTMLMediaElement.HAVE_FUTURE_DATA`: the media can play on. */
const HAVE_FUTURE_DATA = 3;

/** What recovery needs from the engine lifecycle (`EngineController`). */
export interface RecoveryEngine {
  /**
   * Reloads the source at `position` (seconds; null: where the load would start anyway), then
   * plays if `play` (null: as a fresh load would, autoplay or a resume position).
   */
  reloadAt(position: number | null, play: boolean | null): void;
  /** Stops loading and releases the engine (the start watchdog gave up). */
  halt(): void;
}

/** The browser's connectivity: `navigator.onLine` and the window's `online` event. */
export interface Connectivity extends EventTarget {
  readonly onLine: boolean;
}

export interface RecoveryControllerOptions {
  buffering: BufferingController;
  /** The engine lifecycle, read when needed (it is created after this controller). */
  engine: () => RecoveryEngine;
  clock?: IntervalClock;
  /** Default: the window (`online` events) with `navigator.onLine`. */
  connectivity?: Connectivity;
  /**
   * For an error that may mean a live event has ended: asks the live status; resolves true when the
   * error is not to be shown (the event completed). Null: not such an error, report it as usual.
   */
  checkLiveEnd?: (error: S72Error) => Promise<boolean> | null;
}

export class RecoveryController implements ReactiveController {
  /** The start watchdog, started at every load. */
  readonly watchdog: StartWatchdogController;
  private state: RecoveryState = INITIAL_RECOVERY_STATE;
  private readonly reported = new WeakSet<S72Error>();
  private readonly clock: IntervalClock;
  private readonly connectivity: Connectivity;
  private readonly windowListeners = new Listeners();
  /** Cancels the reload on its way (a timer, or the wait for `online`); null when none. */
  private cancelPending: (() => void) | null = null;
  /**
   * True from the reload until playback plays again: the reloaded media starts at 0 until it seeks,
   * so positions are not kept meanwhile. Until the reload, the media may still play on from its
   * buffer, and those positions are kept (the viewer is there).
   */
  private reloading = false;
  /** The viewer's last position before the error, seconds; null before any. */
  private position: number | null = null;
  private hasPlayed = false;
  private playing = false;

  constructor(
    private readonly host: PlayerHost,
    private readonly options: RecoveryControllerOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.connectivity = options.connectivity ?? browserConnectivity();
    host.addController(this);
    this.watchdog = new StartWatchdogController(host, { clock: this.clock, onGiveUp: () => options.engine().halt() });
    new MediaListenersController(host, {
      timeupdate: () => this.remember(),
      seeked: () => this.remember(),
      playing: () => {
        this.reloading = false;
        this.hasPlayed = this.playing = true;
      },
      pause: () => {
        if (!this.reloading) this.playing = false;
      },
    });
  }

  /** Reloads made in the current window (0..6). */
  get attempts(): number {
    return this.state.attempts;
  }

  /**
   * A load started: `source` (a new source: the count starts again) or `reload` (ours, or "Try
   * again", which replaces a reload still on its way).
   */
  loadStarted(reason: 'source' | 'reload'): void {
    this.cancel();
    if (reason === 'source') {
      this.state = INITIAL_RECOVERY_STATE;
      this.reloading = this.hasPlayed = this.playing = false;
      this.position = null;
    }
    this.watchdog.start();
  }

  /** Reports an error once: intercepted for recovery, or shown (critical) and sent as `s72-error`. */
  report(error: S72Error): void {
    if (this.reported.has(error)) return;
    this.reported.add(error);
    const liveCheck = this.options.checkLiveEnd?.(error) ?? null;
    if (liveCheck && error.severity === 'critical') {
      // Held until the live status answers: `completed` wins over the network error.
      void liveCheck.then(
        (ended) => ended || this.show(this.intercept(error)),
        () => this.show(this.intercept(error)),
      );
      return;
    }
    this.show(this.intercept(error));
  }

  hostDisconnected(): void {
    this.cancel();
    this.reloading = false;
  }

  private show(shown: S72Error): void {
    if (shown.severity === 'critical') {
      this.watchdog.stop();
      this.host.store.setSession({ error: shown });
      this.options.buffering.set(false);
    }
    fireEvent(this.host, 's72-error', shown);
  }

  /** The error to report: the error itself, or its recoverable copy when a reload is on its way. */
  private intercept(error: S72Error): S72Error {
    if (error.severity !== 'critical') return error;
    // One reload at a time: an error raised while one is on its way (the audio stream failing
    // after the video stream) is part of the same failure.
    if (this.cancelPending) return recoverableCopy(error, this.state.attempts);
    const decision = decideRecovery(this.state, error, { now: this.clock.now(), online: this.connectivity.onLine, reloading: this.reloading });
    if (decision.action === 'give-up') {
      this.reloading = false;
      return error;
    }
    this.watchdog.stop();
    // The spinner, unless the media still plays on from its buffer (then `waiting` brings it).
    const media = this.host.store.owners.media;
    if (!media || media.readyState < HAVE_FUTURE_DATA) this.options.buffering.set(true);
    if (decision.action === 'wait-online') {
      this.windowListeners.attach(this.connectivity, {
        online: () => {
          this.cancel();
          this.show(this.intercept(error));
        },
      });
      this.cancelPending = () => this.windowListeners.detach();
      return this.notify(recoverableCopy(error, 0), 0);
    }
    this.state = decision.state;
    const timer = this.clock.setTimeout(() => {
      this.cancelPending = null;
      this.reloading = true;
      this.options.engine().reloadAt(this.position, this.hasPlayed ? this.playing : null);
    }, decision.delayMs);
    this.cancelPending = () => this.clock.clearTimeout(timer);
    return this.notify(recoverableCopy(error, decision.attempt), decision.attempt);
  }

  private notify(copy: S72Error, attempt: number): S72Error {
    fireEvent(this.host, 's72-recovery-change', { attempt, maxAttempts: RECOVERY_MAX_ATTEMPTS, error: copy });
    return copy;
  }

  /** Keeps the viewer's position, except during a reload (see `reloading`). */
  private remember(): void {
    const media = this.host.store.owners.media;
    if (this.reloading || !media || !this.host.store.getState().loaded || media.seeking) return;
    if (Number.isFinite(media.currentTime) && media.currentTime > 0) this.position = media.currentTime;
  }

  private cancel(): void {
    this.cancelPending?.();
    this.cancelPending = null;
  }
}

function initOf(error: S72Error) {
  return {
    category: error.category,
    ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    ...(error.engineCode === undefined ? {} : { engineCode: error.engineCode }),
    data: error.data,
  };
}

/** The `recoverable` copy of an intercepted error: same code and facts, the original's cause. */
function recoverableCopy(error: S72Error, attempt: number): S72Error {
  const init = initOf(error);
  return new S72Error(error.code, error.message, {
    ...init,
    severity: 'recoverable',
    data: { ...init.data, recovery: attempt },
    ...(error.cause === undefined ? {} : { cause: error.cause }),
  });
}

function browserConnectivity(): Connectivity {
  const target = globalThis as unknown as EventTarget & { navigator?: { onLine?: boolean } };
  return {
    get onLine() {
      return target.navigator?.onLine ?? true;
    },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
  };
}
