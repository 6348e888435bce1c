/**
 * Engine error → the player's error code.
 *
 * One pure, ordered table; the first row that matches wins. Each row has its own
 * test in `test/core/engine/map-engine-error.test.ts`. The input is shaka's error shape
 * (`shaka.util.Error`: numeric category, code, severity, data array) but nothing here imports shaka.
 */
import { S72Error, requestIdFrom, type S72ErrorCategory, type S72ErrorCode } from '../errors.js';

/** Shaka's error shape (`shaka.util.Error`), structurally. */
export interface EngineErrorLike {
  /** 1 network, 2 text, 3 media, 4 manifest, 5 streaming, 6 DRM, 7 player, 8 cast, 9 storage, 10 ads. */
  category: number;
  /** `category * 1000 + n`, e.g. 1001 BAD_HTTP_STATUS, 6007 LICENSE_REQUEST_FAILED. */
  code: number;
  /** 1 recoverable, 2 critical. */
  severity?: number;
  data?: readonly unknown[];
  message?: string;
}

/** Shaka codes the table refers to (names as in `shaka.util.Error.Code`). */
export const ShakaCode = {
  BAD_HTTP_STATUS: 1001,
  HTTP_ERROR: 1002,
  TIMEOUT: 1003,
  VIDEO_ERROR: 3016,
  UNABLE_TO_GUESS_MANIFEST_TYPE: 4000,
  DASH_INVALID_XML: 4001,
  CONTENT_UNSUPPORTED_BY_BROWSER: 4032,
  NO_RECOGNIZED_KEY_SYSTEMS: 6000,
  REQUESTED_KEY_SYSTEM_CONFIG_UNAVAILABLE: 6001,
  FAILED_TO_CREATE_CDM: 6002,
  FAILED_TO_ATTACH_TO_VIDEO: 6003,
  FAILED_TO_GENERATE_LICENSE_REQUEST: 6006,
  LICENSE_REQUEST_FAILED: 6007,
  LICENSE_RESPONSE_REJECTED: 6008,
  EXPIRED: 6014,
} as const;

/** `shaka.net.NetworkingEngine.RequestType.MANIFEST`. */
const REQUEST_TYPE_MANIFEST = 0;

/** What a failed HTTP response told us, read from the error (or the error it wraps). */
interface HttpFailure {
  status: number;
  body: string;
  headers: Record<string, string>;
  requestType: number | undefined;
}

function isEngineErrorLike(value: unknown): value is EngineErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as EngineErrorLike).code === 'number' &&
    typeof (value as EngineErrorLike).category === 'number'
  );
}

/**
 * The HTTP failure behind an error: BAD_HTTP_STATUS carries `[uri, status, responseText, headers,
 * requestType]`; LICENSE_REQUEST_FAILED wraps the network error as `data[0]`.
 */
function httpFailureOf(error: EngineErrorLike): HttpFailure | undefined {
  const data = error.data ?? [];
  if (error.code === ShakaCode.BAD_HTTP_STATUS) {
    const status = typeof data[1] === 'number' ? data[1] : 0;
    const body = typeof data[2] === 'string' ? data[2] : '';
    const headers =
      typeof data[3] === 'object' && data[3] !== null ? (data[3] as Record<string, string>) : {};
    const requestType = typeof data[4] === 'number' ? data[4] : undefined;
    return { status, body, headers, requestType };
  }
  if (isEngineErrorLike(data[0])) return httpFailureOf(data[0]);
  return undefined;
}

/** `license_{reason}`: the reason from a 403 licence body (`{reason}` or `{code}`), made code-safe. */
function licenseReason(body: string): string {
  let reason = 'forbidden';
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null) {
      const candidate = (parsed as { reason?: unknown; code?: unknown }).reason ?? (parsed as { code?: unknown }).code;
      if (typeof candidate === 'string' && candidate.trim()) reason = candidate;
    }
  } catch {
    // Not JSON: keep the generic reason.
  }
  const safe = reason.toLowerCase().replace(/^license_/, '').replace(/[^a-z0-9_]+/g, '_').slice(0, 40);
  return safe || 'forbidden';
}

/** System messages of a media error (3016) that really mean the CDM failed (play-page §8 row 3016). */
const DRM_SYSTEM_MESSAGE = /decrypt|\bcdm\b|\bdrm\b|license|licence|key ?system|media ?keys/i;

/** The media error's system message, from 3016 data `[code, extendedCode, message]` or the error's own message. */
function mediaErrorMessage(error: EngineErrorLike): string {
  const data = error.data ?? [];
  return [data[2], error.message].filter((part): part is string => typeof part === 'string').join(' ');
}

interface MappingContext {
  error: EngineErrorLike;
  http: HttpFailure | undefined;
}

/** One row of the mapping table. */
export interface ErrorMappingRow {
  /** The trigger, as the spec words it. */
  readonly trigger: string;
  readonly category: S72ErrorCategory;
  matches(ctx: MappingContext): boolean;
  code(ctx: MappingContext): S72ErrorCode;
}

const inRange = (code: number, low: number, high: number): boolean => code >= low && code <= high;

/** The engine-error mapping, in the order rows are tried. */
export const ENGINE_ERROR_TABLE: readonly ErrorMappingRow[] = Object.freeze([
  {
    trigger: 'status 450',
    category: 'network',
    matches: ({ http }) => http?.status === 450,
    code: () => 'too_many_devices',
  },
  {
    trigger: 'status 451',
    category: 'network',
    matches: ({ http }) => http?.status === 451,
    code: () => 'too_many_streams',
  },
  {
    trigger: 'licence 403',
    category: 'drm',
    matches: ({ error, http }) => error.code === ShakaCode.LICENSE_REQUEST_FAILED && http?.status === 403,
    code: ({ http }) => `license_${licenseReason(http?.body ?? '')}`,
  },
  {
    trigger: 'any other licence failure',
    category: 'drm',
    matches: ({ error }) => error.code === ShakaCode.LICENSE_REQUEST_FAILED,
    code: () => 'license_request_failure',
  },
  {
    trigger: 'manifest 404 (player-and-client §8 FILE_NOT_FOUND)',
    category: 'manifest',
    matches: ({ error, http }) =>
      error.code === ShakaCode.BAD_HTTP_STATUS && http?.status === 404 && http.requestType === REQUEST_TYPE_MANIFEST,
    code: () => 'file_not_found',
  },
  {
    trigger: 'network codes 1001-1003 (no HTTP status: offline, timeout, aborted)',
    category: 'network',
    matches: ({ error, http }) =>
      error.code === ShakaCode.HTTP_ERROR ||
      error.code === ShakaCode.TIMEOUT ||
      (error.code === ShakaCode.BAD_HTTP_STATUS && (http?.status ?? 0) === 0),
    code: () => 'network_error',
  },
  {
    trigger: 'other 1001',
    category: 'network',
    matches: ({ error }) => error.code === ShakaCode.BAD_HTTP_STATUS,
    code: ({ http }) => `bad_http_status_${http?.status ?? 0}`,
  },
  {
    trigger: '4001',
    category: 'manifest',
    matches: ({ error }) => error.code === ShakaCode.DASH_INVALID_XML,
    code: () => 'invalid_file_xml',
  },
  {
    trigger: 'manifest not supported (player-and-client §8 FILE_NOT_FOUND)',
    category: 'manifest',
    matches: ({ error }) => error.code === ShakaCode.UNABLE_TO_GUESS_MANIFEST_TYPE,
    code: () => 'file_not_found',
  },
  {
    trigger: 'content the browser cannot play',
    category: 'manifest',
    matches: ({ error }) => error.code === ShakaCode.CONTENT_UNSUPPORTED_BY_BROWSER,
    code: () => 'content_not_supported',
  },
  {
    trigger: 'DRM codes 6000-6003',
    category: 'drm',
    matches: ({ error }) => inRange(error.code, 6000, 6003),
    code: () => 'drm_failed',
  },
  {
    trigger: '6014',
    category: 'drm',
    matches: ({ error }) => error.code === ShakaCode.EXPIRED,
    code: () => 'content_expired',
  },
  {
    trigger: '6006 or 6008',
    category: 'drm',
    matches: ({ error }) =>
      error.code === ShakaCode.FAILED_TO_GENERATE_LICENSE_REQUEST || error.code === ShakaCode.LICENSE_RESPONSE_REJECTED,
    code: () => 'drm_version_not_supported',
  },
  {
    trigger: '3016 with a DRM system message',
    category: 'drm',
    matches: ({ error }) => error.code === ShakaCode.VIDEO_ERROR && DRM_SYSTEM_MESSAGE.test(mediaErrorMessage(error)),
    code: () => 'drm_failed',
  },
  {
    trigger: '3016',
    category: 'playback',
    matches: ({ error }) => error.code === ShakaCode.VIDEO_ERROR,
    code: () => 'decode_error',
  },
  {
    trigger: 'any other DRM error',
    category: 'drm',
    matches: ({ error }) => error.category === 6,
    code: () => 'drm_failed',
  },
  {
    trigger: 'any other network error',
    category: 'network',
    matches: ({ error }) => error.category === 1,
    code: () => 'network_error',
  },
  {
    trigger: 'anything else',
    category: 'playback',
    matches: () => true,
    code: () => 'playback_error',
  },
] satisfies ErrorMappingRow[]);

// play-page §8
/**
 * Maps an engine error to the one typed `S72Error`.
 *
 * Keeps the original as `cause`, shaka's numeric code as `engineCode`, the HTTP status as
 * `httpStatus`, and the request id from the failed response's headers as `requestId`.
 * Severity follows the engine's (2 = critical); unknown severities count as critical.
 */
export function mapEngineError(error: EngineErrorLike): S72Error {
  const http = httpFailureOf(error);
  const ctx: MappingContext = { error, http };
  const row = ENGINE_ERROR_TABLE.find((candidate) => candidate.matches(ctx)) ?? ENGINE_ERROR_TABLE.at(-1)!;
  const code = row.code(ctx);
  return new S72Error(code, `${row.trigger} → ${code} (engine code ${error.code})`, {
    category: row.category,
    severity: error.severity === 1 ? 'recoverable' : 'critical',
    engineCode: error.code,
    ...(http && http.status ? { httpStatus: http.status } : {}),
    ...(http ? { requestId: requestIdFrom(lowercaseKeys(http.headers)) } : {}),
    cause: error,
  });
}

// player-and-client §8 "Missing-subtitle load errors are only logged"; issue 22 item 1
/**
 * A subtitle file that failed: the error the table maps it to, as `recoverable` whatever shaka's severity, with
 * the track's language and label in `data.textTrack` (null when no track was showing).
 */
export function textTrackFailure(error: EngineErrorLike, track: { language: string; label: string } | null): S72Error {
  const mapped = mapEngineError(error);
  return new S72Error(mapped.code, `Subtitle track dropped: ${mapped.message}`, {
    category: mapped.category,
    severity: 'recoverable',
    ...(mapped.httpStatus === undefined ? {} : { httpStatus: mapped.httpStatus }),
    ...(mapped.requestId === undefined ? {} : { requestId: mapped.requestId }),
    ...(mapped.engineCode === undefined ? {} : { engineCode: mapped.engineCode }),
    data: { textTrack: track },
    cause: error,
  });
}

function lowercaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

// player-and-client §4 "Playback recovery"
/** `play_failed`: raised by the player after 3 failed play attempts. */
export function playFailedError(cause: unknown): S72Error {
  return new S72Error('play_failed', 'Playback could not be started', { category: 'playback', cause });
}
