// player-and-client §9 "Data client"; §3 "Continue-watching entry: slug"
/**
 * The continue-watching list. Pure, framework-free; `now` is injected (epoch ms).
 *
 * Rules, in order:
 * 1. Progress records are normalised (`toProgressEntry`); bad ones (unknown slug, missing or
 *    invalid `last_played_at`, bad position) are dropped. For a slug listed twice the most recent
 *    record wins.
 * 2. Max age: anything last watched more than `continue_watching_max_age` days
 *    (default {@link CONTINUE_WATCHING_MAX_AGE_DAYS}) before `now` is dropped.
 * 3. Films qualify only when not completed (`isCompleted`) and longer than {@link FILM_MIN_LENGTH_S}
 *    seconds (unknown length does not qualify). Film and season bonuses never qualify.
 * 4. TV: one entry per show, from its most recently watched episode. The show is dropped when all
 *    its known episodes (the season metadata's episodes plus every episode with progress) are
 *    completed and it was last watched more than {@link SHOW_DROP_AFTER_DAYS} days ago. If that
 *    episode is in progress it is the entry; if completed, the next episode in show order that can
 *    be watched now (availability window `present`) is the entry; with none, the completed episode
 *    stays.
 * 5. Sorted most recently watched first (ties: slug order), cut to `continue_watching_max_items`
 *    (default {@link CONTINUE_WATCHING_MAX_ITEMS}).
 */
import { tryParseSlug } from '../slugs.js';
import { listOf } from './arrays.js';
import type { AvailabilityInput } from './availability.js';
import {
  CONTINUE_WATCHING_MAX_AGE_DAYS,
  CONTINUE_WATCHING_MAX_ITEMS,
  DAY_MS,
  FILM_MIN_LENGTH_S,
  SHOW_DROP_AFTER_DAYS,
} from './constants.js';
import { nextEpisodeWhere, showEpisodes, watchableNow, type SeasonInput } from './episodes.js';
import { isInProgress, toProgressEntry, type PlaybackProgressInput, type ProgressEntry } from './progress.js';

/** Configuration keys read by continue-watching (flat configuration, keys by name). */
export interface ContinueWatchingConfig {
  /** Days; a positive number or numeric string. */
  continue_watching_max_age?: unknown;
  /** Items; a non-negative integer or numeric string. */
  continue_watching_max_items?: unknown;
}

/** Everything continue-watching needs. */
export interface ContinueWatchingInput {
  /** The viewer's playback progress records, as on the wire. */
  progress: readonly (PlaybackProgressInput | null | undefined)[] | null | undefined;
  /** Season metadata of the shows in `progress` (for the next episode and "all completed"). */
  seasons?: readonly (SeasonInput | null | undefined)[] | null;
  /** Availabilities of those seasons' episodes (for "can be watched now"). */
  availabilities?: readonly (AvailabilityInput | null | undefined)[] | null;
  /** Flat configuration; see {@link ContinueWatchingConfig}. Bad values fall back to the defaults. */
  config?: ContinueWatchingConfig | Readonly<Record<string, unknown>> | null;
  /** Epoch ms. */
  now: number;
}

// §3 "Continue-watching entry: slug"
/** One continue-watching entry (with context). */
export interface ContinueWatchingEntry {
  /** The slug to play. */
  slug: string;
  kind: 'film' | 'episode';
  /** The show's slug (`/tv/{tvId}`) for episodes, `null` for films. */
  showSlug: string | null;
  /** Epoch ms: when `watchedSlug` was last played. */
  lastWatchedAt: number;
  /** The slug whose progress put this entry here (differs from `slug` for a next episode). */
  watchedSlug: string;
  /** True when `slug` is the episode after a completed one. */
  isNextEpisode: boolean;
  /** Seconds to resume from: the entry's saved position while in progress, else 0. */
  position: number;
  /** Seconds, when known. */
  duration: number | null;
}

/** The limits in force. */
export interface ContinueWatchingLimits {
  maxAgeDays: number;
  maxItems: number;
}

function configNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * Reads the limits from configuration: `continue_watching_max_age` (days, > 0) and
 * `continue_watching_max_items` (integer ≥ 0, fractions floored); missing or bad values give
 * {@link CONTINUE_WATCHING_MAX_AGE_DAYS} and {@link CONTINUE_WATCHING_MAX_ITEMS}. Never throws.
 */
export function continueWatchingLimits(config: ContinueWatchingInput['config']): ContinueWatchingLimits {
  const c = (config && typeof config === 'object' ? config : {}) as ContinueWatchingConfig;
  const age = configNumber(c.continue_watching_max_age);
  const items = configNumber(c.continue_watching_max_items);
  return {
    maxAgeDays: age !== null && age > 0 ? age : CONTINUE_WATCHING_MAX_AGE_DAYS,
    maxItems: items !== null && items >= 0 ? Math.floor(items) : CONTINUE_WATCHING_MAX_ITEMS,
  };
}

/** Normalised progress records, one per slug (the most recent). */
function latestPerSlug(progress: ContinueWatchingInput['progress']): Map<string, ProgressEntry> {
  const bySlug = new Map<string, ProgressEntry>();
  for (const raw of listOf(progress)) {
    const entry = toProgressEntry(raw);
    if (!entry) continue;
    const seen = bySlug.get(entry.slug);
    if (!seen || entry.lastWatchedAt > seen.lastWatchedAt) bySlug.set(entry.slug, entry);
  }
  return bySlug;
}

function resumeOf(entry: ProgressEntry | undefined): { position: number; duration: number | null } {
  if (!entry) return { position: 0, duration: null };
  return { position: isInProgress(entry) ? entry.position : 0, duration: entry.duration };
}

/**
 * Builds the continue-watching list (see the module doc for the rules).
 *
 * @returns entries, most recently watched first, at most `maxItems`. Never throws on bad records:
 *   they are excluded.
 */
export function buildContinueWatching(input: ContinueWatchingInput): ContinueWatchingEntry[] {
  const { now } = input;
  if (typeof now !== 'number' || !Number.isFinite(now)) return [];
  const { maxAgeDays, maxItems } = continueWatchingLimits(input.config);
  const isRecent = (e: ProgressEntry) => now - e.lastWatchedAt <= maxAgeDays * DAY_MS;
  const records = latestPerSlug(input.progress);
  const seasons = input.seasons ?? [];
  const canWatchNow = watchableNow(input.availabilities, now);
  const out: ContinueWatchingEntry[] = [];

  const shows = new Map<string, ProgressEntry[]>();
  for (const record of records.values()) {
    const p = record.parsed;
    if (p.type === 'film') {
      if (isRecent(record) && !record.completed && record.duration !== null && record.duration > FILM_MIN_LENGTH_S) {
        out.push({
          slug: record.slug,
          kind: 'film',
          showSlug: null,
          lastWatchedAt: record.lastWatchedAt,
          watchedSlug: record.slug,
          isNextEpisode: false,
          ...resumeOf(record),
        });
      }
    } else if (p.type === 'tv-episode') {
      shows.set(p.tvId, [...(shows.get(p.tvId) ?? []), record]);
    }
  }

  for (const [tvId, episodes] of shows) {
    const latest = episodes.reduce((a, b) => (b.lastWatchedAt > a.lastWatchedAt ? b : a));
    if (!isRecent(latest)) continue;
    const known = new Set([...showEpisodes(seasons, tvId).map((e) => e.slug), ...episodes.map((e) => e.slug)]);
    const allCompleted = [...known].every((slug) => records.get(slug)?.completed === true);
    if (allCompleted && now - latest.lastWatchedAt > SHOW_DROP_AFTER_DAYS * DAY_MS) continue;
    const next = latest.completed ? nextEpisodeWhere(latest.slug, seasons, canWatchNow) : null;
    const slug = next ?? latest.slug;
    out.push({
      slug,
      kind: 'episode',
      showSlug: tryParseSlug(`/tv/${tvId}`)?.slug ?? null,
      lastWatchedAt: latest.lastWatchedAt,
      watchedSlug: latest.slug,
      isNextEpisode: next !== null,
      ...resumeOf(records.get(slug)),
    });
  }

  out.sort((a, b) => b.lastWatchedAt - a.lastWatchedAt || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return out.slice(0, maxItems);
}
