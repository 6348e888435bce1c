// issue 12 "Levers"
/**
 * Manifest prefetch (the manifest preloaded): the element fetches a source's
 * manifest as soon as it knows the source, while the engine's code is still downloading, and the
 * engine takes that response instead of requesting the manifest again once it is ready.
 *
 * The response is kept for one use and {@link PREFETCH_MAX_AGE_MS} at most: a reload (recovery,
 * "Try again") or a late start fetches the manifest afresh, so a live manifest is never stale. A
 * prefetch that got an HTTP error answer counts as the engine's first attempt (so a missing
 * manifest costs no extra request); one that failed without an answer (network error) is not used:
 * the engine then requests the manifest itself, with its own retries and error reporting.
 *
 * The request is the one the engine would make: GET, no extra headers, credentials `same-origin`
 * (shaka's default when `allowCrossSiteCredentials` is off).
 */

/** A prefetched manifest is used only if it was requested at most this long ago, ms. */
export const PREFETCH_MAX_AGE_MS = 10_000;

/** A prefetch's answer (any HTTP status), in the shape an engine's network layer needs. */
export interface PrefetchedManifest {
  /** The URL asked for (absolute). */
  readonly url: string;
  /** The URL that answered, after redirects (relative segment URLs resolve against it). */
  readonly responseUrl: string;
  readonly status: number;
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly data: ArrayBuffer;
}

interface Entry {
  readonly requestedAtMs: number;
  readonly response: Promise<PrefetchedManifest | null>;
}

const entries = new Map<string, Entry>();

/** `url` made absolute against the document (as fetch() would), or null when it cannot be. */
function absolute(url: string): URL | null {
  try {
    return new URL(url, typeof document === 'undefined' ? undefined : document.baseURI);
  } catch {
    return null;
  }
}

/**
 * Starts fetching `url` (an http(s) URL, relative ones against the document; anything else is
 * ignored) unless a fresh prefetch of it is pending. Never throws; a failure only means the engine
 * fetches the manifest itself.
 */
export function prefetchManifest(url: string, nowMs: number = Date.now()): void {
  const parsed = absolute(url);
  if (!parsed || typeof fetch !== 'function') return;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return;
  const existing = entries.get(parsed.href);
  if (existing && nowMs - existing.requestedAtMs <= PREFETCH_MAX_AGE_MS) return;
  const response = fetch(parsed.href, { credentials: 'same-origin' })
    .then(async (answer): Promise<PrefetchedManifest | null> => {
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      return { url: parsed.href, responseUrl: answer.url || parsed.href, status: answer.status, headers, data: await answer.arrayBuffer() };
    })
    .catch(() => null);
  entries.set(parsed.href, { requestedAtMs: nowMs, response });
}

/**
 * The prefetch of `url` if there is a fresh one, removed so it is used once; undefined otherwise.
 * The promise resolves to null when the prefetch got no answer.
 */
export function takePrefetchedManifest(url: string, nowMs: number = Date.now()): Promise<PrefetchedManifest | null> | undefined {
  const key = absolute(url)?.href;
  const entry = key === undefined ? undefined : entries.get(key);
  if (!entry) return undefined;
  entries.delete(key!);
  return nowMs - entry.requestedAtMs <= PREFETCH_MAX_AGE_MS ? entry.response : undefined;
}

/** Forgets every prefetch (tests). */
export function clearPrefetchedManifests(): void {
  entries.clear();
}
