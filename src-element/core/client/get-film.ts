// player-and-client §7
/**
 * Film metadata: `GET /services/meta/v2/film/{ids}/show_multiple`.
 */
import { S72Error } from '../errors.js';
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { FilmsResponseSchema, type Film } from './schemas.js';
import { assertSlugType, parentSlugOf, parseSlug, type FilmSlug } from './slugs.js';

// §2
/** The film slug whose metadata describes `slug` (a film bonus maps to its film). */
function filmOf(slug: string): FilmSlug {
  const parent = parentSlugOf(parseSlug(slug));
  assertSlugType(parent, ['film']);
  return parent;
}

function filmNotFound(slug: string): S72Error {
  return new S72Error('film_not_found', 'Film not found', { category: 'client', data: { slug } });
}

async function fetchFilms(http: HttpOptions, ids: readonly string[], signal?: AbortSignal): Promise<Film[]> {
  const body = await request(
    http,
    {
      path: `/services/meta/v2/film/${ids.map(encodeURIComponent).join(',')}/show_multiple`,
      signal,
      notFoundCode: 'film_not_found',
    },
    FilmsResponseSchema,
  );
  return body.films;
}

/**
 * The cacheable read of one film (used by {@link getFilm} and the client's cache).
 *
 * @throws {S72Error} `unsupported_slug` at once for a slug that is not a film or film bonus.
 */
export function filmQuery(slug: string): ContentQuery<Film> {
  const film = filmOf(slug);
  return {
    key: ['film', film.filmId],
    async run(http, signal) {
      try {
        const films = await fetchFilms(http, [film.filmId], signal);
        const found = films.find((f) => f.slug === film.slug || f.id === film.filmId);
        if (!found) throw filmNotFound(film.slug);
        return found;
      } catch (error) {
        if (error instanceof S72Error && error.code === 'film_not_found' && error.message !== 'Film not found') {
          throw new S72Error('film_not_found', 'Film not found', {
            category: 'client',
            ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
            ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
            data: { slug: film.slug },
            cause: error,
          });
        }
        throw error;
      }
    },
  };
}

// player-and-client §2
/**
 * Fetches one film's metadata.
 *
 * @param http Base URL, fetch and tokens.
 * @param slug `/film/{id}` or a film bonus `/film/{id}/bonus/{n}` (mapped to its film).
 * @param signal Aborts the call.
 * @returns The film (`runtime` in minutes, `bonuses` always an array).
 * @throws {S72Error} `unsupported_slug` for another slug shape; `film_not_found` ("Film not found")
 *   when the film is missing from the answer or the server answers 404; any error of `request()`.
 */
export async function getFilm(http: HttpOptions, slug: string, signal?: AbortSignal): Promise<Film> {
  // async: a slug error of building the query becomes a rejection, never a synchronous throw.
  return filmQuery(slug).run(http, signal);
}

/**
 * The cacheable read of many films in one request (ids de-duplicated, order kept).
 *
 * @throws {S72Error} `unsupported_slug` at once for a slug that is not a film or film bonus.
 */
export function filmsQuery(slugs: readonly string[]): ContentQuery<Film[]> {
  const ids = [...new Set(slugs.map((slug) => filmOf(slug).filmId))];
  return {
    key: ['films', ids],
    run: (http, signal) => (ids.length === 0 ? Promise.resolve([]) : fetchFilms(http, ids, signal)),
  };
}

// player-and-client §7
/**
 * Fetches the metadata of many films in one request ("metadata for many slugs"). Film bonuses map to their film.
 *
 * @param slugs Film or film-bonus slugs; duplicates are asked once. An empty list makes no request.
 * @returns The films the server knows, in its order; unknown films are simply absent.
 * @throws {S72Error} `unsupported_slug` for another slug shape; any error of `request()`.
 */
export async function getFilms(http: HttpOptions, slugs: readonly string[], signal?: AbortSignal): Promise<Film[]> {
  // async: a slug error of building the query becomes a rejection, never a synchronous throw.
  return filmsQuery(slugs).run(http, signal);
}
