// player-and-client §3 "Availability", §6 "requires_pin_code"
/**
 * Availability rules: the window of
 * an availability, tvod statuses, a bundle's tvod and PIN inheritance. Pure; `now` is injected.
 *
 * Wire shape (`GET /services/content/v1/availabilities`, compatible with `Availability` in
 * schemas.ts): `{slug, from, to, tvod, plan_ids, requires_pin_code, …}` — `from`/`to` are ISO
 * strings or `null` (open bounds). In code, epoch ms.
 */
import { listOf } from './arrays.js';
import { readWireDate } from './dates.js';

/** An availability, as on the wire. Only the fields the rules read; every field but `slug` optional. */
export interface AvailabilityInput {
  slug: string;
  /** ISO date-time; `null`/absent = available since always. */
  from?: string | null;
  /** ISO date-time; `null`/absent = never expires. */
  to?: string | null;
  /** `available`, `geoblocked` or `unavailable`; anything else reads as `unavailable`. */
  tvod?: string | null;
  /** Plans that include the item (numbers or strings; compared as strings). */
  plan_ids?: readonly (string | number)[] | null;
  requires_pin_code?: boolean | null;
}

/** "In the player, availability has a window (present, future or expired)". */
export type AvailabilityWindow = 'present' | 'future' | 'expired';

/** "tvod is one of available, geoblocked, unavailable". */
export type TvodStatus = 'available' | 'geoblocked' | 'unavailable';

/**
 * The window of an availability at `now`: `future` when `from > now` (coming soon), `expired` when
 * `to <= now`, otherwise `present`. Open bounds never limit.
 *
 * @returns the window, or `null` when `from` or `to` is present but not a valid ISO date (or the
 *   input is not an object). Never throws.
 */
export function availabilityWindow(
  availability: Pick<AvailabilityInput, 'from' | 'to'> | null | undefined,
  now: number,
): AvailabilityWindow | null {
  if (!availability || typeof availability !== 'object') return null;
  const from = readWireDate(availability.from);
  const to = readWireDate(availability.to);
  if (from === 'invalid' || to === 'invalid') return null;
  if (from !== null && from > now) return 'future';
  if (to !== null && to <= now) return 'expired';
  return 'present';
}

/** Normalises a wire tvod value; unknown or missing values are `unavailable`. */
export function tvodOf(value: unknown): TvodStatus {
  return value === 'available' || value === 'geoblocked' ? value : 'unavailable';
}

// §3
/**
 * A bundle's tvod: `available` if any item is available, `geoblocked` if all items are
 * geoblocked, otherwise `unavailable` — also `unavailable` with no items.
 *
 * @param items - the bundle items' availabilities (only `tvod` is read); `null` entries count as unavailable.
 */
export function bundleTvod(items: readonly ({ tvod?: string | null } | null | undefined)[] | null | undefined): TvodStatus {
  const statuses = listOf(items).map((item) => tvodOf(item?.tvod));
  if (statuses.includes('available')) return 'available';
  if (statuses.length > 0 && statuses.every((s) => s === 'geoblocked')) return 'geoblocked';
  return 'unavailable';
}

// §6
/**
 * `requires_pin_code` with inheritance ("for bundles and seasons, inherited if any child needs
 * it"): true when the item's own flag is true or any child's is.
 *
 * @param own - the bundle's or season's own availability (or `null` when it has none).
 * @param children - its items' (bundle) or episodes' and bonuses' (season) availabilities.
 */
export function requiresPinCode(
  own: { requires_pin_code?: boolean | null } | null | undefined,
  children: readonly ({ requires_pin_code?: boolean | null } | null | undefined)[] = [],
): boolean {
  return own?.requires_pin_code === true || listOf(children).some((c) => c?.requires_pin_code === true);
}
