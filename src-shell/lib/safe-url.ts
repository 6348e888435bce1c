/**
 * Redirect-target validation (DESIGN.md "Security rules": `from` and every redirect target are
 * same origin or on an explicit allow-list; anything else is ignored).
 */

/**
 * Resolves `candidate` against `pageOrigin` and returns the absolute URL when it is an http(s) URL
 * on `pageOrigin` or one of `allowedOrigins`; otherwise `null`.
 *
 * Rejects `javascript:`, `data:`, protocol-relative `//evil.example`, credentials in the URL,
 * backslash tricks and anything that fails to parse.
 *
 * @example safeRedirectUrl('/account', 'https://store.example') // → 'https://store.example/account'
 * @example safeRedirectUrl('https://evil.example/', 'https://store.example') // → null
 */
export function safeRedirectUrl(
  candidate: string | null | undefined,
  pageOrigin: string,
  allowedOrigins: readonly string[] = [],
): string | null {
  const url = parseHttpUrl(candidate, pageOrigin);
  if (!url) return null;
  const allowed = new Set([normaliseOrigin(pageOrigin), ...allowedOrigins.map(normaliseOrigin)]);
  return allowed.has(url.origin) ? url.href : null;
}

function normaliseOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}

/** Appends query parameters to an absolute URL, keeping its own query and hash. */
export function withQuery(url: string, params: Readonly<Record<string, string>>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.href;
}

/**
 * Resolves `candidate` against `pageOrigin` and returns the absolute URL when it is an http(s) URL
 * under one of `prefixes` (issue 8 "Hardening": `m` may only name a configured telemetry endpoint);
 * otherwise `null`.
 *
 * A prefix is an absolute http(s) URL or a path on `pageOrigin`; its query and hash are ignored. A
 * URL is under it when the origins are equal and the URL's path equals the prefix's path, or
 * continues it after a `/` (so `/a/b` covers `/a/b` and `/a/b/c`, never `/a/bc`). Dot segments are
 * resolved first; percent-encoded dots, slashes and backslashes in the path, credentials, control
 * characters and backslashes are refused (a server may decode them into another path).
 *
 * @example urlUnderPrefix('/services/license/play_telemetry?via=m', 'https://store.example', ['/services/license/play_telemetry'])
 *   // → 'https://store.example/services/license/play_telemetry?via=m'
 * @example urlUnderPrefix('/services/users/v1/user_pin_codes/verify', 'https://store.example', ['/services/license/play_telemetry']) // → null
 */
export function urlUnderPrefix(candidate: string | null | undefined, pageOrigin: string, prefixes: readonly string[]): string | null {
  const url = parseHttpUrl(candidate, pageOrigin);
  if (!url || /%(2e|2f|5c)/i.test(url.pathname)) return null;
  for (const prefix of prefixes) {
    const base = parseHttpUrl(prefix, pageOrigin);
    if (!base || base.origin !== url.origin) continue;
    const path = withoutTrailingSlashes(base.pathname);
    if (path === '' || url.pathname === path || url.pathname.startsWith(`${path}/`)) return url.href;
  }
  return null;
}

// issue 25 item 12
/**
 * `path` without its trailing slashes, by a scan from the end: linear in the length, where
 * `replace(/\/+$/, '')` backtracks over every run of slashes that is not at the end (quadratic:
 * an address with a long run of slashes froze the page).
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return path.slice(0, end);
}

/** An http(s) URL without credentials, backslashes or control characters, resolved against `base`; else `null`. */
function parseHttpUrl(candidate: string | null | undefined, base: string): URL | null {
  if (typeof candidate !== 'string') return null;
  const value = candidate.trim();
  if (value === '' || value.includes('\\')) return null;
  // Control characters are stripped by URL parsing and can smuggle schemes; refuse them.
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url;
}
