/**
 * The signed-in viewer: `GET /services/users/detail/users` (player-and-client §7).
 */
import { S72Error, isS72Error } from '../errors.js';
import { request, type HttpOptions } from './http.js';
import { UserResponseSchema, type UserAccount } from './schemas.js';

/**
 * Fetches the viewer's account (`user_id` as a string, `dob` ISO date or null, `email`).
 *
 * @throws {S72Error} `not_authorized` ("Provided credentials were invalid", player-and-client §8)
 *   on 401 or 403; any other error of `request()`.
 */
export async function getUser(http: HttpOptions, signal?: AbortSignal): Promise<UserAccount> {
  try {
    const body = await request(
      http,
      { path: '/services/users/detail/users', signal, unauthorizedCode: 'not_authorized' },
      UserResponseSchema,
    );
    return body.account;
  } catch (error) {
    if (isS72Error(error) && error.httpStatus === 403) {
      throw new S72Error('not_authorized', 'Provided credentials were invalid', {
        category: 'client',
        httpStatus: 403,
        ...(error.requestId ? { requestId: error.requestId } : {}),
        cause: error,
      });
    }
    throw error;
  }
}
