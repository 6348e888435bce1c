/**
 * Keeps tokens out of telemetry bodies and log posts (DESIGN.md "Security rules": tokens read from
 * `?u=`/`?p=` never appear in telemetry bodies or logs).
 *
 * Framework-free (core layer).
 */

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/**
 * Names of token-bearing keys and headers: `x-auth-token`, `x-play-token`, `x-play-session`,
 * `authToken`, `play_token`, `authorization`… (case-insensitive).
 */
const TOKEN_KEY = String.raw`(?:x-)?(?:auth|play)[-_]?(?:token|session)|authorization`;

/**
 * `name: value`, `name=value`, `"name":"value"` and the same inside escaped JSON (`\"name\":\"value\"`).
 * Group 1 is everything up to the value, which is kept.
 */
const KEYED_TOKEN = new RegExp(
  String.raw`((?:${TOKEN_KEY})(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?(?:Bearer\s+)?)(?!(?:Bearer\s+)?\[redacted\])([^"'\s,;&}\]\\]+)`,
  'gi',
);

/** `u=`/`p=` query values (`?u=…`, `&p=…`, also after `#` in hash routes). */
const QUERY_TOKEN = /([?&#;]|^)([up]=)(?!\[redacted\])([^&#\s"'\\]+)/gi;

/** Replaces every token-looking value in `text` with {@link REDACTED}. Pure. */
export function redactTokens(text: string): string {
  return text.replace(KEYED_TOKEN, `$1${REDACTED}`).replace(QUERY_TOKEN, `$1$2${REDACTED}`);
}

/** True for a key that names a token (see {@link redactTokens}). */
export function isTokenKey(key: string): boolean {
  return new RegExp(String.raw`^(?:${TOKEN_KEY}|token|password)$`, 'i').test(key);
}

/**
 * A deep copy of a JSON-like value with token keys removed and token-looking string values
 * redacted. Cycles become `"[circular]"`; functions and symbols are dropped. Pure.
 */
export function redactValue(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return redactTokens(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => redactValue(item, seen) ?? null);
    if (value instanceof Date) return value.toISOString();
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (isTokenKey(key)) continue;
      const copy = redactValue(item, seen);
      if (copy !== undefined) out[key] = copy;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
