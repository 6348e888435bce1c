/**
 * The play session as an external store (framework-free): reads the hash on start and on every
 * `hashchange`, stores the session under `playSession`, and removes `u`/`p` from the address bar with
 * `history.replaceState` (play-page §2, §3; DESIGN.md "Security rules"). React reads it with
 * `useSyncExternalStore`.
 *
 * Tokens live in memory and in the tab's `sessionStorage` only, for `PLAY_SESSION_TTL_MS`
 * after the session's `time`; `localStorage` gets the preferences only (issue 8 "Tokens at rest").
 * When `sessionStorage` is blocked (a sandboxed or storage-partitioned iframe) the memory copy
 * carries the session across hash changes.
 */
import type { PlaySession } from '../../types/play-session.js';
import { parseHash, withoutParams, withoutTrailingSlashes, type HashRoute } from './parse-route.js';
import {
  buildPlaySession,
  isSessionExpired,
  readStoredPreferences,
  readStoredSession,
  storeSession,
  TOKEN_PARAMS,
  type RedirectPolicy,
  type SessionStores,
} from './play-session.js';

/** One reading of the address: a new object on every hash change. */
export interface SessionSnapshot {
  /** The session, or `null` when there is none (the viewer is sent home). */
  session: PlaySession | null;
  /** The parsed hash it came from. */
  hash: HashRoute;
}

/** The pieces of `window` the source uses; tests pass fakes. */
export interface SessionHost {
  location: { hash: string; href: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

export interface SessionSource {
  getSnapshot(): SessionSnapshot;
  /** Calls `listener` after each hash change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Removes the `hashchange` listener. */
  destroy(): void;
}

/**
 * Creates the session source and reads the current address at once (so the token leaves the
 * address bar before anything renders).
 *
 * @param options `host` (the window), `stores` (JSON storages over sessionStorage and localStorage),
 *   `policy` (page origin + redirect allow-list), `now` (epoch ms clock).
 */
export function createSessionSource(options: {
  host: SessionHost;
  stores: SessionStores;
  policy: RedirectPolicy;
  now?: () => number;
  /** `bypassCache` of a session nothing else switches (the build configuration). */
  bypassCacheDefault?: boolean;
}): SessionSource {
  const { host, stores, policy } = options;
  const now = options.now ?? (() => Date.now());
  const listeners = new Set<() => void>();
  /** The last session, for when the tab's storage keeps nothing. */
  let memory: PlaySession | undefined;

  const read = (): SessionSnapshot => {
    const hash = parseHash(host.location.hash);
    const at = now();
    const preferences = readStoredPreferences(stores.preferences);
    const stored =
      readStoredSession(stores, policy, at) ?? (memory && !isSessionExpired(memory, at) ? { ...memory, ...preferences } : undefined);
    // `#/device-support` is a page of its own, not a play route: it neither builds nor replaces the stored session.
    const session = isDeviceSupportPath(hash.rawPath)
      ? (stored ?? null)
      : buildPlaySession({
          route: hash.route,
          params: hash.params,
          stored,
          preferences,
          policy,
          now: at,
          ...(options.bypassCacheDefault ? { bypassCacheDefault: true } : {}),
        });
    if (session && session !== stored) storeSession(stores, session);
    if (session) memory = session;
    const scrubbed = withoutParams(host.location.hash, TOKEN_PARAMS);
    if (scrubbed !== null) {
      const href = host.location.href;
      const base = href.includes('#') ? href.slice(0, href.indexOf('#')) : href;
      host.history.replaceState(host.history.state, '', `${base}${scrubbed}`);
    }
    return { session, hash };
  };

  let snapshot = read();
  const onHashChange = (): void => {
    snapshot = read();
    for (const listener of [...listeners]) listener();
  };
  host.addEventListener('hashchange', onHashChange);

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      host.removeEventListener('hashchange', onHashChange);
      listeners.clear();
    },
  };
}

/** The device-support route of the play page (play-page §2 "/device-support"). */
export function isDeviceSupportPath(rawPath: string): boolean {
  return withoutTrailingSlashes(rawPath) === '/device-support';
}
