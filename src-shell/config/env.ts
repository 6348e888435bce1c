/**
 * Build-time settings of the play page (Vite `import.meta.env`).
 *
 * `VITE_ALLOWED_REDIRECT_ORIGINS`: comma-separated origins, besides the page's own, that `from`
 * and other redirect targets may point to (DESIGN.md "Security rules"). Empty by default.
 *
 * The origins of pages that may embed the play page and receive its window messages are not a build
 * setting: the storefront serves them with the page, the same list as its `frame-ancestors`
 * (`parentOriginsOfPage` in lib/parent-messaging.ts, issue 25 item 7).
 *
 * `VITE_CAST_APP_ID`: the Cast receiver application id used when the storefront's configuration has
 * no `cast_app_id` (play-page §9 "Default cast app id is present"). Unset: none, and casting enabled
 * without an app id shows "Cast unavailable" (player-and-client §5).
 *
 * `VITE_BYPASS_CACHE`: `true`/`1` makes every session send `x-bypass-cache` unless the address's
 * `bypassCache` parameter (or the viewer's stored choice) says otherwise. Unset: off.
 */
function list(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

const env = (import.meta as ImportMeta & { env?: Record<string, unknown> }).env ?? {};

export const ALLOWED_REDIRECT_ORIGINS: readonly string[] = list(env['VITE_ALLOWED_REDIRECT_ORIGINS']);

const bypassCache = env['VITE_BYPASS_CACHE'];

export const BYPASS_CACHE_DEFAULT: boolean = typeof bypassCache === 'string' && ['true', '1'].includes(bypassCache.trim().toLowerCase());

const castAppId = env['VITE_CAST_APP_ID'];

export const DEFAULT_CAST_APP_ID: string | undefined = typeof castAppId === 'string' && castAppId.trim() ? castAppId.trim() : undefined;
