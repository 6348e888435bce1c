/**
 * The navigation bar's previous / next links (play-page §2 "Page elements"): among the episodes of
 * a season, or the bonuses of a film or season, the neighbours of the item being played; a
 * neighbour that is not available now (coming soon or expired) is shown disabled. Pure.
 */
import type { Availability, ParsedSlug } from 's72-player/client';
import type { ItemMetadata } from './describe-item.js';
import { isComingSoon, isExpired } from './rules.js';

/** One sibling episode or bonus. */
export interface Sibling {
  slug: string;
  title: string;
}

/** One link of the navigation bar. */
export interface NavLink extends Sibling {
  /** False when the item is coming soon or expired: the link is shown disabled. */
  available: boolean;
}

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
 * The previous and next links of `slug` among `siblings`, judged available with `availabilities`
 * at `now` (epoch ms). `undefined` availabilities (the lookup failed): every neighbour disabled.
 */
export function navLinks(slug: string, siblings: readonly Sibling[], availabilities: readonly Availability[] | undefined, now: number): NavLinks {
  const i = siblings.findIndex((s) => s.slug === slug);
  if (i === -1) return {};
  const bySlug = new Map((availabilities ?? []).map((a) => [a.slug, a]));
  const link = (s: Sibling | undefined): NavLink | undefined => {
    if (!s) return undefined;
    const av = bySlug.get(s.slug);
    const available = availabilities !== undefined && !isComingSoon(av, now) && !isExpired(av, now);
    return { ...s, available };
  };
  const previous = link(siblings[i - 1]);
  const next = link(siblings[i + 1]);
  return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}
