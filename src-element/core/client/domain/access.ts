// player-and-client §4 "Ownership", §6 "Roles and permissions"
/**
 * Per-user access: whether this
 * viewer can watch an item, and the player's view of an availability (window + per-user
 * `canBeWatchedNow`). Pure; `now` is injected.
 */
import { tryParseSlug } from '../slugs.js';
import { listOf } from './arrays.js';
import { availabilityWindow, requiresPinCode, tvodOf, type AvailabilityInput, type AvailabilityWindow, type TvodStatus } from './availability.js';
import { readWireDate } from './dates.js';
import { findLibraryEntry, type LibraryEntry } from './library.js';
import { canBeWatchedNow } from './states.js';

/** A user plan, as on the wire (`GET /services/content/v1/user_plans`, `plans[]`). */
export interface UserPlanInput {
  plan_id?: string | number | null;
  /** ISO date-time; `null`/absent = never expires. */
  expiry?: string | null;
}

/** What the viewer holds: the grouped library (`groupLibrary`) and their plans. */
export interface UserEntitlements {
  library: readonly LibraryEntry[];
  plans: readonly (UserPlanInput | null | undefined)[];
}

/** How the viewer is entitled to an item, or `null`. */
export type EntitlementSource = 'library' | 'plan';

/** The plan ids of the user's plans that have not expired at `now` (invalid expiry: excluded). */
export function activePlanIds(plans: UserEntitlements['plans'], now: number): Set<string> {
  const ids = new Set<string>();
  for (const plan of listOf(plans)) {
    if (!plan || plan.plan_id === null || plan.plan_id === undefined || plan.plan_id === '') continue;
    const expiry = readWireDate(plan.expiry);
    if (expiry === 'invalid' || (expiry !== null && expiry <= now)) continue;
    ids.add(String(plan.plan_id));
  }
  return ids;
}

/**
 * Which entitlement lets the viewer watch the item, ignoring the availability window:
 * `library` when a not-expired library entry covers it (`findLibraryEntry`) and its tvod is
 * `available`; else `plan` when one of its `plan_ids` is among the viewer's not-expired plans;
 * else `null`.
 *
 * @param startedOnly - also require the library entry to have started (`available_from` not in the future).
 */
export function entitlementOf(
  availability: AvailabilityInput,
  user: UserEntitlements,
  now: number,
  startedOnly = false,
): EntitlementSource | null {
  const entry = findLibraryEntry(listOf(user.library), availability.slug, now);
  if (entry && tvodOf(availability.tvod) === 'available' && (!startedOnly || canBeWatchedNow(entry, now))) return 'library';
  const planIds = listOf(availability.plan_ids).map(String);
  if (planIds.length > 0) {
    const active = activePlanIds(user.plans, now);
    if (planIds.some((id) => active.has(id))) return 'plan';
  }
  return null;
}

/**
 * "For a user, an item can be watched if it is not expired and either it is in the user's
 * library with tvod available, or one of its plans is among the user's plans."
 *
 * "Not expired": the availability window is not `expired`; library entries and plans count only
 * while their own `expiry` is not past. Invalid dates, an unknown slug shape or a missing
 * availability give `false`. Never throws.
 */
export function canUserWatch(availability: AvailabilityInput | null | undefined, user: UserEntitlements, now: number): boolean {
  if (!availability || typeof availability.slug !== 'string' || !tryParseSlug(availability.slug)) return false;
  const window = availabilityWindow(availability, now);
  if (window === null || window === 'expired') return false;
  return entitlementOf(availability, user, now) !== null;
}

// §3
/** The player's view of one availability ("a window … and a per-user canBeWatchedNow"). */
export interface PlayerAvailability {
  slug: string;
  window: AvailabilityWindow;
  /** Epoch ms; `null` = open. */
  from: number | null;
  /** Epoch ms; `null` = open. */
  to: number | null;
  tvod: TvodStatus;
  /** The item's own flag (use `requiresPinCode` with children for bundles and seasons). */
  requiresPinCode: boolean;
  /** How the viewer is entitled, or `null`. */
  entitlement: EntitlementSource | null;
  // §6
  /**
   * Per-user: the window is `present` and the viewer is entitled now (a library entry that has
   * started and not expired, with tvod available, or an active plan). Gates suggestions and play.
   */
  canBeWatchedNow: boolean;
}

/**
 * Builds the player's view of an availability for this viewer at `now`.
 *
 * @returns the view, or `null` when the availability is missing, its slug has an unknown shape or
 *   its `from`/`to` are invalid dates. Never throws.
 */
export function playerAvailability(
  availability: AvailabilityInput | null | undefined,
  user: UserEntitlements,
  now: number,
): PlayerAvailability | null {
  if (!availability || typeof availability.slug !== 'string') return null;
  const parsed = tryParseSlug(availability.slug);
  const window = availabilityWindow(availability, now);
  if (!parsed || window === null) return null;
  const entitlement = window === 'expired' ? null : entitlementOf(availability, user, now, true);
  return {
    slug: parsed.slug,
    window,
    from: readWireDate(availability.from) as number | null,
    to: readWireDate(availability.to) as number | null,
    tvod: tvodOf(availability.tvod),
    requiresPinCode: requiresPinCode(availability),
    entitlement,
    canBeWatchedNow: window === 'present' && entitlement !== null,
  };
}

// §6
/**
 * A predicate "can this viewer watch `slug` now" over a list of availabilities (for suggestions
 * and next-episode choice). Slugs without an availability, or with an invalid one, are `false`.
 */
export function watchableBy(
  availabilities: readonly (AvailabilityInput | null | undefined)[],
  user: UserEntitlements,
  now: number,
): (slug: string) => boolean {
  const views = new Map<string, boolean>();
  for (const availability of listOf(availabilities)) {
    const view = playerAvailability(availability, user, now);
    if (view) views.set(view.slug, view.canBeWatchedNow);
  }
  return (slug) => views.get(tryParseSlug(slug)?.slug ?? slug) === true;
}
