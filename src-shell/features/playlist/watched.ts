/**
 * Watched tracking for the playlist skip policies (play-page §4): per session (in memory, for the
 * life of the page) and persistent (the server's `has_watched`, plus a local-storage record).
 * Items are keyed by their action slug, so an ad watched in one playlist counts in another.
 * Bad stored data is ignored; storage that refuses writes keeps the in-memory record.
 */
import type { StorageLike } from '../../lib/storage.js';
import type { PlaylistItem, WatchedState } from './playlist.js';

export const WATCHED_STORAGE_KEY = 's72.playlist.watched';
/** Most slugs kept in storage (oldest dropped first). */
export const WATCHED_STORAGE_MAX = 500;

export interface WatchedTrackerOptions {
  /** Persistent storage (e.g. `browserLocalStorage()`); none keeps everything in memory. */
  storage?: StorageLike | undefined;
  storageKey?: string;
}

const keyOf = (item: PlaylistItem): string => item.action.slug;

export class WatchedTracker implements WatchedState {
  #session = new Set<string>();
  #persistent: Set<string>;
  #storage: StorageLike | undefined;
  #key: string;

  constructor(options: WatchedTrackerOptions = {}) {
    this.#storage = options.storage;
    this.#key = options.storageKey ?? WATCHED_STORAGE_KEY;
    this.#persistent = new Set(this.#read());
  }

  hasWatched(item: PlaylistItem): boolean {
    const key = keyOf(item);
    return item.has_watched || this.#session.has(key) || this.#persistent.has(key);
  }

  hasWatchedInSession(item: PlaylistItem): boolean {
    return this.#session.has(keyOf(item));
  }

  /** Records a finished item, for this session and persistently. */
  markWatched(item: PlaylistItem): void {
    const key = keyOf(item);
    this.#session.add(key);
    this.#persistent.delete(key);
    this.#persistent.add(key);
    this.#write();
  }

  /** Forgets this session's record (a new session). */
  resetSession(): void {
    this.#session.clear();
  }

  #read(): string[] {
    try {
      const raw = this.#storage?.getItem(this.#key);
      if (!raw) return [];
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string' && s !== '') : [];
    } catch {
      return [];
    }
  }

  #write(): void {
    try {
      const list = [...this.#persistent].slice(-WATCHED_STORAGE_MAX);
      this.#storage?.setItem(this.#key, JSON.stringify(list));
    } catch {
      /* storage full or blocked: the in-memory record still counts */
    }
  }
}
