/**
 * Live status (controllers/live-status-controller.ts; play-page §4 "Live events", §8, §9): the
 * controller on a small test host with an injected manual clock, polling the real demo storefront's
 * `GET /services/live/v1/streamstatus/film/live-gala`, with its answers changed for real
 * (`/__demo/live-status`, `/__demo/fault`); then `<s72-player>` playing the real live stream.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import sinon from 'sinon';
import type { Clock, TimerHandle } from '../../src-element/core/clock.js';
import type { Engine } from '../../src-element/core/engine/engine.js';
import { S72Error } from '../../src-element/core/errors.js';
import { LIVE_RETRY_DELAY_MS } from '../../src-element/core/live/live-status.js';
import { createPlayerStore } from '../../src-element/core/player-store.js';
import { resolvePlaySession, type PlaySession } from '../../src-element/core/session/play-session.js';
import type { S72Content, S72PlayerConfig } from '../../src-element/core/types.js';
import { LIVE_REQUEST_TIMEOUT_MS, LiveStatusController, isLiveContent } from '../../src-element/controllers/live-status-controller.js';
import type { S72LiveStatusChange, S72PlayerEventMap } from '../../src-element/events.js';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import {
  ADULT_TOKEN,
  CLEARKEY_LICENSE_PATH,
  MEDIA,
  demoControl,
  demoUrl,
  recordedRequests,
  resetDemo,
  until,
} from '../helpers/demo.js';

const SLUG = '/film/live-gala';
const STATUS_BASE = '/services/live/v1/streamstatus';
const STATUS_PATH = `${STATUS_BASE}${SLUG}`;
const POLL_MS = 15_000;

/** A clock whose timers run only when the test advances it; `pending()` lists the delays waiting. */
class ManualClock implements Clock {
  private nowMs = 0;
  private nextId = 0;
  private readonly timers = new Map<number, { at: number; delayMs: number; callback: () => void }>();
  now(): number {
    return this.nowMs;
  }
  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const id = ++this.nextId;
    this.timers.set(id, { at: this.nowMs + delayMs, delayMs, callback });
    return id;
  }
  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as number);
  }
  /** Delays of the pending timers, ms, in order of creation. */
  pending(): number[] {
    return [...this.timers.values()].map((timer) => timer.delayMs);
  }
  /** Moves time on by `ms` and runs the timers due, in order. */
  advance(ms: number): void {
    const until = this.nowMs + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.nowMs = due[1].at;
      due[1].callback();
    }
    this.nowMs = until;
  }
}

let hostCount = 0;

class TestHost extends LitElement {
  readonly store = createPlayerStore({ document });
  effectiveConfig: S72PlayerConfig = {};
  content: S72Content | null = null;
  playToken: string | null = null;
  get playSession(): PlaySession {
    return resolvePlaySession(this.playToken, this.content?.session);
  }
  refreshPlayToken: (() => Promise<string>) | null = null;
  readonly errors: S72Error[] = [];
  readonly changes: S72LiveStatusChange[] = [];
  report(error: S72Error): void {
    this.errors.push(error);
  }
  updatePlayToken(token: string): void {
    this.playToken = token;
  }
  constructor() {
    super();
    this.addEventListener('s72-live-status-change', (event) => this.changes.push((event as S72PlayerEventMap['s72-live-status-change']).detail));
  }
  protected override render() {
    return html`<video muted></video>`;
  }
  protected override firstUpdated(): void {
    this.store.setOwners({ media: this.renderRoot.querySelector('video') });
  }
}

const liveContent = (isLive = true): S72Content => ({ slug: SLUG, assets: { dash: { url: demoUrl(MEDIA.clearDash), isLive } } });
const liveConfig = (pollIntervalMs = POLL_MS): S72PlayerConfig => ({ live: { statusBaseUrl: demoUrl(STATUS_BASE), pollIntervalMs } });

async function host(setup: Partial<Pick<TestHost, 'content' | 'effectiveConfig' | 'playToken' | 'refreshPlayToken'>> = {}) {
  const tag = `s72-live-test-host-${++hostCount}`;
  customElements.define(tag, class extends TestHost {});
  const element = document.createElement(tag) as TestHost;
  Object.assign(element, { content: liveContent(), effectiveConfig: liveConfig(), playToken: 'play-token-1', ...setup });
  const clock = new ManualClock();
  const controller = new LiveStatusController(element, { clock });
  await fixture(html`<div></div>`).then((parent) => parent.append(element));
  await element.updateComplete;
  await controller.ready; // the live status chunk (live-status-poller.ts), loaded for a live source
  return { element, clock, controller };
}

/** Status requests the storefront saw (GET only: not the CORS preflights). */
async function statusRequests() {
  return (await recordedRequests(STATUS_PATH)).filter((request) => request.method === 'GET');
}

/** Polls an async predicate every 250 ms until true, or throws after `timeoutMs`. */
async function eventually(predicate: () => Promise<boolean>, message: string, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await predicate())) {
    if (performance.now() > deadline) throw new Error(`timed out: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs the timer due now and waits for the request it sends to be answered and handled. */
async function pollNow(clock: ManualClock, delayMs: number, requestsBefore: number | null, settled: () => boolean): Promise<void> {
  expect(clock.pending(), 'the next request is waiting on the clock').to.deep.equal([delayMs]);
  clock.advance(delayMs);
  await until(() => !clock.pending().includes(LIVE_REQUEST_TIMEOUT_MS) || clock.pending().length > 1, 'request sent');
  await until(() => settled(), 'answer handled', 10_000);
  if (requestsBefore !== null) expect((await statusRequests()).length).to.equal(requestsBefore + 1);
}

const fault = (status: number, extra: Record<string, unknown> = {}) =>
  demoControl('fault', { path: STATUS_PATH, method: 'GET', status, times: 1, ...extra });

describe('live status controller (play-page §4, §8, §9)', function () {
  this.timeout(30_000);
  beforeEach(async () => {
    await resetDemo();
    await demoControl('live-status', { slug: SLUG, status: 'live' });
  });
  afterEach(() => sinon.restore());
  after(() => resetDemo());

  it('knows a live content by its assets', () => {
    expect(isLiveContent(liveContent())).to.equal(true);
    expect(isLiveContent(liveContent(false))).to.equal(false);
    expect(isLiveContent(null)).to.equal(false);
    expect(isLiveContent({ slug: SLUG } as S72Content)).to.equal(false);
  });

  it('polls at once with x-play-session, then every pollIntervalMs; a change fires s72-live-status-change', async () => {
    const { element, clock } = await host();
    await pollNow(clock, 0, 0, () => element.store.getState().liveStatus === 'live' && clock.pending()[0] === POLL_MS);
    const [first] = await statusRequests();
    expect(first!.headers['x-play-session']).to.equal('play-token-1');
    expect(first!.path, 'no token in the URL').to.equal(STATUS_PATH);
    expect(element.changes).to.deep.equal([{ status: 'live', previous: null }]);

    await pollNow(clock, POLL_MS, 1, () => clock.pending()[0] === POLL_MS);
    expect(element.changes, 'the same status again: no event').to.have.length(1);

    await demoControl('live-status', { slug: SLUG, status: 'planned' });
    await pollNow(clock, POLL_MS, 2, () => element.store.getState().liveStatus === 'planned');
    expect(element.changes).to.deep.equal([
      { status: 'live', previous: null },
      { status: 'planned', previous: 'live' },
    ]);
    expect(element.errors).to.deep.equal([]);
  });

  it('404 and status 0 are retried every 5 s, then polling goes back to the interval', async () => {
    const { element, clock } = await host();
    await fault(404);
    await pollNow(clock, 0, 0, () => clock.pending()[0] === LIVE_RETRY_DELAY_MS);
    // Dropped connections until lifted (Chromium itself retries a GET once on a reused socket).
    await demoControl('fault', { path: STATUS_PATH, method: 'GET', status: 0 });
    await pollNow(clock, LIVE_RETRY_DELAY_MS, null, () => clock.pending()[0] === LIVE_RETRY_DELAY_MS);
    expect(element.store.getState().liveStatus).to.equal(null);
    await resetDemo();
    await demoControl('live-status', { slug: SLUG, status: 'live' });
    await pollNow(clock, LIVE_RETRY_DELAY_MS, 0, () => clock.pending()[0] === POLL_MS);
    expect(element.store.getState().liveStatus).to.equal('live');
    expect(element.errors, 'nothing reported: playback goes on').to.deep.equal([]);
  });

  it('a request without an answer counts as status 0 after LIVE_REQUEST_TIMEOUT_MS', async () => {
    const { element, clock } = await host();
    await demoControl('latency', { path: STATUS_PATH, ms: 5_000, method: 'GET' });
    clock.advance(0);
    await until(() => clock.pending().includes(LIVE_REQUEST_TIMEOUT_MS), 'request in flight');
    clock.advance(LIVE_REQUEST_TIMEOUT_MS);
    await until(() => clock.pending()[0] === LIVE_RETRY_DELAY_MS, 'retry scheduled');
    expect(element.errors).to.deep.equal([]);
  });

  it('403: live_stream_expired (recoverable), a fresh play token in force (licences too), polling goes on', async () => {
    const refresh = sinon.stub().resolves(' fresh-token ');
    const { element, clock } = await host({ refreshPlayToken: refresh });
    const setLicenseHeaders = sinon.spy();
    element.store.setOwners({ engine: engineStandIn(setLicenseHeaders) });
    await fault(403, { body: { code: 'live_stream_expired' } });
    await pollNow(clock, 0, 0, () => clock.pending()[0] === POLL_MS);
    expect(refresh.calledOnce).to.equal(true);
    expect(element.playToken).to.equal('fresh-token');
    expect(setLicenseHeaders.args).to.deep.equal([[{ 'x-play-token': 'fresh-token' }]]);
    expect(element.errors.map((error) => [error.code, error.severity, error.category, error.data['reason']])).to.deep.equal([
      ['live_stream_expired', 'recoverable', 'live', 'LIVE_STREAM_EXPIRED'],
    ]);
    await pollNow(clock, POLL_MS, 1, () => element.store.getState().liveStatus === 'live');
    expect((await statusRequests())[1]!.headers['x-play-session'], 'the next poll carries the fresh token').to.equal('fresh-token');
  });

  it('403 without refreshPlayToken, or when it rejects: live_stream_expired is critical and polling stops', async () => {
    for (const refreshPlayToken of [null, sinon.stub().rejects(new Error('streams call failed'))]) {
      await resetDemo();
      const { element, clock } = await host({ refreshPlayToken });
      await fault(403);
      clock.advance(0);
      await until(() => element.errors.some((error) => error.severity === 'critical'), 'critical error');
      expect(element.errors.map((error) => [error.code, error.severity])).to.deep.equal([
        ['live_stream_expired', 'recoverable'],
        ['live_stream_expired', 'critical'],
      ]);
      expect(clock.pending(), 'no more polls').to.deep.equal([]);
    }
  });

  it('completed: live_event_completed (critical, LIVE_STREAM_COMPLETED), the media paused, polling stops', async () => {
    const { element, clock } = await host();
    await demoControl('live-status', { slug: SLUG, status: 'completed' });
    const video = element.renderRoot.querySelector('video')!;
    const pause = sinon.spy(video, 'pause');
    await pollNow(clock, 0, 0, () => element.errors.length > 0);
    const [error] = element.errors;
    expect([error!.code, error!.severity, error!.category, error!.data['reason']]).to.deep.equal([
      'live_event_completed',
      'critical',
      'live',
      'LIVE_STREAM_COMPLETED',
    ]);
    expect(element.store.getState().liveStatus).to.equal('completed');
    expect(element.changes).to.deep.equal([{ status: 'completed', previous: null }]);
    expect(pause.calledOnce).to.equal(true);
    expect(clock.pending()).to.deep.equal([]);
  });

  it('an engine 404 asks the status at once: live → false (show it), completed → true (live_event_completed instead; issue 22 item 2)', async () => {
    const { element, clock, controller } = await host();
    await pollNow(clock, 0, 0, () => element.store.getState().liveStatus === 'live' && clock.pending()[0] === POLL_MS);
    const segment404 = () => new S72Error('bad_http_status_404', 'segment 404', { category: 'network', httpStatus: 404, engineCode: 1001 });
    expect(controller.checkAfterError(new S72Error('bad_http_status_503', 'x', { category: 'network', httpStatus: 503, engineCode: 1001 })), 'not a 404').to.equal(null);
    // Still live: asked now (not at the 15-s poll), answered live, the next poll 15 s after it.
    const first = controller.checkAfterError(segment404());
    expect(controller.checkAfterError(segment404()), 'one request for a burst').to.equal(first);
    expect(await first).to.equal(false);
    expect((await statusRequests()).length).to.equal(2);
    expect(clock.pending()).to.deep.equal([POLL_MS]);
    expect(element.errors).to.deep.equal([]);
    // Ended: the 404 is not to be shown, live_event_completed is.
    await demoControl('live-status', { slug: SLUG, status: 'completed' });
    expect(await controller.checkAfterError(segment404())).to.equal(true);
    expect(element.errors.map((error) => [error.code, error.severity])).to.deep.equal([['live_event_completed', 'critical']]);
    expect(clock.pending(), 'polling stopped').to.deep.equal([]);
    expect(await controller.checkAfterError(segment404()), 'later 404s: already ended').to.equal(true);
    expect((await statusRequests()).length).to.equal(3);
  });

  it('a 200 without a live object: not_a_live_stream (recoverable), polling stops', async () => {
    const { element, clock } = await host();
    await fault(200, { body: { slug: SLUG } });
    await pollNow(clock, 0, 0, () => element.errors.length > 0);
    expect(element.errors.map((error) => [error.code, error.severity, error.data['reason']])).to.deep.equal([
      ['not_a_live_stream', 'recoverable', 'NOT_A_LIVE_STREAM'],
    ]);
    expect(clock.pending()).to.deep.equal([]);
  });

  it('a live source without config.live: live_stream_status_disabled (recoverable) once, no request', async () => {
    const { element, clock } = await host({ effectiveConfig: {} });
    element.requestUpdate();
    await element.updateComplete;
    expect(element.errors.map((error) => [error.code, error.severity, error.category])).to.deep.equal([
      ['live_stream_status_disabled', 'recoverable', 'live'],
    ]);
    expect(clock.pending()).to.deep.equal([]);
    expect(await statusRequests()).to.deep.equal([]);
  });

  it('a source that is not live is not polled and reports nothing', async () => {
    const { element, clock } = await host({ content: liveContent(false), effectiveConfig: {} });
    expect(clock.pending()).to.deep.equal([]);
    expect(element.errors).to.deep.equal([]);
  });

  it('stops on disconnect, resumes after a move; a new source starts over', async () => {
    const { element, clock } = await host();
    await pollNow(clock, 0, 0, () => clock.pending()[0] === POLL_MS);
    const parent = element.parentElement!;
    element.remove();
    expect(clock.pending(), 'no timer while disconnected').to.deep.equal([]);
    parent.append(element);
    await element.updateComplete;
    await pollNow(clock, 0, 1, () => clock.pending()[0] === POLL_MS);

    element.content = { ...liveContent(), slug: '/film/night-harbour' };
    element.requestUpdate();
    await element.updateComplete;
    expect(element.store.getState().liveStatus, 'a new source: status unknown').to.equal(null);
    expect(clock.pending(), 'polls the new source at once').to.deep.equal([0]);
  });
});

/** An engine stand-in for the store (seekRange, tracks, on) with a licence-header spy. */
function engineStandIn(setLicenseHeaders: sinon.SinonSpy): Engine {
  return {
    name: 'stand-in',
    seekRange: () => ({ start: 0, end: 0 }),
    audioTracks: () => [],
    textTracks: () => [],
    videoTracks: () => [],
    on: () => () => undefined,
    setLicenseHeaders,
  } as unknown as Engine;
}

describe('<s72-player> live status against the real live stream', function () {
  this.timeout(60_000);
  let player: S72Player | null = null;

  beforeEach(async () => {
    await resetDemo();
    // Live for 90 s: a full DVR window of segments exists.
    await demoControl('live-schedule', { slug: SLUG, startsInMs: -90_000, durationMs: 600_000 });
  });
  afterEach(() => {
    player?.remove();
    player = null;
  });
  after(() => resetDemo());

  async function livePlayer(setup: Partial<S72Player> = {}): Promise<S72Player> {
    const streams = await fetch(demoUrl(`/services/playback/streams${SLUG}`), { method: 'POST', headers: { 'x-auth-token': ADULT_TOKEN } });
    const { streams: list, play_token: playToken } = (await streams.json()) as { streams: Array<{ url: string }>; play_token: string };
    const stream = list[0]!;
    const element = document.createElement('s72-player');
    Object.assign(element, {
      muted: true,
      autoplay: true,
      content: {
        slug: SLUG,
        assets: { dash: { url: stream.url, isLive: true, drms: ['clearkey'] } },
        authorization: ADULT_TOKEN,
        playToken,
      },
      config: { drm: { clearkey: { licenseUrl: demoUrl(CLEARKEY_LICENSE_PATH) } }, live: { statusBaseUrl: demoUrl(STATUS_BASE), pollIntervalMs: 1_000 } },
      ...setup,
    });
    document.body.append(element);
    player = element;
    await until(() => element.store.getState().currentTime > 0 && !element.store.getState().paused, 'playing', 30_000);
    return element;
  }

  it('records the status and fires s72-live-status-change while playing', async () => {
    const changes: S72LiveStatusChange[] = [];
    document.body.addEventListener('s72-live-status-change', (event) => changes.push((event as S72PlayerEventMap['s72-live-status-change']).detail));
    const element = await livePlayer();
    await until(() => element.store.getState().liveStatus === 'live', 'live status');
    expect(changes[0]).to.deep.equal({ status: 'live', previous: null });
  });

  it('a 404 burst is retried every 5 s (not at the 1-s interval) and playback goes on', async () => {
    const element = await livePlayer();
    await until(() => element.store.getState().liveStatus === 'live', 'first answer');
    const errors: S72Error[] = [];
    element.addEventListener('s72-error', (event) => errors.push(event.detail));
    const position = element.currentTime;
    const before = (await statusRequests()).length;
    await fault(404, { times: 2 });
    // From the first 404 on, this player's polls (its play token) up to the first 200: each 404 is
    // retried 5 s later. The fault is the storefront's, not the player's: under load another
    // request (a player of an earlier test still winding down) can take one of the two 404s, so the
    // burst this player sees is one or two 404s — each must be followed by a retry 5 s later.
    const burst = async () => {
      const all = (await statusRequests()).slice(before);
      const mine = all.filter((request) => request.headers['x-play-session'] === element.playToken);
      const from = mine.slice(mine.findIndex((request) => request.status === 404));
      const end = from.findIndex((request) => request.status === 200);
      return { requests: end === -1 ? null : from.slice(0, end + 1), all };
    };
    await eventually(async () => (await burst()).requests !== null, 'the 404s and the retry answered 200', 20_000);
    const { requests, all } = await burst();
    const seen = all.map((request) => `${request.status} ${request.headers['x-play-session'] === element.playToken ? 'mine' : 'other'} ${request.at}`).join(' | ');
    const statuses = requests!.map((request) => request.status);
    expect(statuses.slice(-1), seen).to.deep.equal([200]);
    expect(statuses.slice(0, -1).every((status) => status === 404) && statuses.length >= 2 && statuses.length <= 3, seen).to.equal(true);
    // Gaps measured by the storefront's arrival times, not by when this test saw the recordings.
    const arrivals = requests!.map((request) => Date.parse(request.at));
    for (let i = 1; i < arrivals.length; i++) {
      expect(arrivals[i]! - arrivals[i - 1]!, `retry ${i} comes 5 s after a 404 (not at the 1-s interval): ${seen}`).to.be.within(4_500, 6_500);
    }
    expect(errors).to.deep.equal([]);
    expect(element.store.getState().liveStatus).to.equal('live');
    expect(element.currentTime, 'playback went on').to.be.greaterThan(position + (arrivals.length - 1) * 5 - 2);
    expect(element.paused).to.equal(false);
  });

  it('403 once: refreshPlayToken is called, the token replaced, playback goes on', async () => {
    const refresh = sinon.stub().resolves('refreshed-play-token');
    const element = await livePlayer({ refreshPlayToken: refresh });
    await fault(403);
    await until(() => element.playToken === 'refreshed-play-token', 'token replaced', 10_000);
    expect(refresh.calledOnce).to.equal(true);
    const position = element.currentTime;
    await eventually(
      async () => (await statusRequests()).some((request) => request.headers['x-play-session'] === 'refreshed-play-token'),
      'a poll with the fresh token',
    );
    await until(() => element.currentTime > position + 2, 'still playing', 10_000);
    expect(element.lastError).to.equal(null);
  });

  it('completed: the live_event_completed error panel', async () => {
    const element = await livePlayer();
    await demoControl('live-status', { slug: SLUG, status: 'completed' });
    await until(() => element.lastError?.code === 'live_event_completed', 'live_event_completed', 10_000);
    const panel = element.shadowRoot!.querySelector('[part="error"]');
    expect(panel?.textContent).to.contain('live_event_completed');
    expect(element.paused).to.equal(true);
  });
});
