/**
 * The one implementation of time texts (framework-free): clock times for the control bar, the
 * resume prompt and the countdown, and the pieces `Translator.spokenTime` and `formatCountdown`
 * put into words.
 *
 * Clock times (`m:ss`, `h:mm:ss`, `hh:mm:ss`) are written with Latin digits and colons in every
 * language: they are what media players, timecodes and the burnt-in demo timecode show, read the
 * same left to right inside Arabic text (a run of digits and colons keeps its order under the
 * Unicode bidi algorithm), and keep a fixed width as they tick. Counts inside sentences ("3
 * attempts left") are Latin digits too, for the same consistency.
 */

/** A whole, non-negative number of seconds split into units (each field a whole number). */
export interface TimeParts {
  days: number;
  hours: number;
  /** Hours including whole days (for clocks without a day field). */
  totalHours: number;
  minutes: number;
  seconds: number;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** Whole seconds of `seconds`, floored; non-finite or negative input reads as 0. */
export function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

/** Splits `seconds` (floored, negatives and non-finite read as 0) into days, hours, minutes and seconds. */
export function splitSeconds(seconds: number): TimeParts {
  const total = wholeSeconds(seconds);
  const totalHours = Math.floor(total / 3600);
  return {
    days: Math.floor(total / 86_400),
    hours: totalHours % 24,
    totalHours,
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

// player-and-client §9 "Controls"
/**
 * The control bar's clock ("Time shows an hours format at 3600 s
 * or more"): `m:ss`, or `h:mm:ss` when the position or `reference` (usually the duration) is
 * 3600 s or more. Seconds floored; non-finite or negative input formats as `0:00`.
 */
export function formatTime(seconds: number, reference: number = seconds): string {
  const { totalHours, minutes, seconds: secs } = splitSeconds(seconds);
  if (totalHours > 0 || (Number.isFinite(reference) && reference >= 3600)) return `${totalHours}:${pad2(minutes)}:${pad2(secs)}`;
  return `${minutes}:${pad2(secs)}`;
}

// play-page §5 "Resume"
/** The resume prompt's position: `mm:ss`, or `h:mm:ss` from one hour. Seconds floored. */
export function formatPosition(seconds: number): string {
  const { totalHours, minutes, seconds: secs } = splitSeconds(seconds);
  return totalHours > 0 ? `${totalHours}:${pad2(minutes)}:${pad2(secs)}` : `${pad2(minutes)}:${pad2(secs)}`;
}

// play-page §2 "coming-soon countdown"
/**
 * A countdown's remaining time, rounded up to the second:
 * whole days, and the rest as `hh:mm:ss`. Put into words by `formatCountdown` (index.ts).
 */
export function countdownParts(remainingMs: number): { days: number; clock: string } {
  const total = Number.isFinite(remainingMs) && remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
  const { days, hours, minutes, seconds } = splitSeconds(total);
  return { days, clock: `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}` };
}
