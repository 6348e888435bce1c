/**
 * player-and-client §4 "Playback recovery", §9 "Engine" (core/recovery/recovery-policy.ts): one row
 * per rule — which errors are recovered, 6 attempts, the 60-s reset, the 1-s network delay, offline.
 */
import { expect } from '@open-wc/testing';
import { mapEngineError } from '../../../src-element/core/engine/map-engine-error.js';
import { S72Error, type S72ErrorCategory, type S72ErrorCode } from '../../../src-element/core/errors.js';
import {
  INITIAL_RECOVERY_STATE,
  RECOVERY_MAX_ATTEMPTS,
  RECOVERY_NETWORK_DELAY_MS,
  RECOVERY_RESET_MS,
  decideRecovery,
  recoveryKind,
  type RecoveryState,
} from '../../../src-element/core/recovery/recovery-policy.js';

const error = (code: S72ErrorCode, category: S72ErrorCategory, extra: { severity?: 'recoverable'; engineCode?: number } = {}) =>
  new S72Error(code, code, { category, ...extra });

/** Shaka's BAD_HTTP_STATUS for a segment (request type 1) answered `status`. */
const segmentStatus = (status: number) =>
  mapEngineError({ category: 1, code: 1001, severity: 2, data: ['https://cdn/seg.m4s', status, '', {}, 1] });

/** Shaka's LICENSE_REQUEST_FAILED (6007) wrapping the licence request's BAD_HTTP_STATUS `status`. */
const licenceStatus = (status: number) =>
  mapEngineError({
    category: 6,
    code: 6007,
    severity: 2,
    data: [{ category: 1, code: 1001, severity: 1, data: ['https://lic/clearkey', status, '{"reason":"x"}', {}, 2] }],
  });

/** Shaka's LICENSE_REQUEST_FAILED (6007) wrapping HTTP_ERROR (1002): no answer. */
const licenceNoAnswer = () =>
  mapEngineError({ category: 6, code: 6007, severity: 2, data: [{ category: 1, code: 1002, severity: 1, data: ['https://lic/clearkey'] }] });

describe('recoveryKind: which critical errors a reload recovers (player-and-client §4)', () => {
  const rows: Array<[string, S72Error, 'network' | 'media' | null]> = [
    ['network_error (offline, timeout, no answer)', error('network_error', 'network'), 'network'],
    ['segment 503 (mapped from shaka 1001)', segmentStatus(503), 'network'],
    ['segment 500', segmentStatus(500), 'network'],
    ['connection dropped (status 0)', segmentStatus(0), 'network'],
    ['segment 404 (a 4xx: the file is missing, a reload finds it missing again)', segmentStatus(404), null],
    ['segment 403', segmentStatus(403), null],
    ['decode_error (shaka 3016)', mapEngineError({ category: 3, code: 3016, severity: 2, data: [3, 0, 'PIPELINE_ERROR_DECODE'] }), 'media'],
    ['playback_error from the media layer (shaka 3015 MediaSource threw)', mapEngineError({ category: 3, code: 3015, severity: 2 }), 'media'],
    ['playback_error not from the engine (no engine code)', error('playback_error', 'playback'), null],
    ['file_not_found (manifest 404)', error('file_not_found', 'manifest'), null],
    ['too_many_streams (451)', error('too_many_streams', 'network'), null],
    ['too_many_devices (450)', error('too_many_devices', 'network'), null],
    ['licence 503 after shaka’s own retries (a transient network fault)', licenceStatus(503), 'network'],
    ['licence 500', licenceStatus(500), 'network'],
    ['licence request with no answer (connection dropped, offline: shaka 1002 inside 6007)', licenceNoAnswer(), 'network'],
    ['licence 401 (about rights: final)', licenceStatus(401), null],
    ['licence 403 (license_{reason}: final)', licenceStatus(403), null],
    ['licence 451 (too_many_streams: final)', licenceStatus(451), null],
    ['licence 404 (a 4xx: final)', licenceStatus(404), null],
    ['license_request_failure (licence 5xx after shaka’s own retries)', error('license_request_failure', 'drm'), 'network'],
    ['drm_failed', error('drm_failed', 'drm'), null],
    ['play_failed', error('play_failed', 'playback'), null],
    ['start_timeout of a first start (the watchdog gave up: final)', error('start_timeout', 'network'), null],
    ['a recoverable network error (shaka is still retrying)', error('network_error', 'network', { severity: 'recoverable' }), null],
  ];
  for (const [name, input, expected] of rows) {
    it(`${name} → ${String(expected)}`, () => expect(recoveryKind(input)).to.equal(expected));
  }
  it('start_timeout during a recovery reload → network (one more failed attempt of the outage)', () => {
    expect(recoveryKind(error('start_timeout', 'network'), true)).to.equal('network');
    expect(recoveryKind(error('file_not_found', 'manifest'), true), 'nothing else changes').to.equal(null);
  });
});

describe('decideRecovery: attempts, reset, delay, offline (player-and-client §4, §9)', () => {
  const network = error('network_error', 'network');
  const media = error('decode_error', 'playback');
  const at = (attempts: number, lastAttemptAt: number | null): RecoveryState => ({ attempts, lastAttemptAt });
  const online = (now: number) => ({ now, online: true });

  const rows: Array<{ rule: string; state: RecoveryState; error: S72Error; context: { now: number; online: boolean; reloading?: boolean }; expected: unknown }> = [
    {
      rule: 'first network error: attempt 1 after 1 s',
      state: INITIAL_RECOVERY_STATE,
      error: network,
      context: online(10_000),
      expected: { action: 'reload', kind: 'network', attempt: 1, delayMs: 1_000, state: at(1, 10_000) },
    },
    {
      rule: 'first media error: attempt 1 at once',
      state: INITIAL_RECOVERY_STATE,
      error: media,
      context: online(10_000),
      expected: { action: 'reload', kind: 'media', attempt: 1, delayMs: 0, state: at(1, 10_000) },
    },
    {
      rule: 'the 6th attempt is still made',
      state: at(5, 50_000),
      error: network,
      context: online(55_000),
      expected: { action: 'reload', kind: 'network', attempt: 6, delayMs: 1_000, state: at(6, 55_000) },
    },
    {
      rule: 'after 6 attempts: give up',
      state: at(6, 50_000),
      error: network,
      context: online(55_000),
      expected: { action: 'give-up', reason: 'exhausted' },
    },
    {
      rule: 'last attempt exactly 60 s earlier: no reset',
      state: at(6, 50_000),
      error: network,
      context: online(50_000 + 60_000),
      expected: { action: 'give-up', reason: 'exhausted' },
    },
    {
      rule: 'last attempt more than 60 s earlier: the count starts again',
      state: at(6, 50_000),
      error: media,
      context: online(50_000 + 60_001),
      expected: { action: 'reload', kind: 'media', attempt: 1, delayMs: 0, state: at(1, 110_001) },
    },
    {
      rule: 'offline: wait for online, nothing counted',
      state: at(2, 50_000),
      error: network,
      context: { now: 51_000, online: false },
      expected: { action: 'wait-online', kind: 'network' },
    },
    {
      rule: 'offline with the attempts spent: still waits (the count may reset by the time it is back)',
      state: at(6, 50_000),
      error: network,
      context: { now: 51_000, online: false },
      expected: { action: 'wait-online', kind: 'network' },
    },
    {
      rule: 'the watchdog gave up during a recovery reload: the next attempt, after 1 s',
      state: at(1, 50_000),
      error: error('start_timeout', 'network'),
      context: { now: 62_000, online: true, reloading: true },
      expected: { action: 'reload', kind: 'network', attempt: 2, delayMs: 1_000, state: at(2, 62_000) },
    },
    {
      rule: 'not recoverable: give up at once, online or not',
      state: INITIAL_RECOVERY_STATE,
      error: error('file_not_found', 'manifest'),
      context: { now: 1, online: false },
      expected: { action: 'give-up', reason: 'not-recoverable' },
    },
  ];
  for (const row of rows) {
    it(row.rule, () => expect(decideRecovery(row.state, row.error, row.context)).to.deep.equal(row.expected));
  }

  it('the constants are the spec’s: 6 attempts, 60 s, 1 s', () => {
    expect([RECOVERY_MAX_ATTEMPTS, RECOVERY_RESET_MS, RECOVERY_NETWORK_DELAY_MS]).to.deep.equal([6, 60_000, 1_000]);
  });
});
