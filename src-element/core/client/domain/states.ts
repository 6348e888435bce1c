// player-and-client §4 "Ownership"; DESIGN.md "Units"
/**
 * Time states of an entitled item. Pure; `now` is injected.
 *
 * Works on epoch ms; convert wire strings first (`toLibraryEntry` in
 * library.ts does it for library items, `availabilityWindow` in availability.ts for availabilities).
 * `null`/`undefined` bounds are open: no `availableFrom` means "since always", no `expiry` "never".
 */

/** The time bounds of an entitlement or window, epoch ms; `null`/`undefined` is an open bound. */
export interface TimeBounds {
  /** Start of availability (wire `available_from`), epoch ms. */
  availableFrom?: number | null;
  /** End of availability (wire `expiry`), epoch ms. */
  expiry?: number | null;
}

function isTime(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * "A rental is expired once its expiry is past" — true when `expiry <= now`.
 * An open `expiry` never expires. Works for any entry with an expiry (rentals, plans).
 */
export function isRentalExpired(bounds: TimeBounds, now: number): boolean {
  return isTime(bounds.expiry) && bounds.expiry <= now;
}

/** "An item is coming soon when available_from is in the future" — true when `availableFrom > now`. */
export function isComingSoon(bounds: TimeBounds, now: number): boolean {
  return isTime(bounds.availableFrom) && bounds.availableFrom > now;
}

/** "An item can be watched now if it is not coming soon and not expired." */
export function canBeWatchedNow(bounds: TimeBounds, now: number): boolean {
  return !isComingSoon(bounds, now) && !isRentalExpired(bounds, now);
}
