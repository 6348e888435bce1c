// player-and-client §3 "Cast state", §4 "Cast connection status"
/**
 * The cast state machine: {@link castReducer} takes the state (cast-state.ts) and one event and
 * returns the next state; the cast sender feeds it the SDK's events and the receiver's answers, and
 * writes the result to the store's `cast` row. Pure, framework-free; loaded with the cast sender.
 */
import type { S72Error } from '../errors.js';
import type { MediaStatus, ReceiverStatus } from './cast-messages.js';
import { INITIAL_CAST_STATE, NO_AD, type CastAdState, type CastState, type CastUnavailableReason, type SdkCastState } from './cast-state.js';

/** What the cast controller tells the state machine. */
export type CastEvent =
  /** The SDK did not load, or casting is not allowed here. */
  | { type: 'unavailable'; error?: S72Error; reason?: CastUnavailableReason | null }
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
      return { ...INITIAL_CAST_STATE, error: event.error ?? null, unavailable: event.reason ?? null };
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
