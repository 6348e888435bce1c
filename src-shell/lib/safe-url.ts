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
  if (typeof candidate !== 'string') return null;
  const value = candidate.trim();
  if (value === '' || value.includes('\\')) return null;
  // Control characters are stripped by URL parsing and can smuggle schemes; refuse them.
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return null;
  let url: URL;
  try {
    url = new URL(value, pageOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
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
