/**
 * The live-status decision table (core/live/live-status.ts): one row per kind of answer of
 * `GET {live status baseUrl}{slug}` (play-page §4 "Live events", §8 "Live errors", §9).
 */
import { expect } from '@open-wc/testing';
import {
  LIVE_POLL_INTERVAL_MS,
  LIVE_RETRY_DELAY_MS,
  decideLiveStatus,
  liveStatusOf,
  mayMeanLiveEnd,
  nextDelayMs,
  type LiveStatusAnswer,
  type LiveStatusDecision,
} from '../../../src-element/core/live/live-status.js';

const body = (status: unknown) => ({ slug: '/film/live-gala', live: { status, started_at: null, completed_at: null } });

const ROWS: Array<{ name: string; answer: LiveStatusAnswer; decision: LiveStatusDecision }> = [
  { name: '200 planned: record it, poll', answer: { httpStatus: 200, body: body('planned') }, decision: { status: 'planned', error: null, next: 'poll' } },
  { name: '200 live: record it, poll', answer: { httpStatus: 200, body: body('live') }, decision: { status: 'live', error: null, next: 'poll' } },
  {
    name: '200 completed: live_event_completed (critical), stop',
    answer: { httpStatus: 200, body: body('completed') },
    decision: { status: 'completed', error: { code: 'live_event_completed', severity: 'critical', reason: 'LIVE_STREAM_COMPLETED' }, next: 'stop' },
  },
  {
    name: '200 ended: the same as completed (play-page §4)',
    answer: { httpStatus: 200, body: body('ended') },
    decision: { status: 'completed', error: { code: 'live_event_completed', severity: 'critical', reason: 'LIVE_STREAM_COMPLETED' }, next: 'stop' },
  },
  { name: '200 unknown status: nothing recorded, poll', answer: { httpStatus: 200, body: body('paused') }, decision: { status: null, error: null, next: 'poll' } },
  { name: '200 live without a status: nothing recorded, poll', answer: { httpStatus: 200, body: { live: {} } }, decision: { status: null, error: null, next: 'poll' } },
  {
    name: '200 without a live object: not_a_live_stream (recoverable), stop',
    answer: { httpStatus: 200, body: { slug: '/film/live-gala' } },
    decision: { status: null, error: { code: 'not_a_live_stream', severity: 'recoverable', reason: 'NOT_A_LIVE_STREAM' }, next: 'stop' },
  },
  {
    name: '200 that is not JSON: not_a_live_stream, stop',
    answer: { httpStatus: 200, body: undefined },
    decision: { status: null, error: { code: 'not_a_live_stream', severity: 'recoverable', reason: 'NOT_A_LIVE_STREAM' }, next: 'stop' },
  },
  { name: '404: retry in 5 s', answer: { httpStatus: 404, body: { code: 'not_a_live_stream' } }, decision: { status: null, error: null, next: 'retry' } },
  { name: 'status 0 (no answer): retry in 5 s', answer: { httpStatus: 0, body: undefined }, decision: { status: null, error: null, next: 'retry' } },
  {
    name: '403: live_stream_expired (recoverable), fetch a fresh play token',
    answer: { httpStatus: 403, body: { code: 'live_stream_expired' } },
    decision: { status: null, error: { code: 'live_stream_expired', severity: 'recoverable', reason: 'LIVE_STREAM_EXPIRED' }, next: 'refresh-token' },
  },
  { name: '503: nothing recorded, poll', answer: { httpStatus: 503, body: undefined }, decision: { status: null, error: null, next: 'poll' } },
  { name: '401: nothing recorded, poll', answer: { httpStatus: 401, body: undefined }, decision: { status: null, error: null, next: 'poll' } },
];

describe('live status decision table (core/live/live-status.ts)', () => {
  for (const { name, answer, decision } of ROWS) {
    it(name, () => {
      expect(decideLiveStatus(answer)).to.deep.equal(decision);
    });
  }

  it('reads the status only from a live object', () => {
    expect(liveStatusOf(body('live'))).to.equal('live');
    expect(liveStatusOf({ live: null })).to.equal(undefined);
    expect(liveStatusOf({ live: [] })).to.equal(undefined);
    expect(liveStatusOf('live')).to.equal(undefined);
    expect(liveStatusOf({ live: { status: 3 } })).to.equal(null);
  });

  it('waits 15 s between polls and 5 s before a retry (play-page §9)', () => {
    expect(LIVE_POLL_INTERVAL_MS).to.equal(15_000);
    expect(LIVE_RETRY_DELAY_MS).to.equal(5_000);
    expect(nextDelayMs('poll')).to.equal(15_000);
    expect(nextDelayMs('poll', 30_000)).to.equal(30_000);
    expect(nextDelayMs('poll', 0), 'a nonsense interval falls back to 15 s').to.equal(15_000);
    expect(nextDelayMs('poll', Number.NaN)).to.equal(15_000);
    expect(nextDelayMs('retry', 30_000)).to.equal(5_000);
    expect(nextDelayMs('refresh-token', 20_000), 'after a fresh token, the next poll is at the interval').to.equal(20_000);
    expect(nextDelayMs('stop')).to.equal(null);
  });

  it('an engine 404 (live segment or manifest) may mean the event has ended; nothing else does (issue 22 item 2)', () => {
    expect(mayMeanLiveEnd({ httpStatus: 404, engineCode: 1001 }), 'segment or manifest 404 of the engine').to.equal(true);
    expect(mayMeanLiveEnd({ httpStatus: 503, engineCode: 1001 }), 'a 5xx is an outage').to.equal(false);
    expect(mayMeanLiveEnd({ engineCode: 1002 }), 'no answer').to.equal(false);
    expect(mayMeanLiveEnd({ httpStatus: 404 }), 'not raised by the engine (the status endpoint)').to.equal(false);
  });
});
