/**
 * Window messages to the embedding page (DESIGN.md "Window messages", play-page §7):
 * `{event: 's72-player:timeupdate', slug, currentTime}` (at most ~1 per second),
 * `{event: 's72-player:ended', slug}` and `{event: 's72-player:error', code, …}`.
 *
 * Posted only when the page is framed, only to the parent's origin taken from `document.referrer`
 * (nothing at all when no referrer origin is known), never to `'*'`, and never with tokens: every message is built
 * here from an explicit list of fields.
 */

/** Messages the play page posts to its parent. `currentTime` in seconds. */
export type ParentMessage =
  | { event: 's72-player:timeupdate'; slug: string; currentTime: number }
  | { event: 's72-player:ended'; slug: string }
  | {
      event: 's72-player:error';
      code: string;
      slug?: string;
      category?: string;
      severity?: string;
      httpStatus?: number;
      requestId?: string;
    };

/** Default minimum gap between two timeupdate messages, ms. */
export const TIMEUPDATE_INTERVAL_MS = 1000;

/** The window pieces used; tests pass fakes. */
export interface MessagingHost {
  /** The page's own window (compared with `parent` to know whether the page is framed). */
  self: unknown;
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  /** `document.referrer`. */
  referrer: string;
}

export interface ParentMessenger {
  /** The origin messages go to, or `null` when nothing is posted. */
  readonly targetOrigin: string | null;
  /** Posts a timeupdate unless one was posted less than `intervalMs` ago. Position in seconds. */
  timeUpdate(slug: string, currentTime: number): void;
  ended(slug: string): void;
  error(error: { code: string; category?: string; severity?: string; httpStatus?: number; requestId?: string }, slug?: string): void;
}

/**
 * The origin of the framing page, from `document.referrer`; `null` when the page is not framed, the
 * referrer is empty or not http(s).
 */
export function parentOrigin(host: Pick<MessagingHost, 'self' | 'parent' | 'referrer'>): string | null {
  if (host.parent === host.self || !host.parent) return null;
  if (!host.referrer) return null;
  try {
    const url = new URL(host.referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Creates the messenger.
 *
 * @param host The window pieces (default: the real `window` and `document.referrer`).
 * @param options `now` (epoch ms clock, injected for tests), `intervalMs` (timeupdate throttle,
 *   default {@link TIMEUPDATE_INTERVAL_MS}).
 */
export function createParentMessenger(
  host: MessagingHost | undefined = defaultHost(),
  options: { now?: () => number; intervalMs?: number } = {},
): ParentMessenger {
  const targetOrigin = host ? parentOrigin(host) : null;
  const now = options.now ?? (() => Date.now());
  const intervalMs = options.intervalMs ?? TIMEUPDATE_INTERVAL_MS;
  let lastTimeUpdateAt = -Infinity;
  let lastSlug: string | undefined;

  const post = (message: ParentMessage): void => {
    if (!host || targetOrigin === null) return;
    try {
      host.parent.postMessage(message, targetOrigin);
    } catch {
      /* a parent that went away must not break playback */
    }
  };

  return {
    targetOrigin,
    timeUpdate(slug, currentTime) {
      if (!Number.isFinite(currentTime)) return;
      const t = now();
      if (slug === lastSlug && t - lastTimeUpdateAt < intervalMs) return;
      lastTimeUpdateAt = t;
      lastSlug = slug;
      post({ event: 's72-player:timeupdate', slug, currentTime });
    },
    ended(slug) {
      post({ event: 's72-player:ended', slug });
    },
    error(error, slug) {
      post({
        event: 's72-player:error',
        code: error.code,
        ...(slug !== undefined ? { slug } : {}),
        ...(error.category !== undefined ? { category: error.category } : {}),
        ...(error.severity !== undefined ? { severity: error.severity } : {}),
        ...(error.httpStatus !== undefined ? { httpStatus: error.httpStatus } : {}),
        ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
      });
    },
  };
}

function defaultHost(): MessagingHost | undefined {
  if (typeof window === 'undefined') return undefined;
  return { self: window, parent: window.parent, referrer: document.referrer };
}
