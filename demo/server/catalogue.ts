/**
 * The demo catalogue (`demo/catalogue.json`, documented in `demo/CATALOGUE.md`): its file format,
 * loading, and the slug index the storefront answers from.
 *
 * Times in the file are offsets ('+2d', '-10d', '+6h', '-30m', '+15s') from an anchor time (server
 * start or `POST /__demo/reset`), or absolute ISO strings, so coming-soon and expired titles stay
 * coming soon and expired forever.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Repository root, found from this file's location (independent of the cwd). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_CATALOGUE_PATH = fileURLToPath(new URL('../catalogue.json', import.meta.url));

/** '+2d' / '-10d' / '+6h' / '-30m' / '+15s' relative to the anchor, an ISO string, or null. */
export type RelTime = string | null;

export type EncodingType = 'dash' | 'hls' | 'mp4';
export type Tvod = 'available' | 'geoblocked' | 'unavailable';
export type LiveStatus = 'planned' | 'live' | 'completed';
export type SkipPolicy = 'allowed' | 'must-view-once' | 'must-view-once-per-session';

export interface CatalogueStream {
  /** Path under `/media/`. */
  path: string;
  encoding_type: EncodingType;
  drm_type: string[];
  broadcast_id?: string;
  /**
   * Key ids (hex) the stream is encrypted with, each one of `clearkey_keys`: a licence is issued
   * only for the key ids of the title a play token was issued for.
   */
  key_ids?: string[];
}

export interface CatalogueAvailability {
  from?: RelTime;
  to?: RelTime;
  requires_pin_code?: boolean;
  tvod?: Tvod;
  plan_ids?: string[];
  rental_duration_minutes?: number | null;
  rental_playback_duration_minutes?: number | null;
}

export interface CatalogueImages {
  portrait: string;
  landscape: string;
  bg: string;
}

export interface CatalogueBonus {
  number: number;
  title: string;
  overview: string;
  runtime: number;
  streams: string;
  image?: string;
  availability?: CatalogueAvailability;
}

export interface CataloguePlaylistItem {
  id: string;
  type: 'play' | 'live';
  slug: string;
  playback_mode?: 'ad';
  title: string;
  skip_policy: SkipPolicy;
}

export interface CatalogueFilm {
  id: string;
  title: string;
  tagline: string;
  overview: string;
  release_date: string;
  /** Minutes. */
  runtime: number;
  classifications: { name: string; minimum_age: number }[];
  genres: string[];
  languages: string[];
  subtitle_tracks: { type: string; language_name: string }[];
  recommendations: string[];
  /** Name of a `stream_sets` entry. */
  streams: string;
  availability: CatalogueAvailability;
  bonuses?: CatalogueBonus[];
  playlist?: CataloguePlaylistItem[];
  /**
   * A live event: its initial status, and optionally a schedule (times relative to the anchor,
   * e.g. `{ "start": "+60s", "end": "+11m" }`) that moves it planned → live → completed by itself.
   */
  live?: { status: LiveStatus; schedule?: { start: RelTime; end?: RelTime } };
  /** 'free': any signed-in viewer may stream it (ads); default 'library'. */
  access?: 'library' | 'free';
  image?: string;
  default_subtitle_language?: string | null;
  ad_tag?: string | null;
}

export interface CatalogueEpisode {
  episode_number: number;
  title: string;
  overview: string;
  runtime: number;
  streams: string;
  image?: string;
  availability?: CatalogueAvailability;
}

export interface CatalogueSeason {
  season_num: number;
  tagline: string;
  overview: string;
  classifications: { name: string; minimum_age: number }[];
  recommendations: string[];
  availability: CatalogueAvailability;
  episodes: CatalogueEpisode[];
  bonuses?: CatalogueBonus[];
  image?: string;
}

export interface CatalogueShow {
  id: string;
  title: string;
  genres: string[];
  seasons: CatalogueSeason[];
}

export interface CatalogueBundle {
  id: string;
  title: string;
  tagline: string;
  description: string;
  items: string[];
}

export interface CatalogueLibraryEntry {
  item: string;
  quality?: string;
  available_from?: RelTime;
  expiry?: RelTime;
  plan_id?: string | null;
  rental_playback_duration_minutes?: number | null;
  playback_start?: RelTime;
  playback_end?: RelTime;
}

export interface CatalogueProgress {
  item: string;
  /** Seconds. */
  play_position: number;
  /** Seconds. */
  length: number;
  completed: boolean;
  last_played_at: RelTime;
}

export interface CatalogueViewer {
  token: string;
  label: string;
  user_id: number;
  email: string;
  dob: string | null;
  pin: string | null;
  plans: { plan_id: string; expiry: RelTime }[];
  /** Concurrent streams allowed (heartbeat limit, play-page §7); default {@link DEFAULT_MAX_STREAMS}. */
  max_streams?: number;
  /** Storefront groups, e.g. `experiment` (player-and-client §9 staged rollout); absent: none. */
  groups?: string[];
  library: CatalogueLibraryEntry[];
  progress: CatalogueProgress[];
}

export interface CatalogueKey {
  kid_hex: string;
  key_hex: string;
  note?: string;
}

export interface Catalogue {
  version: number;
  clearkey_keys: CatalogueKey[];
  stream_sets: Record<string, CatalogueStream[]>;
  /**
   * The chapters files (WebVTT) of a stream set's media, by stream set name (issue 27 item 2):
   * paths under `/media/`, one per language. A set without an entry has no chapters.
   */
  chapter_sets?: Record<string, { path: string; language: string }[]>;
  images: Record<string, CatalogueImages>;
  plans: { id: string; title: string }[];
  films: CatalogueFilm[];
  shows: CatalogueShow[];
  bundles: CatalogueBundle[];
  viewers: CatalogueViewer[];
}

export type ItemKind = 'film' | 'film-bonus' | 'tv-show' | 'tv-season' | 'tv-episode' | 'tv-season-bonus';

/** One slug of the catalogue with everything the storefront needs to answer for it. */
export interface ItemNode {
  slug: string;
  kind: ItemKind;
  title: string;
  /** Film slug of a film bonus, season slug of an episode or season bonus, show slug of a season. */
  parent: string | null;
  /** Stream set name; undefined for kinds that are not streamable (show, season). */
  streams?: string;
  /** Effective availability (a bonus inherits its film's, a season bonus its season's). */
  availability: CatalogueAvailability;
  access: 'library' | 'free';
  /** Initial live status when the item is a live event. */
  live: LiveStatus | null;
  /** A live event's schedule (catalogue times), if any. */
  liveSchedule?: { start: RelTime; end?: RelTime };
  playlist: CataloguePlaylistItem[] | null;
  defaultSubtitleLanguage: string | null;
  adTag: string | null;
}

/** The demo viewers' tokens (also in the catalogue; re-exported for tests). */
export const DEMO_TOKENS = Object.freeze({
  adult: 'demo-adult-token',
  nodob: 'demo-nodob-token',
  minor: 'demo-minor-token',
  /** The adult's library with a one-stream limit (`max_streams: 1`). */
  solo: 'demo-solo-token',
});

/**
 * Concurrent streams a viewer may have when the catalogue does not say (`max_streams`). Every play
 * token is a stream session until its heartbeats stop for 60 s, so one tab playing a playlist's ad
 * and then its feature holds two for a minute: 4 leaves room for two tabs doing that.
 */
export const DEFAULT_MAX_STREAMS = 4;

/** The demo ClearKey key (hex), as in the catalogue. */
export const DEMO_CLEARKEY = Object.freeze({
  kidHex: '733732706c617965722d6b6964303031',
  keyHex: '733732706c617965722d6b6579303031',
});

export const STREAMABLE_KINDS: ReadonlySet<ItemKind> = new Set<ItemKind>([
  'film',
  'film-bonus',
  'tv-episode',
  'tv-season-bonus',
]);

const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };
const REL_TIME = /^([+-])(\d+(?:\.\d+)?)([dhms])$/;

/** Resolves a catalogue time against the anchor (epoch ms); null stays null. */
export function resolveTime(value: RelTime | undefined, anchorMs: number): number | null {
  if (value === null || value === undefined || value === '') return null;
  const rel = REL_TIME.exec(value);
  if (rel) {
    const sign = rel[1] === '-' ? -1 : 1;
    return anchorMs + sign * Number(rel[2]) * (UNIT_MS[rel[3] as string] as number);
  }
  const abs = Date.parse(value);
  if (Number.isNaN(abs)) throw new Error(`catalogue: bad time ${JSON.stringify(value)}`);
  return abs;
}

export function toIso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** 'Night Harbour' → 'night-harbour' (the title part of a play-page address). */
export function kebab(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function filmSlug(id: string): string {
  return `/film/${id}`;
}
export function seasonSlug(showId: string, seasonNum: number): string {
  return `/tv/${showId}/season/${seasonNum}`;
}

function fail(message: string): never {
  throw new Error(`catalogue: ${message}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Loads and checks the catalogue file (structure, stream set references, times). */
export function loadCatalogue(path: string = DEFAULT_CATALOGUE_PATH): Catalogue {
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isObject(raw)) fail('top level must be an object');
  for (const key of ['films', 'shows', 'viewers', 'clearkey_keys', 'plans', 'bundles'] as const) {
    if (!Array.isArray(raw[key])) fail(`"${key}" must be an array`);
  }
  for (const key of ['stream_sets', 'images'] as const) {
    if (!isObject(raw[key])) fail(`"${key}" must be an object`);
  }
  const catalogue = raw as unknown as Catalogue;
  const kids = new Set(catalogue.clearkey_keys.map((k) => k.kid_hex.toLowerCase()));
  for (const [name, set] of Object.entries(catalogue.stream_sets)) {
    for (const stream of set) {
      for (const kid of stream.key_ids ?? []) {
        if (!kids.has(kid.toLowerCase())) fail(`stream set "${name}": key id ${kid} is not in clearkey_keys`);
      }
    }
  }
  // Build the index once to surface bad references and times at load time.
  buildIndex(catalogue);
  for (const viewer of catalogue.viewers) {
    if (typeof viewer.token !== 'string' || typeof viewer.user_id !== 'number') fail('viewer needs token and user_id');
    if (viewer.max_streams !== undefined && !(Number.isInteger(viewer.max_streams) && viewer.max_streams >= 1)) {
      fail(`viewer ${viewer.user_id}: max_streams must be a positive integer`);
    }
    for (const entry of viewer.library) {
      for (const t of [entry.available_from, entry.expiry, entry.playback_start, entry.playback_end]) resolveTime(t, 0);
    }
    for (const p of viewer.progress) resolveTime(p.last_played_at, 0);
  }
  return catalogue;
}

/** Builds the slug → item index of every film, bonus, show, season and episode. */
export function buildIndex(catalogue: Catalogue): Map<string, ItemNode> {
  const index = new Map<string, ItemNode>();
  const checkStreams = (name: string, slug: string): string => {
    if (!catalogue.stream_sets[name]) fail(`${slug}: unknown stream set "${name}"`);
    return name;
  };
  const checkAvailability = (availability: CatalogueAvailability, slug: string): CatalogueAvailability => {
    if (!isObject(availability as unknown)) fail(`${slug}: availability must be an object`);
    resolveTime(availability.from, 0);
    resolveTime(availability.to, 0);
    return availability;
  };
  const add = (node: ItemNode): void => {
    if (index.has(node.slug)) fail(`duplicate slug ${node.slug}`);
    index.set(node.slug, node);
  };

  for (const film of catalogue.films) {
    const slug = filmSlug(film.id);
    const availability = checkAvailability(film.availability, slug);
    if (film.live?.schedule) {
      if (resolveTime(film.live.schedule.start, 0) === null) fail(`${slug}: live.schedule needs a start`);
      resolveTime(film.live.schedule.end, 0);
    }
    add({
      slug,
      kind: 'film',
      title: film.title,
      parent: null,
      streams: checkStreams(film.streams, slug),
      availability,
      access: film.access ?? 'library',
      live: film.live?.status ?? null,
      ...(film.live?.schedule ? { liveSchedule: film.live.schedule } : {}),
      playlist: film.playlist ?? null,
      defaultSubtitleLanguage: film.default_subtitle_language ?? null,
      adTag: film.ad_tag ?? null,
    });
    for (const bonus of film.bonuses ?? []) {
      const bonusSlug = `${slug}/bonus/${bonus.number}`;
      add({
        slug: bonusSlug,
        kind: 'film-bonus',
        title: bonus.title,
        parent: slug,
        streams: checkStreams(bonus.streams, bonusSlug),
        availability: bonus.availability ? checkAvailability(bonus.availability, bonusSlug) : availability,
        access: film.access ?? 'library',
        live: null,
        playlist: null,
        defaultSubtitleLanguage: null,
        adTag: null,
      });
    }
  }

  for (const show of catalogue.shows) {
    const showSlug = `/tv/${show.id}`;
    const first = show.seasons[0];
    add({
      slug: showSlug,
      kind: 'tv-show',
      title: show.title,
      parent: null,
      availability: first ? first.availability : {},
      access: 'library',
      live: null,
      playlist: null,
      defaultSubtitleLanguage: null,
      adTag: null,
    });
    for (const season of show.seasons) {
      const sSlug = seasonSlug(show.id, season.season_num);
      const availability = checkAvailability(season.availability, sSlug);
      add({
        slug: sSlug,
        kind: 'tv-season',
        title: `${show.title} Season ${season.season_num}`,
        parent: showSlug,
        availability,
        access: 'library',
        live: null,
        playlist: null,
        defaultSubtitleLanguage: null,
        adTag: null,
      });
      for (const episode of season.episodes) {
        const eSlug = `${sSlug}/episode/${episode.episode_number}`;
        add({
          slug: eSlug,
          kind: 'tv-episode',
          title: episode.title,
          parent: sSlug,
          streams: checkStreams(episode.streams, eSlug),
          availability: episode.availability ? checkAvailability(episode.availability, eSlug) : availability,
          access: 'library',
          live: null,
          playlist: null,
          defaultSubtitleLanguage: null,
          adTag: null,
        });
      }
      for (const bonus of season.bonuses ?? []) {
        const bSlug = `${sSlug}/bonus/${bonus.number}`;
        add({
          slug: bSlug,
          kind: 'tv-season-bonus',
          title: bonus.title,
          parent: sSlug,
          streams: checkStreams(bonus.streams, bSlug),
          availability: bonus.availability ? checkAvailability(bonus.availability, bSlug) : availability,
          access: 'library',
          live: null,
          playlist: null,
          defaultSubtitleLanguage: null,
          adTag: null,
        });
      }
    }
  }
  return index;
}

/** Longest slug input accepted; anything longer is not a slug (and costs no scanning). */
export const MAX_SLUG_LENGTH = 512;

/**
 * Normalises a slug from a URL path: one leading slash, no trailing slash, no query. Returns null for
 * anything that is not made of plain path segments, or longer than {@link MAX_SLUG_LENGTH}.
 * Linear in the input.
 */
export function normaliseSlug(input: string): string | null {
  if (input.length > MAX_SLUG_LENGTH) return null;
  let slug = input.trim();
  if (!slug.startsWith('/')) slug = `/${slug}`;
  // Trailing slashes off by a scan from the end: `replace(/\/+$/, '')` backtracks over every run of
  // slashes that is not at the end, quadratic in its length.
  let end = slug.length;
  while (end > 0 && slug.charCodeAt(end - 1) === 0x2f) end -= 1;
  slug = slug.slice(0, end);
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(slug)) return null;
  if (slug.split('/').some((seg) => seg === '.' || seg === '..')) return null;
  return slug;
}

export interface PlayLink {
  label: string;
  slug: string;
  token: string;
  /** Path + hash, e.g. `/play/#/film/night-harbour/night-harbour?u=demo-adult-token`. */
  href: string;
}

/** The play-page links of the demo catalogue (printed by main.ts, listed on the home page). */
export function playPageLinks(catalogue: Catalogue): PlayLink[] {
  const links: PlayLink[] = [];
  const link = (label: string, slug: string, title: string, token: string): void => {
    links.push({ label, slug, token, href: `/play/#${slug}/${kebab(title)}?u=${encodeURIComponent(token)}` });
  };
  for (const film of catalogue.films) {
    if (film.access === 'free') continue;
    link(film.title, filmSlug(film.id), film.title, DEMO_TOKENS.adult);
    for (const bonus of film.bonuses ?? []) {
      link(`${film.title}: bonus ${bonus.number}`, `${filmSlug(film.id)}/bonus/${bonus.number}`, bonus.title, DEMO_TOKENS.adult);
    }
  }
  for (const show of catalogue.shows) {
    for (const season of show.seasons) {
      const sSlug = seasonSlug(show.id, season.season_num);
      link(`${show.title} season ${season.season_num}`, sSlug, show.title, DEMO_TOKENS.adult);
      for (const episode of season.episodes) {
        link(
          `${show.title} S${season.season_num}E${episode.episode_number}`,
          `${sSlug}/episode/${episode.episode_number}`,
          episode.title,
          DEMO_TOKENS.adult,
        );
      }
      for (const bonus of season.bonuses ?? []) {
        link(`${show.title} season ${season.season_num}: bonus ${bonus.number}`, `${sSlug}/bonus/${bonus.number}`, bonus.title, DEMO_TOKENS.adult);
      }
    }
  }
  link('Hard Edge as the under-age viewer', '/film/hard-edge', 'Hard Edge', DEMO_TOKENS.minor);
  link('Hard Edge as the viewer without a date of birth', '/film/hard-edge', 'Hard Edge', DEMO_TOKENS.nodob);
  return links;
}
