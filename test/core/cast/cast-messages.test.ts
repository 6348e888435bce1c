/** Cast messages (core/cast/cast-messages.ts; player-and-client §7), errors (§8) and support rules (§5). */
import { expect } from '@open-wc/testing';
import { CAST_ERROR_MESSAGES, castError, playerCastErrorKind, requestSessionErrorCode } from '../../../src-element/core/cast/cast-errors.js';
import {
  appStatusRequest,
  mediaStatusRequest,
  parseMediaStatus,
  parseReceiverStatus,
  playlistStartMessage,
  requestIds,
  skipAdRequest,
} from '../../../src-element/core/cast/cast-messages.js';
import { castAppId, castSupport, manageDevicesUrl } from '../../../src-element/core/cast/cast-support.js';

describe('cast messages (player-and-client §7)', () => {
  it('status channel APP_STATUS? and media channel GET_STATUS carry a request id', () => {
    const next = requestIds();
    expect(appStatusRequest(next())).to.deep.equal({ type: 'APP_STATUS?', requestId: 1 });
    expect(mediaStatusRequest(next())).to.deep.equal({ type: 'GET_STATUS', requestId: 2 });
    expect(skipAdRequest(next())).to.deep.equal({ type: 'SKIP_AD', requestId: 3 });
  });

  it('the playlist start message: slug, authToken, baseUrl, telemetry, heartbeat, playFrom, originatedFrom', () => {
    const message = playlistStartMessage(7, {
      slug: '/film/night-harbour',
      authToken: ' token ',
      baseUrl: 'https://api.example.com',
      telemetry: { uri: '/t', intervalMs: 30_000 },
      heartbeat: { uri: '/h', intervalMs: 30_000 },
      position: 42.5,
      pageUrl: 'https://www.example.com/play/?u=secret#/film/night-harbour',
    });
    expect(message).to.deep.equal({
      type: 'PLAYLIST_START',
      requestId: 7,
      slug: '/film/night-harbour',
      authToken: 'token',
      baseUrl: 'https://api.example.com',
      telemetry: { uri: '/t', intervalMs: 30_000 },
      heartbeat: { uri: '/h', intervalMs: 30_000 },
      playFrom: 42.5,
      originatedFrom: 'https://www.example.com/play/',
    });
    expect(JSON.stringify(message.originatedFrom)).not.to.contain('secret');
  });

  it('mode beginning plays from 0; defaults: page origin, no token, no telemetry/heartbeat; bad positions → 0', () => {
    const message = playlistStartMessage(1, { slug: '/film/x', position: 42, mode: 'beginning', pageUrl: 'https://a.example/play/' });
    expect(message).to.include({ playFrom: 0, baseUrl: 'https://a.example', authToken: null, telemetry: null, heartbeat: null });
    expect(playlistStartMessage(1, { slug: '/film/x', position: Number.NaN, pageUrl: 'x' }).playFrom).to.equal(0);
    expect(playlistStartMessage(1, { slug: '/film/x', position: -3, pageUrl: 'x' }).playFrom).to.equal(0);
  });

  it('APP_STATUS answers are parsed from JSON text or objects; anything else is null', () => {
    const status = parseReceiverStatus(
      JSON.stringify({
        type: 'APP_STATUS',
        requestId: 4,
        appState: 'PLAYING',
        friendlyName: 'TV',
        error: { errorScreen: 'output-restricted' },
        deviceInfo: { model: 'Chromecast', androidTv: true, remoteInput: false },
        nowPlaying: { slug: '/film/x', playlistSlug: '/film/x/playlist', title: 'X' },
        audioTracks: [{ id: 1, language: 'en', label: 'English', active: true }, { bad: true }],
        ad: { isPlayingBreak: true, canSkipAd: true, whenSkippable: 5 },
      }),
    );
    expect(status).to.deep.include({ requestId: 4, appState: 'PLAYING', friendlyName: 'TV', errorScreen: 'output-restricted' });
    expect(status!.audioTracks).to.have.length(1);
    expect(status!.nowPlaying).to.deep.equal({ slug: '/film/x', playlistSlug: '/film/x/playlist', title: 'X' });
    expect(parseReceiverStatus({ type: 'APP_STATUS', appState: 'IDLE', error: { errorScreen: 'mystery' } })!.errorScreen, 'an unknown screen').to.equal('unknown-error');
    for (const bad of ['{', 'null', '[]', { type: 'OTHER' }, { type: 'APP_STATUS', appState: 'DANCING' }, 42]) {
      expect(parseReceiverStatus(bad), JSON.stringify(bad)).to.equal(null);
    }
  });

  it('MEDIA_STATUS: player states, IDLE FINISHED → FINISHED, IDLE ERROR → ERRORED', () => {
    const answer = (status: unknown) => ({ type: 'MEDIA_STATUS', requestId: 9, status: [status] });
    expect(parseMediaStatus(answer({ playerState: 'PLAYING', currentTime: 3, media: { duration: 60 }, volume: { level: 0.5, muted: false } }))).to.deep.equal({
      requestId: 9,
      appState: 'PLAYING',
      currentTime: 3,
      duration: 60,
      volumeLevel: 0.5,
      muted: false,
    });
    expect(parseMediaStatus(answer({ playerState: 'IDLE', idleReason: 'FINISHED' }))!.appState).to.equal('FINISHED');
    expect(parseMediaStatus(answer({ playerState: 'IDLE', idleReason: 'ERROR' }))!.appState).to.equal('ERRORED');
    expect(parseMediaStatus(answer({ playerState: 'IDLE' }))!.appState).to.equal('IDLE');
    expect(parseMediaStatus({ type: 'MEDIA_STATUS', status: [] })).to.equal(null);
    expect(parseMediaStatus(answer({ playerState: 'WHATEVER' }))).to.equal(null);
  });
});

describe('cast errors (player-and-client §8 "Cast")', () => {
  const table: Array<[Parameters<typeof castError>[0], string, string]> = [
    ['cast_sdk_not_loaded', 'Cast SDK not loaded', 'connectionFailed'],
    ['not_connected', 'Not connected to a Chromecast', 'connectionFailed'],
    ['connect_failed', CAST_ERROR_MESSAGES.connect_failed, 'connectionFailed'],
    ['send_message_failed', CAST_ERROR_MESSAGES.send_message_failed, 'connectionFailed'],
    ['bad_config', CAST_ERROR_MESSAGES.bad_config, 'badConfig'],
    ['receiver_status_error', 'Error getting receiver status', 'connectionFailed'],
    ['timeout', 'Get Receiver status timed out', 'connectionFailed'],
    ['choose_target_cancelled', 'User cancelled cast target selection', 'chooseTargetCancelled'],
  ];
  for (const [code, message, kind] of table) {
    it(`${code}: "${message}", player-side ${kind}, recoverable`, () => {
      const error = castError(code);
      expect(error).to.include({ code, message, category: 'cast', severity: 'recoverable' });
      expect(error.data['kind']).to.equal(kind);
      expect(playerCastErrorKind(code)).to.equal(kind);
    });
  }
  it('requestSession rejections: cancel → choose_target_cancelled, timeout → timeout, others → connect_failed', () => {
    expect(requestSessionErrorCode('cancel')).to.equal('choose_target_cancelled');
    expect(requestSessionErrorCode({ code: 'cancel' })).to.equal('choose_target_cancelled');
    expect(requestSessionErrorCode('timeout')).to.equal('timeout');
    expect(requestSessionErrorCode('receiver_unavailable')).to.equal('connect_failed');
    expect(requestSessionErrorCode(undefined)).to.equal('connect_failed');
  });
});

describe('cast support (player-and-client §5; play-page §9)', () => {
  const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
  const on = { cast: { enabled: true, appId: 'ABCD1234' } };
  const rows: Array<[string, string, number, string]> = [
    ['Chrome on Windows', CHROME, 0, 'allowed'],
    ['Edge', `${CHROME} Edg/130.0`, 0, 'allowed'],
    ['headless Chromium (tests)', CHROME.replace('Chrome/', 'HeadlessChrome/'), 0, 'allowed'],
    ['Safari on macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15', 0, 'safari'],
    ['Chrome on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1', 5, 'safari'],
    ['iPadOS (desktop UA)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15', 5, 'safari'],
    ['Firefox', 'Mozilla/5.0 (Windows NT 10.0; rv:130.0) Gecko/20100101 Firefox/130.0', 0, 'firefox'],
    ['Samsung Tizen TV', 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) Version/6.0 TV Safari/537.36', 0, 'smart-tv'],
    ['LG webOS', 'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/87.0 Safari/537.36', 0, 'smart-tv'],
  ];
  for (const [name, ua, touch, expected] of rows) it(`${name}: ${expected}`, () => expect(castSupport(on, ua, touch)).to.equal(expected));
  it('off unless the configuration enables it (cast=false, no cast config)', () => {
    expect(castSupport({}, CHROME)).to.equal('disabled');
    expect(castSupport({ cast: { enabled: false } }, CHROME)).to.equal('disabled');
    expect(castSupport(undefined, CHROME)).to.equal('disabled');
  });
  it('enabled without an app id: no-app-id (no silent default receiver); Safari stays safari', () => {
    expect(castSupport({ cast: { enabled: true } }, CHROME)).to.equal('no-app-id');
    expect(castSupport({ cast: { enabled: true, appId: '  ' } }, CHROME)).to.equal('no-app-id');
    expect(castSupport({ cast: { enabled: true } }, 'Mozilla/5.0 (Windows NT 10.0; rv:130.0) Gecko/20100101 Firefox/130.0')).to.equal('firefox');
  });
  it('app id: the configured one, else none; manage-devices URL: default /devices.html, never javascript:', () => {
    expect(castAppId({ cast: { enabled: true, appId: ' ABCD1234 ' } })).to.equal('ABCD1234');
    expect(castAppId({ cast: { enabled: true } })).to.equal(null);
    expect(manageDevicesUrl({})).to.equal('/devices.html');
    expect(manageDevicesUrl({ manageDevicesUrl: '/account/devices' })).to.equal('/account/devices');
    expect(manageDevicesUrl({ manageDevicesUrl: 'https://shop.example/devices' })).to.equal('https://shop.example/devices');
    expect(manageDevicesUrl({ manageDevicesUrl: 'javascript:alert(1)' })).to.equal('/devices.html');
    expect(manageDevicesUrl({ manageDevicesUrl: '//evil.example' })).to.equal('/devices.html');
  });
});
