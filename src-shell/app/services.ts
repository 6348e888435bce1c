/**
 * The play page's long-lived, framework-free services, created once per page load: the session
 * source, the play-flow runner and the parent-window messenger. The React tree only reads them.
 */
import { createContentCache, createContentClient, type ContentCache, type ContentClient, isS72Error } from 's72-player/client';
import { checkCurrentDevice, restrictionsFromToggles, type DeviceSupport } from '../features/device-support/index.js';
import { ALLOWED_REDIRECT_ORIGINS, BYPASS_CACHE_DEFAULT } from '../config/env.js';
import { goToPlayHash, paths } from '../config/paths.js';
import { signOutStoredSession, storePreferences, storeUserId } from '../features/play-session/play-session.js';
import { withoutParams } from '../features/play-session/parse-route.js';
import { createFlowApi } from '../features/play-flow/api/flow-api.js';
import { createSessionSource, type SessionHost, type SessionSource } from '../features/play-session/session-source.js';
import { TOKEN_PARAMS } from '../features/play-session/play-session.js';
import { detectCapabilities } from '../features/play-flow/capabilities.js';
import type { NavigationTarget } from '../features/play-flow/machine.js';
import { createPlayFlow, type PlayFlow, type PlayFlowDeps } from '../features/play-flow/play-flow.js';
import type { PlaylistEntry } from '../features/play-flow/machine.js';
import { fetchPlaylist, WatchedTracker } from '../features/playlist/index.js';
import { allowedTelemetryUrl, PlayTelemetry, telemetryFrequencyMs } from '../features/play-telemetry/index.js';
import type { PlaySession } from '../types/play-session.js';
import { createParentMessenger, defaultHost, parentOriginsOfPage, type ParentMessenger } from '../lib/parent-messaging.js';
import { browserLocalStorage, browserSessionStorage, createJsonStorage } from '../lib/storage.js';
import { LANG_PARAM, browserLanguages, pageLocale } from '../lib/locale.js';
import { createPageLogger, type PageLogger } from './logger.js';

export interface AppServices {
  /** The storefront origin (the page's own). */
  origin: string;
  sessions: SessionSource;
  flow: PlayFlow;
  messenger: ParentMessenger;
  /** A content client for a session's tokens, on the flow's response cache (the end screen's suggestions). */
  contentClient(session: PlaySession): ContentClient;
  destroy(): void;
}

/** The hash of another play route: the current query (e.g. `nav=false`) without `t` and the tokens (player-and-client §2). */
export function routeHash(target: Extract<NavigationTarget, { kind: 'route' }>, currentHash: string): string {
  return paths.play.itemHash(target.slug, target.title, currentHash);
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
 * restriction toggles of every toggles endpoint (a toggles failure keeps the default restrictions),
 * and the `cast` toggle for the player's casting switch.
 */
export async function checkDeviceWithToggles(client: ContentClient, signal?: AbortSignal): Promise<DeviceSupport> {
  const toggles = await client.getFeatureToggles(signal).then(
    (t) => ({ ...t.users, ...t.shopping, ...t.meta, ...t.content }) as Record<string, unknown>,
    () => undefined,
  );
  const support = await checkCurrentDevice({ restrictions: restrictionsFromToggles(toggles) });
  // The `cast` toggle switches casting off (issue 26; play-page §2 `cast`, player-and-client §5).
  return typeof toggles?.['cast'] === 'boolean' ? { ...support, castToggle: toggles['cast'] } : support;
}

/**
 * The played item's playlist (play-page §4, §7) with the watched record merged; `undefined` when it
 * has none: 404, an empty or invalid answer, or any failure (the item then plays as before). The
 * playlist's warnings (empty playlist, unknown action type or skip policy, play-page §5) and any
 * failure but a 404 are logged at WARN, so they reach the log service.
 */
export async function loadPlaylistEntries(
  origin: string,
  session: PlaySession,
  slug: string,
  watched: WatchedTracker,
  signal?: AbortSignal,
  logger: Pick<PageLogger, 'warn'> = console,
): Promise<PlaylistEntry[] | undefined> {
  try {
    const { playlist, warnings } = await fetchPlaylist(slug, {
      baseUrl: origin,
      fetch: (input, init) => globalThis.fetch(input, init),
      authToken: session.authToken,
      playToken: session.playToken,
      bypassCache: session.bypassCache,
      signal,
    });
    // play-page §5: an empty playlist and an unknown action type are warnings; WARN goes to the log service (§9).
    for (const warning of warnings) logger.warn(`playlist warning: ${warning.code}`, { slug, ...warning });
    if (playlist.items.length === 0) return undefined;
    return playlist.items.map((item) => ({
      item: { ...item, has_watched: watched.hasWatched(item) },
      watchedInSession: watched.hasWatchedInSession(item),
    }));
  } catch (error) {
    if (!(isS72Error(error) && error.httpStatus === 404)) logger.warn('playlist unavailable, playing the item itself', error);
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
  // Tokens in the tab's sessionStorage only; localStorage keeps preferences (issue 8 "Tokens at rest").
  const stores = { session: createJsonStorage(browserSessionStorage()), preferences: createJsonStorage(browserLocalStorage()) };
  const sessions = createSessionSource({
    host: win as unknown as SessionHost,
    stores,
    policy,
    ...(BYPASS_CACHE_DEFAULT ? { bypassCacheDefault: true } : {}),
  });
  // The parent origin is remembered in the tab's storage across the sign-in round trip (issue 8).
  const messenger = createParentMessenger(defaultHost(stores.session), { allowedOrigins: parentOriginsOfPage() });
  // WARN and above to the log service (play-page §9).
  const logger = createPageLogger({ baseUrl: origin });
  const watched = new WatchedTracker({ storage: browserLocalStorage() });
  // One play telemetry per page (play-page §7), created with the first event's tokens and the
  // configured frequency; flushed on pagehide.
  let telemetry: PlayTelemetry | undefined;
  const flowClients = createFlowClients(origin, createContentCache());
  const flow = createPlayFlow({
    env: {
      origin,
      allowedOrigins: ALLOWED_REDIRECT_ORIGINS,
      // The page's language (the address's `lang`, else the browser's), as the screens use it.
      get locale() {
        return pageLocale(sessions.getSnapshot().hash.params.get(LANG_PARAM), browserLanguages());
      },
    },
    ...flowClients,
    detectCapabilities: () => detectCapabilities(),
    navigate: (target) => {
      if (target.kind === 'url') win.location.assign(target.url);
      // Another item: set the hash and reload the page (player-and-client §2).
      else goToPlayHash(win.location, routeHash(target, win.location.hash), { replace: true });
    },
    currentUrl: () => pageUrlWithoutTokens(win.location.href),
    signOut: (redirect) => signOutStoredSession(stores, policy, redirect, Date.now()),
    rememberUser: (session, userId) => {
      if (session.authToken) storeUserId(stores, policy, session.authToken, userId, Date.now());
    },
    checkDevice: (client, signal) => checkDeviceWithToggles(client, signal),
    loadPlaylist: (session, slug, signal) => loadPlaylistEntries(origin, session, slug, watched, signal, logger),
    markWatched: (item) => watched.markWatched(item),
    // The viewer's track choices (play-page §3), in localStorage with the other preferences.
    storePreferences: (prefs) => storePreferences(stores.preferences, prefs),
    flushTelemetry: () => telemetry?.flush() ?? Promise.resolve(),
    track: (session, { event, slug, data, details, configuration }) => {
      // `m` (play-page §2) replaces the endpoint only when it is under a configured telemetry URL
      // prefix: the token goes with it (issue 8; DESIGN.md "Security rules").
      const telemetryUrl = allowedTelemetryUrl(session.telemetryUrl, origin, configuration);
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
      telemetry.track(event, slug, data, details);
    },
  });
  // An error screen is logged at ERROR (play-page §9: WARN and above go to the log service).
  let loggedError: unknown;
  flow.subscribe(() => {
    const state = flow.getState();
    // A finished live event is a normal end (the live-ended screen), not a failure to log.
    if (state.status !== 'error' || state.error === loggedError || state.error.code === 'live_event_completed') return;
    loggedError = state.error;
    const { code, httpStatus, requestId } = state.error;
    logger.error('play page error', { code, slug: state.slug, httpStatus, requestId });
  });
  return {
    origin,
    sessions,
    flow,
    messenger,
    contentClient: (session) => flowClients.createClient(session),
    destroy() {
      logger.destroy();
      void telemetry?.destroy();
      flow.destroy();
      sessions.destroy();
    },
  };
}
