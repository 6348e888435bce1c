/**
 * The play flow's own storefront calls, beside the content-data client (play-page §7):
 * `GET /services/users/v1/user_pin_codes/exists`, `POST /services/users/v1/user_pin_codes/verify`
 * and the title's classification (its `minimum_age`, for the age check of play-page §5), read from
 * the metadata endpoints the client's schemas do not keep it from.
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
  /** Verifies a PIN: 200 `{result:true}`; 403 `incorrect_pin`; 429 `too_many_attempts`. Other failures reject. */
  verifyPin(pin: string, signal?: AbortSignal): Promise<PinVerdict>;
  /** The title's classification minimum age, `undefined` when unknown. Never rejects. */
  getMinimumAge(slug: string, signal?: AbortSignal): Promise<number | undefined>;
}

const ResultSchema = v.object({ result: v.boolean() });
const ClassifiedSchema = v.object({
  slug: v.optional(v.string()),
  classifications: v.optional(v.nullable(v.array(v.object({ minimum_age: v.nullish(v.number()) })))),
});
const FilmsSchema = v.object({ films: v.array(ClassifiedSchema) });
const SeasonsSchema = v.object({ seasons: v.array(ClassifiedSchema) });

/** Highest `minimum_age` of a classification list, `undefined` when none is given. */
export function minimumAgeOf(classifications: ReadonlyArray<{ minimum_age?: number | null | undefined }> | null | undefined): number | undefined {
  const ages = (classifications ?? []).map((c) => c.minimum_age).filter((a): a is number => typeof a === 'number');
  return ages.length > 0 ? Math.max(...ages) : undefined;
}

/** Creates the calls for one storefront and viewer (tokens as the content client sends them). */
export function createFlowApi(options: Omit<HttpOptions, 'fetch'> & { fetch?: FetchLike }): FlowApi {
  const base: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const http: HttpOptions = { ...options, fetch: base };
  return {
    async pinExists(signal) {
      return (await request(http, { path: '/services/users/v1/user_pin_codes/exists', signal }, ResultSchema)).result;
    },
    async verifyPin(pin, signal) {
      // request() keeps the code but not `attempts_remaining`: read it from a copy of the error body.
      let errorBody: unknown;
      const fetchKeepingErrorBody: FetchLike = async (input, init) => {
        const response = await base(input, { ...init, method: 'POST', body: JSON.stringify({ pin }), headers: withJson(init?.headers) });
        if (!response.ok) errorBody = await response.clone().json().catch(() => undefined);
        return response;
      };
      try {
        const body = await request(
          { ...http, fetch: fetchKeepingErrorBody },
          { method: 'POST', path: '/services/users/v1/user_pin_codes/verify', signal },
          ResultSchema,
        );
        return body.result ? { ok: true } : { ok: false, code: 'incorrect_pin' };
      } catch (error) {
        const status = isS72Error(error) ? error.httpStatus : undefined;
        if (status === 403 || status === 429) {
          const remaining = (errorBody as { attempts_remaining?: unknown } | undefined)?.attempts_remaining;
          const code = status === 429 || (isS72Error(error) && error.code === 'too_many_attempts') ? 'too_many_attempts' : 'incorrect_pin';
          return { ok: false, code, ...(typeof remaining === 'number' ? { attemptsRemaining: remaining } : {}) };
        }
        throw error;
      }
    },
    async getMinimumAge(slug, signal) {
      try {
        const film = /^\/film\/([^/]+)/.exec(slug);
        if (film) {
          const body = await request(http, { path: `/services/meta/v2/film/${film[1]}/show_multiple`, signal }, FilmsSchema);
          return minimumAgeOf(body.films[0]?.classifications);
        }
        const season = /^(\/tv\/[^/]+\/season\/\d+)/.exec(slug);
        if (season) {
          const body = await request(
            http,
            { path: '/services/meta/v2/tv/season/show_multiple', query: { items: season[1]! }, signal },
            SeasonsSchema,
          );
          return minimumAgeOf(body.seasons[0]?.classifications);
        }
        return undefined;
      } catch {
        return undefined;
      }
    },
  };
}

function withJson(headers: HeadersInit | undefined): Headers {
  const h = new Headers(headers);
  h.set('content-type', 'application/json');
  return h;
}
