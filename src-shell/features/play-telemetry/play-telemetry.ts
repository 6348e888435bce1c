/**
 * Play telemetry (play-page §7 `POST /services/license/play_telemetry`): batched `player-opened`,
 * `playlist-finished`, `player-error`, `subtitles-on`, `subtitles-off`, `audio-track-changed` and
 * cast events, each with a timestamp and the slug.
 *
 * - Batched: the queue is sent {@link PLAY_TELEMETRY_FREQUENCY_MS} after the first event (play-page
 *   §9 "Telemetry frequency default 30 s"; `telemetry_frequency` of the configuration, in seconds).
 * - The token travels in a header only (`x-play-token`, else `x-auth-token`, via `request()`); the
 *   body never carries a token: token keys are dropped and any string holding a token value is
 *   redacted (DESIGN.md "Security rules").
 * - On `pagehide`, or when the page becomes hidden, the queue is flushed with `keepalive`.
 * - A failed send keeps the batch for the next one (network errors, 5xx, 408, 429); any other 4xx
 *   drops it (resending cannot help). Kept events are retried every batch window; at most
 *   {@link PLAY_TELEMETRY_MAX_QUEUE} are kept (the oldest go first).
 * - Without any token nothing is sent; events stay queued until {@link PlayTelemetry.setTokens}.
 *
 * The queue, timer, retries, failure rules and page-hide flush are the shared batching core
 * (`TelemetryBatcher` of the client); this module adds the event shape, the body and the request.
 *
 * Framework-free; fetch, clock and page-lifecycle targets are injected.
 */
import * as v from 'valibot';
import {
  TelemetryBatcher,
  redactValue,
  request,
  systemClock,
  type BatchLifecycleTargets,
  type Clock,
  type FetchLike,
  isS72Error,
} from 's72-player/client';

export const PLAY_TELEMETRY_PATH = '/services/license/play_telemetry';
/** play-page §9. */
export const PLAY_TELEMETRY_FREQUENCY_MS = 30_000;
/** Most events per request (keeps a keepalive body well under the 64 KiB limit). */
export const PLAY_TELEMETRY_MAX_BATCH = 100;
/** Most events kept while sends fail; the oldest are dropped beyond it. */
export const PLAY_TELEMETRY_MAX_QUEUE = 1_000;

export type PlayTelemetryEventName =
  | 'player-opened'
  | 'playlist-finished'
  | 'player-error'
  | 'subtitles-on'
  | 'subtitles-off'
  | 'audio-track-changed'
  | 'cast-started'
  | 'cast-ended'
  | 'cast-error'
  /** An end-screen suggestion was chosen: `slug` is the suggestion's, `details.source` where it came from (player-and-client §7). */
  | 'custom:end-screen-video-clicked';

/** One event on the wire. `timestamp` is ISO 8601 (DESIGN.md "Units"). */
export interface PlayTelemetryEvent {
  event: PlayTelemetryEventName;
  slug: string;
  timestamp: string;
  /** Event details (e.g. `{language}`, `{code}`), token-free. */
  data?: Record<string, unknown>;
  /** `custom:end-screen-video-clicked`: `{source}` (player-and-client §7 `details.source`), token-free. */
  details?: Record<string, unknown>;
}

/** The request body. */
export interface PlayTelemetryBody {
  events: PlayTelemetryEvent[];
}

/** The telemetry frequency from the configuration (`telemetry_frequency`, seconds), in ms. Pure. */
export function telemetryFrequencyMs(configuration: Readonly<Record<string, unknown>> | undefined): number {
  const seconds = configuration?.telemetry_frequency;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : PLAY_TELEMETRY_FREQUENCY_MS;
}

/** The clock play telemetry runs on (the shared `Clock`); kept as a name for existing callers. */
export type TelemetryClock = Clock;

/**
 * Where page-lifecycle events come from; default the global `window` and `document`. A target left
 * out of a given object is not listened to (`{}` listens to nothing).
 */
export type PageLifecycleTargets = BatchLifecycleTargets;

export interface PlayTelemetryOptions {
  /** Storefront origin, e.g. `location.origin`. */
  baseUrl: string;
  /**
   * Absolute telemetry endpoint replacing `baseUrl` + `/services/license/play_telemetry` (the play
   * page's `m` parameter, play-page §2). The caller must have validated its origin: tokens go there.
   */
  url?: string | undefined;
  /** Default the global fetch, looked up on every call. */
  fetch?: FetchLike;
  authToken?: string | undefined;
  playToken?: string | undefined;
  /** Batch window, ms. Default {@link PLAY_TELEMETRY_FREQUENCY_MS}. */
  frequencyMs?: number;
  clock?: TelemetryClock;
  /** Default the global `window`/`document`; pass `{}` to listen to nothing. */
  lifecycle?: PageLifecycleTargets;
  /** A send that has not settled after this long is aborted and kept for a retry. Default 30 s. */
  sendTimeoutMs?: number;
  /** Called when a batch is dropped (4xx) or a send fails (kept). */
  onError?: (error: unknown, outcome: 'dropped' | 'kept') => void;
}

/**
 * A token-free deep copy of event data: token keys dropped, the given token values and any
 * token-looking text redacted (the shared `redactValue`). Pure.
 */
export function sanitize(value: unknown, tokens: readonly string[]): unknown {
  return redactValue(value, { tokens });
}

/**
 * The `data` of a `player-error` event: the error's token-free JSON (`S72Error.toJSON()`: code,
 * category, severity, message, httpStatus, requestId, engineCode), or name and message. Pure.
 */
export function errorTelemetryData(error: unknown): Record<string, unknown> {
  if (isS72Error(error)) return { ...error.toJSON() };
  if (error instanceof Error) return { code: 'playback_error', name: error.name, message: error.message };
  return { code: 'playback_error', message: String(error) };
}


/**
 * The play page's telemetry: queues events per play-page §7 and sends them in batches through the
 * shared {@link TelemetryBatcher}. Listens to the page lifecycle from construction to `destroy()`.
 *
 * @example
 * const telemetry = new PlayTelemetry({ baseUrl: location.origin, authToken, frequencyMs: telemetryFrequencyMs(configuration) });
 * telemetry.track('player-opened', '/film/night-harbour');
 */
export class PlayTelemetry {
  #options: PlayTelemetryOptions;
  #clock: Clock;
  #batcher: TelemetryBatcher<PlayTelemetryEvent>;
  #authToken: string | undefined;
  #playToken: string | undefined;

  get #endpoint(): { baseUrl: string; path: string } {
    if (!this.#options.url) return { baseUrl: this.#options.baseUrl, path: PLAY_TELEMETRY_PATH };
    const url = new URL(this.#options.url);
    return { baseUrl: url.origin, path: `${url.pathname}${url.search}` };
  }

  constructor(options: PlayTelemetryOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#authToken = options.authToken?.trim() || undefined;
    this.#playToken = options.playToken?.trim() || undefined;
    const frequencyMs = this.frequencyMs;
    const targets = options.lifecycle;
    this.#batcher = new TelemetryBatcher<PlayTelemetryEvent>({
      batchMs: frequencyMs,
      clock: this.#clock,
      // A kept batch goes again with the next batch, one window later (no growing backoff).
      retryBackoff: { baseDelayMs: frequencyMs, backoffFactor: 1, fuzzFactor: 0, maxDelayMs: frequencyMs },
      maxBatchSize: PLAY_TELEMETRY_MAX_BATCH,
      maxQueueSize: PLAY_TELEMETRY_MAX_QUEUE,
      ...(options.sendTimeoutMs === undefined ? {} : { sendTimeoutMs: options.sendTimeoutMs }),
      lifecycle: {
        window: targets ? targets.window : typeof window === 'undefined' ? undefined : window,
        document: targets ? targets.document : typeof document === 'undefined' ? undefined : document,
      },
      // Nothing is sent without a token; events stay queued.
      canSend: () => this.#tokens().length > 0,
      send: (events, { keepalive, signal }) => this.#send(events, keepalive, signal),
      onFailure: (error, outcome) => this.#options.onError?.(error, outcome === 'dropped' ? 'dropped' : 'kept'),
    });
    this.#batcher.start();
  }

  /** Events not yet sent (a copy). */
  get pending(): readonly PlayTelemetryEvent[] {
    return this.#batcher.pending;
  }

  get frequencyMs(): number {
    return this.#options.frequencyMs ?? PLAY_TELEMETRY_FREQUENCY_MS;
  }

  /** Updates the tokens (e.g. once the streams call returned a play token); schedules a send. */
  setTokens(tokens: { authToken?: string | undefined; playToken?: string | undefined }): void {
    if ('authToken' in tokens) this.#authToken = tokens.authToken?.trim() || undefined;
    if ('playToken' in tokens) this.#playToken = tokens.playToken?.trim() || undefined;
    this.#batcher.schedule();
  }

  /** Queues one event; it is sent with the next batch. */
  track(
    event: PlayTelemetryEventName,
    slug: string,
    data?: Readonly<Record<string, unknown>>,
    details?: Readonly<Record<string, unknown>>,
  ): void {
    if (this.#batcher.destroyed) return;
    const tokens = this.#tokens();
    const clean = data === undefined ? undefined : (sanitize(data, tokens) as Record<string, unknown>);
    const cleanDetails = details === undefined ? undefined : (sanitize(details, tokens) as Record<string, unknown>);
    this.#batcher.add({
      event,
      slug: sanitize(slug, tokens) as string,
      timestamp: new Date(this.#clock.now()).toISOString(),
      ...(clean && Object.keys(clean).length > 0 ? { data: clean } : {}),
      ...(cleanDetails ? { details: cleanDetails } : {}),
    });
  }

  /**
   * Sends everything queued now (in batches of {@link PLAY_TELEMETRY_MAX_BATCH}). Never rejects.
   * A send already in flight is waited for first, so events go out once and in order.
   */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    return this.#batcher.flush({ keepalive: options.keepalive === true });
  }

  /** Flushes with keepalive and stops: no more timers or listeners. */
  destroy(): Promise<void> {
    return this.#batcher.destroy();
  }

  #tokens(): string[] {
    return [this.#authToken, this.#playToken].filter((t): t is string => typeof t === 'string' && t.length > 0);
  }

  async #send(events: readonly PlayTelemetryEvent[], keepalive: boolean, signal: AbortSignal): Promise<void> {
    // Sanitize again with the current tokens: a token set after an event was queued stays out too.
    const body: PlayTelemetryBody = { events: sanitize(events, this.#tokens()) as PlayTelemetryEvent[] };
    const json = JSON.stringify(body);
    const baseFetch: FetchLike = this.#options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    // request() sends the token header and maps failures; the body and keepalive are added here.
    const fetchWithBody: FetchLike = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('content-type', 'application/json');
      return baseFetch(input, { ...init, headers, body: json, keepalive, referrerPolicy: 'no-referrer' });
    };
    await request(
      { baseUrl: this.#endpoint.baseUrl, fetch: fetchWithBody, authToken: this.#authToken, playToken: this.#playToken },
      { method: 'POST', path: this.#endpoint.path, signal },
      v.unknown(),
    );
  }
}
