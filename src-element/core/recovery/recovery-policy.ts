// player-and-client §4 "Playback recovery", §9 "Engine"; issue 22 item 3
/**
 * Playback recovery rules: which errors are
 * recovered by reloading the source at the viewer's position, how many times, and how long to wait
 * first. Pure: the caller passes the time and whether the browser is online, and keeps the state.
 *
 * - Only a CRITICAL network or media error is recovered. Network: `network_error` (no answer,
 *   offline, timeout), `bad_http_status_5xx` and `bad_http_status_0` (the server failed or the
 *   connection dropped), and a licence request that failed the same way
 *   (`license_request_failure` with a 5xx status, or with none: the connection dropped, no answer,
 *   offline): the licence server being down is a transient network fault like any
 *   other, not a statement about rights. Media: `decode_error`, and a `playback_error` raised by the
 *   engine's media layer (shaka category 3: MediaSource operations). Never: licence answers about
 *   rights (401, 403 `license_{reason}`, 451 `too_many_streams`) or any other 4xx licence answer,
 *   other DRM errors (the CDM, the key system), 4xx answers (`file_not_found`,
 *   `bad_http_status_404`), stream limits (`too_many_streams`, `too_many_devices`), `play_failed`,
 *   configuration errors. `start_timeout`
 *   (the start watchdog gave up) ends a first start, but during a recovery reload it is one more
 *   failed attempt of the outage being recovered (a network failure): without that, the watchdog's
 *   10 s would end every outage longer than one reload.
 * - Up to {@link RECOVERY_MAX_ATTEMPTS} reloads; the count starts again when the last reload was more
 *   than {@link RECOVERY_RESET_MS} earlier.
 * - A network error waits {@link RECOVERY_NETWORK_DELAY_MS} before its reload; a media error reloads at once.
 * - While the browser is offline nothing is counted: the caller waits for it to be online again,
 *   then asks again (a reload while offline could only fail).
 *
 * Framework-free (core layer). Units: epoch ms for `now`, ms for delays.
 */
import type { S72Error } from '../errors.js';

// player-and-client §9 "Engine"
/** Recovery attempts. */
export const RECOVERY_MAX_ATTEMPTS = 6;
// player-and-client §9 "Engine"
/** The attempt count resets when the last attempt was over 60 s earlier. */
export const RECOVERY_RESET_MS = 60_000;
// player-and-client §9 "Engine"
/** Network errors wait 1 s before the reload. */
export const RECOVERY_NETWORK_DELAY_MS = 1_000;

/** What kind of failure an error is, for recovery; null: not recovered. */
export type RecoveryKind = 'network' | 'media';

/** The attempts made so far. */
export interface RecoveryState {
  /** Reloads made in the current window (0..RECOVERY_MAX_ATTEMPTS). */
  readonly attempts: number;
  /** When the last reload was decided, epoch ms; null before the first. */
  readonly lastAttemptAt: number | null;
}

export const INITIAL_RECOVERY_STATE: RecoveryState = Object.freeze({ attempts: 0, lastAttemptAt: null });

/** What to do with an error. */
export type RecoveryDecision =
  /** Show the error: it is not recoverable, or the attempts are spent. */
  | { readonly action: 'give-up'; readonly reason: 'not-recoverable' | 'exhausted' }
  /** The browser is offline: wait for `online`, then decide again (nothing counted). */
  | { readonly action: 'wait-online'; readonly kind: RecoveryKind }
  /** Reload at the position after `delayMs`; `attempt` is 1-based; `state` is the new state. */
  | {
      readonly action: 'reload';
      readonly kind: RecoveryKind;
      readonly attempt: number;
      readonly delayMs: number;
      readonly state: RecoveryState;
    };

/** Shaka's media category (`shaka.util.Error.Category.MEDIA`): engine codes 3000-3999. */
const isMediaEngineCode = (code: number | undefined): boolean => code !== undefined && code >= 3000 && code < 4000;

/**
 * The recovery kind of an error, or null when a reload would not help (see the module comment).
 * `reloading`: the error was raised during a recovery reload's start.
 */
export function recoveryKind(error: S72Error, reloading = false): RecoveryKind | null {
  if (error.severity !== 'critical') return null;
  const { code } = error;
  if (code === 'network_error') return 'network';
  if (code === 'start_timeout') return reloading ? 'network' : null;
  const status = /^bad_http_status_(\d+)$/.exec(code);
  if (status) {
    const value = Number(status[1]);
    return value === 0 || value >= 500 ? 'network' : null;
  }
  if (code === 'license_request_failure' && error.category === 'drm') {
    const httpStatus = error.httpStatus ?? 0;
    return httpStatus === 0 || httpStatus >= 500 ? 'network' : null;
  }
  if (code === 'decode_error') return 'media';
  if (code === 'playback_error' && error.category === 'playback' && isMediaEngineCode(error.engineCode)) return 'media';
  return null;
}

/**
 * Decides what to do with a critical error.
 *
 * @param state the attempts so far
 * @param error the error the engine or the media raised
 * @param context `now` (epoch ms), whether the browser is online (`navigator.onLine`), and whether a
 *   recovery reload is starting (`reloading`, default false)
 */
export function decideRecovery(
  state: RecoveryState,
  error: S72Error,
  context: { now: number; online: boolean; reloading?: boolean },
): RecoveryDecision {
  const kind = recoveryKind(error, context.reloading);
  if (kind === null) return { action: 'give-up', reason: 'not-recoverable' };
  if (!context.online) return { action: 'wait-online', kind };
  const expired = state.lastAttemptAt !== null && context.now - state.lastAttemptAt > RECOVERY_RESET_MS;
  const attempts = expired ? 0 : state.attempts;
  if (attempts >= RECOVERY_MAX_ATTEMPTS) return { action: 'give-up', reason: 'exhausted' };
  return {
    action: 'reload',
    kind,
    attempt: attempts + 1,
    delayMs: kind === 'network' ? RECOVERY_NETWORK_DELAY_MS : 0,
    state: { attempts: attempts + 1, lastAttemptAt: context.now },
  };
}
