/**
 * How the play page shows errors (play-page §8 "Codes shown to users"): the code, a human title and
 * message, and whether a retry makes sense. Pure.
 *
 * Texts come from the string table (`errorText` of `s72-player/client`). A {@link FlowError} holds
 * them in English (for logs and for callers that only read English); screens show them in the
 * page's language with {@link describeFlowError}.
 */
import { createTranslator, isS72Error, type MessageKey, type MessageParams, type S72Error, type Translator } from 's72-player/client';

/** An error as the error screen shows it. Never holds tokens. */
export interface FlowError {
  /** The spec code, e.g. `film_not_found`; shown verbatim in `[data-testid=error-code]`. */
  code: string;
  title: string;
  message: string;
  /** True when trying again may help (network, busy server, playback hiccup). */
  retryable: boolean;
  category?: string;
  severity?: string;
  httpStatus?: number;
  requestId?: string;
  /** The message as a string-table key (set by {@link withMessage}), so screens can show it in the page's language. */
  text?: { key: MessageKey; params?: MessageParams | undefined };
}

/**
 * Server codes the play page renames (play-page §6 "no_user_plan becomes access_denied"; §8
 * "availability_expired (also used when play_token_expired)"; invalid slugs become `invalid_slug`).
 */
export const CODE_RENAMES: Readonly<Record<string, string>> = {
  no_user_plan: 'access_denied',
  play_token_expired: 'availability_expired',
  unsupported_slug: 'invalid_slug',
  slug_not_streamable: 'invalid_slug',
};

/** Error texts come from the string table (`errorText`); the flow's own values are in English. */
const EN = createTranslator('en');

const DEFAULT_MESSAGE = EN.errorText('');

const RETRYABLE = new Set([
  'network_error',
  'server_busy',
  'malformed_response',
  'playback_error',
  'play_failed',
  'drm_failed',
  'decode_error',
  'license_request_failure',
  // The viewer can stop another screen and try again (heartbeat 451, play-page §8).
  'too_many_streams',
]);

/** True when a retry may help for `code`. */
export function isRetryable(code: string): boolean {
  return RETRYABLE.has(code) || /^bad_http_status_5\d\d$/.test(code);
}

/** The code the play page shows for a raw code (see {@link CODE_RENAMES}). */
export function displayCode(code: string): string {
  return CODE_RENAMES[code] ?? code;
}

/** Human title and message of a code, in English (the table's `errorText`; unknown codes get the generic text). */
export function messageFor(code: string): { title: string; message: string } {
  return EN.errorText(code);
}

/**
 * `error` with its message replaced by the table text `key` (English in `message`, the key kept for
 * {@link describeFlowError}), e.g. the PIN form's "Incorrect PIN. 4 attempts left.".
 */
export function withMessage(error: FlowError, key: MessageKey, params?: MessageParams): FlowError {
  return { ...error, message: EN.t(key, params), text: { key, ...(params ? { params } : {}) } };
}

/**
 * The title and message to show for `error` in the language of `i18n`: the table's texts for its
 * code (or its {@link FlowError.text} key); a title or message a caller wrote itself (different
 * from the table's English text) is shown as given.
 */
export function describeFlowError(error: FlowError, i18n: Translator): { title: string; message: string } {
  const english = EN.errorText(error.code);
  const local = i18n === EN ? english : i18n.errorText(error.code);
  const title = error.title === english.title ? local.title : error.title;
  let message: string;
  if (error.text && error.message === EN.t(error.text.key, error.text.params)) message = i18n.t(error.text.key, error.text.params);
  else message = error.message === english.message ? local.message : error.message;
  return { title, message };
}

/**
 * Turns anything thrown into a {@link FlowError} (codes renamed as the play page shows them).
 * Non-`S72Error` values become `playback_error`.
 */
export function toFlowError(error: unknown): FlowError {
  if (!isS72Error(error)) {
    return { code: 'playback_error', ...DEFAULT_MESSAGE, retryable: true };
  }
  const e = error as S72Error;
  const code = displayCode(e.code);
  return {
    code,
    ...messageFor(code),
    retryable: isRetryable(code),
    category: e.category,
    severity: e.severity,
    ...(e.httpStatus !== undefined ? { httpStatus: e.httpStatus } : {}),
    ...(e.requestId !== undefined ? { requestId: e.requestId } : {}),
  };
}

/** A flow error for a code raised by the play page itself (e.g. `streams_are_empty`). */
export function flowError(code: string): FlowError {
  return { code, ...messageFor(code), retryable: isRetryable(code), category: 'client', severity: 'critical' };
}
