// player-and-client §3 "User account"
/**
 * Age of the viewer ("Age is computed from dob and is never
 * negative"). Pure, framework-free; `now` is injected.
 */
import { differenceInYears, isValid, parseISO } from 'date-fns';

/**
 * Whole years between `dob` and `now`.
 *
 * Counted in the viewer's local calendar (date-fns `differenceInYears`): a date-only `dob` such as
 * `1990-05-01` is read as local midnight, so the birthday starts at local midnight.
 *
 * @param dob - date of birth, an ISO 8601 date (`1990-05-01`) or date-time string, as on the wire.
 * @param now - the current time, epoch ms.
 * @returns the age in whole years, `0` when `dob` is in the future (never negative), or `null` when
 *   `dob` is missing, not a string or not a valid ISO date, or `now` is not a finite number. Never throws.
 */
export function ageFromDob(dob: unknown, now: number): number | null {
  if (typeof dob !== 'string' || dob.trim() === '' || !Number.isFinite(now)) return null;
  const born = parseISO(dob.trim());
  if (!isValid(born)) return null;
  return Math.max(0, differenceInYears(new Date(now), born));
}
