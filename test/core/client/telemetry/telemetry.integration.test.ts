/**
 * The telemetry client over real HTTP against the demo storefront (window.S72_DEMO_ORIGIN), with
 * real timers and a short batch window (player-and-client §5, §7 "What the product does with
 * answers"; DESIGN.md "Quality bars": no telemetry event is lost).
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  TELEMETRY_EVENT_PATH,
  TELEMETRY_TIMESTAMP_INVALID_RANGE,
  TelemetryClient,
  createHttpTelemetrySender,
  type TelemetryBatch,
} from '../../../../src-element/core/client/telemetry/index.js';
import { ADULT_TOKEN, demoControl, demoOrigin, resetDemo } from '../../../helpers/demo.js';

interface Recorded {
  requests: Array<{ method: string; path: string; headers: Record<string, unknown>; body: unknown; status?: number }>;
}

const recorded = async () =>
  (await demoControl<Recorded>(`requests?path=${TELEMETRY_EVENT_PATH}&method=POST`)).requests;

/** Polls the recorded telemetry posts until `predicate` holds. */
async function waitForPosts(predicate: (posts: Recorded['requests']) => boolean, what: string, timeoutMs = 10_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const posts = await recorded();
    if (predicate(posts)) return posts;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(posts)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const names = (body: unknown) => (body as TelemetryBatch).events.map((e) => e.event);

describe('telemetry client against the demo storefront', function () {
  this.timeout(20_000);
  let client: TelemetryClient | undefined;
  const lifecycle = { window: null, document: null };

  beforeEach(() => resetDemo());
  afterEach(() => {
    client?.stop();
    client = undefined;
  });

  it('keeps a batch across a real HTTP 500 and delivers it afterwards, in order', async () => {
    await demoControl('fault', { path: TELEMETRY_EVENT_PATH, status: 500, times: 1 });
    client = new TelemetryClient({
      send: createHttpTelemetrySender({ baseUrl: demoOrigin() }),
      authToken: ADULT_TOKEN,
      batchMs: 50,
      lifecycle,
    });
    client.start();
    client.track('first', { slug: '/film/night-harbour' });
    client.track('second');

    const posts = await waitForPosts((p) => p.some((r) => r.status === 204), 'a delivered batch');
    expect(posts.map((p) => p.status)).to.deep.equal([500, 204]);
    for (const post of posts) expect(post.headers['x-auth-token']).to.equal(ADULT_TOKEN);
    // (The storefront answers a fault before reading the body, so only the delivered body is recorded.)
    expect((posts[1]!.body as TelemetryBatch).correlation_id).to.equal(client.correlationId);
    expect(names(posts[1]!.body)).to.deep.equal(['first', 'second']);
    expect(Object.keys(posts[1]!.body as object).sort()).to.deep.equal(['correlation_id', 'events', 'sent_at', 'source']);
    expect(client.queuedCount).to.equal(0);
  });

  it('sends no telemetry without a token, and sends the kept events once a token is set', async () => {
    const warn = sinon.spy();
    client = new TelemetryClient({
      send: createHttpTelemetrySender({ baseUrl: demoOrigin() }),
      batchMs: 50,
      logger: { warn },
      lifecycle,
    });
    client.start();
    client.track('a');
    await sleep(300);
    client.track('b');
    await client.flush();
    await sleep(200);
    expect(await recorded()).to.deep.equal([]);
    expect(warn.callCount).to.equal(1);
    expect(client.queuedCount).to.equal(2);

    client.setAuthToken(ADULT_TOKEN);
    const posts = await waitForPosts((p) => p.length > 0, 'the kept events');
    expect(posts).to.have.length(1);
    expect(posts[0]!.status).to.equal(204);
    expect(names(posts[0]!.body)).to.deep.equal(['a', 'b']);
  });

  it('drops a batch the storefront refuses with a 4xx (unknown token), and sends the next one', async () => {
    client = new TelemetryClient({
      send: createHttpTelemetrySender({ baseUrl: demoOrigin() }),
      authToken: 'not-a-real-token',
      batchMs: 50,
      lifecycle,
    });
    client.start();
    client.track('refused');
    await waitForPosts((p) => p.some((r) => r.status === 401), 'the refused batch');
    client.setAuthToken(ADULT_TOKEN);
    client.track('accepted');
    const posts = await waitForPosts((p) => p.some((r) => r.status === 204), 'the accepted batch');
    // The storefront refuses an unknown token before it reads the body (it records none).
    expect(posts.map((p) => [p.status, p.body === null ? null : names(p.body)])).to.deep.equal([
      [401, null],
      [204, ['accepted']],
    ]);
  });

  it('stops telemetry when the storefront answers telemetry_timestamp_invalid_range', async () => {
    await demoControl('fault', {
      path: TELEMETRY_EVENT_PATH,
      status: 400,
      body: { code: TELEMETRY_TIMESTAMP_INVALID_RANGE, message: 'Event timestamps are out of range.' },
      times: 1,
    });
    client = new TelemetryClient({
      send: createHttpTelemetrySender({ baseUrl: demoOrigin() }),
      authToken: ADULT_TOKEN,
      batchMs: 50,
      logger: { warn: () => {} },
      lifecycle,
    });
    client.start();
    client.track('a');
    await waitForPosts((p) => p.length === 1, 'the first batch');
    await sleep(100);
    expect(client.disabled).to.equal(true);
    client.track('b');
    await client.flush();
    await sleep(300);
    expect((await recorded()).map((p) => p.status)).to.deep.equal([400]);
  });
});
