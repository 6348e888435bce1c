// DESIGN.md "Security rules"; player-and-client §5, §7 "A log reporter POSTs text to an external log service", §9 "Controls"; play-page §9
/**
 * The log reporter (levels debug, log, warn, error; default error; payload enhancement
 * times out at 10 s).
 *
 * - Messages below the reporter's level are not sent.
 * - At least one tag is required.
 * - The payload is JSON sent as `text/plain` (a CORS-simple request: no preflight).
 * - An optional async enhancement (e.g. device info) gets {@link LOG_ENHANCE_TIMEOUT_MS}; after that,
 *   or when it fails, the payload is sent as it was.
 * - Tokens never leave: `x-auth-token`, `x-play-token`, `u=`/`p=` values and the like are redacted
 *   from the final text.
 * - Posting never throws into the app; the first failure is logged to the console, later ones are not
 *   (so a console bridged into the reporter cannot loop).
 * - **Batched** when `batchMs` is given (the play page): lines are queued in the shared
 *   {@link TelemetryBatcher} and posted as one JSON array per window; a failed post is kept and
 *   retried (4xx dropped), the queue is capped at `maxQueueSize` (oldest dropped) and `pagehide`
 *   sends what is queued with `keepalive` at once. Without `batchMs` every line is posted alone.
 *
 * Framework-free (core layer): `fetch` and the clock are injected.
 */
import { systemClock, type Clock } from '../../clock.js';
import { S72Error } from '../../errors.js';
import { redactTokens, redactValue } from '../../redact.js';
import { TelemetryBatcher, type BatchLifecycleTargets } from '../../telemetry/batcher.js';

export const LOG_LEVELS = ['debug', 'log', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
// player-and-client §9 "Controls"
/** Default level. */
export const LOG_DEFAULT_LEVEL: LogLevel = 'error';
// player-and-client §9 "Controls"
/** How long the payload enhancement may take. */
export const LOG_ENHANCE_TIMEOUT_MS = 10_000;
/** Bodies up to this size are posted with `keepalive` (the browser's keepalive budget is 64 KiB). */
const KEEPALIVE_MAX_CHARS = 60_000;
/** Lines kept by a batched reporter; beyond it the oldest are dropped. */
export const LOG_MAX_QUEUE_SIZE = 500;

/** What is posted (as JSON text). An enhancement may add fields. */
export interface LogPayload {
  level: LogLevel;
  tags: string[];
  message: string;
  /** ISO 8601. */
  timestamp: string;
  [field: string]: unknown;
}

/** Adds fields to a payload, e.g. device info. May be async; gets {@link LOG_ENHANCE_TIMEOUT_MS}. */
export type LogPayloadEnhancer = (payload: LogPayload) => LogPayload | Promise<LogPayload>;

export type LogFetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface LogReporterOptions {
  /** The log service endpoint. */
  url: string;
  // player-and-client §5
  /** At least one. */
  tags: readonly string[];
  /** Default {@link LOG_DEFAULT_LEVEL}. */
  level?: LogLevel;
  /** Default the global `fetch`, looked up on every call. */
  fetch?: LogFetch;
  enhance?: LogPayloadEnhancer;
  /** Default {@link LOG_ENHANCE_TIMEOUT_MS}. */
  enhanceTimeoutMs?: number;
  /** Default {@link systemClock}. */
  clock?: Clock;
  /** Where the reporter's own first failure is logged. Default `console`. */
  console?: { warn(...args: unknown[]): void };
  /**
   * Batch window in ms: lines are queued and posted together as a JSON array once per window.
   * Absent: every line is posted alone, at once.
   */
  batchMs?: number;
  /** Lines kept while batching (oldest dropped beyond). Default {@link LOG_MAX_QUEUE_SIZE}. */
  maxQueueSize?: number;
  /** Batched: `pagehide` (window) and hidden `visibilitychange` (document) flush with `keepalive`. */
  lifecycle?: BatchLifecycleTargets;
}

const rank = (level: LogLevel): number => LOG_LEVELS.indexOf(level);

function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** Turns `console`-style arguments into one line of text (not yet redacted). Pure; exported for tests. */
export function formatLogArgs(args: readonly unknown[]): string {
  return args
    .map((arg) => {
      if (typeof arg === 'string') return arg;
      if (arg instanceof Error) return arg.stack?.includes(arg.message) ? arg.stack : `${arg.name}: ${arg.message}`;
      if (arg === undefined) return 'undefined';
      try {
        return JSON.stringify(redactValue(arg)) ?? plainText(arg);
      } catch {
        return plainText(arg);
      }
    })
    .join(' ');
}

/** A value JSON cannot show (a function, a symbol, a cyclic object) as text. */
function plainText(value: unknown): string {
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'object' && value !== null) return Object.prototype.toString.call(value);
  return String(value as string | number | boolean | bigint | null | undefined);
}

/** Posts log lines at or above its level to the log service. */
export class LogReporter {
  readonly tags: readonly string[];
  private currentLevel: LogLevel;
  private readonly url: string;
  private readonly doFetch: LogFetch;
  private readonly enhance: LogPayloadEnhancer | undefined;
  private readonly enhanceTimeoutMs: number;
  private readonly clock: Clock;
  private readonly console: { warn(...args: unknown[]): void };
  private warnedOnce = false;
  /** The queue of redacted lines (JSON texts) when batching. */
  private readonly batcher: TelemetryBatcher<string> | undefined;

  constructor(options: LogReporterOptions) {
    const tags = Array.isArray(options?.tags)
      ? options.tags.filter((tag): tag is string => typeof tag === 'string').map((tag) => tag.trim()).filter(Boolean)
      : [];
    if (tags.length === 0) {
      throw new S72Error('invalid_config', 'The log reporter needs at least one tag.', {
        category: 'client',
        data: { option: 'tags' },
      });
    }
    if (typeof options.url !== 'string' || options.url.trim() === '') {
      throw new S72Error('invalid_config', 'The log reporter needs a log service URL.', {
        category: 'client',
        data: { option: 'url' },
      });
    }
    const level = options.level ?? LOG_DEFAULT_LEVEL;
    if (!isLogLevel(level)) {
      throw new S72Error('invalid_config', `Unknown log level; use one of ${LOG_LEVELS.join(', ')}.`, {
        category: 'client',
        data: { option: 'level' },
      });
    }
    this.tags = Object.freeze(tags);
    this.currentLevel = level;
    this.url = options.url;
    this.doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.enhance = options.enhance;
    this.enhanceTimeoutMs = options.enhanceTimeoutMs ?? LOG_ENHANCE_TIMEOUT_MS;
    this.clock = options.clock ?? systemClock;
    this.console = options.console ?? console;
    if (options.batchMs !== undefined) {
      this.batcher = new TelemetryBatcher<string>({
        batchMs: options.batchMs,
        maxQueueSize: options.maxQueueSize ?? LOG_MAX_QUEUE_SIZE,
        clock: this.clock,
        lifecycle: options.lifecycle ?? {},
        send: (lines, { keepalive, signal }) => this.post(`[${lines.join(',')}]`, keepalive, signal),
        onFailure: (error) => this.warnOnce(error instanceof Error ? error.message : String(error)),
      });
      this.batcher.start();
    }
  }

  /** Lines queued and not yet posted (batched reporters; 0 otherwise). */
  get queued(): number {
    return this.batcher?.size ?? 0;
  }

  /** Posts the queued lines now (batched reporters). Never rejects. */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    return this.batcher?.flush(options) ?? Promise.resolve();
  }

  /** Posts the queued lines with `keepalive` and stops batching; later lines are dropped. */
  destroy(): Promise<void> {
    return this.batcher?.destroy() ?? Promise.resolve();
  }

  /** The lowest level that is sent. Unknown values are ignored. */
  get level(): LogLevel {
    return this.currentLevel;
  }

  set level(level: LogLevel) {
    if (isLogLevel(level)) this.currentLevel = level;
  }

  /** True when a message at `level` would be sent. */
  isEnabled(level: LogLevel): boolean {
    return rank(level) >= rank(this.currentLevel);
  }

  debug(...args: unknown[]): Promise<void> {
    return this.report('debug', ...args);
  }

  log(...args: unknown[]): Promise<void> {
    return this.report('log', ...args);
  }

  warn(...args: unknown[]): Promise<void> {
    return this.report('warn', ...args);
  }

  error(...args: unknown[]): Promise<void> {
    return this.report('error', ...args);
  }

  /** Sends one line at `level` when enabled. Never rejects. */
  async report(level: LogLevel, ...args: unknown[]): Promise<void> {
    try {
      if (!isLogLevel(level) || !this.isEnabled(level)) return;
      const payload: LogPayload = {
        level,
        tags: [...this.tags],
        message: formatLogArgs(args),
        timestamp: new Date(this.clock.now()).toISOString(),
      };
      // Without an enhancer the line is queued synchronously (a flush right after sees it).
      const final = this.enhance ? await this.enhanced(payload) : payload;
      const text = redactTokens(JSON.stringify(redactValue(final)));
      if (this.batcher) {
        this.batcher.add(text);
        return;
      }
      await this.post(text, text.length <= KEEPALIVE_MAX_CHARS);
    } catch (error) {
      this.warnOnce(error instanceof Error ? error.message : String(error));
    }
  }

  /** Posts one body; rejects with `{status}` on an HTTP failure (the batcher's failure rule reads it). */
  private async post(text: string, keepalive: boolean, signal?: AbortSignal): Promise<void> {
    const response = await this.doFetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: text,
      keepalive: keepalive && text.length <= KEEPALIVE_MAX_CHARS,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  }

  /** The enhanced payload, or `payload` itself when there is no enhancer, it fails or times out. */
  private async enhanced(payload: LogPayload): Promise<LogPayload> {
    const enhance = this.enhance;
    if (!enhance) return payload;
    let timer: unknown;
    const timedOut = new Promise<LogPayload>((resolve) => {
      timer = this.clock.setTimeout(() => resolve(payload), this.enhanceTimeoutMs);
    });
    try {
      const result = await Promise.race([Promise.resolve().then(() => enhance({ ...payload, tags: [...payload.tags] })), timedOut]);
      return result !== null && typeof result === 'object' ? result : payload;
    } catch {
      return payload;
    } finally {
      this.clock.clearTimeout(timer);
    }
  }

  private warnOnce(reason: string): void {
    if (this.warnedOnce) return;
    this.warnedOnce = true;
    try {
      this.console.warn(`[s72 log reporter] Could not post a log line (${redactTokens(reason)}); further failures are silent.`);
    } catch {
      // the console itself failed: nothing more to do
    }
  }
}

/** Creates a {@link LogReporter}; same options. */
export function createLogReporter(options: LogReporterOptions): LogReporter {
  return new LogReporter(options);
}
