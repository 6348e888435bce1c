import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { S72Error } from 's72-player/client';
import {
  PLAY_TELEMETRY_FREQUENCY_MS,
  PLAY_TELEMETRY_PATH,
  PlayTelemetry,
  errorTelemetryData,
  sanitize,
  telemetryFrequencyMs,
  type PlayTelemetryBody,
} from '../../../src-shell/features/play-telemetry/play-telemetry.js';
import { ADULT_TOKEN, demoControl, demoOrigin, resetDemo } from '../../helpers/demo.js';

const BASE = 'https://store.example';
const AUTH = 'auth-token-SECRET-1';
const PLAY = 'play-token-SECRET-2';

interface Sent {
  url: string;
  init: RequestInit;
  headers: Headers;
  body: PlayTelemetryBody;
}

/** The body a fetch stub received: the code under test always sends JSON text. */
function bodyText(init: RequestInit | undefined): string {
  const body = init?.body;
  if (typeof body !== 'string') throw new Error(`expected a JSON text body, got ${typeof body}`);
  return body;
}

/** A fetch stub answering with the queued statuses (default 204), recording every call. */
function fakeFetch(statuses: number[] = []) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    sent.push({ url, init: init ?? {}, headers: new Headers(init?.headers), body: JSON.parse(bodyText(init)) as PlayTelemetryBody });
    const status = statuses.shift() ?? 204;
    if (status === 0) throw new TypeError('Failed to fetch');
    return new Response(status === 204 ? null : JSON.stringify({ code: 'x' }), { status, headers: { 'x-request-id': 'rid' } });
  };
  return { fetch, sent };
}

class FakeDocument extends EventTarget {
  visibilityState = 'visible';
}

describe('play telemetry batching', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: Date.parse('2026-03-01T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => clock.restore());

  it('the frequency defaults to 30 s and reads telemetry_frequency (seconds) from the configuration', () => {
    expect(PLAY_TELEMETRY_FREQUENCY_MS).to.equal(30_000);
    expect(telemetryFrequencyMs({ telemetry_frequency: 10 })).to.equal(10_000);
    expect(telemetryFrequencyMs({ telemetry_frequency: 'x' })).to.equal(30_000);
    expect(telemetryFrequencyMs(undefined)).to.equal(30_000);
  });

  it('batches events and sends them once, 30 s after the first, with timestamp and slug', async () => {
    const { fetch, sent } = fakeFetch();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, lifecycle: {} });
    telemetry.track('player-opened', '/film/night-harbour');
    await clock.tickAsync(1_000);
    telemetry.track('subtitles-on', '/film/night-harbour', { language: 'en' });
    telemetry.track('audio-track-changed', '/film/night-harbour', { language: 'fr' });
    await clock.tickAsync(28_999);
    expect(sent.length, 'not before 30 s').to.equal(0);
    await clock.tickAsync(1);
    expect(sent.length).to.equal(1);
    expect(sent[0]!.url).to.equal(`${BASE}${PLAY_TELEMETRY_PATH}`);
    expect(sent[0]!.init.method).to.equal('POST');
    expect(sent[0]!.body.events).to.deep.equal([
      { event: 'player-opened', slug: '/film/night-harbour', timestamp: '2026-03-01T10:00:00.000Z' },
      { event: 'subtitles-on', slug: '/film/night-harbour', timestamp: '2026-03-01T10:00:01.000Z', data: { language: 'en' } },
      { event: 'audio-track-changed', slug: '/film/night-harbour', timestamp: '2026-03-01T10:00:01.000Z', data: { language: 'fr' } },
    ]);
    expect(telemetry.pending).to.deep.equal([]);
    await clock.tickAsync(120_000);
    expect(sent.length, 'nothing more to send').to.equal(1);
    await telemetry.destroy();
  });

  it('uses an injected frequency', async () => {
    const { fetch, sent } = fakeFetch();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, frequencyMs: 5_000, lifecycle: {} });
    telemetry.track('player-opened', '/film/a');
    await clock.tickAsync(5_000);
    expect(sent.length).to.equal(1);
    await telemetry.destroy();
  });

  it('sends x-play-token when there is a play token, else x-auth-token; JSON content type', async () => {
    const { fetch, sent } = fakeFetch();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, lifecycle: {} });
    telemetry.track('player-opened', '/film/a');
    await telemetry.flush();
    expect(sent[0]!.headers.get('x-auth-token')).to.equal(AUTH);
    expect(sent[0]!.headers.get('x-play-token')).to.equal(null);
    expect(sent[0]!.headers.get('content-type')).to.equal('application/json');
    telemetry.setTokens({ playToken: ` ${PLAY} ` });
    telemetry.track('subtitles-off', '/film/a');
    await telemetry.flush();
    expect(sent[1]!.headers.get('x-play-token')).to.equal(PLAY);
    expect(sent[1]!.headers.get('x-auth-token')).to.equal(null);
    await telemetry.destroy();
  });

  it('the body never carries a token: token keys dropped, token values redacted', async () => {
    const { fetch, sent } = fakeFetch();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, playToken: PLAY, lifecycle: {} });
    const error = new S72Error('drm_failed', `licence failed for ${PLAY}`, { category: 'drm' });
    telemetry.track('player-error', '/film/a', {
      code: error.code,
      message: error.message,
      url: `https://cdn.example/x?u=${AUTH}`,
      authToken: AUTH,
      play_token: PLAY,
      'x-play-token': PLAY,
      nested: { token: 'other', list: [AUTH] },
    });
    await telemetry.flush();
    const raw = bodyText(sent[0]!.init);
    expect(raw).not.to.contain(AUTH);
    expect(raw).not.to.contain(PLAY);
    expect(raw).not.to.contain('other');
    expect(sent[0]!.body.events[0]!.data).to.deep.equal({
      code: 'drm_failed',
      message: 'licence failed for [redacted]',
      url: 'https://cdn.example/x?u=[redacted]',
      nested: { list: ['[redacted]'] },
    });
    expect(sanitize({ playSession: 'x', keep: 1 }, [])).to.deep.equal({ keep: 1 });
    await telemetry.destroy();
  });

  it('a token set after an event was queued is kept out of the body too', async () => {
    const { fetch, sent } = fakeFetch();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, lifecycle: {} });
    telemetry.track('player-error', '/film/a', { message: `bad ${PLAY}` });
    telemetry.setTokens({ playToken: PLAY });
    await telemetry.flush();
    expect(bodyText(sent[0]!.init)).not.to.contain(PLAY);
    await telemetry.destroy();
  });

  it('keeps the batch on a 500 (and on a network error) and sends it with the next batch', async () => {
    const { fetch, sent } = fakeFetch([500, 0, 204]);
    const onError = sinon.spy();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, lifecycle: {}, onError });
    telemetry.track('player-opened', '/film/a');
    await clock.tickAsync(30_000);
    expect(sent.length).to.equal(1);
    expect(telemetry.pending.length, 'kept after 500').to.equal(1);
    expect(onError.firstCall.args[1]).to.equal('kept');
    telemetry.track('playlist-finished', '/film/a');
    await clock.tickAsync(30_000);
    expect(sent.length).to.equal(2);
    expect(telemetry.pending.length, 'kept after a network error').to.equal(2);
    await clock.tickAsync(30_000);
    expect(sent.length).to.equal(3);
    expect(sent[2]!.body.events.map((e) => e.event)).to.deep.equal(['player-opened', 'playlist-finished']);
    expect(telemetry.pending).to.deep.equal([]);
    await telemetry.destroy();
  });

  it('drops the batch on a 4xx (but keeps it on 429)', async () => {
    const { fetch, sent } = fakeFetch([400, 429, 204]);
    const onError = sinon.spy();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, lifecycle: {}, onError });
    telemetry.track('player-opened', '/film/a');
    await telemetry.flush();
    expect(telemetry.pending).to.deep.equal([]);
    expect(onError.firstCall.args[1]).to.equal('dropped');
    telemetry.track('subtitles-on', '/film/a');
    await telemetry.flush();
    expect(telemetry.pending.length, 'kept on 429').to.equal(1);
    await telemetry.flush();
    expect(sent.length).to.equal(3);
    expect(sent[2]!.body.events.map((e) => e.event)).to.deep.equal(['subtitles-on']);
    await telemetry.destroy();
  });

  it('flushes on pagehide and when the page becomes hidden, with keepalive', async () => {
    const { fetch, sent } = fakeFetch();
    const win = new EventTarget();
    const doc = new FakeDocument();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, lifecycle: { window: win, document: doc } });
    telemetry.track('player-opened', '/film/a');
    win.dispatchEvent(new Event('pagehide'));
    await clock.tickAsync(0);
    expect(sent.length).to.equal(1);
    expect(sent[0]!.init.keepalive).to.equal(true);

    telemetry.track('subtitles-on', '/film/a');
    doc.dispatchEvent(new Event('visibilitychange'));
    await clock.tickAsync(0);
    expect(sent.length, 'still visible: no flush').to.equal(1);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await clock.tickAsync(0);
    expect(sent.length).to.equal(2);
    expect(sent[1]!.init.keepalive).to.equal(true);

    await telemetry.destroy();
    telemetry.track('subtitles-off', '/film/a');
    win.dispatchEvent(new Event('pagehide'));
    await clock.tickAsync(60_000);
    expect(sent.length, 'destroyed: listeners and timers gone').to.equal(2);
  });

  it('the regular batch is not keepalive; destroy flushes with keepalive', async () => {
    const { fetch, sent } = fakeFetch();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, lifecycle: {} });
    telemetry.track('player-opened', '/film/a');
    await clock.tickAsync(30_000);
    expect(sent[0]!.init.keepalive).to.equal(false);
    telemetry.track('playlist-finished', '/film/a');
    await telemetry.destroy();
    expect(sent[1]!.init.keepalive).to.equal(true);
  });

  it('without any token nothing is sent; events wait for a token', async () => {
    const { fetch, sent } = fakeFetch();
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, lifecycle: {} });
    telemetry.track('player-opened', '/film/a');
    await clock.tickAsync(60_000);
    expect(sent.length).to.equal(0);
    expect(telemetry.pending.length).to.equal(1);
    telemetry.setTokens({ authToken: AUTH });
    await clock.tickAsync(30_000);
    expect(sent.length).to.equal(1);
    await telemetry.destroy();
  });

  it('a flush during a send waits for it: every event goes out once, in order', async () => {
    let release!: () => void;
    const sent: string[][] = [];
    const fetch = async (_url: string, init?: RequestInit): Promise<Response> => {
      sent.push((JSON.parse(bodyText(init)) as PlayTelemetryBody).events.map((e) => e.event));
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Response(null, { status: 204 });
    };
    const telemetry = new PlayTelemetry({ baseUrl: BASE, fetch, authToken: AUTH, lifecycle: {} });
    telemetry.track('player-opened', '/film/a');
    const first = telemetry.flush();
    await clock.tickAsync(0);
    telemetry.track('subtitles-on', '/film/a');
    const second = telemetry.flush();
    await clock.tickAsync(0);
    expect(sent.length).to.equal(1);
    release();
    await Promise.all([first, second]);
    expect(sent).to.deep.equal([['player-opened'], ['subtitles-on']]);
    await telemetry.destroy();
  });
});

describe('play telemetry against the storefront', () => {
  beforeEach(() => resetDemo());

  interface Recorded {
    requests: { method: string; headers: Record<string, string>; body: unknown; status?: number }[];
  }
  const recorded = () => demoControl<Recorded>(`requests?path=${encodeURIComponent(PLAY_TELEMETRY_PATH)}`);

  it('the POST is recorded with the token header and a token-free body', async () => {
    const telemetry = new PlayTelemetry({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN, lifecycle: {} });
    telemetry.track('player-opened', '/film/night-harbour');
    telemetry.track('player-error', '/film/night-harbour', { code: 'drm_failed', detail: `token ${ADULT_TOKEN}` });
    await telemetry.flush();
    expect(telemetry.pending).to.deep.equal([]);
    const { requests } = await recorded();
    expect(requests.length).to.equal(1);
    const [req] = requests;
    expect(req!.method).to.equal('POST');
    expect(req!.headers['x-auth-token']).to.equal(ADULT_TOKEN);
    expect(JSON.stringify(req!.body)).not.to.contain(ADULT_TOKEN);
    const body = req!.body as PlayTelemetryBody;
    expect(body.events.map((e) => [e.event, e.slug])).to.deep.equal([
      ['player-opened', '/film/night-harbour'],
      ['player-error', '/film/night-harbour'],
    ]);
    expect(Number.isNaN(Date.parse(body.events[0]!.timestamp))).to.equal(false);
    await telemetry.destroy();
  });

  it('a 500 from the storefront keeps the batch; the next send delivers it', async () => {
    await demoControl('fault', { path: PLAY_TELEMETRY_PATH, status: 500, times: 1 });
    const telemetry = new PlayTelemetry({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN, lifecycle: {} });
    telemetry.track('playlist-finished', '/film/sponsored-feature');
    await telemetry.flush();
    expect(telemetry.pending.length).to.equal(1);
    await telemetry.flush();
    expect(telemetry.pending.length).to.equal(0);
    const { requests } = await recorded();
    expect(requests.length).to.equal(2);
    expect((requests[1]!.body as PlayTelemetryBody).events[0]!.event).to.equal('playlist-finished');
    await telemetry.destroy();
  });
});

describe('play telemetry error data', () => {
  it('player-error data is the S72Error JSON, without tokens', () => {
    const error = new S72Error('drm_failed', 'failed', { category: 'drm', httpStatus: 403, requestId: 'rid-9', data: { secret: 'x' } });
    expect(errorTelemetryData(error)).to.deep.equal({ code: 'drm_failed', category: 'drm', severity: 'critical', message: 'failed', httpStatus: 403, requestId: 'rid-9' });
    expect(errorTelemetryData(new TypeError('boom'))).to.deep.equal({ code: 'playback_error', name: 'TypeError', message: 'boom' });
  });
});
