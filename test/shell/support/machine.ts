/** Drives the pure play-flow machine through events (test/shell machine suites). */
import type { StreamsResponse } from 's72-player/client';
import { INITIAL_STATE, transition, type FlowEvent, type FlowState, type ItemLoadedEvent, type Transition } from '../../../src-shell/features/play-flow/machine.js';
import type { PlaySession } from '../../../src-shell/types/play-session.js';
import { availability, CHROME, ENV, FILM, NOW, session, streams } from '../fixtures.js';

/** Applies `events` in order from `state`; returns every transition. */
export function run(events: FlowEvent[], state: FlowState = INITIAL_STATE): Transition[] {
  const out: Transition[] = [];
  for (const event of events) {
    const next = transition(state, event, ENV);
    out.push(next);
    state = next.state;
  }
  return out;
}

/** The last transition of a run. */
export const last = (ts: Transition[]): Transition => ts[ts.length - 1]!;

export type PlayingState = Extract<FlowState, { status: 'playing' }>;

/**
 * The adult viewer's film (Night Harbour on Chrome, watchable now) run from the start of a session
 * to playing: start, the item loaded with `configuration` (and `device`, the device check, when
 * given), the streams answer. Returns the playing state (`playback` is what the flow hands the
 * player); throws when the run ends anywhere else.
 */
export function playingFilm(options: {
  configuration: ItemLoadedEvent['configuration'];
  session?: Partial<PlaySession>;
  device?: ItemLoadedEvent['device'];
  streams?: StreamsResponse;
}): PlayingState {
  const ts = run([
    { type: 'start', session: session(options.session) },
    {
      type: 'item-loaded',
      metadata: { kind: 'film', film: FILM },
      availabilities: [availability('/film/night-harbour')],
      configuration: options.configuration,
      capabilities: CHROME,
      viewer: { kind: 'found', dob: '1985-04-12' },
      ...(options.device ? { device: options.device } : {}),
      now: NOW,
    },
    { type: 'streams-loaded', response: options.streams ?? streams(), now: NOW },
  ]);
  const state = last(ts).state;
  if (state.status !== 'playing') throw new Error(`the film's flow ended '${state.status}', not playing: ${JSON.stringify(state)}`);
  return state;
}
