// player-and-client §3 "Telemetry batch (client)", §5, §7, §9 "Data client"; §5; §7 "What the product does with answers"
/**
 * The content-data client's telemetry batch.
 *
 * - Events are stamped with an ISO timestamp when tracked and batched for
 *   {@link TELEMETRY_BATCH_MS}; a batch is `{sent_at, source, correlation_id, events}`.
 * - The correlation id is 21 random URL-safe characters (nanoid), one per client.
 * - A send callback is required. Without an auth token nothing is sent, a warning is logged and
 *   the events stay queued until a token is set.
 * - Replies: HTTP 4xx drops the batch (except 408 and
 *   429, worth a retry); any other failure keeps it (in order, ahead of newer events) and retries
 *   with an exponential, capped delay (1, 2, 4 … batch windows, at most
 *   {@link TELEMETRY_MAX_RETRY_DELAY_MS}); a reply naming `telemetry_timestamp_invalid_range`
 *   disables telemetry for good.
 * - `pagehide` and `visibilitychange` to hidden flush with `keepalive` (or the sender's beacon).
 *
 * The queue, timer, retries and page-hide flush are the shared batching core
 * (`core/telemetry/batcher.ts`), also used by the play page's telemetry.
 *
 * Framework-free (core layer): timers, the page lifecycle targets and the sender are injected.
 */
import { nanoid } from 'nanoid';
import { systemClock, type Clock } from '../../clock.js';
import { S72Error } from '../../errors.js';
import { redactValue } from '../../redact.js';
import { TelemetryBatcher, classifyBatchFailure, type BatchFailureOutcome } from '../../telemetry/batcher.js';

// player-and-client §9 "Data client"
/** Batch window (telemetry client batch time 10 s). */
export const TELEMETRY_BATCH_MS = 10_000;
/** Cap of the retry delay after repeated failures. */
export const TELEMETRY_MAX_RETRY_DELAY_MS = 60_000;
/** A send that has not settled after this long is aborted and counts as a network failure. */
export const TELEMETRY_SEND_TIMEOUT_MS = 30_000;
/**
 * Most events kept (beyond it the oldest are dropped), as the play page's telemetry
 * (`PLAY_TELEMETRY_MAX_QUEUE`): a page without a token, or offline, cannot grow without bound.
 */
export const TELEMETRY_MAX_QUEUE = 1_000;
// player-and-client §9
/** Length of the correlation id (21 random characters). */
export const TELEMETRY_CORRELATION_ID_LENGTH = 21;
/** Default `source` of a batch. */
export const TELEMETRY_DEFAULT_SOURCE = 's72-player';
// player-and-client §7
/** A reply containing this text disables telemetry. */
export const TELEMETRY_TIMESTAMP_INVALID_RANGE = 'telemetry_timestamp_invalid_range';

/** One tracked event as sent: its name, its properties and when it was tracked. */
export interface TelemetryEvent {
  readonly event: string;
  /** ISO 8601, stamped by `track()`. */
  readonly timestamp: string;
  readonly [property: string]: unknown;
}

// player-and-client §7 "Embedded player"
/** Properties of the events the spec names. */
export interface TelemetryEventMap {
  'custom:end-screen-video-clicked': {
    slug: string;
    details: { source: 'next-episode' | 'recommendation' | 'continue-watching' };
  };
}

// player-and-client §3, §7
/** The JSON body of `POST /services/telemetry/v1/event`. */
export interface TelemetryBatch {
  /** ISO 8601, when this attempt was sent. */
  readonly sent_at: string;
  readonly source: string;
  readonly correlation_id: string;
  readonly events: readonly TelemetryEvent[];
}

export interface TelemetrySendOptions {
  /** Sent as `X-Auth-Token` (the play token, falling back to the user auth token). */
  authToken: string;
  /** True when the page is going away: the request must outlive it (`fetch` `keepalive`). */
  keepalive: boolean;
  /** Aborted when the send takes longer than the client's `sendTimeoutMs`. */
  signal?: AbortSignal;
}

/**
 * Delivers one batch. Resolves when delivered; rejects otherwise. A rejection carrying an HTTP
 * status (`httpStatus`, as on `S72Error`, or `status`) of 400–499 drops the batch; one whose
 * `message` or `data.responseText` contains `telemetry_timestamp_invalid_range` disables telemetry;
 * anything else keeps the batch for a retry.
 */
export interface TelemetrySender {
  (batch: TelemetryBatch, options: TelemetrySendOptions): Promise<void>;
  /**
   * Optional fire-and-forget path for when the page is going away (e.g. `navigator.sendBeacon`).
   * Returns false when the beacon could not be queued; the client then sends with `keepalive`.
   */
  sendBeacon?: (batch: TelemetryBatch, options: { authToken: string }) => boolean;
}

/** Where warnings go (default `console`). Messages never contain tokens. */
export interface TelemetryLogger {
  warn(...args: unknown[]): void;
}

/** The page lifecycle targets the client listens to; `null` turns the listening off. */
export interface PageLifecycleTargets {
  /** Receives `pagehide` (default `window`). */
  window?: EventTarget | null;
  /** Receives `visibilitychange`, and tells `visibilityState` (default `document`). */
  document?: (EventTarget & { readonly visibilityState: DocumentVisibilityState }) | null;
}

export interface TelemetryClientOptions {
  // player-and-client §5
  /** Required. `createHttpTelemetrySender()` gives the HTTP one. */
  send: TelemetrySender;
  /** Sent as `X-Auth-Token`; may be set later with `setAuthToken()`. */
  authToken?: string | undefined;
  /** `source` of every batch. Default {@link TELEMETRY_DEFAULT_SOURCE}. */
  source?: string;
  /** Batch window in ms. Default {@link TELEMETRY_BATCH_MS}. */
  batchMs?: number;
  /** Cap of the retry delay in ms. Default {@link TELEMETRY_MAX_RETRY_DELAY_MS}. */
  maxRetryDelayMs?: number;
  /** Default {@link TELEMETRY_SEND_TIMEOUT_MS}. */
  sendTimeoutMs?: number;
  /** Default {@link systemClock}. */
  clock?: Clock;
  /** Default `console`. */
  logger?: TelemetryLogger;
  /** Default the global `window` and `document` when they exist. */
  lifecycle?: PageLifecycleTargets;
  /** Makes the correlation id. Default `nanoid()` (21 URL-safe characters). */
  createCorrelationId?: () => string;
}

// §7
/**
 * What the client does with a failed send (see {@link TelemetrySender}): a reply naming
 * `telemetry_timestamp_invalid_range` disables telemetry; otherwise the shared batch rule
 * ({@link classifyBatchFailure}: 4xx but 408/429 drops, anything else retries). Pure.
 */
export function classifyTelemetryFailure(error: unknown): BatchFailureOutcome {
  return mentionsInvalidRange(error) ? 'disable' : classifyBatchFailure(error);
}

function mentionsInvalidRange(error: unknown): boolean {
  if (typeof error === 'string') return error.includes(TELEMETRY_TIMESTAMP_INVALID_RANGE);
  if (typeof error !== 'object' || error === null) return false;
  const { message, data, body } = error as { message?: unknown; data?: { responseText?: unknown }; body?: unknown };
  return [message, data?.responseText, body].some(
    (text) => typeof text === 'string' && text.includes(TELEMETRY_TIMESTAMP_INVALID_RANGE),
  );
}

function defaultLifecycle(): Required<PageLifecycleTargets> {
  return {
    window: typeof window === 'undefined' ? null : window,
    document: typeof document === 'undefined' ? null : document,
  };
}


/**
 * Batches telemetry events and delivers them through the injected sender. The queue, timer,
 * retries and page-hide flush are the shared {@link TelemetryBatcher}; this class adds the batch
 * shape, the correlation id, the auth token and the `telemetry_timestamp_invalid_range` rule.
 *
 * @example
 * const telemetry = new TelemetryClient({
 *   send: createHttpTelemetrySender({ baseUrl: location.origin }),
 *   authToken: session.playToken ?? session.authToken,
 * });
 * telemetry.start();
 * telemetry.track('custom:end-screen-video-clicked', { slug, details: { source: 'next-episode' } });
 * await telemetry.flush({ keepalive: true }); // before navigating
 */
export class TelemetryClient {
  // player-and-client §9
  /** 21 random URL-safe characters, stable for this client. */
  readonly correlationId: string;
  readonly source: string;
  readonly batchMs: number;

  private readonly sender: TelemetrySender;
  private readonly clock: Clock;
  private readonly logger: TelemetryLogger;
  private readonly batcher: TelemetryBatcher<TelemetryEvent>;
  private authToken: string | undefined;
  private warnedNoToken = false;

  constructor(options: TelemetryClientOptions) {
    if (typeof options?.send !== 'function') {
      throw new S72Error('invalid_config', 'The telemetry client needs a send callback.', {
        category: 'client',
        data: { option: 'send' },
      });
    }
    const batchMs = options.batchMs ?? TELEMETRY_BATCH_MS;
    if (!Number.isFinite(batchMs) || batchMs <= 0) {
      throw new S72Error('invalid_config', 'The telemetry batch window must be a positive number of ms.', {
        category: 'client',
        data: { option: 'batchMs' },
      });
    }
    this.sender = options.send;
    this.batchMs = batchMs;
    this.authToken = options.authToken?.trim() || undefined;
    this.source = options.source ?? TELEMETRY_DEFAULT_SOURCE;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? console;
    this.correlationId = (options.createCorrelationId ?? (() => nanoid(TELEMETRY_CORRELATION_ID_LENGTH)))();
    const { sendBeacon } = this.sender;
    this.batcher = new TelemetryBatcher<TelemetryEvent>({
      batchMs,
      clock: this.clock,
      lifecycle: { ...defaultLifecycle(), ...options.lifecycle },
      sendTimeoutMs: options.sendTimeoutMs ?? TELEMETRY_SEND_TIMEOUT_MS,
      maxQueueSize: TELEMETRY_MAX_QUEUE,
      // Retries: 1, 2, 4 … batch windows, capped (§7 "the batch is kept and retried").
      retryBackoff: {
        baseDelayMs: batchMs,
        backoffFactor: 2,
        fuzzFactor: 0,
        maxDelayMs: Math.max(batchMs, options.maxRetryDelayMs ?? TELEMETRY_MAX_RETRY_DELAY_MS),
      },
      classify: classifyTelemetryFailure,
      canSend: () => this.authToken !== undefined,
      onHeld: (queued) => {
        if (this.warnedNoToken) return;
        this.warnedNoToken = true;
        this.logger.warn(`[s72 telemetry] No auth token: ${queued} event(s) kept and not sent until a token is set.`);
      },
      onDisable: (dropped) => {
        this.logger.warn(
          `[s72 telemetry] The service answered ${TELEMETRY_TIMESTAMP_INVALID_RANGE}; telemetry is off` +
            (dropped > 0 ? ` (${dropped} queued event(s) dropped).` : '.'),
        );
      },
      send: (events, { keepalive, signal }) =>
        this.sender(this.batchOf(events), { authToken: this.authToken ?? '', keepalive, signal }),
      ...(sendBeacon
        ? { sendBeacon: (events: readonly TelemetryEvent[]) => sendBeacon(this.batchOf(events), { authToken: this.authToken ?? '' }) }
        : {}),
    });
  }

  /** Events waiting to be sent (including none of those in flight). */
  get queuedCount(): number {
    return this.batcher.size;
  }

  /** True once a reply said `telemetry_timestamp_invalid_range`: nothing is tracked or sent any more. */
  get disabled(): boolean {
    return this.batcher.disabled;
  }

  /** Sets (or clears) the token; queued events are sent at once when a token arrives. */
  setAuthToken(token: string | undefined): void {
    this.authToken = token?.trim() || undefined;
    if (!this.authToken) return;
    this.warnedNoToken = false;
    this.batcher.schedule(0, { replace: true });
  }

  // DESIGN.md "Security rules"
  /**
   * Queues one event, stamped with the current time. Token-bearing properties are removed. Ignored once disabled or destroyed.
   */
  track<K extends keyof TelemetryEventMap>(event: K, properties: TelemetryEventMap[K]): void;
  track(event: string, properties?: Readonly<Record<string, unknown>>): void;
  track(event: string, properties: Readonly<Record<string, unknown>> = {}): void {
    if (this.batcher.disabled || this.batcher.destroyed) return;
    const safe = redactValue(properties) as Record<string, unknown>;
    this.batcher.add({ ...safe, event, timestamp: new Date(this.clock.now()).toISOString() });
  }

  /** Starts the batch timer and the page lifecycle listeners. Idempotent. */
  start(): void {
    this.batcher.start();
  }

  /** Stops the timer and the listeners; queued events are kept for the next `start()`. */
  stop(): void {
    this.batcher.stop();
  }

  /**
   * Sends everything queued now (e.g. `custom:end-screen-video-clicked` before navigation).
   * Never rejects: a failed batch goes back to the queue as for a timed send.
   */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    return this.batcher.flush(options);
  }

  /** Flushes (with `keepalive`), then stops for good. Later `track()` calls are ignored. */
  destroy(): Promise<void> {
    return this.batcher.destroy();
  }

  /** The request body for `events`, stamped with the time of this attempt. */
  private batchOf(events: readonly TelemetryEvent[]): TelemetryBatch {
    return {
      sent_at: new Date(this.clock.now()).toISOString(),
      source: this.source,
      correlation_id: this.correlationId,
      events: [...events],
    };
  }
}

/** Creates a {@link TelemetryClient}; same options. */
export function createTelemetryClient(options: TelemetryClientOptions): TelemetryClient {
  return new TelemetryClient(options);
}
