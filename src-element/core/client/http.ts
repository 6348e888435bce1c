// player-and-client §7, play-page §6 and §8; play-page §6
/**
 * The content-data client's one HTTP helper.
 *
 * - Sends `x-play-token` when there is a play token, else `x-auth-token`.
 * - Sends `x-bypass-cache: true` when the session asks for it.
 * - Every call takes an `AbortSignal`.
 * - Maps every failure to an {@link S72Error} carrying `httpStatus` and `requestId`.
 * - Validates every body with a valibot schema; a body that does not match is `malformed_response`.
 *
 * Framework-free: DOM use is limited to `fetch`, `Headers`, `URL` and `AbortSignal` (core layer).
 */
import * as v from 'valibot';
import { S72Error, requestIdFrom, type S72ErrorCategory, type S72ErrorCode } from '../errors.js';
import { mentionsSecret } from '../redact.js';

/** The `fetch` the client uses; injected so tests and other runtimes can supply their own. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** How the client reaches the storefront and who it acts for. */
export interface HttpOptions {
  /** Storefront origin (or origin + path prefix), e.g. `https://store.example`; no trailing slash needed. */
  baseUrl: string;
  /** The fetch implementation (e.g. `globalThis.fetch.bind(globalThis)`). */
  fetch: FetchLike;
  /** The viewer's auth token, sent as `x-auth-token` when there is no play token. */
  authToken?: string | undefined;
  // play-page §6
  /** The play token, sent as `x-play-token` instead of the auth token. */
  playToken?: string | undefined;
  // play-page §6
  /** Adds `x-bypass-cache: true` to every request. */
  bypassCache?: boolean | undefined;
}

/** One request. `path` starts with `/`; `query` values are URL-encoded. */
export interface HttpRequest {
  method?: 'GET' | 'POST';
  path: string;
  query?: Readonly<Record<string, string>>;
  /** Aborts the request; an aborted call rejects with `request_aborted`. */
  signal?: AbortSignal | undefined;
  /** The code of a 404 without a recognised body code. Default `slug_not_found`. */
  notFoundCode?: S72ErrorCode;
  /** The code of a 401 without a recognised body code. Default `unauthorized`. */
  unauthorizedCode?: S72ErrorCode;
  // play-page §7
  /** A JSON body (sent with `content-type: application/json`), e.g. `{pin}` of the PIN check. */
  json?: unknown;
}

// play-page §8 "Codes shown to users", player-and-client §8 "Client"
/**
 * Server error codes the client passes through unchanged when a 4xx body names them. Mapping e.g.
 * `no_user_plan` → `access_denied` is the play page's job, not the client's.
 */
const PASS_THROUGH_CODES: ReadonlySet<string> = new Set<S72ErrorCode>([
  'slug_not_found',
  'not_authorized',
  'availability_not_found',
  'plan_not_found',
  'film_not_found',
  'season_not_found',
  'bundle_not_found',
  'media_not_found',
  'invalid_slug',
  'unsupported_slug',
  'slug_not_streamable',
  'availability_expired',
  'play_token_expired',
  'live_event_completed',
  'adblocked_content',
  'access_denied',
  'no_user_plan',
  'missing_from_library',
  'unavailable',
  'age_restricted',
  'missing_dob',
  'incorrect_pin',
  'too_many_attempts',
  'rental_expired',
  'unauthorized',
  'too_many_devices',
  'too_many_streams',
  'content_expired',
]);

const ErrorBodySchema = v.looseObject({
  code: v.optional(v.string()),
  message: v.optional(v.string()),
});

const DEFAULT_MESSAGES: Partial<Record<string, string>> = {
  unauthorized: 'Provided credentials were invalid',
  not_authorized: 'Provided credentials were invalid',
  play_token_expired: 'The play token has expired',
  slug_not_found: 'Slug not found',
  server_busy: 'The server is busy, please try again',
  network_error: 'The network request failed',
  access_denied: 'Access denied',
};

// play-page §6
/**
 * The headers every client call sends: the token header (play token first) and
 * `x-bypass-cache`. Pure; exported for tests.
 */
export function buildHeaders(options: Pick<HttpOptions, 'authToken' | 'playToken' | 'bypassCache'>): Headers {
  const headers = new Headers({ accept: 'application/json' });
  const playToken = options.playToken?.trim();
  const authToken = options.authToken?.trim();
  if (playToken) headers.set('x-play-token', playToken);
  else if (authToken) headers.set('x-auth-token', authToken);
  if (options.bypassCache) headers.set('x-bypass-cache', 'true');
  return headers;
}

/** Joins `baseUrl`, `path` and `query` into an absolute URL string. Pure; exported for tests. */
export function buildUrl(baseUrl: string, path: string, query?: Readonly<Record<string, string>>): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  return `${base}${path}${search}`;
}

// play-page §8, player-and-client §8
/**
 * Maps a failed HTTP response to the client's error code.
 * Pure; exported for the table test.
 *
 * | status | result |
 * |---|---|
 * | 401 | `play_token_expired` when the body says so, else `unauthorizedCode` (`unauthorized`) |
 * | 403 | the body's code (e.g. `no_user_plan`), else `access_denied` |
 * | 404 | the body's code, else `notFoundCode` (`slug_not_found`) |
 * | 502, 504 | `server_busy` |
 * | other 4xx | the body's code, else `bad_http_status_{n}` |
 * | other | `bad_http_status_{n}` |
 */
export function codeForStatus(
  status: number,
  bodyCode: string | undefined,
  defaults: { notFoundCode?: S72ErrorCode; unauthorizedCode?: S72ErrorCode } = {},
): S72ErrorCode {
  const known = bodyCode !== undefined && PASS_THROUGH_CODES.has(bodyCode) ? (bodyCode as S72ErrorCode) : undefined;
  if (status === 502 || status === 504) return 'server_busy';
  if (status === 401) {
    return known === 'play_token_expired' ? 'play_token_expired' : (defaults.unauthorizedCode ?? 'unauthorized');
  }
  if (status === 403) return known ?? 'access_denied';
  if (status === 404) return known ?? defaults.notFoundCode ?? 'slug_not_found';
  if (status >= 400 && status < 500 && known) return known;
  return `bad_http_status_${status}`;
}

function categoryFor(code: S72ErrorCode): S72ErrorCategory {
  return code === 'network_error' || code === 'server_busy' || code.startsWith('bad_http_status_')
    ? 'network'
    : 'client';
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return (
    signal?.aborted === true ||
    (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError')
  );
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  try {
    const text = await response.text();
    return { ok: true, value: text.trim() === '' ? undefined : (JSON.parse(text) as unknown) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The wait a `Retry-After` header asks for, in ms (RFC 9110 section 10.2.3): delta-seconds or an
 * HTTP-date (measured from `nowMs`, never negative); `undefined` when absent or unreadable. Pure.
 */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

// player-and-client §7; play-page §8
/**
 * Sends one request and returns its body validated by `schema`.
 *
 * @param options Base URL, fetch and tokens (see {@link HttpOptions}).
 * @param req Method (default `GET`), path, query, `AbortSignal` and the codes for 404 and 401.
 * @param schema The valibot schema of a successful (2xx) JSON body.
 * @returns The parsed body (`v.InferOutput<S>`).
 * @throws {S72Error} with `httpStatus` and `requestId` (from `x-request-id`):
 *   `request_aborted` (the signal fired), `network_error` (no response),
 *   `unauthorized` / `play_token_expired` (401), the body's code or `access_denied` (403),
 *   the body's code or `slug_not_found` (404), `server_busy` (502/504),
 *   `bad_http_status_{n}` (other; a 429 carries `data.retryAfterMs` from its `Retry-After`), `malformed_response` (a 2xx body that is not JSON or does not
 *   match `schema`).
 */
export async function request<const S extends v.GenericSchema>(
  options: HttpOptions,
  req: HttpRequest,
  schema: S,
): Promise<v.InferOutput<S>> {
  const url = buildUrl(options.baseUrl, req.path, req.query);
  const method = req.method ?? 'GET';
  let response: Response;
  try {
    const headers = buildHeaders(options);
    if (req.json !== undefined) headers.set('content-type', 'application/json');
    response = await options.fetch(url, {
      method,
      headers,
      ...(req.json !== undefined ? { body: JSON.stringify(req.json) } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
      // Tokens travel in headers only; never leak the page address either (no Referer at all: the
      // storefront needs none, and a page's stricter policy must not be loosened; issue 25 item 10).
      referrerPolicy: 'no-referrer',
      credentials: 'same-origin',
    });
  } catch (error) {
    if (isAbort(error, req.signal)) {
      throw new S72Error('request_aborted', 'The request was aborted', {
        category: 'client',
        severity: 'recoverable',
        cause: error,
        data: { path: req.path },
      });
    }
    throw new S72Error('network_error', DEFAULT_MESSAGES.network_error!, {
      category: 'network',
      severity: 'recoverable',
      cause: error,
      data: { path: req.path },
    });
  }

  const requestId = requestIdFrom(response.headers);
  const httpStatus = response.status;
  const body = await readJson(response).catch((error: unknown) => ({ ok: false as const, error }));
  if (req.signal?.aborted) {
    throw new S72Error('request_aborted', 'The request was aborted', {
      category: 'client',
      severity: 'recoverable',
      data: { path: req.path },
    });
  }

  if (!response.ok) {
    const parsed = body.ok ? v.safeParse(ErrorBodySchema, body.value) : undefined;
    const bodyCode = parsed?.success ? parsed.output.code : undefined;
    const bodyMessage = parsed?.success ? parsed.output.message : undefined;
    const code = codeForStatus(httpStatus, bodyCode, {
      ...(req.notFoundCode ? { notFoundCode: req.notFoundCode } : {}),
      ...(req.unauthorizedCode ? { unauthorizedCode: req.unauthorizedCode } : {}),
    });
    const message = bodyMessage || DEFAULT_MESSAGES[code] || `Request failed with HTTP ${httpStatus}`;
    // A 429's Retry-After: the cache retries after it (cache.ts, player-and-client §9).
    const waitMs = httpStatus === 429 ? retryAfterMs(response.headers.get('retry-after'), Date.now()) : undefined;
    throw new S72Error(code, message, {
      category: categoryFor(code),
      severity: code === 'server_busy' ? 'recoverable' : 'critical',
      httpStatus,
      ...(requestId ? { requestId } : {}),
      data: {
        path: req.path,
        ...(bodyCode && bodyCode !== code ? { serverCode: bodyCode } : {}),
        ...(waitMs === undefined ? {} : { retryAfterMs: waitMs }),
        ...errorBodyDetails(body.ok ? body.value : undefined),
      },
    });
  }

  if (!body.ok) {
    throw new S72Error('malformed_response', 'The response is not valid JSON', {
      category: 'client',
      httpStatus,
      ...(requestId ? { requestId } : {}),
      cause: body.error,
      data: { path: req.path },
    });
  }
  const result = v.safeParse(schema, body.value);
  if (!result.success) {
    const issues = result.issues.slice(0, 5).map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
    throw new S72Error('malformed_response', `The response does not have the expected shape (${issues.join('; ')})`, {
      category: 'client',
      httpStatus,
      ...(requestId ? { requestId } : {}),
      data: { path: req.path, issues },
    });
  }
  return result.output;
}

// DESIGN.md "Security rules"
/**
 * The scalar fields of an error body other than `code` and `message` (e.g. `attempts_remaining`
 * of `incorrect_pin`, `ms_from` of `unavailable`, `reason`), as `{details}` for `S72Error.data`.
 * Keys that mention a secret ({@link mentionsSecret}) are never copied.
 */
function errorBodyDetails(body: unknown): { details?: Record<string, string | number | boolean> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const details: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'code' || key === 'message' || mentionsSecret(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') details[key] = value;
  }
  return Object.keys(details).length ? { details } : {};
}
