// DESIGN.md "Contracts → Errors"
/**
 * The one error class the viewer or embedder ever sees.
 *
 * Codes are snake_case strings. A code is never renamed or
 * reused; retire one by leaving it here with a comment.
 *
 * Framework-free: no Lit, no React (core layer).
 */

/** Errors of the content-data client, plus its validation codes. */
export type ClientErrorCode =
  | 'unsupported_slug'
  | 'slug_not_found'
  | 'slug_not_streamable'
  | 'not_authorized'
  | 'availability_not_found'
  | 'plan_not_found'
  | 'film_not_found'
  | 'season_not_found'
  | 'bundle_not_found'
  | 'media_not_found'
  | 'invalid_slug'
  | 'streams_are_empty'
  | 'invalid_app.session_params'
  | 'malformed_response'
  | 'invalid_config'
  | 'request_aborted';

// play-page §8 "Codes shown to users"
/** Access and availability codes shown to users. */
export type AccessErrorCode =
  | 'availability_expired'
  | 'play_token_expired'
  | 'live_event_completed'
  | 'server_busy'
  | 'adblocked_content'
  | 'access_denied'
  | 'no_user_plan'
  | 'missing_from_library'
  | 'unavailable'
  | 'age_restricted'
  | 'missing_dob'
  | 'incorrect_pin'
  | 'too_many_attempts'
  | 'rental_expired'
  | 'unauthorized';

// play-page §8 "Playback error mapping", player-and-client §8 "Player"
/** Playback codes. */
export type PlaybackErrorCode =
  | 'network_error'
  | 'too_many_devices'
  | 'too_many_streams'
  | 'invalid_file_xml'
  | 'file_not_found'
  | 'drm_failed'
  | 'content_expired'
  | 'decode_error'
  | 'drm_version_not_supported'
  | `bad_http_status_${number}`
  | 'play_failed'
  | `license_${string}`
  | 'license_request_failure'
  | 'content_not_supported'
  | 'invalid_source_for_device'
  | 'live_stream_status_disabled'
  | 'live_stream_expired'
  | 'live_stream_completed'
  | 'not_a_live_stream'
  | 'watermark_tampered'
  // player-and-client §4 "Start watchdog"
  /** The start watchdog gave up: no buffering progress for 10 s, or no start in 60 s (the spec names no code). */
  | 'start_timeout'
  // player-and-client §7 "Ad errors are reported as telemetry and playback continues"
  /** An ad request, VAST document or ad media failed (the spec names no code): recoverable. */
  | 'ad_error'
  /**
   * A part of the player's own code (a lazily loaded chunk such as the playback engine) could not
   * be downloaded; `data.url` names the file when the browser tells (the spec names no code).
   */
  | 'module_load_failed'
  | 'playback_error';

// player-and-client §8 "Cast"
/** Cast codes (`core/cast/cast-errors.ts` has their messages). */
export type CastErrorCode =
  | 'cast_sdk_not_loaded'
  | 'not_connected'
  | 'connect_failed'
  | 'send_message_failed'
  | 'bad_config'
  | 'receiver_status_error'
  | 'timeout'
  | 'choose_target_cancelled';

export type S72ErrorCode = ClientErrorCode | AccessErrorCode | PlaybackErrorCode | CastErrorCode;

// DESIGN.md "Contracts → Errors"
/** Which subsystem raised the error. */
export type S72ErrorCategory =
  | 'client'
  | 'network'
  | 'drm'
  | 'manifest'
  | 'playback'
  | 'heartbeat'
  | 'live'
  | 'cast'
  | 'ads'
  | 'watermark';

/** `recoverable`: the player or flow may retry on its own; `critical`: playback has stopped. */
export type S72ErrorSeverity = 'recoverable' | 'critical';

export interface S72ErrorInit {
  category: S72ErrorCategory;
  severity?: S72ErrorSeverity;
  /** HTTP status of the failed response, when there was one. */
  httpStatus?: number;
  // play-page §8
  /** Request id read from the failed response's headers ("Errors carry a request id"). */
  requestId?: string;
  /** The engine's own numeric code (shaka's `category * 1000 + n`), when the engine raised it. */
  engineCode?: number;
  /** Extra, code-specific data (e.g. `{attemptsLeft}` for `incorrect_pin`). Never holds tokens. */
  data?: Readonly<Record<string, unknown>>;
  /** The original error, kept whole. */
  cause?: unknown;
}

/**
 * Typed error for everything user- or embedder-visible.
 *
 * Emitted by `<s72-player>` as the `detail` of `s72-error`, thrown (as a rejected promise) by the
 * content-data client, and rendered by the play page. Match on `{category, code}`, never on
 * `message`.
 */
export class S72Error extends Error {
  override readonly name = 'S72Error';
  readonly code: S72ErrorCode;
  readonly category: S72ErrorCategory;
  readonly severity: S72ErrorSeverity;
  readonly httpStatus: number | undefined;
  readonly requestId: string | undefined;
  readonly engineCode: number | undefined;
  readonly data: Readonly<Record<string, unknown>>;

  constructor(code: S72ErrorCode, message: string, init: S72ErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = code;
    this.category = init.category;
    this.severity = init.severity ?? 'critical';
    this.httpStatus = init.httpStatus;
    this.requestId = init.requestId;
    this.engineCode = init.engineCode;
    this.data = Object.freeze({ ...(init.data ?? {}) });
  }

  // DESIGN.md "Security rules"
  /** A plain, token-free object for window messages and telemetry. */
  toJSON(): {
    code: S72ErrorCode;
    category: S72ErrorCategory;
    severity: S72ErrorSeverity;
    message: string;
    httpStatus?: number;
    requestId?: string;
    engineCode?: number;
  } {
    return {
      code: this.code,
      category: this.category,
      severity: this.severity,
      message: this.message,
      ...(this.httpStatus === undefined ? {} : { httpStatus: this.httpStatus }),
      ...(this.requestId === undefined ? {} : { requestId: this.requestId }),
      ...(this.engineCode === undefined ? {} : { engineCode: this.engineCode }),
    };
  }
}

/** True for an `S72Error`, also across realms and bundle copies (checks the shape, not the prototype). */
export function isS72Error(value: unknown): value is S72Error {
  return (
    value instanceof S72Error ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { name?: unknown }).name === 'S72Error' &&
      typeof (value as { code?: unknown }).code === 'string')
  );
}

/** Header names that may carry the request id of a failed response, first match wins. */
export const REQUEST_ID_HEADERS = ['x-request-id', 'x-amzn-requestid', 'x-correlation-id'] as const;

// play-page §8
/** Reads the request id from response headers. Returns undefined when absent. */
export function requestIdFrom(headers: Headers | Record<string, string> | undefined): string | undefined {
  if (!headers) return undefined;
  for (const name of REQUEST_ID_HEADERS) {
    const value =
      headers instanceof Headers
        ? headers.get(name)
        : (headers[name] ?? headers[name.toLowerCase()] ?? undefined);
    if (value) return value;
  }
  return undefined;
}

/**
 * The error for a lazily loaded chunk of the player that failed to download or run
 * (`module_load_failed`, critical): `data.url` is the chunk's address when the browser's message
 * names it (Chromium and Firefox do), so a page that hosts the CDN build without its sibling files
 * sees which one is missing instead of a generic failure. `recoverable` for a part playback does
 * without (casting, ads, AirPlay): reported, and the film plays on.
 */
export function moduleLoadFailed(error: unknown, what: string, severity: 'critical' | 'recoverable' = 'critical'): S72Error {
  const text = error instanceof Error ? error.message : String(error);
  const url = /(https?:\/\/[^\s'"]+)/.exec(text)?.[1];
  return new S72Error('module_load_failed', `Could not load ${what}${url ? ` from ${url}` : ''}: ${text}`, {
    category: 'client',
    severity,
    data: url ? { url } : {},
    cause: error,
  });
}
