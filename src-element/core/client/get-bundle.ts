// player-and-client §3 "Bundle", §7
/**
 * Bundles: `GET /services/meta/v1/bundles/{bundleId}`.
 */
import { S72Error } from '../errors.js';
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { BundleSchema, type Bundle } from './schemas.js';
import { assertSlugType, parseSlug } from './slugs.js';

const BUNDLE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * The bundle id of `/bundle/{id}` or of a bare id.
 *
 * @throws {S72Error} `unsupported_slug` for another slug shape or a malformed id.
 */
export function bundleIdOf(slugOrId: string): string {
  if (slugOrId.startsWith('/')) {
    const parsed = parseSlug(slugOrId);
    assertSlugType(parsed, ['bundle']);
    return parsed.id;
  }
  if (!BUNDLE_ID.test(slugOrId)) {
    throw new S72Error('unsupported_slug', 'Invalid slug', { category: 'client', data: { slug: slugOrId } });
  }
  return slugOrId;
}

/** The cacheable read of one bundle (used by {@link getBundle} and the client's cache). */
export function bundleQuery(slugOrId: string): ContentQuery<Bundle> {
  const id = bundleIdOf(slugOrId);
  return {
    key: ['bundle', id],
    async run(http, signal) {
      try {
        return await request(
          http,
          { path: `/services/meta/v1/bundles/${encodeURIComponent(id)}`, signal, notFoundCode: 'bundle_not_found' },
          BundleSchema,
        );
      } catch (error) {
        if (error instanceof S72Error && error.code === 'bundle_not_found') {
          throw new S72Error('bundle_not_found', 'Bundle not found', {
            category: 'client',
            ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
            ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
            data: { id },
            cause: error,
          });
        }
        throw error;
      }
    },
  };
}

// player-and-client §8
/**
 * Fetches a bundle.
 *
 * @param slugOrId `/bundle/{id}` or the bare id.
 * @returns `{ id, title, tagline, description, portrait_image, landscape_image, items }`, `items`
 *   being content slugs (always an array). The bundle's tvod (available if any item is available,
 *   geoblocked if all are, else unavailable) is derived from the items' availabilities by the caller.
 * @throws {S72Error} `unsupported_slug` for another slug shape; `bundle_not_found`
 *   ("Bundle not found") on 404; any other error of `request()`.
 */
export async function getBundle(http: HttpOptions, slugOrId: string, signal?: AbortSignal): Promise<Bundle> {
  // async: a slug error of building the query becomes a rejection, never a synchronous throw.
  return bundleQuery(slugOrId).run(http, signal);
}
