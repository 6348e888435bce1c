/** Drives the pure play-flow machine through events (test/shell machine suites). */
import { INITIAL_STATE, transition, type FlowEvent, type FlowState, type Transition } from '../../../src-shell/features/play-flow/machine.js';
import { ENV } from '../fixtures.js';

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
