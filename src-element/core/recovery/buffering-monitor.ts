// player-and-client §4 "Buffering monitor", §9 "Buffering check every 0.5 s"
/**
 * The buffering monitor's state machine: `ok` → `buffering` on load start, seeking or waiting → `recovering` when
 * playback resumes → `ok` after 1 s of recovery. Pure: the controller feeds it media events and a
 * check every {@link BUFFERING_CHECK_MS} with the position and whether the media is paused.
 *
 * "Playback resumes" is read from the media, never guessed: a `playing` event, or a check that sees
 * the position move forward while not paused. A paused media that has the data to play
 * (`readyState` ≥ HAVE_FUTURE_DATA) is not waiting for anything either: it counts as resumed, so a
 * viewer who paused does not stay "buffering" for ever.
 *
 * Framework-free (core layer). Units: epoch ms for `now`, seconds for `position`.
 */

// player-and-client §4
/** The monitor's states. */
export type BufferingState = 'ok' | 'buffering' | 'recovering';

// player-and-client §9
/** The monitor checks every 0.5 s. */
export const BUFFERING_CHECK_MS = 500;
/** `recovering` returns to `ok` after 1 s. */
export const BUFFERING_RECOVERY_MS = 1_000;

// player-and-client §4
/** Media events that start buffering. */
export const BUFFERING_START_EVENTS = ['loadstart', 'seeking', 'waiting'] as const;

export interface BufferingMonitorState {
  readonly state: BufferingState;
  /** When `state` was entered, epoch ms. */
  readonly since: number;
  /** The position seen by the last check since buffering started, seconds; null before one. */
  readonly position: number | null;
}

export const INITIAL_BUFFERING_MONITOR: BufferingMonitorState = Object.freeze({ state: 'ok', since: 0, position: null });

export type BufferingInput =
  /** `loadstart`, `seeking` or `waiting`. */
  | { readonly type: 'stall'; readonly now: number }
  /** `playing`. */
  | { readonly type: 'playing'; readonly now: number }
  /** The periodic check. `ready`: the media has data to play (readyState ≥ 3). */
  | { readonly type: 'check'; readonly now: number; readonly position: number; readonly paused: boolean; readonly ready: boolean };

/** The next monitor state; the same object when nothing changed. */
export function nextBufferingState(current: BufferingMonitorState, input: BufferingInput): BufferingMonitorState {
  const enter = (state: BufferingState): BufferingMonitorState => ({ state, since: input.now, position: null });
  switch (input.type) {
    case 'stall':
      return current.state === 'buffering' && current.position === null ? current : enter('buffering');
    case 'playing':
      return current.state === 'buffering' ? enter('recovering') : current;
    case 'check': {
      if (current.state === 'recovering') {
        return input.now - current.since >= BUFFERING_RECOVERY_MS ? enter('ok') : current;
      }
      if (current.state !== 'buffering') return current;
      const advanced = current.position !== null && !input.paused && input.position > current.position;
      if (advanced || (input.paused && input.ready)) return enter('recovering');
      return { ...current, position: input.position };
    }
  }
}
