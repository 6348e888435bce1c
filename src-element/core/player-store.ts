// DESIGN.md "Inside the player"; §7.2, §7.3
/**
 * The player's state store. Framework-free: no Lit, no React; only the media element, the engine interface and
 * the document's fullscreen API.
 *
 * One table, `PLAYER_STATE`, says for every state key how it is read from its *owners* (the
 * `<video>`, the engine, the document, the playback session the lifecycle controllers keep) and
 * which owner events can change it. The store listens to exactly those events, recomputes the keys
 * they touch, and commits a new frozen snapshot only when a value really changed. It is never
 * optimistic: a request (`s72-play-request`, …) changes nothing here until the media element or
 * the engine confirms it with its event.
 *
 * Units: positions and durations in seconds (as on `HTMLMediaElement`); volume 0..1.
 */
import type { AudioTrackInfo, ChapterInfo, Engine, EngineEventMap, TextTrackInfo, VideoTrackInfo } from './engine/engine.js';
import type { S72Error } from './errors.js';
import type { BufferingState } from './recovery/buffering-monitor.js';
import type { LiveStatus } from './live/live-status.js';
import type { S72PlayerConfig } from './types.js';
import { fullscreenAllowed } from './config.js';
import { currentPlatform } from './drm/platform.js';
import { DEFAULT_PLAYER_UI, type PlayerUi } from './ui/ui-state.js';

/**
 * What the lifecycle controllers confirm about the current playback session: the engine finished
 * loading the source, the engine or the media is buffering, the error that stopped playback.
 * Controllers change it through `PlayerStore.setSession()`.
 */
export interface PlayerSession {
  /** The engine loaded the source: metadata known, playback can start. */
  loaded: boolean;
  // play-page §9
  /** The engine or the media reported buffering (the spinner's input). */
  buffering: boolean;
  // player-and-client §4 "Buffering monitor"
  /** The buffering monitor's state. */
  bufferingState: BufferingState;
  /** The critical error that stopped playback, or null. */
  error: S72Error | null;
  // play-page §4
  /** The live event's status from the live-status controller, or null / absent: not known. */
  liveStatus?: LiveStatus | null;
  // player-and-client §3
  /** This source's ad request was blocked (ads controller; the telemetry post's `adBlocked`). */
  adBlocked?: boolean;
}

/** The things state is read from. Every owner may be absent (before first render, during SSR). */
export interface StateOwners {
  media?: HTMLMediaElement | null;
  engine?: Engine | null;
  /** The element that goes fullscreen (the player host). */
  fullscreenElement?: Element | null;
  document?: Document | null;
  session?: PlayerSession;
  // player-and-client §3
  /** The parts of the player configuration the surfaces read. */
  config?: Pick<
    S72PlayerConfig,
    'seeking' | 'fullscreen' | 'restrictions' | 'playbackRates' | 'title' | 'subtitle' | 'navigateBackUrl' | 'showSubtitleSettings' | 'endScreen' | 'playerTrack'
  > | null;
  /** The surfaces' state (`core/ui/ui-state.ts`); change it with `PlayerStore.setUi()`. */
  ui?: PlayerUi;
}

/** Default end screen timing, seconds. */
export const DEFAULT_END_SCREEN_TIMING_S = 20;

/** A time range in seconds. */
export interface TimeRange {
  readonly start: number;
  readonly end: number;
}

// player-and-client §3 "Tracks"
/** The tracks of the loaded source. */
export interface PlayerTracks {
  readonly audio: readonly AudioTrackInfo[];
  readonly text: readonly TextTrackInfo[];
  readonly video: readonly VideoTrackInfo[];
}

/** One row of the state table. */
export interface StateEntry<T> {
  /** Reads the value from the owners; must not throw when any owner is missing. */
  get(owners: StateOwners): T;
  /** Media element events after which the value may have changed. */
  mediaEvents?: readonly string[];
  /** Engine events after which the value may have changed. */
  engineEvents?: readonly (keyof EngineEventMap)[];
  /** Document events after which the value may have changed. */
  documentEvents?: readonly string[];
}

const NO_CHAPTERS: readonly ChapterInfo[] = Object.freeze([]);
const NO_TRACKS: PlayerTracks = Object.freeze({ audio: [], text: [], video: [] });

/** Events after which the media element may be showing another source. */
const SOURCE_EVENTS = ['emptied', 'loadstart', 'loadedmetadata'] as const;

// player-and-client §4, §6
/**
 * The state table. Keys are camelCase; each value's unit is in its comment. `live`, `cast` and `ad`
 * rows are added by the features that own them.
 */
export const PLAYER_STATE = {
  /** True while the media is paused (true before anything is loaded). */
  paused: {
    get: ({ media }) => media?.paused ?? true,
    mediaEvents: ['play', 'pause', 'playing', 'ended', ...SOURCE_EVENTS],
  },
  /** Position, seconds. */
  currentTime: {
    get: ({ media }) => media?.currentTime ?? 0,
    mediaEvents: ['timeupdate', 'seeking', 'seeked', 'durationchange', ...SOURCE_EVENTS],
  },
  /** Duration, seconds: NaN until known, Infinity for live. */
  duration: {
    get: ({ media }) => media?.duration ?? Number.NaN,
    mediaEvents: ['durationchange', ...SOURCE_EVENTS],
  },
  /**
   * Seekable range, seconds: the engine's (live DVR window), else `{0, duration}`, else `{0, 0}`.
   * Seeks are clamped to it.
   */
  seekable: {
    get: ({ media, engine }): TimeRange => {
      const range = engine?.seekRange();
      if (range && Number.isFinite(range.start) && Number.isFinite(range.end)) return { start: range.start, end: range.end };
      const duration = media?.duration;
      return { start: 0, end: duration !== undefined && Number.isFinite(duration) ? duration : 0 };
    },
    mediaEvents: ['durationchange', 'progress', 'timeupdate', ...SOURCE_EVENTS],
  },
  /** Buffered ranges, seconds. */
  buffered: {
    get: ({ media }): readonly TimeRange[] => {
      const ranges = media?.buffered;
      if (!ranges) return [];
      const result: TimeRange[] = [];
      for (let index = 0; index < ranges.length; index++) result.push({ start: ranges.start(index), end: ranges.end(index) });
      return result;
    },
    mediaEvents: ['progress', 'timeupdate', 'seeked', ...SOURCE_EVENTS],
  },
  /** True while the engine or the media waits for data (the spinner's input). */
  buffering: { get: ({ session }) => session?.buffering ?? false },
  // player-and-client §4
  /** The buffering monitor: `ok`, `buffering` (load start, seeking, waiting), `recovering`. */
  bufferingState: { get: ({ session }): BufferingState => session?.bufferingState ?? 'ok' },
  /** True once playback reached the end. */
  ended: {
    get: ({ media }) => media?.ended ?? false,
    mediaEvents: ['ended', 'play', 'playing', 'seeked', ...SOURCE_EVENTS],
  },
  /** True once this source has played (the big play button hides for good). */
  played: {
    get: ({ media }) => (media?.played.length ?? 0) > 0,
    mediaEvents: ['playing', 'timeupdate', ...SOURCE_EVENTS],
  },
  /** Volume, 0..1. */
  volume: { get: ({ media }) => media?.volume ?? 1, mediaEvents: ['volumechange'] },
  muted: { get: ({ media }) => media?.muted ?? false, mediaEvents: ['volumechange'] },
  /**
   * Playback rate, 1 = normal speed: the viewer's rate. The engine holds the media at rate 0 while it
   * buffers (shaka's play-rate controller), so a 0 reads as the default rate the rate request set.
   */
  playbackRate: {
    get: ({ media }) => (media ? (media.playbackRate > 0 ? media.playbackRate : media.defaultPlaybackRate || 1) : 1),
    mediaEvents: ['ratechange', ...SOURCE_EVENTS],
  },
  /** True while the player host is the document's fullscreen element. */
  fullscreen: {
    get: ({ document, fullscreenElement }) =>
      Boolean(document && fullscreenElement && document.fullscreenElement === fullscreenElement),
    documentEvents: ['fullscreenchange'],
  },
  // player-and-client §5; play-page §9 `iphone_fullscreen`
  /**
   * False where the document cannot go fullscreen (the control is hidden), or
   * when the configuration forbids it (`fullscreen: false`, or the `iphoneFullscreen` restriction
   * on an iPhone).
   */
  canFullscreen: {
    get: ({ document, media, config }) =>
      fullscreenAllowed(config ?? undefined, currentPlatform().iphone) &&
      (Boolean(document?.fullscreenEnabled) ||
        typeof (media as { webkitEnterFullscreen?: unknown } | null | undefined)?.webkitEnterFullscreen === 'function'),
  },
  // play-page §2 `rates=true`
  /** True when the playback-rate menu shows (default false). */
  rateMenu: { get: ({ config }) => config?.playbackRates === true },
  // play-page §2 `seeking=false`; issue 22
  /**
   * False when the configuration forbids seeking, during an ad break
   * and during a playlist's ad item (a must-view-once ad cannot be skipped by seeking).
   */
  canSeek: { get: ({ config, ui }) => config?.seeking !== false && !ui?.ad && !ui?.adItem },
  // player-and-client §5
  /** The engine loaded the source (play acts only once loaded). */
  loaded: { get: ({ session }) => session?.loaded ?? false },
  // player-and-client §6
  /** A live source: duration is Infinity. */
  live: {
    get: ({ media }) => media?.duration === Number.POSITIVE_INFINITY,
    mediaEvents: ['durationchange', ...SOURCE_EVENTS],
  },
  // player-and-client §4
  /** The live event's status, polled by the live-status controller, or null. */
  liveStatus: { get: ({ session }): LiveStatus | null => session?.liveStatus ?? null },
  // player-and-client §3 "Tracks"
  /** The tracks of the loaded source; empty before load. */
  tracks: {
    get: ({ engine, session }): PlayerTracks =>
      engine && session?.loaded
        ? { audio: engine.audioTracks(), text: engine.textTracks(), video: engine.videoTracks() }
        : NO_TRACKS,
    engineEvents: ['tracks'],
  },
  // issue 27 item 2
  /** The chapters of the loaded source, ordered by start; empty before they load (after the first frame). */
  chapters: {
    get: ({ engine, session }): readonly ChapterInfo[] => (engine && session?.loaded ? (engine.chapters?.() ?? NO_CHAPTERS) : NO_CHAPTERS),
    engineEvents: ['tracks'],
  },
  // play-page §8
  /** The critical error that stopped playback, or null. */
  error: { get: ({ session }) => session?.error ?? null },

  // ── Surfaces (core/ui/ui-state.ts; player-and-client §2, §3, §4, §9) ──
  // player-and-client §9 "Overlay hides"
  /** Controls and title bar shown; hidden by the idle controller. */
  controlsVisible: { get: ({ ui }) => ui?.controlsVisible ?? DEFAULT_PLAYER_UI.controlsVisible },
  /** A settings menu or popover is open (the controls stay up). */
  menuOpen: { get: ({ ui }) => ui?.menuOpen ?? DEFAULT_PLAYER_UI.menuOpen },
  // player-and-client §2 "5 clicks on the version label"
  /** Debug mode: the stats overlay shows. */
  debug: { get: ({ ui }) => ui?.debug ?? DEFAULT_PLAYER_UI.debug },
  // player-and-client §2 "Big play button"
  /** The big play button shows. */
  bigPlay: { get: ({ ui }) => ui?.bigPlay ?? DEFAULT_PLAYER_UI.bigPlay },
  // player-and-client §4 "End screen"
  /** The end screen shows. */
  endScreen: { get: ({ ui }) => ui?.endScreen ?? DEFAULT_PLAYER_UI.endScreen },
  // player-and-client §3 "User preferences"
  /** The viewer's subtitle preferences. */
  subtitlePreferences: { get: ({ ui }) => ui?.subtitlePreferences ?? DEFAULT_PLAYER_UI.subtitlePreferences },
  // player-and-client §2 "Up next"
  /** The end screen's suggestions, main first. */
  suggestions: { get: ({ ui }) => ui?.suggestions ?? DEFAULT_PLAYER_UI.suggestions },
  /** The stats overlay's view, refreshed every 0.5 s while debug mode is on; null otherwise. */
  stats: { get: ({ ui }) => ui?.stats ?? null },
  // player-and-client §9
  /** The touch seek indicator: seconds moved by the current burst of taps, or null. */
  seekIndicator: { get: ({ ui }) => ui?.seekIndicator ?? null },
  // player-and-client §3
  /** The viewer's last subtitle choice, or null (preferences controller). */
  textTrackChoice: { get: ({ ui }) => ui?.textTrackChoice ?? null },
  // player-and-client §4 "Ad break"
  /** The ads overlay's view while an ad break runs, else null. */
  ad: { get: ({ ui }) => ui?.ad ?? null },
  /** True while an ad break runs (the ads overlay covers the player; everything under it is inert). */
  adBreak: { get: ({ ui }) => Boolean(ui?.ad) },
  /** The content is a playlist's ad item (`content.playbackMode: 'ad'`): an "Ad" label, no seeking. */
  adItem: { get: ({ ui }) => ui?.adItem === true },
  // player-and-client §3
  /** This source's ad request was blocked (the telemetry post's `adBlocked`). */
  adBlocked: { get: ({ session }) => session?.adBlocked === true },
  // player-and-client §3 "Cast state", §4
  /** The cast state (the cast controller writes it). */
  cast: { get: ({ ui }) => ui?.cast ?? DEFAULT_PLAYER_UI.cast },
  /** AirPlay: a target is available / playback is on one (the AirPlay controller writes it). */
  airplay: { get: ({ ui }) => ui?.airplay ?? DEFAULT_PLAYER_UI.airplay },
  /** The "Tap to unmute" button shows (autoplay started muted; the unmute-cue controller writes it). */
  unmuteCue: { get: ({ ui }) => ui?.unmuteCue ?? DEFAULT_PLAYER_UI.unmuteCue },
  // player-and-client §2
  /** Decoded picture size, pixels; 0 before metadata (the subtitle overlay fits the picture). */
  videoWidth: { get: ({ media }) => (media as HTMLVideoElement | null | undefined)?.videoWidth ?? 0, mediaEvents: ['resize', ...SOURCE_EVENTS] },
  videoHeight: { get: ({ media }) => (media as HTMLVideoElement | null | undefined)?.videoHeight ?? 0, mediaEvents: ['resize', ...SOURCE_EVENTS] },
  // player-and-client §2 "Title bar"
  /** The title bar's title (catalogue text): `config.title`, else the media-information lookup's, or ''. */
  title: { get: ({ config, ui }) => (typeof config?.title === 'string' ? config.title : (ui?.mediaInformation?.title ?? '')) },
  /** The title bar's second line: `config.subtitle`, else the media-information lookup's, or ''. */
  subtitle: { get: ({ config, ui }) => (typeof config?.subtitle === 'string' ? config.subtitle : (ui?.mediaInformation?.subtitle ?? '')) },
  // player-and-client §2 "Optional media-information lookup per content slug"
  /** The media-information lookup's answer for the content's slug, or null. */
  mediaInformation: { get: ({ ui }) => ui?.mediaInformation ?? DEFAULT_PLAYER_UI.mediaInformation },
  /** The title bar's back button target (validated by the title bar: http(s) or same-origin only), or ''. */
  backUrl: { get: ({ config }) => (typeof config?.navigateBackUrl === 'string' ? config.navigateBackUrl : '') },
  // player-and-client §9 "25% of 'experiment' users get the new player"
  /** The rollout track the page put this viewer on: `new` or `current` (default). */
  playerTrack: { get: ({ config }): 'new' | 'current' => (config?.playerTrack === 'new' ? 'new' : 'current') },
  // player-and-client §3 `showSubtitleSettings`
  /** The subtitle-settings submenu shows (default true). */
  showSubtitleSettings: { get: ({ config }) => config?.showSubtitleSettings !== false },
  /** End-screen timing window, seconds before the end (default 20, at least 1). */
  endScreenTimingS: {
    get: ({ config }) => {
      const value = config?.endScreen?.timingS;
      return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, value) : DEFAULT_END_SCREEN_TIMING_S;
    },
  },
  // play-page §9 "orientation"
  /** End-screen cards: `landscape` (default) or `portrait`. */
  endScreenOrientation: {
    get: ({ config }): 'landscape' | 'portrait' => (config?.endScreen?.orientation === 'portrait' ? 'portrait' : 'landscape'),
  },
} satisfies Record<string, StateEntry<unknown>>;

export type PlayerStateTable = typeof PLAYER_STATE;
export type PlayerStateKey = keyof PlayerStateTable;
/** A frozen snapshot of every state key. */
export type PlayerState = { readonly [K in PlayerStateKey]: ReturnType<PlayerStateTable[K]['get']> };

export type PlayerStateListener = (state: PlayerState, changed: ReadonlySet<PlayerStateKey>) => void;

export interface PlayerStore {
  /** The current frozen snapshot. */
  getState(): PlayerState;
  /**
   * Calls `listener` after every committed change with the new snapshot and the keys that changed.
   * Returns the unsubscribe function.
   */
  subscribe(listener: PlayerStateListener): () => void;
  /** The owners state is read from (read-only view; change them with `setOwners`). */
  readonly owners: Readonly<StateOwners>;
  /** Replaces some owners (e.g. a new engine), re-binds listeners and recomputes every key. */
  setOwners(owners: Partial<StateOwners>): void;
  /** Changes the playback session facts and recomputes every key. */
  setSession(session: Partial<PlayerSession>): void;
  /** Changes the surfaces' state (`core/ui/ui-state.ts`) and recomputes every key. */
  setUi(ui: Partial<PlayerUi>): void;
  /** Recomputes every key now (after a change no owner event announces). */
  refresh(): void;
  /** Starts listening to the owners' events (the host is connected). */
  connect(): void;
  /** Stops listening (the host is disconnected); the last snapshot stays readable. */
  disconnect(): void;
}

/**
 * Creates a store over `owners` reading the `PLAYER_STATE` table. Nothing is listened to until
 * `connect()`.
 */
export function createPlayerStore(owners: StateOwners = {}): PlayerStore {
  const table = PLAYER_STATE as Record<PlayerStateKey, StateEntry<unknown>>;
  const keys = Object.keys(table) as PlayerStateKey[];
  const current: StateOwners = {
    session: { loaded: false, buffering: false, bufferingState: 'ok', error: null },
    ui: { ...DEFAULT_PLAYER_UI },
    ...owners,
  };
  const listeners = new Set<PlayerStateListener>();
  let state = {} as PlayerState;
  state = snapshot(readAll());
  let listening: AbortController | null = null;
  let engineUnsubscribers: Array<() => void> = [];

  /** Keys by owner event, built once from the table. */
  const byMediaEvent = index((entry) => entry.mediaEvents);
  const byEngineEvent = index((entry) => entry.engineEvents);
  const byDocumentEvent = index((entry) => entry.documentEvents);

  function index(pick: (entry: StateEntry<unknown>) => readonly string[] | undefined): Map<string, PlayerStateKey[]> {
    const map = new Map<string, PlayerStateKey[]>();
    for (const key of keys) {
      for (const type of pick(table[key]) ?? []) map.set(type, [...(map.get(type) ?? []), key]);
    }
    return map;
  }

  function read(key: PlayerStateKey): unknown {
    try {
      return table[key].get(current);
    } catch {
      // An owner in a state it cannot answer from (e.g. an engine being destroyed): keep the last value.
      return state[key];
    }
  }

  function readAll(): Record<PlayerStateKey, unknown> {
    const values = {} as Record<PlayerStateKey, unknown>;
    for (const key of keys) values[key] = read(key);
    return values;
  }

  function commit(toRead: readonly PlayerStateKey[]): void {
    const changed = new Set<PlayerStateKey>();
    const next: Record<string, unknown> = { ...state };
    for (const key of toRead) {
      const value = read(key);
      if (!sameValue(state[key], value)) {
        next[key] = value;
        changed.add(key);
      }
    }
    if (changed.size === 0) return;
    state = snapshot(next as Record<PlayerStateKey, unknown>);
    for (const listener of [...listeners]) listener(state, changed);
  }

  function bind(): void {
    unbind();
    listening = new AbortController();
    const { signal } = listening;
    const { media, engine, document } = current;
    if (media) {
      for (const [type, affected] of byMediaEvent) media.addEventListener(type, () => commit(affected), { signal });
    }
    if (document) {
      for (const [type, affected] of byDocumentEvent) document.addEventListener(type, () => commit(affected), { signal });
    }
    if (engine) {
      engineUnsubscribers = [...byEngineEvent].map(([type, affected]) =>
        engine.on(type as keyof EngineEventMap, () => commit(affected)),
      );
    }
  }

  function unbind(): void {
    listening?.abort();
    listening = null;
    for (const unsubscribe of engineUnsubscribers) unsubscribe();
    engineUnsubscribers = [];
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get owners() {
      return current;
    },
    setOwners(owners) {
      Object.assign(current, owners);
      if (listening) bind();
      commit(keys);
    },
    setSession(session) {
      current.session = { ...current.session!, ...session };
      commit(keys);
    },
    setUi(ui) {
      current.ui = { ...(current.ui ?? DEFAULT_PLAYER_UI), ...ui };
      commit(keys);
    },
    refresh: () => commit(keys),
    connect() {
      bind();
      commit(keys);
    },
    disconnect: unbind,
  };
}

/** Freezes a snapshot and the plain objects and arrays in it (errors and engine objects are left alone). */
function snapshot(values: Record<PlayerStateKey, unknown>): PlayerState {
  for (const value of Object.values(values)) deepFreeze(value);
  return Object.freeze(values) as PlayerState;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/**
 * Equality for state values: `Object.is` for primitives (NaN equals NaN), structural for plain
 * objects and arrays, identity for anything else (errors).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const plain = (value: object) => Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype;
  if (!plain(a) || !plain(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
