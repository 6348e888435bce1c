/**
 * Every event name of `<s72-player>` in one place (DESIGN.md "Element events"; STYLE.md §7.9).
 *
 * - Native media events are re-dispatched from the host unchanged (plain `Event`, not bubbling).
 * - Our own events are prefixed `s72-`: `s72-error` (detail: `S72Error`), `s72-<thing>-change`
 *   notifications, and `s72-<verb>-request` intents fired by the controls (bubbling, composed) and
 *   handled by the player.
 */
import type { AudioTrackInfo, TextTrackInfo, VideoTrackInfo } from './core/engine/engine.js';
import type { S72Error } from './core/errors.js';

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
] as const;
export type MediaEventName = (typeof MEDIA_EVENTS)[number];

/** Requests the controls send to the player (UI → player). */
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
} as const;

export interface S72RequestEventDetail {
  's72-play-request': void;
  's72-pause-request': void;
  's72-seek-request': number;
  's72-mute-request': boolean;
  's72-volume-request': number;
  's72-fullscreen-request': boolean;
}

/** Notifications the player sends to the page (player → page). */
export const PLAYER_EVENTS = {
  /** detail: `S72Error`. Bubbles and is composed. */
  error: 's72-error',
  /** detail: `{ engine: string }`; the source is loaded and playback can start. */
  loaded: 's72-loaded',
  /** detail: `{ buffering: boolean }`; the spinner logic's input (after the 0.25 s delay it shows). */
  bufferingChange: 's72-buffering-change',
  /** detail: `{ muted: true, reason: 'autoplay-policy' }`; autoplay only worked muted. */
  autoplayMuted: 's72-autoplay-muted',
  /** detail: `S72Tracks`; the audio, text or video tracks, or the active ones, changed. */
  tracksChange: 's72-tracks-change',
} as const;

/** The tracks of the loaded source (player-and-client §3 "Tracks"). */
export interface S72Tracks {
  audio: AudioTrackInfo[];
  text: TextTrackInfo[];
  video: VideoTrackInfo[];
}

export interface S72PlayerEventDetail {
  's72-error': S72Error;
  's72-loaded': { engine: string };
  's72-buffering-change': { buffering: boolean };
  's72-autoplay-muted': { muted: true; reason: 'autoplay-policy' };
  's72-tracks-change': S72Tracks;
}

/** Every event the host dispatches, typed, for `addEventListener` and the React wrapper. */
export type S72PlayerEventMap = { [K in MediaEventName]: Event } & {
  [K in keyof S72PlayerEventDetail]: CustomEvent<S72PlayerEventDetail[K]>;
};

/** Fires a request from a control: bubbling and composed so it leaves the control's shadow root. */
export function fireRequest<K extends keyof S72RequestEventDetail>(
  from: EventTarget,
  type: K,
  ...detail: S72RequestEventDetail[K] extends void ? [] : [S72RequestEventDetail[K]]
): void {
  from.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail: detail[0] }));
}

declare global {
  /** Our events on every element's `addEventListener` (they bubble and are composed). */
  interface HTMLElementEventMap {
    's72-error': CustomEvent<S72Error>;
    's72-loaded': CustomEvent<{ engine: string }>;
    's72-buffering-change': CustomEvent<{ buffering: boolean }>;
    's72-autoplay-muted': CustomEvent<{ muted: true; reason: 'autoplay-policy' }>;
    's72-tracks-change': CustomEvent<S72Tracks>;
    's72-play-request': CustomEvent<void>;
    's72-pause-request': CustomEvent<void>;
    's72-seek-request': CustomEvent<number>;
    's72-mute-request': CustomEvent<boolean>;
    's72-volume-request': CustomEvent<number>;
    's72-fullscreen-request': CustomEvent<boolean>;
  }
}
