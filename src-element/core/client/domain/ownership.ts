// player-and-client §3 "Library item", §4 "Ownership"
/**
 * Ownership of a library entry. Pure.
 */

// §4 "Ownership: buy, rent or plan"
/** How the viewer holds an item: through a plan, a rental, or a purchase. */
export type Ownership = 'buy' | 'rent' | 'plan';

/** The `info` fields of a library item that decide ownership (wire shape; dates are ISO strings). */
export interface OwnershipInfoInput {
  plan_id?: string | number | null;
  expiry?: string | null;
}

/** True when a wire field counts as present: not `null`, `undefined` or `''`. */
export function isPresent(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

// §3
/**
 * Ownership of a library item: `plan` if `info.plan_id` is present, `rent` if `info.expiry`
 * is present, otherwise `buy`. Presence only: an unparsable `expiry` still means `rent`.
 *
 * @param info - the library item's `info`; `null`/`undefined` gives `buy`. Never throws.
 */
export function ownershipOf(info: OwnershipInfoInput | null | undefined): Ownership {
  if (!info || typeof info !== 'object') return 'buy';
  if (isPresent(info.plan_id)) return 'plan';
  if (isPresent(info.expiry)) return 'rent';
  return 'buy';
}
