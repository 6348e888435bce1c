// player-and-client §2 "End screen with Up next: one main suggestion and up to 3 others"; §9 "Suggestions: the top 1 plus up to 3 others, sorted by most recently watched with next-episode first"; §6
/**
 * End-screen suggestions, "Up next" (per-user canBeWatchedNow gates what can be
 * suggested). Pure, framework-free.
 *
 * Order: the next episode of the item just watched first; then continue-watching entries, most
 * recently watched first; then recommendations (never watched) in the order given. Each slug
 * appears once (its first, highest-ranked source wins); the item just watched, slugs of unknown
 * shape and slugs the viewer cannot watch now are left out.
 */
import { tryParseSlug } from '../slugs.js';
import { listOf } from './arrays.js';
import { SUGGESTIONS_OTHERS } from './constants.js';

// §7
/** Where a suggestion comes from; the same values as the `custom:end-screen-video-clicked` telemetry `details.source`. */
export type SuggestionSource = 'next-episode' | 'continue-watching' | 'recommendation';

/** One suggestion. */
export interface Suggestion {
  /** Canonical slug. */
  slug: string;
  source: SuggestionSource;
  /** Epoch ms for continue-watching entries, else `null`. */
  lastWatchedAt: number | null;
}

/** The end screen's suggestions. */
export interface Suggestions {
  /** The main suggestion, or `null` when there is none. */
  top: Suggestion | null;
  /** Up to `maxOthers` (default {@link SUGGESTIONS_OTHERS}) more. */
  others: Suggestion[];
}

/** Everything the suggestions need. */
export interface SuggestionsInput {
  /** The item just watched; never suggested. */
  currentSlug?: string | null;
  /** Its next episode (e.g. from `nextWatchableEpisode`), or `null`. */
  nextEpisode?: string | null;
  /** Continue-watching entries (`buildContinueWatching`), `lastWatchedAt` in epoch ms. */
  continueWatching?: readonly ({ slug: string; lastWatchedAt?: number | null } | null | undefined)[] | null;
  /** Recommended slugs of the item just watched, in the order given by metadata. */
  recommendations?: readonly (string | null | undefined)[] | null;
  /** Per-user "can be watched now" (e.g. `watchableBy(...)`); required, so nothing is suggested ungated. */
  canBeWatchedNow: (slug: string) => boolean;
  /** How many besides the top one; default {@link SUGGESTIONS_OTHERS}; negative or bad values give the default. */
  maxOthers?: number;
}

/**
 * Builds the end screen's suggestions (see the module doc for the order).
 * Never throws on bad entries (they are skipped); a throwing `canBeWatchedNow` propagates.
 */
export function buildSuggestions(input: SuggestionsInput): Suggestions {
  const max =
    typeof input.maxOthers === 'number' && Number.isFinite(input.maxOthers) && input.maxOthers >= 0
      ? Math.floor(input.maxOthers)
      : SUGGESTIONS_OTHERS;
  const current = typeof input.currentSlug === 'string' ? (tryParseSlug(input.currentSlug)?.slug ?? input.currentSlug) : null;

  const candidates: Suggestion[] = [];
  if (typeof input.nextEpisode === 'string') {
    candidates.push({ slug: input.nextEpisode, source: 'next-episode', lastWatchedAt: null });
  }
  const watched = listOf(input.continueWatching)
    .filter((e): e is { slug: string; lastWatchedAt?: number | null } => !!e && typeof e.slug === 'string')
    .map((e, index) => ({
      slug: e.slug,
      at: typeof e.lastWatchedAt === 'number' && Number.isFinite(e.lastWatchedAt) ? e.lastWatchedAt : null,
      index,
    }))
    .sort((a, b) => (b.at ?? -Infinity) - (a.at ?? -Infinity) || a.index - b.index);
  for (const e of watched) candidates.push({ slug: e.slug, source: 'continue-watching', lastWatchedAt: e.at });
  for (const slug of listOf(input.recommendations)) {
    if (typeof slug === 'string') candidates.push({ slug, source: 'recommendation', lastWatchedAt: null });
  }

  const seen = new Set<string>();
  const picked: Suggestion[] = [];
  for (const candidate of candidates) {
    if (picked.length >= max + 1) break;
    const slug = tryParseSlug(candidate.slug)?.slug;
    if (!slug || slug === current || seen.has(slug)) continue;
    seen.add(slug);
    if (!input.canBeWatchedNow(slug)) continue;
    picked.push({ ...candidate, slug });
  }
  return { top: picked[0] ?? null, others: picked.slice(1) };
}
