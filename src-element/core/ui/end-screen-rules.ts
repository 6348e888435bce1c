// player-and-client §4 "End screen"; play-page §9 "End screen timing default 20"
/**
 * When the end screen ("Up next") is due ("shows when the last
 * playlist item is within a timing window of the end (at least 1 s; for videos under 60 s, within
 * 1 s), after a 250 ms delay. It is hidden on close or on a content change, and appears 2 s after
 * mount"). Pure, framework-free (core layer); the
 * end-screen controller (`controllers/end-screen-controller.ts`) owns the timers.
 *
 * "The last playlist item": the player does not know the page's playlist, so the page says it by
 * giving `suggestions` only while the last item plays (the play page passes none for earlier
 * items); no suggestions, no end screen.
 *
 * Units: positions and durations in seconds; delays in ms.
 */

// player-and-client §4
/** The end screen shows this long after its rule first holds. */
export const END_SCREEN_DELAY_MS = 250;
// player-and-client §4
/** It never shows sooner than this after the player is mounted. */
export const END_SCREEN_MOUNT_DELAY_MS = 2_000;
// player-and-client §4
/** Videos shorter than this use the 1-s window, seconds. */
export const END_SCREEN_SHORT_VIDEO_S = 60;
/** The smallest window, and the window of short videos, seconds. */
export const END_SCREEN_MIN_WINDOW_S = 1;
/**
 * How far below 60 s a duration may be and still count as a 60-s video, seconds: Media Source
 * reports the demo's 60-s title as 59.999999 s (measured in Chromium), which is not "under 60 s".
 */
export const END_SCREEN_DURATION_TOLERANCE_S = 0.01;

/**
 * The window before the end in which the end screen is due, seconds: `max(1, timingS)` for a video
 * of 60 s or more (within {@link END_SCREEN_DURATION_TOLERANCE_S}), 1 s for a shorter one. A
 * `timingS` that is not a finite number counts as 1.
 */
export function endScreenWindowS(durationS: number, timingS: number): number {
  if (durationS < END_SCREEN_SHORT_VIDEO_S - END_SCREEN_DURATION_TOLERANCE_S) return END_SCREEN_MIN_WINDOW_S;
  return Number.isFinite(timingS) ? Math.max(END_SCREEN_MIN_WINDOW_S, timingS) : END_SCREEN_MIN_WINDOW_S;
}

/** What the rule reads (store rows and the controller's own `closed`). */
export interface EndScreenInput {
  /** The engine loaded the source. */
  loaded: boolean;
  /** A live source (never an end screen). */
  live: boolean;
  /** `config.endScreen.enabled` (absent counts as true; only `false` turns it off). */
  enabled: boolean | undefined;
  /** How many suggestions the page gave (0: not the last playlist item, or nothing to suggest). */
  suggestions: number;
  /** Position, seconds. */
  currentTime: number;
  /** Duration, seconds (NaN until known, Infinity on live). */
  duration: number;
  /** Playback reached the end. */
  ended: boolean;
  /** The configured window, seconds (the store's `endScreenTimingS`, default 20). */
  timingS: number;
  /** The viewer closed the end screen for this item (it stays closed, even back in the window). */
  closed: boolean;
}

/**
 * True when the end screen should show (after {@link END_SCREEN_DELAY_MS}, and not before
 * {@link END_SCREEN_MOUNT_DELAY_MS} after mount): loaded, not live, enabled, with suggestions, not
 * closed, and either ended or within {@link endScreenWindowS} of the end.
 */
export function endScreenDue(input: EndScreenInput): boolean {
  if (!input.loaded || input.live || input.enabled === false || input.suggestions <= 0 || input.closed) return false;
  if (input.ended) return true;
  const { duration, currentTime } = input;
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(currentTime)) return false;
  return duration - currentTime <= endScreenWindowS(duration, input.timingS);
}

// issue 23: the end screen's code is fetched on demand, a while before it can show.
/** Seconds before the end screen's window opens when its code starts downloading. */
export const END_SCREEN_PRELOAD_LEAD_S = 30;

/**
 * Whether the end screen's code should be fetched now: it could show within
 * {@link END_SCREEN_PRELOAD_LEAD_S} (the same rule as {@link endScreenDue}, with a wider window).
 */
export function endScreenSoon(input: EndScreenInput): boolean {
  if (endScreenDue(input)) return true;
  if (!input.loaded || input.live || input.enabled === false || input.suggestions <= 0 || input.closed) return false;
  const { duration, currentTime } = input;
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(currentTime)) return false;
  return duration - currentTime <= endScreenWindowS(duration, input.timingS) + END_SCREEN_PRELOAD_LEAD_S;
}
