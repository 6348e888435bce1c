// player-and-client §7 "Content-data client"; §7 "What the product does with answers"; DESIGN.md "Security rules"
/**
 * The default {@link TelemetrySender}: `POST {baseUrl}/services/telemetry/v1/event` with
 * `X-Auth-Token` and the batch as JSON.
 *
 * It rejects with an `S72Error` (category `network`): `bad_http_status_{n}` with `httpStatus`,
 * `requestId` and `data.responseText` for a non-2xx reply, `network_error` when the request failed.
 * A 2xx reply whose body names `telemetry_timestamp_invalid_range` also rejects, so the client
 * disables telemetry.
 *
 * It has no `sendBeacon` path: a beacon cannot carry the `X-Auth-Token` header, and the token must
 * not travel in the URL. On page hide the client uses `keepalive`.
 *
 * Framework-free (core layer): `fetch` is injected.
 */
import { S72Error, requestIdFrom } from '../../errors.js';
import { TELEMETRY_TIMESTAMP_INVALID_RANGE, type TelemetrySender } from './telemetry-client.js';

// player-and-client §7
/** Path of the telemetry batch endpoint. */
export const TELEMETRY_EVENT_PATH = '/services/telemetry/v1/event';
/** Longest reply text kept on the error, for diagnosis. */
const MAX_RESPONSE_TEXT = 2_000;

/** The `fetch` the sender uses. */
export type TelemetryFetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpTelemetrySenderOptions {
  /** Storefront origin (or origin + prefix), e.g. `location.origin`. Trailing slash optional. */
  baseUrl: string;
  /** Default the global `fetch`, looked up on every call. */
  fetch?: TelemetryFetch;
  /** Default {@link TELEMETRY_EVENT_PATH}. */
  path?: string;
}

/** Creates the HTTP sender for {@link TelemetryClient}. */
export function createHttpTelemetrySender(options: HttpTelemetrySenderOptions): TelemetrySender {
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = `${base}${options.path ?? TELEMETRY_EVENT_PATH}`;
  const doFetch: TelemetryFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return async (batch, { authToken, keepalive, signal }) => {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': authToken },
        body: JSON.stringify(batch),
        keepalive,
        referrerPolicy: 'no-referrer',
        ...(signal ? { signal } : {}),
      });
    } catch (cause) {
      throw new S72Error('network_error', 'The telemetry request failed.', {
        category: 'network',
        severity: 'recoverable',
        cause,
      });
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      text = '';
    }
    if (response.ok && !text.includes(TELEMETRY_TIMESTAMP_INVALID_RANGE)) return;
    const invalidRange = text.includes(TELEMETRY_TIMESTAMP_INVALID_RANGE);
    const message = `The telemetry service answered HTTP ${response.status}${invalidRange ? `: ${TELEMETRY_TIMESTAMP_INVALID_RANGE}` : ''}.`;
    throw new S72Error(`bad_http_status_${response.status}`, message, {
      category: 'network',
      severity: 'recoverable',
      httpStatus: response.status,
      requestId: requestIdFrom(response.headers),
      data: { responseText: text.slice(0, MAX_RESPONSE_TEXT) },
    });
  };
}
