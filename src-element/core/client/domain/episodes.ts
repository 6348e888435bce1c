// player-and-client §9 "After a completed episode, the next watchable episode is chosen"; §5 "Next-episode button is enabled only if the neighbouring item is available now"
/**
 * Episode order and the next watchable episode. Pure; `now` is injected.
 *
 * Input is season metadata as on the wire (compatible with `Season` in schemas.ts):
 * `{slug: '/tv/{tvId}/season/{n}', episodes: [{slug, episode_number}]}`.
 */
import { tryParseSlug } from '../slugs.js';
import { listOf } from './arrays.js';
import { availabilityWindow, type AvailabilityInput } from './availability.js';

/** An episode of season metadata; only the fields the rules read. */
export interface EpisodeInput {
  slug?: string | null;
  episode_number?: number | null;
}

/** Season metadata; only the fields the rules read. */
export interface SeasonInput {
  slug?: string | null;
  season_num?: number | null;
  episodes?: readonly (EpisodeInput | null | undefined)[] | null;
}

/** An episode in show order. */
export interface OrderedEpisode {
  /** Canonical episode slug. */
  slug: string;
  tvId: string;
  seasonNumber: number;
  /** From metadata `episode_number`, else from the slug. */
  episodeNumber: number;
}

/**
 * Every episode of the show `tvId` found in `seasons`, ordered by season number then episode
 * number, without duplicates. Seasons and episodes with unknown slug shapes, or of another show,
 * are skipped. Never throws.
 */
export function showEpisodes(seasons: readonly (SeasonInput | null | undefined)[] | null | undefined, tvId: string): OrderedEpisode[] {
  const bySlug = new Map<string, OrderedEpisode>();
  for (const season of listOf(seasons)) {
    if (!season || typeof season.slug !== 'string') continue;
    const parsedSeason = tryParseSlug(season.slug);
    if (parsedSeason?.type !== 'tv-season' || parsedSeason.tvId !== tvId) continue;
    for (const episode of listOf(season.episodes)) {
      if (!episode || typeof episode.slug !== 'string') continue;
      const parsed = tryParseSlug(episode.slug);
      if (parsed?.type !== 'tv-episode' || parsed.tvId !== tvId) continue;
      const number = episode.episode_number;
      bySlug.set(parsed.slug, {
        slug: parsed.slug,
        tvId,
        seasonNumber: parsed.seasonNumber,
        episodeNumber: typeof number === 'number' && Number.isFinite(number) ? number : parsed.episodeNumber,
      });
    }
  }
  return [...bySlug.values()].sort(compareEpisodes);
}

/** Show order: season number, then episode number, then slug. */
export function compareEpisodes(
  a: Pick<OrderedEpisode, 'seasonNumber' | 'episodeNumber' | 'slug'>,
  b: Pick<OrderedEpisode, 'seasonNumber' | 'episodeNumber' | 'slug'>,
): number {
  return a.seasonNumber - b.seasonNumber || a.episodeNumber - b.episodeNumber || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/**
 * The first episode after `currentSlug` in show order (across the given seasons) for which
 * `isWatchable` is true, or `null`. `currentSlug` need not appear in the metadata: its place comes
 * from its slug (or from metadata when it is listed there). Not an episode slug → `null`.
 */
export function nextEpisodeWhere(
  currentSlug: string,
  seasons: readonly (SeasonInput | null | undefined)[] | null | undefined,
  isWatchable: (episodeSlug: string) => boolean,
): string | null {
  const current = tryParseSlug(currentSlug);
  if (current?.type !== 'tv-episode') return null;
  const episodes = showEpisodes(seasons, current.tvId);
  const here = episodes.find((e) => e.slug === current.slug) ?? {
    slug: current.slug,
    seasonNumber: current.seasonNumber,
    episodeNumber: current.episodeNumber,
  };
  const next = episodes.find((e) => e.slug !== current.slug && compareEpisodes(e, here) > 0 && isWatchable(e.slug));
  return next?.slug ?? null;
}

/**
 * Builds "can be watched now" from availabilities: the slug's availability window is `present`
 * (not coming soon, not expired). A slug without an availability, or with invalid dates, is not
 * watchable.
 */
export function watchableNow(
  availabilities: readonly (AvailabilityInput | null | undefined)[] | null | undefined,
  now: number,
): (slug: string) => boolean {
  const present = new Set<string>();
  for (const availability of listOf(availabilities)) {
    if (!availability || typeof availability.slug !== 'string') continue;
    const slug = tryParseSlug(availability.slug)?.slug;
    if (slug && availabilityWindow(availability, now) === 'present') present.add(slug);
  }
  return (slug) => present.has(tryParseSlug(slug)?.slug ?? slug);
}

// §9, §5
/**
 * The next episode after `currentSlug` that can be watched now (availability window `present`),
 * or `null`.
 */
export function nextWatchableEpisode(
  currentSlug: string,
  seasons: readonly (SeasonInput | null | undefined)[] | null | undefined,
  availabilities: readonly (AvailabilityInput | null | undefined)[] | null | undefined,
  now: number,
): string | null {
  return nextEpisodeWhere(currentSlug, seasons, watchableNow(availabilities, now));
}
