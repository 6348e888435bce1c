/** The device support step of the play-flow machine (play-page §4 step 5, §8, §9). */
import { expect } from '@open-wc/testing';
import { S72Error } from 's72-player/client';
import type { DeviceSupport } from '../../src-shell/features/device-support/index.js';
import { type FlowEvent } from '../../src-shell/features/play-flow/machine.js';
import { availability, CHROME, FILM, NOW, session, streams } from './fixtures.js';
import { last, run } from './support/machine.js';

const device = (supported: DeviceSupport['supported'], extra: Partial<DeviceSupport> = {}): DeviceSupport => ({
  supported,
  browser: 'Firefox',
  os: 'Windows 10',
  mobile: false,
  fullscreenAllowed: true,
  ...(supported === 'no' ? { reason: 'blocked_firefox' as const } : {}),
  ...extra,
});

const loaded = (d: DeviceSupport | undefined, pin = false, configuration: Record<string, unknown> = {}): FlowEvent => ({
  type: 'item-loaded',
  metadata: { kind: 'film', film: FILM },
  availabilities: [{ ...availability('/film/night-harbour'), requires_pin_code: pin }],
  configuration,
  capabilities: CHROME,
  now: NOW,
  ...(d ? { device: d } : {}),
});

describe('play-flow machine: device support (play-page §4 step 5)', () => {
  it('an unsupported device shows the unsupported-browser state and asks for the 2 s recheck, no streams call', () => {
    const s = session();
    const t = last(run([{ type: 'start', session: s }, loaded(device('no'), false, { app_url: 'https://apps.example/app' })]));
    expect(t.state).to.deep.include({ status: 'unsupported', cause: 'device', slug: '/film/night-harbour', appUrl: 'https://apps.example/app' });
    expect(t.state.status === 'unsupported' && t.state.support?.reason).to.equal('blocked_firefox');
    expect(t.commands).to.deep.equal([{ type: 'monitor-device', session: s }]);
  });

  it('a supported device goes on to the streams call', () => {
    const t = last(run([{ type: 'start', session: session() }, loaded(device('yes'))]));
    expect(t.state).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(t.commands[0]).to.deep.include({ type: 'load-streams' });
  });

  it('"maybe" (Linux in the §9 matrix) is allowed', () => {
    const t = last(run([{ type: 'start', session: session() }, loaded(device('maybe', { os: 'Linux', browser: 'Chrome' }))]));
    expect(t.state).to.deep.include({ status: 'loading', phase: 'streams' });
  });

  it('the check comes after the PIN: PIN first, then the unsupported state', () => {
    const ts = run([
      { type: 'start', session: session() },
      loaded(device('no'), true),
      { type: 'pin-exists', exists: true },
    ]);
    expect(last(ts).state.status).to.equal('pin');
    const after = last(run([{ type: 'pin-submitted', pin: '1234' }, { type: 'pin-verified' }], last(ts).state));
    expect(after.state).to.deep.include({ status: 'unsupported', cause: 'device' });
    expect(after.commands[0]).to.deep.include({ type: 'monitor-device' });
  });

  it('the check comes after the age check: an under-age viewer gets age_restricted, not the unsupported screen', () => {
    const ev = { ...loaded(device('no'), false, { minimum_purchase_age: 18 }), viewer: { kind: 'found', dob: '2015-01-01' } } as FlowEvent;
    const t = last(run([{ type: 'start', session: session() }, ev]));
    expect(t.state.status === 'error' && t.state.error.code).to.equal('age_restricted');
  });

  it('a recheck that is still unsupported stays, with the new verdict', () => {
    const ts = run([
      { type: 'start', session: session() },
      loaded(device('no')),
      { type: 'device-support-changed', support: device('no', { reason: 'browser_not_supported' }) },
    ]);
    const state = last(ts).state;
    expect(state.status === 'unsupported' && state.support?.reason).to.equal('browser_not_supported');
    expect(last(ts).commands).to.deep.equal([]);
  });

  it('a recheck that becomes supported continues to the streams call', () => {
    const ts = run([{ type: 'start', session: session() }, loaded(device('no')), { type: 'device-support-changed', support: device('yes') }]);
    expect(last(ts).state).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(last(ts).commands[0]).to.deep.include({ type: 'load-streams', slug: '/film/night-harbour' });
  });

  it('device-support-changed outside the unsupported state is ignored', () => {
    const ts = run([{ type: 'start', session: session() }, loaded(device('yes')), { type: 'device-support-changed', support: device('no') }]);
    expect(last(ts).state).to.deep.include({ status: 'loading', phase: 'streams' });
  });

  for (const code of ['drm_version_not_supported', 'content_not_supported', 'invalid_source_for_device'] as const) {
    it(`the player error ${code} leads to the unsupported-device page (play-page §8)`, () => {
      const ts = run([
        { type: 'start', session: session() },
        loaded(device('yes')),
        { type: 'streams-loaded', response: streams(), now: NOW },
        { type: 'playback-failed', error: new S72Error(code, code, { category: 'drm' }) },
      ]);
      expect(last(ts).state).to.deep.include({ status: 'unsupported', cause: code, slug: '/film/night-harbour' });
    });
  }

  it("the device check's restriction toggles reach the player's configuration (player-and-client §5)", () => {
    const restrictions = { blockFirefox: true, blockMacosWidevine: true, blockMobileDrm: false, iphoneFullscreen: false };
    const ts = run([
      { type: 'start', session: session() },
      loaded({ ...device('yes'), restrictions }),
      { type: 'streams-loaded', response: streams(), now: NOW },
    ]);
    const state = last(ts).state;
    expect(state.status).to.equal('playing');
    if (state.status !== 'playing') return;
    expect(state.playback.config.restrictions).to.deep.equal({
      blockFirefox: true,
      blockMacOSWidevine: true,
      blockMobileDrmContent: false,
      iphoneFullscreen: false,
    });
  });

  it('another critical player error still gives the error screen', () => {
    const ts = run([
      { type: 'start', session: session() },
      loaded(device('yes')),
      { type: 'streams-loaded', response: streams(), now: NOW },
      { type: 'playback-failed', error: new S72Error('drm_failed', 'x', { category: 'drm' }) },
    ]);
    const state = last(ts).state;
    expect(state.status === 'error' && state.error.code).to.equal('drm_failed');
  });
});

describe('play-flow machine: DRM-only restrictions never block clear content (play-page §9, issue 8)', () => {
  const drmBlocked = device('no', { browser: 'Chrome', os: 'Android', mobile: true, reason: 'blocked_mobile_drm', drmOnly: true, clearLevel: 'yes' });
  const CLEAR = { url: 'https://store.example/media/feature/mp4/feature.mp4', encoding_type: 'mp4', drm_type: [] };
  const CENC = { url: 'https://store.example/media/feature/dash-cenc/manifest.mpd', encoding_type: 'dash', drm_type: ['clearkey'] };

  it('block_mobile_drm / block_macos_widevine: the streams are asked for first; a clear stream plays', () => {
    const ts = run([{ type: 'start', session: session() }, loaded(drmBlocked)]);
    expect(last(ts).state).to.deep.include({ status: 'loading', phase: 'streams' });
    const t = last(run([{ type: 'streams-loaded', response: streams({ streams: [CLEAR] }), now: NOW }], last(ts).state));
    expect(t.state.status).to.equal('playing');
  });

  it('a DRM stream on such a device shows the unsupported-browser state with the restriction as reason', () => {
    const ts = run([{ type: 'start', session: session() }, loaded(drmBlocked)]);
    const t = last(run([{ type: 'streams-loaded', response: streams({ streams: [CENC] }), now: NOW }], last(ts).state));
    expect(t.state).to.deep.include({ status: 'unsupported', cause: 'device' });
    expect(t.state.status === 'unsupported' && t.state.support?.reason).to.equal('blocked_mobile_drm');
  });
});

describe('play-flow machine: iphone_fullscreen reaches the player (play-page §9)', () => {
  it('fullscreen not allowed on this device: the player config says fullscreen false; allowed: left to the player', () => {
    const off = last(run([{ type: 'start', session: session() }, loaded(device('yes', { fullscreenAllowed: false })), { type: 'streams-loaded', response: streams(), now: NOW }]));
    expect(off.state.status === 'playing' && off.state.playback.config.fullscreen).to.equal(false);
    const on = last(run([{ type: 'start', session: session() }, loaded(device('yes')), { type: 'streams-loaded', response: streams(), now: NOW }]));
    expect(on.state.status === 'playing' && on.state.playback.config).to.not.have.property('fullscreen');
  });
});
