/**
 * Live events on the play page (issue 9; play-page §4 "Live events", §8 `live_event_completed`):
 * the countdown polls the status every 5 s until live, a finished event ends on the live-ended
 * screen, and the player's LIVE_STREAM_EXPIRED hook gets a fresh play token from a new streams call.
 */
import { expect } from '@open-wc/testing';
import { S72Error, type Availability, type ContentClient, type StreamsResponse } from 's72-player/client';
import { createFlowApi, type FlowApi } from '../../src-shell/features/play-flow/api/flow-api.js';
import type { FlowEvent, FlowState } from '../../src-shell/features/play-flow/machine.js';
import { createPlayFlow } from '../../src-shell/features/play-flow/play-flow.js';
import { CHROME, ENV, FILM, NOW, session, streams } from './fixtures.js';
import { ADULT_TOKEN, demoControl, demoOrigin, recordedRequests, resetDemo } from '../helpers/demo.js';
import { manualClock } from './support/manual-clock.js';
import { last, run } from './support/machine.js';

const SLUG = '/film/night-harbour';
const STATUS_URL = `${ENV.origin}/services/live/v1/streamstatus${SLUG}`;

function liveAvailability(status: string | null, from: string | null = null): Availability {
  return { slug: SLUG, from, to: null, requires_pin_code: false, plan_ids: [], live: { status, started_at: null, completed_at: null } };
}

function loaded(av: Availability, configuration: Record<string, unknown> = { minimum_purchase_age: 18 }): FlowEvent {
  return {
    type: 'item-loaded',
    metadata: { kind: 'film', film: FILM },
    availabilities: [av],
    configuration,
    capabilities: CHROME,
    viewer: { kind: 'found', dob: '1985-04-12' },
    now: NOW,
  };
}

const begin: FlowEvent = { type: 'start', session: session() };
const codeOf = (s: FlowState) => (s.status === 'error' ? s.error.code : `(${s.status})`);

describe('play-flow machine: live events (play-page §4 "Live events")', () => {
  it('a planned event shows the countdown and looks at its status at once', () => {
    const ts = run([begin, loaded(liveAvailability('planned'))]);
    const state = last(ts).state;
    expect(state).to.deep.include({ status: 'countdown', title: 'Night Harbour', now: NOW });
    expect(state.status === 'countdown' && state.availableAt).to.equal(undefined);
    expect(state.status === 'countdown' && state.live?.statusUrl).to.equal(STATUS_URL);
    expect(last(ts).commands).to.deep.equal([{ type: 'poll-live-status', session: session(), url: STATUS_URL, ms: 0 }]);
  });

  it('the status URL follows the configured base URL', () => {
    const ts = run([begin, loaded(liveAvailability('planned'), { live_status_base_url: '/live/status' })]);
    expect(last(ts).commands[0]).to.deep.include({ url: `${ENV.origin}/live/status${SLUG}` });
  });

  it('still planned: polls again after 5 s; a failed look (null) too', () => {
    for (const status of ['planned', null]) {
      const ts = run([begin, loaded(liveAvailability('planned')), { type: 'live-status', status, now: NOW + 100 }]);
      expect(last(ts).state.status).to.equal('countdown');
      expect(last(ts).commands).to.deep.equal([{ type: 'poll-live-status', session: session(), url: STATUS_URL, ms: 5000 }]);
    }
  });

  it('live: goes on with the item’s answers to the streams call (no second item load)', () => {
    const ts = run([begin, loaded(liveAvailability('planned')), { type: 'live-status', status: 'live', now: NOW + 5000 }]);
    expect(last(ts).state).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(last(ts).commands).to.deep.equal([{ type: 'load-streams', session: session(), slug: SLUG }]);
  });

  it('live before its scheduled start (the availability read at load says later): plays now, no countdown to the old time', () => {
    const later = new Date(NOW + 10 * 60_000).toISOString();
    const ts = run([begin, loaded(liveAvailability('planned', later))]);
    const waiting = last(ts).state;
    expect(waiting.status === 'countdown' && waiting.availableAt).to.equal(NOW + 10 * 60_000);
    const live = run([begin, loaded(liveAvailability('planned', later)), { type: 'live-status', status: 'live', now: NOW + 5000 }]);
    expect(last(live).state).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(last(live).commands).to.deep.equal([{ type: 'load-streams', session: session(), slug: SLUG }]);
  });

  it('completed or ended at the countdown → live_event_completed (the live-ended screen), no more polling', () => {
    for (const status of ['completed', 'ended']) {
      const ts = run([begin, loaded(liveAvailability('planned')), { type: 'live-status', status, now: NOW + 5000 }]);
      expect(codeOf(last(ts).state)).to.equal('live_event_completed');
      expect(last(ts).commands).to.deep.equal([]);
    }
  });

  it('an availability already completed → live_event_completed without a streams call', () => {
    const ts = run([begin, loaded(liveAvailability('completed'))]);
    expect(codeOf(last(ts).state)).to.equal('live_event_completed');
    expect(last(ts).commands).to.deep.equal([]);
  });

  it('an event already live plays as any item', () => {
    const ts = run([begin, loaded(liveAvailability('live'))]);
    expect(last(ts).state).to.deep.include({ status: 'loading', phase: 'streams' });
  });

  it('a live event starting later counts down and polls; the end of the count waits for the status', () => {
    const from = new Date(NOW + 1500).toISOString();
    const ts = run([begin, loaded(liveAvailability('planned', from)), { type: 'tick', now: NOW + 1500 }]);
    expect(ts[1]!.state).to.deep.include({ status: 'countdown', availableAt: NOW + 1500 });
    expect(ts[1]!.commands).to.deep.equal([
      { type: 'poll-live-status', session: session(), url: STATUS_URL, ms: 0 },
      { type: 'wait', ms: 1000 },
    ]);
    expect(last(ts).state).to.deep.include({ status: 'countdown', now: NOW + 1500 });
    expect(last(ts).commands).to.deep.equal([]);
  });

  it('a streams 403 live_event_completed → live_event_completed', () => {
    const error = new S72Error('live_event_completed', 'This live event has finished.', { category: 'client', httpStatus: 403 });
    const ts = run([begin, loaded(liveAvailability('live')), { type: 'failed', error }]);
    expect(codeOf(last(ts).state)).to.equal('live_event_completed');
  });

  it('the player’s live_event_completed while playing → live_event_completed', () => {
    const error = new S72Error('live_event_completed', 'This live event has finished.', { category: 'playback' });
    const ts = run([begin, loaded(liveAvailability('live')), { type: 'streams-loaded', response: streams(), now: NOW }, { type: 'playback-failed', error }]);
    expect(codeOf(last(ts).state)).to.equal('live_event_completed');
  });

  it('play-token-refreshed replaces the session’s play token only (the player’s content is left alone)', () => {
    const withPlay = { type: 'start', session: session({ playToken: 'old-play' }) } as const;
    const ts = run([withPlay, loaded(liveAvailability('live')), { type: 'streams-loaded', response: streams(), now: NOW }]);
    const before = last(ts).state as Extract<FlowState, { status: 'playing' }>;
    const after = run([{ type: 'play-token-refreshed', playToken: 'new-play' }], before);
    const state = last(after).state as Extract<FlowState, { status: 'playing' }>;
    expect(state.session.playToken).to.equal('new-play');
    expect(state.context?.session.playToken).to.equal('new-play');
    expect(state.playback).to.equal(before.playback);
    // An auth-token session keeps its auth token (a slug's play token is not made the viewer's).
    const authOnly = run([begin, loaded(liveAvailability('live')), { type: 'streams-loaded', response: streams(), now: NOW }]);
    const kept = run([{ type: 'play-token-refreshed', playToken: 'new-play' }], last(authOnly).state);
    expect(last(kept).state).to.equal(last(authOnly).state);
  });
});

/** A runner with a hand-driven clock and hand-answered calls. */
function setup(status: () => Promise<string | null>, getStreams: () => Promise<StreamsResponse>, av: Availability) {
  const clock = manualClock(NOW);
  const calls: string[] = [];
  const statusUrls: string[] = [];
  const client = {
    getFilm: async () => FILM,
    getAvailabilities: async () => [av],
    getConfiguration: async () => ({ minimum_purchase_age: 18 }),
    getUser: async () => ({ user_id: '1', dob: '1985-04-12', email: null }),
    getLibrary: async () => [],
    getStreams: async (slug: string) => {
      calls.push(`streams ${slug}`);
      return getStreams();
    },
  } as unknown as ContentClient;
  const api = {
    pinExists: async () => false,
    verifyPin: async () => ({ ok: true }),
    liveStatus: async (url: string) => {
      statusUrls.push(url);
      return status();
    },
  } as unknown as FlowApi;
  const flow = createPlayFlow({
    env: ENV,
    createClient: () => client,
    createApi: () => api,
    detectCapabilities: async () => CHROME,
    navigate: () => undefined,
    currentUrl: () => 'https://store.example/play/',
    signOut: () => undefined,
    clock,
  });
  return { flow, clock, calls, statusUrls };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('play-flow runner: live events', () => {
  it('the countdown polls every 5 s on the clock until live, then plays', async () => {
    const answers = ['planned', 'planned', 'live'];
    const { flow, clock, calls, statusUrls } = setup(
      async () => answers.shift() ?? 'live',
      async () => streams({ streams: [{ url: 'https://store.example/live.mpd', encoding_type: 'dash', drm_type: [], broadcast_id: 'b1' }] }),
      liveAvailability('planned'),
    );
    flow.start(session());
    await settle();
    expect(flow.getState().status).to.equal('countdown');
    expect(statusUrls).to.deep.equal([STATUS_URL]);
    clock.tick(4999);
    await settle();
    expect(statusUrls).to.have.length(1);
    clock.tick(1);
    await settle();
    expect(statusUrls).to.have.length(2);
    expect(flow.getState().status).to.equal('countdown');
    clock.tick(5000);
    await settle();
    expect(statusUrls).to.have.length(3);
    expect(calls).to.deep.equal([`streams ${SLUG}`]);
    expect(flow.getState().status).to.equal('playing');
    expect(clock.pending()).to.equal(0);
    flow.destroy();
  });

  it('a restart stops the polling', async () => {
    const { flow, clock, statusUrls } = setup(async () => 'planned', async () => streams(), liveAvailability('planned'));
    flow.start(session());
    await settle();
    expect(clock.pending()).to.equal(1);
    flow.destroy();
    expect(clock.pending()).to.equal(0);
    clock.tick(20_000);
    await settle();
    expect(statusUrls).to.have.length(1);
  });

  it('refreshPlayToken: a new streams call; resolves to its play token, which becomes the session’s', async () => {
    const tokens = ['first-play', 'second-play'];
    const { flow, calls } = setup(async () => 'live', async () => streams({ play_token: tokens.shift() ?? null }), liveAvailability('live'));
    flow.start(session({ playToken: 'route-play' }));
    await settle();
    expect(flow.getState().status).to.equal('playing');
    const content = (flow.getState() as Extract<FlowState, { status: 'playing' }>).playback.content;
    expect(await flow.refreshPlayToken()).to.equal('second-play');
    expect(calls).to.deep.equal([`streams ${SLUG}`, `streams ${SLUG}`]);
    const state = flow.getState() as Extract<FlowState, { status: 'playing' }>;
    expect(state.session.playToken).to.equal('second-play');
    expect(state.playback.content, 'the player is not reloaded').to.equal(content);
    flow.destroy();
  });

  it('refreshPlayToken: an answer without a play token rejects; live_event_completed ends on the live-ended screen', async () => {
    const answers: Array<() => StreamsResponse> = [
      () => streams(),
      () => streams({ play_token: null }),
      () => {
        throw new S72Error('live_event_completed', 'This live event has finished.', { category: 'client', httpStatus: 403 });
      },
    ];
    const { flow } = setup(async () => 'live', async () => answers.shift()!(), liveAvailability('live'));
    flow.start(session());
    await settle();
    expect(flow.getState().status).to.equal('playing');
    let error: unknown = await flow.refreshPlayToken().catch((e: unknown) => e);
    expect((error as S72Error).code).to.equal('malformed_response');
    expect(flow.getState().status).to.equal('playing');
    error = await flow.refreshPlayToken().catch((e: unknown) => e);
    expect((error as S72Error).code).to.equal('live_event_completed');
    expect(codeOf(flow.getState())).to.equal('live_event_completed');
    flow.destroy();
  });
});

describe('flow API: the countdown’s live status call (real storefront)', function () {
  this.timeout(20_000);
  beforeEach(() => resetDemo());

  it('reads live.status with the viewer’s token; a title that is not live rejects not_a_live_stream', async () => {
    const api = createFlowApi({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN });
    await demoControl('live-status', { slug: '/film/live-gala', status: 'planned' });
    expect(await api.liveStatus(`${demoOrigin()}/services/live/v1/streamstatus/film/live-gala`)).to.equal('planned');
    await demoControl('live-status', { slug: '/film/live-gala', status: 'live' });
    expect(await api.liveStatus(`${demoOrigin()}/services/live/v1/streamstatus/film/live-gala`)).to.equal('live');
    const [call] = (await recordedRequests('/services/live/v1/streamstatus/film/live-gala')).slice(-1);
    expect(call!.headers['x-auth-token']).to.equal(ADULT_TOKEN);
    const error = await api.liveStatus(`${demoOrigin()}/services/live/v1/streamstatus/film/night-harbour`).catch((e: unknown) => e);
    expect((error as S72Error).code).to.equal('not_a_live_stream');
  });
});
