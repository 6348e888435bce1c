/**
 * What identifies the source a player plays, compared by value: a page (or a
 * React parent re-rendering) that sets an equal `content` or `config` object again must not reload
 * the video. Only these change the source: the assets (URLs, live flag, key systems), the tokens
 * (viewer, play token, `session.token`), the ad tag, the element's `src` / `license-url` / `key-system` /
 * `auth-token`, and the parts of the configuration the engine reads when it loads (licence
 * servers, restrictions, manifest proxy, request retries). Everything else in `config` (title,
 * seeking, heartbeat, telemetry, end screen, cast, …) applies in place.
 */
import type { S72Content, S72PlayerConfig } from './types.js';

/** The configuration keys read when a source is loaded; a change to one of them reloads. */
export const SOURCE_CONFIG_KEYS = ['drm', 'restrictions', 'manifestProxyServerUri', 'network'] as const satisfies readonly (keyof S72PlayerConfig)[];

/** The content keys that identify the source; `title` and `images` change nothing that plays. */
const SOURCE_CONTENT_KEYS = ['slug', 'assets', 'authorization', 'playToken', 'adTag'] as const satisfies readonly (keyof S72Content)[];

export interface SourceIdentityInput {
  content: unknown;
  config: unknown;
  src: unknown;
  licenseUrl: unknown;
  keySystem: unknown;
  authToken: unknown;
}

/**
 * A string equal for two inputs exactly when they load the same source: JSON with object keys
 * sorted, functions and `undefined` left out (as in JSON). Not-an-object `content`/`config` keep
 * their value, so a bad value followed by a good one still counts as a change.
 */
export function sourceIdentity(input: SourceIdentityInput): string {
  return stableStringify({
    content: withSessionToken(input.content, pick(input.content, SOURCE_CONTENT_KEYS)),
    config: pick(input.config, SOURCE_CONFIG_KEYS),
    src: input.src ?? null,
    licenseUrl: input.licenseUrl ?? null,
    keySystem: input.keySystem ?? null,
    authToken: input.authToken ?? null,
  });
}

/** `content.session.token` is a token too (licence headers); the session's other fields apply in place. */
function withSessionToken(content: unknown, picked: unknown): unknown {
  const session = typeof content === 'object' && content !== null ? (content as { session?: unknown }).session : undefined;
  const token = typeof session === 'object' && session !== null ? (session as { token?: unknown }).token : undefined;
  return token === undefined || typeof picked !== 'object' || picked === null ? picked : { ...picked, sessionToken: token };
}

function pick(value: unknown, keys: readonly string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value ?? null;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(keys.filter((key) => record[key] !== undefined).map((key) => [key, record[key]]));
}

function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    const record = item as Record<string, unknown>;
    return Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
  });
}
