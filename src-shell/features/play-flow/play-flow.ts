/**
 * Runs the play-flow machine (machine.ts): keeps the state, runs its commands through the
 * content-data client, feeds the results back, and tells subscribers. Framework-free; React reads it
 * with `useSyncExternalStore` (hooks/use-play-flow.ts).
 *
 * A new `start` aborts every request of the previous run; results of an old run are dropped.
 */
import type { ContentClient } from '../../../src-element/core/client/index.js';
import type { PlaySession } from '../../types/play-session.js';
import type { PlaybackCapabilities } from './choose-stream.js';
import type { ItemMetadata } from './describe-item.js';
import {
  INITIAL_STATE,
  transition,
  type FlowCommand,
  type FlowEnv,
  type FlowEvent,
  type FlowState,
  type NavigationTarget,
} from './machine.js';

/** What the runner needs from the outside world; all injected so tests can fake them. */
export interface PlayFlowDeps {
  env: FlowEnv;
  /** A content client for the session's tokens (`x-play-token` else `x-auth-token`, `x-bypass-cache`). */
  createClient(session: PlaySession): ContentClient;
  /** Browser capabilities (called once per runner; the result is reused). */
  detectCapabilities(): Promise<PlaybackCapabilities>;
  /** Performs a navigation the machine asked for. */
  navigate(target: NavigationTarget): void;
  /** Epoch ms clock. */
  now(): number;
}

export interface PlayFlow {
  getState(): FlowState;
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Starts (or restarts) the flow for a session; `null` sends the viewer home. */
  start(session: PlaySession | null): void;
  /** Tries again from the error state. */
  retry(): void;
  /** Reports a critical player error while playing. */
  playbackFailed(error: unknown): void;
  /** Aborts pending requests and drops listeners. */
  destroy(): void;
}

/** Creates the runner (state `idle` until `start`). */
export function createPlayFlow(deps: PlayFlowDeps): PlayFlow {
  let state: FlowState = INITIAL_STATE;
  let run = new AbortController();
  let capabilities: Promise<PlaybackCapabilities> | undefined;
  const listeners = new Set<() => void>();

  const caps = (): Promise<PlaybackCapabilities> => (capabilities ??= deps.detectCapabilities());

  const dispatch = (event: FlowEvent): void => {
    const next = transition(state, event, deps.env);
    if (next.state !== state) {
      state = next.state;
      for (const listener of [...listeners]) listener();
    }
    for (const command of next.commands) execute(command, run.signal);
  };

  const execute = (command: FlowCommand, signal: AbortSignal): void => {
    if (command.type === 'navigate') {
      deps.navigate(command.target);
      return;
    }
    const client = deps.createClient(command.session);
    const job = ((): Promise<FlowEvent> => {
      switch (command.type) {
        case 'load-item': {
          const { slug } = command;
          const metadata: Promise<ItemMetadata> =
            slug.type === 'film' || slug.type === 'film-bonus'
              ? client.getFilm(slug.slug, signal).then((film) => ({ kind: 'film', film }))
              : client.getSeason(slug.slug, signal).then((season) => ({ kind: 'season', season }));
          // play-page §4 step 1: item, availability and configuration in parallel (and the capability probe).
          return Promise.all([
            metadata,
            client.getAvailabilities([slug.slug], signal),
            client.getConfiguration(signal),
            caps(),
          ]).then(([m, availabilities, configuration, capabilities]) => ({
            type: 'item-loaded',
            metadata: m,
            availabilities,
            configuration,
            capabilities,
          }));
        }
        case 'load-episode-availabilities':
          return client
            .getAvailabilities(command.slugs, signal)
            .then((availabilities) => ({ type: 'episode-availabilities-loaded', availabilities, now: deps.now() }));
        case 'load-streams':
          return client.getStreams(command.slug, signal).then((response) => ({ type: 'streams-loaded', response }));
      }
    })();
    job.then(
      (event) => {
        if (!signal.aborted) dispatch(event);
      },
      (error: unknown) => {
        if (!signal.aborted) dispatch({ type: 'failed', error });
      },
    );
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(session) {
      run.abort();
      run = new AbortController();
      dispatch({ type: 'start', session });
    },
    retry() {
      run.abort();
      run = new AbortController();
      dispatch({ type: 'retry' });
    },
    playbackFailed(error) {
      dispatch({ type: 'playback-failed', error });
    },
    destroy() {
      run.abort();
      listeners.clear();
    },
  };
}
