// player-and-client §3 "User plan", §7
/**
 * The viewer's plans: `GET /services/content/v1/user_plans`.
 */
import { S72Error } from '../errors.js';
import type { ContentQuery } from './cache.js';
import { request, type HttpOptions } from './http.js';
import { UserPlansResponseSchema, type UserPlan } from './schemas.js';

/** The cacheable read of the viewer's plans (used by {@link getUserPlans} and the client's cache). */
export const userPlansQuery: ContentQuery<UserPlan[]> = {
  key: ['user-plans'],
  run: async (http, signal) => {
    const body = await request(http, { path: '/services/content/v1/user_plans', signal }, UserPlansResponseSchema);
    return body.plans;
  },
};

// player-and-client §8 "Client"
/**
 * The viewer's plan `planId` (expired or not) among `plans`.
 *
 * @throws {S72Error} `plan_not_found` when the viewer has no plan of that id.
 */
export function pickUserPlan(plans: readonly UserPlan[], planId: string): UserPlan {
  const found = plans.find((plan) => plan.plan_id === planId);
  if (found) return found;
  throw new S72Error('plan_not_found', 'Plan not found', { category: 'client', data: { planId } });
}

/**
 * Fetches the viewer's plans, expired ones included (the caller compares `expiry` with now).
 *
 * @returns `[{ plan_id, expiry }]`, `plan_id` as a string, `expiry` an ISO string or null/absent.
 * @throws {S72Error} `unauthorized` (401) without a valid token; any other error of `request()`.
 */
export function getUserPlans(http: HttpOptions, signal?: AbortSignal): Promise<UserPlan[]> {
  return userPlansQuery.run(http, signal);
}
