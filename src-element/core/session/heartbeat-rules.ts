// play-page §7 `POST /services/license/heartbeat`, §8 "Playback error mapping"; player-and-client §5 "Heartbeat is skipped when paused, casting or the token is blank", §7 "What the product does with answers"
/**
 * Heartbeat rules (HEARTBEAT_TOO_MANY_STREAMS / HEARTBEAT_FORBIDDEN).
 *
 * Two pure decisions, each a table-driven test (test/core/session/heartbeat-rules.test.ts):
 * {@link decideHeartbeat} (is a beat sent now?) and {@link heartbeatAnswer} (what an answer means).
 * Framework-free (core layer).
 */
import type { S72ErrorCode } from '../errors.js';

/** What the heartbeat controller knows when a beat is due. */
export interface HeartbeatInputs {
  /** The engine loaded the source (the playback session exists). */
  loaded: boolean;
  /** The media is paused (also: ended). */
  paused: boolean;
  /** Playback runs on a cast receiver (the receiver beats itself). */
  casting: boolean;
  /** A critical error stopped playback (the error panel shows). */
  failed: boolean;
  /** A 403 stopped the heartbeat for this session. */
  stopped: boolean;
  /** The previous beat has no answer yet. */
  inFlight: boolean;
  /** The play token in force (`x-play-session`), or null. */
  token: string | null;
}

/** Why a beat is not sent. */
export type HeartbeatSkip = 'stopped' | 'not-loaded' | 'failed' | 'paused' | 'casting' | 'no-token' | 'in-flight';

export type HeartbeatDecision = { send: true } | { send: false; reason: HeartbeatSkip };

// player-and-client §5
/**
 * Sends a beat only while a loaded session plays locally with a play token:
 * never after a 403 stopped it, not before load, not after an error stopped playback, not while
 * paused or casting, not with a blank token, not while the previous beat is unanswered.
 */
export function decideHeartbeat(inputs: HeartbeatInputs): HeartbeatDecision {
  const skip = (reason: HeartbeatSkip): HeartbeatDecision => ({ send: false, reason });
  if (inputs.stopped) return skip('stopped');
  if (!inputs.loaded) return skip('not-loaded');
  if (inputs.failed) return skip('failed');
  if (inputs.paused) return skip('paused');
  if (inputs.casting) return skip('casting');
  if (!inputs.token?.trim()) return skip('no-token');
  if (inputs.inFlight) return skip('in-flight');
  return { send: true };
}

/** An answer that ends playback: the code reported (category `heartbeat`, critical). */
export interface HeartbeatFailure {
  code: Extract<S72ErrorCode, 'too_many_streams' | 'content_expired'>;
  // player-and-client §8 "Player"
  /** The spec's player error name. */
  reason: 'HEARTBEAT_TOO_MANY_STREAMS' | 'HEARTBEAT_FORBIDDEN';
  /** True: no more beats for this session (403); false: beats go on once playback runs again (451). */
  stopHeartbeat: boolean;
}

export type HeartbeatAnswer = { kind: 'ok' } | { kind: 'ignored' } | ({ kind: 'failure' } & HeartbeatFailure);

/**
 * What a heartbeat answer means, by HTTP status (0: no answer — network failure, dropped connection).
 * - 2xx: counted as sent.
 * - 451: `too_many_streams` (HEARTBEAT_TOO_MANY_STREAMS): playback stops (the media is paused, the
 *   error panel shows); beats resume if the viewer plays again ("Try again").
 * - 403: `content_expired` (HEARTBEAT_FORBIDDEN): the heartbeat stops for the session, playback stops.
 * - anything else (5xx, other 4xx, no answer): ignored; the next beat tries again (the spec names no
 *   reaction, and a storefront hiccup must not end playback).
 */
export function heartbeatAnswer(httpStatus: number): HeartbeatAnswer {
  if (httpStatus >= 200 && httpStatus < 300) return { kind: 'ok' };
  if (httpStatus === 451) return { kind: 'failure', code: 'too_many_streams', reason: 'HEARTBEAT_TOO_MANY_STREAMS', stopHeartbeat: false };
  if (httpStatus === 403) return { kind: 'failure', code: 'content_expired', reason: 'HEARTBEAT_FORBIDDEN', stopHeartbeat: true };
  return { kind: 'ignored' };
}
