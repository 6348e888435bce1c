/**
 * The play-flow machine's branches (issue 4; play-page §4, §5, §6, §8): one test per transition,
 * time injected as epoch ms.
 */
import { expect } from '@open-wc/testing';
import { S72Error } from 's72-player/client';
import { signInUrl, transition, type FlowEvent, type FlowState, type Transition } from '../../src-shell/features/play-flow/machine.js';
import type { ViewerLookup } from '../../src-shell/features/play-flow/rules.js';
import { availability, CHROME, ENV, FILM, NOW, SEASON, session, streams } from './fixtures.js';
import { last, run } from './support/machine.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const at = (ts: Transition[]) => last(ts).state;

function loaded(overrides: Partial<Extract<FlowEvent, { type: 'item-loaded' }>> = {}): FlowEvent {
  return {
    type: 'item-loaded',
    metadata: { kind: 'film', film: FILM },
    availabilities: [availability('/film/night-harbour')],
    configuration: { minimum_purchase_age: 18, player_resume: true },
    capabilities: CHROME,
    viewer: { kind: 'found', dob: '1985-04-12' },
    now: NOW,
    ...overrides,
  };
}
const begin: FlowEvent = { type: 'start', session: session() };
const codeOf = (s: FlowState) => (s.status === 'error' ? s.error.code : `(${s.status})`);

describe('play-flow machine: availability (play-page §4 steps 2–3)', () => {
  it('expired → availability_expired, no retry', () => {
    const ts = run([begin, loaded({ availabilities: [{ ...availability('/film/night-harbour', null, iso(NOW - 1000)) }] })]);
    expect(codeOf(at(ts))).to.equal('availability_expired');
    expect(at(ts).status === 'error' && at(ts)).to.deep.include({ slug: '/film/night-harbour' });
    expect(last(ts).commands).to.deep.equal([]);
  });

  it('coming soon → countdown with a one-second wait', () => {
    const ts = run([begin, loaded({ availabilities: [availability('/film/night-harbour', iso(NOW + 3500))] })]);
    expect(at(ts)).to.deep.include({ status: 'countdown', availableAt: NOW + 3500, now: NOW, title: 'Night Harbour' });
    expect(last(ts).commands).to.deep.equal([{ type: 'wait', ms: 1000 }]);
  });

  it('coming soon with only ms_from counts from now', () => {
    const av = { ...availability('/film/night-harbour'), ms_from: 5000 };
    const ts = run([begin, loaded({ availabilities: [av] })]);
    expect(at(ts)).to.deep.include({ status: 'countdown', availableAt: NOW + 5000 });
  });

  it('tick: updates now and waits at most until the end', () => {
    const ts = run([begin, loaded({ availabilities: [availability('/film/night-harbour', iso(NOW + 1500))] }), { type: 'tick', now: NOW + 1000 }]);
    expect(at(ts)).to.deep.include({ status: 'countdown', now: NOW + 1000 });
    expect(last(ts).commands).to.deep.equal([{ type: 'wait', ms: 500 }]);
  });

  it('tick at the end restarts the flow (loads the item again)', () => {
    const ts = run([begin, loaded({ availabilities: [availability('/film/night-harbour', iso(NOW + 1500))] }), { type: 'tick', now: NOW + 1500 }]);
    expect(at(ts)).to.deep.include({ status: 'loading', phase: 'item' });
    expect(last(ts).commands[0]).to.deep.include({ type: 'load-item' });
  });

  it('tick outside the countdown is ignored', () => {
    const ts = run([begin, { type: 'tick', now: NOW }]);
    expect(at(ts)).to.deep.include({ status: 'loading', phase: 'item' });
    expect(last(ts).commands).to.deep.equal([]);
  });
});

describe('play-flow machine: age check (play-page §5)', () => {
  const cases: Array<[string, Partial<Extract<FlowEvent, { type: 'item-loaded' }>>, string]> = [
    ['adult, R18 title → allowed', { minimumAge: 18 }, '(loading)'],
    ['minor, R18 title → age_restricted', { minimumAge: 18, viewer: { kind: 'found', dob: '2014-06-01' } }, 'age_restricted'],
    ['no dob → missing_dob', { minimumAge: 18, viewer: { kind: 'found', dob: null } }, 'missing_dob'],
    ['lookup failed → allowed', { minimumAge: 18, viewer: { kind: 'failed' } }, '(loading)'],
    ['no auth token → allowed', { minimumAge: 18, viewer: { kind: 'none' } }, '(loading)'],
    ['minimum_purchase_age 0 → anyone', { minimumAge: 18, configuration: { minimum_purchase_age: 0 }, viewer: { kind: 'found', dob: '2014-06-01' } }, '(loading)'],
    ['minimum_purchase_age −1 → anyone', { configuration: { minimum_purchase_age: -1 }, viewer: { kind: 'found', dob: null } }, '(loading)'],
    // A classification may only raise the configured minimum (issue 8: a PG title let a minor through an 18 minimum).
    ['classification minimum_age 0 does not lower minimum_purchase_age 18', { minimumAge: 0, viewer: { kind: 'found', dob: '2014-06-01' } }, 'age_restricted'],
    ['classification 12 under minimum_purchase_age 18: a 15-year-old is restricted', { minimumAge: 12, viewer: { kind: 'found', dob: '2010-06-01' } }, 'age_restricted'],
    ['classification 18 over minimum_purchase_age 12: a 15-year-old is restricted', { minimumAge: 18, configuration: { minimum_purchase_age: 12 }, viewer: { kind: 'found', dob: '2010-06-01' } }, 'age_restricted'],
    ['classification 12 under minimum_purchase_age 12: a 15-year-old may watch', { minimumAge: 12, configuration: { minimum_purchase_age: 12 }, viewer: { kind: 'found', dob: '2010-06-01' } }, '(loading)'],
    ['no classification → minimum_purchase_age applies', { viewer: { kind: 'found', dob: '2014-06-01' } }, 'age_restricted'],
  ];
  for (const [name, overrides, code] of cases) {
    it(name, () => {
      const ts = run([begin, loaded(overrides)]);
      expect(codeOf(at(ts))).to.equal(code);
      if (code === '(loading)') expect(last(ts).commands[0]).to.deep.include({ type: 'load-streams' });
    });
  }
  it('turns 18 on the day (injected now)', () => {
    const viewer: ViewerLookup = { kind: 'found', dob: '2008-01-15' };
    expect(codeOf(at(run([begin, loaded({ minimumAge: 18, viewer, now: Date.parse('2026-01-15T12:00:00') })])))).to.equal('(loading)');
    expect(codeOf(at(run([begin, loaded({ minimumAge: 18, viewer, now: Date.parse('2026-01-14T12:00:00') })])))).to.equal('age_restricted');
  });
});

describe('play-flow machine: PIN (play-page §5)', () => {
  const pinLoaded = loaded({ availabilities: [{ ...availability('/film/night-harbour'), requires_pin_code: true }] });
  const toPin: FlowEvent[] = [begin, pinLoaded, { type: 'pin-exists', exists: true }];

  it('PIN required → asks whether the viewer has one', () => {
    const ts = run([begin, pinLoaded]);
    expect(at(ts)).to.deep.include({ status: 'loading', phase: 'pin-check' });
    expect(last(ts).commands).to.deep.equal([{ type: 'check-pin-exists', session: session() }]);
  });

  it('no PIN on the account → streams', () => {
    const ts = run([begin, pinLoaded, { type: 'pin-exists', exists: false }]);
    expect(last(ts).commands[0]).to.deep.include({ type: 'load-streams' });
  });

  it('a PIN → the form with 5 attempts', () => {
    expect(at(run(toPin))).to.deep.include({ status: 'pin', attemptsLeft: 5, submitting: false, lockedOut: false });
  });

  it('an empty PIN is a validation of the form: no call, no attempt used, not incorrect_pin', () => {
    const ts = run([...toPin, { type: 'pin-submitted', pin: '' }]);
    expect(last(ts).commands).to.deep.equal([]);
    const state = at(ts);
    expect(state).to.deep.include({ status: 'pin', attemptsLeft: 5, invalid: 'empty' });
    expect(state.status === 'pin' && state.error, 'no error code').to.equal(undefined);
  });

  it('after a wrong PIN, an empty one replaces the error with the validation; a real one clears it', () => {
    const wrong = [...toPin, { type: 'pin-submitted', pin: '0000' }, { type: 'pin-rejected', code: 'incorrect_pin', attemptsRemaining: 4 }] as FlowEvent[];
    const empty = at(run([...wrong, { type: 'pin-submitted', pin: '' }]));
    expect(empty).to.deep.include({ status: 'pin', attemptsLeft: 4, invalid: 'empty' });
    expect(empty.status === 'pin' && empty.error).to.equal(undefined);
    const sent = at(run([...wrong, { type: 'pin-submitted', pin: '' }, { type: 'pin-submitted', pin: '1234' }]));
    expect(sent).to.deep.include({ status: 'pin', submitting: true });
    expect(sent.status === 'pin' && (sent.invalid ?? sent.error)).to.equal(undefined);
  });

  it('a PIN that is not 4 digits fails without a call', () => {
    for (const pin of ['12', '12345', 'abcd']) {
      expect(last(run([...toPin, { type: 'pin-submitted', pin }])).commands).to.deep.equal([]);
      expect(at(run([...toPin, { type: 'pin-submitted', pin }]))).to.deep.include({ invalid: 'format', attemptsLeft: 5 });
    }
  });

  it('4 digits → verify, waiting', () => {
    const ts = run([...toPin, { type: 'pin-submitted', pin: '1234' }]);
    expect(at(ts)).to.deep.include({ status: 'pin', submitting: true });
    expect(last(ts).commands).to.deep.equal([{ type: 'verify-pin', session: session(), pin: '1234', slug: '/film/night-harbour' }]);
  });

  it('verified → streams', () => {
    const ts = run([...toPin, { type: 'pin-submitted', pin: '1234' }, { type: 'pin-verified' }]);
    expect(at(ts)).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(last(ts).commands[0]).to.deep.include({ type: 'load-streams' });
  });

  it('wrong → incorrect_pin with the attempts left', () => {
    const ts = run([...toPin, { type: 'pin-submitted', pin: '0000' }, { type: 'pin-rejected', code: 'incorrect_pin', attemptsRemaining: 4 }]);
    const state = at(ts);
    expect(state).to.deep.include({ status: 'pin', attemptsLeft: 4, submitting: false, lockedOut: false });
    expect(state.status === 'pin' && state.error).to.deep.include({ code: 'incorrect_pin', message: 'Incorrect PIN. 4 attempts left.' });
  });

  it('too_many_attempts → locked out; further submissions are ignored', () => {
    const ts = run([
      ...toPin,
      { type: 'pin-submitted', pin: '0000' },
      { type: 'pin-rejected', code: 'too_many_attempts', attemptsRemaining: 0 },
      { type: 'pin-submitted', pin: '1234' },
    ]);
    expect(at(ts)).to.deep.include({ status: 'pin', lockedOut: true, attemptsLeft: 0 });
    expect(at(ts).status === 'pin' && (at(ts) as { error?: { code: string } }).error?.code).to.equal('too_many_attempts');
    expect(last(ts).commands).to.deep.equal([]);
  });

  it('five wrong answers lock out even without the server saying so', () => {
    let events: FlowEvent[] = [...toPin];
    for (let i = 0; i < 5; i++) events = [...events, { type: 'pin-submitted', pin: '0000' }, { type: 'pin-rejected', code: 'incorrect_pin' }];
    expect(at(run(events))).to.deep.include({ lockedOut: true, attemptsLeft: 0 });
  });

  it('a failed verify call shows its error', () => {
    const ts = run([...toPin, { type: 'pin-submitted', pin: '1234' }, { type: 'failed', error: new S72Error('server_busy', 'busy', { category: 'network', httpStatus: 502 }) }]);
    expect(codeOf(at(ts))).to.equal('server_busy');
  });
});

describe('play-flow machine: access (play-page §6, §8)', () => {
  const e401 = (code: 'unauthorized' | 'play_token_expired') => new S72Error(code, code, { category: 'client', httpStatus: 401 });

  it('401 without a play token → sign-in, clearing the stored auth', () => {
    const ts = run([begin, loaded(), { type: 'failed', error: e401('unauthorized') }]);
    expect(at(ts)).to.deep.include({ status: 'redirecting', reason: 'sign-in' });
    expect(last(ts).commands).to.deep.equal([{ type: 'sign-in', signInUrl: 'https://store.example/signin.html', clearAuth: true }]);
  });

  it('401 with a play token → sign-in without clearing', () => {
    const ts = run([{ type: 'start', session: session({ playToken: 'p' }) }, { type: 'failed', error: e401('unauthorized') }]);
    expect(last(ts).commands).to.deep.equal([{ type: 'sign-in', signInUrl: 'https://store.example/signin.html', clearAuth: false }]);
  });

  it('uses the configured sign_in_url, unless it is off-site', () => {
    expect(signInUrl({ sign_in_url: '/#!/signin' }, ENV)).to.equal('https://store.example/#!/signin');
    expect(signInUrl({ sign_in_url: 'https://evil.example/signin' }, ENV)).to.equal('https://store.example/signin.html');
    expect(signInUrl(undefined, ENV)).to.equal('https://store.example/signin.html');
  });

  it('play_token_expired → availability_expired', () => {
    expect(codeOf(at(run([begin, loaded(), { type: 'failed', error: e401('play_token_expired') }])))).to.equal('availability_expired');
  });

  it('no_user_plan → access_denied; 502 → server_busy with retry', () => {
    const denied = at(run([begin, loaded(), { type: 'failed', error: new S72Error('no_user_plan', 'x', { category: 'client', httpStatus: 403 }) }]));
    expect(denied.status === 'error' && denied.error).to.deep.include({ code: 'access_denied', retryable: false });
    const busy = at(run([begin, loaded(), { type: 'failed', error: new S72Error('server_busy', 'x', { category: 'network', httpStatus: 502 }) }]));
    expect(busy.status === 'error' && busy.error).to.deep.include({ code: 'server_busy', retryable: true });
  });

  it('unavailable with a valid from → redirect with prompt=player_unavailable&slug', () => {
    const s = session({ redirectUrl: 'https://store.example/films' });
    const ts = run([{ type: 'start', session: s }, { type: 'failed', error: new S72Error('unavailable', 'x', { category: 'client', httpStatus: 403 }) }]);
    expect(last(ts).commands).to.deep.equal([
      { type: 'navigate', target: { kind: 'url', url: 'https://store.example/films?prompt=player_unavailable&slug=%2Ffilm%2Fnight-harbour' } },
    ]);
  });
});

describe('play-flow machine: from (play-page §2 "from": absent → the sign-in page, empty → none; §8)', () => {
  const missing = new S72Error('missing_from_library', 'x', { category: 'client', httpStatus: 403 });
  const unavailable = new S72Error('unavailable', 'x', { category: 'client', httpStatus: 403 });
  const { redirectUrl: _absent, ...noFrom } = session();

  it('from absent: missing_from_library goes to the configured sign-in page with prompt and slug', () => {
    const ts = run([{ type: 'start', session: noFrom }, loaded({ configuration: { sign_in_url: '/account/signin' } }), { type: 'failed', error: missing }]);
    expect(at(ts)).to.deep.include({ status: 'redirecting', reason: 'from' });
    expect(last(ts).commands).to.deep.equal([
      { type: 'navigate', target: { kind: 'url', url: 'https://store.example/account/signin?prompt=player_missing_from_library&slug=%2Ffilm%2Fnight-harbour' } },
    ]);
  });

  it('from absent, before the configuration is known: unavailable goes to the default sign-in page', () => {
    const ts = run([{ type: 'start', session: noFrom }, { type: 'failed', error: unavailable }]);
    expect(last(ts).commands).to.deep.equal([
      { type: 'navigate', target: { kind: 'url', url: 'https://store.example/signin.html?prompt=player_unavailable&slug=%2Ffilm%2Fnight-harbour' } },
    ]);
  });

  it('from empty (none): the code is shown, nothing is followed', () => {
    const ts = run([{ type: 'start', session: session({ redirectUrl: null }) }, loaded(), { type: 'failed', error: missing }]);
    expect(codeOf(at(ts))).to.equal('missing_from_library');
    expect(last(ts).commands).to.deep.equal([]);
  });

  it('other codes never follow the default', () => {
    const ts = run([{ type: 'start', session: noFrom }, loaded(), { type: 'failed', error: new S72Error('server_busy', 'x', { category: 'network', httpStatus: 502 }) }]);
    expect(codeOf(at(ts))).to.equal('server_busy');
  });
});

describe('play-flow machine: watch window and resume (play-page §2, §4 "Rental", §5)', () => {
  const toStreams: FlowEvent[] = [begin, loaded()];
  const progress = (position: number, lastPlayedMsAgo: number, completed = false) => ({
    play_position: position,
    length: 3600,
    completed,
    last_played_at: iso(NOW - lastPlayedMsAgo),
  });

  it('a rental window that will start → the notice with the hours, then Play goes on', () => {
    const ts = run([...toStreams, { type: 'streams-loaded', now: NOW, response: streams({ will_trigger_watch_window: true, watch_window_duration: 120 }) }]);
    expect(at(ts)).to.deep.include({ status: 'watch-window', minutes: 120, endsAt: NOW + 2 * HOUR });
    const played = transition(at(ts), { type: 'watch-window-accepted' }, ENV);
    expect(played.state.status).to.equal('playing');
  });

  it('the window is capped by the end of availability (at least 1 hour shown)', () => {
    const ts = run([
      begin,
      loaded({ availabilities: [availability('/film/night-harbour', null, iso(NOW + 20 * 60_000))] }),
      { type: 'streams-loaded', now: NOW, response: streams({ will_trigger_watch_window: true, watch_window_duration: 120 }) },
    ]);
    expect(at(ts)).to.deep.include({ status: 'watch-window', minutes: 60, endsAt: NOW + 20 * 60_000 });
  });

  const rental = (info: Record<string, unknown>) => [{ item: '/film/night-harbour', info: { rental_playback_duration_minutes: 180, playback_start: null, ...info } }];

  it('the library entry decides: no playback_start + rental duration → notice with its hours', () => {
    const ts = run([...toStreams, { type: 'streams-loaded', now: NOW, response: streams(), library: rental({}) as never }]);
    expect(at(ts)).to.deep.include({ status: 'watch-window', minutes: 180, endsAt: NOW + 3 * HOUR });
  });

  it('a library entry whose window started → no notice, even if the streams answer says otherwise', () => {
    const ts = run([
      ...toStreams,
      { type: 'streams-loaded', now: NOW, response: streams({ will_trigger_watch_window: true, watch_window_duration: 120 }), library: rental({ playback_start: iso(NOW - HOUR) }) as never },
    ]);
    expect(at(ts).status).to.equal('playing');
  });

  it('the window is capped by the rental expiry', () => {
    const ts = run([...toStreams, { type: 'streams-loaded', now: NOW, response: streams(), library: rental({ expiry: iso(NOW + 90 * 60_000) }) as never }]);
    // 90 minutes, said as such (issue 22 item 15: the notice once rounded this to "2 hours").
    expect(at(ts)).to.deep.include({ status: 'watch-window', minutes: 90, endsAt: NOW + 90 * 60_000 });
  });

  it('no window to start → no notice', () => {
    expect(at(run([...toStreams, { type: 'streams-loaded', now: NOW, response: streams() }])).status).to.equal('playing');
  });

  it('in progress, last watched more than 3600 s ago → the resume prompt', () => {
    const ts = run([...toStreams, { type: 'streams-loaded', now: NOW, response: streams({ playback_progress: progress(600, HOUR + 1000) }) }]);
    expect(at(ts)).to.deep.include({ status: 'resume-prompt', position: 600 });
  });

  it('resume → plays from the position; start over → from the beginning', () => {
    const prompt = at(run([...toStreams, { type: 'streams-loaded', now: NOW, response: streams({ playback_progress: progress(600, 2 * 86_400_000) }) }]));
    const resumed = transition(prompt, { type: 'resume-chosen', resume: true }, ENV).state;
    expect(resumed.status === 'playing' && resumed.playback.startTime).to.equal(600);
    const over = transition(prompt, { type: 'resume-chosen', resume: false }, ENV).state;
    expect(over.status === 'playing' && over.playback.startTime).to.equal(undefined);
  });

  it('in progress, last watched less than 3600 s ago → plays at the saved position, no prompt', () => {
    const state = at(run([...toStreams, { type: 'streams-loaded', now: NOW, response: streams({ playback_progress: progress(600, HOUR - 1000) }) }]));
    expect(state.status === 'playing' && state.playback.startTime).to.equal(600);
  });

  it('completed (flag or > 0.8) → from the beginning', () => {
    for (const p of [progress(100, 2 * HOUR, true), progress(2900, 2 * HOUR)]) {
      const state = at(run([...toStreams, { type: 'streams-loaded', now: NOW, response: streams({ playback_progress: p }) }]));
      expect(state.status === 'playing' && state.playback.startTime).to.equal(undefined);
    }
  });

  it('t in the address overrides the saved position', () => {
    const state = at(
      run([{ type: 'start', session: session({ startTime: 42 }) }, loaded(), { type: 'streams-loaded', now: NOW, response: streams({ playback_progress: progress(600, 2 * HOUR) }) }]),
    );
    expect(state.status === 'playing' && state.playback.startTime).to.equal(42);
  });

  // play-page §5: the prompt needs the configuration's leave; "Otherwise playback starts at the saved
  // position" (issue 8: this used to assert a start from the beginning).
  it('without player_resume → plays at the saved position, no prompt', () => {
    for (const configuration of [{}, { player_resume: false }]) {
      const state = at(run([begin, loaded({ configuration }), { type: 'streams-loaded', now: NOW, response: streams({ playback_progress: progress(600, 2 * HOUR) }) }]));
      expect(state.status === 'playing' && state.playback.startTime).to.equal(600);
    }
  });

  it('without player_resume a completed item still starts from the beginning', () => {
    const state = at(run([begin, loaded({ configuration: {} }), { type: 'streams-loaded', now: NOW, response: streams({ playback_progress: progress(2900, 2 * HOUR) }) }]));
    expect(state.status === 'playing' && state.playback.startTime).to.equal(undefined);
  });

  it('in progress with no last_played_at → plays at the saved position (the gap is not known to exceed 3600 s)', () => {
    const { last_played_at: _none, ...p } = progress(600, 2 * HOUR);
    const state = at(run([...toStreams, { type: 'streams-loaded', now: NOW, response: streams({ playback_progress: p }) }]));
    expect(state.status === 'playing' && state.playback.startTime).to.equal(600);
  });
});

describe('play-flow machine: query switches reach the player (play-page §2)', () => {
  it('seeking=false, rates=true, autoplay=false, nav=false', () => {
    const s = session({ seekingEnabled: false, playbackRatesEnabled: true, autoplay: false, showNavbar: false });
    const state = at(run([{ type: 'start', session: s }, loaded(), { type: 'streams-loaded', now: NOW, response: streams() }]));
    if (state.status !== 'playing') throw new Error(state.status);
    expect(state.playback.config).to.deep.include({ seeking: false, playbackRates: true });
    expect(state.playback).to.deep.include({ autoplay: false, showNavbar: false });
  });

  it('cast=false and airplay=false are kept for the player', () => {
    const s = session({ castEnabled: false, airplayEnabled: false });
    const state = at(run([{ type: 'start', session: s }, loaded(), { type: 'streams-loaded', now: NOW, response: streams() }]));
    expect(state.status === 'playing' && state.playback).to.deep.include({ castEnabled: false, airplayEnabled: false });
  });
});

describe('play-flow machine: playback errors (play-page §8)', () => {
  const contentExpired = new S72Error('content_expired', 'x', { category: 'heartbeat' });
  it('PLAY_FAILED: the player\'s play_failed → the play_failed error screen, with player-error telemetry', () => {
    const playFailed = new S72Error('play_failed', 'Playback could not be started', { category: 'playback' });
    const ts = run([begin, loaded(), { type: 'streams-loaded', now: NOW, response: streams() }, { type: 'playback-failed', error: playFailed }]);
    expect(codeOf(at(ts))).to.equal('play_failed');
    expect(last(ts).commands.map((c) => c.type)).to.deep.equal(['track']);
  });
  it('content_expired without a play token → rental_expired', () => {
    const ts = run([begin, loaded(), { type: 'streams-loaded', now: NOW, response: streams({ play_token: null }) }, { type: 'playback-failed', error: contentExpired }]);
    expect(codeOf(at(ts))).to.equal('rental_expired');
  });
  it('content_expired with a play token stays content_expired', () => {
    const ts = run([begin, loaded(), { type: 'streams-loaded', now: NOW, response: streams() }, { type: 'playback-failed', error: contentExpired }]);
    expect(codeOf(at(ts))).to.equal('content_expired');
  });

  const drmFailed = new S72Error('drm_failed', 'x', { category: 'drm' });
  // A started rental: expiry in one hour.
  const startedRental = [{ item: '/film/night-harbour', info: { expiry: iso(NOW + HOUR), playback_start: iso(NOW - HOUR), rental_playback_duration_minutes: 180 } }];
  const playRental = { type: 'streams-loaded' as const, now: NOW, response: streams(), library: startedRental as never };
  it('drm_failed after the rental has ended → rental_expired', () => {
    const ts = run([begin, loaded(), playRental, { type: 'playback-failed', error: drmFailed, now: NOW + 2 * HOUR }]);
    expect(codeOf(at(ts))).to.equal('rental_expired');
  });
  it('drm_failed while the rental still runs stays drm_failed', () => {
    const ts = run([begin, loaded(), playRental, { type: 'playback-failed', error: drmFailed, now: NOW + HOUR / 2 }]);
    expect(codeOf(at(ts))).to.equal('drm_failed');
  });
  it('drm_failed on a title that is not a rental stays drm_failed', () => {
    const ts = run([begin, loaded(), { type: 'streams-loaded', now: NOW, response: streams() }, { type: 'playback-failed', error: drmFailed, now: NOW + 1000 * HOUR }]);
    expect(codeOf(at(ts))).to.equal('drm_failed');
  });
});

describe('play-flow machine: navigation bar (play-page §2 "Page elements": previous / next among the available ones)', () => {
  const ep = (n: number) => `/tv/harbour-lights/season/1/episode/${n}`;
  const episodeSession = (n: number) => session({ item: '/tv/harbour-lights/season/1', itemToPlay: ep(n) });
  const seasonLoaded = loaded({ metadata: { kind: 'season', season: SEASON }, availabilities: [] });
  // Episode 3 "South Light" is available, episode 2 in between is not.
  const SEASON3 = {
    ...SEASON,
    episodes: [
      ...(SEASON.episodes ?? []),
      { slug: ep(3), episode_number: 3, title: 'South Light', overview: null, runtime: 2, image_urls: {} },
    ],
  };
  const season3Loaded = loaded({ metadata: { kind: 'season', season: SEASON3 }, availabilities: [] });
  const navOf = (n: number, loadedEvent: FlowEvent, siblings?: ReturnType<typeof availability>[]) => {
    const state = at(
      run([{ type: 'start', session: episodeSession(n) }, loadedEvent, { type: 'streams-loaded', now: NOW, response: streams(), ...(siblings ? { siblings } : {}) }]),
    );
    return state.status === 'playing' ? state.playback.nav : undefined;
  };

  it('an episode asks for its siblings’ availabilities with the streams', () => {
    const ts = run([{ type: 'start', session: episodeSession(1) }, seasonLoaded]);
    expect(last(ts).commands).to.deep.equal([{ type: 'load-streams', session: episodeSession(1), slug: ep(1), siblings: [ep(1), ep(2)] }]);
  });

  // Issue 8: the immediate neighbour used to be shown disabled; the links skip to the nearest available one.
  it('next skips an unavailable episode to the nearest available one; previous likewise', () => {
    const siblings = [availability(ep(1)), availability(ep(2), iso(NOW + HOUR)), availability(ep(3))];
    expect(navOf(1, season3Loaded, siblings)).to.deep.equal({ next: { slug: ep(3), title: 'South Light' } });
    expect(navOf(3, season3Loaded, siblings)).to.deep.equal({ previous: { slug: ep(1), title: 'The Lamp Room' } });
  });

  it('no available episode after (or before): no link at all', () => {
    expect(navOf(1, seasonLoaded, [availability(ep(1)), availability(ep(2), iso(NOW + HOUR))])).to.deep.equal({});
    const expired = [availability(ep(1), null, iso(NOW - HOUR)), availability(ep(2)), availability(ep(3), null, iso(NOW - HOUR))];
    expect(navOf(2, season3Loaded, expired)).to.deep.equal({});
  });

  it('available neighbours are the links', () => {
    const all = [availability(ep(1)), availability(ep(2)), availability(ep(3))];
    expect(navOf(2, season3Loaded, all)).to.deep.equal({ previous: { slug: ep(1), title: 'The Lamp Room' }, next: { slug: ep(3), title: 'South Light' } });
  });

  it('a failed sibling lookup: none is known to be available, no links; a film has none', () => {
    expect(navOf(1, season3Loaded)).to.deep.equal({});
    const film = at(run([begin, loaded(), { type: 'streams-loaded', now: NOW, response: streams() }]));
    expect(film.status === 'playing' && film.playback.nav).to.deep.equal({});
  });
});
