// issue 23 "Code that a start does not need loads on demand"
/**
 * The end of the player's start: what a start does not need (the cast chunk and the Cast sender
 * script, …) waits for it, so it does not compete with the manifest, the licence and the first
 * segments for the network and the main thread.
 *
 * The start has ended once the first frame of the source is there (the media's `loadeddata`:
 * `readyState` ≥ `HAVE_CURRENT_DATA`), or the start failed (a critical error), and the main thread
 * has then been idle once (`requestIdleCallback`, at most `START_IDLE_TIMEOUT_MS` later). Without
 * a source (none set when the main thread is first idle after connecting) there is no start to
 * wait for. So that nothing waits for ever (a licence that never answers, a media element that
 * never loads), it ends anyway `START_GATE_MAX_MS` after connecting.
 *
 * Once ended it stays ended for the element's life: a later source does not gate anything again.
 */
import type { ReactiveController } from 'lit';
import { MediaListenersController, type PlayerHost } from './player-host.js';

/** `HTMLMediaElement.HAVE_CURRENT_DATA`: the frame at the position is there. */
const HAVE_CURRENT_DATA = 2;
/** How long the idle callback after the first frame may wait for an idle main thread. */
export const START_IDLE_TIMEOUT_MS = 1_000;
/** The latest end of the start after connecting, whatever happened. */
export const START_GATE_MAX_MS = 10_000;

/** Runs `callback` once the main thread is idle (at most `timeoutMs` later). */
function whenIdle(callback: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout: timeoutMs });
  else setTimeout(callback, 0);
}

export class StartGateController implements ReactiveController {
  /** Resolves once the start has ended (see the module comment). */
  readonly ended: Promise<void>;
  private resolve!: () => void;
  private done = false;
  /** The first frame or a failure has been seen; the idle callback that ends the start is queued. */
  private ending = false;
  private unsubscribe: (() => void) | null = null;
  private maxTimer: ReturnType<typeof setTimeout> | null = null;
  private noSourceCheck = false;

  constructor(
    private readonly host: PlayerHost,
    /** Whether a source is set (one whose start is to be waited for). */
    private readonly hasSource: () => boolean,
  ) {
    this.ended = new Promise<void>((resolve) => (this.resolve = resolve));
    host.addController(this);
    new MediaListenersController(host, { loadeddata: () => this.check() });
  }

  /** True once the start has ended. */
  get isEnded(): boolean {
    return this.done;
  }

  hostConnected(): void {
    if (this.done) return;
    this.unsubscribe = this.host.store.subscribe((_state, changed) => {
      if (changed.has('error') || changed.has('loaded')) this.check();
    });
    this.maxTimer ??= setTimeout(() => this.end(), START_GATE_MAX_MS);
    if (!this.noSourceCheck) {
      this.noSourceCheck = true;
      // Properties set by a framework right after the element connected count as set at the start.
      whenIdle(() => {
        if (!this.hasSource()) this.end();
      }, START_IDLE_TIMEOUT_MS);
    }
    this.check();
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private check(): void {
    if (this.done || this.ending) return;
    const media = this.host.store.owners.media;
    const firstFrame = media !== null && media !== undefined && media.readyState >= HAVE_CURRENT_DATA;
    if (!firstFrame && !this.host.store.getState().error) return;
    this.ending = true;
    whenIdle(() => this.end(), START_IDLE_TIMEOUT_MS);
  }

  private end(): void {
    if (this.done) return;
    this.done = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.maxTimer !== null) clearTimeout(this.maxTimer);
    this.maxTimer = null;
    this.resolve();
  }
}
