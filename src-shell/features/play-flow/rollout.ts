/**
 * The staged rollout of the new player (player-and-client §9 "25% of 'experiment' users get the new
 * player"; issue 26: "a deterministic split by user id, decided by the play page"). Pure.
 *
 * The group comes from the storefront: the user account's `groups` (`GET /services/users/detail/users`).
 * A viewer in the `experiment` group gets the new player when the FNV-1a hash of their user id falls
 * in the first 25 of 100 buckets: the same viewer always gets the same answer, on every device and
 * visit, with no state kept. Anyone else (no group, no user id) keeps the current player.
 */

/** The storefront group the rollout applies to. */
export const EXPERIMENT_GROUP = 'experiment';
/** Share of the group that gets the new player, percent (§9 "25%"). */
export const NEW_PLAYER_PERCENT = 25;

/** Which player a viewer gets. */
export type PlayerTrack = 'new' | 'current';

/** FNV-1a, 32 bits, of a string's UTF-16 code units. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The viewer's rollout bucket, 0..99, from their user id. */
export function rolloutBucket(userId: string | number): number {
  return fnv1a32(String(userId)) % 100;
}

/** The player a viewer gets: `new` for 25 % of the `experiment` group (by user id), else `current`. */
export function playerTrack(userId: string | number | null | undefined, groups: readonly string[] | null | undefined): PlayerTrack {
  if (userId === null || userId === undefined || String(userId) === '') return 'current';
  if (!groups?.includes(EXPERIMENT_GROUP)) return 'current';
  return rolloutBucket(userId) < NEW_PLAYER_PERCENT ? 'new' : 'current';
}
