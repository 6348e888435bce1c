// player-and-client §3 "Telemetry batch (client)", §7; play-page §7 (heartbeat, licences, play_telemetry), §9 (log service)
/**
 * Request body limits of the storefront: a size limit per route (fastify's `bodyLimit`: a declared
 * `content-length` over it is refused with 413 before a byte is read, a longer chunked body is cut
 * off), a nesting limit checked before any JSON is parsed, and the routes that authenticate the
 * caller before the body is read.
 *
 * Sizes: the largest legitimate bodies are the batches — the content-data client's telemetry batch
 * (`POST /services/telemetry/v1/event`, up to 1 000 queued events in one post), the play page's
 * telemetry (`play_telemetry`, 100 events a post) and log lines (`/services/log`, up to 500 queued
 * lines a post) — which get {@link BATCH_BODY_LIMIT}. Licence challenges (Widevine, PlayReady,
 * a FairPlay SPC, a ClearKey `{kids}`) are a few KiB: {@link LICENCE_BODY_LIMIT}, as are the
 * control API's rules (a fault's answer body). Everything else (PIN, heartbeat, player telemetry,
 * streams) is small: {@link DEFAULT_BODY_LIMIT}.
 */

/** Body limit of every route not listed below. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** Body limit of the licence endpoints and the `/__demo/` control API. */
export const LICENCE_BODY_LIMIT = 64 * 1024;
/** Body limit of the telemetry and log batches, the largest legitimate bodies. */
export const BATCH_BODY_LIMIT = 1024 * 1024;
/**
 * Deepest JSON nesting accepted. The player's telemetry and log payloads are copied at most 8
 * levels deep (core/redact.ts `REDACT_MAX_DEPTH`) inside a batch's 3 levels; 32 leaves room.
 */
export const MAX_JSON_DEPTH = 32;

export interface BodyRule {
  /** Most bytes of the body. */
  limit: number;
  /** Refuse the request (401) before reading its body unless it names a known viewer or play token. */
  auth: boolean;
}

const BATCH: BodyRule = { limit: BATCH_BODY_LIMIT, auth: false };
const LICENCE: BodyRule = { limit: LICENCE_BODY_LIMIT, auth: true };
const AUTHED: BodyRule = { limit: DEFAULT_BODY_LIMIT, auth: true };

/** Rules by `METHOD url` as the route is declared. */
const RULES: Readonly<Record<string, BodyRule>> = {
  'POST /services/telemetry/v1/event': { limit: BATCH_BODY_LIMIT, auth: true },
  'POST /services/license/play_telemetry': BATCH,
  'POST /services/log': BATCH,
  'POST /services/license/clearkey': LICENCE,
  'POST /services/license/widevine/cenc': LICENCE,
  'POST /services/license/playready/cenc': LICENCE,
  'POST /services/license/fairplay/cenc': LICENCE,
  'POST /services/license/heartbeat': AUTHED,
  'POST /services/license/player_telemetry': AUTHED,
  'POST /services/users/v1/user_pin_codes/verify': AUTHED,
  'POST /services/playback/streams/*': AUTHED,
  'POST /services/playback/playlist/*': AUTHED,
};

/** The body rule of a route (`method` may be a list, as fastify allows). */
export function bodyRuleFor(method: string | readonly string[], url: string): BodyRule {
  const methods = typeof method === 'string' ? [method] : method;
  for (const m of methods) {
    const rule = RULES[`${m.toUpperCase()} ${url}`];
    if (rule) return rule;
  }
  return { limit: url.startsWith('/__demo/') ? LICENCE_BODY_LIMIT : DEFAULT_BODY_LIMIT, auth: false };
}

/**
 * True when the JSON text nests arrays and objects deeper than `max`. One linear pass over the
 * characters (brackets inside strings do not count), so a deeply nested body is refused before
 * `JSON.parse` spends seconds on it.
 */
export function jsonDepthExceeds(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}
