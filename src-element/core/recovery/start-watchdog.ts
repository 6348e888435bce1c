// player-and-client §4 "Start watchdog", §9 "Start watchdog every 5 s; gives up after 10 s or 60 s"
/**
 * The start watchdog's rule: from the start of a load until playback starts, checked every
 * {@link WATCHDOG_CHECK_MS}; gives up when the buffering progress has not moved for
 * {@link WATCHDOG_STALL_MS}, or when playback has not started {@link WATCHDOG_TOTAL_MS} after the load
 * started. Pure: the controller passes the time and a progress mark.
 *
 * The progress mark is anything that moves while a start is going well: the engine finished loading,
 * the media's `readyState`, the seconds buffered. Two checks with the same mark 10 s apart mean
 * nothing arrived in between.
 *
 * Framework-free (core layer). Units: epoch ms.
 */

// player-and-client §9
/** The watchdog checks every 5 s. */
export const WATCHDOG_CHECK_MS = 5_000;
// player-and-client §4
/** Gives up after 10 s without buffering progress. */
export const WATCHDOG_STALL_MS = 10_000;
// player-and-client §4
/** Gives up when playback has not started after 60 s. */
export const WATCHDOG_TOTAL_MS = 60_000;

export interface WatchdogState {
  /** When the load started, epoch ms. */
  readonly startedAt: number;
  /** The last progress mark seen, and when it was first seen. */
  readonly progress: string;
  readonly progressAt: number;
}

export type WatchdogVerdict = 'waiting' | 'stalled' | 'too-long';

/** The watchdog's state at the start of a load. */
export function startWatchdog(now: number, progress: string): WatchdogState {
  return { startedAt: now, progress, progressAt: now };
}

/**
 * One check: the new state and whether to give up (`stalled`, `too-long`) or keep waiting.
 * `busy`: the engine is waiting on a licence answer (its own retries included); that counts as
 * progress, so a failing licence server ends with the licence error rather than `stalled`. The 60-s
 * limit still applies.
 */
export function checkWatchdog(state: WatchdogState, now: number, progress: string, busy = false): { state: WatchdogState; verdict: WatchdogVerdict } {
  const next = progress === state.progress && !busy ? state : { ...state, progress, progressAt: now };
  if (now - state.startedAt >= WATCHDOG_TOTAL_MS) return { state: next, verdict: 'too-long' };
  if (now - next.progressAt >= WATCHDOG_STALL_MS) return { state: next, verdict: 'stalled' };
  return { state: next, verdict: 'waiting' };
}

/** The progress mark of a media element and its engine: loaded, readyState, seconds buffered (0.1 s). */
export function progressMark(loaded: boolean, media: Pick<HTMLMediaElement, 'readyState' | 'buffered'> | null | undefined): string {
  let seconds = 0;
  const ranges = media?.buffered;
  if (ranges) for (let index = 0; index < ranges.length; index++) seconds += ranges.end(index) - ranges.start(index);
  return `${loaded ? 1 : 0}|${media?.readyState ?? 0}|${seconds.toFixed(1)}`;
}
