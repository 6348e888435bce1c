// DESIGN.md "Inside the player"; §7.3
/**
 * The request map (STYLE.md §2 media-chrome `request-map.ts`): one handler per `s72-*-request` event. The controls only *ask* (they fire a bubbling,
 * composed request event); the player routes the event here; the handler acts on the media or the
 * engine; the store changes only when the media confirms (player-store.ts is not optimistic).
 *
 * Framework-free. Units: positions in seconds, volume 0..1.
 */
import { clamp } from './format-time.js';
import { hasDuration, seekMedia } from './media-seek.js';
import { liveEdgeSeekTarget } from './live/live-edge.js';
import type { PlayerState, StateOwners } from './player-store.js';
import { captionsToggleTarget } from './ui/text-track-choice.js';
import { validSubtitlePreferences, type PlayerUi, type SubtitlePreferences } from './ui/ui-state.js';
import { isCastCommand, type S72CastCommand } from './cast/cast-commands.js';

/** The frame step of comma and period while paused, seconds (0.04 s). */
export const FRAME_STEP_S = 0.04;

// player-and-client §2 "Control bar and seek bar", §5, §9
/** The detail of each request event. */
export interface S72RequestEventDetail {
  // player-and-client §5
  /** Start playback (acts only once loaded). */
  's72-play-request': void;
  's72-pause-request': void;
  // player-and-client §5
  /** Target position, seconds; clamped to the seekable range. */
  's72-seek-request': number;
  /** `true` to mute, `false` to unmute. */
  's72-mute-request': boolean;
  /** Volume 0..1; clamped; a volume above 0 unmutes. */
  's72-volume-request': number;
  /** `true` to enter fullscreen, `false` to leave it. */
  's72-fullscreen-request': boolean;
  // play-page §2 `rates`
  /** Playback rate, 1 = normal speed; one of `PLAYBACK_RATES`. */
  's72-rate-request': number;
  /** Live only: seek to the live edge (the end of the DVR window, `core/live/live-edge.ts`). */
  's72-seek-to-live-request': void;
  // player-and-client §3 "Tracks"
  /** Audio track id from `tracks.audio`; unknown ids are ignored. */
  's72-audio-track-request': string;
  /** Text track id from `tracks.text`, or `null` for subtitles off. */
  's72-text-track-request': string | null;
  // player-and-client §9
  /**
   * Captions on/off (the `C` key): off when a text track shows, otherwise the
   * viewer's remembered track (`textTrackChoice`), else the first one.
   */
  's72-captions-toggle-request': void;
  /** Video track id from `tracks.video` (pins the quality), or `null` for Auto (ABR). */
  's72-quality-request': string | null;
  // player-and-client §3 "User preferences"
  /** Changes some subtitle preferences; invalid values are dropped. */
  's72-preferences-request': Partial<SubtitlePreferences>;
  // player-and-client §9
  /** One frame forward (`1`) or back (`-1`), `FRAME_STEP_S`, only while paused. */
  's72-frame-step-request': 1 | -1;
  // player-and-client §2
  /** Turns debug mode (the stats overlay) on (`true`) or off. */
  's72-debug-request': boolean;
  /** A menu or popover opened (`true`) or closed: the controls stay up while one is open. */
  's72-menu-request': boolean;
  // player-and-client §4 "hidden on close"
  /** The viewer closed the end screen. */
  's72-end-screen-close-request': void;
  // player-and-client §7 "Cast controller operations"
  /** A cast operation; malformed commands are ignored. */
  's72-cast-request': S72CastCommand;
  /** Opens the AirPlay target picker (`webkitShowPlaybackTargetPicker`). */
  's72-airplay-request': void;
}

// play-page §2 `rates=true`
/** The rates the playback-rate menu offers. */
export const PLAYBACK_RATES: readonly number[] = Object.freeze([0.5, 0.75, 1, 1.25, 1.5, 2]);
export type S72RequestEventName = keyof S72RequestEventDetail;

/** What a handler may use: the owners, the last confirmed state, and the host's own actions. */
export interface RequestContext {
  readonly owners: Readonly<StateOwners>;
  readonly state: PlayerState;
  // player-and-client §4
  /** Starts playback through the playback-start logic (counts failures; acts once the source has a duration). */
  play(): Promise<void>;
  /** Pauses through the playback-start logic (acts once the source has a duration); default: the media's pause(). */
  pause?(): void;
  /** Enters (`true`) or leaves (`false`) fullscreen. */
  setFullscreen(enter: boolean): void;
  /** Changes the surfaces' state (`PlayerStore.setUi`). */
  setUi(ui: Partial<PlayerUi>): void;
  /** The cast controller, when the host has one. */
  cast?(command: S72CastCommand): void;
  /** The AirPlay picker, when the host has one. */
  airplay?(): void;
}

export type RequestHandler<K extends S72RequestEventName> = (context: RequestContext, detail: S72RequestEventDetail[K]) => void;

/** One handler per request. Handlers never throw: bad details are ignored. */
export const REQUEST_MAP: { readonly [K in S72RequestEventName]: RequestHandler<K> } = {
  // player-and-client §5: play and pause act only when the content is loaded with a duration.
  // The host's play() waits for the duration when the source is loaded without one yet.
  's72-play-request': ({ state, play }) => {
    if (!state.loaded) return;
    play().catch(() => undefined); // refusals are counted (and reported) by the playback-start logic
  },
  's72-pause-request': ({ owners, pause }) => {
    if (pause) pause();
    else if (hasDuration(owners.media)) owners.media!.pause();
  },
  's72-seek-request': ({ owners, state }, seconds) => {
    const media = owners.media;
    if (!media || !state.canSeek || typeof seconds !== 'number' || Number.isNaN(seconds)) return;
    const { start, end } = state.seekable;
    // Before the duration is known the range is {0, 0}: only the lower bound applies then.
    seekMedia(media, clamp(seconds, start, end > start ? end : seconds));
  },
  's72-mute-request': ({ owners }, muted) => {
    if (owners.media) owners.media.muted = Boolean(muted);
  },
  's72-volume-request': ({ owners }, volume) => {
    const media = owners.media;
    if (!media || typeof volume !== 'number' || Number.isNaN(volume)) return;
    media.volume = clamp(volume, 0, 1);
    if (volume > 0 && media.muted) media.muted = false;
  },
  's72-fullscreen-request': ({ setFullscreen }, enter) => {
    setFullscreen(Boolean(enter));
  },
  's72-rate-request': ({ owners, state }, rate) => {
    if (!owners.media || !state.rateMenu || !PLAYBACK_RATES.includes(rate)) return;
    // The default rate too: it is what the store reads while the engine holds the rate at 0.
    owners.media.defaultPlaybackRate = rate;
    owners.media.playbackRate = rate;
    owners.engine?.setPlaybackRate?.(rate);
  },
  's72-seek-to-live-request': ({ owners, state }) => {
    if (!owners.media || !state.canSeek || !state.live) return;
    seekMedia(owners.media, liveEdgeSeekTarget(state.seekable));
  },
  's72-audio-track-request': ({ owners, state }, id) => {
    if (typeof id !== 'string' || !state.tracks.audio.some((track) => track.id === id)) return;
    owners.engine?.selectAudioTrack(id);
  },
  's72-text-track-request': ({ owners, state }, id) => {
    if (id !== null && (typeof id !== 'string' || !state.tracks.text.some((track) => track.id === id))) return;
    owners.engine?.selectTextTrack(id);
  },
  's72-captions-toggle-request': ({ owners, state }) => {
    if (state.tracks.text.length === 0) return;
    owners.engine?.selectTextTrack(captionsToggleTarget(state.tracks.text, state.textTrackChoice));
  },
  's72-quality-request': ({ owners, state }, id) => {
    if (id !== null && (typeof id !== 'string' || !state.tracks.video.some((track) => track.id === id))) return;
    owners.engine?.selectVideoTrack(id);
  },
  's72-preferences-request': ({ state, setUi }, preferences) => {
    const valid = validSubtitlePreferences(preferences);
    if (Object.keys(valid).length === 0) return;
    setUi({ subtitlePreferences: { ...state.subtitlePreferences, ...valid } });
  },
  's72-frame-step-request': ({ owners, state }, direction) => {
    const media = owners.media;
    if (!media || !state.loaded || !media.paused || !state.canSeek || (direction !== 1 && direction !== -1)) return;
    const { start, end } = state.seekable;
    media.currentTime = clamp(media.currentTime + direction * FRAME_STEP_S, start, end > start ? end : media.currentTime);
  },
  's72-debug-request': ({ setUi }, on) => {
    setUi({ debug: Boolean(on) });
  },
  's72-menu-request': ({ setUi }, open) => {
    setUi({ menuOpen: Boolean(open) });
  },
  's72-end-screen-close-request': ({ setUi }) => {
    setUi({ endScreen: false });
  },
  's72-cast-request': ({ cast }, command) => {
    if (isCastCommand(command)) cast?.(command);
  },
  's72-airplay-request': ({ airplay }) => {
    airplay?.();
  },
};

/** The request event names, in table order. */
export const REQUEST_EVENT_NAMES = Object.keys(REQUEST_MAP) as S72RequestEventName[];

/** Routes one request to its handler; unknown types are ignored. Returns true when handled. */
export function handleRequest(context: RequestContext, type: string, detail: unknown): boolean {
  if (!Object.hasOwn(REQUEST_MAP, type)) return false;
  const handler = REQUEST_MAP[type as S72RequestEventName] as RequestHandler<S72RequestEventName>;
  handler(context, detail as never);
  return true;
}
