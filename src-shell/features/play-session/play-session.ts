/**
 * Building, storing and reading the play session (play-page §2 query parameters, §3 "Play session",
 * §5 "The session auth token and play token are trimmed").
 *
 * Where it is kept (issue 8 "Tokens at rest"; DESIGN.md "Security rules"): the whole session, tokens
 * included, in memory and in the tab's `sessionStorage` under `playSession`, for at most
 * {@link PLAY_SESSION_TTL_MS} after its `time`; `localStorage.playSession` holds only the viewer's
 * preferences ({@link PREFERENCE_KEYS}). A token found in `localStorage` (left by an older page) is
 * never used and is removed.
 */
import { parentSlugOf } from 's72-player/client';
import type { JsonStorage } from '../../lib/storage.js';
import { safeRedirectUrl } from '../../lib/safe-url.js';
import type { PlaySession } from '../../types/play-session.js';
import type { QueryParams, RouteMatch } from './parse-route.js';

/**
 * Key of the play session (play-page §3): the whole session in `sessionStorage`, the preferences
 * only in `localStorage`.
 */
export const PLAY_SESSION_KEY = 'playSession';

/**
 * How long a stored session (and so its tokens) may be reused after its `time`, ms. Not in the spec;
 * our choice (issue 8): long enough for an evening's viewing and a reload, short enough that an old
 * token does not ride along with a later link.
 */
export const PLAY_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The session fields kept as preferences in `localStorage` (play-page §3); never a token. */
export const PREFERENCE_KEYS = [
  'lastSelectedAudioLanguage',
  'lastSelectedAudioRoles',
  'lastSelectedTextLanguage',
  'lastSelectedTextType',
  'bypassCache',
] as const;

/** The viewer's preferences: the part of the session that outlives the tab. */
export type PlayPreferences = Pick<PlaySession, (typeof PREFERENCE_KEYS)[number]>;

/** Where the play session is kept. */
export interface SessionStores {
  /** Tab-scoped storage (`sessionStorage`): the whole session, tokens included. */
  session: JsonStorage;
  /** Persistent storage (`localStorage`): preferences and the sign-in redirect only, never a token. */
  preferences: JsonStorage;
}

/**
 * The query parameter that switches `bypassCache` (play-page §3, §6 "A session with bypassCache sends
 * x-bypass-cache"): `true`/`1` on, `false`/`0` (or any other value) off. The spec's §2 table names no
 * parameter for it: ours, named like the session field. The choice is kept with the preferences.
 */
export const BYPASS_CACHE_PARAM = 'bypassCache';

/** The query parameters that carry tokens, removed from the address bar once read. */
export const TOKEN_PARAMS = ['u', 'p'] as const;

/** A session's defaults when no parameter says otherwise (play-page §2). */
export const SESSION_DEFAULTS = {
  showNavbar: true,
  airplayEnabled: true,
  castEnabled: true,
  autoplay: true,
  seekingEnabled: true,
  playbackRatesEnabled: false,
} as const satisfies Partial<PlaySession>;

/** Where redirects may go: the page's origin and the allow-list. */
export interface RedirectPolicy {
  origin: string;
  allowedOrigins?: readonly string[];
}

/** `false`/`0` (any case) → false; anything else → true. For `nav`, `airplay`, `cast`, `autoplay`, `seeking`. */
function enabledUnlessFalse(value: string | undefined): boolean {
  if (value === undefined) return true;
  const v = value.trim().toLowerCase();
  return !(v === 'false' || v === '0');
}

/** `true`/`1` → true; anything else → false. For `rates`. */
function enabledIfTrue(value: string | undefined): boolean {
  if (value === undefined) return false;
  const v = value.trim().toLowerCase();
  return v === 'true' || v === '1';
}

function token(value: string | undefined): string | undefined {
  const t = value?.trim();
  return t ? t : undefined;
}

/** `t`: a finite, non-negative number of seconds; anything else is ignored. */
export function parseStartTime(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * `from` (play-page §2, DESIGN.md "Security rules"): `''` means none; a same-origin or
 * allow-listed URL is kept (absolute); anything else is ignored (returns `undefined`).
 */
export function parseRedirect(value: string | undefined, policy: RedirectPolicy): string | null | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') return null;
  return safeRedirectUrl(value, policy.origin, policy.allowedOrigins) ?? undefined;
}

/**
 * Reads the play-page query parameters into session fields (play-page §2 table).
 * Only the fields whose parameter is present are returned, except the feature flags, which
 * always get their default.
 */
export function sessionFieldsFromQuery(params: QueryParams, policy: RedirectPolicy): Partial<PlaySession> {
  const fields: Partial<PlaySession> = {
    showNavbar: enabledUnlessFalse(params.get('nav')),
    airplayEnabled: enabledUnlessFalse(params.get('airplay')),
    castEnabled: enabledUnlessFalse(params.get('cast')),
    autoplay: enabledUnlessFalse(params.get('autoplay')),
    seekingEnabled: enabledUnlessFalse(params.get('seeking')),
    playbackRatesEnabled: enabledIfTrue(params.get('rates')),
  };
  const startTime = parseStartTime(params.get('t'));
  if (startTime !== undefined) fields.startTime = startTime;
  const authToken = token(params.get('u'));
  if (authToken) fields.authToken = authToken;
  const playToken = token(params.get('p'));
  if (playToken) fields.playToken = playToken;
  const telemetry = params.get('m')?.trim();
  // play-page §2 `m`: an absolute http(s) URL or a path on the storefront (`/services/…`); which
  // endpoints it may name is decided when telemetry is sent (telemetry-url.ts).
  if (telemetry && (/^https?:\/\//i.test(telemetry) || /^\/(?![/\\])/.test(telemetry))) fields.telemetryUrl = telemetry;
  const redirect = parseRedirect(params.get('from'), policy);
  if (redirect !== undefined) fields.redirectUrl = redirect;
  const bypass = params.get(BYPASS_CACHE_PARAM);
  if (bypass !== undefined) fields.bypassCache = enabledIfTrue(bypass);
  return fields;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);

/**
 * Turns whatever was stored under `playSession` into a session, dropping fields of the wrong type.
 * Returns `undefined` for anything that is not an object (bad stored JSON is ignored, play-page §3).
 * A stored `redirectUrl` is validated again.
 */
export function sanitizeStoredSession(value: unknown, policy: RedirectPolicy): PlaySession | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  const session: PlaySession = {
    showNavbar: bool(o['showNavbar'], true),
    airplayEnabled: bool(o['airplayEnabled'], true),
    castEnabled: bool(o['castEnabled'], true),
    autoplay: bool(o['autoplay'], true),
    seekingEnabled: bool(o['seekingEnabled'], true),
    playbackRatesEnabled: bool(o['playbackRatesEnabled'], false),
  };
  // `from` absent stays absent (the sign-in page); `null` or an unsafe stored URL means none.
  if (typeof o['redirectUrl'] === 'string') session.redirectUrl = safeRedirectUrl(o['redirectUrl'], policy.origin, policy.allowedOrigins);
  else if (o['redirectUrl'] === null) session.redirectUrl = null;
  const strings = [
    'item',
    'itemToPlay',
    'authToken',
    'playToken',
    'telemetryUrl',
    'userId',
    'lastSelectedAudioLanguage',
    'lastSelectedTextLanguage',
    'lastSelectedTextType',
  ] as const;
  for (const key of strings) {
    const s = str(o[key]);
    if (s !== undefined) session[key] = key === 'authToken' || key === 'playToken' ? s.trim() : s;
  }
  const startTime = num(o['startTime']);
  if (startTime !== undefined && startTime >= 0) session.startTime = startTime;
  const time = num(o['time']);
  if (time !== undefined) session.time = time;
  if (Array.isArray(o['lastSelectedAudioRoles'])) {
    session.lastSelectedAudioRoles = o['lastSelectedAudioRoles'].filter((r): r is string => typeof r === 'string');
  }
  if (typeof o['bypassCache'] === 'boolean') session.bypassCache = o['bypassCache'];
  return session;
}

/** The preference fields of `session` that are set. Pure. */
export function preferencesOf(session: Partial<PlaySession>): PlayPreferences {
  const prefs: PlayPreferences = {};
  for (const key of ['lastSelectedAudioLanguage', 'lastSelectedTextLanguage', 'lastSelectedTextType'] as const) {
    const value = session[key];
    if (typeof value === 'string' && value !== '') prefs[key] = value;
  }
  if (Array.isArray(session.lastSelectedAudioRoles)) {
    prefs.lastSelectedAudioRoles = session.lastSelectedAudioRoles.filter((r): r is string => typeof r === 'string');
  }
  if (typeof session.bypassCache === 'boolean') prefs.bypassCache = session.bypassCache;
  return prefs;
}

/** The slice of the player's tracks (`S72Tracks`) {@link preferencesFromTracks} reads. */
export interface ActiveTracks {
  audio: readonly { language: string; roles: readonly string[]; active: boolean }[];
  text: readonly { language: string; kind: string; active: boolean }[];
}

/**
 * `lastSelectedTextLanguage` when the viewer turned subtitles off (play-page §3 has no field for
 * "off"; this documented marker is ours): the next load asks the player for no text language, not
 * even the streams answer's `default_subtitle_language`.
 */
export const TEXT_OFF = 'off';

/**
 * The track preferences of play-page §3 (`lastSelectedAudioLanguage`, `lastSelectedAudioRoles`,
 * `lastSelectedTextLanguage`, `lastSelectedTextType`) from the player's tracks: the active audio
 * track's language and roles, the active text track's language and kind. Text turned off (`previous`,
 * the last snapshot of the same item, had an active text track; `tracks` has text tracks and none
 * active) is {@link TEXT_OFF}; otherwise a kind with no active track (or no language) says nothing,
 * so a load that starts without subtitles records no choice. Pure; written on every `s72-tracks-change`.
 */
export function preferencesFromTracks(tracks: ActiveTracks, previous?: ActiveTracks | null): PlayPreferences {
  const prefs: PlayPreferences = {};
  const audio = tracks.audio.find((t) => t.active && t.language !== '');
  if (audio) {
    prefs.lastSelectedAudioLanguage = audio.language;
    prefs.lastSelectedAudioRoles = [...audio.roles];
  }
  const text = tracks.text.find((t) => t.active && t.language !== '');
  if (text) {
    prefs.lastSelectedTextLanguage = text.language;
    if (text.kind !== '') prefs.lastSelectedTextType = text.kind;
  } else if (tracks.text.length > 0 && !tracks.text.some((t) => t.active) && previous?.text.some((t) => t.active)) {
    prefs.lastSelectedTextLanguage = TEXT_OFF;
  }
  return prefs;
}

/**
 * Reads the preferences from `localStorage.playSession`. Anything else found there (tokens, user,
 * item: what older pages kept) is ignored and removed from storage at once (issue 8 "Tokens at rest").
 */
export function readStoredPreferences(storage: JsonStorage): PlayPreferences {
  const raw = storage.read(PLAY_SESSION_KEY);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const prefs = preferencesOf(raw as Partial<PlaySession>);
  const extra = Object.keys(raw).some((key) => !(PREFERENCE_KEYS as readonly string[]).includes(key));
  if (extra) {
    if (Object.keys(prefs).length > 0) storage.write(PLAY_SESSION_KEY, prefs);
    else storage.remove(PLAY_SESSION_KEY);
  }
  return prefs;
}

/** Whether a session built at `session.time` is past {@link PLAY_SESSION_TTL_MS} at `now` (no `time`: expired). */
export function isSessionExpired(session: Pick<PlaySession, 'time'>, now: number, ttlMs = PLAY_SESSION_TTL_MS): boolean {
  return session.time === undefined || now - session.time > ttlMs || session.time - now > ttlMs;
}

/**
 * Reads the stored play session from the tab's storage, with the preferences of `localStorage`;
 * `undefined` when absent, unusable or expired (an expired one is removed).
 *
 * @param now Epoch ms, to honour the TTL from the session's `time`.
 */
export function readStoredSession(stores: SessionStores, policy: RedirectPolicy, now: number): PlaySession | undefined {
  const prefs = readStoredPreferences(stores.preferences);
  const session = sanitizeStoredSession(stores.session.read(PLAY_SESSION_KEY), policy);
  if (!session) return undefined;
  if (isSessionExpired(session, now)) {
    stores.session.remove(PLAY_SESSION_KEY);
    return undefined;
  }
  return { ...session, ...prefs };
}

/** localStorage key of the address (token-free) to come back to after signing in (play-page §6). */
export const PLAY_REDIRECT_KEY = 'playRedirect';

/**
 * play-page §6 "A 401 without a play token": clears the stored auth token and user of the play
 * session and stores `redirect` (the play page address without tokens) under {@link PLAY_REDIRECT_KEY}.
 */
export function signOutStoredSession(stores: SessionStores, policy: RedirectPolicy, redirect: string, now: number): void {
  const stored = readStoredSession(stores, policy, now);
  if (stored) {
    const { authToken: _token, userId: _user, playToken: _play, ...rest } = stored;
    storeSession(stores, rest);
  }
  stores.preferences.write(PLAY_REDIRECT_KEY, redirect);
}

/**
 * play-page §3 `userId`: records the signed-in viewer's id (the user call's `account.user_id`) in the
 * stored play session, when that session still carries `authToken` (the token the id was read with).
 * A 401 without a play token clears it with the auth token ({@link signOutStoredSession}).
 */
export function storeUserId(stores: SessionStores, policy: RedirectPolicy, authToken: string, userId: string, now: number): void {
  const stored = readStoredSession(stores, policy, now);
  if (!stored || stored.authToken !== authToken || stored.userId === userId) return;
  stores.session.write(PLAY_SESSION_KEY, { ...stored, userId });
}

/**
 * Stores the play session under `playSession`: all of it in the tab's storage, its preferences (merged
 * over those stored) in `localStorage` (issue 8 "Tokens at rest").
 */
export function storeSession(stores: SessionStores, session: PlaySession): void {
  stores.session.write(PLAY_SESSION_KEY, session);
  storePreferences(stores.preferences, preferencesOf(session));
}

/** Merges `prefs` into the preferences of `localStorage.playSession` (never a token). */
export function storePreferences(storage: JsonStorage, prefs: PlayPreferences): void {
  const merged = { ...readStoredPreferences(storage), ...preferencesOf(prefs) };
  if (Object.keys(merged).length > 0) storage.write(PLAY_SESSION_KEY, merged);
}

/** Input of {@link buildPlaySession}. */
export interface BuildSessionInput {
  route: RouteMatch;
  params: QueryParams;
  /** The stored session, already sanitised and not expired. */
  stored: PlaySession | undefined;
  /** The preferences of `localStorage` (they win over the stored session's). */
  preferences?: PlayPreferences;
  policy: RedirectPolicy;
  /** Epoch ms, recorded as `time`. */
  now: number;
  /**
   * `bypassCache` of a session that neither the address nor the stored session or preferences set
   * (the page's build configuration, `VITE_BYPASS_CACHE`). Default false.
   */
  bypassCacheDefault?: boolean;
}

/**
 * Builds the play session from the address and the stored session (play-page §2, §3).
 *
 * - No route and no query: the stored session as is, or `null` (a missing session, which sends the
 *   viewer home).
 * - A play route sets `itemToPlay` (the slug) and `item` (its parent slug: film of a bonus, season
 *   of an episode); an unparseable path sets both to that path (the flow reports `invalid_slug`).
 *   Without a route, `item` and `itemToPlay` come from the stored session (a session without them
 *   gives `invalid_app.session_params`).
 * - `u`/`p` are trimmed; without `u`, the stored auth token is kept (the address bar loses it after
 *   the first load); without `p`, the stored play token is kept only for the same `itemToPlay`.
 *   `time` is `now` when the address brings a token; a session that only carries stored tokens
 *   keeps the stored `time`, so reuse never extends the tokens' TTL (issue 8).
 * - The other parameters come from the query, with their defaults; preferences come from the stored
 *   session and `preferences`.
 */
export function buildPlaySession(input: BuildSessionInput): PlaySession | null {
  const { route, params, stored, policy, now } = input;
  if (route.kind === 'none' && params.size === 0) {
    if (!stored) return null;
    const kept = input.preferences ? { ...stored, ...preferencesOf(input.preferences) } : stored;
    return kept.bypassCache === undefined && input.bypassCacheDefault ? { ...kept, bypassCache: true } : kept;
  }

  const fromQuery = sessionFieldsFromQuery(params, policy);
  const session: PlaySession = { ...SESSION_DEFAULTS, ...fromQuery, time: now };
  // `from` absent: `redirectUrl` left out (its spec default, the configured sign-in page, is resolved
  // by the play flow); present but invalid: ignored, none.
  if (fromQuery.redirectUrl === undefined && params.get('from') !== undefined) session.redirectUrl = null;

  if (route.kind === 'play') {
    session.itemToPlay = route.slug.slug;
    session.item = parentSlugOf(route.slug).slug;
  } else if (route.kind === 'invalid') {
    session.itemToPlay = route.path;
    session.item = route.path;
  } else {
    if (stored?.item) session.item = stored.item;
    if (stored?.itemToPlay) session.itemToPlay = stored.itemToPlay;
  }

  let inherited = false;
  if (!session.authToken && stored?.authToken) {
    session.authToken = stored.authToken;
    inherited = true;
  }
  if (!session.playToken && stored?.playToken && stored.itemToPlay === session.itemToPlay) {
    session.playToken = stored.playToken;
    inherited = true;
  }
  const fresh = fromQuery.authToken !== undefined || fromQuery.playToken !== undefined;
  if (inherited && !fresh && stored?.time !== undefined) session.time = stored.time;
  if (stored?.userId && stored.authToken === session.authToken) session.userId = stored.userId;
  if (stored) {
    for (const key of ['lastSelectedAudioLanguage', 'lastSelectedTextLanguage', 'lastSelectedTextType'] as const) {
      if (stored[key] !== undefined) session[key] = stored[key];
    }
    if (stored.lastSelectedAudioRoles) session.lastSelectedAudioRoles = stored.lastSelectedAudioRoles;
    if (stored.bypassCache !== undefined) session.bypassCache = stored.bypassCache;
  }
  if (input.preferences) Object.assign(session, preferencesOf(input.preferences));
  // play-page §6 bypassCache: the address switches it (over the stored choice), else the configured default.
  if (fromQuery.bypassCache !== undefined) session.bypassCache = fromQuery.bypassCache;
  else if (session.bypassCache === undefined && input.bypassCacheDefault) session.bypassCache = true;
  return session;
}
