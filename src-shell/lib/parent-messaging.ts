/**
 * Window messages to the embedding page (DESIGN.md "Window messages", play-page §7):
 * `{event: 's72-player:timeupdate', slug, currentTime}` (at most ~1 per second),
 * `{event: 's72-player:ended', slug}` and `{event: 's72-player:error', code, …}`.
 *
 * Posted only when the page is framed, only to the parent's origin, never to `'*'`, and never with
 * tokens: every message is built here from an explicit list of fields.
 *
 * The parent's origin (issue 8 "Hardening"): `location.ancestorOrigins[0]` where the browser has it,
 * else `document.referrer`'s origin, else the origin remembered for this tab (sessionStorage), so
 * that it survives the 401 → sign-in → back round trip inside the iframe, after which the referrer is
 * the storefront's own sign-in page or empty. A referrer on the page's own origin is taken only when
 * nothing is remembered. The result must be the page's own origin or on the allow-list; otherwise
 * nothing is posted.
 *
 * The allow-list (issue 25 item 7) is the storefront's one configured list of embedding origins, the
 * same that its `frame-ancestors` names: the server gives it to the page in
 * `<meta name="s72-parent-origins" content="https://a https://b">` ({@link parentOriginsOfPage}). No
 * list: same origin only.
 */
import type { JsonStorage } from './storage.js';

/** sessionStorage key of the parent origin found on an earlier load in this tab. */
export const PARENT_ORIGIN_KEY = 'playParentOrigin';

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
  /** `location.ancestorOrigins` (Chromium, WebKit); absent elsewhere. */
  ancestorOrigins?: ArrayLike<string> | undefined;
  /** The page's own origin (`location.origin`). */
  origin?: string | undefined;
  /** Tab-scoped storage (sessionStorage) remembering the parent origin across page loads. */
  storage?: JsonStorage | undefined;
}

/** Which parent origins may receive messages. */
export interface ParentOriginPolicy {
  /**
   * Origins (besides the page's own) that may receive messages. Empty or `undefined`: none, only a
   * parent on the page's own origin gets them.
   */
  allowedOrigins?: readonly string[] | undefined;
}

export interface ParentMessenger {
  /** The origin messages go to, or `null` when nothing is posted. */
  readonly targetOrigin: string | null;
  /** Posts a timeupdate unless one was posted less than `intervalMs` ago. Position in seconds. */
  timeUpdate(slug: string, currentTime: number): void;
  ended(slug: string): void;
  error(error: { code: string; category?: string; severity?: string; httpStatus?: number; requestId?: string }, slug?: string): void;
}

/** The http(s) origin of a URL or origin string, else `null`. */
function httpOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin of the framing page (see the module comment for the order); `null` when the page is not
 * framed, no http(s) origin is known, or the origin is not allowed by `policy`. A found origin is
 * remembered in `host.storage`.
 */
export function parentOrigin(host: MessagingHost, policy: ParentOriginPolicy = {}): string | null {
  if (host.parent === host.self || !host.parent) return null;
  const own = httpOrigin(host.origin);
  const ancestor = host.ancestorOrigins && host.ancestorOrigins.length > 0 ? httpOrigin(host.ancestorOrigins[0]) : null;
  const referrer = httpOrigin(host.referrer);
  const storedValue = host.storage?.read(PARENT_ORIGIN_KEY);
  const remembered = typeof storedValue === 'string' ? httpOrigin(storedValue) : null;
  // After an in-frame navigation (sign-in and back) the referrer is our own page: the remembered parent wins.
  const fromReferrer = referrer !== null && referrer === own && remembered !== null ? remembered : referrer;
  const candidate = ancestor ?? fromReferrer ?? remembered;
  if (candidate === null) return null;
  const allowed = policy.allowedOrigins ?? [];
  if (candidate !== own && !allowed.map(httpOrigin).includes(candidate)) return null;
  if (candidate !== remembered) host.storage?.write(PARENT_ORIGIN_KEY, candidate);
  return candidate;
}

/**
 * Creates the messenger.
 *
 * @param host The window pieces (default: the real `window`, `document.referrer`, no storage).
 * @param options `now` (epoch ms clock, injected for tests), `intervalMs` (timeupdate throttle,
 *   default {@link TIMEUPDATE_INTERVAL_MS}), `allowedOrigins` (see {@link ParentOriginPolicy}).
 */
export function createParentMessenger(
  host: MessagingHost | undefined = defaultHost(),
  options: { now?: () => number; intervalMs?: number } & ParentOriginPolicy = {},
): ParentMessenger {
  const targetOrigin = host ? parentOrigin(host, options) : null;
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

/** Name of the `<meta>` that lists the embedding storefront origins (space- or comma-separated). */
export const PARENT_ORIGINS_META = 's72-parent-origins';

/**
 * The embedding storefront origins the page was served with (`<meta name="s72-parent-origins">`,
 * the list its `frame-ancestors` names); only http(s) origins are kept. No tag: `[]` (same origin only).
 */
export function parentOriginsOfPage(doc: Pick<Document, 'querySelector'> | undefined = typeof document === 'undefined' ? undefined : document): string[] {
  const content = doc?.querySelector(`meta[name="${PARENT_ORIGINS_META}"]`)?.getAttribute('content') ?? '';
  return content
    .split(/[\s,]+/)
    .map((value) => httpOrigin(value))
    .filter((origin): origin is string => origin !== null);
}

/**
 * The real window's pieces; `storage` is the tab's sessionStorage (see {@link PARENT_ORIGIN_KEY}).
 */
export function defaultHost(storage?: JsonStorage): MessagingHost | undefined {
  if (typeof window === 'undefined') return undefined;
  return {
    self: window,
    parent: window.parent,
    referrer: document.referrer,
    ancestorOrigins: window.location.ancestorOrigins,
    origin: window.location.origin,
    storage,
  };
}
