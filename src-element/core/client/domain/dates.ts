// DESIGN.md "Units"
/**
 * Reading dates from the wire (dates on the wire are ISO 8601 strings; in code,
 * epoch ms). Pure, framework-free.
 *
 * Two strengths:
 * - {@link readWireDate}: the lenient reader for availability windows, library info, plans and
 *   playback progress. Accepts an ISO date (`2024-05-01`, read as UTC midnight) or an ISO
 *   date-time with an optional offset (`2024-05-01T10:00:00Z`, `2024-05-01T12:00:00+02:00`); a
 *   date-time without an offset is read as local time, as `Date.parse` does.
 * - `parseReleaseDate` (release-date.ts): the strict one.
 */

/** What a wire date field holds: epoch ms, `null` when absent (an open bound), or `'invalid'`. */
export type WireDate = number | null | 'invalid';

const ISO_LIKE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * Reads an optional wire date.
 *
 * @param value - an ISO 8601 string, or `null`/`undefined`/`''` for "absent".
 * @returns epoch ms; `null` when absent; `'invalid'` for anything else (a non-string, an unparsable
 *   or impossible date such as `2024-02-30`). Never throws.
 */
export function readWireDate(value: unknown): WireDate {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return 'invalid';
  const text = value.trim();
  if (!ISO_LIKE.test(text)) return 'invalid';
  const ms = Date.parse(text.replace(' ', 'T'));
  if (!Number.isFinite(ms)) return 'invalid';
  // Date.parse rolls 2024-02-30 over to March; reject dates whose calendar day did not survive.
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return 'invalid';
  return ms;
}

/**
 * Reads a wire date that must be present and valid.
 *
 * @returns epoch ms, or `null` when absent or invalid. Never throws.
 */
export function readRequiredDate(value: unknown): number | null {
  const ms = readWireDate(value);
  return typeof ms === 'number' ? ms : null;
}
