/**
 * One playlist being played, as a pure immutable value (play-page §4 "Playlist and action lifecycle"):
 * - each item has an action whose lifecycle is new, stopped, starting, started, stopping, destroyed
 *   ({@link ACTION_TRANSITIONS}); only one action runs at a time;
 * - each action has a playback status: not-playing, playing, complete;
 * - an item becomes watched when it is finished (complete); the playlist ends when there is no next item.
 *
 * The play-flow machine holds a {@link PlaylistRun} and calls these functions from its reducer:
 * asking for an item's streams starts its action, showing the player marks it started, the player's
 * `playing` and `ended` set the playback status, `ended` and "Skip" move on, leaving the page destroys
 * every action. Every function returns a new run, or the very same run when the lifecycle refuses
 * the step (so a caller can tell with `===`). No I/O: the watched record is stored by the caller.
 */
import { canSkip, type PlaylistItem } from './playlist.js';

/** play-page §4: the lifecycle of a playlist item's action. */
export type ActionState = 'new' | 'stopped' | 'starting' | 'started' | 'stopping' | 'destroyed';
/** play-page §4: the playback status of a playlist item's action. */
export type PlaybackStatus = 'not-playing' | 'playing' | 'complete';

/**
 * The lifecycle's allowed transitions (play-page §4). `destroyed` is final and reachable from every
 * other state; a stopped action may start again.
 */
export const ACTION_TRANSITIONS: Readonly<Record<ActionState, readonly ActionState[]>> = Object.freeze({
  new: ['starting', 'destroyed'],
  starting: ['started', 'stopping', 'destroyed'],
  started: ['stopping', 'destroyed'],
  stopping: ['stopped', 'destroyed'],
  stopped: ['starting', 'destroyed'],
  destroyed: [],
});

/**
 * The playback status's allowed transitions (play-page §4). `complete` is final; an `ended` with no
 * `playing` before it (a missed event) still completes the item.
 */
export const PLAYBACK_TRANSITIONS: Readonly<Record<PlaybackStatus, readonly PlaybackStatus[]>> = Object.freeze({
  'not-playing': ['playing', 'complete'],
  playing: ['complete', 'not-playing'],
  complete: [],
});

export const canTransition = (from: ActionState, to: ActionState): boolean => ACTION_TRANSITIONS[from].includes(to);

export const canChangePlayback = (from: PlaybackStatus, to: PlaybackStatus): boolean => PLAYBACK_TRANSITIONS[from].includes(to);

/** The states of the one action that runs (a stopping action still holds the player). */
const RUNNING: readonly ActionState[] = ['starting', 'started', 'stopping'];

/**
 * One playlist item as loaded: `item.has_watched` is true when watched ever (the server's flag, this
 * page, or the stored record); `watchedInSession` when finished during this session.
 */
export interface PlaylistEntry {
  item: PlaylistItem;
  watchedInSession: boolean;
}

/** An item's action: the entry, its lifecycle state and its playback status. */
export interface PlaylistItemAction extends PlaylistEntry {
  readonly state: ActionState;
  readonly playbackStatus: PlaybackStatus;
}

/** A playlist being played. */
export interface PlaylistRun {
  /** One action per item, in playlist order. */
  readonly actions: readonly PlaylistItemAction[];
  /** The current action: the one running, or the next to start. */
  readonly index: number;
  /** No next item after the current one ended or was skipped: the playlist is over (the player stays on it). */
  readonly finished: boolean;
}

/** What the player screen needs about the playlist. */
export interface PlaylistPosition {
  itemId: string;
  index: number;
  count: number;
  /** The skip control shows (play-page §4 "Playlist item skip policy"). */
  canSkip: boolean;
  /** Set once the playlist is over. */
  finished?: boolean;
}

/** A new run: every action new and not playing, the first one current; an empty playlist is over at once. */
export function createPlaylistRun(entries: readonly PlaylistEntry[]): PlaylistRun {
  return {
    actions: entries.map(({ item, watchedInSession }) => ({ item, watchedInSession, state: 'new', playbackStatus: 'not-playing' })),
    index: 0,
    finished: entries.length === 0,
  };
}

/** The current action (the last one once the playlist is over); undefined for an empty playlist. */
export function currentAction(run: PlaylistRun): PlaylistItemAction | undefined {
  return run.actions[run.index];
}

/** Whether an action is starting, started or stopping. */
const isRunning = (action: PlaylistItemAction): boolean => RUNNING.includes(action.state);

/** The action moved to `to` along the lifecycle; a step the table refuses is a bug of this module. */
function moved(action: PlaylistItemAction, to: ActionState): PlaylistItemAction {
  if (!canTransition(action.state, to)) throw new Error(`Invalid action transition ${action.state} → ${to}`);
  // A stopped or destroyed action is no longer playing; a complete one stays complete.
  const stops = (to === 'stopped' || to === 'destroyed') && canChangePlayback(action.playbackStatus, 'not-playing');
  return { ...action, state: to, playbackStatus: stops ? 'not-playing' : action.playbackStatus };
}

/** A running action stopped (stopping, then stopped) and destroyed; a new one destroyed at once. */
function stoppedAndDestroyed(action: PlaylistItemAction): PlaylistItemAction {
  let out = action;
  if (out.state === 'starting' || out.state === 'started') out = moved(out, 'stopping');
  if (out.state === 'stopping') out = moved(out, 'stopped');
  return out.state === 'destroyed' ? out : moved(out, 'destroyed');
}

function withCurrent(run: PlaylistRun, action: PlaylistItemAction): PlaylistRun {
  return { ...run, actions: run.actions.map((a, i) => (i === run.index ? action : a)) };
}

/**
 * Starts the current action (new or stopped → starting). Refused once the playlist is over, or while
 * another action still runs (only one at a time).
 */
export function startCurrent(run: PlaylistRun): PlaylistRun {
  const action = currentAction(run);
  if (!action || run.finished || !canTransition(action.state, 'starting')) return run;
  if (run.actions.some((a, i) => i !== run.index && isRunning(a))) return run;
  return withCurrent(run, moved(action, 'starting'));
}

/** The current action's start work is done: the player shows it (starting → started). */
export function markStarted(run: PlaylistRun): PlaylistRun {
  const action = currentAction(run);
  if (!action || action.state !== 'starting') return run;
  return withCurrent(run, moved(action, 'started'));
}

/** The player began playing the current item (not-playing → playing); the action must be started. */
export function markPlaying(run: PlaylistRun): PlaylistRun {
  const action = currentAction(run);
  if (!action || action.state !== 'started' || !canChangePlayback(action.playbackStatus, 'playing')) return run;
  return withCurrent(run, { ...action, playbackStatus: 'playing' });
}

/**
 * The player's `ended` for the current item: its playback is complete and the item becomes watched
 * (`has_watched` and `watchedInSession`). Refused unless the action is started, or once the playlist is over.
 */
export function markEnded(run: PlaylistRun): PlaylistRun {
  const action = currentAction(run);
  if (!action || run.finished || action.state !== 'started' || !canChangePlayback(action.playbackStatus, 'complete')) return run;
  return withCurrent(run, { ...action, item: { ...action.item, has_watched: true }, watchedInSession: true, playbackStatus: 'complete' });
}

/**
 * Whether the skip control shows for the current item: the playlist is not over, there is a next
 * item to skip to (none for the last or only item, issue 8), its action runs (starting or started),
 * and its skip policy allows it (play-page §4 "Playlist item skip policy"; ads default to
 * must-view-once).
 */
export function canSkipCurrent(run: PlaylistRun): boolean {
  const action = currentAction(run);
  if (!action || run.finished || (action.state !== 'starting' && action.state !== 'started')) return false;
  if (run.index + 1 >= run.actions.length) return false;
  return canSkip(action.item, { hasWatched: () => action.item.has_watched, hasWatchedInSession: () => action.watchedInSession });
}

/**
 * Moves on from the current action: with a next item, the current action is stopped and destroyed
 * and the next (still new, to be started) becomes current; without one, the playlist is over and the
 * current action is left as it is (the player stays on it).
 */
function advance(run: PlaylistRun): PlaylistRun {
  if (run.index + 1 >= run.actions.length) return { ...run, finished: true };
  const done = withCurrent(run, stoppedAndDestroyed(currentAction(run)!));
  return { ...done, index: run.index + 1 };
}

/** After the current item ended (complete): the next item, or the end of the playlist. Refused otherwise. */
export function nextItem(run: PlaylistRun): PlaylistRun {
  const action = currentAction(run);
  if (!action || run.finished || action.state !== 'started' || action.playbackStatus !== 'complete') return run;
  return advance(run);
}

/** "Skip": the next item (the skipped one is not watched). Refused unless {@link canSkipCurrent}. */
export function skipItem(run: PlaylistRun): PlaylistRun {
  return canSkipCurrent(run) ? advance(run) : run;
}

/** Leaving the page: every action is destroyed (a running one stopped first). Refused when all already are. */
export function destroyRun(run: PlaylistRun): PlaylistRun {
  if (run.actions.every((a) => a.state === 'destroyed')) return run;
  return { ...run, actions: run.actions.map(stoppedAndDestroyed) };
}

/** The player screen's view of the run (absent for an empty playlist). */
export function playlistPosition(run: PlaylistRun): PlaylistPosition | undefined {
  const action = currentAction(run);
  if (!action) return undefined;
  return {
    itemId: action.item.id,
    index: run.index,
    count: run.actions.length,
    canSkip: canSkipCurrent(run),
    ...(run.finished ? { finished: true } : {}),
  };
}
