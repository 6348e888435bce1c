/**
 * The navigation bar's previous / next links (play-page §2 "Page elements": "a link to the previous
 * and to the next episode or bonus, among the available ones"): among the episodes of a season, or
 * the bonuses of a film or season, the nearest sibling before and after the item being played that
 * is available now (not coming soon, not expired). Siblings that are not available are skipped,
 * never shown. Pure.
 */
import type { Availability, ParsedSlug } from 's72-player/client';
import type { ItemMetadata } from './describe-item.js';
import { isComingSoon, isExpired } from './rules.js';

/** One sibling episode or bonus. */
export interface Sibling {
  slug: string;
  title: string;
}

/** One link of the navigation bar: an available sibling. */
export type NavLink = Sibling;

export interface NavLinks {
  previous?: NavLink;
  next?: NavLink;
}

/**
 * The ordered siblings of `slug` (itself included): a season's episodes for an episode, the
 * bonuses of the film or season for a bonus; `[]` for a film.
 */
export function siblingsOf(slug: ParsedSlug, metadata: ItemMetadata): Sibling[] {
  if (slug.type === 'tv-episode' && metadata.kind === 'season') {
    return [...(metadata.season.episodes ?? [])]
      .sort((a, b) => a.episode_number - b.episode_number)
      .map((e) => ({ slug: e.slug, title: e.title }));
  }
  if (slug.type === 'tv-season-bonus' && metadata.kind === 'season') {
    const season = metadata.season.slug;
    return [...(metadata.season.bonuses ?? [])]
      .sort((a, b) => a.number - b.number)
      .map((b) => ({ slug: b.slug ?? `${season}/bonus/${b.number}`, title: b.title }));
  }
  if (slug.type === 'film-bonus' && metadata.kind === 'film') {
    const film = metadata.film.slug;
    return [...(metadata.film.bonuses ?? [])]
      .sort((a, b) => a.number - b.number)
      .map((b) => ({ slug: b.slug ?? `${film}/bonus/${b.number}`, title: b.title }));
  }
  return [];
}

/**
 * The previous and next links of `slug` among `siblings`: the nearest sibling on each side that is
 * available at `now` (epoch ms) according to `availabilities`; a side with none has no link.
 * `undefined` availabilities (the lookup failed): no sibling is known to be available, no links.
 */
export function navLinks(slug: string, siblings: readonly Sibling[], availabilities: readonly Availability[] | undefined, now: number): NavLinks {
  const i = siblings.findIndex((s) => s.slug === slug);
  if (i === -1 || availabilities === undefined) return {};
  const bySlug = new Map(availabilities.map((a) => [a.slug, a]));
  const available = (s: Sibling): boolean => !isComingSoon(bySlug.get(s.slug), now) && !isExpired(bySlug.get(s.slug), now);
  const previous = siblings.slice(0, i).reverse().find(available);
  const next = siblings.slice(i + 1).find(available);
  return { ...(previous ? { previous: { ...previous } } : {}), ...(next ? { next: { ...next } } : {}) };
}

/** Why a related item can or cannot be played now (player-and-client §8 labels 'Coming soon', 'Expired'). */
export type RelatedStatus = 'available' | 'coming-soon' | 'expired';

/** One row of the related-content menu: a sibling episode or bonus, and whether it plays now. */
export interface RelatedItem extends Sibling {
  status: RelatedStatus;
  /** The item being played. */
  current: boolean;
}

/**
 * The related-content menu of `slug` (player-and-client §1 "a related-content menu", §8 "Labels"):
 * every sibling in order, each with its status at `now` (epoch ms) — coming soon before its window,
 * expired after it, available otherwise — and the current one marked. Unlike {@link navLinks},
 * unavailable siblings are listed (labelled, not linked). `undefined` when the availabilities are
 * unknown (the lookup failed): the page then shows no menu rather than guessing. `[]` (a season
 * without episodes) is shown as 'No episodes'. Pure.
 */
export function relatedItems(
  slug: string,
  siblings: readonly Sibling[],
  availabilities: readonly Availability[] | undefined,
  now: number,
): RelatedItem[] | undefined {
  if (availabilities === undefined) return undefined;
  const bySlug = new Map(availabilities.map((a) => [a.slug, a]));
  return siblings.map((s) => {
    const availability = bySlug.get(s.slug);
    const status: RelatedStatus = isExpired(availability, now) ? 'expired' : isComingSoon(availability, now) ? 'coming-soon' : 'available';
    return { slug: s.slug, title: s.title, status, current: s.slug === slug };
  });
}
