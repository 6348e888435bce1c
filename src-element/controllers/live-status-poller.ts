// play-page §4 "Live events", §8 "Live errors", §9; player-and-client §3 `live.status`, §4 "Live status", §7 `GET {live status baseUrl}{slug}`, §8 `live_stream_status_disabled`; issue 22 item 2
/**
 * Live status (loaded on demand, for a live source, by live-status-controller.ts).
 *
 * For a live source (an asset of `content` with `isLive`) and `config.live = {statusBaseUrl,
 * pollIntervalMs?}`, polls `GET {statusBaseUrl}{content.slug}` (header `x-play-session`: the play
 * token in force, when there is one) at once and then every `pollIntervalMs` (default 15000 ms).
 * Each answer goes through the decision table of `core/live/live-status.ts`:
 * - `planned` / `live`: recorded in the store (`liveStatus`); a change fires `s72-live-status-change`.
 * - `completed` / `ended`: recorded, `live_event_completed` reported (critical, `data.reason`
 *   LIVE_STREAM_COMPLETED), the media paused, polling stops.
 * - 404 or no answer (status 0, or no answer within {@link LIVE_REQUEST_TIMEOUT_MS}): retried every
 *   5000 ms; playback goes on.
 * - 403 (LIVE_STREAM_EXPIRED): `live_stream_expired` reported as recoverable, a fresh play token
 *   fetched with `host.refreshPlayToken()` and put in force (`host.updatePlayToken()`, and the
 *   engine's later licence requests carry it as `x-play-token`); playback and polling go on. Without
 *   `refreshPlayToken`, or when it rejects or gives an empty token: `live_stream_expired` critical,
 *   polling stops.
 * - 200 without a `live` object: `not_a_live_stream` (recoverable), polling stops.
 * A live source without `config.live` reports `live_stream_status_disabled` (recoverable) once and is
 * not polled. Every error has category `live`.
 *
 * Asked at once, besides the schedule: when the engine reports a 404 on a live
 * segment or manifest (`checkAfterError`, called by the recovery controller for every error), the
 * status is requested now instead of at the next poll; the pending poll is replaced by it. If it
 * answers `completed`, `live_event_completed` ends playback as above and the 404 is never shown
 * (the caller holds a critical one until the answer).
 
 *
 * Owns its timer and its request from `hostConnected` to `hostDisconnected`; a move in the page
 * resumes polling, a new source (another `content` or `config.live`) starts over.
 *
 * @fires s72-live-status-change - `{status, previous}` when the live status changes
 * @fires s72-error - through `host.report()`: the codes above
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock } from '../core/clock.js';
import { S72Error } from '../core/errors.js';
import {
  LIVE_POLL_INTERVAL_MS,
  decideLiveStatus,
  mayMeanLiveEnd,
  nextDelayMs,
  type LiveStatus,
  type LiveStatusAnswer,
  type LiveStatusDecision,
} from '../core/live/live-status.js';
import type { S72Content } from '../core/types.js';
import { fireEvent } from '../events.js';
import { LIVE_REQUEST_TIMEOUT_MS, isLiveContent, type LiveStatusControllerOptions, type LiveStatusHost } from './live-status-controller.js';

/** The live status poll, in its own chunk: `LiveStatusController` (live-status-controller.ts) loads it for a live source. */
export class LiveStatusPoller implements ReactiveController {
  private readonly clock: Clock;
  private readonly fetchFn: typeof globalThis.fetch;
  /** The source polled: the `content` object and the `config.live` values last seen. */
  private source: { content: S72Content | null; live: string } | null = null;
  /** Bumped on every start and stop: answers of an older run are dropped. */
  private run = 0;
  /** Cancels the pending poll; null when none is pending. */
  private cancelTimer: (() => void) | null = null;
  private request: AbortController | null = null;
  /** Polling for the current source (false: not live, disabled, stopped by an answer). */
  private polling = false;
  private connected = false;
  /** The status check an engine 404 started (`checkAfterError`), until it is answered. */
  private check: Promise<boolean> | null = null;

  constructor(
    private readonly host: LiveStatusHost,
    options: LiveStatusControllerOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    if (!this.sync() && this.polling) this.schedule(0);
  }

  hostUpdated(): void {
    this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.cancel();
  }

  /** Starts over when the source changed; returns true when it did. */
  private sync(): boolean {
    if (!this.connected) return false;
    const content = this.host.content;
    const live = this.host.effectiveConfig.live;
    // By value: a page that rebuilds an equal `config` on every render does not restart polling.
    const liveKey = JSON.stringify([live?.statusBaseUrl, live?.pollIntervalMs]);
    if (this.source && this.source.content === content && this.source.live === liveKey) return false;
    this.source = { content, live: liveKey };
    this.cancel();
    this.polling = false;
    if (this.host.store.getState().liveStatus !== null) this.host.store.setSession({ liveStatus: null });
    if (!isLiveContent(content)) return true;
    if (!live || typeof live.statusBaseUrl !== 'string' || !live.statusBaseUrl) {
      this.host.report(
        new S72Error('live_stream_status_disabled', 'Live status is not configured (config.live): the live status is not polled', {
          category: 'live',
          severity: 'recoverable',
        }),
      );
      return true;
    }
    this.polling = true;
    this.schedule(0);
    return true;
  }

  /**
   * An error reported while playing: when it is the engine's 404 on this live source (a segment or
   * the manifest past the end, core/live/live-status.ts `mayMeanLiveEnd`), asks the live status now
   * (one request for a burst of such errors). Resolves true when the error is not to be shown: the
   * event has completed (`live_event_completed` was reported), or the source changed or the player
   * left the page meanwhile. Null when the error is not one of these (or this is not a polled live
   * source): show it as usual.
   */
  checkAfterError(error: S72Error): Promise<boolean> | null {
    if (!mayMeanLiveEnd(error) || !isLiveContent(this.host.content)) return null;
    if (this.host.store.getState().liveStatus === 'completed') return Promise.resolve(true);
    if (!this.polling || !this.connected) return null;
    this.check ??= this.checkNow().finally(() => {
      this.check = null;
    });
    return this.check;
  }

  private async checkNow(): Promise<boolean> {
    // Replaces the poll that was scheduled (and a request in flight): the answer reschedules.
    this.cancel();
    const run = this.run;
    await this.poll(run);
    return run !== this.run || this.host.store.getState().liveStatus === 'completed';
  }

  private cancel(): void {
    this.run++;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.request?.abort();
    this.request = null;
  }

  private schedule(delayMs: number): void {
    this.cancelTimer?.();
    const run = this.run;
    const handle = this.clock.setTimeout(() => {
      this.cancelTimer = null;
      if (run === this.run) void this.poll(run);
    }, delayMs);
    this.cancelTimer = () => this.clock.clearTimeout(handle);
  }

  private get intervalMs(): number {
    return this.host.effectiveConfig.live?.pollIntervalMs ?? LIVE_POLL_INTERVAL_MS;
  }

  private async poll(run: number): Promise<void> {
    const content = this.host.content;
    const live = this.host.effectiveConfig.live;
    if (!content || !live) return;
    const answer = await this.ask(`${live.statusBaseUrl}${content.slug}`);
    if (run !== this.run || !answer) return;
    await this.apply(run, decideLiveStatus(answer), answer.httpStatus);
  }

  /** One status request; null when it was cancelled. */
  private async ask(url: string): Promise<LiveStatusAnswer | null> {
    const request = (this.request = new AbortController());
    const token = this.host.playToken;
    const timeout = this.clock.setTimeout(() => request.abort(), LIVE_REQUEST_TIMEOUT_MS);
    try {
      const response = await this.fetchFn(url, {
        headers: token ? { 'x-play-session': token } : {},
        signal: request.signal,
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      return { httpStatus: response.status, body };
    } catch {
      // Cancelled by us (stop, new source): no answer. Timed out or failed: status 0.
      return this.request === request ? { httpStatus: 0, body: undefined } : null;
    } finally {
      this.clock.clearTimeout(timeout);
      if (this.request === request) this.request = null;
    }
  }

  private async apply(run: number, decision: LiveStatusDecision, httpStatus: number): Promise<void> {
    if (decision.status) this.setStatus(decision.status);
    const { error } = decision;
    if (error) {
      this.host.report(
        new S72Error(error.code, MESSAGES[error.reason], {
          category: 'live',
          severity: error.severity,
          ...(httpStatus ? { httpStatus } : {}),
          data: { reason: error.reason },
        }),
      );
    }
    if (error?.code === 'live_event_completed') this.host.store.owners.media?.pause();
    if (decision.next === 'refresh-token' && !(await this.refreshToken(run))) return;
    const delayMs = nextDelayMs(decision.next, this.intervalMs);
    if (delayMs === null) this.polling = false;
    else if (run === this.run) this.schedule(delayMs);
  }

  /** Fetches and puts in force a fresh play token; false (and a critical error) when there is none. */
  private async refreshToken(run: number): Promise<boolean> {
    let fresh: string;
    try {
      fresh = (await this.host.refreshPlayToken?.())?.trim() ?? '';
    } catch {
      fresh = '';
    }
    if (run !== this.run) return false;
    if (!fresh) {
      this.polling = false;
      this.host.report(
        new S72Error('live_stream_expired', 'The play token of this live stream expired and no fresh one could be fetched', {
          category: 'live',
          httpStatus: 403,
          data: { reason: 'LIVE_STREAM_EXPIRED' },
        }),
      );
      return false;
    }
    this.host.updatePlayToken(fresh);
    // play-page §6: a play token is sent as x-play-token, instead of the auth token.
    this.host.store.owners.engine?.setLicenseHeaders({ 'x-play-token': fresh });
    return true;
  }

  private setStatus(status: LiveStatus): void {
    const previous = this.host.store.getState().liveStatus;
    if (previous === status) return;
    this.host.store.setSession({ liveStatus: status });
    fireEvent(this.host, 's72-live-status-change', { status, previous });
  }
}

const MESSAGES = {
  LIVE_STREAM_COMPLETED: 'The live event has finished',
  LIVE_STREAM_EXPIRED: 'The play token of this live stream expired; fetching a fresh one',
  NOT_A_LIVE_STREAM: 'The live status answered without a live object: not a live stream',
} as const;
