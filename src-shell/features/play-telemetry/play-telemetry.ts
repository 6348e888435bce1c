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
 *   drops it (resending cannot help).
 * - Without any token nothing is sent; events stay queued until {@link PlayTelemetry.setTokens}.
 *
 * Framework-free; fetch, clock and page-lifecycle targets are injected.
 */
import * as v from 'valibot';
import { request, type FetchLike } from '../../../src-element/core/client/http.js';
import { isS72Error } from '../../../src-element/core/errors.js';

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
  | 'cast-error';

/** One event on the wire. `timestamp` is ISO 8601 (DESIGN.md "Units"). */
export interface PlayTelemetryEvent {
  event: PlayTelemetryEventName;
  slug: string;
  timestamp: string;
  /** Event details (e.g. `{language}`, `{code}`), token-free. */
  data?: Record<string, unknown>;
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

export interface TelemetryClock {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Epoch ms. */
  now(): number;
}

const globalClock: TelemetryClock = {
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** Where page-lifecycle events come from; default `window` and `document`. */
export interface PageLifecycleTargets {
  window?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined;
  document?: (Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState: string }) | undefined;
}

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
  /** Called when a batch is dropped (4xx) or a send fails (kept). */
  onError?: (error: unknown, outcome: 'dropped' | 'kept') => void;
}

const TOKEN_KEY = /^(?:x-)?(?:auth|play)[-_]?(?:token|session)$|^(?:token|authorization|password|u|p)$/i;
const REDACTED = '[redacted]';

/** A token-free deep copy of event data: token keys dropped, token values redacted. Pure. */
export function sanitize(value: unknown, tokens: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') {
    let out = value;
    for (const token of tokens) if (token && out.includes(token)) out = out.split(token).join(REDACTED);
    return out;
  }
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? undefined : value;
  }
  if (depth > 8) return undefined;
  if (Array.isArray(value)) return value.map((item) => sanitize(item, tokens, depth + 1) ?? null);
  if (value instanceof Error) return sanitize({ name: value.name, message: value.message, ...(value as unknown as Record<string, unknown>) }, tokens, depth + 1);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (TOKEN_KEY.test(key)) continue;
    const copy = sanitize(item, tokens, depth + 1);
    if (copy !== undefined) out[key] = copy;
  }
  return out;
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

/** True when a failed send should be retried with the same events. */
function keepAfter(error: unknown): boolean {
  const status = isS72Error(error) ? error.httpStatus : undefined;
  if (status === undefined) return true; // network error, abort
  if (status === 408 || status === 429) return true;
  return !(status >= 400 && status < 500);
}

export class PlayTelemetry {
  #options: PlayTelemetryOptions;
  #clock: TelemetryClock;
  #queue: PlayTelemetryEvent[] = [];
  #timer: unknown;
  #sending: Promise<void> | undefined;
  #authToken: string | undefined;
  #playToken: string | undefined;
  #destroyed = false;
  #detach: (() => void) | undefined;

  get #endpoint(): { baseUrl: string; path: string } {
    if (!this.#options.url) return { baseUrl: this.#options.baseUrl, path: PLAY_TELEMETRY_PATH };
    const url = new URL(this.#options.url);
    return { baseUrl: url.origin, path: `${url.pathname}${url.search}` };
  }

  constructor(options: PlayTelemetryOptions) {
    this.#options = options;
    this.#clock = options.clock ?? globalClock;
    this.#authToken = options.authToken?.trim() || undefined;
    this.#playToken = options.playToken?.trim() || undefined;
    this.#attach(options.lifecycle);
  }

  /** Events not yet sent (a copy). */
  get pending(): readonly PlayTelemetryEvent[] {
    return [...this.#queue];
  }

  get frequencyMs(): number {
    return this.#options.frequencyMs ?? PLAY_TELEMETRY_FREQUENCY_MS;
  }

  /** Updates the tokens (e.g. once the streams call returned a play token); schedules a send. */
  setTokens(tokens: { authToken?: string | undefined; playToken?: string | undefined }): void {
    if ('authToken' in tokens) this.#authToken = tokens.authToken?.trim() || undefined;
    if ('playToken' in tokens) this.#playToken = tokens.playToken?.trim() || undefined;
    this.#schedule();
  }

  /** Queues one event; it is sent with the next batch. */
  track(event: PlayTelemetryEventName, slug: string, data?: Readonly<Record<string, unknown>>): void {
    if (this.#destroyed) return;
    const tokens = this.#tokens();
    const clean = data === undefined ? undefined : (sanitize(data, tokens) as Record<string, unknown>);
    this.#queue.push({
      event,
      slug: sanitize(slug, tokens) as string,
      timestamp: new Date(this.#clock.now()).toISOString(),
      ...(clean && Object.keys(clean).length > 0 ? { data: clean } : {}),
    });
    if (this.#queue.length > PLAY_TELEMETRY_MAX_QUEUE) this.#queue.splice(0, this.#queue.length - PLAY_TELEMETRY_MAX_QUEUE);
    this.#schedule();
  }

  /**
   * Sends everything queued now (in batches of {@link PLAY_TELEMETRY_MAX_BATCH}). Never rejects.
   * A send already in flight is waited for first, so events go out once and in order.
   */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    const run = async (): Promise<void> => {
      if (this.#sending) await this.#sending;
      await this.#sendAll(options.keepalive === true);
    };
    const sending = run().finally(() => {
      if (this.#sending === sending) this.#sending = undefined;
    });
    this.#sending = sending;
    return sending;
  }

  /** Flushes with keepalive and stops: no more timers or listeners. */
  destroy(): Promise<void> {
    if (this.#destroyed) return Promise.resolve();
    const done = this.flush({ keepalive: true });
    this.#destroyed = true;
    this.#detach?.();
    this.#detach = undefined;
    this.#cancelTimer();
    return done;
  }

  #tokens(): string[] {
    return [this.#authToken, this.#playToken].filter((t): t is string => typeof t === 'string' && t.length > 0);
  }

  #cancelTimer(): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    if (this.#destroyed || this.#timer !== undefined || this.#queue.length === 0) return;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.frequencyMs);
  }

  async #sendAll(keepalive: boolean): Promise<void> {
    this.#cancelTimer();
    try {
      if (this.#tokens().length === 0) return; // nothing is sent without a token; events stay queued
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, PLAY_TELEMETRY_MAX_BATCH);
        try {
          await this.#send(batch, keepalive);
        } catch (error) {
          if (keepAfter(error)) {
            this.#queue.unshift(...batch);
            if (this.#queue.length > PLAY_TELEMETRY_MAX_QUEUE) this.#queue.splice(0, this.#queue.length - PLAY_TELEMETRY_MAX_QUEUE);
            this.#options.onError?.(error, 'kept');
            return;
          }
          this.#options.onError?.(error, 'dropped');
        }
      }
    } finally {
      this.#schedule();
    }
  }

  async #send(events: PlayTelemetryEvent[], keepalive: boolean): Promise<void> {
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
      { method: 'POST', path: this.#endpoint.path },
      v.unknown(),
    );
  }

  #attach(targets: PageLifecycleTargets | undefined): void {
    const win = targets ? targets.window : typeof window === 'undefined' ? undefined : window;
    const doc = targets ? targets.document : typeof document === 'undefined' ? undefined : document;
    const onPageHide = (): void => void this.flush({ keepalive: true });
    const onVisibility = (): void => {
      if (doc?.visibilityState === 'hidden') void this.flush({ keepalive: true });
    };
    win?.addEventListener('pagehide', onPageHide);
    doc?.addEventListener('visibilitychange', onVisibility);
    this.#detach = () => {
      win?.removeEventListener('pagehide', onPageHide);
      doc?.removeEventListener('visibilitychange', onVisibility);
    };
  }
}
