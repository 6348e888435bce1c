/**
 * Media time formatting (player-and-client §9 "Controls": "Time shows an hours format at 3600 s or
 * more"). Framework-free.
 */

/**
 * Formats a position in seconds as `m:ss`, or `h:mm:ss` when `reference` (usually the duration) is
 * 3600 s or more. Non-finite or negative input formats as `0:00`.
 */
export function formatTime(seconds: number, reference: number = seconds): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const secs = safe % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (hours > 0 || (Number.isFinite(reference) && reference >= 3600)) {
    return `${hours}:${pad(minutes)}:${pad(secs)}`;
  }
  return `${minutes}:${pad(secs)}`;
}

/** Spoken form for `aria-valuetext`, e.g. "1 minute 5 seconds". */
export function spokenTime(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const parts: string[] = [];
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const secs = safe % 60;
  if (hours) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (minutes) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (secs || parts.length === 0) parts.push(`${secs} ${secs === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}

/** Clamps `value` into `[min, max]` (player-and-client §5: seeks and slider values are clamped). */
export function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(value, min), Math.max(min, max));
}
