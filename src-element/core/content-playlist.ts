// player-and-client §3 "Content" playlist {slug, mainContentStartTime}, "Player configuration" embeddedPlayer, shakaVersion; §7 "Cast playlist start message"; §8 "badConfig when a playlist is loaded without the embedded player"
/**
 * What the content's `playlist` and the configuration's `embeddedPlayer` and `shakaVersion` mean:
 * reading them (invalid parts are reported by the `…Problems` functions and then ignored), the
 * local start of the main content, what a cast receiver is asked to play, and whether the engine's
 * shaka is the version asked for. Pure, framework-free.
 *
 * Units: positions in seconds.
 */
import type { S72Content, S72PlayerConfig, S72Playlist } from './types.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as the error messages show it: its JSON, or its type when it has none. */
function describe(value: unknown): string {
  return JSON.stringify(value) ?? typeof value;
}

/** A valid start: a finite number of seconds ≥ 0. */
const isStart = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The content's playlist with its valid parts (`mainContentStartTime` 0 when absent or invalid), or null. */
export function readPlaylist(content: Pick<S72Content, 'playlist'> | null | undefined): Required<S72Playlist> | null {
  const playlist: unknown = content?.playlist;
  if (!isObject(playlist) || typeof playlist['slug'] !== 'string' || !playlist['slug'].trim()) return null;
  const start = playlist['mainContentStartTime'];
  return { slug: playlist['slug'].trim(), mainContentStartTime: isStart(start) ? start : 0 };
}

/** What is wrong with `content.playlist`: one message per problem (empty when absent or fine). */
export function playlistProblems(playlist: unknown): string[] {
  if (playlist === undefined || playlist === null) return [];
  if (!isObject(playlist)) return ['content.playlist must be an object ({slug, mainContentStartTime})'];
  const problems: string[] = [];
  if (typeof playlist['slug'] !== 'string' || !playlist['slug'].trim()) problems.push('content.playlist.slug must be a non-blank string (the playlist is ignored)');
  const start = playlist['mainContentStartTime'];
  if (start !== undefined && start !== null && !isStart(start)) {
    problems.push(`content.playlist.mainContentStartTime must be a number of seconds >= 0; got ${describe(start)}`);
  }
  return problems;
}

/** True when the content is its playlist's main content (its slug is the playlist's). */
export function isMainContent(content: Pick<S72Content, 'slug' | 'playlist'> | null | undefined): boolean {
  const playlist = readPlaylist(content);
  return playlist !== null && typeof content?.slug === 'string' && content.slug.trim() === playlist.slug;
}

// §3 "playlist {slug, mainContentStartTime}"
/**
 * Where a local load starts when the page gave no start position: the playlist's
 * `mainContentStartTime` for its main content (when > 0); undefined otherwise (the engine's default).
 */
export function mainContentStart(content: Pick<S72Content, 'slug' | 'playlist'> | null | undefined): number | undefined {
  if (!isMainContent(content)) return undefined;
  const start = readPlaylist(content)!.mainContentStartTime;
  return start > 0 ? start : undefined;
}

/** What the cast receiver is asked to play. */
export interface CastTarget {
  /** The slug the playlist start message names. */
  slug: string;
  /** Where it starts, seconds. */
  playFrom: number;
  /** True when it is a storefront playlist (needs the embedded player). */
  playlist: boolean;
}

// §7 "Cast playlist start message to the receiver: slug, …, playFrom"
/**
 * The receiver plays the content's playlist when it has one (the slug is the playlist's): from the
 * local position while the main content plays, from `mainContentStartTime` while an earlier item
 * (an ad) plays; `beginning` starts at 0 either way. Without a playlist: the content's slug, at the
 * local position. Null without a slug.
 */
export function castTarget(
  content: Pick<S72Content, 'slug' | 'playlist'> | null | undefined,
  position: number,
  mode: 'beginning' | 'resume',
): CastTarget | null {
  const local = mode === 'beginning' || !Number.isFinite(position) || position < 0 ? 0 : position;
  const playlist = readPlaylist(content);
  if (playlist) {
    const playFrom = mode === 'beginning' ? 0 : isMainContent(content) ? local : playlist.mainContentStartTime;
    return { slug: playlist.slug, playFrom, playlist: true };
  }
  const slug = typeof content?.slug === 'string' ? content.slug.trim() : '';
  return slug ? { slug, playFrom: local, playlist: false } : null;
}

// §8 "badConfig when a playlist is loaded without the embedded player"
/** Whether the configuration says this is the storefront's embedded player (`embeddedPlayer: true`). */
export function isEmbeddedPlayer(config: Pick<S72PlayerConfig, 'embeddedPlayer'> | null | undefined): boolean {
  return config?.embeddedPlayer === true;
}

const VERSION = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/;

/** What is wrong with `embeddedPlayer` and `shakaVersion` of a configuration (empty when fine). */
export function playerConfigProblems(config: Record<string, unknown>): { message: string; data: Record<string, unknown> }[] {
  const problems: { message: string; data: Record<string, unknown> }[] = [];
  const embedded = config['embeddedPlayer'];
  if (embedded !== undefined && typeof embedded !== 'boolean') {
    problems.push({ message: 'config.embeddedPlayer must be a boolean (false is used)', data: { embeddedPlayer: describe(embedded) } });
  }
  const version = config['shakaVersion'];
  if (version !== undefined && (typeof version !== 'string' || !VERSION.test(version.trim()))) {
    problems.push({ message: 'config.shakaVersion must be a version like "5", "5.2" or "5.2.12" (it is ignored)', data: { shakaVersion: describe(version) } });
  }
  return problems;
}

// §3 "shakaVersion"
/**
 * Whether the engine's version (e.g. shaka's `v5.2.12`, possibly followed by a note) is the one
 * asked for: every part given in `wanted` must match. True when nothing (valid) is asked for.
 */
export function shakaVersionMatches(wanted: unknown, engineVersion: string): boolean {
  if (typeof wanted !== 'string') return true;
  const want = VERSION.exec(wanted.trim());
  if (!want) return true;
  const have = /v?(\d+)\.(\d+)\.(\d+)/.exec(engineVersion);
  if (!have) return false;
  return [1, 2, 3].every((part) => want[part] === undefined || Number(want[part]) === Number(have[part]));
}
