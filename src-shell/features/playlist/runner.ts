/**
 * Plays a playlist in order (play-page §4 "Playlist and action lifecycle"): a pure state holder
 * with no I/O besides the watched record. An item becomes watched when it is finished; the playlist
 * ends when there is no next item (the caller then sends `playlist-finished` telemetry).
 */
import { canSkip, type Playlist, type PlaylistItem } from './playlist.js';
import type { WatchedTracker } from './watched.js';

/** What happens next. */
export type PlaylistStep =
  | { type: 'item'; item: PlaylistItem; index: number }
  | { type: 'playlist-finished' };

export interface PlaylistRunnerOptions {
  watched: WatchedTracker;
  /** Start at this item id instead of the first (e.g. the episode opened); unknown ids start at 0. */
  startAtId?: string | undefined;
}

export class PlaylistRunner {
  readonly playlist: Playlist;
  readonly watched: WatchedTracker;
  #index: number;
  #finished = false;

  constructor(playlist: Playlist, options: PlaylistRunnerOptions) {
    this.playlist = playlist;
    this.watched = options.watched;
    const start = options.startAtId === undefined ? 0 : playlist.items.findIndex((i) => i.id === options.startAtId);
    this.#index = Math.max(0, start);
    if (playlist.items.length === 0) this.#finished = true;
  }

  /** Index of the current item; -1 once finished. */
  get index(): number {
    return this.#finished ? -1 : this.#index;
  }

  /** The current item, or undefined once finished. */
  get current(): PlaylistItem | undefined {
    return this.#finished ? undefined : this.playlist.items[this.#index];
  }

  get finished(): boolean {
    return this.#finished;
  }

  /** The step for the current item (call once at the start). */
  currentStep(): PlaylistStep {
    const item = this.current;
    return item ? { type: 'item', item, index: this.#index } : { type: 'playlist-finished' };
  }

  hasNext(): boolean {
    return !this.#finished && this.#index + 1 < this.playlist.items.length;
  }

  /** Moves to the next item, or finishes the playlist when there is none. */
  next(): PlaylistStep {
    if (this.#finished) return { type: 'playlist-finished' };
    if (!this.hasNext()) {
      this.#finished = true;
      return { type: 'playlist-finished' };
    }
    this.#index++;
    return this.currentStep();
  }

  /** The current item finished playing: it becomes watched, then {@link next}. */
  itemFinished(): PlaylistStep {
    const item = this.current;
    if (item) this.watched.markWatched(item);
    return this.next();
  }

  /** Whether the skip control shows for the current item. */
  canSkipCurrent(): boolean {
    const item = this.current;
    return item !== undefined && canSkip(item, this.watched);
  }

  /**
   * Skips the current item (not marked watched). Returns `null` when the policy does not allow it.
   */
  skip(): PlaylistStep | null {
    if (!this.canSkipCurrent()) return null;
    return this.next();
  }
}
