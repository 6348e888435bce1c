// player-and-client §3 "Cast state", §4 "Cast connection status"
/**
 * The cast state ("Cast app state", "Cast panel") and what the surfaces read from it; its state
 * machine is cast-reducer.ts (loaded with the cast sender, on demand). Framework-free.
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

// §5 "Casting requires cast config enabled with an appId"
/**
 * Why casting is enabled but cannot work: `no-app-id` (no receiver app configured),
 * `sdk-not-loaded` (the Cast sender script failed to load). The cast button then shows disabled,
 * with the reason, instead of disappearing.
 */
export type CastUnavailableReason = 'no-app-id' | 'sdk-not-loaded';

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
  /** Casting is enabled but cannot work, and why; null otherwise. */
  unavailable: CastUnavailableReason | null;
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
  unavailable: null,
});

/** The SDK's `cast.framework.CastState` values. */
export type SdkCastState = 'NO_DEVICES_AVAILABLE' | 'NOT_CONNECTED' | 'CONNECTING' | 'CONNECTED';

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

/**
 * The cast button shows: the SDK is there and a device is (or may be) reachable, or casting is
 * enabled but cannot work (then it shows disabled, with the reason: {@link CastState.unavailable}).
 */
export function castButtonShows(state: CastState): boolean {
  if (state.unavailable) return true;
  return state.connectionStatus !== 'UNAVAILABLE' && state.connectionStatus !== 'NO_DEVICES_AVAILABLE';
}
