/** The cast state machine (core/cast/cast-state.ts, core/cast/cast-reducer.ts; player-and-client §3 "Cast state", §4 "Cast connection status", "Cast app state", "Cast panel"). */
import { expect } from '@open-wc/testing';
import { castError } from '../../../src-element/core/cast/cast-errors.js';
import type { MediaStatus, ReceiverStatus } from '../../../src-element/core/cast/cast-messages.js';
import {
  INITIAL_CAST_STATE,
  castButtonShows,
  castScreen,
  isCasting,
  showsReplay,
  type CastState,
} from '../../../src-element/core/cast/cast-state.js';
import { castReducer, type CastEvent } from '../../../src-element/core/cast/cast-reducer.js';

const run = (events: CastEvent[], from: CastState = INITIAL_CAST_STATE): CastState => events.reduce(castReducer, from);
const receiver = (status: Partial<ReceiverStatus>): CastEvent => ({
  type: 'receiver-status',
  status: { requestId: 1, appState: 'IDLE', friendlyName: null, errorScreen: null, deviceInfo: null, nowPlaying: null, audioTracks: null, textTracks: null, ad: null, ...status },
});
const media = (status: Partial<MediaStatus>): CastEvent => ({
  type: 'media-status',
  status: { requestId: 2, appState: 'PLAYING', currentTime: null, duration: null, volumeLevel: null, muted: null, ...status },
});
const connected = run([{ type: 'cast-state', castState: 'NOT_CONNECTED' }, { type: 'choose-target' }, { type: 'session-started', friendlyName: 'Living Room TV', resumed: false }]);

describe('cast connection status (player-and-client §4)', () => {
  it('starts UNAVAILABLE; the SDK reports NO_DEVICES_AVAILABLE, NOT_CONNECTED, CONNECTING, CONNECTED', () => {
    expect(INITIAL_CAST_STATE.connectionStatus).to.equal('UNAVAILABLE');
    for (const sdk of ['NO_DEVICES_AVAILABLE', 'NOT_CONNECTED', 'CONNECTING', 'CONNECTED'] as const) {
      expect(run([{ type: 'cast-state', castState: sdk }]).connectionStatus, sdk).to.equal(sdk);
    }
  });

  it('connecting sets CHOOSING_TARGET, wantsToBeConnected and isChoosingTarget; the picker keeps it over NOT_CONNECTED', () => {
    const choosing = run([{ type: 'cast-state', castState: 'NOT_CONNECTED' }, { type: 'choose-target' }]);
    expect(choosing).to.include({ connectionStatus: 'CHOOSING_TARGET', wantsToBeConnected: true, isChoosingTarget: true });
    expect(castReducer(choosing, { type: 'cast-state', castState: 'NOT_CONNECTED' }).connectionStatus).to.equal('CHOOSING_TARGET');
    const connecting = castReducer(choosing, { type: 'cast-state', castState: 'CONNECTING' });
    expect(connecting.connectionStatus).to.equal('CONNECTING');
    expect(castScreen(connecting)).to.equal('choose-device');
  });

  it('a cancelled picker: NOT_CONNECTED, not wanting to connect, the error kept', () => {
    const error = castError('choose_target_cancelled');
    const state = run([{ type: 'choose-target' }, { type: 'choose-target-failed', error }]);
    expect(state).to.include({ connectionStatus: 'NOT_CONNECTED', wantsToBeConnected: false, isChoosingTarget: false, error });
  });

  it('a session: CONNECTED, app state INITIALIZING, the receiver name', () => {
    expect(connected).to.include({ connectionStatus: 'CONNECTED', appState: 'INITIALIZING', friendlyName: 'Living Room TV', isChoosingTarget: false });
    expect(castScreen(connected)).to.equal('initializing');
    expect(isCasting(connected)).to.equal(true);
  });

  it('stopping on purpose: NOT_CONNECTED; a session ending by itself: CONNECTION_DROPPED and connection lost', () => {
    const stopped = castReducer(connected, { type: 'session-ended', requested: true });
    expect(stopped).to.include({ connectionStatus: 'NOT_CONNECTED', wantsToBeConnected: false, connectionLost: false, appState: null });
    expect(isCasting(stopped)).to.equal(false);
    const dropped = castReducer(connected, { type: 'session-ended', requested: false });
    expect(dropped).to.include({ connectionStatus: 'CONNECTION_DROPPED', connectionLost: true });
    expect(castScreen(dropped)).to.equal('connection-lost');
    expect(castReducer(dropped, { type: 'cast-state', castState: 'NOT_CONNECTED' }).connectionStatus, 'stays until the viewer acts').to.equal('CONNECTION_DROPPED');
  });

  it('the SDK missing: UNAVAILABLE with the error; no cast button then, nor without devices', () => {
    const error = castError('cast_sdk_not_loaded');
    const state = castReducer(connected, { type: 'unavailable', error });
    expect(state).to.include({ connectionStatus: 'UNAVAILABLE', error });
    expect(castButtonShows(state)).to.equal(false);
    expect(castButtonShows(run([{ type: 'cast-state', castState: 'NO_DEVICES_AVAILABLE' }]))).to.equal(false);
    expect(castButtonShows(run([{ type: 'cast-state', castState: 'NOT_CONNECTED' }]))).to.equal(true);
  });
});

describe('cast app state (player-and-client §4)', () => {
  it('INITIALIZING → LOADING (playlist sent) → IDLE → the receiver player states → FINISHED', () => {
    let state = castReducer(connected, { type: 'load-sent' });
    expect(state.appState).to.equal('LOADING');
    state = castReducer(state, media({ appState: 'IDLE' }));
    expect(state.appState, 'an idle media channel before the playlist plays').to.equal('LOADING');
    state = castReducer(state, receiver({ appState: 'IDLE' }));
    expect(state.appState).to.equal('IDLE');
    for (const playerState of ['BUFFERING', 'PLAYING', 'PAUSED'] as const) {
      state = castReducer(state, media({ appState: playerState, currentTime: 12, duration: 60, volumeLevel: 0.4, muted: true }));
      expect(state.appState).to.equal(playerState);
      expect(castScreen(state)).to.equal('casting');
    }
    expect(state).to.include({ currentTime: 12, duration: 60, volumeLevel: 0.4, muted: true });
    expect(showsReplay(state)).to.equal(false);
    state = castReducer(state, media({ appState: 'FINISHED' }));
    expect(state.appState).to.equal('FINISHED');
    expect(showsReplay(state), 'replay when finished').to.equal(true);
  });

  it('the receiver status fills tracks, ad state, device info and now playing', () => {
    const state = castReducer(
      connected,
      receiver({
        appState: 'PLAYING',
        friendlyName: 'Bedroom',
        deviceInfo: { model: 'Chromecast with Google TV', androidTv: true, remoteInput: true },
        nowPlaying: { slug: '/film/night-harbour', playlistSlug: null, title: 'Night Harbour' },
        audioTracks: [{ id: 1, language: 'en', label: 'English', active: true }],
        textTracks: [{ id: 2, language: 'ar', label: 'Arabic', active: false }],
        ad: { isPlayingBreak: true, canSkipAd: false, whenSkippable: 5 },
      }),
    );
    expect(state.friendlyName).to.equal('Bedroom');
    expect(state.deviceInfo).to.deep.equal({ model: 'Chromecast with Google TV', androidTv: true, remoteInput: true });
    expect(state.nowPlaying?.title).to.equal('Night Harbour');
    expect(state.audioTracks).to.have.length(1);
    expect(state.textTracks[0]!.label).to.equal('Arabic');
    expect(state.ad).to.deep.equal({ isPlayingBreak: true, canSkipAd: false, whenSkippable: 5 });
    expect(castReducer(state, { type: 'remote-player', ad: { canSkipAd: true } }).ad.canSkipAd).to.equal(true);
  });

  for (const screen of ['too-many-devices', 'output-restricted', 'unsupported-chromecast-device', 'unknown-error'] as const) {
    it(`error screen ${screen}: ERRORED, the error screen, replay; media status does not hide it`, () => {
      const state = castReducer(connected, receiver({ appState: 'IDLE', errorScreen: screen }));
      expect(state).to.include({ appState: 'ERRORED', errorScreen: screen });
      expect(castScreen(state)).to.equal('error-screen');
      expect(showsReplay(state)).to.equal(true);
      expect(castReducer(state, media({ appState: 'PLAYING' })).appState).to.equal('ERRORED');
      expect(castReducer(castReducer(state, { type: 'load-sent' }), receiver({ appState: 'PLAYING' })).errorScreen, 'Try again clears it').to.equal(null);
    });
  }

  it('a status timeout: connection lost (casting still counts); the next answer clears it', () => {
    const lost = castReducer(connected, { type: 'status-timeout', error: castError('timeout') });
    expect(lost.connectionLost).to.equal(true);
    expect(castScreen(lost)).to.equal('connection-lost');
    expect(isCasting(lost)).to.equal(true);
    expect(castReducer(lost, receiver({ appState: 'PLAYING' })).connectionLost).to.equal(false);
  });

  it('answers while not connected are ignored', () => {
    const idle = run([{ type: 'cast-state', castState: 'NOT_CONNECTED' }]);
    expect(castReducer(idle, receiver({ appState: 'PLAYING' }))).to.equal(idle);
    expect(castReducer(idle, media({ appState: 'PLAYING' }))).to.equal(idle);
    expect(castReducer(idle, { type: 'remote-player', currentTime: 3 })).to.equal(idle);
    expect(castScreen(idle)).to.equal('none');
  });
});
