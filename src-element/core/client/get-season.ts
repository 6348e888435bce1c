// player-and-client §7
/**
 * Season metadata: `GET /services/meta/v2/tv/season/show_multiple?items={slugs}`, answer field
 * `seasons`.
 */
import { S72Error } from '../errors.js';
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { SeasonsResponseSchema, type Season } from './schemas.js';
import { assertSlugType, parentSlugOf, parseSlug, type TvSeasonSlug } from './slugs.js';

// §2
/** The season slug whose metadata describes `slug` (an episode or season bonus maps to it). */
function seasonOf(slug: string): TvSeasonSlug {
  const parent = parentSlugOf(parseSlug(slug));
  assertSlugType(parent, ['tv-season']);
  return parent;
}

async function fetchSeasons(http: HttpOptions, slugs: readonly string[], signal?: AbortSignal): Promise<Season[]> {
  const body = await request(
    http,
    {
      path: '/services/meta/v2/tv/season/show_multiple',
      query: { items: slugs.join(',') },
      signal,
      notFoundCode: 'season_not_found',
    },
    SeasonsResponseSchema,
  );
  return body.seasons;
}

/**
 * The cacheable read of one season (used by {@link getSeason} and the client's cache).
 *
 * @throws {S72Error} `unsupported_slug` at once for a slug that is not a season, episode or
 *   season bonus.
 */
export function seasonQuery(slug: string): ContentQuery<Season> {
  const season = seasonOf(slug);
  return {
    key: ['season', season.slug],
    async run(http, signal) {
      let seasons: Season[];
      try {
        seasons = await fetchSeasons(http, [season.slug], signal);
      } catch (error) {
        if (error instanceof S72Error && error.code === 'season_not_found') {
          throw new S72Error('season_not_found', 'TV season not found', {
            category: 'client',
            ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
            ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
            data: { slug: season.slug },
            cause: error,
          });
        }
        throw error;
      }
      const found = seasons.find((s) => s.slug === season.slug);
      if (!found) {
        throw new S72Error('season_not_found', 'TV season not found', {
          category: 'client',
          data: { slug: season.slug },
        });
      }
      return found;
    },
  };
}

// player-and-client §2
/**
 * Fetches one TV season's metadata, with its episodes and bonuses.
 *
 * @param http Base URL, fetch and tokens.
 * @param slug `/tv/{tv}/season/{n}`, or an episode or season bonus of it (mapped to the season).
 * @param signal Aborts the call.
 * @returns The season (`episodes` and `bonuses` always arrays).
 * @throws {S72Error} `unsupported_slug` for another slug shape; `season_not_found`
 *   ("TV season not found") when the season is missing from the answer or the server answers 404;
 *   any error of `request()`.
 */
export async function getSeason(http: HttpOptions, slug: string, signal?: AbortSignal): Promise<Season> {
  // async: a slug error of building the query becomes a rejection, never a synchronous throw.
  return seasonQuery(slug).run(http, signal);
}

/**
 * The cacheable read of many seasons in one request (slugs mapped to their season, de-duplicated).
 *
 * @throws {S72Error} `unsupported_slug` at once for a slug that is not a season, episode or bonus.
 */
export function seasonsQuery(slugs: readonly string[]): ContentQuery<Season[]> {
  const seasons = [...new Set(slugs.map((slug) => seasonOf(slug).slug))];
  return {
    key: ['seasons', seasons],
    run: (http, signal) => (seasons.length === 0 ? Promise.resolve([]) : fetchSeasons(http, seasons, signal)),
  };
}

// player-and-client §7 "TV season metadata"
/**
 * Fetches the metadata of many seasons in one request.
 *
 * @param slugs Season, episode or season-bonus slugs; each maps to its season, asked once. An empty
 *   list makes no request.
 * @returns The seasons the server knows; unknown seasons are simply absent.
 * @throws {S72Error} `unsupported_slug` for another slug shape; any error of `request()`.
 */
export async function getSeasons(http: HttpOptions, slugs: readonly string[], signal?: AbortSignal): Promise<Season[]> {
  // async: a slug error of building the query becomes a rejection, never a synchronous throw.
  return seasonsQuery(slugs).run(http, signal);
}
