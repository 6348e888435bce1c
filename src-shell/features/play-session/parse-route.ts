/**
 * Hash-route parsing of the play page (play-page §2 "Routes").
 *
 * The play page lives at `/play/`; the route and its query are both inside the hash:
 * `#/film/night-harbour/night-harbour?u=…&t=30`. Play routes are
 * `/film/{film}`, `/film/{film}/bonus/{n}`, `/tv/{tv}/season/{n}`,
 * `/tv/{tv}/season/{n}/episode/{n}` and `/tv/{tv}/season/{n}/bonus/{n}`, each optionally followed
 * by one kebab-case title segment, which is ignored.
 */
import { tryParseSlug, type ParsedSlug } from 's72-player/client';
import { PLAY_ROUTE_TYPES } from '../../config/paths.js';
import { withoutTrailingSlashes } from '../../lib/safe-url.js';

export { withoutTrailingSlashes };
export type PlayRouteSlug = Extract<ParsedSlug, { type: (typeof PLAY_ROUTE_TYPES)[number] }>;

/** What the route part of the hash names. */
export type RouteMatch =
  /** No route: empty hash or `#/`. */
  | { kind: 'none' }
  /** A play route; `title` is the title segment when present. */
  | { kind: 'play'; slug: PlayRouteSlug; title?: string }
  /** A path that is not a play route (gives `invalid_slug` later). */
  | { kind: 'invalid'; path: string };

/** One query parameter as written, value percent-decoded (`+` is kept, tokens may contain it). */
export type QueryParams = ReadonlyMap<string, string>;

/** A parsed hash: route, query parameters and the raw query string. */
export interface HashRoute {
  route: RouteMatch;
  params: QueryParams;
  /** The raw query after `?` (without it), `''` when none. */
  rawQuery: string;
  /** The raw path before `?`, e.g. `/film/night-harbour/night-harbour`. */
  rawPath: string;
}

function isPlayRouteSlug(parsed: ParsedSlug | undefined): parsed is PlayRouteSlug {
  return parsed !== undefined && (PLAY_ROUTE_TYPES as readonly string[]).includes(parsed.type);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Parses a query string into parameters (first occurrence wins). Values are percent-decoded;
 * a `+` stays a `+` (tokens may contain it).
 */
export function parseQuery(rawQuery: string): QueryParams {
  const params = new Map<string, string>();
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = safeDecode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : safeDecode(pair.slice(eq + 1));
    if (key !== '' && !params.has(key)) params.set(key, value);
  }
  return params;
}

/**
 * Matches a route path (`/film/x/title`) against the play routes of play-page §2.
 * The full path is tried first, then the path without its last (title) segment.
 */
export function matchRoute(rawPath: string): RouteMatch {
  const path = withoutTrailingSlashes(rawPath);
  if (path === '') return { kind: 'none' };
  const decoded = path.split('/').map(safeDecode).join('/');
  const full = tryParseSlug(decoded);
  if (isPlayRouteSlug(full)) return { kind: 'play', slug: full };
  const cut = decoded.lastIndexOf('/');
  if (cut > 0) {
    const title = decoded.slice(cut + 1);
    const withoutTitle = tryParseSlug(decoded.slice(0, cut));
    if (isPlayRouteSlug(withoutTitle) && title !== '') return { kind: 'play', slug: withoutTitle, title };
  }
  return { kind: 'invalid', path: decoded };
}

/**
 * Parses `location.hash` (with or without the leading `#`) into the route and its query
 * (play-page §2). Never throws.
 *
 * @example parseHash('#/film/night-harbour/night-harbour?u=tok&t=30')
 *   // → { route: { kind: 'play', slug: { type: 'film', slug: '/film/night-harbour', … }, title: 'night-harbour' },
 *   //     params: Map { u → 'tok', t → '30' }, … }
 */
export function parseHash(hash: string): HashRoute {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = body.indexOf('?');
  const rawPath = q === -1 ? body : body.slice(0, q);
  const rawQuery = q === -1 ? '' : body.slice(q + 1);
  const normalisedPath = rawPath.startsWith('/') || rawPath === '' ? rawPath : `/${rawPath}`;
  return { route: matchRoute(normalisedPath), params: parseQuery(rawQuery), rawQuery, rawPath };
}

/**
 * Removes query parameters from a hash, keeping the route and every other parameter exactly as
 * written. Returns the new hash (with `#`), or `null` when none of `names` was present.
 *
 * @example withoutParams('#/film/x?u=tok&t=30', ['u', 'p']) // → '#/film/x?t=30'
 */
export function withoutParams(hash: string, names: readonly string[]): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = body.indexOf('?');
  if (q === -1) return null;
  const pairs = body.slice(q + 1).split('&');
  const kept = pairs.filter((pair) => {
    const eq = pair.indexOf('=');
    return !names.includes(safeDecode(eq === -1 ? pair : pair.slice(0, eq)));
  });
  if (kept.length === pairs.length) return null;
  const rest = kept.filter((p) => p !== '').join('&');
  return `#${body.slice(0, q)}${rest ? `?${rest}` : ''}`;
}
