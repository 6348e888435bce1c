/**
 * Player telemetry rules (core/session/player-telemetry-rules.ts; player-and-client §3, §5, §7, §9):
 * every "not sent", "dropped", "disabled" and "stopped" rule is one row of ONE table; then the body's
 * units and the period.
 */
import { expect } from '@open-wc/testing';
import { telemetryAllowed } from '../../../src-element/core/play-token.js';
import {
  PLAYER_VERSION,
  TELEMETRY_BUFFERING_INTERVAL_MS,
  TELEMETRY_INT32_MAX,
  decideTelemetry,
  stopsTelemetry,
  telemetryBody,
  telemetryPeriodMs,
  type PlayerTelemetryBody,
  type TelemetryDecision,
  type TelemetryInputs,
  type TelemetrySample,
} from '../../../src-element/core/session/player-telemetry-rules.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const INTERVAL_MS = 30_000;
const token = (payload: object): string => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;

const VOD_BODY: PlayerTelemetryBody = {
  ts: NOW,
  slug: '/film/night-harbour',
  player: `s72-player/${PLAYER_VERSION} shaka`,
  elapsed: 60_000,
  buffered: 12.5,
  bitrate: 2_000_000,
  estbitrate: 5_000_000,
  seeked: 0,
  position: 59,
  length: 120,
  droppedFrames: 3,
  adBlocked: false,
};

const PLAYING: TelemetryInputs = {
  disabled: !telemetryAllowed(token({ tlmtry: true })),
  stopped: false,
  destroyed: false,
  casting: false,
  paused: false,
  ended: false,
  token: 'h.p.s',
  inFlight: false,
  nowMs: NOW,
  lastPostAtMs: NOW - INTERVAL_MS,
  periodMs: INTERVAL_MS,
  live: false,
  body: VOD_BODY,
};

type Row = { name: string; change: Partial<TelemetryInputs>; body?: Partial<PlayerTelemetryBody>; decision: TelemetryDecision };
const MAX = TELEMETRY_INT32_MAX;
const LIVE = { live: true } as const;

const ROWS: Row[] = [
  { name: 'playing, a period after the last post: sent', change: {}, decision: { action: 'send' } },
  { name: 'the first post of a session: sent', change: { lastPostAtMs: null }, decision: { action: 'send' } },
  // not sent
  { name: 'destroyed: not sent', change: { destroyed: true }, decision: { action: 'skip', reason: 'destroyed' } },
  { name: 'casting: not sent', change: { casting: true }, decision: { action: 'skip', reason: 'casting' } },
  { name: 'paused: not sent', change: { paused: true }, decision: { action: 'skip', reason: 'paused' } },
  { name: 'ended: not sent', change: { ended: true, paused: true }, decision: { action: 'skip', reason: 'ended' } },
  { name: 'no play token: not sent', change: { token: null }, decision: { action: 'skip', reason: 'no-token' } },
  { name: 'the previous post is unanswered: not sent', change: { inFlight: true }, decision: { action: 'skip', reason: 'in-flight' } },
  {
    name: 'the previous post less than half the interval ago: not sent',
    change: { lastPostAtMs: NOW - INTERVAL_MS / 2 + 1 },
    decision: { action: 'skip', reason: 'too-soon' },
  },
  { name: 'the previous post exactly half the interval ago: sent', change: { lastPostAtMs: NOW - INTERVAL_MS / 2 }, decision: { action: 'send' } },
  {
    name: 'buffering (5-s period): 2.5 s after the last post is not too soon',
    change: { periodMs: TELEMETRY_BUFFERING_INTERVAL_MS, lastPostAtMs: NOW - 2_500 },
    decision: { action: 'send' },
  },
  // dropped
  { name: 'bitrate over 2147483647: dropped', change: {}, body: { bitrate: MAX + 1 }, decision: { action: 'drop', reason: 'bitrate' } },
  { name: 'bitrate of 2147483647: sent', change: {}, body: { bitrate: MAX }, decision: { action: 'send' } },
  { name: 'estbitrate over 2147483647: dropped', change: {}, body: { estbitrate: MAX + 1 }, decision: { action: 'drop', reason: 'estbitrate' } },
  { name: 'length over 2147483647: dropped', change: {}, body: { length: MAX + 1, position: 0 }, decision: { action: 'drop', reason: 'length' } },
  {
    name: 'droppedFrames over 2147483647: dropped',
    change: {},
    body: { droppedFrames: MAX + 1 },
    decision: { action: 'drop', reason: 'dropped-frames' },
  },
  { name: 'position negative: dropped', change: {}, body: { position: -0.5 }, decision: { action: 'drop', reason: 'position-negative' } },
  { name: 'position over length + 1: dropped', change: {}, body: { position: 121.5 }, decision: { action: 'drop', reason: 'position-past-end' } },
  { name: 'position at length + 1: sent', change: {}, body: { position: 121 }, decision: { action: 'send' } },
  {
    name: 'live position more than 3600000 ms before now: dropped',
    change: LIVE,
    body: { position: NOW - 3_600_001, length: 60 },
    decision: { action: 'drop', reason: 'live-position' },
  },
  {
    name: 'live position more than 3600000 ms after now: dropped',
    change: LIVE,
    body: { position: NOW + 3_600_001, length: 60 },
    decision: { action: 'drop', reason: 'live-position' },
  },
  { name: 'live position 20 s behind now: sent', change: LIVE, body: { position: NOW - 20_000, length: 60 }, decision: { action: 'send' } },
  // disabled, stopped
  {
    name: 'the play token says telemetry is off: disabled',
    change: { disabled: !telemetryAllowed(token({ tlmtry: false })) },
    decision: { action: 'off', reason: 'token-disabled' },
  },
  {
    name: 'the play token says tlmtry 0: disabled',
    change: { disabled: !telemetryAllowed(token({ tlmtry: 0 })) },
    decision: { action: 'off', reason: 'token-disabled' },
  },
  {
    name: 'a reply contained telemetry_timestamp_invalid_range: stopped for the session',
    change: { stopped: stopsTelemetry('{"code":"telemetry_timestamp_invalid_range","message":"…"}') },
    decision: { action: 'off', reason: 'stopped' },
  },
];

describe('player telemetry rules (core/session/player-telemetry-rules.ts)', () => {
  it('each rule of player-and-client §5 and §7, one row each', () => {
    for (const row of ROWS) {
      const inputs = { ...PLAYING, ...row.change, body: { ...VOD_BODY, ...row.body } };
      expect(decideTelemetry(inputs), row.name).to.deep.equal(row.decision);
    }
  });

  it('stops only for a reply naming telemetry_timestamp_invalid_range', () => {
    expect(stopsTelemetry('')).to.equal(false);
    expect(stopsTelemetry('{"code":"invalid_body"}')).to.equal(false);
  });

  it('posts every intervalMs, every 5000 ms while buffering (§9)', () => {
    expect(telemetryPeriodMs(30_000, false)).to.equal(30_000);
    expect(telemetryPeriodMs(30_000, true)).to.equal(5_000);
    expect(telemetryPeriodMs(1_000, true)).to.equal(5_000);
  });

  const SAMPLE: TelemetrySample = {
    nowMs: NOW,
    slug: '/film/night-harbour',
    engine: 'shaka',
    loadedAtMs: NOW - 42_123.4,
    live: false,
    currentTime: 59.1234,
    duration: 120.04,
    seekable: { start: 0, end: 120.04 },
    buffered: [
      { start: 0, end: 10 },
      { start: 50, end: 71.5 },
    ],
    playheadDateMs: null,
    streamBandwidth: 1_999_999.6,
    estimatedBandwidth: Number.NaN,
    droppedFrames: 4,
    seeks: 2,
  };

  it('builds a VOD body: ts epoch ms, elapsed ms, buffered/position/length seconds, bitrates bit/s', () => {
    expect(telemetryBody(SAMPLE)).to.deep.equal({
      ts: NOW,
      slug: '/film/night-harbour',
      player: `s72-player/${PLAYER_VERSION} shaka`,
      elapsed: 42_123,
      buffered: 12.377,
      bitrate: 2_000_000,
      estbitrate: 0,
      seeked: 2,
      position: 59.123,
      length: 120.04,
      droppedFrames: 4,
      adBlocked: false,
    });
    expect(telemetryBody({ ...SAMPLE, currentTime: 30 }).buffered, 'outside every buffered range').to.equal(0);
  });

  it('builds a live body: position = playhead wall-clock time (epoch ms), length = DVR window seconds', () => {
    const live = { ...SAMPLE, live: true, duration: Number.POSITIVE_INFINITY, seekable: { start: 1000, end: 1060 }, currentTime: 1050 };
    const withDate = telemetryBody({ ...live, playheadDateMs: NOW - 12_345.6 });
    expect(withDate.position).to.equal(NOW - 12_346);
    expect(withDate.length).to.equal(60);
    expect(telemetryBody(live).position, 'no program date time: now minus the distance to the live edge').to.equal(NOW - 10_000);
  });

  it('names the package version in `player`', async () => {
    const pkg = (await (await fetch('/package.json')).json()) as { version: string };
    expect(PLAYER_VERSION).to.equal(pkg.version);
  });

  it('the new player of the staged rollout says so in `player` (player-and-client §9)', async () => {
    const pkg = (await (await fetch('/package.json')).json()) as { version: string };
    expect(telemetryBody({ ...SAMPLE, track: 'new' }).player).to.equal(`s72-player/${pkg.version}+new shaka`);
    expect(telemetryBody({ ...SAMPLE, track: 'current' }).player).to.equal(`s72-player/${pkg.version} shaka`);
  });
});
