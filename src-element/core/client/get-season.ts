/**
 * Season metadata: `GET /services/meta/v2/tv/season/show_multiple?items={slug}` (player-and-client §7).
 */
import { S72Error } from '../errors.js';
import { request, type HttpOptions } from './http.js';
import { SeasonsResponseSchema, type Season } from './schemas.js';
import { assertSlugType, parentSlugOf, parseSlug } from './slugs.js';

/**
 * Fetches one TV season's metadata, with its episodes and bonuses.
 *
 * @param http Base URL, fetch and tokens.
 * @param slug `/tv/{tv}/season/{n}`, or an episode or season bonus of it (mapped to the season,
 *   player-and-client §2).
 * @param signal Aborts the call.
 * @returns The season (`episodes` and `bonuses` always arrays).
 * @throws {S72Error} `unsupported_slug` for another slug shape; `season_not_found`
 *   ("TV season not found") when the season is missing from the answer or the server answers 404;
 *   any error of `request()`.
 */
export async function getSeason(http: HttpOptions, slug: string, signal?: AbortSignal): Promise<Season> {
  const parent = parentSlugOf(parseSlug(slug));
  assertSlugType(parent, ['tv-season']);
  const body = await request(
    http,
    {
      path: '/services/meta/v2/tv/season/show_multiple',
      query: { items: parent.slug },
      signal,
      notFoundCode: 'season_not_found',
    },
    SeasonsResponseSchema,
  );
  const season = body.seasons.find((s) => s.slug === parent.slug);
  if (!season) {
    throw new S72Error('season_not_found', 'TV season not found', {
      category: 'client',
      data: { slug: parent.slug },
    });
  }
  return season;
}
