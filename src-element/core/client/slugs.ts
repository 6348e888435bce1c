/**
 * Content slugs: parse, build and classify every slug shape of player-and-client §2
 * ("Content slug shapes understood by the client"). Pure functions, framework-free (core layer).
 *
 * A slug is an absolute path such as `/film/night-harbour` or `/tv/harbour-lights/season/1/episode/2`.
 * Ids are `[A-Za-z0-9][A-Za-z0-9_-]*`; season, episode and bonus numbers are positive integers.
 */
import { S72Error } from '../errors.js';

// player-and-client §2, §3 "Content metadata"
/** Every slug type the client understands. */
export type SlugType =
  | 'film'
  | 'film-bonus'
  | 'tv-show'
  | 'tv-season'
  | 'tv-episode'
  | 'tv-season-bonus'
  | 'plan'
  | 'credit'
  | 'page'
  | 'bundle'
  | 'collection';

// play-page §5
/** The slug types that can be streamed (first rule). */
export const STREAMABLE_SLUG_TYPES = ['film', 'film-bonus', 'tv-episode', 'tv-season-bonus'] as const;
export type StreamableSlugType = (typeof STREAMABLE_SLUG_TYPES)[number];

export interface FilmSlug {
  type: 'film';
  slug: string;
  filmId: string;
}
export interface FilmBonusSlug {
  type: 'film-bonus';
  slug: string;
  filmId: string;
  bonusNumber: number;
}
export interface TvShowSlug {
  type: 'tv-show';
  slug: string;
  tvId: string;
}
export interface TvSeasonSlug {
  type: 'tv-season';
  slug: string;
  tvId: string;
  seasonNumber: number;
}
export interface TvEpisodeSlug {
  type: 'tv-episode';
  slug: string;
  tvId: string;
  seasonNumber: number;
  episodeNumber: number;
}
export interface TvSeasonBonusSlug {
  type: 'tv-season-bonus';
  slug: string;
  tvId: string;
  seasonNumber: number;
  bonusNumber: number;
}
/** The slug types made of one id: `/plan/{id}`, `/credit/{id}`, `/page/{id}`, `/bundle/{id}`, `/collection/{id}`. */
export type SimpleSlugType = 'plan' | 'credit' | 'page' | 'bundle' | 'collection';

/** A `/{type}/{id}` slug of one simple type. */
export interface SimpleSlugOf<T extends SimpleSlugType> {
  type: T;
  slug: string;
  id: string;
}

/** `/plan/{id}`, `/credit/{id}`, `/page/{id}`, `/bundle/{id}`, `/collection/{id}` (one member per type, so it narrows). */
export type SimpleSlug = { [T in SimpleSlugType]: SimpleSlugOf<T> }[SimpleSlugType];

/** A parsed slug; `slug` is always the canonical form (no trailing slash). */
export type ParsedSlug =
  | FilmSlug
  | FilmBonusSlug
  | TvShowSlug
  | TvSeasonSlug
  | TvEpisodeSlug
  | TvSeasonBonusSlug
  | SimpleSlug;

export type StreamableSlug = Extract<ParsedSlug, { type: StreamableSlugType }>;

/** The parts needed to build any slug shape (the inverse of {@link parseSlug}). */
export type SlugParts =
  | Omit<FilmSlug, 'slug'>
  | Omit<FilmBonusSlug, 'slug'>
  | Omit<TvShowSlug, 'slug'>
  | Omit<TvSeasonSlug, 'slug'>
  | Omit<TvEpisodeSlug, 'slug'>
  | Omit<TvSeasonBonusSlug, 'slug'>
  | { type: SimpleSlugType; id: string };

const ID = '([A-Za-z0-9][A-Za-z0-9_-]*)';
const NUM = '([1-9][0-9]{0,8})';
const SIMPLE_TYPES: readonly SimpleSlugType[] = ['plan', 'credit', 'page', 'bundle', 'collection'];

const PATTERNS: ReadonlyArray<{ re: RegExp; build: (m: RegExpExecArray) => SlugParts }> = [
  { re: new RegExp(`^/film/${ID}$`), build: (m) => ({ type: 'film', filmId: m[1]! }) },
  {
    re: new RegExp(`^/film/${ID}/bonus/${NUM}$`),
    build: (m) => ({ type: 'film-bonus', filmId: m[1]!, bonusNumber: Number(m[2]) }),
  },
  { re: new RegExp(`^/tv/${ID}$`), build: (m) => ({ type: 'tv-show', tvId: m[1]! }) },
  {
    re: new RegExp(`^/tv/${ID}/season/${NUM}$`),
    build: (m) => ({ type: 'tv-season', tvId: m[1]!, seasonNumber: Number(m[2]) }),
  },
  {
    re: new RegExp(`^/tv/${ID}/season/${NUM}/episode/${NUM}$`),
    build: (m) => ({
      type: 'tv-episode',
      tvId: m[1]!,
      seasonNumber: Number(m[2]),
      episodeNumber: Number(m[3]),
    }),
  },
  {
    re: new RegExp(`^/tv/${ID}/season/${NUM}/bonus/${NUM}$`),
    build: (m) => ({
      type: 'tv-season-bonus',
      tvId: m[1]!,
      seasonNumber: Number(m[2]),
      bonusNumber: Number(m[3]),
    }),
  },
  {
    re: new RegExp(`^/(${SIMPLE_TYPES.join('|')})/${ID}$`),
    build: (m) => ({ type: m[1] as SimpleSlugType, id: m[2]! }),
  },
];

// player-and-client §2
/**
 * Builds the canonical slug string from its parts.
 *
 * @example buildSlug({ type: 'tv-episode', tvId: 'harbour-lights', seasonNumber: 1, episodeNumber: 2 })
 *   // → '/tv/harbour-lights/season/1/episode/2'
 */
export function buildSlug(parts: SlugParts): string {
  switch (parts.type) {
    case 'film':
      return `/film/${parts.filmId}`;
    case 'film-bonus':
      return `/film/${parts.filmId}/bonus/${parts.bonusNumber}`;
    case 'tv-show':
      return `/tv/${parts.tvId}`;
    case 'tv-season':
      return `/tv/${parts.tvId}/season/${parts.seasonNumber}`;
    case 'tv-episode':
      return `/tv/${parts.tvId}/season/${parts.seasonNumber}/episode/${parts.episodeNumber}`;
    case 'tv-season-bonus':
      return `/tv/${parts.tvId}/season/${parts.seasonNumber}/bonus/${parts.bonusNumber}`;
    default:
      return `/${parts.type}/${parts.id}`;
  }
}

// player-and-client §2
/**
 * Parses a slug, or returns `undefined` when its shape is unknown.
 * A single trailing slash is tolerated; the returned `slug` is canonical.
 */
export function tryParseSlug(slug: string): ParsedSlug | undefined {
  if (typeof slug !== 'string') return undefined;
  const path = slug.length > 1 && slug.endsWith('/') ? slug.slice(0, -1) : slug;
  for (const { re, build } of PATTERNS) {
    const match = re.exec(path);
    if (match) {
      const parts = build(match);
      return { ...parts, slug: buildSlug(parts) } as ParsedSlug;
    }
  }
  return undefined;
}

// player-and-client §2; player-and-client §5
/**
 * Parses a slug.
 *
 * @throws {S72Error} `unsupported_slug` ("Invalid slug", category `client`) for an unknown shape.
 */
export function parseSlug(slug: string): ParsedSlug {
  const parsed = tryParseSlug(slug);
  if (!parsed) {
    throw new S72Error('unsupported_slug', 'Invalid slug', { category: 'client', data: { slug } });
  }
  return parsed;
}

// play-page §5
/** True for the streamable types film, film-bonus, tv-episode and tv-season-bonus. */
export function isStreamable(parsed: ParsedSlug): parsed is StreamableSlug {
  return (STREAMABLE_SLUG_TYPES as readonly string[]).includes(parsed.type);
}

// player-and-client §5; play-page §5
/**
 * Checks a parsed slug's type against the allowed ones ("a wrong-type error
 * naming the allowed types").
 *
 * @throws {S72Error} `slug_not_streamable` ("Slug is not streamable") when `allowed`
 *   is exactly the streamable types, else `unsupported_slug`; the message names the allowed types.
 */
export function assertSlugType<T extends SlugType>(
  parsed: ParsedSlug,
  allowed: readonly T[],
): asserts parsed is Extract<ParsedSlug, { type: T }> {
  if ((allowed as readonly string[]).includes(parsed.type)) return;
  const streamableOnly =
    allowed.length === STREAMABLE_SLUG_TYPES.length &&
    STREAMABLE_SLUG_TYPES.every((t) => (allowed as readonly string[]).includes(t));
  const message = streamableOnly
    ? `Slug is not streamable: ${parsed.type} is not one of ${allowed.join(', ')}`
    : `Wrong slug type: ${parsed.type} is not one of ${allowed.join(', ')}`;
  throw new S72Error(streamableOnly ? 'slug_not_streamable' : 'unsupported_slug', message, {
    category: 'client',
    data: { slug: parsed.slug, type: parsed.type, allowed: [...allowed] },
  });
}

// player-and-client §2
/**
 * The slug whose metadata describes this one: a film bonus maps to its
 * film, an episode or a season bonus to its season; any other slug maps to itself.
 */
export function parentSlugOf(parsed: ParsedSlug): ParsedSlug {
  switch (parsed.type) {
    case 'film-bonus': {
      const parts = { type: 'film', filmId: parsed.filmId } as const;
      return { ...parts, slug: buildSlug(parts) };
    }
    case 'tv-episode':
    case 'tv-season-bonus': {
      const parts = { type: 'tv-season', tvId: parsed.tvId, seasonNumber: parsed.seasonNumber } as const;
      return { ...parts, slug: buildSlug(parts) };
    }
    default:
      return parsed;
  }
}
