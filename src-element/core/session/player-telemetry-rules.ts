// player-and-client §3 "Telemetry post body"; §9 "Telemetry, heartbeat, live"
/**
 * Player telemetry (QoE) rules: the post body and when it is sent. Pure and framework-free (core layer); every rule is one row of the
 * table in test/core/session/player-telemetry-rules.test.ts.
 */

import { PLAYER_VERSION } from '../version.js';

/** Package version, in the `player` field (injected at build time from package.json: core/version.ts). */
export { PLAYER_VERSION };
/** Largest value of `bitrate`, `estbitrate`, `length` and `droppedFrames` (a signed 32-bit integer). */
export const TELEMETRY_INT32_MAX = 2_147_483_647;
/** Largest distance between a live `position` (epoch ms) and the current time, ms. */
export const TELEMETRY_LIVE_POSITION_MAX_SKEW_MS = 3_600_000;
// player-and-client §9 "telemetry every 5 s while buffering"
/** Period of the posts while buffering, ms. */
export const TELEMETRY_BUFFERING_INTERVAL_MS = 5_000;
// player-and-client §7
/** A reply whose body contains this stops telemetry for the session. */
export const TELEMETRY_STOP_CODE = 'telemetry_timestamp_invalid_range';

// player-and-client §3; DESIGN.md "Units"
/**
 * The JSON body of `POST {telemetry uri}`. It never holds a token.
 *
 * Units. `position` and `length` are in SECONDS on VOD, as everywhere on the media element: the rule "position over length + 1" only reads as one second of slack
 * (a millisecond of slack would drop every post made at the very end), and `length` shares the
 * 32-bit limit of the counters, which seconds never reach. On LIVE, `position` is the wall-clock
 * time of the playhead in EPOCH MS (the stream's program date time): the rule "a live position
 * more than 3600000 ms from the current time" compares it with now; `length` is then the seconds of
 * the seekable (DVR) window, and "over length + 1" does not apply.
 */
export interface PlayerTelemetryBody {
  /** When the sample was taken, epoch ms. */
  ts: number;
  // player-and-client §2
  /** Content slug, e.g. `/film/night-harbour`; `''` for a bare `src`. */
  slug: string;
  /** `s72-player/<version> <engine>`, e.g. `s72-player/0.1.0 shaka`. */
  player: string;
  /** Milliseconds since the source was loaded (the session started). */
  elapsed: number;
  /** Seconds of media buffered ahead of the playhead (0 when the playhead is outside every range). */
  buffered: number;
  /** Bits per second of the variant playing (engine stats; 0 when unknown). */
  bitrate: number;
  /** Bits per second, the engine's bandwidth estimate (ABR; 0 when unknown). */
  estbitrate: number;
  /** Seeks the viewer made since the previous post that was sent. */
  seeked: number;
  /** VOD: playhead, seconds. Live: playhead wall-clock time, epoch ms. */
  position: number;
  /** VOD: duration, seconds. Live: seekable (DVR) window, seconds. */
  length: number;
  /** Frames the browser dropped since the source was loaded (engine stats). */
  droppedFrames: number;
  // issue 14
  /** An ad blocker stopped an ad (always false: no ads yet). */
  adBlocked: boolean;
}

/** What the player reads to build a body; positions in seconds, times epoch ms. */
export interface TelemetrySample {
  nowMs: number;
  slug: string;
  engine: string;
  /** The rollout track (`config.playerTrack`); `new` marks the `player` field. */
  track?: 'new' | 'current';
  loadedAtMs: number;
  live: boolean;
  /** Media position, seconds. */
  currentTime: number;
  /** Media duration, seconds (NaN before metadata, Infinity on live). */
  duration: number;
  /** Seekable range, seconds. */
  seekable: { start: number; end: number };
  /** Buffered ranges, seconds. */
  buffered: readonly { start: number; end: number }[];
  /** Live: the playhead's wall-clock time from the engine, epoch ms; null when unknown or VOD. */
  playheadDateMs: number | null;
  /** Bits per second (NaN when unknown). */
  streamBandwidth: number;
  estimatedBandwidth: number;
  droppedFrames: number;
  seeks: number;
  /** The ad request of this source was blocked (ads controller); absent: false. */
  adBlocked?: boolean;
}

const finite = (value: number): number => (Number.isFinite(value) ? value : 0);
const round3 = (value: number): number => Math.round(finite(value) * 1000) / 1000;

/** Builds the post body from a sample (the units of {@link PlayerTelemetryBody}). */
export function telemetryBody(sample: TelemetrySample): PlayerTelemetryBody {
  const { currentTime } = sample;
  const range = sample.buffered.find((candidate) => candidate.start <= currentTime && currentTime <= candidate.end);
  let position: number;
  let length: number;
  if (sample.live) {
    // Without a program date time, the live edge is "now": the playhead is as far behind it.
    position = Math.round(sample.playheadDateMs ?? sample.nowMs - Math.max(0, finite(sample.seekable.end - currentTime)) * 1000);
    length = round3(sample.seekable.end - sample.seekable.start);
  } else {
    position = round3(currentTime);
    length = round3(sample.duration);
  }
  return {
    ts: sample.nowMs,
    slug: sample.slug,
    // §9: the version from package.json; the new player of the staged rollout says so.
    player: `s72-player/${PLAYER_VERSION}${sample.track === 'new' ? '+new' : ''} ${sample.engine}`,
    elapsed: Math.max(0, Math.round(sample.nowMs - sample.loadedAtMs)),
    buffered: range ? round3(range.end - currentTime) : 0,
    bitrate: Math.round(finite(sample.streamBandwidth)),
    estbitrate: Math.round(finite(sample.estimatedBandwidth)),
    seeked: sample.seeks,
    position,
    length,
    droppedFrames: Math.round(finite(sample.droppedFrames)),
    adBlocked: sample.adBlocked === true,
  };
}

// player-and-client §9
/** The post period in force, ms: `intervalMs`, or 5000 while buffering. */
export function telemetryPeriodMs(intervalMs: number, buffering: boolean): number {
  return buffering ? TELEMETRY_BUFFERING_INTERVAL_MS : intervalMs;
}

/** What the telemetry controller knows when a post is due. */
export interface TelemetryInputs {
  // player-and-client §5
  /** The play token says telemetry is off (`telemetryAllowed` false). */
  disabled: boolean;
  /** A reply contained `telemetry_timestamp_invalid_range` earlier in this session. */
  stopped: boolean;
  /** The player was removed or its session ended. */
  destroyed: boolean;
  casting: boolean;
  paused: boolean;
  ended: boolean;
  /** The play token in force (`x-play-session`), or null. */
  token: string | null;
  /** The previous post has no answer yet. */
  inFlight: boolean;
  nowMs: number;
  /** When the previous post was sent, epoch ms; null before the first. */
  lastPostAtMs: number | null;
  /** The period in force ({@link telemetryPeriodMs}), ms. */
  periodMs: number;
  live: boolean;
  body: PlayerTelemetryBody;
}

export type TelemetrySkip = 'destroyed' | 'casting' | 'paused' | 'ended' | 'no-token' | 'in-flight' | 'too-soon';
export type TelemetryDrop =
  | 'bitrate'
  | 'estbitrate'
  | 'length'
  | 'dropped-frames'
  | 'position-negative'
  | 'position-past-end'
  | 'live-position';

// player-and-client §5 "not sent when…"; §5 "dropped when…"
/**
 * `off`: no telemetry for the session (the token disables it, or the storefront stopped it);
 * `skip`: not sent now; `drop`: the sample is invalid and
 * thrown away; `send`: post it.
 */
export type TelemetryDecision =
  | { action: 'send' }
  | { action: 'off'; reason: 'token-disabled' | 'stopped' }
  | { action: 'skip'; reason: TelemetrySkip }
  | { action: 'drop'; reason: TelemetryDrop };

// player-and-client §5
/** Decides whether a telemetry post goes out now. */
export function decideTelemetry(inputs: TelemetryInputs): TelemetryDecision {
  if (inputs.disabled) return { action: 'off', reason: 'token-disabled' };
  if (inputs.stopped) return { action: 'off', reason: 'stopped' };
  const skip = (reason: TelemetrySkip): TelemetryDecision => ({ action: 'skip', reason });
  if (inputs.destroyed) return skip('destroyed');
  if (inputs.casting) return skip('casting');
  if (inputs.ended) return skip('ended');
  if (inputs.paused) return skip('paused');
  if (!inputs.token?.trim()) return skip('no-token');
  if (inputs.inFlight) return skip('in-flight');
  if (inputs.lastPostAtMs !== null && inputs.nowMs - inputs.lastPostAtMs < inputs.periodMs / 2) return skip('too-soon');
  const drop = (reason: TelemetryDrop): TelemetryDecision => ({ action: 'drop', reason });
  const { body } = inputs;
  if (body.bitrate > TELEMETRY_INT32_MAX) return drop('bitrate');
  if (body.estbitrate > TELEMETRY_INT32_MAX) return drop('estbitrate');
  if (body.length > TELEMETRY_INT32_MAX) return drop('length');
  if (body.droppedFrames > TELEMETRY_INT32_MAX) return drop('dropped-frames');
  if (inputs.live) {
    if (Math.abs(body.position - inputs.nowMs) > TELEMETRY_LIVE_POSITION_MAX_SKEW_MS) return drop('live-position');
  } else {
    if (body.position < 0) return drop('position-negative');
    if (body.position > body.length + 1) return drop('position-past-end');
  }
  return { action: 'send' };
}

// player-and-client §7
/** True when a telemetry reply body stops telemetry for the session. */
export function stopsTelemetry(replyText: string): boolean {
  return replyText.includes(TELEMETRY_STOP_CODE);
}
