/**
 * The shared telemetry batching core (player-and-client §7 "the batch is kept and retried";
 * play-page §7): batching, page-hide flush with keepalive, the 4xx rules, and nothing lost on 5xx or
 * network errors. Sinon fake timers and a recording send.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { S72Error } from '../../../src-element/core/errors.js';
import {
  BATCH_SEND_TIMEOUT_MS,
  KEEPALIVE_BATCH_MAX_BYTES,
  TelemetryBatcher,
  classifyBatchFailure,
  failureStatus,
  type BatchSendOptions,
  type TelemetryBatcherOptions,
} from '../../../src-element/core/telemetry/batcher.js';

const BATCH_MS = 10_000;
const http = (status: number) => new S72Error(`bad_http_status_${status}`, `HTTP ${status}`, { category: 'network', httpStatus: status });

class FakeDocument extends EventTarget {
  visibilityState = 'visible';
}

/** A send recording every batch, answering with the next queued outcome (default delivered). */
function recorder() {
  const calls: Array<{ events: number[]; keepalive: boolean; at: number; signal: AbortSignal }> = [];
  const outcomes: unknown[] = [];
  const send = (events: readonly number[], { keepalive, signal }: BatchSendOptions): Promise<void> => {
    calls.push({ events: [...events], keepalive, at: Date.now(), signal });
    const outcome = outcomes.shift();
    if (outcome instanceof Promise) return outcome as Promise<void>;
    return outcome === undefined ? Promise.resolve() : Promise.reject(outcome as Error);
  };
  return { send, calls, outcomes, sent: () => calls.map((c) => c.events) };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TelemetryBatcher (core/telemetry/batcher.ts)', () => {
  let clock: sinon.SinonFakeTimers;
  let rec: ReturnType<typeof recorder>;
  let win: EventTarget;
  let doc: FakeDocument;
  let batcher: TelemetryBatcher<number> | undefined;

  const make = (options: Partial<TelemetryBatcherOptions<number>> = {}): TelemetryBatcher<number> => {
    batcher = new TelemetryBatcher<number>({ batchMs: BATCH_MS, send: rec.send, lifecycle: { window: win, document: doc }, ...options });
    batcher.start();
    return batcher;
  };

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    rec = recorder();
    win = new EventTarget();
    doc = new FakeDocument();
    batcher = undefined;
  });
  afterEach(() => {
    batcher?.stop();
    clock.restore();
  });

  describe('failure rules', () => {
    const rows: Array<[string, unknown, 'drop' | 'retry']> = [
      ['400', http(400), 'drop'],
      ['401', http(401), 'drop'],
      ['404', { status: 404 }, 'drop'],
      ['499', { httpStatus: 499 }, 'drop'],
      ['408 is worth a retry', http(408), 'retry'],
      ['429 is worth a retry', http(429), 'retry'],
      ['500', http(500), 'retry'],
      ['503', { status: 503 }, 'retry'],
      ['399', { httpStatus: 399 }, 'retry'],
      ['network error', new TypeError('Failed to fetch'), 'retry'],
      ['abort', new DOMException('aborted', 'AbortError'), 'retry'],
      ['nothing', undefined, 'retry'],
    ];
    for (const [name, error, expected] of rows) {
      it(`${name} → ${expected}`, () => expect(classifyBatchFailure(error)).to.equal(expected));
    }

    it('reads httpStatus before status', () => {
      expect(failureStatus({ httpStatus: 500, status: 400 })).to.equal(500);
      expect(failureStatus('x')).to.equal(undefined);
    });
  });

  it('sends the events of one window in one batch, when the window ends', async () => {
    const b = make();
    b.add(1);
    await clock.tickAsync(4_000);
    b.add(2);
    await clock.tickAsync(5_999);
    expect(rec.calls).to.have.length(0);
    await clock.tickAsync(1);
    expect(rec.sent()).to.deep.equal([[1, 2]]);
    expect(rec.calls[0]!.keepalive).to.equal(false);
    expect(b.size).to.equal(0);
    await clock.tickAsync(BATCH_MS * 5);
    expect(rec.calls, 'no empty batches').to.have.length(1);
  });

  it('splits a long queue into batches of maxBatchSize, in order', async () => {
    const b = make({ maxBatchSize: 2 });
    for (let i = 1; i <= 5; i++) b.add(i);
    await b.flush();
    expect(rec.sent()).to.deep.equal([[1, 2], [3, 4], [5]]);
  });

  it('keeps at most maxQueueSize events, dropping the oldest', () => {
    const b = make({ maxQueueSize: 3 });
    for (let i = 1; i <= 5; i++) b.add(i);
    expect(b.pending).to.deep.equal([3, 4, 5]);
  });

  it('flushes with keepalive on pagehide, starting the request within the event', () => {
    const b = make();
    b.add(1);
    win.dispatchEvent(new Event('pagehide'));
    expect(rec.calls).to.have.length(1);
    expect(rec.calls[0]!).to.deep.include({ events: [1], keepalive: true });
    expect(b.size).to.equal(0);
  });

  it('flushes with keepalive when the page becomes hidden, not when it becomes visible', () => {
    const b = make();
    b.add(1);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(rec.calls).to.have.length(0);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(rec.calls).to.have.length(1);
    expect(rec.calls[0]!.keepalive).to.equal(true);
  });

  it('a keepalive flush starts every batch at once', () => {
    const b = make({ maxBatchSize: 2 });
    for (let i = 1; i <= 5; i++) b.add(i);
    win.dispatchEvent(new Event('pagehide'));
    expect(rec.sent()).to.deep.equal([[1, 2], [3, 4], [5]]);
    expect(rec.calls.every((c) => c.keepalive)).to.equal(true);
  });

  it('a keepalive flush does not wait for a regular send in flight', async () => {
    const b = make();
    const pending = deferred();
    rec.outcomes.push(pending.promise);
    b.add(1);
    void b.flush();
    b.add(2);
    win.dispatchEvent(new Event('pagehide'));
    expect(rec.sent()).to.deep.equal([[1], [2]]);
    pending.resolve();
    await clock.tickAsync(0);
  });

  it('uses the beacon on page hide when there is one, and keepalive when it refuses', () => {
    const beacon = sinon.stub().returns(true);
    const b = make({ sendBeacon: beacon });
    b.add(1);
    win.dispatchEvent(new Event('pagehide'));
    expect(beacon.firstCall.args[0]).to.deep.equal([1]);
    expect(rec.calls).to.have.length(0);
    beacon.returns(false);
    b.add(2);
    win.dispatchEvent(new Event('pagehide'));
    expect(rec.sent()).to.deep.equal([[2]]);
    beacon.throws(new Error('no beacon'));
    b.add(3);
    win.dispatchEvent(new Event('pagehide'));
    expect(rec.sent()).to.deep.equal([[2], [3]]);
  });

  it('drops a batch answered 4xx (and tells onFailure), and sends the next ones', async () => {
    const onFailure = sinon.spy();
    const b = make({ onFailure });
    rec.outcomes.push(http(400));
    b.add(1);
    await b.flush();
    expect(b.size).to.equal(0);
    expect(onFailure.firstCall.args.slice(1)).to.deep.equal(['dropped', [1]]);
    b.add(2);
    await b.flush();
    expect(rec.sent()).to.deep.equal([[1], [2]]);
  });

  it('keeps a batch answered 408 or 429', async () => {
    const b = make();
    rec.outcomes.push(http(408), http(429));
    b.add(1);
    await b.flush();
    expect(b.pending).to.deep.equal([1]);
    await b.flush();
    expect(b.pending).to.deep.equal([1]);
    await b.flush();
    expect(b.size).to.equal(0);
    expect(rec.sent()).to.deep.equal([[1], [1], [1]]);
  });

  it('loses nothing on 5xx or network errors: failed events go back ahead of newer ones, in order', async () => {
    const onFailure = sinon.spy();
    const b = make({ onFailure });
    const pending = deferred();
    rec.outcomes.push(pending.promise, new TypeError('Failed to fetch'));
    b.add(1);
    b.add(2);
    await clock.tickAsync(BATCH_MS);
    b.add(3);
    pending.reject(http(503));
    await clock.tickAsync(0);
    expect(b.pending).to.deep.equal([1, 2, 3]);
    expect(onFailure.firstCall.args[1]).to.equal('kept');
    await clock.tickAsync(BATCH_MS);
    expect(b.pending, 'kept after a network error').to.deep.equal([1, 2, 3]);
    b.add(4);
    await clock.tickAsync(BATCH_MS * 2);
    expect(rec.sent()).to.deep.equal([[1, 2], [1, 2, 3], [1, 2, 3, 4]]);
    expect(b.size).to.equal(0);
  });

  it('a failed batch in a split flush stops the flush; the rest stays queued', async () => {
    const b = make({ maxBatchSize: 2 });
    rec.outcomes.push(undefined, http(500));
    for (let i = 1; i <= 5; i++) b.add(i);
    await b.flush();
    expect(rec.sent()).to.deep.equal([[1, 2], [3, 4]]);
    expect(b.pending).to.deep.equal([3, 4, 5]);
  });

  it('retries with the backoff: 1, 2, 4 windows, capped; a delivery resets it', async () => {
    const b = make({ retryBackoff: { maxDelayMs: 40_000 } });
    for (let i = 0; i < 4; i++) rec.outcomes.push(http(500));
    b.add(1);
    await clock.tickAsync(200_000);
    expect(rec.calls.map((c) => c.at)).to.deep.equal([10_000, 20_000, 40_000, 80_000, 120_000]);
    expect(b.size).to.equal(0);
    rec.outcomes.push(http(500));
    b.add(2);
    await clock.tickAsync(BATCH_MS * 2);
    expect(rec.calls.map((c) => c.at).slice(5)).to.deep.equal([210_000, 220_000]);
  });

  it('a constant retry delay with backoffFactor 1', async () => {
    const b = make({ retryBackoff: { backoffFactor: 1 } });
    for (let i = 0; i < 3; i++) rec.outcomes.push(http(502));
    b.add(1);
    await clock.tickAsync(60_000);
    expect(rec.calls.map((c) => c.at)).to.deep.equal([10_000, 20_000, 30_000, 40_000]);
  });

  it('holds events while canSend() is false, and sends them when scheduled again', async () => {
    let token = false;
    const onHeld = sinon.spy();
    const b = make({ canSend: () => token, onHeld });
    b.add(1);
    await clock.tickAsync(BATCH_MS * 3);
    expect(rec.calls).to.have.length(0);
    expect(onHeld.firstCall.args[0]).to.equal(1);
    expect(b.pending).to.deep.equal([1]);
    token = true;
    b.schedule(0, { replace: true });
    await clock.tickAsync(0);
    expect(rec.sent()).to.deep.equal([[1]]);
  });

  it('schedule() keeps an armed timer unless told to replace it with a sooner one', async () => {
    const b = make();
    b.add(1);
    b.schedule(0);
    await clock.tickAsync(0);
    expect(rec.calls).to.have.length(0);
    b.schedule(60_000, { replace: true });
    await clock.tickAsync(BATCH_MS);
    expect(rec.calls).to.have.length(1);
  });

  it('a disable outcome drops the queue, stops listening and ignores later events', async () => {
    const onDisable = sinon.spy();
    const b = make({ classify: () => 'disable', onDisable });
    const pending = deferred();
    rec.outcomes.push(pending.promise);
    b.add(1);
    void b.flush();
    b.add(2);
    pending.reject(http(400));
    await clock.tickAsync(0);
    expect(b.disabled).to.equal(true);
    expect(onDisable.firstCall.args[0]).to.equal(1);
    b.add(3);
    win.dispatchEvent(new Event('pagehide'));
    await clock.tickAsync(BATCH_MS * 3);
    expect(rec.calls).to.have.length(1);
    expect(b.size).to.equal(0);
  });

  it('aborts a send that hangs after sendTimeoutMs, and keeps its events', async () => {
    const b = make();
    rec.outcomes.push(new Promise(() => undefined));
    b.add(1);
    void b.flush();
    const { signal } = rec.calls[0]!;
    await clock.tickAsync(BATCH_SEND_TIMEOUT_MS - 1);
    expect(signal.aborted).to.equal(false);
    await clock.tickAsync(1);
    expect(signal.aborted).to.equal(true);
  });

  it('a send rejecting on the timeout abort keeps its events for the retry', async () => {
    const hanging = (_events: readonly number[], { signal }: BatchSendOptions): Promise<void> =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const b = make({ send: hanging, sendTimeoutMs: 5_000 });
    b.add(1);
    void b.flush();
    await clock.tickAsync(0);
    expect(b.size, 'in flight').to.equal(0);
    await clock.tickAsync(5_000);
    expect(b.pending).to.deep.equal([1]);
  });

  it('a regular flush waits for the send in flight: every event once, in order', async () => {
    const b = make();
    const pending = deferred();
    rec.outcomes.push(pending.promise);
    b.add(1);
    const first = b.flush();
    b.add(2);
    const second = b.flush();
    await clock.tickAsync(0);
    expect(rec.sent()).to.deep.equal([[1]]);
    pending.resolve();
    await Promise.all([first, second]);
    expect(rec.sent()).to.deep.equal([[1], [2]]);
  });

  it('stop() keeps events and sends nothing; start() resumes', async () => {
    const b = make();
    b.add(1);
    b.stop();
    await clock.tickAsync(BATCH_MS * 3);
    win.dispatchEvent(new Event('pagehide'));
    expect(rec.calls).to.have.length(0);
    b.start();
    await clock.tickAsync(BATCH_MS);
    expect(rec.sent()).to.deep.equal([[1]]);
  });

  it('destroy() flushes with keepalive, then leaves no timer or listener', async () => {
    const b = make();
    b.add(1);
    await b.destroy();
    expect(rec.calls[0]!).to.deep.include({ events: [1], keepalive: true });
    expect(clock.countTimers()).to.equal(0);
    b.add(2);
    win.dispatchEvent(new Event('pagehide'));
    await clock.tickAsync(BATCH_MS * 3);
    expect(rec.calls).to.have.length(1);
    expect(await b.flush()).to.equal(undefined);
  });

  describe('page hide: batches under the 64 KiB keepalive limit', () => {
    /** A batcher of strings whose send records the JSON size of each batch. */
    const strings = (options: Partial<TelemetryBatcherOptions<string>> = {}) => {
      const calls: Array<{ events: string[]; keepalive: boolean; bytes: number }> = [];
      const b = new TelemetryBatcher<string>({
        batchMs: BATCH_MS,
        lifecycle: { window: win },
        send: (events, { keepalive }) => {
          calls.push({ events: [...events], keepalive, bytes: new TextEncoder().encode(JSON.stringify(events)).length });
          return new Promise<void>(() => undefined); // never settles: nothing waits for it
        },
        ...options,
      });
      b.start();
      return { b, calls };
    };

    it('the limit leaves room under 64 KiB for the request envelope', () => {
      expect(KEEPALIVE_BATCH_MAX_BYTES).to.be.greaterThan(32 * 1024);
      expect(KEEPALIVE_BATCH_MAX_BYTES).to.be.lessThan(64 * 1024);
    });

    it('splits a large queue into keepalive batches each under the limit, all started at once, in order', () => {
      const { b, calls } = strings();
      const events = Array.from({ length: 13 }, (_, i) => `${i}`.padEnd(10_000, 'x'));
      for (const e of events) b.add(e);
      win.dispatchEvent(new Event('pagehide'));
      expect(calls.length).to.be.greaterThan(1);
      expect(calls.every((c) => c.keepalive && c.bytes <= KEEPALIVE_BATCH_MAX_BYTES)).to.equal(true);
      expect(calls.flatMap((c) => c.events)).to.deep.equal(events);
      expect(b.size).to.equal(0);
    });

    it('counts bytes, not characters (multi-byte text)', () => {
      const { b, calls } = strings();
      for (let i = 0; i < 6; i++) b.add('é'.repeat(10_000)); // 20 000 bytes each
      win.dispatchEvent(new Event('pagehide'));
      expect(calls.every((c) => c.bytes <= KEEPALIVE_BATCH_MAX_BYTES)).to.equal(true);
      expect(calls.flatMap((c) => c.events)).to.have.length(6);
    });

    it('an event over the limit goes alone, without keepalive (the browser would refuse it)', () => {
      const { b, calls } = strings();
      b.add('small-1');
      b.add('y'.repeat(KEEPALIVE_BATCH_MAX_BYTES + 1));
      b.add('small-2');
      win.dispatchEvent(new Event('pagehide'));
      expect(calls.map((c) => [c.events.map((e) => e.slice(0, 7)), c.keepalive])).to.deep.equal([
        [['small-1'], true],
        [['yyyyyyy'], false],
        [['small-2'], true],
      ]);
    });

    it('a stalled keepalive send is aborted after sendTimeoutMs and its events kept', async () => {
      const signals: AbortSignal[] = [];
      const b = new TelemetryBatcher<number>({
        batchMs: BATCH_MS,
        sendTimeoutMs: 5_000,
        lifecycle: { window: win },
        send: (_events, { signal }) =>
          new Promise<void>((_resolve, reject) => {
            signals.push(signal);
            signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      });
      b.start();
      b.add(1);
      win.dispatchEvent(new Event('pagehide'));
      await clock.tickAsync(4_999);
      expect(signals[0]!.aborted).to.equal(false);
      await clock.tickAsync(1);
      expect(signals[0]!.aborted).to.equal(true);
      expect(b.pending).to.deep.equal([1]);
      b.stop();
    });
  });

  it('rejects a batch window that is not a positive number', () => {
    for (const batchMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new TelemetryBatcher<number>({ batchMs, send: rec.send }), String(batchMs)).to.throw(RangeError);
    }
  });
});
