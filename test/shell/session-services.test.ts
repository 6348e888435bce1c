/**
 * The player's heartbeat, telemetry and live status settings from the configuration (issue 9;
 * player-and-client §3 "Player configuration", play-page §4, §7, §9), and the player configuration
 * the flow hands over with them.
 */
import { expect } from '@open-wc/testing';
import { buildPlayerConfig } from '../../src-shell/features/play-flow/build-content.js';
import { secondsToMs, sessionServicesConfig } from '../../src-shell/features/play-flow/session-services.js';
import { streams } from './fixtures.js';
import { playingFilm } from './support/machine.js';

const ORIGIN = 'https://store.example';

describe('session services configuration (player-and-client §3)', () => {
  it('without keys: heartbeat and live status on the default paths, no player telemetry', () => {
    expect(sessionServicesConfig(ORIGIN, {})).to.deep.equal({
      heartbeat: { uri: `${ORIGIN}/services/license/heartbeat`, intervalMs: 30_000 },
      live: { statusBaseUrl: `${ORIGIN}/services/live/v1/streamstatus`, pollIntervalMs: 15_000 },
    });
  });

  it('reads the uris and the frequencies (seconds → ms)', () => {
    const config = sessionServicesConfig(ORIGIN, {
      heartbeat_uri: '/hb',
      heartbeat_frequency: 12,
      player_telemetry_uri: 'https://store.example/qoe',
      telemetry_frequency: '7',
      live_status_base_url: '/live/status',
      live_status_frequency: 2.5,
    });
    expect(config).to.deep.equal({
      heartbeat: { uri: `${ORIGIN}/hb`, intervalMs: 12_000 },
      telemetry: { uri: `${ORIGIN}/qoe`, intervalMs: 7_000 },
      live: { statusBaseUrl: `${ORIGIN}/live/status`, pollIntervalMs: 2_500 },
    });
  });

  it('a uri on another origin is not trusted with the play token (default or none)', () => {
    const config = sessionServicesConfig(ORIGIN, {
      heartbeat_uri: 'https://evil.example/hb',
      player_telemetry_uri: 'javascript:alert(1)',
      live_status_base_url: '//evil.example/live',
    });
    expect(config.heartbeat?.uri).to.equal(`${ORIGIN}/services/license/heartbeat`);
    expect(config).to.not.have.property('telemetry');
    expect(config.live?.statusBaseUrl).to.equal(`${ORIGIN}/services/live/v1/streamstatus`);
    const allowed = sessionServicesConfig(ORIGIN, { heartbeat_uri: 'https://hb.example/beat' }, ['https://hb.example']);
    expect(allowed.heartbeat?.uri).to.equal('https://hb.example/beat');
  });

  it('frequencies that are not positive numbers fall back', () => {
    for (const bad of [0, -5, Number.NaN, 'soon', null, true, '']) expect(secondsToMs(bad, 1234)).to.equal(1234);
    expect(secondsToMs('30', 1)).to.equal(30_000);
  });

  it('buildPlayerConfig carries them', () => {
    const config = buildPlayerConfig(ORIGIN, { seekingEnabled: true, playbackRatesEnabled: false }, null, true, {
      configuration: { heartbeat_frequency: 5, player_telemetry_uri: '/services/license/play_telemetry', telemetry_frequency: 10 },
    });
    expect(config.heartbeat).to.deep.equal({ uri: `${ORIGIN}/services/license/heartbeat`, intervalMs: 5_000 });
    expect(config.telemetry).to.deep.equal({ uri: `${ORIGIN}/services/license/play_telemetry`, intervalMs: 10_000 });
    expect(config.live).to.deep.equal({ statusBaseUrl: `${ORIGIN}/services/live/v1/streamstatus`, pollIntervalMs: 15_000 });
  });

  it('the flow hands the player the configuration’s services and the streams answer’s play token', () => {
    const configuration = { heartbeat_uri: '/hb', heartbeat_frequency: 3, live_status_frequency: 4, minimum_purchase_age: 18 };
    const state = playingFilm({ configuration, streams: streams({ play_token: 'fresh-play' }) });
    expect(state.playback.config.heartbeat).to.deep.equal({ uri: `${ORIGIN}/hb`, intervalMs: 3_000 });
    expect(state.playback.config.live).to.deep.equal({ statusBaseUrl: `${ORIGIN}/services/live/v1/streamstatus`, pollIntervalMs: 4_000 });
    expect(state.playback.config).to.not.have.property('telemetry');
    expect(state.playback.content.playToken).to.equal('fresh-play');
  });
});
