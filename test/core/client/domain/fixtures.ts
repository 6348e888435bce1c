/** Dated fixtures for the domain tests, all relative to one fixed `now`. */
export const now = Date.parse('2026-06-15T12:00:00Z');
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** ISO string of `now + offsetMs`. */
export function at(offsetMs: number): string {
  return new Date(now + offsetMs).toISOString();
}

/** ISO string `n` days before `now`. */
export function daysAgo(n: number): string {
  return at(-n * DAY);
}

/** ISO string `n` days after `now`. */
export function daysAhead(n: number): string {
  return at(n * DAY);
}
