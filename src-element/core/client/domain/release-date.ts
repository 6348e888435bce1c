// player-and-client §5; §3 "Film metadata: release_date (ISO string)"
/**
 * `release_date` validation ("release_date is accepted only as an exact ISO
 * timestamp string"). Pure, framework-free.
 *
 * Accepted: `YYYY-MM-DDTHH:mm:ss` with optional fraction of a second, then `Z` or `±HH:mm`, e.g.
 * `2024-05-01T00:00:00Z`, `2024-05-01T00:00:00.000Z`, `2024-05-01T02:00:00+02:00`.
 * Rejected: date-only (`2024-05-01`), no seconds (`2024-05-01T00:00Z`), no zone
 * (`2024-05-01T00:00:00`), lower-case `t`/`z`, other formats (`May 1 2024`), non-strings (numbers,
 * `Date`s), and impossible dates or times (`2024-02-30T…`, `…T24:00:00Z`).
 */
import { S72Error } from '../../errors.js';

const RELEASE_DATE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/**
 * Parses a `release_date`.
 *
 * @param value - anything read from the wire.
 * @returns epoch ms (fractions beyond milliseconds are truncated), or `null` when `value` is not an
 *   exact ISO timestamp string. Never throws.
 */
export function parseReleaseDate(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = RELEASE_DATE.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number, number, number, number, number, number,
  ];
  const ms = m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, ms);
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  let offsetMin = 0;
  if (!m[8]) {
    const offH = Number(m[10]);
    const offM = Number(m[11]);
    if (offH > 23 || offM > 59) return null;
    offsetMin = (m[9] === '-' ? -1 : 1) * (offH * 60 + offM);
  }
  return utc.getTime() - offsetMin * 60_000;
}

/** True when `value` is an exact ISO timestamp string (see {@link parseReleaseDate}). */
export function isReleaseDate(value: unknown): value is string {
  return parseReleaseDate(value) !== null;
}

/**
 * Parses a `release_date` that must be valid.
 *
 * @returns epoch ms.
 * @throws {S72Error} `malformed_response` (category `client`, recoverable) naming the bad value in
 *   `data.releaseDate` when it is not an exact ISO timestamp string.
 */
export function requireReleaseDate(value: unknown): number {
  const ms = parseReleaseDate(value);
  if (ms === null) {
    throw new S72Error('malformed_response', 'release_date must be an exact ISO timestamp string', {
      category: 'client',
      severity: 'recoverable',
      data: { releaseDate: typeof value === 'string' ? value : String(value) },
    });
  }
  return ms;
}
