/** The play page's cast and AirPlay settings (src-shell/features/play-flow/cast-config.ts; play-page §2, §9; player-and-client §3, §5). */
import { expect } from '@open-wc/testing';
import { castPlayerConfig } from '../../src-shell/features/play-flow/cast-config.js';
import { playingFilm } from './support/machine.js';

const ORIGIN = 'https://store.example';
const session = { castEnabled: true, airplayEnabled: true, authToken: ' viewer ' };

describe('play page cast configuration', () => {
  it('off unless the configuration enables it (player-and-client §5 "cast config enabled")', () => {
    expect(castPlayerConfig(ORIGIN, session, {}).cast!.enabled).to.equal(false);
    expect(castPlayerConfig(ORIGIN, session).cast!.enabled).to.equal(false);
  });
  it('enabled: the storefront as playlist base URL and the viewer token; no app id without one configured (none built in); /devices.html', () => {
    expect(castPlayerConfig(ORIGIN, session, { cast_enabled: true }, [], { defaultAppId: undefined })).to.deep.equal({
      cast: { enabled: true, playlist: { baseUrl: ORIGIN, authToken: 'viewer' } },
      airplay: true,
      manageDevicesUrl: 'https://store.example/devices.html',
    });
  });
  it('cast=false / airplay=false turn them off', () => {
    expect(castPlayerConfig(ORIGIN, { ...session, castEnabled: false, airplayEnabled: false }, { cast_enabled: true }).cast!.enabled).to.equal(false);
    expect(castPlayerConfig(ORIGIN, { ...session, airplayEnabled: false }).airplay).to.equal(false);
    expect(castPlayerConfig(ORIGIN, session, { cast_enabled: false }).cast!.enabled).to.equal(false);
  });
  it('the `cast` feature toggle false turns casting off; true or unread keeps the configuration', () => {
    const configuration = { cast_enabled: true, cast_app_id: 'ABCD1234' };
    expect(castPlayerConfig(ORIGIN, session, configuration, [], { castToggle: false }).cast!.enabled).to.equal(false);
    expect(castPlayerConfig(ORIGIN, session, configuration, [], { castToggle: true }).cast!.enabled).to.equal(true);
    expect(castPlayerConfig(ORIGIN, session, configuration, [], {}).cast!.enabled).to.equal(true);
  });
  it('the page\'s build-time default app id (play-page §9 "Default cast app id is present") when the configuration names none', () => {
    expect(castPlayerConfig(ORIGIN, session, { cast_enabled: true }, [], { defaultAppId: 'FEED0001' }).cast!.appId).to.equal('FEED0001');
    expect(castPlayerConfig(ORIGIN, session, { cast_enabled: true, cast_app_id: 'ABCD1234' }, [], { defaultAppId: 'FEED0001' }).cast!.appId).to.equal('ABCD1234');
  });
  it('the configured app id and devices page; a devices page on another origin falls back to the default', () => {
    const config = castPlayerConfig(ORIGIN, { ...session, authToken: undefined }, { cast_enabled: true, cast_app_id: 'ABCD1234', devices_url: '/account/devices' });
    expect(config.cast).to.deep.equal({ enabled: true, appId: 'ABCD1234', playlist: { baseUrl: ORIGIN } });
    expect(config.manageDevicesUrl).to.equal('https://store.example/account/devices');
    expect(castPlayerConfig(ORIGIN, session, { devices_url: 'https://evil.example/devices' }).manageDevicesUrl).to.equal('https://store.example/devices.html');
  });
});

describe('play telemetry of casting (play-page §7 "cast events")', () => {
  const change = (casting: boolean, connectionStatus = casting ? 'CONNECTED' : 'NOT_CONNECTED') => ({ casting, connectionStatus, friendlyName: 'TV' });
  it('cast-started when playback moves to the receiver, cast-ended when it comes back, nothing in between', async () => {
    const { castTelemetryEvents, castErrorTelemetry } = await import('../../src-shell/features/play-flow/cast-config.js');
    expect(castTelemetryEvents(null, change(false))).to.deep.equal([]);
    expect(castTelemetryEvents(change(false), change(true))).to.deep.equal([{ event: 'cast-started', data: { connectionStatus: 'CONNECTED' } }]);
    expect(castTelemetryEvents(change(true), change(true))).to.deep.equal([]);
    expect(castTelemetryEvents(change(true), change(false))).to.deep.equal([{ event: 'cast-ended', data: { connectionStatus: 'NOT_CONNECTED' } }]);
    expect(castErrorTelemetry({ code: 'cast_sdk_not_loaded', category: 'cast' })).to.deep.equal([{ event: 'cast-error', data: { code: 'cast_sdk_not_loaded' } }]);
    expect(castErrorTelemetry({ code: 'network_error', category: 'network' })).to.deep.equal([]);
  });
});

describe('the flow hands the player its cast settings (play-page §2 `cast`, `airplay`)', () => {
  const playing = (params: { castEnabled?: boolean; airplayEnabled?: boolean }, configuration: Record<string, unknown>) =>
    playingFilm({ session: params, configuration }).playback.config;

  it('cast_enabled with cast_app_id and devices_url; the cast and airplay parameters switch them off', () => {
    const configuration = { cast_enabled: true, cast_app_id: 'ABCD1234', devices_url: '/my/devices', minimum_purchase_age: 18 };
    const on = playing({}, configuration);
    expect(on.cast).to.deep.include({ enabled: true, appId: 'ABCD1234' });
    expect(on.cast!.playlist!.baseUrl).to.equal(ORIGIN);
    expect(on.airplay).to.equal(true);
    expect(on.manageDevicesUrl).to.equal(`${ORIGIN}/my/devices`);
    const off = playing({ castEnabled: false, airplayEnabled: false }, configuration);
    expect(off.cast!.enabled).to.equal(false);
    expect(off.airplay).to.equal(false);
  });

  it('the device check\'s `cast` feature toggle, false, switches casting off', () => {
    const configuration = { cast_enabled: true, cast_app_id: 'ABCD1234' };
    const state = playingFilm({
      configuration,
      device: { supported: 'yes', browser: 'Chrome', os: 'Linux', mobile: false, fullscreenAllowed: true, castToggle: false },
    });
    expect(state.playback.config.cast!.enabled).to.equal(false);
  });
});
