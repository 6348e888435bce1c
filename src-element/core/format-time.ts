// player-and-client §9 "Controls"
/**
 * Media time helpers for the element. Framework-free.
 *
 * The time texts themselves live in one place, `core/i18n/` (`time.ts` for clock times, the
 * translator for words); this module keeps the element's historical entry points. Clock times
 * stay Latin digits (`m:ss`, `h:mm:ss`) in every language (see `core/i18n/time.ts`).
 */
import { createTranslator } from './i18n/index.js';

export { formatTime } from './i18n/time.js';

/**
 * Spoken form for `aria-valuetext`, in English, e.g. "1 minute 5 seconds". For the page's language
 * use `createTranslator(locale).spokenTime(seconds)`.
 */
export function spokenTime(seconds: number): string {
  return createTranslator('en').spokenTime(seconds);
}

// player-and-client §5
/** Clamps `value` into `[min, max]` (seeks and slider values are clamped). */
export function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(value, min), Math.max(min, max));
}
