// DESIGN.md "Inside the player"; player-and-client §2 "Player surfaces", §3 "User preferences", §4 "End screen", §9 "Controls"
/**
 * What the player's surfaces show beyond the media itself:
 * whether the controls are up, a menu is open, debug mode is on, the end screen shows, the big play
 * button shows, the viewer's subtitle preferences, the end screen's suggestions and the stats
 * overlay's samples. Controllers (idle, big play, preferences, end screen, stats) write it through
 * `PlayerStore.setUi()`; the request map writes the parts a viewer asks for (menus, preferences,
 * debug). Framework-free (core layer).
 *
 * Units: positions and durations in seconds; times in epoch ms (`atMs`); bit rates in bits per second.
 */

import type { S72MediaInformation } from '../media-information.js';
import type { TextTrackChoice } from './text-track-choice.js';
import type { AdView } from '../ads/ad-view.js';
import { INITIAL_CAST_STATE, type CastState } from '../cast/cast-state.js';

// play-page §1, §2 `airplay`
/** AirPlay: a target is available (and AirPlay not disabled), playback is on one. */
export interface AirPlayState {
  readonly available: boolean;
  readonly active: boolean;
}

// player-and-client §3 "User preferences"
/** Subtitle text colour. */
export type SubtitleTextColor = 'white' | 'yellow';
// player-and-client §3 "User preferences"
/** Subtitle background. */
export type SubtitleBackground = 'none' | 'black' | 'transparent-panel';
// player-and-client §3 "User preferences"
/** Subtitle text size. */
export type SubtitleTextSize = 'sm' | 'md' | 'lg';

/** The viewer's subtitle preferences, saved in localStorage under `PREFERENCES_STORAGE_KEY`. */
export interface SubtitlePreferences {
  readonly subtitleTextColor: SubtitleTextColor;
  readonly subtitleBackground: SubtitleBackground;
  readonly subtitleTextSize: SubtitleTextSize;
}

/** Every allowed value of each preference, in menu order (the first is the default). */
export const SUBTITLE_PREFERENCE_VALUES = Object.freeze({
  subtitleTextColor: Object.freeze(['white', 'yellow'] as const),
  subtitleBackground: Object.freeze(['none', 'black', 'transparent-panel'] as const),
  subtitleTextSize: Object.freeze(['md', 'sm', 'lg'] as const),
});

export const DEFAULT_SUBTITLE_PREFERENCES: SubtitlePreferences = Object.freeze({
  subtitleTextColor: 'white',
  subtitleBackground: 'none',
  subtitleTextSize: 'md',
});

// player-and-client §3
/** The one localStorage key the player's preferences live under. */
export const PREFERENCES_STORAGE_KEY = 's72-player:preferences';

/**
 * Keeps the valid fields of `value` (an untrusted object: localStorage, a request's detail); an
 * unknown field or value is dropped, never thrown.
 */
export function validSubtitlePreferences(value: unknown): Partial<SubtitlePreferences> {
  if (typeof value !== 'object' || value === null) return {};
  const result: Partial<Record<keyof SubtitlePreferences, string>> = {};
  for (const key of Object.keys(SUBTITLE_PREFERENCE_VALUES) as (keyof SubtitlePreferences)[]) {
    const candidate = (value as Record<string, unknown>)[key];
    if ((SUBTITLE_PREFERENCE_VALUES[key] as readonly unknown[]).includes(candidate)) result[key] = candidate as string;
  }
  return result as Partial<SubtitlePreferences>;
}

// player-and-client §7
/** Where an end-screen suggestion comes from: `details.source` of `custom:end-screen-video-clicked`. */
export type S72SuggestionSource = 'next-episode' | 'continue-watching' | 'recommendation';

// player-and-client §2 "End screen with Up next"
/**
 * One end-screen suggestion. The page builds them
 * with the client's suggestion rules (`buildSuggestions`, only items the viewer can watch now); the
 * first one is the main suggestion, up to 3 more follow. Catalogue text, rendered as text.
 */
export interface S72Suggestion {
  /** Content slug, e.g. `/tv/the-firm/season/1/episode/3`. */
  slug: string;
  title: string;
  /** A second line, e.g. "Season 1 · Episode 3". */
  subtitle?: string;
  /** Landscape image URL. */
  image?: string;
  source: S72SuggestionSource;
  /** Where a click goes when the page does not handle `s72-end-screen-click` (same origin only). */
  href?: string;
}

// player-and-client §4 "Playback states in the stats overlay"
/** Playback state as the stats overlay names it. */
export type StatsPlaybackState = 'seeking' | 'ended' | 'not loaded' | 'loading' | 'paused' | 'playing';

// player-and-client §9 "graph spans 120 s"
/** One sample of the stats overlay's graph. */
export interface StatsSample {
  /** Epoch ms. */
  readonly atMs: number;
  /** Estimated bandwidth, bits per second. */
  readonly estimatedBandwidth: number;
  /** Seconds buffered ahead of the playhead. */
  readonly bufferAheadS: number;
  /** Bit rate of the variant playing, bits per second. */
  readonly streamBandwidth: number;
}

// player-and-client §2 "debug statistics overlay"
/** What the stats overlay shows, refreshed every 0.5 s. */
export interface StatsView {
  readonly state: StatsPlaybackState;
  /** Decoded picture size, pixels (0 before the first frame). */
  readonly width: number;
  readonly height: number;
  /** Bits per second of the variant playing. */
  readonly streamBandwidth: number;
  /** Bits per second, the ABR estimate. */
  readonly estimatedBandwidth: number;
  /** Seconds buffered ahead of the playhead. */
  readonly bufferAheadS: number;
  readonly droppedFrames: number;
  readonly decodedFrames: number;
  /** Engine name and version, e.g. `shaka 5.2.1`. */
  readonly engine: string;
  /** The last 120 s of samples, oldest first. */
  readonly history: readonly StatsSample[];
}

/** The surfaces' state (a `StateOwners.ui` owner); every field has a default. */
export interface PlayerUi {
  /** Controls and title bar shown (idle controller: hidden 3000 ms after the last interaction). */
  controlsVisible: boolean;
  /** A settings menu (or another popover) is open: the controls stay up. */
  menuOpen: boolean;
  /** Debug mode: the stats overlay shows (5 clicks on the version label, for anyone). */
  debug: boolean;
  // player-and-client §2 "Big play button"
  /** The big play button shows. */
  bigPlay: boolean;
  // player-and-client §4 "End screen"
  /** The end screen shows. */
  endScreen: boolean;
  subtitlePreferences: SubtitlePreferences;
  /** The end screen's suggestions, main one first (the element's `suggestions` property). */
  suggestions: readonly S72Suggestion[];
  /** The stats overlay's view, or null while debug mode is off. */
  stats: StatsView | null;
  // player-and-client §9 "double-tap … the seek icon shows 500 ms"
  /**
   * The touch seek indicator: the
   * seconds the current burst of taps moved (negative: back), or null when hidden.
   */
  seekIndicator: { seconds: number } | null;
  /** The viewer's last subtitle choice (a track's language and kind, or `'off'`), or null: none yet (preferences controller). */
  textTrackChoice: TextTrackChoice | null;
  // player-and-client §3 "Cast state"
  /** The cast state (the cast controller). */
  cast: CastState;
  /** AirPlay availability and use (the AirPlay controller). */
  airplay: AirPlayState;
  // player-and-client §4 "Ad break"
  /** The ads overlay's view while an ad break runs, else null (ads controller). */
  ad: AdView | null;
  // issue 22 item 13
  /** The "Tap to unmute" button shows: autoplay started muted (unmute-cue controller). */
  unmuteCue: boolean;
  /** The content is a playlist's ad item (`content.playbackMode: 'ad'`; ads controller): no seeking, an "Ad" label. */
  adItem: boolean;
  // player-and-client §2 "Optional media-information lookup per content slug"
  /** The page's lookup's answer for the content's slug, or null (media-information controller). */
  mediaInformation: S72MediaInformation | null;
}

export const DEFAULT_PLAYER_UI: Readonly<PlayerUi> = Object.freeze({
  controlsVisible: true,
  menuOpen: false,
  debug: false,
  bigPlay: false,
  endScreen: false,
  subtitlePreferences: DEFAULT_SUBTITLE_PREFERENCES,
  suggestions: Object.freeze([]) as readonly S72Suggestion[],
  stats: null,
  seekIndicator: null,
  textTrackChoice: null,
  cast: INITIAL_CAST_STATE,
  airplay: Object.freeze({ available: false, active: false }),
  ad: null,
  unmuteCue: false,
  adItem: false,
  mediaInformation: null,
});
