/**
 * Film metadata: `GET /services/meta/v2/film/{id}/show_multiple` (player-and-client §7).
 */
import { S72Error } from '../errors.js';
import { request, type HttpOptions } from './http.js';
import { FilmsResponseSchema, type Film } from './schemas.js';
import { assertSlugType, parentSlugOf, parseSlug } from './slugs.js';

/**
 * Fetches one film's metadata.
 *
 * @param http Base URL, fetch and tokens.
 * @param slug `/film/{id}` or a film bonus `/film/{id}/bonus/{n}` (mapped to its film,
 *   player-and-client §2).
 * @param signal Aborts the call.
 * @returns The film (`runtime` in minutes, `bonuses` always an array).
 * @throws {S72Error} `unsupported_slug` for another slug shape; `film_not_found` ("Film not found")
 *   when the film is missing from the answer or the server answers 404; any error of `request()`.
 */
export async function getFilm(http: HttpOptions, slug: string, signal?: AbortSignal): Promise<Film> {
  const parent = parentSlugOf(parseSlug(slug));
  assertSlugType(parent, ['film']);
  const body = await request(
    http,
    {
      path: `/services/meta/v2/film/${encodeURIComponent(parent.filmId)}/show_multiple`,
      signal,
      notFoundCode: 'film_not_found',
    },
    FilmsResponseSchema,
  );
  const film = body.films.find((f) => f.slug === parent.slug || f.id === parent.filmId);
  if (!film) {
    throw new S72Error('film_not_found', 'Film not found', { category: 'client', data: { slug: parent.slug } });
  }
  return film;
}
