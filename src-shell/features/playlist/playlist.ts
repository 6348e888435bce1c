/**
 * Playlists (play-page §3 "Playlist", §5 validation, §7 `POST /services/playback/playlist{slug}`).
 *
 * Validation (play-page §5): the answer must be an object with an `items` array, else an error; an
 * empty playlist is a warning; each item needs a unique id and an action object, else an error; an
 * unknown action type is a warning (the item is left out: it cannot be played).
 * Pure, except {@link fetchPlaylist}.
 */
import * as v from 'valibot';
import { request, type HttpOptions, S72Error } from 's72-player/client';

/** play-page §4 "Playlist item skip policy". */
export const SKIP_POLICIES = ['allowed', 'must-view-once', 'must-view-once-per-session'] as const;
export type SkipPolicy = (typeof SKIP_POLICIES)[number];

/** Action types the play page knows (play-page §3). */
export const ACTION_TYPES = ['play', 'live'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface PlaylistAction {
  type: ActionType;
  slug: string;
  /** `'ad'` for an ad item (its skip policy defaults to must-view-once). */
  playback_mode?: 'ad';
}

export interface PlaylistItem {
  /** Always a string (numbers are converted). Unique in the playlist. */
  id: string;
  action: PlaylistAction;
  title: string;
  /** The server's policy when it sent a known one; see {@link effectiveSkipPolicy}. */
  skip_policy?: SkipPolicy;
  has_watched: boolean;
}

export interface Playlist {
  items: readonly PlaylistItem[];
}

export type PlaylistWarning =
  | { code: 'empty_playlist' }
  | { code: 'unknown_action_type'; id: string; type: string }
  | { code: 'unknown_skip_policy'; id: string; policy: string };

export interface ValidatedPlaylist {
  playlist: Playlist;
  warnings: PlaylistWarning[];
}

/** Why a playlist was rejected (`data.reason` of the `malformed_response` error). */
export type PlaylistErrorReason =
  | 'not_an_object'
  | 'items_not_an_array'
  | 'item_not_an_object'
  | 'missing_id'
  | 'duplicate_id'
  | 'missing_action'
  | 'missing_slug';

function invalid(reason: PlaylistErrorReason, message: string, data: Record<string, unknown> = {}): S72Error {
  return new S72Error('malformed_response', `Invalid playlist: ${message}`, {
    category: 'client',
    data: { kind: 'playlist', reason, ...data },
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readId(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * Validates a playlist answer (play-page §5). Pure.
 *
 * @returns the playlist (items of a known action type, in order) and the warnings.
 * @throws {S72Error} `malformed_response` (category `client`) with `data.reason`
 *   ({@link PlaylistErrorReason}) and `data.index` / `data.id` for item errors.
 */
export function validatePlaylist(input: unknown): ValidatedPlaylist {
  if (!isObject(input)) throw invalid('not_an_object', 'the answer is not an object');
  if (!Array.isArray(input.items)) throw invalid('items_not_an_array', 'items is not an array');
  const warnings: PlaylistWarning[] = [];
  if (input.items.length === 0) warnings.push({ code: 'empty_playlist' });
  const seen = new Set<string>();
  const items: PlaylistItem[] = [];
  input.items.forEach((raw: unknown, index: number) => {
    if (!isObject(raw)) throw invalid('item_not_an_object', `item ${index} is not an object`, { index });
    const id = readId(raw.id);
    if (id === undefined) throw invalid('missing_id', `item ${index} has no id`, { index });
    if (seen.has(id)) throw invalid('duplicate_id', `id ${id} is used twice`, { index, id });
    seen.add(id);
    const action = raw.action;
    if (!isObject(action)) throw invalid('missing_action', `item ${id} has no action object`, { index, id });
    const type = typeof action.type === 'string' ? action.type : String(action.type);
    if (!(ACTION_TYPES as readonly string[]).includes(type)) {
      warnings.push({ code: 'unknown_action_type', id, type });
      return;
    }
    if (typeof action.slug !== 'string' || action.slug.trim() === '') {
      throw invalid('missing_slug', `item ${id} has no slug`, { index, id });
    }
    let skipPolicy: SkipPolicy | undefined;
    if (typeof raw.skip_policy === 'string' && (SKIP_POLICIES as readonly string[]).includes(raw.skip_policy)) {
      skipPolicy = raw.skip_policy as SkipPolicy;
    } else if (raw.skip_policy !== undefined && raw.skip_policy !== null) {
      warnings.push({ code: 'unknown_skip_policy', id, policy: describeValue(raw.skip_policy) });
    }
    items.push({
      id,
      action: {
        type: type as ActionType,
        slug: action.slug,
        ...(action.playback_mode === 'ad' ? { playback_mode: 'ad' as const } : {}),
      },
      title: typeof raw.title === 'string' ? raw.title : '',
      ...(skipPolicy ? { skip_policy: skipPolicy } : {}),
      has_watched: raw.has_watched === true,
    });
  });
  return { playlist: { items }, warnings };
}

/** An ad item (`action.playback_mode: 'ad'`). */
export const isAdItem = (item: PlaylistItem): boolean => item.action.playback_mode === 'ad';

/** The item's policy: its own, else must-view-once for an ad, else allowed (play-page §4). Pure. */
export function effectiveSkipPolicy(item: PlaylistItem): SkipPolicy {
  return item.skip_policy ?? (isAdItem(item) ? 'must-view-once' : 'allowed');
}

/** What {@link canSkip} needs to know about watched items (see `WatchedTracker`). */
export interface WatchedState {
  /** Watched ever: the server's `has_watched`, this session, or the stored record. */
  hasWatched(item: PlaylistItem): boolean;
  /** Watched (finished) during this session. */
  hasWatchedInSession(item: PlaylistItem): boolean;
}

/**
 * Whether the skip control shows for an item (play-page §4 "Playlist item skip policy"). Pure.
 * - `allowed`: always;
 * - `must-view-once`: once it has been watched (ever);
 * - `must-view-once-per-session`: once it has been watched in this session.
 */
export function canSkip(item: PlaylistItem, watched: WatchedState): boolean {
  switch (effectiveSkipPolicy(item)) {
    case 'allowed':
      return true;
    case 'must-view-once':
      return watched.hasWatched(item);
    case 'must-view-once-per-session':
      return watched.hasWatchedInSession(item);
  }
}

/** `POST /services/playback/playlist{slug}` (play-page §7). */
export const playlistPath = (slug: string): string => `/services/playback/playlist${slug.startsWith('/') ? slug : `/${slug}`}`;

export interface FetchPlaylistOptions extends HttpOptions {
  signal?: AbortSignal | undefined;
}

/**
 * Fetches and validates the playlist of a slug (empty body; play token or auth token header).
 *
 * @param slug e.g. `/film/sponsored-feature`.
 * @throws {S72Error} any error of `request()`, or `malformed_response` from {@link validatePlaylist}.
 */
export async function fetchPlaylist(slug: string, options: FetchPlaylistOptions): Promise<ValidatedPlaylist> {
  const { signal, ...http } = options;
  const body = await request(http, { method: 'POST', path: playlistPath(slug), signal }, v.unknown());
  return validatePlaylist(body);
}

/** A short text for an unexpected value in a warning: strings as they are, anything else as JSON. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value as undefined);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
