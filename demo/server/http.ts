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

/** Paths that answer cross-origin requests (the element may be embedded on any site). */
export function isCorsPath(path: string): boolean {
  return (
    path.startsWith('/services/') ||
    path.startsWith('/media/') ||
    path.startsWith('/dist/') ||
    path.startsWith('/__demo/') ||
    path === '/supported-devices.json'
  );
}

export const CORS_ALLOW_HEADERS = 'x-auth-token, x-play-token, x-play-session, x-bypass-cache, content-type, range';
export const CORS_EXPOSE_HEADERS = 'x-request-id, content-range, content-length, accept-ranges, retry-after';
export const CORS_ALLOW_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';

/** Sets the CORS answer headers: the request origin is reflected (with credentials), else `*`. */
export function applyCors(req: FastifyRequest, reply: FastifyReply): void {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
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

/** The play page's Content-Security-Policy (DESIGN.md "Security rules": no unsafe-eval, no inline script). */
export const PLAY_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  'frame-ancestors *',
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

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
