// player-and-client §3 "Library item"
/**
 * The user library: normalising entries and grouping episode
 * entries under a synthetic season entry. Pure, framework-free.
 *
 * Wire shape (`GET /services/content/v4/user_library/{userId}/index`, `items[]`):
 * `{item: slug, info: {quality, available_from, expiry, plan_id, rental_playback_duration_minutes,
 * playback_start, playback_end}, playback_progress}` — dates are ISO strings. In code
 * ({@link LibraryEntry}) dates are epoch ms.
 */
import { parentSlugOf, tryParseSlug, type SlugType } from '../slugs.js';
import { readWireDate } from './dates.js';
import { ownershipOf, type Ownership } from './ownership.js';
import { isRentalExpired, type TimeBounds } from './states.js';

/** `info` of a library item, as on the wire. Every field optional. */
export interface LibraryItemInfoInput {
  quality?: string | null;
  /** ISO date-time; absent means available since always. */
  available_from?: string | null;
  /** ISO date-time; absent means never expires. */
  expiry?: string | null;
  plan_id?: string | number | null;
  /** Minutes. */
  rental_playback_duration_minutes?: number | null;
  playback_start?: string | null;
  playback_end?: string | null;
}

/** A library item, as on the wire. */
export interface LibraryItemInput {
  /** The item's slug. */
  item?: string | null;
  info?: LibraryItemInfoInput | null;
  playback_progress?: unknown;
}

/** A library entry in code: slug parsed, ownership decided, dates in epoch ms. */
export interface LibraryEntry extends TimeBounds {
  /** Canonical slug (tryParseSlug). */
  slug: string;
  type: SlugType;
  ownership: Ownership;
  /** Epoch ms; `null` = available since always. */
  availableFrom: number | null;
  /** Epoch ms; `null` = never expires. */
  expiry: number | null;
  /** `info.plan_id` as a string, `null` when absent (for a synthetic entry: the plan all children share). */
  planId: string | null;
  quality: string | null;
  /** Minutes; `null` when absent. */
  rentalPlaybackDurationMinutes: number | null;
  /** Epoch ms; `null` when absent. */
  playbackStart: number | null;
  /** Epoch ms; `null` when absent. */
  playbackEnd: number | null;
  /** True for the parent entry added by {@link groupLibrary}. */
  synthetic: boolean;
  /** For a synthetic entry: the slugs of the grouped episode entries, in slug order; otherwise empty. */
  children: readonly string[];
}

/**
 * Normalises one library item.
 *
 * @returns the entry, or `null` (excluded) when `item` is not a known slug shape or a present date
 *   field (`available_from`, `expiry`, `playback_start`, `playback_end`) is not a valid ISO date.
 *   Never throws.
 */
export function toLibraryEntry(input: LibraryItemInput | null | undefined): LibraryEntry | null {
  if (!input || typeof input !== 'object' || typeof input.item !== 'string') return null;
  const parsed = tryParseSlug(input.item);
  if (!parsed) return null;
  const info: LibraryItemInfoInput = input.info && typeof input.info === 'object' ? input.info : {};
  const availableFrom = readWireDate(info.available_from);
  const expiry = readWireDate(info.expiry);
  const playbackStart = readWireDate(info.playback_start);
  const playbackEnd = readWireDate(info.playback_end);
  if ([availableFrom, expiry, playbackStart, playbackEnd].includes('invalid')) return null;
  const minutes = info.rental_playback_duration_minutes;
  return {
    slug: parsed.slug,
    type: parsed.type,
    ownership: ownershipOf(info),
    availableFrom: availableFrom as number | null,
    expiry: expiry as number | null,
    planId: info.plan_id === null || info.plan_id === undefined || info.plan_id === '' ? null : String(info.plan_id),
    quality: typeof info.quality === 'string' ? info.quality : null,
    rentalPlaybackDurationMinutes: typeof minutes === 'number' && Number.isFinite(minutes) ? minutes : null,
    playbackStart: playbackStart as number | null,
    playbackEnd: playbackEnd as number | null,
    synthetic: false,
    children: [],
  };
}

/** Earliest start: `null` (open) wins. */
function earliest(values: ReadonlyArray<number | null>): number | null {
  return values.includes(null) ? null : Math.min(...(values as number[]));
}

/** Latest end: `null` (never) wins. */
function latest(values: ReadonlyArray<number | null>): number | null {
  return values.includes(null) ? null : Math.max(...(values as number[]));
}

// player-and-client §3
/**
 * Normalises library items and groups episode entries per parent season and ownership
 * ("Episode entries are grouped per parent and ownership. A synthetic parent
 * entry is added with the earliest availability and the latest expiry").
 *
 * Output order: every valid input entry in input order, then one synthetic season entry per
 * (season, ownership) group in order of first appearance. A synthetic entry has
 * `availableFrom` = the earliest child `availableFrom` (`null` if any child is open),
 * `expiry` = the latest child `expiry` (`null` if any child never expires), `synthetic: true` and
 * `children` = the episode slugs. No synthetic entry is added when the library already holds a real
 * entry for that season with the same ownership. Invalid items are dropped (see {@link toLibraryEntry}).
 * Never throws.
 */
export function groupLibrary(items: readonly (LibraryItemInput | null | undefined)[] | null | undefined): LibraryEntry[] {
  const entries = (Array.isArray(items) ? items : [])
    .map(toLibraryEntry)
    .filter((e): e is LibraryEntry => e !== null);
  const real = new Set(entries.map((e) => `${e.slug}|${e.ownership}`));
  const groups = new Map<string, { parent: string; parentType: SlugType; ownership: Ownership; children: LibraryEntry[] }>();
  for (const entry of entries) {
    if (entry.type !== 'tv-episode') continue;
    const parent = parentSlugOf(tryParseSlug(entry.slug)!);
    const key = `${parent.slug}|${entry.ownership}`;
    if (real.has(key)) continue;
    const group = groups.get(key) ?? { parent: parent.slug, parentType: parent.type, ownership: entry.ownership, children: [] };
    group.children.push(entry);
    groups.set(key, group);
  }
  const synthetic = [...groups.values()].map((group): LibraryEntry => {
    const planIds = new Set(group.children.map((c) => c.planId));
    return {
      slug: group.parent,
      type: group.parentType,
      ownership: group.ownership,
      availableFrom: earliest(group.children.map((c) => c.availableFrom)),
      expiry: latest(group.children.map((c) => c.expiry)),
      planId: planIds.size === 1 ? [...planIds][0]! : null,
      quality: null,
      rentalPlaybackDurationMinutes: null,
      playbackStart: null,
      playbackEnd: null,
      synthetic: true,
      children: [...new Set(group.children.map((c) => c.slug))].sort(),
    };
  });
  return [...entries, ...synthetic];
}

// player-and-client §2
/**
 * The library entry that entitles the viewer to `slug`, not expired at `now`, or `undefined`.
 *
 * Looks at entries for the slug itself, then its parent: a film bonus is
 * covered by its film, a season bonus by its season (real or synthetic), an episode only by a real
 * season entry (a synthetic season only means that *some* episodes are owned). Among several
 * matches, the first not-expired one wins. `slug` of an unknown shape gives `undefined`.
 */
export function findLibraryEntry(library: readonly LibraryEntry[], slug: string, now: number): LibraryEntry | undefined {
  const parsed = tryParseSlug(slug);
  if (!parsed) return undefined;
  const live = (e: LibraryEntry) => !isRentalExpired(e, now);
  const own = library.find((e) => e.slug === parsed.slug && live(e));
  if (own) return own;
  const parent = parentSlugOf(parsed);
  if (parent.slug === parsed.slug) return undefined;
  return library.find(
    (e) => e.slug === parent.slug && live(e) && !(parsed.type === 'tv-episode' && e.synthetic),
  );
}
