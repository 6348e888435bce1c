/** HTTP helpers shared by the storefront's routes: typed errors, CORS, origins, MIME types. */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An error answered as JSON `{ code, message, ...extra }` with `statusCode`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Fallback codes for framework errors that carry only a status. */
export function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 416:
      return 'range_not_satisfiable';
    case 501:
      return 'not_implemented';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}

/** Path of a request without its query string. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** `http://host:port` of the request, used for absolute URLs in answers. */
export function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * Paths that answer cross-origin requests from any origin (the element may be embedded on any
 * site). Not `/__demo/`: its recordings hold tokens, so it answers only its own origin and an
 * explicit allow-list ({@link controlRequestVerdict}).
 */
export function isCorsPath(path: string): boolean {
  return (
    path.startsWith('/services/') ||
    path.startsWith('/media/') ||
    path.startsWith('/dist/') ||
    path === '/supported-devices.json'
  );
}

/** `/__demo` and everything below it. */
export function isControlPath(path: string): boolean {
  return path === '/__demo' || path.startsWith('/__demo/');
}

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]']);

/** A loopback host name or address: `localhost`, `127.x.x.x`, `::1`. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return LOOPBACK_NAMES.has(h) || h.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The host name of a `Host` header value (`localhost:8080` → `localhost`, `[::1]:80` → `[::1]`). */
function hostName(hostHeader: string): string {
  return hostHeader.startsWith('[') ? hostHeader.slice(0, hostHeader.indexOf(']') + 1) : hostHeader.replace(/:\d*$/, '');
}

/**
 * Whether a request may use the `/__demo/` control API: `'same-origin'` (no CORS headers needed),
 * `'allowed'` (a cross-origin caller on the allow-list: answer with CORS), or `'refused'`.
 * Refused: a `Host` that is not loopback (DNS rebinding), an `Origin` that is neither ours nor
 * allow-listed, or no `Origin` but `Sec-Fetch-Site` saying the caller is another site.
 */
export function controlRequestVerdict(req: FastifyRequest, allowedOrigins: ReadonlySet<string>): 'same-origin' | 'allowed' | 'refused' {
  const host = req.headers.host;
  if (typeof host !== 'string' || !isLoopbackHost(hostName(host))) return 'refused';
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    if (origin === originOf(req)) return 'same-origin';
    return allowedOrigins.has(origin) ? 'allowed' : 'refused';
  }
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return 'same-origin';
  return 'refused';
}

/**
 * A plain `http(s)://host[:port]` origin, as used in CSP source lists and the control API's
 * allow-list; throws for anything else (wildcards, paths, keywords, other schemes, separators).
 */
export function checkOrigin(value: unknown, what: string): string {
  const fail = (): never => {
    throw new Error(`${what}: ${JSON.stringify(value)} is not an origin (http(s)://host[:port], no path or wildcard)`);
  };
  if (typeof value !== 'string' || !/^https?:\/\/(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(value)) {
    return fail();
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail();
  }
  return url.origin === value.toLowerCase() ? url.origin : fail();
}

export const CORS_ALLOW_HEADERS = 'x-auth-token, x-play-token, x-play-session, x-bypass-cache, content-type, range';
export const CORS_EXPOSE_HEADERS = 'x-request-id, content-range, content-length, accept-ranges, retry-after';
export const CORS_ALLOW_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';

/**
 * Sets the CORS answer headers: the request origin is reflected, else `*`. Never
 * `access-control-allow-credentials`: nothing here uses cookies or HTTP auth (tokens travel in
 * headers the caller sets), so a page on another origin cannot make a credentialed read.
 */
export function applyCors(req: FastifyRequest, reply: FastifyReply): void {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    reply.header('access-control-allow-origin', origin);
  } else {
    reply.header('access-control-allow-origin', '*');
  }
  reply.header('vary', 'Origin');
  reply.header('access-control-expose-headers', CORS_EXPOSE_HEADERS);
}

export function applyPreflight(reply: FastifyReply): void {
  reply.header('access-control-allow-methods', CORS_ALLOW_METHODS);
  reply.header('access-control-allow-headers', CORS_ALLOW_HEADERS);
  reply.header('access-control-max-age', '600');
}

/** Origins, besides the storefront's own, that the play page may reach (checked with {@link checkOrigin}). */
export interface PlayPageOrigins {
  /** Added to `connect-src`: API, telemetry (`m`), licence or media hosts. */
  connect?: readonly string[];
  /** Added to `img-src`: image hosts (`image_root_path` elsewhere than the storefront). */
  img?: readonly string[];
  /**
   * The storefront origins that may embed the play page (issue 25 item 7): its `frame-ancestors`
   * are `'self'` plus these, and the page posts its window messages only to them and its own origin
   * (see {@link parentOriginsMeta}). Empty or absent: same origin only.
   */
  parents?: readonly string[];
  /**
   * Whether the storefront's configuration enables casting (`cast_enabled`): only then does
   * `script-src` allow the Google Cast sender's paths ({@link CAST_SCRIPT_SOURCES}).
   */
  cast?: boolean;
}

/** Where the Google Cast sender SDK comes from (`CAST_SDK_URL` of core/cast/cast-constants.ts). */
export const CAST_SCRIPT_ORIGIN = 'https://www.gstatic.com';
/**
 * The Cast sender's paths on {@link CAST_SCRIPT_ORIGIN} (issue 25 item 10): the sender loader
 * (`/cv/js/sender/v1/cast_sender.js`) and the framework it loads (`/cast/sdk/libs/sender/…`). Not
 * the rest of the host, which serves anyone's scripts.
 */
export const CAST_SCRIPT_SOURCES = [`${CAST_SCRIPT_ORIGIN}/cv/js/sender/`, `${CAST_SCRIPT_ORIGIN}/cast/sdk/libs/sender/`] as const;

/**
 * The play page's Content-Security-Policy (DESIGN.md "Security rules": no unsafe-eval, no inline
 * script); `connect-src` and `img-src` are `'self'` plus the configured allow-lists;
 * `frame-ancestors` is `'self'` plus the configured storefront origins, never `*`. `script-src`
 * names a third party only when the configuration enables casting: the Google Cast sender's paths
 * ({@link CAST_SCRIPT_SOURCES}), whose script the player loads only then (play-page §9).
 */
export function playCsp(origins: PlayPageOrigins = {}): string {
  const extra = (list: readonly string[] | undefined): string => (list ?? []).map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${origins.cast === true ? extra(CAST_SCRIPT_SOURCES) : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(origins.img)}`,
    "media-src 'self' blob: data:",
    `connect-src 'self'${extra(origins.connect)}`,
    "worker-src 'self' blob:",
    `frame-ancestors 'self'${extra(origins.parents)}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The play page's CSP with no extra origins, no embedding storefront and casting off. */
export const PLAY_CSP = playCsp();

/** Name of the play page's `<meta>` that lists the storefront origins it posts its window messages to. */
export const PARENT_ORIGINS_META = 's72-parent-origins';

/**
 * The `<meta name="s72-parent-origins" content="…">` tag the play page is served with: the same
 * origins as its `frame-ancestors` (space-separated; empty: same origin only), so one configured
 * list decides both who may frame the page and who receives its messages.
 */
export function parentOriginsMeta(parents: readonly string[] = []): string {
  const content = parents.join(' ').replace(/[&"<>]/g, '');
  return `<meta name="${PARENT_ORIGINS_META}" content="${content}">`;
}

/**
 * CSP of every other HTML page: no plugins, no `<base>` elsewhere, framed by this origin only (a
 * framed `/demo/live.html` could otherwise be clicked into driving the control API). The sign-in
 * page is the exception: {@link signInCsp}.
 */
export const PAGE_CSP = ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'"].join('; ');

/** The sign-in page the play page sends viewers to (configuration `sign_in_url`, play-page §6). */
export const SIGN_IN_PATH = '/signin.html';

/**
 * CSP of the sign-in page: {@link PAGE_CSP} with the play page's own `frame-ancestors`, since the
 * play page, embedded on a storefront's site, sends viewers to sign in inside its frame (play-page
 * §6) and the round trip must work wherever the play page may be framed, and nowhere else.
 */
export function signInCsp(playPageCsp: string): string {
  const frameAncestors = playPageCsp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors '));
  return ["object-src 'none'", "base-uri 'self'", frameAncestors ?? "frame-ancestors 'self'"].join('; ');
}

const MIME: Record<string, string> = {
  '.mpd': 'application/dash+xml',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.vtt': 'text/vtt; charset=utf-8',
  '.ts': 'video/mp2t',
  '.aac': 'audio/aac',
  '.m4a': 'audio/mp4',
  '.m4v': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Content type of a served file. Fragmented MP4 (`.m4s`, `.mp4`) is `audio/mp4` when the path says
 * audio, else `video/mp4`.
 */
export function mimeTypeOf(filePath: string): string | undefined {
  const lower = filePath.toLowerCase();
  const dot = lower.lastIndexOf('.');
  const ext = dot === -1 ? '' : lower.slice(dot);
  if (ext === '.m4s' || ext === '.mp4') {
    const mediaPart = lower.slice(Math.max(0, lower.lastIndexOf('/media/')), dot);
    return mediaPart.includes('audio') ? 'audio/mp4' : 'video/mp4';
  }
  return MIME[ext];
}
