// player-and-client §4 "End screen"
/**
 * The end screen's timing: writes the store's `endScreen` row.
 * The rule is `endScreenDue` (core/ui/end-screen-rules.ts); this controller adds the timers: the
 * end screen shows {@link END_SCREEN_DELAY_MS} after the rule first holds, never sooner than
 * {@link END_SCREEN_MOUNT_DELAY_MS} after the player was mounted (`hostConnected`). It hides when
 * the rule stops holding (e.g. a seek back out of the window), on close (`s72-end-screen-close-request`:
 * it then stays closed for this item, even back in the window) and on a content change (the media
 * loads another source: `emptied` / `loadstart`; closing is forgotten then). Timers run on the
 * injected clock; everything stops on `hostDisconnected`.
 *
 * The end screen's own code (`<s72-end-screen>`) is fetched on demand: from
 * {@link END_SCREEN_PRELOAD_LEAD_S} before its window, and it shows only once defined. A failed
 * download leaves it hidden (tried again the next time it is due).
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock } from '../core/clock.js';
import type { PlayerState } from '../core/player-store.js';
import { END_SCREEN_DELAY_MS, END_SCREEN_MOUNT_DELAY_MS, endScreenDue, endScreenSoon, type EndScreenInput } from '../core/ui/end-screen-rules.js';
import { REQUEST_EVENTS } from '../events.js';
import { optionalModuleFailed } from './lazy-load.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';

export class EndScreenController implements ReactiveController {
  private unsubscribe: (() => void) | null = null;
  /** Cancels the pending show; null when none is pending. */
  private cancelTimer: (() => void) | null = null;
  /** Epoch ms of `hostConnected`. */
  private mountedAtMs = 0;
  private closed = false;
  /** The end screen's code: pending, loaded or failed (fetched again after a content change); null before the first fetch. */
  private surface: Promise<boolean> | null = null;

  constructor(
    private readonly host: PlayerHost,
    private readonly clock: Clock = systemClock,
    /** Fetches and defines `<s72-end-screen>`. */
    private readonly loadSurface: () => Promise<unknown> = () => import('../ui/s72-end-screen.js'),
  ) {
    host.addController(this);
    new MediaListenersController(host, { emptied: this.contentChanged, loadstart: this.contentChanged });
  }

  hostConnected(): void {
    this.mountedAtMs = this.clock.now();
    this.host.addEventListener(REQUEST_EVENTS.endScreenClose, this.onClose);
    this.unsubscribe = this.host.store.subscribe((state) => this.evaluate(state));
    this.evaluate(this.host.store.getState());
  }

  hostDisconnected(): void {
    this.host.removeEventListener(REQUEST_EVENTS.endScreenClose, this.onClose);
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clearTimer();
  }

  private evaluate(state: PlayerState): void {
    const input: EndScreenInput = {
      loaded: state.loaded,
      live: state.live,
      enabled: this.host.effectiveConfig.endScreen?.enabled,
      suggestions: state.suggestions.length,
      currentTime: state.currentTime,
      duration: state.duration,
      ended: state.ended,
      timingS: state.endScreenTimingS,
      closed: this.closed,
    };
    if (endScreenSoon(input)) void this.preload();
    const due = endScreenDue(input);
    if (!due) {
      this.clearTimer();
      if (state.endScreen) this.host.store.setUi({ endScreen: false });
      return;
    }
    if (state.endScreen || this.cancelTimer !== null) return;
    const sinceMountMs = this.clock.now() - this.mountedAtMs;
    const delayMs = Math.max(END_SCREEN_DELAY_MS, END_SCREEN_MOUNT_DELAY_MS - sinceMountMs);
    let cancelled = false;
    const ready = this.preload();
    const handle = this.clock.setTimeout(() => {
      void ready.then((defined) => {
        if (cancelled) return;
        this.cancelTimer = null;
        if (defined) this.host.store.setUi({ endScreen: true });
      });
    }, delayMs);
    this.cancelTimer = () => {
      cancelled = true;
      this.clock.clearTimeout(handle);
    };
  }

  /** Starts fetching the end screen's code once; resolves true when it is defined. */
  private preload(): Promise<boolean> {
    this.surface ??= this.loadSurface().then(
      () => true,
      (error: unknown) => {
        this.host.report(optionalModuleFailed(error, 'the end screen'));
        return false;
      },
    );
    return this.surface;
  }

  private clearTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private readonly onClose = (): void => {
    this.closed = true;
    this.clearTimer();
    this.host.store.setUi({ endScreen: false });
  };

  private readonly contentChanged = (): void => {
    this.closed = false;
    void this.surface?.then((defined) => {
      if (!defined) this.surface = null;
    });
    this.clearTimer();
    if (this.host.store.getState().endScreen) this.host.store.setUi({ endScreen: false });
  };
}
