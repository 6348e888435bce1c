import { expect } from '@open-wc/testing';
import { S72Error } from 's72-player/client';
import {
  INITIAL_STATE,
  isComingSoon,
  isExpired,
  transition,
  type FlowEvent,
} from '../../src-shell/features/play-flow/machine.js';
import { availability, CHROME, ENV, FILM, NOW, SEASON, session, streams } from './fixtures.js';
import { last, run } from './support/machine.js';

/** Runs events through the machine from `state`, returning every transition. */

const filmLoaded: FlowEvent = {
  type: 'item-loaded',
  metadata: { kind: 'film', film: FILM },
  availabilities: [availability('/film/night-harbour')],
  configuration: { season_name: 'Season' },
  capabilities: CHROME,
};

const err = (code: ConstructorParameters<typeof S72Error>[0], httpStatus?: number) =>
  new S72Error(code, code, { category: 'client', ...(httpStatus ? { httpStatus, requestId: 'req-1' } : {}) });

describe('play-flow machine (play-page §4, §5, §8)', () => {
  it('happy path: start → load item → load streams → playing, with content and config', () => {
    const s = session({ startTime: 30 });
    const [started, loaded, playing] = run([{ type: 'start', session: s }, filmLoaded, { type: 'streams-loaded', response: streams() }]);
    expect(started!.state).to.deep.include({ status: 'loading', phase: 'item' });
    expect(started!.commands).to.have.length(1);
    expect(started!.commands[0]).to.deep.include({ type: 'load-item' });
    expect(loaded!.state).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(loaded!.commands).to.deep.equal([{ type: 'load-streams', session: s, slug: '/film/night-harbour' }]);
    const state = playing!.state;
    if (state.status !== 'playing') throw new Error(`expected playing, got ${state.status}`);
    // Entering the player queues the `player-opened` telemetry event (play-page §7).
    expect(playing!.commands).to.deep.equal([{ type: 'track', event: 'player-opened', slug: '/film/night-harbour' }]);
    expect(state.playback).to.deep.include({
      slug: '/film/night-harbour',
      title: 'Night Harbour',
      subtitle: 'The tide keeps every secret.',
      startTime: 30,
      autoplay: true,
      kind: 'dash',
      poster: 'https://img/bg.jpg',
    });
    expect(state.playback.content).to.deep.include({
      slug: '/film/night-harbour',
      authorization: 'demo-adult-token',
      playToken: 'play-token-1',
    });
    expect(state.playback.content.assets.dash!.drms).to.deep.equal(['clearkey']);
    expect(state.playback.config.drm!.clearkey!.licenseUrl).to.equal('https://store.example/services/license/clearkey');
  });

  it('a film bonus plays the bonus with the film as context', () => {
    const s = session({ itemToPlay: '/film/night-harbour/bonus/1' });
    const ts = run([{ type: 'start', session: s }, filmLoaded, { type: 'streams-loaded', response: streams() }]);
    const state = last(ts).state;
    expect(state.status === 'playing' && state.playback).to.deep.include({
      slug: '/film/night-harbour/bonus/1',
      title: 'Making the Harbour',
      subtitle: 'Night Harbour',
    });
  });

  it('an episode is described from its season', () => {
    const s = session({ item: '/tv/harbour-lights/season/1', itemToPlay: '/tv/harbour-lights/season/1/episode/1' });
    const ts = run([
      { type: 'start', session: s },
      { ...filmLoaded, metadata: { kind: 'season', season: SEASON } } as FlowEvent,
      { type: 'streams-loaded', response: streams() },
    ]);
    const state = last(ts).state;
    expect(state.status === 'playing' && state.playback).to.deep.include({
      title: 'The Lamp Room',
      subtitle: 'Harbour Lights · Season 1 · Episode 1',
    });
  });

  it('uses the session play token when the streams answer has none', () => {
    const ts = run([
      { type: 'start', session: session({ playToken: 'from-p' }) },
      filmLoaded,
      { type: 'streams-loaded', response: streams({ play_token: null }) },
    ]);
    const state = last(ts).state;
    expect(state.status === 'playing' && state.playback.content.playToken).to.equal('from-p');
  });

  it('a missing session redirects home', () => {
    const [t] = run([{ type: 'start', session: null }]);
    expect(t!.state).to.deep.include({ status: 'redirecting', reason: 'no-session' });
    expect(t!.commands).to.deep.equal([{ type: 'navigate', target: { kind: 'url', url: '/' } }]);
  });

  it('a session without an item gives invalid_app.session_params', () => {
    const { item: _i, itemToPlay: _p, ...rest } = session();
    const [t] = run([{ type: 'start', session: rest }]);
    expect(t!.state.status === 'error' && t!.state.error.code).to.equal('invalid_app.session_params');
    expect(t!.commands).to.deep.equal([]);
  });

  for (const bad of ['/film/x/foo/bar', '/tv/harbour-lights', '/plan/basic', 'nonsense']) {
    it(`an item ${bad} gives invalid_slug`, () => {
      const [t] = run([{ type: 'start', session: session({ item: bad, itemToPlay: bad }) }]);
      expect(t!.state.status === 'error' && t!.state.error).to.deep.include({ code: 'invalid_slug', retryable: false });
    });
  }

  const failures: Array<[string, S72Error, string, boolean]> = [
    ['film_not_found', err('film_not_found'), 'film_not_found', false],
    ['season_not_found', err('season_not_found'), 'season_not_found', false],
    ['no_user_plan → access_denied', err('no_user_plan', 403), 'access_denied', false],
    ['play_token_expired → availability_expired', err('play_token_expired', 401), 'availability_expired', false],
    ['server_busy (retry)', err('server_busy', 502), 'server_busy', true],
    ['network_error (retry)', err('network_error'), 'network_error', true],
  ];
  for (const [name, error, code, retryable] of failures) {
    it(`a failed load shows ${name}`, () => {
      const ts = run([{ type: 'start', session: session() }, { type: 'failed', error }]);
      const state = last(ts).state;
      if (state.status !== 'error') throw new Error(state.status);
      expect(state.error).to.deep.include({ code, retryable });
      if (error.httpStatus) expect(state.error).to.deep.include({ httpStatus: error.httpStatus, requestId: 'req-1' });
    });
  }

  it('an empty streams list gives streams_are_empty', () => {
    const ts = run([{ type: 'start', session: session() }, filmLoaded, { type: 'streams-loaded', response: streams({ streams: [] }) }]);
    const state = last(ts).state;
    expect(state.status === 'error' && state.error.code).to.equal('streams_are_empty');
  });

  it('no playable stream: content_not_supported leads to the unsupported-device page (play-page §8)', () => {
    const ts = run([
      { type: 'start', session: session() },
      { ...filmLoaded, capabilities: { ...CHROME, keySystems: [], mp4: false } } as FlowEvent,
      { type: 'streams-loaded', response: streams() },
    ]);
    const state = last(ts).state;
    expect(state).to.deep.include({ status: 'unsupported', cause: 'content_not_supported', slug: '/film/night-harbour' });
    expect(last(ts).commands).to.deep.equal([]);
  });

  it('a bonus missing from the metadata gives media_not_found', () => {
    const ts = run([{ type: 'start', session: session({ itemToPlay: '/film/night-harbour/bonus/9' }) }, filmLoaded]);
    const state = last(ts).state;
    expect(state.status === 'error' && state.error.code).to.equal('media_not_found');
  });

  it('retry restarts from the error state with the same session', () => {
    const s = session();
    const ts = run([{ type: 'start', session: s }, { type: 'failed', error: err('network_error') }, { type: 'retry' }]);
    expect(last(ts).state).to.deep.include({ status: 'loading', phase: 'item', session: s });
    expect(last(ts).commands[0]).to.deep.include({ type: 'load-item' });
  });

  it('ignores events that do not fit the state', () => {
    const idle = transition(INITIAL_STATE, { type: 'streams-loaded', response: streams() }, ENV);
    expect(idle.state).to.equal(INITIAL_STATE);
    const loading = run([{ type: 'start', session: session() }])[0]!.state;
    expect(transition(loading, { type: 'streams-loaded', response: streams() }, ENV).state).to.equal(loading);
    expect(transition(loading, { type: 'retry' }, ENV).state).to.equal(loading);
    expect(transition(loading, { type: 'failed', error: err('request_aborted') }, ENV).state).to.equal(loading);
  });

  describe('redirects (play-page §8 missing_from_library / unavailable)', () => {
    it('goes to a valid from URL with prompt and slug', () => {
      const s = session({ redirectUrl: 'https://store.example/films' });
      const ts = run([{ type: 'start', session: s }, { type: 'failed', error: err('missing_from_library', 403) }]);
      expect(last(ts).state).to.deep.include({ status: 'redirecting', reason: 'from' });
      expect(last(ts).commands).to.deep.equal([
        {
          type: 'navigate',
          target: {
            kind: 'url',
            url: 'https://store.example/films?prompt=player_missing_from_library&slug=%2Ffilm%2Fnight-harbour',
          },
        },
      ]);
    });
    it('never goes off-site, even if an off-site URL reached the session', () => {
      const s = session({ redirectUrl: 'https://evil.example/' });
      const ts = run([{ type: 'start', session: s }, { type: 'failed', error: err('missing_from_library', 403) }]);
      expect(last(ts).commands).to.deep.equal([]);
      expect(last(ts).state.status === 'error' && last(ts).state).to.deep.include({ slug: '/film/night-harbour' });
    });
    it('shows the code when there is no from', () => {
      const ts = run([{ type: 'start', session: session() }, { type: 'failed', error: err('missing_from_library', 403) }]);
      const state = last(ts).state;
      expect(state.status === 'error' && state.error.code).to.equal('missing_from_library');
    });
  });

  describe('a season route goes to its first available episode (play-page §4)', () => {
    const s = session({ item: '/tv/harbour-lights/season/1', itemToPlay: '/tv/harbour-lights/season/1' });
    const seasonLoaded = { ...filmLoaded, metadata: { kind: 'season', season: SEASON } } as FlowEvent;

    it('asks for the episodes’ availabilities, then redirects to the first available one', () => {
      const ts = run([
        { type: 'start', session: s },
        seasonLoaded,
        {
          type: 'episode-availabilities-loaded',
          now: NOW,
          availabilities: [
            availability('/tv/harbour-lights/season/1/episode/1', '2026-02-01T00:00:00Z'),
            availability('/tv/harbour-lights/season/1/episode/2', '2025-01-01T00:00:00Z'),
          ],
        },
      ]);
      expect(ts[1]!.commands).to.deep.equal([
        {
          type: 'load-episode-availabilities',
          session: s,
          slugs: ['/tv/harbour-lights/season/1/episode/1', '/tv/harbour-lights/season/1/episode/2'],
        },
      ]);
      expect(last(ts).commands).to.deep.equal([
        { type: 'navigate', target: { kind: 'route', slug: '/tv/harbour-lights/season/1/episode/2', title: 'Fog Signal' } },
      ]);
    });

    it('gives unavailable when every episode is coming soon or expired', () => {
      const ts = run([
        { type: 'start', session: s },
        seasonLoaded,
        {
          type: 'episode-availabilities-loaded',
          now: NOW,
          availabilities: [
            availability('/tv/harbour-lights/season/1/episode/1', null, '2025-01-01T00:00:00Z'),
            availability('/tv/harbour-lights/season/1/episode/2', '2027-01-01T00:00:00Z'),
          ],
        },
      ]);
      const state = last(ts).state;
      expect(state.status === 'error' && state.error.code).to.equal('unavailable');
    });
  });

  it('availability windows: coming soon and expired', () => {
    expect(isComingSoon(availability('/a', '2026-02-01T00:00:00Z'), NOW)).to.equal(true);
    expect(isComingSoon(availability('/a', '2025-02-01T00:00:00Z'), NOW)).to.equal(false);
    expect(isComingSoon(undefined, NOW)).to.equal(false);
    expect(isExpired(availability('/a', null, '2026-01-15T12:00:00Z'), NOW)).to.equal(true);
    expect(isExpired(availability('/a', null, null), NOW)).to.equal(false);
  });

  it('a critical player error while playing shows its code with a retry', () => {
    const ts = run([
      { type: 'start', session: session() },
      filmLoaded,
      { type: 'streams-loaded', response: streams() },
      { type: 'playback-failed', error: new S72Error('drm_failed', 'DRM failed', { category: 'drm' }) },
    ]);
    const state = last(ts).state;
    expect(state.status === 'error' && state.error).to.deep.include({ code: 'drm_failed', retryable: true });
  });
});
