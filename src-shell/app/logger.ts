/**
 * The play page's logger (play-page §9 "Logging level WARN, sent to a log service"): every line
 * goes to the console; WARN and above also go to the storefront's log service,
 * `POST {origin}/services/log` (the spec names no path: chosen beside the other `/services/...`
 * calls), through the client's log reporter (player-and-client §7): batched, tokens redacted,
 * flushed with `keepalive` on page hide. Nothing below WARN is sent.
 */
import { createLogReporter, type BatchLifecycleTargets, type Clock, type LogFetch, type LogReporter } from 's72-player/client';

/** The lowest level sent to the log service (play-page §9). */
export const PAGE_LOG_LEVEL = 'warn';
/** The log service path on the storefront. */
export const LOG_SERVICE_PATH = '/services/log';
/** The log reporter's batch window, ms. */
export const PAGE_LOG_BATCH_MS = 5_000;
/** The tag of every line. */
export const PAGE_LOG_TAG = 'play-page';

type ConsoleLike = Pick<Console, 'debug' | 'log' | 'warn' | 'error'>;

export interface PageLogger {
  debug(...args: unknown[]): void;
  log(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /** Posts the queued WARN and ERROR lines now. Never rejects. */
  flush(): Promise<void>;
  /** Posts what is queued (keepalive) and stops. */
  destroy(): void;
}

export interface PageLoggerOptions {
  /** The storefront origin. */
  baseUrl: string;
  fetch?: LogFetch;
  clock?: Clock;
  /** Default the global `console`. */
  console?: ConsoleLike;
  /** Default `{ window, document }` when they exist. */
  lifecycle?: BatchLifecycleTargets;
}

/** Creates the page's logger (see the module comment). */
export function createPageLogger(options: PageLoggerOptions): PageLogger {
  const out = options.console ?? console;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl.slice(0, -1) : options.baseUrl;
  const reporter: LogReporter = createLogReporter({
    url: `${base}${LOG_SERVICE_PATH}`,
    tags: [PAGE_LOG_TAG],
    level: PAGE_LOG_LEVEL,
    batchMs: PAGE_LOG_BATCH_MS,
    console: out,
    lifecycle:
      options.lifecycle ??
      (typeof window === 'undefined' ? {} : { window, ...(typeof document === 'undefined' ? {} : { document }) }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    debug: (...args) => out.debug(...args),
    log: (...args) => out.log(...args),
    warn(...args) {
      out.warn(...args);
      void reporter.warn(...args);
    },
    error(...args) {
      out.error(...args);
      void reporter.error(...args);
    },
    flush: () => reporter.flush(),
    destroy: () => void reporter.destroy(),
  };
}
