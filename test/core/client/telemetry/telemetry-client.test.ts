/**
 * Telemetry batch client (player-and-client §3 "Telemetry batch (client)", §5, §7 "What the product
 * does with answers", §9 "Data client"), with sinon fake timers and a recording sender.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  TELEMETRY_BATCH_MS,
  TELEMETRY_MAX_QUEUE,
  TELEMETRY_TIMESTAMP_INVALID_RANGE,
  TelemetryClient,
  classifyTelemetryFailure,
  createHttpTelemetrySender,
  type TelemetryBatch,
  type TelemetryClientOptions,
  type TelemetrySendOptions,
  type TelemetrySender,
} from '../../../../src-element/core/client/telemetry/index.js';
import { S72Error, isS72Error } from '../../../../src-element/core/errors.js';

const T0 = Date.parse('2030-01-01T00:00:00.000Z');

/** A sender that records every batch and answers with the next queued outcome (default: delivered). */
function recordingSender() {
  const calls: Array<{ batch: TelemetryBatch; options: Omit<TelemetrySendOptions, 'signal'> }> = [];
  const outcomes: unknown[] = [];
  const send: TelemetrySender = async (batch, { authToken, keepalive }) => {
    calls.push({ batch: structuredClone(batch), options: { authToken, keepalive } });
    const outcome = outcomes.shift();
    if (outcome instanceof Promise) return outcome;
    if (outcome !== undefined) throw outcome as Error;
  };
  const events = (i: number) => calls[i]!.batch.events.map((e) => e.event);
  return { send, calls, outcomes, events };
}

/** A send outcome settled by the test (to track events while a send is in flight). */
function deferred() {
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((_resolve, rej) => {
    reject = rej;
  });
  return { promise, reject };
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
}

describe('TelemetryClient (player-and-client §3, §5, §7, §9)', () => {
  let clock: sinon.SinonFakeTimers;
  let sender: ReturnType<typeof recordingSender>;
  let win: EventTarget;
  let doc: FakeDocument;
  let logger: { warn: sinon.SinonSpy };
  let client: TelemetryClient | undefined;

  const make = (options: Partial<TelemetryClientOptions> = {}): TelemetryClient => {
    client = new TelemetryClient({
      send: sender.send,
      authToken: 'tok-1',
      logger,
      lifecycle: { window: win, document: doc },
      ...options,
    });
    return client;
  };

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    sender = recordingSender();
    win = new EventTarget();
    doc = new FakeDocument();
    logger = { warn: sinon.spy() };
    client = undefined;
  });

  afterEach(() => {
    client?.stop();
    clock.restore();
  });

  it('the batch window is 10 s', () => {
    expect(TELEMETRY_BATCH_MS).to.equal(10_000);
  });

  it('sends events tracked within 10 s in one POST, when the window ends', async () => {
    const t = make();
    t.start();
    t.track('a');
    await clock.tickAsync(4_000);
    t.track('b');
    await clock.tickAsync(5_999);
    t.track('c');
    expect(sender.calls).to.have.length(0);
    await clock.tickAsync(1);
    expect(sender.calls).to.have.length(1);
    expect(sender.events(0)).to.deep.equal(['a', 'b', 'c']);
    // A new window opens with the next event, not on a fixed beat.
    await clock.tickAsync(2_000);
    t.track('d');
    await clock.tickAsync(9_999);
    expect(sender.calls).to.have.length(1);
    await clock.tickAsync(1);
    expect(sender.calls).to.have.length(2);
    expect(sender.events(1)).to.deep.equal(['d']);
  });

  it('stamps each event with the ISO time it was tracked, and the batch with the time it was sent', async () => {
    const t = make();
    t.start();
    t.track('a', { slug: '/film/x' });
    await clock.tickAsync(2_500);
    t.track('b');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    const { batch } = sender.calls[0]!;
    expect(batch.events[0]).to.deep.equal({ slug: '/film/x', event: 'a', timestamp: '2030-01-01T00:00:00.000Z' });
    expect(batch.events[1]!.timestamp).to.equal('2030-01-01T00:00:02.500Z');
    expect(batch.sent_at).to.equal('2030-01-01T00:00:10.000Z');
  });

  it('sends {sent_at, source, correlation_id, events} and nothing else', async () => {
    const t = make({ source: 'play-page' });
    t.start();
    t.track('custom:end-screen-video-clicked', { slug: '/film/x', details: { source: 'next-episode' } });
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    const { batch } = sender.calls[0]!;
    expect(Object.keys(batch).sort()).to.deep.equal(['correlation_id', 'events', 'sent_at', 'source']);
    expect(batch.source).to.equal('play-page');
    expect(batch.events).to.deep.equal([
      {
        event: 'custom:end-screen-video-clicked',
        slug: '/film/x',
        details: { source: 'next-episode' },
        timestamp: '2030-01-01T00:00:00.000Z',
      },
    ]);
    expect(make().source).to.equal('s72-player');
  });

  it('has a correlation id of 21 URL-safe random characters, stable per client', async () => {
    const t = make();
    expect(t.correlationId).to.match(/^[A-Za-z0-9_-]{21}$/);
    t.start();
    t.track('a');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    t.track('b');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls.map((c) => c.batch.correlation_id)).to.deep.equal([t.correlationId, t.correlationId]);
    const others = new Set(Array.from({ length: 20 }, () => make().correlationId));
    expect(others.size).to.equal(20);
    expect(others.has(t.correlationId)).to.equal(false);
  });

  it('passes the auth token to the sender (trimmed)', async () => {
    const t = make({ authToken: '  tok-9 ' });
    t.start();
    t.track('a');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls[0]!.options).to.deep.equal({ authToken: 'tok-9', keepalive: false });
  });

  it('does not put token-bearing properties in events', async () => {
    const t = make();
    t.start();
    t.track('a', { authToken: 'SECRET1', nested: { 'x-play-token': 'SECRET2', url: '/play/#/film/x?u=SECRET3&p=SECRET4' } });
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    const body = JSON.stringify(sender.calls[0]!.batch);
    expect(body).not.to.match(/SECRET/);
    expect(body).to.include('/play/#/film/x?u=[redacted]&p=[redacted]');
  });

  it('requires a send callback (§5), with a typed error', () => {
    for (const bad of [undefined, null, 'https://x', {}]) {
      let thrown: unknown;
      try {
        new TelemetryClient({ send: bad } as unknown as TelemetryClientOptions);
      } catch (error) {
        thrown = error;
      }
      expect(isS72Error(thrown), JSON.stringify(bad) ?? typeof bad).to.equal(true);
      expect(thrown).to.include({ category: 'client', code: 'invalid_config' });
    }
    expect(() => new TelemetryClient(undefined as unknown as TelemetryClientOptions)).to.throw(S72Error);
  });

  it('without a token: sends nothing, warns once, keeps the events, and sends them when a token arrives', async () => {
    const t = make({ authToken: undefined });
    t.start();
    t.track('a');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    t.track('b');
    await clock.tickAsync(TELEMETRY_BATCH_MS * 3);
    expect(sender.calls).to.have.length(0);
    expect(t.queuedCount).to.equal(2);
    expect(logger.warn.callCount).to.equal(1);
    expect(String(logger.warn.firstCall.args[0])).to.match(/token/i);

    t.setAuthToken('   ');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls).to.have.length(0);

    t.setAuthToken('tok-late');
    await clock.tickAsync(0);
    expect(sender.calls).to.have.length(1);
    expect(sender.events(0)).to.deep.equal(['a', 'b']);
    expect(sender.calls[0]!.options.authToken).to.equal('tok-late');
    expect(t.queuedCount).to.equal(0);
  });

  it('caps its queue at TELEMETRY_MAX_QUEUE events like the play telemetry, dropping the oldest', () => {
    expect(TELEMETRY_MAX_QUEUE).to.equal(1_000);
    const t = make({ authToken: undefined });
    for (let i = 0; i < TELEMETRY_MAX_QUEUE + 5; i++) t.track(`e${i}`);
    expect(t.queuedCount).to.equal(TELEMETRY_MAX_QUEUE);
  });

  it('drops a batch the service answers with HTTP 4xx', async () => {
    const t = make();
    t.start();
    sender.outcomes.push(new S72Error('bad_http_status_400', 'HTTP 400', { category: 'network', httpStatus: 400 }));
    t.track('a');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(t.queuedCount).to.equal(0);
    t.track('b');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls).to.have.length(2);
    expect(sender.events(1)).to.deep.equal(['b']);
  });

  it('keeps a batch the service answers with HTTP 500, and delivers it first on the next tick', async () => {
    const t = make();
    t.start();
    sender.outcomes.push(new S72Error('bad_http_status_500', 'HTTP 500', { category: 'network', httpStatus: 500 }));
    t.track('a');
    t.track('b');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls).to.have.length(1);
    expect(t.queuedCount).to.equal(2);
    t.track('c');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls).to.have.length(2);
    expect(sender.events(1)).to.deep.equal(['a', 'b', 'c']);
    expect(sender.calls[1]!.batch.events[0]!.timestamp).to.equal('2030-01-01T00:00:00.000Z');
    expect(t.queuedCount).to.equal(0);
  });

  it('puts a failed batch back ahead of the events tracked while it was in flight', async () => {
    const t = make();
    t.start();
    const pending = deferred();
    sender.outcomes.push(pending.promise);
    t.track('a');
    t.track('b');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    t.track('c');
    t.track('d');
    pending.reject(new S72Error('bad_http_status_503', 'HTTP 503', { category: 'network', httpStatus: 503 }));
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls).to.have.length(2);
    expect(sender.events(1)).to.deep.equal(['a', 'b', 'c', 'd']);
  });

  it('keeps a batch on a network error and retries with an exponential, capped delay', async () => {
    const t = make({ maxRetryDelayMs: 40_000 });
    t.start();
    for (let i = 0; i < 5; i++) sender.outcomes.push(new TypeError('Failed to fetch'));
    t.track('a');
    const sendTimes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const before = sender.calls.length;
      while (sender.calls.length === before) await clock.tickAsync(1_000);
      sendTimes.push(clock.now - T0);
    }
    // First send after the window, then 10 s (next tick), 20 s, 40 s, 40 s (cap), 40 s.
    expect(sendTimes).to.deep.equal([10_000, 20_000, 40_000, 80_000, 120_000, 160_000]);
    expect(sender.calls.every((c) => c.batch.events.map((e) => e.event).join() === 'a')).to.equal(true);
    expect(t.queuedCount).to.equal(0);
  });

  it('a reply naming telemetry_timestamp_invalid_range stops telemetry', async () => {
    const t = make();
    t.start();
    sender.outcomes.push(
      new S72Error('bad_http_status_400', 'HTTP 400', {
        category: 'network',
        httpStatus: 400,
        data: { responseText: `{"code":"${TELEMETRY_TIMESTAMP_INVALID_RANGE}"}` },
      }),
    );
    t.track('a');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(t.disabled).to.equal(true);
    expect(t.queuedCount).to.equal(0);
    expect(logger.warn.calledWithMatch(sinon.match(TELEMETRY_TIMESTAMP_INVALID_RANGE))).to.equal(true);
    t.track('b');
    await t.flush();
    win.dispatchEvent(new Event('pagehide'));
    await clock.tickAsync(TELEMETRY_BATCH_MS * 10);
    expect(sender.calls).to.have.length(1);
    expect(t.queuedCount).to.equal(0);
  });

  it('clears the events queued while the batch that stopped telemetry was in flight', async () => {
    const t = make();
    t.start();
    const pending = deferred();
    sender.outcomes.push(pending.promise);
    t.track('a');
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    t.track('b');
    expect(t.queuedCount).to.equal(1);
    pending.reject({ httpStatus: 400, body: TELEMETRY_TIMESTAMP_INVALID_RANGE });
    await clock.tickAsync(0);
    expect(t.disabled).to.equal(true);
    expect(t.queuedCount).to.equal(0);
    expect(String(logger.warn.lastCall.args[0])).to.include('1 queued event(s) dropped');
    await clock.tickAsync(TELEMETRY_BATCH_MS * 10);
    expect(sender.calls).to.have.length(1);
  });

  it('classifies failures: 4xx drop, invalid range disables, anything else retries', () => {
    const rows: Array<[unknown, string]> = [
      [{ httpStatus: 400 }, 'drop'],
      [{ httpStatus: 401 }, 'drop'],
      [{ status: 499 }, 'drop'],
      [{ httpStatus: 500 }, 'retry'],
      [{ httpStatus: 503 }, 'retry'],
      [{ httpStatus: 399 }, 'retry'],
      [new TypeError('Failed to fetch'), 'retry'],
      [new DOMException('aborted', 'AbortError'), 'retry'],
      [undefined, 'retry'],
      [{ httpStatus: 400, data: { responseText: 'x telemetry_timestamp_invalid_range y' } }, 'disable'],
      [{ httpStatus: 200, message: 'telemetry_timestamp_invalid_range' }, 'disable'],
      [{ status: 500, body: '{"error":"telemetry_timestamp_invalid_range"}' }, 'disable'],
      ['telemetry_timestamp_invalid_range', 'disable'],
    ];
    for (const [error, expected] of rows) {
      expect(classifyTelemetryFailure(error), JSON.stringify(error)).to.equal(expected);
    }
  });

  it('flushes with keepalive on pagehide, at once (the request starts within the event)', async () => {
    const t = make();
    t.start();
    t.track('a');
    await clock.tickAsync(1_000);
    win.dispatchEvent(new Event('pagehide'));
    expect(sender.calls).to.have.length(1);
    expect(sender.calls[0]!.options.keepalive).to.equal(true);
    expect(sender.events(0)).to.deep.equal(['a']);
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls).to.have.length(1);
  });

  it('flushes with keepalive when the page becomes hidden, not when it becomes visible', async () => {
    const t = make();
    t.start();
    t.track('a');
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(sender.calls).to.have.length(0);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(sender.calls).to.have.length(1);
    expect(sender.calls[0]!.options.keepalive).to.equal(true);
  });

  it('keeps a batch whose keepalive flush failed, for the next tick', async () => {
    const t = make();
    t.start();
    sender.outcomes.push(new TypeError('Failed to fetch'));
    t.track('a');
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await clock.tickAsync(0);
    expect(t.queuedCount).to.equal(1);
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls).to.have.length(2);
    expect(sender.events(1)).to.deep.equal(['a']);
  });

  it('uses the sender beacon on page hide when it has one, and falls back to keepalive when it refuses', () => {
    const beacon = sinon.stub().returns(true);
    const send = Object.assign(sender.send, { sendBeacon: beacon });
    const t = make({ send });
    t.start();
    t.track('a');
    win.dispatchEvent(new Event('pagehide'));
    expect(beacon.callCount).to.equal(1);
    expect(beacon.firstCall.args[0].events.map((e: { event: string }) => e.event)).to.deep.equal(['a']);
    expect(beacon.firstCall.args[1]).to.deep.equal({ authToken: 'tok-1' });
    expect(sender.calls).to.have.length(0);

    beacon.returns(false);
    t.track('b');
    win.dispatchEvent(new Event('pagehide'));
    expect(beacon.callCount).to.equal(2);
    expect(sender.calls).to.have.length(1);
    expect(sender.calls[0]!.options.keepalive).to.equal(true);
    expect(sender.events(0)).to.deep.equal(['b']);
  });

  it('flush() sends what is queued now, and resolves once the send settled', async () => {
    const t = make();
    t.start();
    t.track('custom:end-screen-video-clicked', { slug: '/film/x', details: { source: 'recommendation' } });
    await t.flush({ keepalive: true });
    expect(sender.calls).to.have.length(1);
    expect(sender.calls[0]!.options.keepalive).to.equal(true);
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.calls).to.have.length(1);
  });

  it('stop() keeps events and sends nothing; start() resumes', async () => {
    const t = make();
    t.start();
    t.track('a');
    t.stop();
    await clock.tickAsync(TELEMETRY_BATCH_MS * 3);
    win.dispatchEvent(new Event('pagehide'));
    expect(sender.calls).to.have.length(0);
    expect(t.queuedCount).to.equal(1);
    t.start();
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(sender.events(0)).to.deep.equal(['a']);
  });

  it('destroy() flushes with keepalive, then removes its listeners and timers', async () => {
    const t = make();
    t.start();
    t.track('a');
    await t.destroy();
    expect(sender.calls).to.have.length(1);
    expect(sender.calls[0]!.options.keepalive).to.equal(true);
    expect(clock.countTimers()).to.equal(0);
    t.track('b');
    win.dispatchEvent(new Event('pagehide'));
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await clock.tickAsync(TELEMETRY_BATCH_MS * 3);
    expect(sender.calls).to.have.length(1);
  });

  it('aborts a send that hangs, and retries the batch', async () => {
    let signal: AbortSignal | undefined;
    let calls = 0;
    const hanging: TelemetrySender = (_batch, options) => {
      calls += 1;
      if (calls > 1) return Promise.resolve();
      signal = options.signal;
      return new Promise((_resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    };
    const t = make({ send: hanging, sendTimeoutMs: 5_000 });
    t.start();
    t.track('a');
    await clock.tickAsync(TELEMETRY_BATCH_MS + 4_999);
    expect(signal?.aborted).to.equal(false);
    await clock.tickAsync(1);
    expect(signal?.aborted).to.equal(true);
    expect(t.queuedCount).to.equal(1);
    await clock.tickAsync(TELEMETRY_BATCH_MS);
    expect(calls).to.equal(2);
    expect(t.queuedCount).to.equal(0);
  });

  it('uses the injected clock, not the global timers', async () => {
    // A hand-made clock five hours ahead of the (faked) global one.
    let now = T0 + 5 * 3_600_000;
    let nextId = 0;
    const timers = new Map<number, { at: number; fn: () => void }>();
    const manual = {
      setTimeout: (fn: () => void, ms: number) => (timers.set(++nextId, { at: now + ms, fn }), nextId),
      clearTimeout: (id: unknown) => void timers.delete(id as number),
      now: () => now,
    };
    const advance = async (ms: number) => {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.fn();
        }
      }
      await Promise.resolve();
    };
    const t = make({ clock: manual });
    t.start();
    t.track('a');
    expect(clock.countTimers()).to.equal(0);
    await clock.tickAsync(TELEMETRY_BATCH_MS * 2);
    expect(sender.calls).to.have.length(0);
    await advance(TELEMETRY_BATCH_MS);
    expect(sender.events(0)).to.deep.equal(['a']);
    expect(sender.calls[0]!.batch.events[0]!.timestamp).to.equal('2030-01-01T05:00:00.000Z');
    expect(sender.calls[0]!.batch.sent_at).to.equal('2030-01-01T05:00:10.000Z');
  });
});

describe('createHttpTelemetrySender (player-and-client §7)', () => {
  function fakeFetch(respond: () => Response | Promise<Response>) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetch = async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      return respond();
    };
    return { fetch, calls };
  }

  const batch: TelemetryBatch = {
    sent_at: '2030-01-01T00:00:10.000Z',
    source: 's72-player',
    correlation_id: 'V1StGXR8_Z5jdHi6B-myT',
    events: [{ event: 'a', timestamp: '2030-01-01T00:00:00.000Z' }],
  };

  async function rejection(promise: Promise<unknown>): Promise<S72Error> {
    try {
      await promise;
    } catch (error) {
      expect(isS72Error(error), String(error)).to.equal(true);
      return error as S72Error;
    }
    throw new Error('expected a rejection');
  }

  it('POSTs the batch as JSON to {baseUrl}/services/telemetry/v1/event with X-Auth-Token', async () => {
    const f = fakeFetch(() => new Response(null, { status: 204 }));
    const send = createHttpTelemetrySender({ baseUrl: 'https://store.example/', fetch: f.fetch });
    await send(batch, { authToken: 'tok-1', keepalive: true });
    expect(f.calls).to.have.length(1);
    const { url, init } = f.calls[0]!;
    expect(url).to.equal('https://store.example/services/telemetry/v1/event');
    expect(init.method).to.equal('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('X-Auth-Token')).to.equal('tok-1');
    expect(headers.get('content-type')).to.equal('application/json');
    expect(JSON.parse(init.body as string)).to.deep.equal(batch);
    expect(init.keepalive).to.equal(true);
    expect(init.referrerPolicy).to.equal('no-referrer');
    expect(send.sendBeacon).to.equal(undefined);
  });

  it('rejects with httpStatus, requestId and the reply text on a non-2xx reply', async () => {
    const f = fakeFetch(
      () => new Response('{"code":"boom"}', { status: 503, headers: { 'x-request-id': 'req-7' } }),
    );
    const send = createHttpTelemetrySender({ baseUrl: 'https://store.example', fetch: f.fetch });
    const error = await rejection(send(batch, { authToken: 't', keepalive: false }));
    expect(error).to.include({ category: 'network', code: 'bad_http_status_503', httpStatus: 503, requestId: 'req-7' });
    expect(error.data['responseText']).to.equal('{"code":"boom"}');
    expect(classifyTelemetryFailure(error)).to.equal('retry');
  });

  it('rejects a 4xx so that the client drops it', async () => {
    const f = fakeFetch(() => new Response('{"code":"unauthorized"}', { status: 401 }));
    const send = createHttpTelemetrySender({ baseUrl: 'https://store.example', fetch: f.fetch });
    const error = await rejection(send(batch, { authToken: 't', keepalive: false }));
    expect(classifyTelemetryFailure(error)).to.equal('drop');
  });

  it('rejects with network_error when the request fails', async () => {
    const f = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const send = createHttpTelemetrySender({ baseUrl: 'https://store.example', fetch: f.fetch });
    const error = await rejection(send(batch, { authToken: 't', keepalive: false }));
    expect(error).to.include({ category: 'network', code: 'network_error' });
    expect(error.cause).to.be.instanceOf(TypeError);
    expect(classifyTelemetryFailure(error)).to.equal('retry');
  });

  it('rejects a reply naming telemetry_timestamp_invalid_range, even a 2xx one, so the client disables', async () => {
    for (const status of [400, 200]) {
      const f = fakeFetch(
        () => new Response(JSON.stringify({ code: TELEMETRY_TIMESTAMP_INVALID_RANGE }), { status }),
      );
      const send = createHttpTelemetrySender({ baseUrl: 'https://store.example', fetch: f.fetch });
      const error = await rejection(send(batch, { authToken: 't', keepalive: false }));
      expect(classifyTelemetryFailure(error), String(status)).to.equal('disable');
    }
  });
});
