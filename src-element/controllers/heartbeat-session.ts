// play-page §7 `POST /services/license/heartbeat`, §8; player-and-client §5; issue 22 item 4; §8 "Player"
/**
 * Heartbeat (loaded on demand, once `config.heartbeat` is set, by heartbeat-controller.ts).
 *
 * With `config.heartbeat = {uri, intervalMs}`, sends `POST uri` (no body) with the header
 * `x-play-session: <host.playToken>` (the token in force, read at each beat) every `intervalMs` ms
 * while the source is loaded and plays. The first beat goes as soon as the loaded source plays (so a
 * stream limit is enforced at once), then one every `intervalMs`; after a pause, playing again beats
 * at once when a beat is due. Rules (`core/session/heartbeat-rules.ts`): skipped while paused or
 * ended, while casting ({@link SessionControllerOptions.isCasting}), with a blank token, before
 * load, after a critical error stopped playback, and while the previous beat is unanswered (a beat
 * gets at most `intervalMs` ms, then counts as no answer).
 *
 * Answers:
 * - 2xx: counted ({@link HeartbeatSession.sent}).
 * - 451 → `too_many_streams` (HEARTBEAT_TOO_MANY_STREAMS), 403 → `content_expired`
 *   (HEARTBEAT_FORBIDDEN): category `heartbeat`, critical, with `httpStatus`, the `requestId` of the
 *   response headers and `data.reason`; the media is paused (playback stops, the error panel shows).
 *   A 403 also stops the heartbeat for this source; after a 451, beats resume if the viewer plays
 *   again ("Try again").
 * - Anything else (5xx, other 4xx, network failure, timeout) is ignored: the next beat tries again.
 *
 * Lifetime: the timer lives from `hostConnected` to `hostDisconnected` (a move in the page resumes;
 * a beat on its way finishes, its answer no longer acts); a new source (`content`) or another
 * `config.heartbeat` starts over; removing the player ends the session (nothing loaded: no beats).
 *
 * Ending the session: once a beat went out,
 * the player tells the storefront when the stream ends, so that the viewer's stream count drops at
 * once rather than when the storefront stops waiting for beats: a last `POST uri` with the same
 * `x-play-session` header (the token of the session's beats), `content-type: application/json` and
 * the body {@link HEARTBEAT_STOP_BODY} (`{"state":"stopped"}`), sent with `keepalive` so it
 * survives the page. It goes when the player is removed from the page (not on a move: disconnect
 * and connect in one task), when the source, the play token in force or `config.heartbeat`
 * changes (before the next session's first beat), and on `pagehide`. A session that ended starts
 * again with a beat at once when playback runs again (re-inserted, back from the back-forward cache).
 *
 * @fires s72-error - through `host.report()`: `too_many_streams`, `content_expired`
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import { S72Error, requestIdFrom } from '../core/errors.js';
import type { PlayerState } from '../core/player-store.js';
import { decideHeartbeat, heartbeatAnswer } from '../core/session/heartbeat-rules.js';
import type { S72Content } from '../core/types.js';
import { periodicEndpoint, type SessionControllerOptions, type SessionHost } from './heartbeat-controller.js';
import { Listeners } from './player-host.js';

/** The heartbeat, in its own chunk: `HeartbeatController` (heartbeat-controller.ts) loads it once `config.heartbeat` is set. */
export class HeartbeatSession implements ReactiveController {
  private readonly clock: Clock;
  private readonly fetchFn: typeof globalThis.fetch;
  private readonly isCasting: () => boolean;
  private beats = 0;
  private connected = false;
  private unsubscribe: (() => void) | null = null;
  /** The source and configuration the session belongs to. */
  private key: { content: S72Content | null; config: string } | null = null;
  /** Bumped when the session starts over (new source or configuration): older answers are dropped. */
  private run = 0;
  /** The pending timer, or null. */
  private timer: TimerHandle = null;
  private request: AbortController | null = null;
  /** A 403 stopped the heartbeat for this source. */
  private stopped = false;
  private lastBeatAtMs: number | null = null;
  private wasPlaying = false;
  private wasLoaded = false;
  /** The source of this session has loaded (a new source beats only once it is loaded). */
  private sessionLoaded = false;
  // issue 22 item 4
  /**
   * The storefront's stream session this player holds: where and with which token a beat went
   * since the last stop, or null.
   */
  private open: { uri: string; token: string; intervalMs: number } | null = null;
  /** The beat on its way (a stop waits for it, so that the storefront gets them in order). */
  private beating: Promise<void> | null = null;
  /** The stop on its way (the next session's first beat waits for it). */
  private ending: Promise<void> | null = null;
  /** `pagehide` / `pageshow` of the player's window. */
  private readonly page = new Listeners();
  private readonly onPageHide = (): void => {
    this.clearTimer();
    this.end(true); // the page may be going away: no later task runs
  };
  private readonly onPageShow = (event: Event): void => {
    // Back from the back-forward cache: beats start again (at once when playing).
    if ((event as PageTransitionEvent).persisted && this.connected) this.resume();
  };

  constructor(
    private readonly host: SessionHost,
    options: SessionControllerOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.isCasting = options.isCasting ?? (() => false);
    host.addController(this);
  }

  /** Beats answered 2xx since the player was created (all sources). */
  get sent(): number {
    return this.beats;
  }

  hostConnected(): void {
    this.connected = true;
    this.page.attach(this.host.ownerDocument.defaultView, { pagehide: this.onPageHide, pageshow: this.onPageShow });
    this.unsubscribe = this.host.store.subscribe((state) => this.onState(state));
    this.wasLoaded = this.host.store.getState().loaded;
    if (!this.sync()) this.resume();
  }

  hostUpdated(): void {
    if (this.connected) this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.page.detach();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clearTimer(); // a move keeps the session: an answer on its way still acts
    // A move (disconnect + connect in the same task) keeps the session; a removal ends it.
    queueMicrotask(() => {
      if (!this.connected) this.end();
    });
  }

  private get endpoint(): { uri: string; intervalMs: number } | null {
    return periodicEndpoint(this.host.effectiveConfig.heartbeat);
  }

  /** Starts over when the source or the configuration changed; true when it did. */
  private sync(): boolean {
    const content = this.host.content;
    const config = JSON.stringify(this.endpoint);
    if (this.key && this.key.content === content && this.key.config === config) return false;
    this.key = { content, config };
    this.end(); // the previous source's session, if a beat went out
    this.cancel();
    this.stopped = false;
    this.lastBeatAtMs = null;
    this.sessionLoaded = false;
    this.resume();
    return true;
  }

  private resume(): void {
    const endpoint = this.endpoint;
    if (!this.connected || !endpoint || this.stopped) return;
    this.wasPlaying = this.playing(this.host.store.getState());
    this.schedule(this.wasPlaying && this.due(endpoint) ? 0 : endpoint.intervalMs);
  }

  private due(endpoint: { intervalMs: number }): boolean {
    return this.lastBeatAtMs === null || this.clock.now() - this.lastBeatAtMs >= endpoint.intervalMs;
  }

  private playing(state: PlayerState): boolean {
    return this.sessionLoaded && state.loaded && !state.paused && !state.error;
  }

  /** Playback (re)started: beat now when a beat is due. */
  private onState(state: PlayerState): void {
    if (state.loaded && !this.wasLoaded) this.sessionLoaded = true;
    this.wasLoaded = state.loaded;
    const playing = this.playing(state);
    const started = playing && !this.wasPlaying;
    this.wasPlaying = playing;
    const endpoint = this.endpoint;
    if (!started || !endpoint || this.stopped) return;
    if (this.due(endpoint)) this.schedule(0);
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
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (run !== this.run) return;
      const endpoint = this.endpoint;
      if (!endpoint || this.stopped) return;
      this.schedule(endpoint.intervalMs);
      this.tick(endpoint, run);
    }, delayMs);
  }

  private tick(endpoint: { uri: string; intervalMs: number }, run: number): void {
    const state = this.host.store.getState();
    const token = this.host.playToken;
    const decision = decideHeartbeat({
      loaded: this.sessionLoaded && state.loaded,
      paused: state.paused,
      casting: this.isCasting(),
      failed: state.error !== null,
      stopped: this.stopped,
      inFlight: this.request !== null,
      token,
    });
    if (!decision.send || !token) return;
    const beatToken = token.trim();
    // Another token or address is another stream session: the old one ends first.
    if (this.open && (this.open.token !== beatToken || this.open.uri !== endpoint.uri)) this.end();
    const beating = (this.beating = this.beat(endpoint, beatToken, run));
    void beating.finally(() => {
      if (this.beating === beating) this.beating = null;
    });
  }

  // issue 22 item 4
  /**
   * Ends the storefront's stream session this player holds, if a beat went out since the last stop: a keepalive `POST uri` with {@link HEARTBEAT_STOP_BODY}. It goes after the
   * beat on its way, if any, unless `immediately` (the page is going away: no later task runs).
   * The answer is ignored. The next beat starts a new session, at once when playback runs.
   */
  private end(immediately = false): void {
    const open = this.open;
    if (!open) return;
    this.open = null;
    this.lastBeatAtMs = null;
    const before = immediately ? null : this.beating;
    const ending = before ? before.then(() => this.stop(open)) : this.stop(open);
    this.ending = ending;
    void ending.finally(() => {
      if (this.ending === ending) this.ending = null;
    });
  }

  private async stop({ uri, token, intervalMs }: { uri: string; token: string; intervalMs: number }): Promise<void> {
    const request = new AbortController();
    const timeout = this.clock.setTimeout(() => request.abort(), intervalMs);
    try {
      const response = await this.fetchFn(uri, {
        method: 'POST',
        headers: { 'x-play-session': token, 'content-type': 'application/json' },
        body: HEARTBEAT_STOP_BODY,
        keepalive: true,
        signal: request.signal,
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
      await response.body?.cancel().catch(() => undefined);
    } catch {
      // No answer: the storefront ends the session itself once the beats stop.
    } finally {
      this.clock.clearTimeout(timeout);
    }
  }

  private async beat(endpoint: { uri: string; intervalMs: number }, token: string, run: number): Promise<void> {
    const request = (this.request = new AbortController());
    this.lastBeatAtMs = this.clock.now();
    this.open = { uri: endpoint.uri, token, intervalMs: endpoint.intervalMs };
    // A stop on its way goes first (the storefront would otherwise end the new session).
    if (this.ending) await this.ending;
    const timeout = this.clock.setTimeout(() => request.abort(), endpoint.intervalMs);
    let status = 0;
    let headers: Headers | undefined;
    try {
      const response = await this.fetchFn(endpoint.uri, {
        method: 'POST',
        headers: { 'x-play-session': token },
        signal: request.signal,
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
      status = response.status;
      headers = response.headers;
      await response.body?.cancel().catch(() => undefined);
    } catch {
      // No answer (network, timeout): status stays 0, ignored.
    } finally {
      this.clock.clearTimeout(timeout);
      if (this.request === request) this.request = null;
    }
    const answer = heartbeatAnswer(status);
    if (answer.kind === 'ok') this.beats++;
    if (run !== this.run || answer.kind !== 'failure') return;
    if (answer.stopHeartbeat) {
      this.stopped = true;
      this.cancel();
    }
    this.host.store.owners.media?.pause();
    const requestId = requestIdFrom(headers);
    this.host.report(
      new S72Error(answer.code, MESSAGES[answer.reason], {
        category: 'heartbeat',
        severity: 'critical',
        httpStatus: status,
        ...(requestId ? { requestId } : {}),
        data: { reason: answer.reason },
      }),
    );
  }
}

// issue 22 item 4
/** The body of the beat that ends the session. */
export const HEARTBEAT_STOP_BODY = '{"state":"stopped"}';

const MESSAGES = {
  HEARTBEAT_TOO_MANY_STREAMS: 'The heartbeat was refused (451): this account is watching on too many screens',
  HEARTBEAT_FORBIDDEN: 'The heartbeat was refused (403): this title can no longer be watched',
} as const;
