// issue 23 "Code that a start does not need loads on demand"; player-and-client §5 "Casting requires cast config enabled"
/**
 * Casting, loaded on demand. This stub is always present and small: until casting is allowed here
 * (`config.cast.enabled` with an `appId`, a browser that can cast: `core/cast/cast-support.ts`) the
 * cast state is the initial one (UNAVAILABLE: no cast button, no cast panel), or, enabled without
 * an app id, UNAVAILABLE with `unavailable: 'no-app-id'` (the button shows disabled). Once it is, the cast chunk
 * (cast-sender.ts: the SDK, the session, the state machine, the cast panel) is loaded and takes
 * over; a command before then loads it too, so the answer (e.g. `cast_sdk_not_loaded`) is the
 * sender's own.
 *
 * While the player is starting a source (`starting`: loading it, or loaded with no picture yet),
 * the chunk and Google's Cast SDK wait, `CAST_START_WAIT_MS` at most: they do not compete with the
 * manifest, the licence and the first segments. The cast button appears once they are in.
 *
 * A chunk that cannot be downloaded is a recoverable `module_load_failed` (casting stays off,
 * playback is untouched), tried once per player, as the SDK is.
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import type { S72CastCommand } from '../core/cast/cast-commands.js';
import { INITIAL_CAST_STATE, isCasting, type CastState } from '../core/cast/cast-state.js';
import { castSupport } from '../core/cast/cast-support.js';
import type { CastSdkLoader } from '../core/cast/sdk-loader.js';
import { moduleLoadFailed } from '../core/errors.js';
import type { S72Content } from '../core/types.js';
import type { CastSender } from './cast-sender.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';

/** What the cast controller needs from the player. */
export interface CastHost extends PlayerHost {
  /** What is playing (its slug and auth token go to the receiver). */
  readonly content?: S72Content | null;
  /** The SDK loader; null or absent: the real script (`CAST_SDK_URL`). */
  castSdkLoader?: CastSdkLoader | null;
  /** Whether the host has finished its first update (LitElement's `hasUpdated`). */
  readonly hasUpdated: boolean;
}

export interface CastControllerOptions {
  clock?: Clock;
  /** The browser's user agent (Safari, Firefox and smart TVs never cast). */
  userAgent?: () => string;
  // §8
  /** "Reconnect reloads the page". */
  reload?: () => void;
  // issue 23 "Code that a start does not need (casting, ...) loads on demand"
  /**
   * True while the player is starting a source (loading it, or loaded with no picture yet): casting
   * waits until it is false, `CAST_START_WAIT_MS` at most. Default: never starting.
   */
  starting?: () => boolean;
}

// issue 23
/** The longest the cast chunk and SDK wait for the player's start (ms). */
export const CAST_START_WAIT_MS = 3000;

export class CastController implements ReactiveController {
  private sender: CastSender | null = null;
  private loading: Promise<CastSender | null> | null = null;
  private loadFailed = false;
  private connected = false;
  private readonly userAgent: () => string;
  /** The `CAST_START_WAIT_MS` timer while casting waits for the start, and whether it has run out. */
  private startWait: { handle: TimerHandle } | null = null;
  private startWaitOver = false;

  constructor(
    private readonly host: CastHost,
    private readonly options: CastControllerOptions = {},
  ) {
    this.userAgent = options.userAgent ?? (() => (typeof navigator === 'undefined' ? '' : navigator.userAgent));
    host.addController(this);
    // The first picture ends the start (the store may not update the host at that moment).
    new MediaListenersController(host, { loadeddata: () => this.update(), error: () => this.update() });
  }

  /** The cast state now (also the store's `cast` row). */
  get current(): CastState {
    return this.sender?.current ?? INITIAL_CAST_STATE;
  }

  // §5
  /** True while playback belongs to the receiver (heartbeat and player telemetry stop). */
  get casting(): boolean {
    return isCasting(this.current);
  }

  /** Resolves with the cast sender once its chunk is in (null when not loaded: not needed, or it failed). */
  get ready(): Promise<CastSender | null> {
    return this.loading ?? Promise.resolve(this.sender);
  }

  hostConnected(): void {
    this.connected = true;
    // The first decision waits for the host's first update, where a source set before connecting
    // is scheduled (so the start is seen); a host moved or re-inserted decides now.
    if (this.host.hasUpdated) this.update();
  }

  hostUpdate(): void {
    if (this.connected) this.update();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stopStartWait();
  }

  /** One cast command (from `s72-cast-request`). */
  command(command: S72CastCommand): void {
    if (this.sender) return this.sender.command(command);
    void this.load().then((sender) => sender?.command(command));
  }

  private update(): void {
    if (!this.connected || this.sender || this.loading || this.loadFailed) return;
    const support = castSupport(this.host.effectiveConfig, this.userAgent());
    if (support === 'allowed') {
      if (!this.startWaitOver && this.options.starting?.()) return this.waitForStart();
      this.stopStartWait();
      return void this.load();
    }
    // §5 "Casting requires cast config enabled with an appId": enabled without one shows the cast
    // button as unavailable (no chunk, no SDK: there is no receiver to cast to).
    const unavailable = support === 'no-app-id' ? 'no-app-id' : null;
    if (this.host.store.getState().cast.unavailable !== unavailable) this.host.store.setUi({ cast: { ...INITIAL_CAST_STATE, unavailable } });
  }

  private waitForStart(): void {
    const clock = this.options.clock ?? systemClock;
    this.startWait ??= {
      handle: clock.setTimeout(() => {
        this.startWait = null;
        this.startWaitOver = true;
        this.update();
      }, CAST_START_WAIT_MS),
    };
  }

  private stopStartWait(): void {
    if (this.startWait === null) return;
    (this.options.clock ?? systemClock).clearTimeout(this.startWait.handle);
    this.startWait = null;
  }

  private load(): Promise<CastSender | null> {
    if (this.sender || this.loadFailed) return Promise.resolve(this.sender);
    return (this.loading ??= import('./cast-sender.js')
      .then(
        ({ CastSender }) => {
          // Added to the host now: it connects at once (when the host is) and loads the SDK.
          this.sender = new CastSender(this.host, this.options);
          return this.sender;
        },
        (error: unknown) => {
          this.loadFailed = true;
          this.host.report(moduleLoadFailed(error, 'casting', 'recoverable'));
          return null;
        },
      )
      .finally(() => {
        this.loading = null;
      }));
  }
}
