// DESIGN.md "Element events"
/**
 * Every event of `<s72-player>` in one place.
 *
 * - Native media events are re-dispatched from the host unchanged (plain `Event`, not bubbling),
 *   typed here so that `event.target` is the player (`event.target.currentTime`, no casts).
 * - Our own events are prefixed `s72-`: `s72-error` (detail: `S72Error`), `s72-<thing>-change`
 *   notifications, and `s72-<verb>-request` intents fired by the controls (bubbling, composed) and
 *   handled by the player's request map (`core/request-map.ts`).
 *
 * `S72PlayerEventMap` is the one map: `HTMLElementEventMap` gets its `s72-*` members, the player's
 * `addEventListener` is typed with all of it, and the React wrapper's event props are derived from
 * `EVENT_PROPS` below (a type error names any event without a prop).
 */
import type { AudioTrackInfo, TextTrackInfo, VideoTrackInfo } from './core/engine/engine.js';
import type { S72Error } from './core/errors.js';
import type { BufferingState } from './core/recovery/buffering-monitor.js';
import type { LiveStatus } from './core/live/live-status.js';
import type { S72RequestEventDetail, S72RequestEventName } from './core/request-map.js';
import type { S72SuggestionSource, SubtitlePreferences } from './core/ui/ui-state.js';
import type { S72Player } from './s72-player.js';
import type { CastAppState, CastConnectionStatus, CastErrorScreen } from './core/cast/cast-state.js';

/** Media events re-dispatched from the inner `<video>` onto the host. */
export const MEDIA_EVENTS = [
  'loadstart',
  'loadedmetadata',
  'loadeddata',
  'durationchange',
  'canplay',
  'play',
  'pause',
  'playing',
  'waiting',
  'seeking',
  'seeked',
  'timeupdate',
  'ended',
  'volumechange',
  'ratechange',
  'progress',
  'canplaythrough',
  'stalled',
  'suspend',
  'emptied',
  'abort',
] as const;
export type MediaEventName = (typeof MEDIA_EVENTS)[number];

/** Requests the controls send to the player (UI → player), by intent. */
export const REQUEST_EVENTS = {
  play: 's72-play-request',
  pause: 's72-pause-request',
  /** detail: target position in seconds. */
  seek: 's72-seek-request',
  /** detail: `true` to mute, `false` to unmute. */
  mute: 's72-mute-request',
  /** detail: volume 0..1. */
  volume: 's72-volume-request',
  /** detail: `true` to enter fullscreen, `false` to leave it. */
  fullscreen: 's72-fullscreen-request',
  /** detail: playback rate (1 = normal); only while the rate menu is enabled. */
  rate: 's72-rate-request',
  /** Live only: seek to the live edge ("go to live"). */
  seekToLive: 's72-seek-to-live-request',
  /** detail: audio track id. */
  audioTrack: 's72-audio-track-request',
  /** detail: text track id, or null for off. */
  textTrack: 's72-text-track-request',
  /** Captions on/off (the `C` key): off when a track shows, else the remembered (or first) track. */
  captionsToggle: 's72-captions-toggle-request',
  /** detail: video track id, or null for Auto. */
  quality: 's72-quality-request',
  /** detail: some subtitle preferences. */
  preferences: 's72-preferences-request',
  /** detail: 1 or -1 (one 0.04 s frame, while paused). */
  frameStep: 's72-frame-step-request',
  /** detail: debug mode on or off. */
  debug: 's72-debug-request',
  /** detail: a menu opened (true) or closed. */
  menu: 's72-menu-request',
  /** The end screen was closed. */
  endScreenClose: 's72-end-screen-close-request',
  /** detail: `S72CastCommand` (start/stop casting, load, volume, mute, skip ad, …). */
  cast: 's72-cast-request',
  /** Opens the AirPlay target picker. */
  airplay: 's72-airplay-request',
} as const satisfies Record<string, S72RequestEventName>;

export type { S72RequestEventDetail, S72RequestEventName } from './core/request-map.js';

/** Notifications the player sends to the page (player → page). */
export const PLAYER_EVENTS = {
  /** detail: `S72Error`. Bubbles and is composed. */
  error: 's72-error',
  /** detail: `{ engine: string }`; the source is loaded and playback can start. */
  loaded: 's72-loaded',
  // player-and-client §4
  /**
   * detail: `{ buffering: boolean; state: 'ok' | 'buffering' | 'recovering' }`; `buffering` is the
   * spinner logic's input (after the 0.25 s delay it shows), `state` the buffering monitor's; fired when either changes.
   */
  bufferingChange: 's72-buffering-change',
  // player-and-client §4 "Playback recovery"
  /**
   * detail: `S72RecoveryChange`; a critical network or media error is being recovered by reloading
   * at the viewer's position.
   */
  recoveryChange: 's72-recovery-change',
  /** detail: `{ muted: true, reason: 'autoplay-policy' }`; autoplay only worked muted. */
  autoplayMuted: 's72-autoplay-muted',
  /** detail: `S72Tracks`; the audio, text or video tracks, or the active ones, changed. */
  tracksChange: 's72-tracks-change',
  // player-and-client §4 "Live status"
  /** detail: `{ status, previous }`; the live event's status changed. */
  liveStatusChange: 's72-live-status-change',
  // player-and-client §7 `custom:end-screen-video-clicked`
  /**
   * detail: `{slug, source, href}`; the viewer chose an end-screen suggestion. Cancelable: the page sends its telemetry, flushes it, then
   * navigates; when not cancelled, the player goes to `href` (same origin only).
   */
  endScreenClick: 's72-end-screen-click',
  /** detail: `SubtitlePreferences`; the viewer changed a subtitle preference (saved in localStorage). */
  preferencesChange: 's72-preferences-change',
  /** detail: `{debug}`; debug mode (the stats overlay) turned on or off. */
  debugChange: 's72-debug-change',
  // player-and-client §4
  /**
   * detail: `S72CastChange`; the cast connection status, app state, error screen, receiver or
   * connection-lost flag changed. The play page logs cast events to play telemetry.
   */
  castChange: 's72-cast-change',
  /** detail: `{available, active}`; an AirPlay target became (un)available, or playback moved to or from one. */
  airplayChange: 's72-airplay-change',
} as const;

// player-and-client §4 "Playback recovery"
/**
 * The detail of `s72-recovery-change`: reload `attempt`
 * of `maxAttempts` (1-based) is under way because of `error` (the recoverable copy also sent as
 * `s72-error`). `attempt` is 0 while the browser is offline: the reload waits for it to be online.
 */
export interface S72RecoveryChange {
  attempt: number;
  maxAttempts: number;
  error: S72Error;
}

// player-and-client §3 "Tracks"
/** The tracks of the loaded source. */
export interface S72Tracks {
  audio: AudioTrackInfo[];
  text: TextTrackInfo[];
  video: VideoTrackInfo[];
}

/** The detail of each of our notification events. */
export interface S72PlayerEventDetail {
  's72-error': S72Error;
  's72-loaded': { engine: string };
  's72-buffering-change': { buffering: boolean; state: BufferingState };
  's72-recovery-change': S72RecoveryChange;
  's72-autoplay-muted': { muted: true; reason: 'autoplay-policy' };
  's72-tracks-change': S72Tracks;
  's72-live-status-change': S72LiveStatusChange;
  's72-end-screen-click': S72EndScreenClick;
  's72-preferences-change': SubtitlePreferences;
  's72-debug-change': { debug: boolean };
  's72-cast-change': S72CastChange;
  's72-airplay-change': { available: boolean; active: boolean };
}

// player-and-client §3 "Cast state", §4
/** The detail of `s72-cast-change`. */
export interface S72CastChange {
  connectionStatus: CastConnectionStatus;
  appState: CastAppState | null;
  /** The receiver's name, or null. */
  friendlyName: string | null;
  errorScreen: CastErrorScreen | null;
  connectionLost: boolean;
  /** Playback is on the receiver (heartbeat and player telemetry are off). */
  casting: boolean;
  /**
   * What the receiver plays, or null: `slug`, `playlistSlug` (the playlist it belongs to, e.g. the
   * film after its ads; compare with `content.playlist.slug`) and the media `title`.
   */
  nowPlaying: { slug: string; playlistSlug: string | null; title: string } | null;
}

// player-and-client §7 `custom:end-screen-video-clicked`
/** The detail of `s72-end-screen-click`. */
export interface S72EndScreenClick {
  slug: string;
  source: S72SuggestionSource;
  /** The suggestion's `href`, if any. */
  href?: string;
}

/** The detail of `s72-live-status-change`: the new live status and the one before (null: none known yet). */
export interface S72LiveStatusChange {
  status: LiveStatus;
  previous: LiveStatus | null;
}

/** A media event re-dispatched by the player: `target` and `currentTarget` are the player. */
export interface S72MediaEvent extends Event {
  readonly target: S72Player;
  readonly currentTarget: S72Player;
}

type MediaEventMap = { [K in MediaEventName | 'error']: S72MediaEvent };
type NotificationEventMap = { [K in keyof S72PlayerEventDetail]: CustomEvent<S72PlayerEventDetail[K]> };
type RequestEventMap = { [K in S72RequestEventName]: CustomEvent<S72RequestEventDetail[K]> };

/** Every event the player host dispatches or handles, typed (media, notifications, requests). */
export interface S72PlayerEventMap extends MediaEventMap, NotificationEventMap, RequestEventMap {}

/**
 * React prop name of every event the page listens to (media events and notifications). The React
 * wrapper's `events` option is built from this table; the `satisfies` clause makes a missing event a
 * type error.
 */
export const EVENT_PROPS = {
  loadstart: 'onLoadStart',
  loadedmetadata: 'onLoadedMetadata',
  loadeddata: 'onLoadedData',
  durationchange: 'onDurationChange',
  canplay: 'onCanPlay',
  play: 'onPlay',
  pause: 'onPause',
  playing: 'onPlaying',
  waiting: 'onWaiting',
  seeking: 'onSeeking',
  seeked: 'onSeeked',
  timeupdate: 'onTimeUpdate',
  ended: 'onEnded',
  volumechange: 'onVolumeChange',
  ratechange: 'onRateChange',
  progress: 'onProgress',
  canplaythrough: 'onCanPlayThrough',
  stalled: 'onStalled',
  suspend: 'onSuspend',
  emptied: 'onEmptied',
  abort: 'onAbort',
  error: 'onError',
  's72-error': 'onS72Error',
  's72-loaded': 'onS72Loaded',
  's72-buffering-change': 'onS72BufferingChange',
  's72-recovery-change': 'onS72RecoveryChange',
  's72-autoplay-muted': 'onS72AutoplayMuted',
  's72-tracks-change': 'onS72TracksChange',
  's72-live-status-change': 'onS72LiveStatusChange',
  's72-end-screen-click': 'onS72EndScreenClick',
  's72-preferences-change': 'onS72PreferencesChange',
  's72-debug-change': 'onS72DebugChange',
  's72-cast-change': 'onS72CastChange',
  's72-airplay-change': 'onS72AirplayChange',
} as const satisfies Record<MediaEventName | 'error' | keyof S72PlayerEventDetail, `on${string}`>;

/** Fires one of our notifications from `host`: bubbling and composed, so it leaves shadow roots. */
export function fireEvent<K extends keyof S72PlayerEventDetail>(host: EventTarget, type: K, detail: S72PlayerEventDetail[K]): void {
  host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** Fires a request from a control: bubbling and composed so it leaves the control's shadow root. */
export function fireRequest<K extends S72RequestEventName>(
  from: EventTarget,
  type: K,
  ...detail: S72RequestEventDetail[K] extends void ? [] : [S72RequestEventDetail[K]]
): void {
  from.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail: detail[0] }));
}
