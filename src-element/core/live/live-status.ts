// play-page §4 "Live events", §8 "Live errors", §9; player-and-client §3 `live.status`, §4 "Live status", §7, §8
/**
 * Live status: what the player does with each answer of `GET {live status baseUrl}{slug}`. One decision table, {@link decideLiveStatus}; the timers and the requests are in
 * `controllers/live-status-controller.ts`. Framework-free (core layer).
 *
 * | Answer                                  | Status recorded | Error (severity, `data.reason`)                         | Next            |
 * |-----------------------------------------|-----------------|---------------------------------------------------------|-----------------|
 * | 200 `live.status` planned / live        | that status     | –                                                       | poll (15 s)     |
 * | 200 `live.status` completed / ended     | completed       | `live_event_completed` (critical, LIVE_STREAM_COMPLETED) | stop            |
 * | 200 `live.status` anything else         | unchanged       | –                                                       | poll            |
 * | 200 without a `live` object             | unchanged       | `not_a_live_stream` (recoverable, NOT_A_LIVE_STREAM)     | stop            |
 * | 404, or status 0 (no answer)            | unchanged       | –                                                       | retry (5 s)     |
 * | 403                                     | unchanged       | `live_stream_expired` (recoverable, LIVE_STREAM_EXPIRED) | refresh token   |
 * | any other status (5xx, 401, …)          | unchanged       | –                                                       | poll            |
 *
 * Besides the schedule, a 404 of the engine on a live segment or manifest ({@link mayMeanLiveEnd})
 * asks at once: `completed` then ends playback as above, and the 404 is not shown.
 *
 * Units: ms for every delay (`…Ms`).
 */

// player-and-client §4
/** The statuses the player records (planned, live, completed). */
export type LiveStatus = 'planned' | 'live' | 'completed';

// play-page §4, §9
/** The player polls the stream status every 15 s. */
export const LIVE_POLL_INTERVAL_MS = 15_000;
// play-page §4, §9
/** A live stream answering 404 or status 0 is retried every 5 s. */
export const LIVE_RETRY_DELAY_MS = 5_000;

/** Live error codes, as `data.reason` of the errors the player reports. */
export type LiveErrorReason = 'LIVE_STREAM_COMPLETED' | 'LIVE_STREAM_EXPIRED' | 'NOT_A_LIVE_STREAM';

/** One answer of the status endpoint: its HTTP status (0 = no answer) and its parsed JSON body (or undefined). */
export interface LiveStatusAnswer {
  httpStatus: number;
  body: unknown;
}

/** What to do next: poll at the interval, retry after {@link LIVE_RETRY_DELAY_MS}, fetch a fresh play token, or stop. */
export type LiveNext = 'poll' | 'retry' | 'refresh-token' | 'stop';

export interface LiveStatusDecision {
  /** The status to record (store row `liveStatus`, `s72-live-status-change`), or null to leave it. */
  status: LiveStatus | null;
  /** The error to report, or null. */
  error: {
    code: 'live_event_completed' | 'live_stream_expired' | 'not_a_live_stream';
    severity: 'critical' | 'recoverable';
    reason: LiveErrorReason;
  } | null;
  next: LiveNext;
}

/** The status of a 200 body: `{slug, live: {status, started_at, completed_at}}`; `undefined` when there is no `live` object. */
export function liveStatusOf(body: unknown): string | null | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const live = (body as { live?: unknown }).live;
  if (typeof live !== 'object' || live === null || Array.isArray(live)) return undefined;
  const status = (live as { status?: unknown }).status;
  return typeof status === 'string' ? status : null;
}

/** The decision table of this module's header, one row per kind of answer. */
export function decideLiveStatus(answer: LiveStatusAnswer): LiveStatusDecision {
  const { httpStatus } = answer;
  if (httpStatus === 0 || httpStatus === 404) return { status: null, error: null, next: 'retry' };
  if (httpStatus === 403) {
    return { status: null, error: { code: 'live_stream_expired', severity: 'recoverable', reason: 'LIVE_STREAM_EXPIRED' }, next: 'refresh-token' };
  }
  if (httpStatus < 200 || httpStatus > 299) return { status: null, error: null, next: 'poll' };
  const status = liveStatusOf(answer.body);
  if (status === undefined) {
    return { status: null, error: { code: 'not_a_live_stream', severity: 'recoverable', reason: 'NOT_A_LIVE_STREAM' }, next: 'stop' };
  }
  if (status === 'completed' || status === 'ended') {
    return {
      status: 'completed',
      error: { code: 'live_event_completed', severity: 'critical', reason: 'LIVE_STREAM_COMPLETED' },
      next: 'stop',
    };
  }
  if (status === 'planned' || status === 'live') return { status, error: null, next: 'poll' };
  return { status: null, error: null, next: 'poll' };
}

/** The delay before the next request, ms, for `next` = poll or retry (null otherwise). */
export function nextDelayMs(next: LiveNext, pollIntervalMs: number = LIVE_POLL_INTERVAL_MS): number | null {
  if (next === 'retry') return LIVE_RETRY_DELAY_MS;
  if (next === 'poll' || next === 'refresh-token') return pollIntervalMs > 0 && Number.isFinite(pollIntervalMs) ? pollIntervalMs : LIVE_POLL_INTERVAL_MS;
  return null;
}

/** What {@link mayMeanLiveEnd} reads of an error (an `S72Error`). */
export interface LiveEndErrorLike {
  readonly httpStatus?: number | undefined;
  readonly engineCode?: number | undefined;
}

// issue 22 item 2
/**
 * Whether an error of the engine on a live source may mean the event has ended:
 * a 404 on a live segment or on the live manifest (`bad_http_status_404`, `file_not_found`). The
 * engine asks for the segment after the end before the next status poll (15 s) says `completed`;
 * the player then asks the live status at once, and `completed` wins over the network error (the
 * live-ended outcome, not an error). Only errors the engine raised (an engine code) count: a 404 of
 * the status endpoint itself is the table's "retry" row.
 */
export function mayMeanLiveEnd(error: LiveEndErrorLike): boolean {
  return error.httpStatus === 404 && error.engineCode !== undefined;
}
