// player-and-client §7
/**
 * The signed-in viewer: `GET /services/users/detail/users`, answer field `account`.
 */
import { S72Error, isS72Error } from '../errors.js';
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { UserResponseSchema, type UserAccount } from './schemas.js';

// player-and-client §8
/** The message of `not_authorized`. */
export const NOT_AUTHORIZED_MESSAGE = 'Provided credentials were invalid';

/** The cacheable read of the viewer's account (used by {@link getUser} and the client's cache). */
export const userQuery: ContentQuery<UserAccount> = {
  key: ['user'],
  async run(http, signal) {
    try {
      const body = await request(
        http,
        { path: '/services/users/detail/users', signal, unauthorizedCode: 'not_authorized' },
        UserResponseSchema,
      );
      return body.account;
    } catch (error) {
      // "raised when the user cannot be fetched" (player-and-client §8): no, bad or foreign credentials.
      if (isS72Error(error) && (error.httpStatus === 401 || error.httpStatus === 403 || error.httpStatus === 404)) {
        throw new S72Error('not_authorized', NOT_AUTHORIZED_MESSAGE, {
          category: 'client',
          httpStatus: error.httpStatus,
          ...(error.requestId ? { requestId: error.requestId } : {}),
          cause: error,
        });
      }
      throw error;
    }
  },
};

// player-and-client §8
/**
 * Fetches the viewer's account (`user_id` as a string, `dob` ISO date or null, `email`).
 *
 * @throws {S72Error} `not_authorized` ("Provided credentials were invalid")
 *   on 401, 403 or 404 (the user cannot be fetched); any other error of `request()`.
 */
export function getUser(http: HttpOptions, signal?: AbortSignal): Promise<UserAccount> {
  return userQuery.run(http, signal);
}
