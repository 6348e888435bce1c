// player-and-client §3 "Telemetry batch (client)", §5, §7, §9; play-page §7 `POST /services/license/play_telemetry`, §9; player-and-client §7 "the batch is kept and retried"
/**
 * The one telemetry batching core, shared by the content-data client's `TelemetryClient`
 * and the play page's
 * `PlayTelemetry`. Each of them keeps
 * only its own specifics (event shape, body, who sends and with which token); the queue, the timer,
 * the retries, the page-hide flush and the failure rules are here.
 *
 * - **Batching**: the first event added opens a window of `batchMs`; when it ends, everything
 *   queued is sent (in requests of at most `maxBatchSize` events).
 * - **Nothing queued is lost**: a failed
 *   batch goes back to the queue ahead of newer events, in the order they were added, and is sent
 *   again after the retry backoff ({@link backoffDelayMs} of `retryBackoff`). The only events ever
 *   dropped are those the service refused ({@link classifyBatchFailure}: 4xx), those beyond
 *   `maxQueueSize` (the oldest go first), and the queue when telemetry is disabled.
 * - **Held**: while `canSend()` is false (no token) nothing is sent and events stay queued; call
 *   {@link TelemetryBatcher.schedule} when it may have changed.
 * - **Page hide**: `pagehide`, and `visibilitychange` to hidden, flush with `keepalive` (or the
 *   beacon), starting the request within the event, in batches whose events' JSON is at most
 *   `keepaliveMaxBytes` ({@link KEEPALIVE_BATCH_MAX_BYTES}: the browser refuses a keepalive body
 *   over 64 KiB); an event over it alone goes without `keepalive`.
 * - **Order**: regular sends run one at a time, and a `flush()` waits for a send in flight; a
 *   keepalive flush starts at once (the page is going away).
 * - A send that has not settled after `sendTimeoutMs` is aborted, and counts as a network failure.
 *
 * Framework-free (core layer): the clock, the page-lifecycle targets and the send are injected.
 */
import { systemClock, type Clock, type TimerHandle } from '../clock.js';
import { backoffDelayMs, type BackoffOptions } from '../net/backoff.js';

/** Cap of the retry delay when the caller sets none, ms. */
export const BATCH_MAX_RETRY_DELAY_MS = 60_000;
/** A send that has not settled after this long is aborted, ms. */
export const BATCH_SEND_TIMEOUT_MS = 30_000;
/**
 * Most bytes of a keepalive batch's events as JSON: the browser's keepalive limit (64 KiB) less
 * 4 KiB for the request's own envelope (e.g. `{sent_at, source, correlation_id, events}`).
 */
export const KEEPALIVE_BATCH_MAX_BYTES = 60 * 1024;

const utf8 = new TextEncoder();

/** The UTF-8 size of an event as JSON; one that cannot be serialised counts as 0 (the send decides). */
function jsonBytes(event: unknown): number {
  try {
    const text = JSON.stringify(event);
    return text === undefined ? 0 : utf8.encode(text).length;
  } catch {
    return 0;
  }
}

/** What to do with a batch whose send failed. */
export type BatchFailureOutcome = 'drop' | 'retry' | 'disable';

/** The HTTP status on a failure: `httpStatus` (as on `S72Error`), else `status`. */
export function failureStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { httpStatus, status } = error as { httpStatus?: unknown; status?: unknown };
  if (typeof httpStatus === 'number') return httpStatus;
  return typeof status === 'number' ? status : undefined;
}

// player-and-client §7 "Telemetry HTTP 4xx replies are ignored; other failures are rethrown and the batch is kept and retried"; play-page §7
/**
 * The shared failure rule: an HTTP 4xx answer drops
 * the batch, since sending it again cannot help, except 408 (timeout) and 429 (too many requests),
 * which are worth another try; anything else (no answer, abort, 5xx) keeps it for a retry. Pure.
 */
export function classifyBatchFailure(error: unknown): 'drop' | 'retry' {
  const status = failureStatus(error);
  if (status === undefined || status === 408 || status === 429) return 'retry';
  return status >= 400 && status < 500 ? 'drop' : 'retry';
}

/** The page-lifecycle targets; `null` or absent = not listened to. */
export interface BatchLifecycleTargets {
  /** Receives `pagehide` (usually `window`). */
  window?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null | undefined;
  /** Receives `visibilitychange` and tells `visibilityState` (usually `document`). */
  document?: (Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState: string }) | null | undefined;
}

/** What one send gets besides the events. */
export interface BatchSendOptions {
  /** True when the page is going away: the request must outlive it (`fetch` `keepalive`). */
  keepalive: boolean;
  /** Aborted after `sendTimeoutMs`. */
  signal: AbortSignal;
}

/** Options of {@link TelemetryBatcher}. Every time is in ms. */
export interface TelemetryBatcherOptions<E> {
  /** Delivers one batch; resolves when delivered, rejects otherwise (see `classify`). */
  send(events: readonly E[], options: BatchSendOptions): Promise<void>;
  /**
   * Optional fire-and-forget path for page hide (e.g. `navigator.sendBeacon`); returns false when
   * the beacon could not be queued, and the batch is then sent with `keepalive`.
   */
  sendBeacon?: ((events: readonly E[]) => boolean) | undefined;
  /** False while nothing may be sent (e.g. no token): events stay queued. Default always true. */
  canSend?: () => boolean;
  /** Told each time a send is held back by `canSend()`, with the number of events queued. */
  onHeld?: (queued: number) => void;
  /** Failure rule. Default {@link classifyBatchFailure}. */
  classify?: (error: unknown) => BatchFailureOutcome;
  /** Told of every failed send: the batch was dropped (4xx), kept for a retry, or telemetry disabled. */
  onFailure?: (error: unknown, outcome: 'dropped' | 'kept' | 'disabled', events: readonly E[]) => void;
  /** Told once when a `disable` outcome turned telemetry off, with the number of queued events dropped. */
  onDisable?: (dropped: number) => void;
  /** The batch window. Must be positive. */
  batchMs: number;
  /**
   * Spacing of retries after failed sends, by the number of failures in a row. `maxAttempts` is not
   * used (a kept batch is retried until delivered). Default: `baseDelayMs` = `batchMs`,
   * `backoffFactor` 2, no fuzz, `maxDelayMs` = max(`batchMs`, {@link BATCH_MAX_RETRY_DELAY_MS}).
   */
  retryBackoff?: Partial<Omit<BackoffOptions, 'maxAttempts'>>;
  /** Most events per request. Default no limit. */
  maxBatchSize?: number;
  /** Most events kept; beyond it the oldest are dropped. Default no limit. */
  maxQueueSize?: number;
  /** Default {@link BATCH_SEND_TIMEOUT_MS}. */
  sendTimeoutMs?: number;
  /** Most bytes of a keepalive batch's events as JSON. Default {@link KEEPALIVE_BATCH_MAX_BYTES}. */
  keepaliveMaxBytes?: number;
  /** The size of one event in a body, bytes. Default its UTF-8 JSON length. */
  eventBytes?: (event: E) => number;
  /** Default {@link systemClock}. */
  clock?: Clock;
  /** Targets listened to between `start()` and `stop()`. Default none. */
  lifecycle?: BatchLifecycleTargets;
}

interface Queued<E> {
  /** Order of `add()`; keeps the queue ordered when failed batches come back. */
  readonly seq: number;
  readonly event: E;
}

/**
 * Queues events and delivers them in batches through the injected `send` (see the module comment).
 *
 * @example
 * const batcher = new TelemetryBatcher<MyEvent>({
 *   batchMs: 10_000,
 *   send: (events, { keepalive, signal }) => post({ events }, { keepalive, signal }),
 *   lifecycle: { window, document },
 * });
 * batcher.start();
 * batcher.add({ event: 'player-opened' });
 */
export class TelemetryBatcher<E> {
  readonly batchMs: number;

  readonly #options: TelemetryBatcherOptions<E>;
  readonly #clock: Clock;
  readonly #retryBackoff: Partial<BackoffOptions>;
  readonly #maxBatchSize: number;
  readonly #maxQueueSize: number;
  readonly #sendTimeoutMs: number;
  #queue: Queued<E>[] = [];
  #seq = 0;
  /** The armed batch timer, or `undefined`. */
  #timer: TimerHandle = undefined;
  #timerDueAt = 0;
  /** Sends under way (regular and keepalive). */
  #inFlight = 0;
  /** The regular send under way; the next regular one waits for it. */
  #chain: Promise<void> | undefined;
  /** Failed sends in a row (resets on a delivery or a drop). */
  #failures = 0;
  #started = false;
  #listening = false;
  #disabled = false;
  #destroyed = false;

  constructor(options: TelemetryBatcherOptions<E>) {
    if (!Number.isFinite(options.batchMs) || options.batchMs <= 0) {
      throw new RangeError('The telemetry batch window must be a positive number of ms.');
    }
    this.#options = options;
    this.batchMs = options.batchMs;
    this.#clock = options.clock ?? systemClock;
    this.#retryBackoff = {
      baseDelayMs: options.batchMs,
      backoffFactor: 2,
      fuzzFactor: 0,
      maxDelayMs: Math.max(options.batchMs, BATCH_MAX_RETRY_DELAY_MS),
      ...options.retryBackoff,
    };
    this.#maxBatchSize = Math.max(1, options.maxBatchSize ?? Number.POSITIVE_INFINITY);
    this.#maxQueueSize = Math.max(1, options.maxQueueSize ?? Number.POSITIVE_INFINITY);
    this.#sendTimeoutMs = options.sendTimeoutMs ?? BATCH_SEND_TIMEOUT_MS;
  }

  /** Events waiting to be sent (not those in flight), oldest first; a copy. */
  get pending(): readonly E[] {
    return this.#queue.map((item) => item.event);
  }

  /** Number of events waiting to be sent (not those in flight). */
  get size(): number {
    return this.#queue.length;
  }

  /** True once a `disable` outcome turned telemetry off: nothing is queued or sent any more. */
  get disabled(): boolean {
    return this.#disabled;
  }

  get destroyed(): boolean {
    return this.#destroyed;
  }

  /** Queues one event; it goes out with the next batch. Ignored once disabled or destroyed. */
  add(event: E): void {
    if (this.#disabled || this.#destroyed) return;
    this.#queue.push({ seq: this.#seq++, event });
    this.#trim();
    if (this.#inFlight === 0) this.#arm(this.batchMs);
  }

  /** Starts the batch timer and the page-lifecycle listeners. Idempotent. */
  start(): void {
    if (this.#started || this.#destroyed || this.#disabled) return;
    this.#started = true;
    this.#listen();
    if (this.#queue.length > 0 && this.#inFlight === 0) this.#arm(this.batchMs);
  }

  /** Stops the timer and the listeners; queued events are kept for the next `start()`. */
  stop(): void {
    this.#started = false;
    this.#clearTimer();
    this.#unlisten();
  }

  /**
   * Arms the batch timer for `delayMs` (default the batch window) when events are queued and no send
   * is in flight (a send re-arms it when it settles). An armed timer is kept unless `replace` is set
   * and the new one fires sooner. Use it when `canSend()` may have become true.
   */
  schedule(delayMs: number = this.batchMs, options: { replace?: boolean } = {}): void {
    if (this.#queue.length === 0 || this.#inFlight > 0) return;
    if (options.replace && this.#timer !== undefined && this.#clock.now() + delayMs < this.#timerDueAt) this.#clearTimer();
    this.#arm(delayMs);
  }

  /**
   * Sends everything queued now. Never rejects: a failed batch goes back to the queue as for a timed
   * send. A regular flush first waits for a send in flight (events go out once, in order); a
   * `keepalive` one starts its requests at once, within the caller's task (page hide).
   */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (this.#destroyed) return Promise.resolve();
    if (options.keepalive) return this.#sendQueued(true);
    const previous = this.#chain;
    const run = async (): Promise<void> => {
      if (previous) await previous;
      await this.#sendQueued(false);
    };
    const chained = run().finally(() => {
      if (this.#chain === chained) this.#chain = undefined;
    });
    this.#chain = chained;
    return chained;
  }

  /** Flushes with `keepalive`, then stops for good; later `add()` calls are ignored. */
  destroy(): Promise<void> {
    if (this.#destroyed) return Promise.resolve();
    const flushed = this.#sendQueued(true);
    this.#destroyed = true;
    this.stop();
    return flushed;
  }

  // ---- internals --------------------------------------------------------------------------------

  readonly #onPageHide = (): void => {
    void this.flush({ keepalive: true });
  };

  readonly #onVisibilityChange = (): void => {
    if (this.#options.lifecycle?.document?.visibilityState === 'hidden') void this.flush({ keepalive: true });
  };

  #listen(): void {
    if (this.#listening) return;
    this.#listening = true;
    this.#options.lifecycle?.window?.addEventListener('pagehide', this.#onPageHide);
    this.#options.lifecycle?.document?.addEventListener('visibilitychange', this.#onVisibilityChange);
  }

  #unlisten(): void {
    if (!this.#listening) return;
    this.#listening = false;
    this.#options.lifecycle?.window?.removeEventListener('pagehide', this.#onPageHide);
    this.#options.lifecycle?.document?.removeEventListener('visibilitychange', this.#onVisibilityChange);
  }

  /** Arms the timer unless one is armed, the batcher is not started, or it is finished. */
  #arm(delayMs: number): void {
    if (this.#timer !== undefined || !this.#started || this.#disabled || this.#destroyed) return;
    this.#timerDueAt = this.#clock.now() + delayMs;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, delayMs);
  }

  #clearTimer(): void {
    if (this.#timer === undefined) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Drops the oldest events beyond `maxQueueSize`. */
  #trim(): void {
    const excess = this.#queue.length - this.#maxQueueSize;
    if (excess > 0) this.#queue.splice(0, excess);
  }

  /** Puts failed events back, ahead of newer ones, in the order they were added. */
  #requeue(items: readonly Queued<E>[]): void {
    this.#queue = [...items, ...this.#queue].sort((a, b) => a.seq - b.seq);
    this.#trim();
  }

  /**
   * Takes the queue and sends it in batches. The first request starts synchronously. Regular sends
   * go one batch after the other and stop at the first kept failure; keepalive ones start together.
   */
  async #sendQueued(keepalive: boolean): Promise<void> {
    this.#clearTimer();
    if (this.#disabled || this.#queue.length === 0) return;
    if (this.#options.canSend && !this.#options.canSend()) {
      this.#options.onHeld?.(this.#queue.length);
      return;
    }
    this.#inFlight += 1;
    try {
      if (keepalive) {
        // Everything queued, now, in batches under the keepalive limit; none waits for another.
        const batches = this.#keepaliveBatches(this.#queue.splice(0));
        await Promise.all(batches.map(({ batch, fits }) => this.#sendBatch(batch, fits)));
      } else {
        while (this.#queue.length > 0 && !this.#disabled) {
          const batch = this.#queue.splice(0, this.#maxBatchSize);
          if ((await this.#sendBatch(batch, false)) === 'kept') break;
        }
      }
    } finally {
      this.#inFlight -= 1;
    }
    if (this.#inFlight === 0 && this.#queue.length > 0) {
      this.#arm(this.#failures > 0 ? backoffDelayMs(this.#failures, this.#retryBackoff) : this.batchMs);
    }
  }

  /**
   * Splits `items` into batches of at most `maxBatchSize` events whose JSON (`[a,b,…]`) is at most
   * `keepaliveMaxBytes`; an event bigger than that goes alone and does not fit (`fits` false).
   */
  #keepaliveBatches(items: readonly Queued<E>[]): Array<{ batch: Queued<E>[]; fits: boolean }> {
    const limit = this.#options.keepaliveMaxBytes ?? KEEPALIVE_BATCH_MAX_BYTES;
    const sizeOf = this.#options.eventBytes ?? jsonBytes;
    const out: Array<{ batch: Queued<E>[]; fits: boolean }> = [];
    let batch: Queued<E>[] = [];
    let bytes = 2; // the brackets
    for (const item of items) {
      const eventSize = Math.max(0, sizeOf(item.event));
      if (batch.length > 0 && (bytes + 1 + eventSize > limit || batch.length >= this.#maxBatchSize)) {
        out.push({ batch, fits: bytes <= limit });
        batch = [];
        bytes = 2;
      }
      bytes += (batch.length > 0 ? 1 : 0) + eventSize;
      batch.push(item);
    }
    if (batch.length > 0) out.push({ batch, fits: bytes <= limit });
    return out;
  }

  /** Sends one batch (beacon first when keepalive); settles with what became of it, never rejects. */
  async #sendBatch(batch: Queued<E>[], keepalive: boolean): Promise<'sent' | 'dropped' | 'kept' | 'disabled'> {
    const events = batch.map((item) => item.event);
    if (keepalive && this.#options.sendBeacon) {
      let queued: boolean;
      try {
        queued = this.#options.sendBeacon(events);
      } catch {
        queued = false; // a beacon that throws counts as refused
      }
      if (queued) return 'sent';
    }
    const abort = new AbortController();
    const timeout = this.#clock.setTimeout(() => abort.abort(), this.#sendTimeoutMs);
    try {
      await this.#options.send(events, { keepalive, signal: abort.signal });
      this.#failures = 0;
      return 'sent';
    } catch (error) {
      return this.#failed(error, batch, events);
    } finally {
      this.#clock.clearTimeout(timeout);
    }
  }

  #failed(error: unknown, batch: Queued<E>[], events: readonly E[]): 'dropped' | 'kept' | 'disabled' {
    const outcome = (this.#options.classify ?? classifyBatchFailure)(error);
    if (outcome === 'disable') {
      this.#options.onFailure?.(error, 'disabled', events);
      this.#disable();
      return 'disabled';
    }
    if (outcome === 'drop') {
      // The service will never accept this batch; the next ones may.
      this.#failures = 0;
      this.#options.onFailure?.(error, 'dropped', events);
      return 'dropped';
    }
    this.#failures += 1;
    if (!this.#disabled) this.#requeue(batch);
    this.#options.onFailure?.(error, 'kept', events);
    return 'kept';
  }

  #disable(): void {
    if (this.#disabled) return;
    this.#disabled = true;
    const dropped = this.#queue.length;
    this.#queue = [];
    this.#clearTimer();
    this.#unlisten();
    this.#options.onDisable?.(dropped);
  }
}
