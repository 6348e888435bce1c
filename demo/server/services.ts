/**
 * The storefront's `/services/…` API (play-page §6, §7; player-and-client §7), answered from the
 * catalogue and the in-memory state. Payload shapes are the contract the client and shell code
 * against: see demo/CATALOGUE.md.
 */
import { registerDrmLicences } from './drm.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_MAX_STREAMS,
  STREAMABLE_KINDS,
  filmSlug,
  normaliseSlug,
  seasonSlug,
  toIso,
  type CatalogueBonus,
  type CatalogueFilm,
  type CatalogueSeason,
  type CatalogueShow,
  type CatalogueViewer,
  type ItemNode,
} from './catalogue.js';
import { forensicStreamUrl } from './forensic.js';
import { HttpError, originOf } from './http.js';
import { jsonDepthExceeds } from './limits.js';
import type { DemoState, LibraryEntryState, PlayTokenInfo, ProgressState } from './state.js';

/** Availabilities accepted per call (player-and-client §9: batches of 100). */
export const MAX_AVAILABILITY_ITEMS = 100;
/** PIN attempts before lock-out (play-page §5, §9). */
export const PIN_MAX_ATTEMPTS = 5;
/**
 * How long a PIN verification lets its viewer start a PIN-protected title (the streams call, issue 25
 * item 2): a verification older than this is stale and the streams call answers 403 `pin_required`.
 */
export const PIN_VERIFICATION_TTL_MS = 10 * 60_000;
/** `minimum_purchase_age` of the configuration (play-page §5 "Age check"), also enforced by the streams call. */
export const MINIMUM_PURCHASE_AGE = 18;
/** `heartbeat_frequency` of the configuration, seconds. */
export const HEARTBEAT_FREQUENCY_S = 30;
/** A play token is an active stream session while its last heartbeat is younger than this (2 × frequency). */
export const STREAM_SESSION_TTL_MS = 2 * HEARTBEAT_FREQUENCY_S * 1000;

/** The heartbeat body that ends the stream session at once (`{"state": "stopped"}`, issue 22). */
export function isStop(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)['state'] === 'stopped';
}

/** Largest distance between a player telemetry `ts` and the server clock (player-and-client §5). */
export const TELEMETRY_TS_MAX_SKEW_MS = 3_600_000;
/** Fields every player telemetry post carries (player-and-client §3 "Telemetry post body"). */
export const PLAYER_TELEMETRY_FIELDS = Object.freeze({
  ts: 'number',
  slug: 'string',
  player: 'string',
  elapsed: 'number',
  buffered: 'number',
  bitrate: 'number',
  estbitrate: 'number',
  seeked: 'boolean|number',
  position: 'number',
  length: 'number',
  droppedFrames: 'number',
  adBlocked: 'boolean|number',
} as const);

/** The demo storefront's Cast receiver application id (configuration `cast_app_id`). */
export const DEMO_CAST_APP_ID = '5720DE30';

export const FEATURE_TOGGLES = Object.freeze({
  block_firefox: false,
  block_macos_widevine: false,
  block_mobile_drm: false,
  iphone_fullscreen: true,
  cast: true,
  airplay: true,
});

/** play-page §9 device matrix. */
export const SUPPORTED_DEVICES = Object.freeze({
  browsers: [
    ...['Chrome', 'Edge', 'Firefox', 'Opera'].map((name) => ({
      name,
      platforms: { 'Windows 11': 'yes', 'Windows 10': 'yes', macOS: 'yes', iOS: 'yes', Android: 'yes', Linux: 'maybe' },
    })),
    {
      name: 'Safari',
      platforms: { 'Windows 11': 'no', 'Windows 10': 'no', macOS: 'yes', iOS: 'yes', Android: 'no', Linux: 'no' },
    },
  ],
});

export interface Caller {
  viewer: CatalogueViewer;
  /** The play token the call was made with, if any (it wins over the auth token, play-page §6). */
  playToken: PlayTokenInfo | null;
}

function header(req: FastifyRequest, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).trim();
}

/** Decodes the payload (middle segment) of a play token, or null. */
export function decodePlayToken(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Identifies the viewer: `x-play-token` (or the player's `x-play-session`) wins over `x-auth-token`.
 * 401 `unauthorized` when missing or unknown, 401 `play_token_expired` for an expired play token.
 */
export function authenticate(state: DemoState, req: FastifyRequest): Caller {
  const playToken = header(req, 'x-play-token') || header(req, 'x-play-session');
  if (playToken) {
    const info = state.playTokens.get(playToken);
    const exp = info ? info.exp : decodePlayToken(playToken)?.['exp'];
    if (typeof exp === 'number' && exp * 1000 <= state.now()) {
      throw new HttpError(401, 'play_token_expired', 'The play token has expired.');
    }
    const viewer = info ? state.viewerById(info.userId) : undefined;
    if (!info || !viewer) throw new HttpError(401, 'unauthorized', 'Unknown play token.');
    return { viewer, playToken: info };
  }
  const authToken = header(req, 'x-auth-token');
  if (!authToken) throw new HttpError(401, 'unauthorized', 'Sign in required: no x-auth-token header.');
  const viewer = state.viewerByToken(authToken);
  if (!viewer) throw new HttpError(401, 'unauthorized', 'Provided credentials were invalid.');
  return { viewer, playToken: null };
}

interface ImageUrls {
  portrait: string;
  landscape: string;
  bg: string;
}

export function registerServices(app: FastifyInstance, state: DemoState): void {
  const catalogue = state.catalogue;
  const keysByKid = new Map(catalogue.clearkey_keys.map((k) => [k.kid_hex.toLowerCase(), k.key_hex.toLowerCase()]));

  // ---- helpers -------------------------------------------------------------------------------
  const imageUrls = (origin: string, name: string | undefined): ImageUrls => {
    const images = catalogue.images[name ?? 'default'] ?? catalogue.images['default'];
    const abs = (p: string | undefined): string => (p ? `${origin}/media/${p}` : '');
    return { portrait: abs(images?.portrait), landscape: abs(images?.landscape), bg: abs(images?.bg) };
  };

  const lookup = (rawSlug: string): ItemNode => {
    const slug = normaliseSlug(rawSlug);
    const node = slug === null ? undefined : state.index.get(slug);
    if (!node) throw new HttpError(404, 'slug_not_found', `No content with slug ${JSON.stringify(rawSlug)}.`);
    return node;
  };

  const liveDto = (slug: string): { status: string; started_at: string | null; completed_at: string | null } | null => {
    const live = state.liveStatus(slug);
    return live ? { status: live.status, started_at: toIso(live.started_at), completed_at: toIso(live.completed_at) } : null;
  };

  const progressDto = (p: ProgressState | undefined) =>
    p
      ? { play_position: p.play_position, length: p.length, completed: p.completed, last_played_at: new Date(p.last_played_at).toISOString() }
      : null;

  const progressFor = (userId: number, slug: string): ProgressState | undefined =>
    state.progress.get(userId)?.find((p) => p.item === slug);

  /** The library entry that entitles a viewer to a slug: its own, its parent's, or (season bonus) an episode's. */
  const libraryEntryFor = (userId: number, node: ItemNode): LibraryEntryState | undefined => {
    const entries = state.library.get(userId) ?? [];
    return (
      entries.find((e) => e.item === node.slug) ??
      (node.parent ? entries.find((e) => e.item === node.parent) : undefined) ??
      (node.kind === 'tv-season-bonus' && node.parent
        ? entries.find((e) => e.item.startsWith(`${node.parent}/episode/`))
        : undefined)
    );
  };

  const activePlans = (userId: number): string[] => {
    const now = state.now();
    return (state.userPlans.get(userId) ?? []).filter((p) => p.expiry === null || p.expiry > now).map((p) => p.plan_id);
  };

  const availabilityDto = (node: ItemNode) => {
    const now = state.now();
    const { from, to } = state.window(node);
    const av = node.availability;
    return {
      slug: node.slug,
      from: toIso(from),
      to: toIso(to),
      ms_from: from === null ? 0 : Math.max(0, from - now),
      rental_duration_minutes: av.rental_duration_minutes ?? null,
      rental_playback_duration_minutes: av.rental_playback_duration_minutes ?? null,
      live: liveDto(node.slug),
      requires_pin_code: av.requires_pin_code ?? false,
      tvod: av.tvod ?? 'available',
      plan_ids: [...(av.plan_ids ?? [])],
    };
  };

  /**
   * Availability of `/bundle/{id}` (player-and-client §3 "Availability", §6): tvod `available` if any
   * item is available, `geoblocked` if every item is geoblocked, otherwise (also with no items)
   * `unavailable`; `requires_pin_code` if any item needs it; plan ids of all items.
   */
  const bundleAvailabilityDto = (slug: string) => {
    const id = /^\/bundle\/([^/]+)$/.exec(slug)?.[1];
    const bundle = id === undefined ? undefined : catalogue.bundles.find((b) => b.id === id);
    if (!bundle) return undefined;
    const items = bundle.items.map((item) => state.index.get(item)).filter((n): n is ItemNode => n !== undefined);
    const tvods = items.map((n) => n.availability.tvod ?? 'available');
    const tvod = tvods.includes('available')
      ? 'available'
      : tvods.length > 0 && tvods.every((t) => t === 'geoblocked')
        ? 'geoblocked'
        : 'unavailable';
    return {
      slug,
      from: null,
      to: null,
      ms_from: 0,
      rental_duration_minutes: null,
      rental_playback_duration_minutes: null,
      live: null,
      requires_pin_code: items.some((n) => n.availability.requires_pin_code === true),
      tvod,
      plan_ids: [...new Set(items.flatMap((n) => n.availability.plan_ids ?? []))],
    };
  };

  /** Availability gate of the streams call: expired, finished live event, coming soon. */
  const checkAvailable = (node: ItemNode): void => {
    const now = state.now();
    const { from, to } = state.window(node);
    if (to !== null && to <= now) throw new HttpError(403, 'availability_expired', 'This title is no longer available.');
    if (state.liveStatus(node.slug)?.status === 'completed') {
      throw new HttpError(403, 'live_event_completed', 'This live event has finished.');
    }
    if (from !== null && from > now) {
      throw new HttpError(403, 'unavailable', 'This title is not available yet.', { ms_from: from - now });
    }
  };

  /** Entitlement gate of the streams call: library (incl. rental expiry), then plans. */
  const checkEntitled = (viewer: CatalogueViewer, node: ItemNode): LibraryEntryState | undefined => {
    if (node.access === 'free') return undefined;
    const now = state.now();
    const entry = libraryEntryFor(viewer.user_id, node);
    if (entry) {
      if ((entry.expiry !== null && entry.expiry <= now) || (entry.playback_end !== null && entry.playback_end <= now)) {
        throw new HttpError(403, 'availability_expired', 'Your rental has expired.');
      }
      return entry;
    }
    const planIds = node.availability.plan_ids ?? [];
    const plans = activePlans(viewer.user_id);
    if (planIds.some((p) => plans.includes(p))) return undefined;
    if (planIds.length > 0) throw new HttpError(403, 'no_user_plan', 'This title needs a plan you do not have.');
    throw new HttpError(403, 'missing_from_library', 'This title is not in your library.');
  };

  // ---- rights of the streams call and the licences (issue 25 item 2) -------------------------
  /** The classifications of the films and seasons, by slug. */
  const classificationsBySlug = new Map<string, { minimum_age: number }[]>([
    ...catalogue.films.map((f) => [filmSlug(f.id), f.classifications] as const),
    ...catalogue.shows.flatMap((show) => show.seasons.map((x) => [seasonSlug(show.id, x.season_num), x.classifications] as const)),
  ]);
  /** Highest classification `minimum_age` of a title: its own (film, season), else its parent's. */
  const classificationAge = (node: ItemNode): number => {
    for (let slug: string | null = node.slug; slug !== null; slug = state.index.get(slug)?.parent ?? null) {
      const classifications = classificationsBySlug.get(slug);
      if (classifications) return Math.max(0, ...classifications.map((c) => c.minimum_age));
    }
    return 0;
  };

  /**
   * The age check, as the play page makes it (play-page §5 "Age check"): the configuration's
   * `minimum_purchase_age` (≤ 0: anyone), raised by the title's classification; no date of birth
   * is 403 `missing_dob`, under age 403 `age_restricted`.
   */
  const checkAge = (viewer: CatalogueViewer, node: ItemNode): void => {
    if (MINIMUM_PURCHASE_AGE <= 0) return;
    const required = Math.max(MINIMUM_PURCHASE_AGE, classificationAge(node));
    const dob = viewer.dob ? /^(\d{4})-(\d{2})-(\d{2})/.exec(viewer.dob) : null;
    if (!dob) throw new HttpError(403, 'missing_dob', 'The account has no date of birth.');
    const today = new Date(state.now());
    const [year, month, day] = [Number(dob[1]), Number(dob[2]), Number(dob[3])];
    const birthdayPassed = today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
    const age = today.getUTCFullYear() - year - (birthdayPassed ? 0 : 1);
    if (age < required) throw new HttpError(403, 'age_restricted', 'The viewer is under the minimum age for this title.');
  };

  /**
   * The PIN check: a PIN-protected title (`requires_pin_code`) needs, for a viewer who has a PIN, a
   * verification for this title (or a title it belongs to) younger than {@link PIN_VERIFICATION_TTL_MS};
   * otherwise 403 `pin_required`.
   */
  const checkPinVerified = (viewer: CatalogueViewer, node: ItemNode): void => {
    if (node.availability.requires_pin_code !== true || viewer.pin === null) return;
    const verified = state.pinVerifications.get(viewer.user_id);
    const now = state.now();
    for (let slug: string | null = node.slug; slug !== null; slug = state.index.get(slug)?.parent ?? null) {
      const at = verified?.get(slug);
      if (at !== undefined && now - at < PIN_VERIFICATION_TTL_MS) return;
    }
    throw new HttpError(403, 'pin_required', 'This title needs a PIN verification from the last 10 minutes.');
  };

  /** Key ids (lower-case hex) of a title's streams, from the catalogue's stream sets. */
  const titleKeyIds = (slug: string): Set<string> => {
    const name = state.index.get(slug)?.streams;
    return new Set((name ? (catalogue.stream_sets[name] ?? []) : []).flatMap((s) => (s.key_ids ?? []).map((k) => k.toLowerCase())));
  };

  /**
   * The caller of a licence request: a play token that a streams call issued (a viewer's auth token
   * alone gets no keys: 403 `license_denied`, reason `play_token_required`), whose title is still
   * available and the viewer still entitled to (403 `license_denied` with the streams call's code as
   * reason: `availability_expired` once the availability or a rental's watch window has ended).
   */
  const licenceCaller = (req: FastifyRequest): Caller & { playToken: PlayTokenInfo } => {
    const caller = authenticate(state, req);
    if (!caller.playToken) {
      throw new HttpError(403, 'license_denied', 'A licence needs the play token of a streams call.', { reason: 'play_token_required' });
    }
    const node = state.index.get(caller.playToken.slug);
    try {
      const to = node ? state.window(node).to : null;
      if (to !== null && to <= state.now()) throw new HttpError(403, 'availability_expired', 'Availability ended.');
      if (node) checkEntitled(caller.viewer, node);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) {
        throw new HttpError(403, 'license_denied', 'This title can no longer be watched.', { reason: error.code });
      }
      throw error;
    }
    return { ...caller, playToken: caller.playToken };
  };

  /**
   * The requested key ids (base64url) a play token may have: those of its title. None of them: 403
   * `license_denied`, reason `unknown_key` when the catalogue has none of them, else `wrong_title`.
   */
  const licensedKids = (playToken: PlayTokenInfo, kids: readonly string[]): string[] => {
    const allowed = titleKeyIds(playToken.slug);
    const granted = kids.filter((kid) => allowed.has(Buffer.from(kid, 'base64url').toString('hex')));
    if (granted.length > 0) return granted;
    const known = kids.some((kid) => keysByKid.has(Buffer.from(kid, 'base64url').toString('hex')));
    throw new HttpError(403, 'license_denied', 'No licence for the requested key.', { reason: known ? 'wrong_title' : 'unknown_key' });
  };

  /** The caller of a player session call: a known, unexpired play token (401 otherwise). */
  const requirePlayToken = (req: FastifyRequest): Caller & { playToken: PlayTokenInfo } => {
    if (!header(req, 'x-play-session') && !header(req, 'x-play-token')) {
      throw new HttpError(401, 'unauthorized', 'A play token is required (x-play-session header).');
    }
    const caller = authenticate(state, req);
    if (!caller.playToken) throw new HttpError(401, 'unauthorized', 'Unknown play token.');
    return { ...caller, playToken: caller.playToken };
  };

  /** Starts a rental's watch window (play-page §4 "Rental") on first heartbeat or licence with a play token. */
  const startWatchWindow = (caller: Caller): void => {
    if (!caller.playToken) return;
    const node = state.index.get(caller.playToken.slug);
    if (!node) return;
    const entry = libraryEntryFor(caller.viewer.user_id, node);
    if (!entry || entry.playback_start !== null || entry.rental_playback_duration_minutes === null) return;
    const now = state.now();
    const limits = [now + entry.rental_playback_duration_minutes * 60_000];
    if (entry.expiry !== null) limits.push(entry.expiry);
    const to = state.window(node).to;
    if (to !== null) limits.push(to);
    entry.playback_start = now;
    entry.playback_end = Math.min(...limits);
  };

  const bonusDto = (origin: string, parentSlug: string, b: CatalogueBonus) => ({
    number: b.number,
    slug: `${parentSlug}/bonus/${b.number}`,
    title: b.title,
    overview: b.overview,
    // play-page §3 "Bonus: number, title, description, …" (player-and-client §3 calls it overview): both sent.
    description: b.overview,
    runtime: b.runtime,
    image_urls: imageUrls(origin, b.image),
  });

  const filmDto = (origin: string, f: CatalogueFilm) => ({
    id: f.id,
    slug: filmSlug(f.id),
    title: f.title,
    tagline: f.tagline,
    overview: f.overview,
    release_date: f.release_date,
    runtime: f.runtime,
    image_urls: imageUrls(origin, f.image),
    bonuses: (f.bonuses ?? []).map((b) => bonusDto(origin, filmSlug(f.id), b)),
    classifications: f.classifications.map((c) => ({ ...c })),
    genres: [...f.genres],
    languages: [...f.languages],
    subtitle_tracks: f.subtitle_tracks.map((t) => ({ ...t })),
    burnt_in_subtitles_language: null,
    recommendations: [...f.recommendations],
  });

  const seasonDto = (origin: string, show: CatalogueShow, s: CatalogueSeason) => {
    const sSlug = seasonSlug(show.id, s.season_num);
    return {
      slug: sSlug,
      season_num: s.season_num,
      tagline: s.tagline,
      overview: s.overview,
      image_urls: imageUrls(origin, s.image),
      episodes: s.episodes.map((e) => ({
        slug: `${sSlug}/episode/${e.episode_number}`,
        episode_number: e.episode_number,
        title: e.title,
        overview: e.overview,
        runtime: e.runtime,
        image_urls: imageUrls(origin, e.image),
      })),
      bonuses: (s.bonuses ?? []).map((b) => bonusDto(origin, sSlug, b)),
      show_info: {
        title: show.title,
        genres: [...show.genres],
        available_seasons: show.seasons.map((x) => seasonSlug(show.id, x.season_num)),
      },
      classifications: s.classifications.map((c) => ({ ...c })),
      recommendations: [...s.recommendations],
    };
  };

  const findSeason = (slug: string): { show: CatalogueShow; season: CatalogueSeason } | undefined => {
    const m = /^\/tv\/([^/]+)\/season\/(\d+)(?:\/(?:episode|bonus)\/\d+)?$/.exec(slug);
    if (!m) return undefined;
    const show = catalogue.shows.find((s) => s.id === m[1]);
    const season = show?.seasons.find((s) => s.season_num === Number(m[2]));
    return show && season ? { show, season } : undefined;
  };

  const splitList = (value: unknown): string[] =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : [];

  // ---- playback ----------------------------------------------------------------------------
  app.post<{ Params: { '*': string } }>('/services/playback/streams/*', async (req) => {
    const { viewer } = authenticate(state, req);
    const node = lookup(req.params['*']);
    if (!STREAMABLE_KINDS.has(node.kind) || !node.streams) {
      throw new HttpError(400, 'slug_not_streamable', 'Slug is not streamable.');
    }
    checkAvailable(node);
    const entry = checkEntitled(viewer, node);
    checkAge(viewer, node);
    checkPinVerified(viewer, node);
    const origin = originOf(req);
    const streams = (catalogue.stream_sets[node.streams] ?? []).map((s) => ({
      url: forensicStreamUrl(app, origin, s.path, viewer.user_id), // per-session A/B marked media (forensic.ts)
      encoding_type: s.encoding_type,
      drm_type: [...s.drm_type],
      ...(s.broadcast_id ? { broadcast_id: s.broadcast_id } : {}),
    }));
    const willTrigger = !!entry && entry.playback_start === null && entry.rental_playback_duration_minutes !== null;
    return {
      streams,
      ad_tag: node.adTag,
      will_trigger_watch_window: willTrigger,
      watch_window_duration: willTrigger ? entry.rental_playback_duration_minutes : null,
      play_token: state.issuePlayToken(viewer.user_id, node.slug).token,
      playback_progress: progressDto(progressFor(viewer.user_id, node.slug)),
      default_subtitle_language: node.defaultSubtitleLanguage,
      // issue 27 item 2: the media's chapters files, which the play page gives the player.
      chapters: (catalogue.chapter_sets?.[node.streams] ?? []).map((c) => ({ url: `${origin}/media/${c.path}`, language: c.language })),
    };
  });

  app.post<{ Params: { '*': string } }>('/services/playback/playlist/*', async (req) => {
    const { viewer } = authenticate(state, req);
    const node = lookup(req.params['*']);
    const watched = (slug: string): boolean => progressFor(viewer.user_id, slug)?.completed === true;
    type Item = { id: string; type: 'play' | 'live'; slug: string; playback_mode?: 'ad'; title: string; skip_policy: string };
    let items: Item[];
    if (node.playlist) {
      items = node.playlist;
    } else if (node.kind === 'tv-season') {
      items = [...state.index.values()]
        .filter((n) => n.kind === 'tv-episode' && n.parent === node.slug)
        .map((n) => ({ id: n.slug, type: 'play', slug: n.slug, title: n.title, skip_policy: 'allowed' }));
    } else if (STREAMABLE_KINDS.has(node.kind)) {
      items = [{ id: 'main', type: node.live ? 'live' : 'play', slug: node.slug, title: node.title, skip_policy: 'allowed' }];
    } else {
      throw new HttpError(400, 'slug_not_streamable', 'Slug is not streamable.');
    }
    return {
      items: items.map((i) => ({
        id: i.id,
        action: { type: i.type, slug: i.slug, ...(i.playback_mode ? { playback_mode: i.playback_mode } : {}) },
        title: i.title,
        skip_policy: i.skip_policy,
        has_watched: watched(i.slug),
      })),
    };
  });

  // ---- metadata ----------------------------------------------------------------------------
  app.get<{ Params: { ids: string } }>('/services/meta/v2/film/:ids/show_multiple', async (req) => {
    const origin = originOf(req);
    const seen = new Set<string>();
    const films = [];
    for (const raw of splitList(req.params.ids)) {
      const id = raw.replace(/^\/?film\//, '');
      const film = catalogue.films.find((f) => f.id === id);
      if (film && !seen.has(id)) {
        seen.add(id);
        films.push(filmDto(origin, film));
      }
    }
    return { films };
  });

  app.get<{ Querystring: { items?: string } }>('/services/meta/v2/tv/season/show_multiple', async (req) => {
    const origin = originOf(req);
    const seen = new Set<string>();
    const seasons = [];
    for (const raw of splitList(req.query.items)) {
      const slug = normaliseSlug(raw);
      const found = slug ? findSeason(slug) : undefined;
      if (!found) continue;
      const key = seasonSlug(found.show.id, found.season.season_num);
      if (seen.has(key)) continue;
      seen.add(key);
      seasons.push(seasonDto(origin, found.show, found.season));
    }
    return { seasons };
  });

  app.get<{ Params: { id: string } }>('/services/meta/v1/bundles/:id', async (req) => {
    const bundle = catalogue.bundles.find((b) => b.id === req.params.id);
    if (!bundle) throw new HttpError(404, 'bundle_not_found', 'Bundle not found.');
    const images = imageUrls(originOf(req), undefined);
    return {
      id: bundle.id,
      title: bundle.title,
      tagline: bundle.tagline,
      description: bundle.description,
      portrait_image: images.portrait,
      landscape_image: images.landscape,
      items: [...bundle.items],
    };
  });

  // ---- content -----------------------------------------------------------------------------
  app.get<{ Querystring: { items?: string } }>('/services/content/v1/availabilities', async (req) => {
    const slugs = splitList(req.query.items);
    if (slugs.length > MAX_AVAILABILITY_ITEMS) {
      throw new HttpError(400, 'too_many_items', `At most ${MAX_AVAILABILITY_ITEMS} slugs per call (got ${slugs.length}).`);
    }
    const seen = new Set<string>();
    const availabilities = [];
    for (const raw of slugs) {
      const slug = normaliseSlug(raw);
      if (!slug || seen.has(slug)) continue;
      const node = state.index.get(slug);
      const dto = node ? availabilityDto(node) : slug.startsWith('/bundle/') ? bundleAvailabilityDto(slug) : undefined;
      if (!dto) continue;
      seen.add(slug);
      availabilities.push(dto);
    }
    return { availabilities };
  });

  const requireSelf = (req: FastifyRequest<{ Params: { userId: string } }>): Caller => {
    const caller = authenticate(state, req);
    if (String(caller.viewer.user_id) !== req.params.userId) {
      throw new HttpError(403, 'forbidden', 'You can only read your own data.');
    }
    return caller;
  };

  /**
   * `sort_by=relevance`: entries with progress first (a season's progress is its episodes'), most
   * recently played first; then the rest in catalogue order. Without `sort_by` (or another value):
   * catalogue order.
   */
  const sortLibrary = (userId: number, entries: LibraryEntryState[], sortBy: string | undefined): LibraryEntryState[] => {
    if (sortBy !== 'relevance') return entries;
    const progress = state.progress.get(userId) ?? [];
    const playedAt = (e: LibraryEntryState): number =>
      Math.max(
        -Infinity,
        ...progress.filter((p) => p.item === e.item || p.item.startsWith(`${e.item}/`)).map((p) => p.last_played_at),
      );
    return entries
      .map((e, i) => ({ e, i, t: playedAt(e) }))
      .sort((a, b) => (a.t === b.t ? a.i - b.i : b.t - a.t))
      .map(({ e }) => e);
  };

  app.get<{ Params: { userId: string }; Querystring: { sort_by?: string } }>('/services/content/v4/user_library/:userId/index', async (req) => {
    const { viewer } = requireSelf(req);
    return {
      items: sortLibrary(viewer.user_id, state.library.get(viewer.user_id) ?? [], req.query.sort_by).map((e) => ({
        item: e.item,
        info: {
          quality: e.quality,
          available_from: toIso(e.available_from),
          expiry: toIso(e.expiry),
          plan_id: e.plan_id,
          rental_playback_duration_minutes: e.rental_playback_duration_minutes,
          playback_start: toIso(e.playback_start),
          playback_end: toIso(e.playback_end),
        },
        playback_progress: progressDto(progressFor(viewer.user_id, e.item)),
      })),
    };
  });

  app.get<{ Params: { userId: string } }>('/services/content/v1/playback_progress/:userId', async (req) => {
    const { viewer } = requireSelf(req);
    return {
      playback_progress: (state.progress.get(viewer.user_id) ?? []).map((p) => ({ item: p.item, ...progressDto(p) })),
    };
  });

  app.get('/services/content/v1/user_plans', async (req) => {
    const { viewer } = authenticate(state, req);
    return {
      plans: (state.userPlans.get(viewer.user_id) ?? []).map((p) => ({ plan_id: p.plan_id, expiry: toIso(p.expiry) })),
    };
  });

  // ---- live --------------------------------------------------------------------------------
  app.get<{ Params: { '*': string } }>('/services/live/v1/streamstatus/*', async (req) => {
    const node = lookup(req.params['*']);
    const live = liveDto(node.slug);
    if (!live) throw new HttpError(404, 'not_a_live_stream', 'This title is not a live event.');
    // The player polls with its play token (play-page §4): an expired one answers 403, and the
    // player fetches a fresh token (LIVE_STREAM_EXPIRED). Without a token the status is public.
    const playToken = header(req, 'x-play-session') || header(req, 'x-play-token');
    if (playToken) {
      const exp = state.playTokens.get(playToken)?.exp ?? decodePlayToken(playToken)?.['exp'];
      if (typeof exp === 'number' && exp * 1000 <= state.now()) {
        throw new HttpError(403, 'live_stream_expired', 'The play token of this live stream has expired.');
      }
    }
    return { slug: node.slug, live };
  });

  // ---- users -------------------------------------------------------------------------------
  app.get('/services/users/detail/users', async (req) => {
    const { viewer } = authenticate(state, req);
    return { account: { user_id: viewer.user_id, dob: viewer.dob, email: viewer.email, ...(viewer.groups ? { groups: viewer.groups } : {}) } };
  });

  app.get('/services/users/v1/user_pin_codes/exists', async (req) => {
    const { viewer } = authenticate(state, req);
    return { result: viewer.pin !== null };
  });

  app.post<{ Body: unknown }>('/services/users/v1/user_pin_codes/verify', async (req) => {
    const { viewer } = authenticate(state, req);
    const failures = state.pinFailures.get(viewer.user_id) ?? 0;
    if (failures >= PIN_MAX_ATTEMPTS) {
      throw new HttpError(429, 'too_many_attempts', 'Too many incorrect PIN attempts.', { attempts_remaining: 0 });
    }
    if (viewer.pin === null) throw new HttpError(404, 'pin_not_found', 'This account has no PIN.');
    const body = req.body;
    const sent = typeof body === 'object' && body !== null && 'pin' in body ? (body as { pin: unknown }).pin : undefined;
    // A PIN is a string (numbers are accepted as typed); anything else never matches.
    const pin = typeof sent === 'string' || typeof sent === 'number' ? String(sent) : '';
    if (pin !== '' && pin === viewer.pin) {
      state.pinFailures.delete(viewer.user_id);
      // The streams call of a PIN-protected title needs this verification (issue 25 item 2): it is
      // for the title in the body's `slug`.
      const rawSlug = typeof body === 'object' && body !== null && 'slug' in body ? (body as { slug: unknown }).slug : undefined;
      const slug = typeof rawSlug === 'string' ? normaliseSlug(rawSlug) : null;
      if (slug !== null && state.index.has(slug)) {
        const verified = state.pinVerifications.get(viewer.user_id) ?? new Map<string, number>();
        verified.set(slug, state.now());
        state.pinVerifications.set(viewer.user_id, verified);
      }
      return { result: true };
    }
    const now = failures + 1;
    state.pinFailures.set(viewer.user_id, now);
    if (now >= PIN_MAX_ATTEMPTS) {
      throw new HttpError(429, 'too_many_attempts', 'Too many incorrect PIN attempts.', { attempts_remaining: 0 });
    }
    throw new HttpError(403, 'incorrect_pin', 'Incorrect PIN.', { attempts_remaining: PIN_MAX_ATTEMPTS - now });
  });

  // ---- configuration and toggles -------------------------------------------------------------
  app.get('/services/meta/configuration', async (req) => ({
    player_resume: true,
    minimum_purchase_age: MINIMUM_PURCHASE_AGE,
    season_name: 'Season',
    image_root_path: `${originOf(req)}/media/`,
    sign_in_url: '/signin.html',
    devices_url: '/devices.html',
    // The native app's store page: "Get the app to view" on an unsupported mobile browser (play-page §2).
    app_url: 'https://apps.example.com/s72',
    // Casting on, with the demo's receiver app id (player-and-client §5 "cast config enabled with an
    // appId"): the cast button appears wherever the Cast sender script loads; `cast=false` or the
    // `cast` feature toggle turn it off.
    cast_enabled: true,
    cast_app_id: DEMO_CAST_APP_ID,
  }));
  app.get('/services/content/configuration', async () => ({
    heartbeat_frequency: HEARTBEAT_FREQUENCY_S,
    heartbeat_uri: '/services/license/heartbeat',
    telemetry_frequency: 30,
    player_telemetry_uri: '/services/license/player_telemetry',
    live_status_base_url: '/services/live/v1/streamstatus',
    live_status_frequency: 15,
    // Where the play page's `m` (telemetry url) may point (`play_telemetry_urls`, issue 8): not set, so
    // the page's default applies, the storefront's own telemetry endpoints (play-page §2 `m`).
    continue_watching_max_age: 90,
    continue_watching_max_items: 12,
    rental_redeem_period: 30,
    rental_playback_duration_minutes: 2880,
  }));
  app.get('/services/users/v1/configuration', async () => ({
    sign_in_url: '/signin.html',
    devices_url: '/devices.html',
    minimum_purchase_age: MINIMUM_PURCHASE_AGE,
  }));
  app.get('/services/shopping/configuration', async () => ({
    currency: 'NZD',
    rental_redeem_period: 30,
    rental_playback_duration_minutes: 2880,
  }));
  app.get('/services/pricing/v1/configuration', async () => ({ currency: 'NZD', prices_include_tax: true }));
  for (const path of [
    '/services/meta/feature_toggles',
    '/services/content/feature_toggles',
    '/services/users/v1/feature_toggles',
    '/services/shopping/feature_toggles',
  ]) {
    app.get(path, async () => ({ feature_toggles: { ...FEATURE_TOGGLES } }));
  }
  app.get('/supported-devices.json', async () => SUPPORTED_DEVICES);

  // ---- heartbeat and telemetry (recorded by the request recorder) ----------------------------
  /**
   * `POST /services/license/heartbeat` (play-page §7, player-and-client §7, §8), header
   * `x-play-session` (or `x-play-token`): 401 without a known play token; 403 `content_expired`
   * when the token's item can no longer be watched (rental watch window over, availability ended);
   * 451 `too_many_streams` when this token is not an active stream session yet and its viewer
   * already has `max_streams` of them (a session is a token that sent a heartbeat within
   * {@link STREAM_SESSION_TTL_MS}); else 200 `{status: 'ok'}`. The first heartbeat starts a
   * rental's watch window.
   *
   * The body `{"state": "stopped"}` (the player's last heartbeat when it is removed, its source
   * changes or the page is left) ends this token's stream session at once instead of after
   * {@link STREAM_SESSION_TTL_MS}: 200 `{status: 'ok'}` (also when the token had no session), no
   * entitlement or limit check. Any other body, or none, is an ordinary heartbeat.
   */
  app.post<{ Body: unknown }>('/services/license/heartbeat', async (req) => {
    const caller = requirePlayToken(req);
    const info = caller.playToken;
    if (isStop(req.body)) {
      state.streamSessions.delete(info.token);
      return { status: 'ok' };
    }
    const node = state.index.get(info.slug);
    if (node) {
      try {
        const { to } = state.window(node);
        if (to !== null && to <= state.now()) throw new HttpError(403, 'availability_expired', 'Availability ended.');
        checkEntitled(caller.viewer, node);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 403) {
          throw new HttpError(403, 'content_expired', 'This title can no longer be watched.', { reason: error.code });
        }
        throw error;
      }
    }
    const now = state.now();
    for (const [token, session] of state.streamSessions) {
      if (now - session.lastBeatMs >= STREAM_SESSION_TTL_MS) state.streamSessions.delete(token);
    }
    if (!state.streamSessions.has(info.token)) {
      const limit = caller.viewer.max_streams ?? DEFAULT_MAX_STREAMS;
      const active = [...state.streamSessions.values()].filter((s) => s.userId === info.userId).length;
      if (active >= limit) {
        throw new HttpError(451, 'too_many_streams', `This account is already watching on ${active} screen(s); the limit is ${limit}.`, {
          max_streams: limit,
        });
      }
    }
    state.streamSessions.set(info.token, { userId: info.userId, slug: info.slug, lastBeatMs: now });
    startWatchWindow(caller);
    return { status: 'ok' };
  });

  /**
   * Player telemetry (QoE, player-and-client §3 "Telemetry post body", §5, §7), header
   * `x-play-session`, or `x-auth-token` when the player has no play token (§6): 401 without a known
   * play token or auth token; 400 `invalid_body` unless the JSON body has
   * every field of {@link PLAYER_TELEMETRY_FIELDS}; 400 `telemetry_timestamp_invalid_range` when
   * `ts` (epoch ms) is more than {@link TELEMETRY_TS_MAX_SKEW_MS} from the server clock (the player
   * stops its telemetry); else 204. Recorded (`GET /__demo/telemetry`).
   */
  app.post<{ Body: unknown }>('/services/license/player_telemetry', async (req, reply) => {
    authenticate(state, req);
    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, 'invalid_body', 'Expected the player telemetry JSON object.');
    }
    const record = body as Record<string, unknown>;
    const bad = Object.entries(PLAYER_TELEMETRY_FIELDS)
      .filter(([field, types]) => {
        const value = record[field];
        return !types.split('|').some((t) => typeof value === t && (t !== 'number' || Number.isFinite(value)));
      })
      .map(([field]) => field);
    if (bad.length > 0) {
      throw new HttpError(400, 'invalid_body', `Missing or mistyped telemetry fields: ${bad.join(', ')}.`, { fields: bad });
    }
    if (Math.abs((record['ts'] as number) - state.now()) > TELEMETRY_TS_MAX_SKEW_MS) {
      throw new HttpError(400, 'telemetry_timestamp_invalid_range', 'The telemetry timestamp is more than an hour from the server clock.');
    }
    reply.code(204);
    return reply.send();
  });

  app.post('/services/license/play_telemetry', async (_req, reply) => {
    reply.code(204);
    return reply.send();
  });

  // The play page's log service (play-page §9, player-and-client §7 "A log reporter POSTs text"):
  // a JSON array of lines sent as text/plain; recorded by the request recorder (`/__demo/requests`).
  app.post('/services/log', async (_req, reply) => {
    reply.code(204);
    return reply.send();
  });

  app.post('/services/telemetry/v1/event', async (req, reply) => {
    authenticate(state, req);
    reply.code(204);
    return reply.send();
  });

  // ---- DRM licences --------------------------------------------------------------------------
  app.post<{ Body: unknown }>('/services/license/clearkey', async (req) => {
    const caller = licenceCaller(req);
    const request = parseLicenceBody(req.body);
    const keys = licensedKids(caller.playToken, request.kids).map((kid) => {
      const kidBytes = Buffer.from(kid, 'base64url');
      const key = keysByKid.get(kidBytes.toString('hex')) as string;
      return { kty: 'oct', kid: kidBytes.toString('base64url'), k: Buffer.from(key, 'hex').toString('base64url') };
    });
    startWatchWindow(caller);
    return { keys, type: request.type };
  });

  registerDrmLicences(app, {
    authenticate: (req) => licenceCaller(req),
    parseChallenge: parseLicenceBody,
    checkKeys: (caller, kids) => {
      // Every key of the challenge must be the title's: these licences carry all they are asked for.
      const granted = licensedKids((caller as Caller & { playToken: PlayTokenInfo }).playToken, kids);
      if (granted.length !== kids.length) {
        throw new HttpError(403, 'license_denied', 'No licence for the requested key.', { reason: 'wrong_title' });
      }
    },
    onLicensed: (caller) => startWatchWindow(caller as Caller),
  });
}

/** Parses an EME ClearKey licence request `{ kids: [base64url], type }` from JSON, text or bytes. */
export function parseLicenceBody(body: unknown): { kids: string[]; type: string } {
  let value: unknown = body;
  if (Buffer.isBuffer(value)) value = value.toString('utf8');
  if (typeof value === 'string') {
    if (jsonDepthExceeds(value)) throw new HttpError(400, 'invalid_license_request', 'The licence request nests too deep.');
    try {
      value = JSON.parse(value);
    } catch {
      throw new HttpError(400, 'invalid_license_request', 'The licence request is not JSON.');
    }
  }
  if (typeof value !== 'object' || value === null) {
    throw new HttpError(400, 'invalid_license_request', 'The licence request must be a JSON object.');
  }
  const { kids, type } = value as { kids?: unknown; type?: unknown };
  if (!Array.isArray(kids) || kids.length === 0 || !kids.every((k) => typeof k === 'string' && /^[A-Za-z0-9_+/=-]+$/.test(k))) {
    throw new HttpError(400, 'invalid_license_request', 'The licence request needs a non-empty "kids" array of base64url strings.');
  }
  return { kids: kids as string[], type: typeof type === 'string' ? type : 'temporary' };
}
