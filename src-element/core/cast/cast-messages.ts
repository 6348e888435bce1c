// player-and-client §7 "A cast sender script is loaded from the cast provider. Cast messages go over a status channel (APP_STATUS? request with requestId) and a media channel (GET_STATUS)"
/**
 * The messages between the sender (this player) and the receiver ("Cast playlist start
 * message to the receiver: slug, authToken, baseUrl, telemetry, heartbeat, playFrom,
 * originatedFrom"). Builders and parsers only: answers are untrusted JSON, so a parser returns null
 * for anything it does not recognise, never throws. Framework-free.
 *
 * Units: positions in seconds, intervals in ms.
 */
import type { CastAdState, CastAppState, CastDeviceInfo, CastErrorScreen, CastNowPlaying, CastTrack } from './cast-state.js';

/** `{type: 'APP_STATUS?', requestId}` on the status channel. */
export interface AppStatusRequest {
  type: 'APP_STATUS?';
  requestId: number;
}
/** `{type: 'GET_STATUS', requestId}` on the media channel (the Cast media protocol). */
export interface MediaStatusRequest {
  type: 'GET_STATUS';
  requestId: number;
}
/** `{type: 'SKIP_AD', requestId}` on the status channel (Cast controller "skip ad"). */
export interface SkipAdRequest {
  type: 'SKIP_AD';
  requestId: number;
}

// §7
/** The playlist start message, on the status channel. */
export interface PlaylistStartMessage {
  type: 'PLAYLIST_START';
  requestId: number;
  slug: string;
  authToken: string | null;
  /** The storefront the receiver calls (config `cast.playlist.baseUrl`, else the page's origin). */
  baseUrl: string;
  /** The player telemetry the receiver sends itself (the sender stops its own while casting). */
  telemetry: { uri: string; intervalMs: number } | null;
  heartbeat: { uri: string; intervalMs: number } | null;
  /** Start position, seconds (0 for "from the beginning"). */
  playFrom: number;
  /** Where the cast started: the page's origin and path (never its query: tokens). */
  originatedFrom: string;
}

export type SenderMessage = AppStatusRequest | MediaStatusRequest | SkipAdRequest | PlaylistStartMessage;

// §3 "Cast state"
/** The receiver's answer to `APP_STATUS?`. */
export interface ReceiverStatus {
  requestId: number | null;
  appState: CastAppState;
  friendlyName: string | null;
  // §2 "Cast error screens"
  /** `receiverStatus.error.errorScreen`, or null. */
  errorScreen: CastErrorScreen | null;
  deviceInfo: CastDeviceInfo | null;
  nowPlaying: CastNowPlaying | null;
  audioTracks: readonly CastTrack[] | null;
  textTracks: readonly CastTrack[] | null;
  ad: CastAdState | null;
}

/** The receiver's answer to `GET_STATUS` (the Cast media protocol's `MEDIA_STATUS`). */
export interface MediaStatus {
  requestId: number | null;
  /** `PLAYING`, `PAUSED`, `BUFFERING`, `IDLE`, or `FINISHED` (IDLE with idleReason FINISHED) / `ERRORED` (idleReason ERROR). */
  appState: CastAppState;
  currentTime: number | null;
  duration: number | null;
  volumeLevel: number | null;
  muted: boolean | null;
}

export const ERROR_SCREENS: readonly CastErrorScreen[] = Object.freeze([
  'too-many-devices',
  'output-restricted',
  'unsupported-chromecast-device',
  'unknown-error',
] as const);

const APP_STATES: readonly CastAppState[] = ['INITIALIZING', 'LOADING', 'IDLE', 'PLAYING', 'PAUSED', 'BUFFERING', 'ERRORED', 'FINISHED'];

export function appStatusRequest(requestId: number): AppStatusRequest {
  return { type: 'APP_STATUS?', requestId };
}
export function mediaStatusRequest(requestId: number): MediaStatusRequest {
  return { type: 'GET_STATUS', requestId };
}
export function skipAdRequest(requestId: number): SkipAdRequest {
  return { type: 'SKIP_AD', requestId };
}

/** What the playlist start message is built from. */
export interface PlaylistStartInput {
  slug: string;
  authToken?: string | null | undefined;
  baseUrl?: string | null | undefined;
  telemetry?: { uri: string; intervalMs: number } | null | undefined;
  heartbeat?: { uri: string; intervalMs: number } | null | undefined;
  /** The local position, seconds. */
  position: number;
  /** Cast controller "load media (optionally mode beginning)": start from 0. */
  mode?: 'beginning' | 'resume';
  /** The page's address; only origin and path are sent. */
  pageUrl: string;
}

/** The cast playlist start message. A position that is not a finite non-negative number starts at 0. */
export function playlistStartMessage(requestId: number, input: PlaylistStartInput): PlaylistStartMessage {
  const page = safeUrl(input.pageUrl);
  const position = Number.isFinite(input.position) && input.position > 0 ? input.position : 0;
  return {
    type: 'PLAYLIST_START',
    requestId,
    slug: input.slug,
    authToken: input.authToken?.trim() || null,
    baseUrl: input.baseUrl || page?.origin || '',
    telemetry: input.telemetry ?? null,
    heartbeat: input.heartbeat ?? null,
    playFrom: input.mode === 'beginning' ? 0 : position,
    originatedFrom: page ? `${page.origin}${page.pathname}` : '',
  };
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** The message as an object: the SDK hands JSON text to listeners (and objects in some versions). */
function asObject(message: unknown): Record<string, unknown> | null {
  let value = message;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function tracks(value: unknown): CastTrack[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .map((item): CastTrack | null => {
      const track = asObject(item);
      const id = track?.['id'];
      if (!track || (typeof id !== 'string' && typeof id !== 'number')) return null;
      return { id, language: str(track['language']) ?? '', label: str(track['label']) ?? '', active: track['active'] === true };
    })
    .filter((track): track is CastTrack => track !== null);
}

/** Parses an `APP_STATUS` answer (status channel), or null when it is not one. */
export function parseReceiverStatus(message: unknown): ReceiverStatus | null {
  const o = asObject(message);
  if (!o || o['type'] !== 'APP_STATUS') return null;
  const appState = APP_STATES.find((state) => state === o['appState']) ?? null;
  if (!appState) return null;
  const error = asObject(o['error']);
  const screen = ERROR_SCREENS.find((name) => name === error?.['errorScreen']) ?? (error ? 'unknown-error' : null);
  const device = asObject(o['deviceInfo']);
  const playing = asObject(o['nowPlaying']);
  const ad = asObject(o['ad']);
  return {
    requestId: num(o['requestId']),
    appState,
    friendlyName: str(o['friendlyName']),
    errorScreen: screen,
    deviceInfo: device
      ? { model: str(device['model']), androidTv: device['androidTv'] === true, remoteInput: device['remoteInput'] === true }
      : null,
    nowPlaying:
      playing && str(playing['slug'])
        ? { slug: str(playing['slug'])!, playlistSlug: str(playing['playlistSlug']), title: str(playing['title']) ?? '' }
        : null,
    audioTracks: tracks(o['audioTracks']),
    textTracks: tracks(o['textTracks']),
    ad: ad
      ? { isPlayingBreak: ad['isPlayingBreak'] === true, canSkipAd: ad['canSkipAd'] === true, whenSkippable: num(ad['whenSkippable']) }
      : null,
  };
}

/** Parses a `MEDIA_STATUS` answer (media channel), or null when it is not one or has no media. */
export function parseMediaStatus(message: unknown): MediaStatus | null {
  const o = asObject(message);
  if (!o || o['type'] !== 'MEDIA_STATUS' || !Array.isArray(o['status'])) return null;
  const status = asObject(o['status'][0]);
  if (!status) return null;
  const playerState = str(status['playerState']);
  const idleReason = str(status['idleReason']);
  let appState: CastAppState;
  if (playerState === 'PLAYING' || playerState === 'PAUSED' || playerState === 'BUFFERING') appState = playerState;
  else if (playerState === 'IDLE') appState = idleReason === 'FINISHED' ? 'FINISHED' : idleReason === 'ERROR' ? 'ERRORED' : 'IDLE';
  else return null;
  const volume = asObject(status['volume']);
  return {
    requestId: num(o['requestId']),
    appState,
    currentTime: num(status['currentTime']),
    duration: num(asObject(status['media'])?.['duration']),
    volumeLevel: num(volume?.['level']),
    muted: typeof volume?.['muted'] === 'boolean' ? volume['muted'] : null,
  };
}

/** Request ids: positive integers, one counter per sender. */
export function requestIds(start = 1): () => number {
  let next = start;
  return () => next++;
}
