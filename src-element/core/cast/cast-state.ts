// player-and-client §3 "Cast state", §4 "Cast connection status"
/**
 * The cast state and its state machine ("Cast app state", "Cast panel"). Pure: {@link castReducer} takes the state and one event
 * and returns the next state; the cast controller feeds it the SDK's events and the receiver's
 * answers, and writes the result to the store's `cast` row. Framework-free.
 *
 * Connection status (client): UNAVAILABLE (no SDK, or casting not allowed), CHOOSING_TARGET (the
 * device picker is open), NO_DEVICES_AVAILABLE, NOT_CONNECTED, CONNECTING, CONNECTION_DROPPED (the
 * session ended without the viewer asking), CONNECTED. Connecting sets `wantsToBeConnected` and
 * `isChoosingTarget`. App state: INITIALIZING, LOADING, IDLE, then the receiver's player state
 * (PLAYING, PAUSED, BUFFERING), plus ERRORED and FINISHED.
 *
 * Units: positions in seconds; volume 0..1.
 */
import type { S72Error } from '../errors.js';
import type { MediaStatus, ReceiverStatus } from './cast-messages.js';

export type CastConnectionStatus =
  | 'UNAVAILABLE'
  | 'CHOOSING_TARGET'
  | 'NO_DEVICES_AVAILABLE'
  | 'NOT_CONNECTED'
  | 'CONNECTING'
  | 'CONNECTION_DROPPED'
  | 'CONNECTED';

export type CastAppState = 'INITIALIZING' | 'LOADING' | 'IDLE' | 'PLAYING' | 'PAUSED' | 'BUFFERING' | 'ERRORED' | 'FINISHED';

/** The cast panel's error screens. */
export type CastErrorScreen = 'too-many-devices' | 'output-restricted' | 'unsupported-chromecast-device' | 'unknown-error';

// §3 "Cast state"
/** An audio or text track on the receiver (audio and text tracks). */
export interface CastTrack {
  id: string | number;
  language: string;
  label: string;
  active: boolean;
}

/** The receiver's ad state (isPlayingBreak, canSkipAd, whenSkippable); `whenSkippable` in seconds into the break, or null. */
export interface CastAdState {
  isPlayingBreak: boolean;
  canSkipAd: boolean;
  whenSkippable: number | null;
}

// §8; §3 "deviceInfo"
/** What the receiver says about itself (an Android TV with remote input). */
export interface CastDeviceInfo {
  model: string | null;
  androidTv: boolean;
  remoteInput: boolean;
}

/** What the receiver plays (slug, playlistSlug, media title). */
export interface CastNowPlaying {
  slug: string;
  playlistSlug: string | null;
  title: string;
}

/** The cast state. */
export interface CastState {
  connectionStatus: CastConnectionStatus;
  /** The viewer asked to cast (set when connecting, cleared when they stop). */
  wantsToBeConnected: boolean;
  /** The device picker is open. */
  isChoosingTarget: boolean;
  /** Null while not connected. */
  appState: CastAppState | null;
  audioTracks: readonly CastTrack[];
  textTracks: readonly CastTrack[];
  /** Receiver volume 0..1. */
  volumeLevel: number;
  muted: boolean;
  ad: CastAdState;
  // play-page §2
  /** The receiver's name ("Casting to {receiver}"). */
  friendlyName: string | null;
  /** `receiverStatus.error.errorScreen`, or null. */
  errorScreen: CastErrorScreen | null;
  deviceInfo: CastDeviceInfo | null;
  nowPlaying: CastNowPlaying | null;
  /** Receiver position and duration, seconds. */
  currentTime: number;
  duration: number;
  /** Connection lost is shown when the connection seems disconnected (status timeout or a dropped session). */
  connectionLost: boolean;
  /** The last cast error, or null. */
  error: S72Error | null;
}

export const NO_AD: CastAdState = Object.freeze({ isPlayingBreak: false, canSkipAd: false, whenSkippable: null });

export const INITIAL_CAST_STATE: CastState = Object.freeze({
  connectionStatus: 'UNAVAILABLE',
  wantsToBeConnected: false,
  isChoosingTarget: false,
  appState: null,
  audioTracks: Object.freeze([]) as readonly CastTrack[],
  textTracks: Object.freeze([]) as readonly CastTrack[],
  volumeLevel: 1,
  muted: false,
  ad: NO_AD,
  friendlyName: null,
  errorScreen: null,
  deviceInfo: null,
  nowPlaying: null,
  currentTime: 0,
  duration: 0,
  connectionLost: false,
  error: null,
});

/** The SDK's `cast.framework.CastState` values. */
export type SdkCastState = 'NO_DEVICES_AVAILABLE' | 'NOT_CONNECTED' | 'CONNECTING' | 'CONNECTED';

/** What the cast controller tells the state machine. */
export type CastEvent =
  /** The SDK did not load, or casting is not allowed here. */
  | { type: 'unavailable'; error?: S72Error }
  /** `CAST_STATE_CHANGED`. */
  | { type: 'cast-state'; castState: SdkCastState }
  /** The viewer pressed the cast button: the picker opens. */
  | { type: 'choose-target' }
  /** The picker closed without a session (cancelled or failed). */
  | { type: 'choose-target-failed'; error: S72Error }
  /** A session started (`resumed`: joined an existing one after a reload). */
  | { type: 'session-started'; friendlyName: string | null; resumed: boolean }
  /** The playlist start message went out. */
  | { type: 'load-sent' }
  /** The session ended; `requested`: the viewer stopped casting. */
  | { type: 'session-ended'; requested: boolean }
  | { type: 'receiver-status'; status: ReceiverStatus }
  | { type: 'media-status'; status: MediaStatus }
  /** The `RemotePlayer` changed (position, volume, break). */
  | { type: 'remote-player'; currentTime?: number; duration?: number; volumeLevel?: number; muted?: boolean; ad?: Partial<CastAdState> }
  /** The receiver did not answer in time: the connection seems lost. */
  | { type: 'status-timeout'; error: S72Error }
  | { type: 'error'; error: S72Error };

const SESSION_FIELDS = {
  appState: null,
  audioTracks: INITIAL_CAST_STATE.audioTracks,
  textTracks: INITIAL_CAST_STATE.textTracks,
  ad: NO_AD,
  errorScreen: null,
  nowPlaying: null,
  currentTime: 0,
  duration: 0,
} as const satisfies Partial<CastState>;

/** The next cast state. Pure; unknown events leave the state as it is. */
export function castReducer(state: CastState, event: CastEvent): CastState {
  switch (event.type) {
    case 'unavailable':
      return { ...INITIAL_CAST_STATE, error: event.error ?? null };
    case 'cast-state': {
      const sdk = event.castState;
      if (sdk === 'CONNECTED') return { ...state, connectionStatus: 'CONNECTED', isChoosingTarget: false, connectionLost: false };
      if (sdk === 'CONNECTING') return { ...state, connectionStatus: 'CONNECTING' };
      if (state.isChoosingTarget) return state; // the picker is open: stays CHOOSING_TARGET
      if (state.connectionStatus === 'CONNECTION_DROPPED') return state; // shown until the viewer acts
      return { ...state, connectionStatus: sdk };
    }
    case 'choose-target':
      return { ...state, connectionStatus: 'CHOOSING_TARGET', wantsToBeConnected: true, isChoosingTarget: true, error: null };
    case 'choose-target-failed':
      return { ...state, connectionStatus: 'NOT_CONNECTED', wantsToBeConnected: false, isChoosingTarget: false, error: event.error };
    case 'session-started':
      return {
        ...state,
        ...SESSION_FIELDS,
        connectionStatus: 'CONNECTED',
        wantsToBeConnected: true,
        isChoosingTarget: false,
        connectionLost: false,
        friendlyName: event.friendlyName,
        appState: 'INITIALIZING',
        error: null,
      };
    case 'load-sent':
      return state.connectionStatus === 'CONNECTED' ? { ...state, appState: 'LOADING', errorScreen: null } : state;
    case 'session-ended': {
      const dropped = state.wantsToBeConnected && !event.requested;
      return {
        ...state,
        ...SESSION_FIELDS,
        connectionStatus: dropped ? 'CONNECTION_DROPPED' : 'NOT_CONNECTED',
        wantsToBeConnected: dropped,
        isChoosingTarget: false,
        connectionLost: dropped,
      };
    }
    case 'receiver-status': {
      if (state.connectionStatus !== 'CONNECTED') return state;
      const s = event.status;
      return {
        ...state,
        connectionLost: false,
        appState: s.errorScreen ? 'ERRORED' : s.appState,
        errorScreen: s.errorScreen,
        friendlyName: s.friendlyName ?? state.friendlyName,
        deviceInfo: s.deviceInfo ?? state.deviceInfo,
        nowPlaying: s.nowPlaying ?? state.nowPlaying,
        audioTracks: s.audioTracks ?? state.audioTracks,
        textTracks: s.textTracks ?? state.textTracks,
        ad: s.ad ?? state.ad,
      };
    }
    case 'media-status': {
      if (state.connectionStatus !== 'CONNECTED' || state.errorScreen) return state;
      const s = event.status;
      // Before the playlist plays, the receiver's own states (INITIALIZING/LOADING) stand over an IDLE media channel.
      const appState = s.appState === 'IDLE' && (state.appState === 'INITIALIZING' || state.appState === 'LOADING') ? state.appState : s.appState;
      return {
        ...state,
        connectionLost: false,
        appState,
        currentTime: s.currentTime ?? state.currentTime,
        duration: s.duration ?? state.duration,
        volumeLevel: s.volumeLevel ?? state.volumeLevel,
        muted: s.muted ?? state.muted,
      };
    }
    case 'remote-player':
      if (state.connectionStatus !== 'CONNECTED') return state;
      return {
        ...state,
        currentTime: event.currentTime ?? state.currentTime,
        duration: event.duration ?? state.duration,
        volumeLevel: event.volumeLevel ?? state.volumeLevel,
        muted: event.muted ?? state.muted,
        ad: event.ad ? { ...state.ad, ...event.ad } : state.ad,
      };
    case 'status-timeout':
      return state.connectionStatus === 'CONNECTED' ? { ...state, connectionLost: true, error: event.error } : state;
    case 'error':
      return { ...state, error: event.error };
    default:
      return state;
  }
}

// §2 "Cast controls panel and a choose-device prompt"; play-page §2
/** What the cast panel shows ("Cast error screens"). */
export type CastScreen = 'none' | 'choose-device' | 'connecting' | 'connection-lost' | 'error-screen' | 'initializing' | 'casting';

/** The panel's screen for a cast state. */
export function castScreen(state: CastState): CastScreen {
  if (state.connectionLost) return 'connection-lost';
  if (state.isChoosingTarget) return 'choose-device';
  if (state.connectionStatus === 'CONNECTING') return 'connecting';
  if (state.connectionStatus !== 'CONNECTED') return 'none';
  if (state.errorScreen) return 'error-screen';
  if (state.appState === null || state.appState === 'INITIALIZING' || state.appState === 'LOADING') return 'initializing';
  return 'casting';
}

// §2; §5
/**
 * True while playback belongs to the receiver: the local video stays paused, the big play button
 * hides, heartbeat and player telemetry stop.
 */
export function isCasting(state: CastState): boolean {
  return state.connectionStatus === 'CONNECTED' || state.connectionLost;
}

/** The cast controls show replay when finished or on an error screen. */
export function showsReplay(state: CastState): boolean {
  return state.connectionStatus === 'CONNECTED' && (state.appState === 'FINISHED' || state.errorScreen !== null);
}

/** The cast button shows: the SDK is there and a device is (or may be) reachable. */
export function castButtonShows(state: CastState): boolean {
  return state.connectionStatus !== 'UNAVAILABLE' && state.connectionStatus !== 'NO_DEVICES_AVAILABLE';
}
