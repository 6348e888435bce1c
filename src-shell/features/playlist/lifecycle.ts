/**
 * Action lifecycle and playback status (play-page §4 "Playlist and action lifecycle"):
 * states new, stopped, starting, started, stopping, destroyed; only one action runs at a time;
 * playback status not-playing, playing, complete. Framework-free; start/stop work is injected.
 */
import type { PlaylistItem } from './playlist.js';

export type ActionState = 'new' | 'stopped' | 'starting' | 'started' | 'stopping' | 'destroyed';
export type PlaybackStatus = 'not-playing' | 'playing' | 'complete';

/** Allowed transitions; `destroyed` is reachable from every state but itself. */
export const ACTION_TRANSITIONS: Readonly<Record<ActionState, readonly ActionState[]>> = Object.freeze({
  new: ['starting', 'destroyed'],
  starting: ['started', 'stopping', 'stopped', 'destroyed'],
  started: ['stopping', 'destroyed'],
  stopping: ['stopped', 'destroyed'],
  stopped: ['starting', 'destroyed'],
  destroyed: [],
});

export const canTransition = (from: ActionState, to: ActionState): boolean => ACTION_TRANSITIONS[from].includes(to);

/** The work behind an action: what starting and stopping it do (e.g. load and unload the player). */
export interface ActionHandlers {
  start(action: PlaylistItemAction, signal: AbortSignal): Promise<void>;
  stop?(action: PlaylistItemAction): Promise<void> | void;
}

export type ActionListener = (action: PlaylistItemAction) => void;

/** One playlist item's action. */
export class PlaylistItemAction {
  readonly item: PlaylistItem;
  #state: ActionState = 'new';
  #status: PlaybackStatus = 'not-playing';
  #listeners = new Set<ActionListener>();

  constructor(item: PlaylistItem) {
    this.item = item;
  }

  get state(): ActionState {
    return this.#state;
  }

  get playbackStatus(): PlaybackStatus {
    return this.#status;
  }

  /** True while starting or started (the one running action). */
  get running(): boolean {
    return this.#state === 'starting' || this.#state === 'started';
  }

  /** Moves to `to`; throws on a transition the lifecycle does not allow. */
  transition(to: ActionState): void {
    if (!canTransition(this.#state, to)) throw new Error(`Invalid action transition ${this.#state} → ${to}`);
    this.#state = to;
    if (to === 'destroyed' && this.#status === 'playing') this.#status = 'not-playing';
    this.#emit();
  }

  /** Sets the playback status (not-playing, playing, complete); ignored once destroyed. */
  setPlaybackStatus(status: PlaybackStatus): void {
    if (this.#state === 'destroyed' || this.#status === status) return;
    this.#status = status;
    this.#emit();
  }

  subscribe(listener: ActionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(): void {
    for (const listener of this.#listeners) listener(this);
  }
}

/**
 * Runs at most one action at a time: {@link run} stops and destroys the running one first.
 */
export class ActionRunner {
  #handlers: ActionHandlers;
  #current: PlaylistItemAction | undefined;
  #abort: AbortController | undefined;

  constructor(handlers: ActionHandlers) {
    this.#handlers = handlers;
  }

  get current(): PlaylistItemAction | undefined {
    return this.#current;
  }

  /**
   * Stops and destroys the running action (if any), then starts one for `item`. Resolves once
   * started, or at once with a destroyed action when another `run` replaced it meanwhile.
   * A replaced action's `start` sees its `AbortSignal` fire.
   */
  async run(item: PlaylistItem): Promise<PlaylistItemAction> {
    const previous = this.#current;
    this.#abort?.abort();
    const action = new PlaylistItemAction(item);
    const abort = new AbortController();
    this.#current = action;
    this.#abort = abort;
    if (previous) await this.#stop(previous);
    if (abort.signal.aborted) {
      if (action.state !== 'destroyed') action.transition('destroyed');
      return action;
    }
    action.transition('starting');
    try {
      await this.#handlers.start(action, abort.signal);
    } catch (error) {
      if (action.state === 'starting') action.transition('stopped');
      throw error;
    }
    if (abort.signal.aborted || action.state !== 'starting') return action;
    action.transition('started');
    return action;
  }

  /** Stops and destroys the running action. */
  async stopCurrent(): Promise<void> {
    const action = this.#current;
    this.#current = undefined;
    this.#abort?.abort();
    this.#abort = undefined;
    if (action) await this.#stop(action);
  }

  async #stop(action: PlaylistItemAction): Promise<void> {
    if (action.running) {
      action.transition('stopping');
      try {
        await this.#handlers.stop?.(action);
      } finally {
        if (action.state === 'stopping') action.transition('stopped');
      }
    }
    if (action.state !== 'destroyed') action.transition('destroyed');
  }

  /** Same as {@link stopCurrent}; the runner can be reused. */
  destroy(): Promise<void> {
    return this.stopCurrent();
  }
}
