// DESIGN.md "Security rules"
/**
 * The one token redaction of the client, the element and the shell (tokens read from `?u=`/`?p=` never appear in telemetry bodies, logs or window messages).
 *
 * Two kinds of secrets are removed:
 * - **Token-looking text**, found by shape: `x-auth-token: …`, `"playToken":"…"`,
 *   `Authorization: Bearer …`, `?u=…&p=…` (also inside escaped JSON and hash routes).
 * - **Known token values**, passed by the caller (`tokens`), wherever they appear in a string.
 *
 * Objects are copied with token-named keys dropped ({@link isTokenKey}).
 *
 * Framework-free (core layer). Everything here is pure.
 */

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/** Deepest nesting {@link redactValue} copies by default; anything deeper is dropped. */
export const REDACT_MAX_DEPTH = 8;

/**
 * Names of token-bearing keys and headers: `x-auth-token`, `x-play-token`, `x-play-session`,
 * `authToken`, `play_token`, `playSession`, `authorization`… (case-insensitive).
 */
const TOKEN_NAME = String.raw`(?:x-)?(?:auth|play)[-_]?(?:token|session)|authorization`;

/** Keys whose values are dropped from copied objects (see {@link isTokenKey}). */
const TOKEN_KEY = new RegExp(String.raw`^(?:${TOKEN_NAME}|token|password|u|p)$`, 'i');

/** Keys that merely mention a secret (see {@link mentionsSecret}). */
const SECRET_WORD = /token|auth|session|password|secret/i;

/**
 * `name: value`, `name=value`, `"name":"value"` and the same inside escaped JSON
 * (`\"name\":\"value\"`). Group 1 is everything up to the value, which is kept.
 */
const KEYED_TOKEN = new RegExp(
  String.raw`((?:${TOKEN_NAME})(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?(?:Bearer\s+)?)(?!(?:Bearer\s+)?\[redacted\])([^"'\s,;&}\]\\]+)`,
  'gi',
);

/** `u=`/`p=` query values (`?u=…`, `&p=…`, also after `#` in hash routes). */
const QUERY_TOKEN = /([?&#;]|^)([up]=)(?!\[redacted\])([^&#\s"'\\]+)/gi;

/**
 * True for a key that names a token and whose value must never be copied: `authToken`,
 * `x-play-token`, `play_session`, `authorization`, `token`, `password`, and the play page's `u`
 * and `p` parameters (case-insensitive, whole key).
 */
export function isTokenKey(key: string): boolean {
  return TOKEN_KEY.test(key);
}

/**
 * True for a key that merely mentions a secret (`token`, `auth`, `session`, `password`, `secret`
 * anywhere in it). Stricter than {@link isTokenKey}: for copying fields of untrusted bodies (e.g.
 * the details of an HTTP error answer), where anything doubtful is left out.
 */
export function mentionsSecret(key: string): boolean {
  return SECRET_WORD.test(key);
}

/**
 * Replaces every token in `text` with {@link REDACTED}: first each known token value, then every
 * token-looking value. Idempotent.
 *
 * @param tokens Token values known to the caller (e.g. the session's auth and play tokens); blank
 *   ones are ignored.
 * @example redactTokens('/play/#/film/x?u=abc') // '/play/#/film/x?u=[redacted]'
 */
export function redactTokens(text: string, tokens: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const token of tokens) {
    if (token && out.includes(token)) out = out.split(token).join(REDACTED);
  }
  return out.replace(KEYED_TOKEN, `$1${REDACTED}`).replace(QUERY_TOKEN, `$1$2${REDACTED}`);
}

/** Options of {@link redactValue}. */
export interface RedactOptions {
  /** Token values to replace wherever they appear in strings (see {@link redactTokens}). */
  tokens?: readonly (string | undefined)[];
  /** Deepest nesting copied; deeper values are dropped. Default {@link REDACT_MAX_DEPTH}. */
  maxDepth?: number;
}

/**
 * A JSON-safe deep copy of `value` without tokens:
 * - keys named like tokens ({@link isTokenKey}) are dropped;
 * - strings go through {@link redactTokens};
 * - an `Error` becomes `{name, message, …its own fields}`, a `Date` its ISO string;
 * - cycles become `"[circular]"`; functions, symbols, bigints and values nested deeper than
 *   `maxDepth` are dropped (`null` inside arrays).
 *
 * @example redactValue({ slug: '/film/x', authToken: 'a' }) // { slug: '/film/x' }
 */
export function redactValue(value: unknown, options: RedactOptions = {}): unknown {
  const tokens = options.tokens ?? [];
  const maxDepth = options.maxDepth ?? REDACT_MAX_DEPTH;
  const seen = new WeakSet<object>();

  const copy = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return redactTokens(item, tokens);
    if (item === null || typeof item !== 'object') {
      return typeof item === 'function' || typeof item === 'symbol' || typeof item === 'bigint' ? undefined : item;
    }
    if (depth > maxDepth) return undefined;
    if (seen.has(item)) return '[circular]';
    if (item instanceof Date) return Number.isNaN(item.getTime()) ? null : item.toISOString();
    seen.add(item);
    try {
      if (Array.isArray(item)) return item.map((entry) => copy(entry, depth + 1) ?? null);
      const source: Record<string, unknown> =
        item instanceof Error ? { name: item.name, message: item.message, ...(item as unknown as Record<string, unknown>) } : (item as Record<string, unknown>);
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(source)) {
        if (isTokenKey(key)) continue;
        const copied = copy(entry, depth + 1);
        if (copied !== undefined) out[key] = copied;
      }
      return out;
    } finally {
      seen.delete(item);
    }
  };

  return copy(value, 0);
}
