/**
 * React binding of the play flow: subscribes to the runner and (re)starts it whenever the session
 * snapshot changes. Rendering only; all logic is in machine.ts and play-flow.ts.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PlaySession } from '../../../types/play-session.js';
import type { FlowState } from '../machine.js';
import type { PlayFlow } from '../play-flow.js';

/**
 * @param flow The runner (created once by the app provider).
 * @param session The current session; a new object (a hash change) restarts the flow.
 * @returns The current flow state.
 */
export function usePlayFlow(flow: PlayFlow, session: PlaySession | null): FlowState {
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
  useEffect(() => {
    flow.start(session);
  }, [flow, session]);
  return state;
}
