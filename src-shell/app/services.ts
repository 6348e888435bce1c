/**
 * The play page's long-lived, framework-free services, created once per page load: the session
 * source, the play-flow runner and the parent-window messenger. The React tree only reads them.
 */
import { createContentCache, createContentClient, type ContentCache, type ContentClient, isS72Error } from 's72-player/client';
import { checkCurrentDevice, restrictionsFromToggles, type DeviceSupport } from '../features/device-support/index.js';
import { ALLOWED_REDIRECT_ORIGINS } from '../config/env.js';
import { paths } from '../config/paths.js';
import { signOutStoredSession } from '../features/play-session/play-session.js';
import { withoutParams } from '../features/play-session/parse-route.js';
import { createFlowApi } from '../features/play-flow/api/flow-api.js';
import { createSessionSource, type SessionHost, type SessionSource } from '../features/play-session/session-source.js';
import { TOKEN_PARAMS } from '../features/play-session/play-session.js';
import { detectCapabilities } from '../features/play-flow/capabilities.js';
import type { NavigationTarget } from '../features/play-flow/machine.js';
import { createPlayFlow, type PlayFlow, type PlayFlowDeps } from '../features/play-flow/play-flow.js';
import type { PlaylistEntry } from '../features/play-flow/machine.js';
import { fetchPlaylist, WatchedTracker } from '../features/playlist/index.js';
import { PlayTelemetry, telemetryFrequencyMs } from '../features/play-telemetry/index.js';
import { safeRedirectUrl } from '../lib/safe-url.js';
import type { PlaySession } from '../types/play-session.js';
import { createParentMessenger, type ParentMessenger } from '../lib/parent-messaging.js';
import { browserLocalStorage, createJsonStorage } from '../lib/storage.js';
import { LANG_PARAM, browserLanguages, pageLocale } from '../lib/i18n.js';

export interface AppServices {
  /** The storefront origin (the page's own). */
  origin: string;
  sessions: SessionSource;
  flow: PlayFlow;
  messenger: ParentMessenger;
  destroy(): void;
}

/** The hash of another play route, keeping the current non-token query (e.g. `nav=false`). */
export function routeHash(target: Extract<NavigationTarget, { kind: 'route' }>, currentHash: string): string {
  const q = currentHash.indexOf('?');
  const query = q === -1 ? '' : currentHash.slice(q);
  return `${paths.play.getHash(target.slug, target.title)}${query}`;
}

/** `href` with the token parameters (`u`, `p`) removed from its hash query. */
export function pageUrlWithoutTokens(href: string): string {
  const i = href.indexOf('#');
  if (i === -1) return href;
  const scrubbed = withoutParams(href.slice(i), TOKEN_PARAMS);
  return scrubbed === null ? href : `${href.slice(0, i)}${scrubbed}`;
}

/**
 * The device support check of play-page §4 step 5: this browser against the matrix, with the
 * restriction toggles of every toggles endpoint (a toggles failure keeps the default restrictions).
 */
export async function checkDeviceWithToggles(client: ContentClient, signal?: AbortSignal): Promise<DeviceSupport> {
  const toggles = await client.getFeatureToggles(signal).then(
    (t) => ({ ...t.users, ...t.shopping, ...t.meta, ...t.content }) as Record<string, unknown>,
    () => undefined,
  );
  return checkCurrentDevice({ restrictions: restrictionsFromToggles(toggles) });
}

/**
 * The played item's playlist (play-page §4, §7) with the watched record merged; `undefined` when it
 * has none: 404, an empty or invalid answer, or any failure (the item then plays as before).
 */
export async function loadPlaylistEntries(
  origin: string,
  session: PlaySession,
  slug: string,
  watched: WatchedTracker,
  signal?: AbortSignal,
): Promise<PlaylistEntry[] | undefined> {
  try {
    const { playlist } = await fetchPlaylist(slug, {
      baseUrl: origin,
      fetch: (input, init) => globalThis.fetch(input, init),
      authToken: session.authToken,
      playToken: session.playToken,
      bypassCache: session.bypassCache,
      signal,
    });
    if (playlist.items.length === 0) return undefined;
    return playlist.items.map((item) => ({
      item: { ...item, has_watched: watched.hasWatched(item) },
      watchedInSession: watched.hasWatchedInSession(item),
    }));
  } catch (error) {
    if (!(isS72Error(error) && error.httpStatus === 404)) console.warn('playlist unavailable, playing the item itself', error);
    return undefined;
  }
}

/**
 * The play flow's content client and its own calls for one storefront, all on one response cache
 * (player-and-client §9: 30 s, keyed by viewer): the runner reuses a client while the tokens stay
 * the same, and a client for other tokens still shares the cache.
 */
export function createFlowClients(origin: string, cache: ContentCache = createContentCache()): Pick<PlayFlowDeps, 'createClient' | 'createApi'> {
  return {
    createClient: (session) =>
      createContentClient({
        baseUrl: origin,
        authToken: session.authToken,
        playToken: session.playToken,
        bypassCache: session.bypassCache,
        cache,
      }),
    createApi: (session) =>
      createFlowApi({ baseUrl: origin, authToken: session.authToken, playToken: session.playToken, bypassCache: session.bypassCache }),
  };
}

/** Creates the services on the real window. */
export function createAppServices(win: Window = window): AppServices {
  const origin = win.location.origin;
  const policy = { origin, allowedOrigins: ALLOWED_REDIRECT_ORIGINS };
  const storage = createJsonStorage(browserLocalStorage());
  const sessions = createSessionSource({ host: win as unknown as SessionHost, storage, policy });
  const messenger = createParentMessenger();
  const watched = new WatchedTracker({ storage: browserLocalStorage() });
  // One play telemetry per page (play-page §7), created with the first event's tokens and the
  // configured frequency; flushed on pagehide.
  let telemetry: PlayTelemetry | undefined;
  const flow = createPlayFlow({
    env: {
      origin,
      allowedOrigins: ALLOWED_REDIRECT_ORIGINS,
      // The page's language (the address's `lang`, else the browser's), as the screens use it.
      get locale() {
        return pageLocale(sessions.getSnapshot().hash.params.get(LANG_PARAM), browserLanguages());
      },
    },
    ...createFlowClients(origin),
    detectCapabilities: () => detectCapabilities(),
    navigate: (target) => {
      if (target.kind === 'url') win.location.assign(target.url);
      else win.location.replace(routeHash(target, win.location.hash));
    },
    currentUrl: () => pageUrlWithoutTokens(win.location.href),
    signOut: (redirect) => signOutStoredSession(storage, policy, redirect),
    checkDevice: (client, signal) => checkDeviceWithToggles(client, signal),
    loadPlaylist: (session, slug, signal) => loadPlaylistEntries(origin, session, slug, watched, signal),
    markWatched: (item) => watched.markWatched(item),
    track: (session, { event, slug, data, configuration }) => {
      // `m` (play-page §2) replaces the endpoint only when it is on an allowed origin: the play
      // token goes with it (DESIGN.md "Security rules").
      const telemetryUrl = safeRedirectUrl(session.telemetryUrl, origin, ALLOWED_REDIRECT_ORIGINS);
      telemetry ??= new PlayTelemetry({
        baseUrl: origin,
        ...(telemetryUrl ? { url: telemetryUrl } : {}),
        authToken: session.authToken,
        playToken: session.playToken,
        frequencyMs: telemetryFrequencyMs(configuration),
      });
      if (session.authToken !== undefined || session.playToken !== undefined) {
        telemetry.setTokens({ authToken: session.authToken, playToken: session.playToken });
      }
      telemetry.track(event, slug, data);
    },
  });
  return {
    origin,
    sessions,
    flow,
    messenger,
    destroy() {
      void telemetry?.destroy();
      flow.destroy();
      sessions.destroy();
    },
  };
}
