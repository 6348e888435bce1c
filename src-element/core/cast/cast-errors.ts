// player-and-client §8 "Cast"
/**
 * Cast errors: the codes with their messages, the player-side kind
 * (`chooseTargetCancelled` when the viewer cancels, `connectionFailed` otherwise, `badConfig` when a
 * playlist is loaded without `config.embeddedPlayer`), and the mapping from the SDK's
 * `chrome.cast.ErrorCode`. Every cast error is recoverable: casting fails, local playback goes on.
 * Framework-free.
 */
import { S72Error, type CastErrorCode } from '../errors.js';

// §8 "Cast"
/** Each code and its message (the spec gives messages for some; the others are ours). */
export const CAST_ERROR_MESSAGES: Readonly<Record<CastErrorCode, string>> = Object.freeze({
  cast_sdk_not_loaded: 'Cast SDK not loaded',
  not_connected: 'Not connected to a Chromecast',
  connect_failed: 'Could not connect to the Cast device',
  send_message_failed: 'Could not send a message to the Cast device',
  bad_config: 'Cast configuration is missing',
  receiver_status_error: 'Error getting receiver status',
  timeout: 'Get Receiver status timed out',
  choose_target_cancelled: 'User cancelled cast target selection',
});

/** Cast error kinds the player reports as its own (player-side). */
export type PlayerCastErrorKind = 'chooseTargetCancelled' | 'connectionFailed' | 'badConfig';

// §8 "Player-side"
/** The player-side kind of a cast error code. */
export function playerCastErrorKind(code: CastErrorCode): PlayerCastErrorKind {
  if (code === 'choose_target_cancelled') return 'chooseTargetCancelled';
  if (code === 'bad_config') return 'badConfig';
  return 'connectionFailed';
}

/** A recoverable `cast` error with its message; `data.kind` is the player-side kind. */
export function castError(code: CastErrorCode, cause?: unknown, data?: Record<string, unknown>): S72Error {
  return new S72Error(code, CAST_ERROR_MESSAGES[code], {
    category: 'cast',
    severity: 'recoverable',
    data: { ...data, kind: playerCastErrorKind(code) },
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * The cast code of a failed `CastContext.requestSession()` (its rejection is a
 * `chrome.cast.ErrorCode` string): `cancel` → `choose_target_cancelled`, `timeout` → `timeout`,
 * anything else → `connect_failed`.
 */
export function requestSessionErrorCode(reason: unknown): CastErrorCode {
  const code = typeof reason === 'string' ? reason : (reason as { code?: unknown } | null)?.code;
  if (code === 'cancel') return 'choose_target_cancelled';
  if (code === 'timeout') return 'timeout';
  return 'connect_failed';
}
