/**
 * The play flow's own storefront calls, beside the content-data client (play-page §7):
 * `GET /services/users/v1/user_pin_codes/exists` and `POST /services/users/v1/user_pin_codes/verify`
 * (body `{pin, slug}`: the storefront's streams call of a PIN-protected title needs a recent
 * verification for that title), and the countdown's `GET /services/live/v1/streamstatus{slug}` (play-page §4 "Live
 * events", reads `live.status`), through the client's `request()` (tokens, request ids, error bodies). The title's
 * classification (the age check of play-page §5) is read from the client's metadata answer
 * ({@link minimumAgeOf}), not fetched again.
 */
import * as v from 'valibot';
import { request, type FetchLike, type HttpOptions, isS72Error } from 's72-player/client';

/** The answer of a PIN check. */
export type PinVerdict =
  | { ok: true }
  | { ok: false; code: 'incorrect_pin' | 'too_many_attempts'; attemptsRemaining?: number };

export interface FlowApi {
  /** Whether the viewer has a PIN (`{result}`). */
  pinExists(signal?: AbortSignal): Promise<boolean>;
  /**
   * Verifies a PIN for the title `slug`: 200 `{result:true}`; 403 `incorrect_pin`; 429
   * `too_many_attempts`. Other failures reject.
   */
  verifyPin(pin: string, slug: string, signal?: AbortSignal): Promise<PinVerdict>;
  /**
   * A live event's status (`live.status`: `planned`, `live`, `completed`, or another value the
   * storefront sends, e.g. `ended`; `null` when the answer has none) from `GET {url}`, an absolute
   * URL on the storefront (the configured live status base URL followed by the slug). Failures reject.
   */
  liveStatus(url: string, signal?: AbortSignal): Promise<string | null>;
}

const ResultSchema = v.object({ result: v.boolean() });
const LiveStatusSchema = v.object({ live: v.nullish(v.object({ status: v.nullish(v.string()) })) });

/** Highest `minimum_age` of a classification list, `undefined` when none is given. */
export function minimumAgeOf(classifications: ReadonlyArray<{ minimum_age?: number | null | undefined }> | null | undefined): number | undefined {
  const ages = (classifications ?? []).map((c) => c.minimum_age).filter((a): a is number => typeof a === 'number');
  return ages.length > 0 ? Math.max(...ages) : undefined;
}

/** Creates the calls for one storefront and viewer (tokens as the content client sends them). */
export function createFlowApi(options: Omit<HttpOptions, 'fetch'> & { fetch?: FetchLike }): FlowApi {
  const http: HttpOptions = { ...options, fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)) };
  return {
    async pinExists(signal) {
      return (await request(http, { path: '/services/users/v1/user_pin_codes/exists', signal }, ResultSchema)).result;
    },
    async verifyPin(pin, slug, signal) {
      try {
        const body = await request(
          http,
          { method: 'POST', path: '/services/users/v1/user_pin_codes/verify', json: { pin, slug }, signal },
          ResultSchema,
        );
        return body.result ? { ok: true } : { ok: false, code: 'incorrect_pin' };
      } catch (error) {
        const status = isS72Error(error) ? error.httpStatus : undefined;
        if (!isS72Error(error) || (status !== 403 && status !== 429)) throw error;
        // request() keeps the error body's scalar fields as `data.details` (http.ts).
        const details = error.data['details'] as Readonly<Record<string, unknown>> | undefined;
        const remaining = details?.['attempts_remaining'];
        const code = status === 429 || error.code === 'too_many_attempts' ? 'too_many_attempts' : 'incorrect_pin';
        return { ok: false, code, ...(typeof remaining === 'number' ? { attemptsRemaining: remaining } : {}) };
      }
    },
    async liveStatus(url, signal) {
      const target = new URL(url);
      const body = await request(
        { ...http, baseUrl: target.origin },
        { path: target.pathname, notFoundCode: 'not_a_live_stream', signal },
        LiveStatusSchema,
      );
      return body.live?.status?.trim().toLowerCase() || null;
    },
  };
}
