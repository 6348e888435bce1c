/**
 * Runs the play-flow machine (machine.ts): keeps the state, runs its commands through the
 * content-data client, feeds the results back, and tells subscribers. Framework-free; React reads it
 * with `useSyncExternalStore` (hooks/use-play-flow.ts).
 *
 * A new `start` aborts every request of the previous run; results of an old run are dropped.
 */
import { S72Error, isS72Error, systemClock, type Clock, type ContentClient, type Configuration } from 's72-player/client';
import type { DeviceSupport } from '../device-support/index.js';
import type { PlaylistItem } from '../playlist/index.js';
import { errorTelemetryData, type PlayTelemetryEventName } from '../play-telemetry/index.js';
import { DeviceSupportMonitor, DEVICE_SUPPORT_RECHECK_MS } from '../device-support/index.js';
import { withQuery } from '../../lib/safe-url.js';
import type { PlaySession } from '../../types/play-session.js';
import { preferencesFromTracks, type ActiveTracks, type PlayPreferences } from '../play-session/index.js';
import { minimumAgeOf, type FlowApi } from './api/flow-api.js';
import type { PlaybackCapabilities } from './choose-stream.js';
import type { ItemMetadata } from './describe-item.js';
import type { ViewerLookup } from './rules.js';
import {
  INITIAL_STATE,
  transition,
  type FlowCommand,
  type FlowEnv,
  type FlowEvent,
  type FlowState,
  type NavigationTarget,
  type PlaylistEntry,
} from './machine.js';

/** What the runner needs from the outside world; all injected so tests can fake them. */
export interface PlayFlowDeps {
  env: FlowEnv;
  /**
   * A content client for the session's tokens (`x-play-token` else `x-auth-token`, `x-bypass-cache`).
   * Called once per tokens: the runner reuses the client, and its 30 s cache (player-and-client §9),
   * for every command of the flow while the tokens stay the same.
   */
  createClient(session: PlaySession): ContentClient;
  /** Browser capabilities (called once per runner; the result is reused). */
  detectCapabilities(): Promise<PlaybackCapabilities>;
  /** Performs a navigation the machine asked for. */
  navigate(target: NavigationTarget): void;
  /**
   * Time and timers (the shared `Clock`: `now()` in epoch ms, `setTimeout`, `clearTimeout`): the
   * countdown ticks and the device-support recheck run on it. Default `systemClock`.
   */
  clock?: Clock;
  /** The play flow's own calls (PIN) for the session's tokens; reused like the client. */
  createApi(session: PlaySession): FlowApi;
  /** The current page address, tokens already removed (the sign-in `from`). */
  currentUrl(): string;
  /**
   * Clears the stored auth token and user of the play session and stores `redirect` (the address
   * to come back to after signing in), play-page §6.
   */
  signOut(redirect: string): void;
  /**
   * Records the viewer's user id (the user call's `account.user_id`) in the stored play session of
   * `session`'s auth token (play-page §3 `userId`).
   */
  rememberUser?(session: PlaySession, userId: string): void;
  /**
   * The device support check with the feature toggles' restrictions (play-page §4 step 5); run in
   * parallel with the item's calls and again every 2 s while the unsupported screen shows. Absent:
   * no check. Must not reject.
   */
  checkDevice?(client: ContentClient, signal: AbortSignal): Promise<DeviceSupport>;
  /**
   * The played item's playlist with the watched record merged (`POST /services/playback/playlist{slug}`);
   * `undefined` when it has none (404, empty, invalid, failure). Run with the item's calls. Must not reject.
   */
  loadPlaylist?(session: PlaySession, slug: string, signal: AbortSignal): Promise<readonly PlaylistEntry[] | undefined>;
  /** Records a finished playlist item as watched (session and storage). */
  markWatched?(item: PlaylistItem): void;
  /**
   * Stores the viewer's track choices (play-page §3 `lastSelected…`) in `localStorage.playSession`,
   * merged over those stored; they become the preferred languages of the next play.
   */
  storePreferences?(prefs: PlayPreferences): void;
  /** Queues a play telemetry event (play-page §7) for the session's tokens. */
  track?(
    session: PlaySession,
    event: {
      event: PlayTelemetryEventName;
      slug: string;
      data?: Record<string, unknown>;
      details?: Record<string, unknown>;
      configuration?: Configuration;
    },
  ): void;
  /** Sends the queued play telemetry now; resolves once sent or failed (never rejects). */
  flushTelemetry?(): Promise<void>;
}

/** What the viewer does on the page's screens. */
export type ViewerEvent = Extract<
  FlowEvent,
  { type: 'pin-submitted' | 'watch-window-accepted' | 'resume-chosen' | 'item-playing' | 'item-ended' | 'skip-requested' | 'page-left' }
>;

export interface PlayFlow {
  getState(): FlowState;
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * Starts (or restarts) the flow for a session; `null` sends the viewer home. The session object
   * already started (and not back to idle) is not restarted: calling `start` again with it is a no-op.
   */
  start(session: PlaySession | null): void;
  /** Tries again from the error state. */
  retry(): void;
  /** Reports a critical player error while playing. */
  playbackFailed(error: unknown): void;
  /**
   * A fresh play token for the item playing (the player's `refreshPlayToken`, called when the live
   * status answers 403, LIVE_STREAM_EXPIRED, play-page §4): a new `POST /services/playback/streams{slug}`
   * with the session's tokens; resolves to its `play_token`, which becomes the session's play token.
   * Rejects when nothing plays, the call fails, or the answer has no play token; a 403
   * `live_event_completed` also ends playback on the live-ended screen.
   */
  refreshPlayToken(): Promise<string>;
  /**
   * The player's tracks changed (`s72-tracks-change`): the active audio and text tracks are written
   * as the viewer's preferences (play-page §3), every time; `previous` (the item's last snapshot)
   * tells subtitles turned off, recorded as `lastSelectedTextLanguage: 'off'`.
   */
  tracksChanged(tracks: ActiveTracks, previous?: ActiveTracks | null): void;
  /**
   * Queues player telemetry for the item playing now (play-page §7: `subtitles-on`, `subtitles-off`,
   * `audio-track-changed`); ignored when nothing is playing.
   */
  trackPlayerEvents(events: readonly { event: PlayTelemetryEventName; data?: Record<string, unknown> }[]): void;
  /**
   * The viewer chose an end-screen suggestion (player-and-client §7): queues
   * `custom:end-screen-video-clicked` `{slug, details: {source}}` (`slug`: the suggestion's) and
   * sends the queue now. Resolves once sent or failed; ignored (resolved) when nothing is playing.
   */
  trackEndScreenClick(slug: string, source: string): Promise<void>;
  /** An ad error of the player (recoverable, category `ads`): `player-error` telemetry (player-and-client §7 "Ad errors are reported as telemetry"). */
  trackAdError(error: S72Error): void;
  /**
   * The viewer's answer on a screen (PIN form, watch-window notice, resume prompt), the player's
   * `playing` / `ended`, "Skip", or leaving the page (play-page §4 "Playlist and action lifecycle").
   */
  send(event: ViewerEvent): void;
  /** Aborts pending requests and drops listeners. */
  destroy(): void;
}

/** Creates the runner (state `idle` until `start`). */
export function createPlayFlow(deps: PlayFlowDeps): PlayFlow {
  let state: FlowState = INITIAL_STATE;
  let run = new AbortController();
  let startedWith: PlaySession | null = null;
  let capabilities: Promise<PlaybackCapabilities> | undefined;
  const listeners = new Set<() => void>();
  let monitor: DeviceSupportMonitor | undefined;
  const stopMonitor = (): void => {
    monitor?.stop();
    monitor = undefined;
  };

  /** Queues one play telemetry event with the current session's tokens and configuration. */
  const sendTelemetry = (event: PlayTelemetryEventName, slug: string, data?: Record<string, unknown>, details?: Record<string, unknown>): void => {
    const session = 'session' in state ? state.session : null;
    const configuration =
      'configuration' in state ? state.configuration : 'context' in state ? state.context?.configuration : undefined;
    if (session) deps.track?.(session, { event, slug, ...(data ? { data } : {}), ...(details ? { details } : {}), ...(configuration ? { configuration } : {}) });
  };

  const caps = (): Promise<PlaybackCapabilities> => (capabilities ??= deps.detectCapabilities());

  /** The flow's one client and API, made again only when the session's tokens change. */
  let clients: { key: string; client: ContentClient; api: FlowApi } | undefined;
  const clientsFor = (session: PlaySession): { client: ContentClient; api: FlowApi } => {
    const key = JSON.stringify([session.authToken ?? null, session.playToken ?? null, session.bypassCache === true]);
    if (clients?.key !== key) clients = { key, client: deps.createClient(session), api: deps.createApi(session) };
    return clients;
  };

  const dispatch = (event: FlowEvent): void => {
    const next = transition(state, event, deps.env);
    if (next.state !== state) {
      state = next.state;
      // The recheck runs only while the unsupported-browser screen shows.
      if (state.status !== 'unsupported') stopMonitor();
      for (const listener of [...listeners]) listener();
    }
    for (const command of next.commands) execute(command, run.signal);
  };

  const clock = deps.clock ?? systemClock;
  const now = (): number => clock.now();
  /** Resolves after `ms` on the clock (at once for 0); never when `signal` aborts first. */
  const delay = (ms: number, signal: AbortSignal): Promise<void> =>
    ms <= 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          const timer = clock.setTimeout(() => {
            signal.removeEventListener('abort', cancel);
            resolve();
          }, ms);
          const cancel = (): void => clock.clearTimeout(timer);
          signal.addEventListener('abort', cancel, { once: true });
        });

  const execute = (command: FlowCommand, signal: AbortSignal): void => {
    switch (command.type) {
      case 'navigate':
        deps.navigate(command.target);
        return;
      case 'wait': {
        // One abort listener per pending timer: removed when the timer fires, so a countdown that
        // ticks every second does not pile them up on the run's signal (issue 8).
        const timer = clock.setTimeout(() => {
          signal.removeEventListener('abort', cancel);
          if (!signal.aborted) dispatch({ type: 'tick', now: now() });
        }, command.ms);
        const cancel = (): void => clock.clearTimeout(timer);
        signal.addEventListener('abort', cancel, { once: true });
        return;
      }
      case 'monitor-device': {
        const check = deps.checkDevice;
        if (!check) return;
        stopMonitor();
        const { client } = clientsFor(command.session);
        const m = new DeviceSupportMonitor({
          check: () => check(client, signal),
          onChange: (support) => {
            if (!signal.aborted && monitor === m) dispatch({ type: 'device-support-changed', support });
          },
          intervalMs: DEVICE_SUPPORT_RECHECK_MS,
          clock,
        });
        monitor = m;
        signal.addEventListener('abort', () => m.stop(), { once: true });
        // The first check repeats the one just made; the monitor only reports changes after it.
        void m.start();
        return;
      }
      case 'mark-watched':
        deps.markWatched?.(command.item);
        return;
      case 'track':
        sendTelemetry(command.event, command.slug, command.data);
        return;
      case 'sign-in': {
        const from = deps.currentUrl();
        if (command.clearAuth) deps.signOut(from);
        deps.navigate({ kind: 'url', url: withQuery(command.signInUrl, { from }) });
        return;
      }
    }
    const { client, api } = clientsFor(command.session);
    const job = ((): Promise<FlowEvent> => {
      switch (command.type) {
        case 'load-item': {
          const { slug } = command;
          const metadata: Promise<ItemMetadata> =
            slug.type === 'film' || slug.type === 'film-bonus'
              ? client.getFilm(slug.slug, signal).then((film) => ({ kind: 'film', film }))
              : client.getSeason(slug.slug, signal).then((season) => ({ kind: 'season', season }));
          // The age check's lookups (play-page §5): a failure allows viewing; no auth token, no lookup.
          const viewer: Promise<ViewerLookup> = command.session.authToken
            ? client.getUser(signal).then(
                (user): ViewerLookup => {
                  // play-page §3: the session keeps the viewer's user id (cleared with the token on a 401, §6).
                  if (!signal.aborted) deps.rememberUser?.(command.session, user.user_id);
                  return { kind: 'found', dob: user.dob ?? null, userId: user.user_id, ...(user.groups ? { groups: user.groups } : {}) };
                },
                (): ViewerLookup => ({ kind: 'failed' }),
              )
            : Promise.resolve({ kind: 'none' });
          // play-page §4 step 1: item, availability and configuration in parallel (and the capability
          // probe and the age-check lookups). Every request goes out before the capability probe
          // starts: the probe (a video element, the key-system queries) holds the main thread for
          // a few milliseconds (issue 23).
          const availabilitiesCall = client.getAvailabilities([slug.slug], signal);
          const configurationCall = client.getConfiguration(signal);
          const deviceCheck = deps.checkDevice ? deps.checkDevice(client, signal).catch(() => undefined) : Promise.resolve(undefined);
          // A season is redirected to an episode first: only a streamable item's playlist is asked for.
          const playlistCall =
            deps.loadPlaylist && slug.type !== 'tv-season'
              ? deps.loadPlaylist(command.session, slug.slug, signal).catch(() => undefined)
              : Promise.resolve(undefined);
          return Promise.all([metadata, availabilitiesCall, configurationCall, caps(), viewer, deviceCheck, playlistCall]).then(([m, availabilities, configuration, capabilities, v, device, playlist]) => {
            // The age check's classification (play-page §5) comes with the metadata answer.
            const minimumAge = minimumAgeOf(m.kind === 'film' ? m.film.classifications : m.season.classifications);
            return {
              type: 'item-loaded' as const,
              metadata: m,
              availabilities,
              configuration,
              capabilities,
              viewer: v,
              ...(minimumAge !== undefined ? { minimumAge } : {}),
              ...(device ? { device } : {}),
              ...(playlist && playlist.length > 0 ? { playlist } : {}),
              now: now(),
            };
          });
        }
        case 'load-episode-availabilities':
          return client
            .getAvailabilities(command.slugs, signal)
            .then((availabilities) => ({ type: 'episode-availabilities-loaded', availabilities, now: now() }));
        case 'load-streams':
          // The navigation bar's sibling availabilities, in parallel; a failure only disables the links.
          return Promise.all([
            client.getStreams(command.slug, signal),
            command.siblings ? client.getAvailabilities(command.siblings, signal).catch(() => undefined) : Promise.resolve(undefined),
            // The rental watch window's minutes come from the library entry (play-page §9); a failure
            // falls back to the streams answer's fields.
            command.session.authToken ? client.getLibrary(signal).catch(() => undefined) : Promise.resolve(undefined),
          ]).then(([response, siblings, library]) => ({
            type: 'streams-loaded',
            response,
            now: now(),
            ...(siblings ? { siblings } : {}),
            ...(library ? { library } : {}),
          }));
        case 'check-pin-exists':
          return api.pinExists(signal).then((exists) => ({ type: 'pin-exists', exists }));
        case 'poll-live-status': {
          const { url } = command;
          // A failed look keeps the countdown polling (status null); an aborted run reports nothing.
          return delay(command.ms, signal)
            .then(() => api.liveStatus(url, signal))
            .then(
              (status): FlowEvent => ({ type: 'live-status', status, now: now() }),
              (): FlowEvent => ({ type: 'live-status', status: null, now: now() }),
            );
        }
        case 'verify-pin':
          return api
            .verifyPin(command.pin, command.slug, signal)
            .then((verdict): FlowEvent =>
              verdict.ok
                ? { type: 'pin-verified' }
                : {
                    type: 'pin-rejected',
                    code: verdict.code,
                    ...(verdict.attemptsRemaining !== undefined ? { attemptsRemaining: verdict.attemptsRemaining } : {}),
                  },
            );
      }
    })();
    job.then(
      (event) => {
        if (!signal.aborted) dispatch(event);
      },
      (error: unknown) => {
        if (!signal.aborted) dispatch({ type: 'failed', error });
      },
    );
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(session) {
      // The page starts the flow before its first render (main.ts, issues 12 and 23) and the play route
      // starts it again once mounted: the same session already running is not restarted.
      if (session !== null && session === startedWith && state.status !== 'idle') return;
      startedWith = session;
      run.abort();
      run = new AbortController();
      dispatch({ type: 'start', session });
    },
    retry() {
      run.abort();
      run = new AbortController();
      dispatch({ type: 'retry' });
    },
    trackPlayerEvents(events) {
      if (state.status !== 'playing') return;
      const { slug } = state.playback;
      for (const { event, data } of events) sendTelemetry(event, slug, data);
    },
    trackEndScreenClick(slug, source) {
      if (state.status !== 'playing') return Promise.resolve();
      sendTelemetry('custom:end-screen-video-clicked', slug, undefined, { source });
      return deps.flushTelemetry?.() ?? Promise.resolve();
    },
    trackAdError(error) {
      if (state.status === 'playing') sendTelemetry('player-error', state.playback.slug, errorTelemetryData(error));
    },
    playbackFailed(error) {
      dispatch({ type: 'playback-failed', error, now: now() });
    },
    async refreshPlayToken() {
      if (state.status !== 'playing') throw new S72Error('request_aborted', 'Nothing is playing', { category: 'client' });
      const playing = state;
      const signal = run.signal;
      try {
        const response = await clientsFor(playing.session).client.getStreams(playing.playback.slug, signal);
        const token = response.play_token?.trim();
        if (!token) throw new S72Error('malformed_response', 'The streams answer has no play token', { category: 'client' });
        if (!signal.aborted && state.status === 'playing' && state.playback.slug === playing.playback.slug) dispatch({ type: 'play-token-refreshed', playToken: token });
        return token;
      } catch (error) {
        // play-page §8: a finished live event shows the live-ended screen.
        if (!signal.aborted && isS72Error(error) && error.code === 'live_event_completed') dispatch({ type: 'playback-failed', error, now: now() });
        throw error;
      }
    },
    tracksChanged(tracks, previous) {
      const prefs = preferencesFromTracks(tracks, previous);
      if (Object.keys(prefs).length > 0) deps.storePreferences?.(prefs);
    },
    send(event) {
      dispatch(event);
    },
    destroy() {
      // Leaving the page destroys the playlist's actions (play-page §4).
      dispatch({ type: 'page-left' });
      stopMonitor();
      run.abort();
      listeners.clear();
    },
  };
}
