/**
 * The heartbeat rules (core/session/heartbeat-rules.ts): when a beat is sent (player-and-client §5)
 * and what each answer means (play-page §8, player-and-client §7, §8). One row per rule.
 */
import { expect } from '@open-wc/testing';
import {
  decideHeartbeat,
  heartbeatAnswer,
  type HeartbeatAnswer,
  type HeartbeatDecision,
  type HeartbeatInputs,
} from '../../../src-element/core/session/heartbeat-rules.js';

const PLAYING: HeartbeatInputs = {
  loaded: true,
  paused: false,
  casting: false,
  failed: false,
  stopped: false,
  inFlight: false,
  token: 'a.b.c',
};

const SEND_ROWS: Array<{ name: string; change: Partial<HeartbeatInputs>; decision: HeartbeatDecision }> = [
  { name: 'a loaded session playing locally with a play token: sent', change: {}, decision: { send: true } },
  { name: 'paused: skipped', change: { paused: true }, decision: { send: false, reason: 'paused' } },
  { name: 'casting: skipped', change: { casting: true }, decision: { send: false, reason: 'casting' } },
  { name: 'no play token: skipped', change: { token: null }, decision: { send: false, reason: 'no-token' } },
  { name: 'a blank play token: skipped', change: { token: '  ' }, decision: { send: false, reason: 'no-token' } },
  { name: 'not loaded: skipped', change: { loaded: false }, decision: { send: false, reason: 'not-loaded' } },
  { name: 'an error stopped playback: skipped', change: { failed: true }, decision: { send: false, reason: 'failed' } },
  { name: 'a 403 stopped the heartbeat: never again', change: { stopped: true, paused: true }, decision: { send: false, reason: 'stopped' } },
  { name: 'the previous beat is unanswered: skipped', change: { inFlight: true }, decision: { send: false, reason: 'in-flight' } },
];

const ANSWER_ROWS: Array<{ name: string; status: number; answer: HeartbeatAnswer }> = [
  { name: '200: sent', status: 200, answer: { kind: 'ok' } },
  { name: '204: sent', status: 204, answer: { kind: 'ok' } },
  {
    name: '451: too_many_streams (HEARTBEAT_TOO_MANY_STREAMS), beats go on',
    status: 451,
    answer: { kind: 'failure', code: 'too_many_streams', reason: 'HEARTBEAT_TOO_MANY_STREAMS', stopHeartbeat: false },
  },
  {
    name: '403: content_expired (HEARTBEAT_FORBIDDEN), the heartbeat stops',
    status: 403,
    answer: { kind: 'failure', code: 'content_expired', reason: 'HEARTBEAT_FORBIDDEN', stopHeartbeat: true },
  },
  { name: '500: ignored, the next beat tries again', status: 500, answer: { kind: 'ignored' } },
  { name: '503: ignored', status: 503, answer: { kind: 'ignored' } },
  { name: 'no answer (network): ignored', status: 0, answer: { kind: 'ignored' } },
  { name: '401: ignored', status: 401, answer: { kind: 'ignored' } },
];

describe('heartbeat rules (core/session/heartbeat-rules.ts)', () => {
  describe('decideHeartbeat', () => {
    for (const row of SEND_ROWS) {
      it(row.name, () => {
        expect(decideHeartbeat({ ...PLAYING, ...row.change })).to.deep.equal(row.decision);
      });
    }
  });
  describe('heartbeatAnswer', () => {
    for (const row of ANSWER_ROWS) {
      it(row.name, () => {
        expect(heartbeatAnswer(row.status)).to.deep.equal(row.answer);
      });
    }
  });
});
