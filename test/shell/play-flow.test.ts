import { expect } from '@open-wc/testing';
import { type ContentClient, S72Error } from 's72-player/client';
import type { FlowApi } from '../../src-shell/features/play-flow/api/flow-api.js';
import type { NavigationTarget } from '../../src-shell/features/play-flow/machine.js';
import { createPlayFlow } from '../../src-shell/features/play-flow/play-flow.js';
import type { DeviceSupport } from '../../src-shell/features/device-support/index.js';
import type { PlaySession } from '../../src-shell/types/play-session.js';
import { availability, CHROME, ENV, FILM, SEASON, session, streams } from './fixtures.js';

/** A deferred promise. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A content client whose calls are recorded and answered by hand. */
function fakeClient() {
  const calls: Array<{ name: string; args: unknown[]; signal?: AbortSignal; answer: ReturnType<typeof deferred<unknown>> }> = [];
  const call =
    (name: string, ...auto: unknown[]) =>
    (...args: unknown[]): Promise<never> => {
      const answer = deferred<unknown>();
      if (auto.length > 0) answer.resolve(auto[0]);
      const signal = args.find((a): a is AbortSignal => a instanceof AbortSignal);
      calls.push({ name, args, ...(signal ? { signal } : {}), answer });
      return answer.promise as Promise<never>;
    };
  const client = {
    getFilm: call('getFilm'),
    getSeason: call('getSeason'),
    getAvailabilities: call('getAvailabilities'),
    getConfiguration: call('getConfiguration'),
    getStreams: call('getStreams'),
    getLibrary: call('getLibrary', []),
    getUser: call('getUser', { user_id: '1001', dob: '1985-04-12', email: null }),
    withTokens: () => client,
  } as unknown as ContentClient;
  const api = {
    pinExists: call('pinExists'),
    verifyPin: call('verifyPin'),
  } as unknown as FlowApi;
  const find = (name: string) => {
    const c = calls.filter((x) => x.name === name).at(-1);
    if (!c) throw new Error(`${name} was not called; calls: ${calls.map((x) => x.name).join(', ')}`);
    return c;
  };
  return { client, api, calls, find };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A fake clock: `advance(ms)` moves `now` and fires the timers that are due. */
function fakeClock(start: number) {
  let now = start;
  let timers: Array<{ at: number; fn: () => void; id: number }> = [];
  let ids = 0;
  return {
    now: () => now,
    setTimer(fn: () => void, ms: number) {
      const id = ++ids;
      timers.push({ at: now + ms, fn, id });
      return () => void (timers = timers.filter((t) => t.id !== id));
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = end;
    },
    pending: () => timers.length,
  };
}

function setup(extra: Partial<Parameters<typeof createPlayFlow>[0]> = {}) {
  const fake = fakeClient();
  const sessions: PlaySession[] = [];
  const navigations: NavigationTarget[] = [];
  const signedOut: string[] = [];
  const clock = fakeClock(Date.parse('2026-01-15T12:00:00Z'));
  const flow = createPlayFlow({
    env: ENV,
    createClient: (s) => {
      sessions.push(s);
      return fake.client;
    },
    detectCapabilities: async () => CHROME,
    navigate: (t) => navigations.push(t),
    clock: {
      now: clock.now,
      setTimeout: (fn: () => void, ms: number) => clock.setTimer(fn, ms),
      clearTimeout: (cancel: unknown) => (cancel as () => void)(),
    },
    createApi: () => fake.api,
    currentUrl: () => 'https://store.example/play/#/film/night-harbour?t=5',
    signOut: (redirect) => signedOut.push(redirect),
    ...extra,
  });
  return { flow, ...fake, sessions, navigations, signedOut, clock };
}

describe('play-flow runner', () => {
  it('loads the item, its availability and the configuration in parallel, then the streams, then plays', async () => {
    const { flow, calls, find, sessions } = setup();
    const seen: string[] = [];
    flow.subscribe(() => seen.push(flow.getState().status));
    flow.start(session());
    expect(calls.map((c) => c.name).sort()).to.deep.equal(['getAvailabilities', 'getConfiguration', 'getFilm', 'getUser']);
    expect(find('getFilm').args[0]).to.equal('/film/night-harbour');
    expect(find('getAvailabilities').args[0]).to.deep.equal(['/film/night-harbour']);
    expect(sessions[0]!.authToken).to.equal('demo-adult-token');

    find('getFilm').answer.resolve(FILM);
    find('getAvailabilities').answer.resolve([availability('/film/night-harbour')]);
    await tick();
    expect(calls.map((c) => c.name)).not.to.include('getStreams');
    find('getConfiguration').answer.resolve({});
    await tick();
    expect(find('getStreams').args[0]).to.equal('/film/night-harbour');
    find('getStreams').answer.resolve(streams());
    await tick();
    expect(flow.getState().status).to.equal('playing');
    expect(seen).to.deep.equal(['loading', 'loading', 'playing']);
  });

  it('shows the error of a failed call', async () => {
    const { flow, find } = setup();
    flow.start(session({ itemToPlay: '/film/does-not-exist', item: '/film/does-not-exist' }));
    find('getFilm').answer.reject(new S72Error('film_not_found', 'Film not found', { category: 'client' }));
    await tick();
    const state = flow.getState();
    expect(state.status === 'error' && state.error.code).to.equal('film_not_found');
  });

  it('a restart aborts the previous run and drops its late answers', async () => {
    const { flow, calls, find } = setup();
    flow.start(session());
    const firstFilm = find('getFilm');
    flow.start(session({ item: '/film/clear-skies', itemToPlay: '/film/clear-skies' }));
    expect(firstFilm.signal!.aborted).to.equal(true);
    expect(calls.filter((c) => c.name === 'getFilm')).to.have.length(2);
    firstFilm.answer.resolve(FILM);
    await tick();
    const state = flow.getState();
    expect(state.status === 'loading' && state.slug.slug).to.equal('/film/clear-skies');
  });

  it('started again with the same session (the page, then its play route): no restart, no second call', async () => {
    const { flow, calls, find } = setup();
    const same = session();
    flow.start(same);
    const firstFilm = find('getFilm');
    flow.start(same);
    expect(firstFilm.signal!.aborted, 'the first run goes on').to.equal(false);
    expect(calls.filter((c) => c.name === 'getFilm')).to.have.length(1);
    // An equal but new session (a new address) restarts.
    flow.start(session());
    expect(firstFilm.signal!.aborted).to.equal(true);
    expect(calls.filter((c) => c.name === 'getFilm')).to.have.length(2);
  });

  it('navigates home without a session, and to the first available episode of a season', async () => {
    const { flow, find, navigations } = setup();
    flow.start(null);
    expect(navigations).to.deep.equal([{ kind: 'url', url: '/' }]);

    flow.start(session({ item: '/tv/harbour-lights/season/1', itemToPlay: '/tv/harbour-lights/season/1' }));
    find('getSeason').answer.resolve(SEASON);
    find('getAvailabilities').answer.resolve([]);
    find('getConfiguration').answer.resolve({});
    await tick();
    find('getAvailabilities').answer.resolve([availability('/tv/harbour-lights/season/1/episode/1')]);
    await tick();
    expect(navigations.at(-1)).to.deep.equal({
      kind: 'route',
      slug: '/tv/harbour-lights/season/1/episode/1',
      title: 'The Lamp Room',
    });
  });

  it('retry runs the flow again', async () => {
    const { flow, calls, find } = setup();
    flow.start(session());
    find('getFilm').answer.reject(new S72Error('network_error', 'offline', { category: 'network' }));
    await tick();
    expect(flow.getState().status).to.equal('error');
    flow.retry();
    expect(flow.getState().status).to.equal('loading');
    expect(calls.filter((c) => c.name === 'getFilm')).to.have.length(2);
  });

  it('coming soon: ticks every second on the fake clock, then loads the item again', async () => {
    const { flow, calls, find, clock } = setup();
    flow.start(session());
    find('getFilm').answer.resolve(FILM);
    find('getAvailabilities').answer.resolve([availability('/film/night-harbour', new Date(clock.now() + 2500).toISOString())]);
    find('getConfiguration').answer.resolve({});
    await tick();
    const first = flow.getState();
    expect(first.status === 'countdown' && first.now).to.equal(clock.now());
    clock.advance(1000);
    const second = flow.getState();
    expect(second.status === 'countdown' && second.now).to.equal(clock.now());
    expect(calls.filter((c) => c.name === 'getFilm')).to.have.length(1);
    clock.advance(1500);
    expect(flow.getState()).to.deep.include({ status: 'loading', phase: 'item' });
    expect(calls.filter((c) => c.name === 'getFilm')).to.have.length(2);
  });

  it('a countdown keeps at most one abort listener: each tick removes its own when the timer fires (issue 8)', async () => {
    // Counts the abort listeners added to and removed from every AbortSignal while the countdown runs.
    const proto = AbortSignal.prototype;
    const add = proto.addEventListener;
    const remove = proto.removeEventListener;
    let live = 0;
    proto.addEventListener = function (this: AbortSignal, ...args: Parameters<AbortSignal['addEventListener']>) {
      if (args[0] === 'abort') live++;
      add.apply(this, args);
    } as AbortSignal['addEventListener'];
    proto.removeEventListener = function (this: AbortSignal, ...args: Parameters<AbortSignal['removeEventListener']>) {
      if (args[0] === 'abort') live--;
      remove.apply(this, args);
    } as AbortSignal['removeEventListener'];
    try {
      const { flow, find, clock } = setup();
      flow.start(session());
      find('getFilm').answer.resolve(FILM);
      find('getAvailabilities').answer.resolve([availability('/film/night-harbour', new Date(clock.now() + 600_000).toISOString())]);
      find('getConfiguration').answer.resolve({});
      await tick();
      expect(flow.getState().status).to.equal('countdown');
      const atStart = live;
      for (let i = 0; i < 30; i++) clock.advance(1000);
      expect(flow.getState().status).to.equal('countdown');
      expect(clock.pending()).to.equal(1);
      expect(live - atStart, 'abort listeners left behind by 30 ticks').to.be.at.most(0);
      flow.destroy();
    } finally {
      proto.addEventListener = add;
      proto.removeEventListener = remove;
    }
  });

  it('a restart cancels the countdown timer', async () => {
    const { flow, find, clock } = setup();
    flow.start(session());
    find('getFilm').answer.resolve(FILM);
    find('getAvailabilities').answer.resolve([availability('/film/night-harbour', new Date(clock.now() + 60_000).toISOString())]);
    find('getConfiguration').answer.resolve({});
    await tick();
    expect(clock.pending()).to.equal(1);
    flow.start(session({ item: '/film/clear-skies', itemToPlay: '/film/clear-skies' }));
    expect(clock.pending()).to.equal(0);
  });

  it('PIN: checks the account has one, verifies, then loads the streams', async () => {
    const { flow, find } = setup();
    flow.start(session());
    find('getFilm').answer.resolve(FILM);
    find('getAvailabilities').answer.resolve([{ ...availability('/film/night-harbour'), requires_pin_code: true }]);
    find('getConfiguration').answer.resolve({});
    await tick();
    find('pinExists').answer.resolve(true);
    await tick();
    expect(flow.getState()).to.deep.include({ status: 'pin', attemptsLeft: 5 });
    flow.send({ type: 'pin-submitted', pin: '0000' });
    expect(find('verifyPin').args.slice(0, 2), 'the PIN, and the title it unlocks').to.deep.equal(['0000', '/film/night-harbour']);
    find('verifyPin').answer.resolve({ ok: false, code: 'incorrect_pin', attemptsRemaining: 4 });
    await tick();
    expect(flow.getState()).to.deep.include({ status: 'pin', attemptsLeft: 4 });
    flow.send({ type: 'pin-submitted', pin: '1234' });
    find('verifyPin').answer.resolve({ ok: true });
    await tick();
    expect(find('getStreams').args[0]).to.equal('/film/night-harbour');
  });

  it('401 without a play token: signs out, stores the redirect and goes to sign-in with from', async () => {
    const { flow, find, navigations, signedOut } = setup();
    flow.start(session());
    find('getFilm').answer.resolve(FILM);
    find('getAvailabilities').answer.resolve([availability('/film/night-harbour')]);
    find('getConfiguration').answer.resolve({ sign_in_url: '/signin.html' });
    await tick();
    find('getStreams').answer.reject(new S72Error('unauthorized', 'no', { category: 'client', httpStatus: 401 }));
    await tick();
    const from = 'https://store.example/play/#/film/night-harbour?t=5';
    expect(signedOut).to.deep.equal([from]);
    expect(navigations.at(-1)).to.deep.equal({ kind: 'url', url: `https://store.example/signin.html?from=${encodeURIComponent(from)}` });
  });

  it('device support: checked with the item; unsupported → rechecked every 2 s → streams once supported', async () => {
    const unsupported: DeviceSupport = { supported: 'no', reason: 'blocked_firefox', browser: 'Firefox', os: 'Windows 10', mobile: false, fullscreenAllowed: true };
    const supported: DeviceSupport = { ...unsupported, supported: 'yes' };
    delete supported.reason;
    const answers = [unsupported, unsupported, unsupported, supported];
    let checks = 0;
    const { flow, find, calls, clock } = setup({ checkDevice: async () => answers[Math.min(checks++, answers.length - 1)]! });
    flow.start(session());
    find('getFilm').answer.resolve(FILM);
    find('getAvailabilities').answer.resolve([availability('/film/night-harbour')]);
    find('getConfiguration').answer.resolve({});
    await tick();
    await tick();
    expect(flow.getState()).to.deep.include({ status: 'unsupported', cause: 'device' });
    expect(calls.map((c) => c.name)).not.to.include('getStreams');
    expect(checks).to.equal(2); // the item's check and the monitor's first
    clock.advance(1999);
    await tick();
    expect(checks).to.equal(2);
    clock.advance(1);
    await tick();
    expect(checks).to.equal(3);
    expect(flow.getState().status).to.equal('unsupported');
    clock.advance(2000);
    await tick();
    await tick();
    expect(checks).to.equal(4);
    expect(flow.getState()).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(find('getStreams').args[0]).to.equal('/film/night-harbour');
    expect(clock.pending()).to.equal(0); // the recheck stopped
  });

  it('playlist: asked for with the item; the ad streams first; ended marks it watched; telemetry gets the configuration', async () => {
    const ad = { id: 'ad-1', action: { type: 'play' as const, slug: '/film/demo-ad', playback_mode: 'ad' as const }, title: 'Our sponsor', has_watched: false };
    const main = { id: 'main', action: { type: 'play' as const, slug: '/film/night-harbour' }, title: 'Night Harbour', has_watched: false };
    const asked: string[] = [];
    const watched: string[] = [];
    const tracked: Array<{ event: string; slug: string; frequency: unknown }> = [];
    const { flow, find, calls } = setup({
      loadPlaylist: async (_s, slug) => {
        asked.push(slug);
        return [
          { item: ad, watchedInSession: false },
          { item: main, watchedInSession: false },
        ];
      },
      markWatched: (item) => watched.push(item.id),
      track: (_s, e) => tracked.push({ event: e.event, slug: e.slug, frequency: e.configuration?.['telemetry_frequency'] }),
    });
    flow.start(session());
    expect(asked).to.deep.equal(['/film/night-harbour']);
    find('getFilm').answer.resolve(FILM);
    find('getAvailabilities').answer.resolve([availability('/film/night-harbour')]);
    find('getConfiguration').answer.resolve({ telemetry_frequency: 10 });
    await tick();
    await tick();
    expect(find('getStreams').args[0]).to.equal('/film/demo-ad');
    find('getStreams').answer.resolve(streams());
    await tick();
    expect(flow.getState()).to.deep.include({ status: 'playing' });
    expect(tracked).to.deep.equal([{ event: 'player-opened', slug: '/film/demo-ad', frequency: 10 }]);
    flow.send({ type: 'item-ended' });
    expect(watched).to.deep.equal(['ad-1']);
    await tick();
    const streamsCalls = calls.filter((c) => c.name === 'getStreams');
    expect(streamsCalls.map((c) => c.args[0])).to.deep.equal(['/film/demo-ad', '/film/night-harbour']);
  });
});
