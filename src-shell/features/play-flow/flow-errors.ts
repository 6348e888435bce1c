/**
 * How the play page shows errors (play-page §8 "Codes shown to users"): the code, a human title and
 * message, and whether a retry makes sense. Pure.
 */
import { isS72Error, type S72Error } from 's72-player/client';

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

const MESSAGES: Readonly<Record<string, { title: string; message: string }>> = {
  'invalid_app.session_params': { title: 'Nothing to play', message: 'This player link is incomplete. Open the title again from the store.' },
  invalid_slug: { title: 'Invalid link', message: 'This address does not point to anything that can be played.' },
  film_not_found: { title: 'Film not found', message: 'We could not find this film.' },
  season_not_found: { title: 'TV season not found', message: 'We could not find this TV season.' },
  media_not_found: { title: 'Media not found', message: 'We could not find this episode or bonus.' },
  slug_not_found: { title: 'Not found', message: 'We could not find this title.' },
  streams_are_empty: { title: 'Not ready to play', message: 'There is no video for this title yet.' },
  access_denied: { title: 'Access denied', message: 'Your plan does not include this title.' },
  missing_from_library: { title: 'Not in your library', message: 'This title is not in your library.' },
  unavailable: { title: 'Unavailable', message: 'This title is not available to watch right now.' },
  availability_expired: { title: 'No longer available', message: 'This title is no longer available.' },
  rental_expired: { title: 'Rental expired', message: 'Your rental of this title has expired.' },
  live_event_completed: { title: 'Event finished', message: 'This live event has finished.' },
  age_restricted: { title: 'Age restricted', message: 'This title is not available for your age.' },
  missing_dob: { title: 'Date of birth needed', message: 'Add your date of birth to your account to watch this title.' },
  unauthorized: { title: 'Please sign in', message: 'Sign in to watch this title.' },
  not_authorized: { title: 'Please sign in', message: 'Sign in to watch this title.' },
  server_busy: { title: 'Server busy', message: 'Our servers are busy. Please try again in a moment.' },
  network_error: { title: 'Connection problem', message: 'We could not reach the server. Check your connection and try again.' },
  malformed_response: { title: 'Something went wrong', message: 'The server sent an answer we did not understand.' },
  content_not_supported: { title: 'Unsupported browser', message: 'This browser cannot play this title.' },
  too_many_devices: { title: 'Device limit reached', message: 'You have reached your device limit.' },
  too_many_streams: { title: 'Too many streams', message: 'You are watching on too many screens at once.' },
  drm_failed: { title: 'Playback error', message: 'The video could not be unlocked for playback.' },
  content_expired: { title: 'No longer available', message: 'Your access to this title has ended.' },
  incorrect_pin: { title: 'Incorrect PIN', message: 'The PIN you entered is not correct.' },
  too_many_attempts: { title: 'Too many attempts', message: 'Too many incorrect PINs were entered. Try again later.' },
  play_token_expired: { title: 'No longer available', message: 'This title is no longer available.' },
  invalid_file_xml: { title: 'Playback error', message: 'The video could not be read.' },
  content_not_found: { title: 'Not found', message: 'We could not find this title.' },
  adblocked_content: { title: 'Ad blocker detected', message: 'Turn off your ad blocker to watch this title.' },
};

const DEFAULT_MESSAGE = { title: 'Something went wrong', message: 'The video could not be played.' };

const RETRYABLE = new Set([
  'network_error',
  'server_busy',
  'malformed_response',
  'playback_error',
  'play_failed',
  'drm_failed',
  'decode_error',
  'license_request_failure',
]);

/** True when a retry may help for `code`. */
export function isRetryable(code: string): boolean {
  return RETRYABLE.has(code) || /^bad_http_status_5\d\d$/.test(code);
}

/** The code the play page shows for a raw code (see {@link CODE_RENAMES}). */
export function displayCode(code: string): string {
  return CODE_RENAMES[code] ?? code;
}

/** Human title and message of a code. */
export function messageFor(code: string): { title: string; message: string } {
  return MESSAGES[code] ?? DEFAULT_MESSAGE;
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
