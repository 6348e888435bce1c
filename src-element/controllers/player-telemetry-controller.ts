// player-and-client §3 "Telemetry post body", §5; §6 (auth-token fallback); §9 "Telemetry, heartbeat, live"
/**
 * Player telemetry, QoE.
 *
 * With `config.telemetry = {uri, intervalMs}`, sends `POST uri` with the header
 * `x-play-session: <host.playToken>` (without a play token: `x-auth-token` with the viewer's auth
 * token) and the JSON body `{ts, slug, player, elapsed, buffered,
 * bitrate, estbitrate, seeked, position, length, droppedFrames, adBlocked}` (fields and units:
 * `PlayerTelemetryBody` in `core/session/player-telemetry-rules.ts`; never a token) every
 * `intervalMs` ms once the source is loaded, every 5000 ms while buffering. Rules
 * (`decideTelemetry`, one table-driven test): not sent when destroyed, casting
 * ({@link SessionControllerOptions.isCasting}), paused or ended, without a play token or auth token, while the
 * previous post is unanswered (for up to a period), or when the previous post was less than half the period ago;
 * dropped when `bitrate`, `estbitrate`, `length` or `droppedFrames` exceed 2147483647, `position`
 * is negative or over `length + 1` (VOD), or a live `position` is more than 3600000 ms from now; off
 * while the playback session says telemetry is off (`tlmtry` of `host.playSession`: the play token's, else `content.session`'s). A reply whose body contains
 * `telemetry_timestamp_invalid_range` stops telemetry for this source. Other failures (HTTP errors,
 * network, no answer within 60 s) are ignored: the sample is lost and the next post goes on
 * schedule. A post unanswered after the period no longer holds the next one, but it is not
 * cancelled then: its answer, when it comes, still counts and acts. Posts answered 2xx are counted
 * ({@link PlayerTelemetryController.sent}), late ones included.
 *
 * Lifetime: the timer and the `seeking` listener live from `hostConnected` to `hostDisconnected` (a
 * move in the page resumes; a post on its way finishes and is counted, its answer no longer acts); a
 * new source (`content`) or another `config.telemetry` starts over (`elapsed` from its load,
 * `seeked` from 0).
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import type { PlayerState } from '../core/player-store.js';
import {
  TELEMETRY_BUFFERING_INTERVAL_MS,
  decideTelemetry,
  stopsTelemetry,
  telemetryBody,
  telemetryPeriodMs,
} from '../core/session/player-telemetry-rules.js';
import type { S72Content } from '../core/types.js';
import { periodicEndpoint, type SessionControllerOptions, type SessionHost } from './heartbeat-controller.js';
import { MediaListenersController } from './player-host.js';

type Endpoint = { uri: string; intervalMs: number };

/** A post still unanswered after this long is aborted (its sample is lost). */
const POST_ABANDON_MS = 60_000;

export class PlayerTelemetryController implements ReactiveController {
  private readonly clock: Clock;
  private readonly fetchFn: typeof globalThis.fetch;
  private readonly isCasting: () => boolean;
  private posts = 0;
  private connected = false;
  private unsubscribe: (() => void) | null = null;
  private key: { content: S72Content | null; config: string } | null = null;
  /** Bumped when the session starts over (new source or configuration): older answers are dropped. */
  private run = 0;
  /** The pending timer, or null. */
  private timer: TimerHandle = null;
  private dueAtMs = 0;
  private request: AbortController | null = null;
  /** A reply named `telemetry_timestamp_invalid_range`: no more posts for this source. */
  private stopped = false;
  private loadedAtMs: number | null = null;
  private lastPostAtMs: number | null = null;
  private seeks = 0;
  private buffering = false;
  private wasLoaded = false;

  constructor(
    private readonly host: SessionHost,
    options: SessionControllerOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.isCasting = options.isCasting ?? (() => false);
    host.addController(this);
    new MediaListenersController(host, {
      seeking: () => {
        if (this.loadedAtMs !== null) this.seeks++;
      },
    });
  }

  /** Posts answered 2xx since the player was created (all sources). */
  get sent(): number {
    return this.posts;
  }

  hostConnected(): void {
    this.connected = true;
    this.unsubscribe = this.host.store.subscribe((state) => this.onState(state));
    ({ loaded: this.wasLoaded, buffering: this.buffering } = this.host.store.getState());
    if (!this.sync()) this.resume();
  }

  hostUpdated(): void {
    if (this.connected) this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clearTimer(); // a move keeps the session: an answer on its way still acts
  }

  private get endpoint(): Endpoint | null {
    return periodicEndpoint(this.host.effectiveConfig.telemetry);
  }

  private sync(): boolean {
    const content = this.host.content;
    const config = JSON.stringify(this.endpoint);
    if (this.key && this.key.content === content && this.key.config === config) return false;
    this.key = { content, config };
    this.cancel();
    this.stopped = false;
    // `elapsed` counts from the load of the new source (a new source or configuration reloads).
    this.loadedAtMs = null;
    this.lastPostAtMs = null;
    this.seeks = 0;
    this.resume();
    return true;
  }

  private resume(): void {
    const endpoint = this.endpoint;
    if (this.connected && endpoint && !this.stopped) this.schedule(telemetryPeriodMs(endpoint.intervalMs, this.buffering));
  }

  private onState(state: PlayerState): void {
    if (state.loaded && !this.wasLoaded && this.loadedAtMs === null) this.loadedAtMs = this.clock.now();
    this.wasLoaded = state.loaded;
    const buffering = state.buffering;
    if (buffering === this.buffering) return;
    this.buffering = buffering;
    // Buffering: the next post comes within 5 s (player-and-client §9).
    if (buffering && this.timer !== null && this.dueAtMs - this.clock.now() > TELEMETRY_BUFFERING_INTERVAL_MS) {
      this.schedule(TELEMETRY_BUFFERING_INTERVAL_MS);
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Ends the run: the timer stops, answers of requests on their way no longer act. */
  private cancel(): void {
    this.run++;
    this.clearTimer();
    // A request on its way is left to finish (within its timeout): the storefront may have it
    // already, and `sent` must count what it recorded; its answer no longer acts (`run`).
  }

  private schedule(delayMs: number): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    const run = this.run;
    this.dueAtMs = this.clock.now() + delayMs;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (run !== this.run) return;
      const endpoint = this.endpoint;
      if (!endpoint || this.stopped) return;
      this.tick(endpoint, run);
      if (run === this.run && !this.stopped) this.schedule(telemetryPeriodMs(endpoint.intervalMs, this.buffering));
    }, delayMs);
  }

  private tick(endpoint: Endpoint, run: number): void {
    const state = this.host.store.getState();
    const engine = this.host.store.owners.engine;
    if (!state.loaded || !engine || this.loadedAtMs === null) return;
    const nowMs = this.clock.now();
    const stats = engine.getStats();
    const body = telemetryBody({
      nowMs,
      slug: this.host.content?.slug ?? '',
      engine: engine.name,
      track: state.playerTrack,
      loadedAtMs: this.loadedAtMs,
      live: state.live,
      currentTime: state.currentTime,
      duration: state.duration,
      seekable: state.seekable,
      buffered: state.buffered,
      playheadDateMs: state.live ? engine.playheadDateMs() : null,
      streamBandwidth: stats.streamBandwidth,
      estimatedBandwidth: stats.estimatedBandwidth,
      droppedFrames: stats.droppedFrames,
      seeks: this.seeks,
      adBlocked: state.adBlocked,
    });
    // player-and-client §6: authenticated with the play token, falling back to the viewer's auth token.
    const credential = this.credential();
    const token = credential?.value ?? null;
    const decision = decideTelemetry({
      // §5 "disabled when the play token says telemetry is off": the session's `tlmtry` (token, else content.session).
      disabled: !this.host.playSession.telemetry,
      stopped: this.stopped,
      destroyed: !this.connected,
      casting: this.isCasting(),
      paused: state.paused,
      ended: state.ended,
      token,
      inFlight: this.request !== null,
      nowMs,
      lastPostAtMs: this.lastPostAtMs,
      periodMs: telemetryPeriodMs(endpoint.intervalMs, this.buffering),
      live: state.live,
      body,
    });
    if (decision.action !== 'send' || !credential) return;
    this.lastPostAtMs = nowMs;
    this.seeks = 0;
    void this.post(endpoint, credential, JSON.stringify(body), run);
  }

  /**
   * The header telemetry is authenticated with: `x-play-session` with the play token, else
   * `x-auth-token` with the viewer's auth token (`content.authorization`, else `auth-token`); null
   * when there is neither.
   */
  private credential(): { header: 'x-play-session' | 'x-auth-token'; value: string } | null {
    const playToken = this.host.playToken?.trim();
    if (playToken) return { header: 'x-play-session', value: playToken };
    const authToken = (this.host.content?.authorization ?? this.host.authToken ?? '').trim();
    return authToken ? { header: 'x-auth-token', value: authToken } : null;
  }

  private async post(endpoint: Endpoint, credential: { header: string; value: string }, body: string, run: number): Promise<void> {
    const request = (this.request = new AbortController());
    // A post unanswered after the period no longer holds the next one, which goes on schedule (§5).
    // The request itself is not cancelled then: the storefront may hold it already (a loaded page
    // can read an answer sent at once more than a period later), and a 2xx that still comes is
    // counted in `sent`. Only a post unanswered after POST_ABANDON_MS is aborted.
    const release = this.clock.setTimeout(() => {
      if (this.request === request) this.request = null;
    }, telemetryPeriodMs(endpoint.intervalMs, this.buffering));
    const abandon = this.clock.setTimeout(() => request.abort(), POST_ABANDON_MS);
    let status = 0;
    let reply = '';
    try {
      const response = await this.fetchFn(endpoint.uri, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [credential.header]: credential.value },
        body,
        signal: request.signal,
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
      status = response.status;
      reply = await response.text().catch(() => '');
    } catch {
      // No answer (status stays 0): the sample is lost, the next post goes on schedule.
    } finally {
      this.clock.clearTimeout(release);
      this.clock.clearTimeout(abandon);
      if (this.request === request) this.request = null;
    }
    if (status >= 200 && status < 300) this.posts++;
    if (run !== this.run || !stopsTelemetry(reply)) return;
    this.stopped = true;
    this.cancel();
  }
}
