import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  checkCurrentDevice,
  checkDeviceSupport,
  supportForStream,
  DEFAULT_RESTRICTIONS,
  detectDevice,
  deviceFromClientHints,
  restrictionsFromToggles,
  type DeviceRestrictions,
  type SupportLevel,
} from '../../../src-shell/features/device-support/device-support.js';
import { parseUserAgent } from '../../../src-shell/features/device-support/user-agent.js';
import { DEVICE_SUPPORT_RECHECK_MS, DeviceSupportMonitor } from '../../../src-shell/features/device-support/monitor.js';
import { UA } from './user-agents.js';

const WIN11_HINT = { platformVersion: '15.0.0' };
const WIN10_HINT = { platformVersion: '10.0.0' };

describe('device support: the play-page §9 matrix over real user agents', () => {
  type Row = [label: string, ua: string, hints: { platformVersion?: string }, browser: string, os: string, mobile: boolean, level: SupportLevel];
  const rows: Row[] = [];
  for (const browser of ['Chrome', 'Edge', 'Firefox', 'Opera'] as const) {
    const win = UA[`${browser}/Windows`];
    rows.push([`${browser} on Windows 11`, win, WIN11_HINT, browser, 'Windows 11', false, 'yes']);
    rows.push([`${browser} on Windows 10`, win, WIN10_HINT, browser, 'Windows 10', false, 'yes']);
    rows.push([`${browser} on macOS`, UA[`${browser}/macOS`], {}, browser, 'macOS', false, 'yes']);
    rows.push([`${browser} on iOS`, UA[`${browser}/iOS`], {}, browser, 'iOS', true, 'yes']);
    rows.push([`${browser} on Android`, UA[`${browser}/Android`], {}, browser, 'Android', true, 'yes']);
    rows.push([`${browser} on Linux`, UA[`${browser}/Linux`], {}, browser, 'Linux', false, 'maybe']);
  }
  rows.push(['Safari on macOS', UA['Safari/macOS'], {}, 'Safari', 'macOS', false, 'yes']);
  rows.push(['Safari on iOS', UA['Safari/iOS'], {}, 'Safari', 'iOS', true, 'yes']);
  rows.push(['Safari on Windows 10', UA['Safari/Windows'], WIN10_HINT, 'Safari', 'Windows 10', false, 'no']);
  rows.push(['Safari on Windows 11', UA['Safari/Windows'], WIN11_HINT, 'Safari', 'Windows 11', false, 'no']);
  rows.push(['Samsung Internet on Android', UA['Samsung/Android'], {}, 'other', 'Android', true, 'no']);
  rows.push(['Internet Explorer on Windows 7', UA['IE/Windows7'], {}, 'other', 'other', false, 'no']);
  rows.push(['Chrome on Windows 7', UA['Chrome/Win7'], {}, 'Chrome', 'other', false, 'no']);
  rows.push(['Chrome on ChromeOS', UA['Chrome/ChromeOS'], {}, 'Chrome', 'other', false, 'no']);
  rows.push(['headless Chrome on Linux', UA.Headless, {}, 'Chrome', 'Linux', false, 'maybe']);
  rows.push(['Safari on iPad', UA.iPad, {}, 'Safari', 'iOS', true, 'yes']);

  for (const [label, ua, hints, browser, os, mobile, level] of rows) {
    it(`${label} → ${level}`, () => {
      const device = parseUserAgent(ua, hints);
      expect(device.browser, 'browser').to.equal(browser);
      expect(device.os, 'os').to.equal(os);
      expect(device.mobile, 'mobile').to.equal(mobile);
      const result = checkDeviceSupport(device);
      expect(result.supported).to.equal(level);
      expect({ browser: result.browser, os: result.os, mobile: result.mobile }).to.deep.equal({ browser, os, mobile });
      if (level === 'no') expect(result.reason).to.be.a('string');
      else expect(result.reason).to.equal(undefined);
    });
  }

  it('Windows without a platformVersion hint is taken as Windows 10', () => {
    expect(parseUserAgent(UA['Chrome/Windows']).os).to.equal('Windows 10');
  });

  it('an iPad asking for the desktop site (Macintosh with touch points) is iOS and mobile', () => {
    const device = parseUserAgent(UA['Safari/macOS'], { maxTouchPoints: 5 });
    expect(device.os).to.equal('iOS');
    expect(device.mobile).to.equal(true);
  });
});

describe('device support: detectDevice reads userAgentData for Windows 11', () => {
  it('asks for platformVersion on Windows and maps major ≥ 13 to Windows 11', async () => {
    const getHighEntropyValues = sinon.stub().resolves({ platformVersion: '15.0.0' });
    const device = await detectDevice({ userAgent: UA['Edge/Windows'], userAgentData: { getHighEntropyValues } });
    expect(getHighEntropyValues.callCount).to.equal(1);
    expect(getHighEntropyValues.firstCall.args[0]).to.deep.equal(['platformVersion']);
    expect(device.os).to.equal('Windows 11');
    expect(device.browser).to.equal('Edge');
  });

  it('a major below 13 is Windows 10; a failing lookup is Windows 10 too', async () => {
    const ten = await detectDevice({ userAgent: UA['Chrome/Windows'], userAgentData: { getHighEntropyValues: async () => ({ platformVersion: '10.0.0' }) } });
    expect(ten.os).to.equal('Windows 10');
    const failing = await detectDevice({ userAgent: UA['Chrome/Windows'], userAgentData: { getHighEntropyValues: () => Promise.reject(new Error('denied')) } });
    expect(failing.os).to.equal('Windows 10');
  });

  it('does not ask on other systems', async () => {
    const getHighEntropyValues = sinon.stub().resolves({ platformVersion: '15.0.0' });
    const device = await detectDevice({ userAgent: UA['Chrome/macOS'], userAgentData: { getHighEntropyValues } });
    expect(getHighEntropyValues.callCount).to.equal(0);
    expect(device.os).to.equal('macOS');
  });

  it('reads the real navigator by default (this Chromium)', async () => {
    const device = await detectDevice();
    expect(device.browser).to.equal('Chrome');
  });
});

describe('device support: a Chromium browser\'s client hints settle it without the user-agent parser (issue 23)', () => {
  const GREASE = { brand: 'Not:A-Brand', version: '8' };
  const hints = (brands: string[], platform: string, mobile = false) => ({
    brands: [GREASE, ...brands.map((brand) => ({ brand, version: '131' }))],
    platform,
    mobile,
  });
  // The browser's brands and platform → the same answer as parsing its user agent.
  const rows: [label: string, ua: string, data: ReturnType<typeof hints>, platformVersion?: string][] = [
    ['Chrome on Windows 11', UA['Chrome/Windows'], hints(['Google Chrome', 'Chromium'], 'Windows'), '15.0.0'],
    ['Chrome on Windows 10', UA['Chrome/Windows'], hints(['Chromium', 'Google Chrome'], 'Windows'), '10.0.0'],
    ['Edge on Windows 11', UA['Edge/Windows'], hints(['Chromium', 'Microsoft Edge'], 'Windows'), '15.0.0'],
    ['Opera on Windows 10', UA['Opera/Windows'], hints(['Chromium', 'Opera'], 'Windows'), '10.0.0'],
    ['Chrome on macOS', UA['Chrome/macOS'], hints(['Google Chrome', 'Chromium'], 'macOS')],
    ['Edge on macOS', UA['Edge/macOS'], hints(['Microsoft Edge', 'Chromium'], 'macOS')],
    ['Chrome on Android', UA['Chrome/Android'], hints(['Google Chrome', 'Chromium'], 'Android', true)],
    ['Opera on Android', UA['Opera/Android'], hints(['Opera', 'Chromium'], 'Android', true)],
    ['Chrome on Linux', UA['Chrome/Linux'], hints(['Google Chrome', 'Chromium'], 'Linux')],
    ['headless Chrome on Linux', UA.Headless, hints(['Chromium'], 'Linux')],
    ['Chrome on Windows 7', UA['Chrome/Win7'], hints(['Google Chrome', 'Chromium'], 'Windows')],
  ];
  for (const [label, ua, data, platformVersion] of rows) {
    it(`${label}: as the user agent says`, () => {
      const fromHints = deviceFromClientHints(data, ua, { platformVersion });
      const parsed = parseUserAgent(ua, { platformVersion });
      expect(fromHints, 'settled by the hints').to.not.equal(undefined);
      expect({ browser: fromHints!.browser, os: fromHints!.os, mobile: fromHints!.mobile, iphone: fromHints!.iphone }).to.deep.equal({
        browser: parsed.browser,
        os: parsed.os,
        mobile: parsed.mobile,
        iphone: parsed.iphone,
      });
    });
  }

  it('leaves other brands, other platforms and missing hints to the user agent', () => {
    expect(deviceFromClientHints(hints(['Samsung Internet', 'Chromium'], 'Android', true), UA['Samsung/Android'])).to.equal(undefined);
    expect(deviceFromClientHints(hints(['Brave', 'Chromium'], 'Windows'), UA['Chrome/Windows'])).to.equal(undefined);
    expect(deviceFromClientHints(hints(['Google Chrome', 'Chromium'], 'Chrome OS'), UA['Chrome/ChromeOS'])).to.equal(undefined);
    expect(deviceFromClientHints(hints([], 'Linux'), UA.Headless), 'GREASE only').to.equal(undefined);
    expect(deviceFromClientHints({ platform: 'Linux' }, UA.Headless), 'no brands').to.equal(undefined);
    expect(deviceFromClientHints(undefined, UA['Firefox/Windows'])).to.equal(undefined);
    // An overridden user agent (device emulation) keeps the browser's real hints: the user agent decides.
    expect(deviceFromClientHints(hints(['Chromium'], 'Linux'), UA['Firefox/Windows']), 'Firefox UA, Chromium hints').to.equal(undefined);
    expect(deviceFromClientHints(hints(['Chromium'], 'Linux'), UA['Safari/Windows']), 'Safari UA').to.equal(undefined);
    expect(deviceFromClientHints(hints(['Chromium'], 'Linux'), UA['Samsung/Android']), 'Android UA, Linux hints').to.equal(undefined);
    expect(deviceFromClientHints(hints(['Google Chrome', 'Chromium'], 'Android', true), UA['Samsung/Android']), 'Samsung UA').to.equal(undefined);
    expect(deviceFromClientHints(hints(['Microsoft Edge', 'Chromium'], 'Windows'), UA['Chrome/Windows']), 'Edge hints, Chrome UA').to.equal(undefined);
  });

  it('detectDevice takes the hints when they settle it, and the user agent otherwise', async () => {
    const fromHints = await detectDevice({ userAgent: UA['Chrome/macOS'], userAgentData: hints(['Google Chrome', 'Chromium'], 'macOS') });
    expect({ browser: fromHints.browser, browserName: fromHints.browserName, os: fromHints.os }).to.deep.equal({ browser: 'Chrome', browserName: 'Google Chrome', os: 'macOS' });
    const samsung = await detectDevice({ userAgent: UA['Samsung/Android'], userAgentData: hints(['Samsung Internet', 'Chromium'], 'Android', true) });
    expect({ browser: samsung.browser, os: samsung.os, mobile: samsung.mobile }).to.deep.equal({ browser: 'other', os: 'Android', mobile: true });
  });

  it('this Chromium (a secure context) is settled by its hints', async () => {
    const device = await detectDevice();
    expect(device.browser).to.equal('Chrome');
    const data = (navigator as unknown as { userAgentData?: { brands: { brand: string }[] } }).userAgentData;
    expect(data?.brands.map((entry) => entry.brand), 'a brand of this browser').to.include(device.browserName);
  });
});

describe('device support: restriction toggles', () => {
  const on = (patch: Partial<DeviceRestrictions>): DeviceRestrictions => ({ ...DEFAULT_RESTRICTIONS, ...patch });

  it('reads the storefront toggles by name; missing or non-boolean keep the default', () => {
    expect(restrictionsFromToggles({ block_firefox: true, block_macos_widevine: true, block_mobile_drm: true, iphone_fullscreen: false })).to.deep.equal({
      blockFirefox: true,
      blockMacosWidevine: true,
      blockMobileDrm: true,
      iphoneFullscreen: false,
    });
    expect(restrictionsFromToggles({ block_firefox: 'yes' })).to.deep.equal(DEFAULT_RESTRICTIONS);
    expect(restrictionsFromToggles(undefined)).to.deep.equal(DEFAULT_RESTRICTIONS);
  });

  it('block_firefox blocks Firefox everywhere and nothing else', () => {
    const restrictions = on({ blockFirefox: true });
    for (const key of ['Firefox/Windows', 'Firefox/macOS', 'Firefox/Android', 'Firefox/iOS', 'Firefox/Linux'] as const) {
      const result = checkDeviceSupport(parseUserAgent(UA[key]), { restrictions });
      expect(result.supported, key).to.equal('no');
      expect(result.reason).to.equal('blocked_firefox');
    }
    expect(checkDeviceSupport(parseUserAgent(UA['Chrome/Windows']), { restrictions }).supported).to.equal('yes');
    expect(checkDeviceSupport(parseUserAgent(UA['Firefox/Windows'])).supported).to.equal('yes');
  });

  it('block_macos_widevine blocks DRM in macOS browsers but Safari; clear content still plays', () => {
    const restrictions = on({ blockMacosWidevine: true });
    for (const key of ['Chrome/macOS', 'Edge/macOS', 'Firefox/macOS', 'Opera/macOS'] as const) {
      const result = checkDeviceSupport(parseUserAgent(UA[key]), { restrictions });
      expect(result.supported, key).to.equal('no');
      expect(result.reason).to.equal('blocked_macos_widevine');
      expect(checkDeviceSupport(parseUserAgent(UA[key]), { restrictions, drm: false }).supported, `${key} clear`).to.equal('yes');
    }
    expect(checkDeviceSupport(parseUserAgent(UA['Safari/macOS']), { restrictions }).supported).to.equal('yes');
    expect(checkDeviceSupport(parseUserAgent(UA['Chrome/Windows']), { restrictions }).supported).to.equal('yes');
  });

  it('block_mobile_drm blocks DRM content on phones and tablets only', () => {
    const restrictions = on({ blockMobileDrm: true });
    for (const key of ['Chrome/Android', 'Safari/iOS', 'Chrome/iOS', 'iPad'] as const) {
      const result = checkDeviceSupport(parseUserAgent(UA[key]), { restrictions });
      expect(result.supported, key).to.equal('no');
      expect(result.reason).to.equal('blocked_mobile_drm');
    }
    expect(checkDeviceSupport(parseUserAgent(UA['Chrome/Android']), { restrictions, drm: false }).supported).to.equal('yes');
    expect(checkDeviceSupport(parseUserAgent(UA['Chrome/macOS']), { restrictions }).supported).to.equal('yes');
  });

  it('a DRM-only block says so (drmOnly, clearLevel), and supportForStream lifts it for a clear stream (issue 8)', () => {
    const restrictions = on({ blockMobileDrm: true, blockMacosWidevine: true });
    for (const key of ['Chrome/Android', 'Chrome/macOS'] as const) {
      const result = checkDeviceSupport(parseUserAgent(UA[key]), { restrictions });
      expect(result, key).to.deep.include({ supported: 'no', drmOnly: true, clearLevel: 'yes' });
      expect(supportForStream(result, false), `${key} clear`).to.deep.include({ supported: 'yes' });
      expect(supportForStream(result, false)).to.not.have.property('reason');
      expect(supportForStream(result, true)).to.equal(result);
    }
    const firefox = checkDeviceSupport(parseUserAgent(UA['Firefox/Windows']), { restrictions: on({ blockFirefox: true }) });
    expect(firefox.drmOnly).to.not.equal(true);
    expect(supportForStream(firefox, false)).to.equal(firefox);
  });

  it('iphone_fullscreen off hides fullscreen on iPhone only, without blocking playback', () => {
    const restrictions = on({ iphoneFullscreen: false });
    const iphone = checkDeviceSupport(parseUserAgent(UA['Safari/iOS']), { restrictions });
    expect(iphone.supported).to.equal('yes');
    expect(iphone.fullscreenAllowed).to.equal(false);
    expect(checkDeviceSupport(parseUserAgent(UA.iPad), { restrictions }).fullscreenAllowed).to.equal(true);
    expect(checkDeviceSupport(parseUserAgent(UA['Chrome/Android']), { restrictions }).fullscreenAllowed).to.equal(true);
    expect(checkDeviceSupport(parseUserAgent(UA['Safari/iOS'])).fullscreenAllowed).to.equal(true);
  });
});

describe('DeviceSupportMonitor: recheck every 2 s', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => clock.restore());

  it('checks at once, then every 2 s, and calls back only on a change', async () => {
    expect(DEVICE_SUPPORT_RECHECK_MS).to.equal(2_000);
    let ua: string = UA['Chrome/Windows'];
    let restrictions = DEFAULT_RESTRICTIONS;
    const check = sinon.spy(() => checkDeviceSupport(parseUserAgent(ua), { restrictions }));
    const onChange = sinon.spy();
    const monitor = new DeviceSupportMonitor({ check, onChange });
    await monitor.start();
    expect(check.callCount).to.equal(1);
    expect(onChange.callCount).to.equal(1);
    expect(onChange.firstCall.args[0].supported).to.equal('yes');

    await clock.tickAsync(1_999);
    expect(check.callCount).to.equal(1);
    await clock.tickAsync(1);
    expect(check.callCount).to.equal(2);
    expect(onChange.callCount, 'no change, no callback').to.equal(1);

    ua = UA['Firefox/Windows'];
    restrictions = { ...DEFAULT_RESTRICTIONS, blockFirefox: true };
    await clock.tickAsync(2_000);
    expect(check.callCount).to.equal(3);
    expect(onChange.callCount).to.equal(2);
    expect(onChange.secondCall.args[0]).to.include({ supported: 'no', browser: 'Firefox', reason: 'blocked_firefox' });
    expect(onChange.secondCall.args[1]).to.include({ supported: 'yes', browser: 'Chrome' });
    expect(monitor.current?.supported).to.equal('no');

    monitor.stop();
    await clock.tickAsync(10_000);
    expect(check.callCount, 'stopped').to.equal(3);
  });

  it('keeps rechecking after a failing check', async () => {
    const check = sinon.stub();
    check.onFirstCall().rejects(new Error('boom'));
    check.returns(checkDeviceSupport(parseUserAgent(UA['Chrome/macOS'])));
    const onError = sinon.spy();
    const onChange = sinon.spy();
    const monitor = new DeviceSupportMonitor({ check, onChange, onError });
    await monitor.start();
    expect(onError.callCount).to.equal(1);
    expect(onChange.callCount).to.equal(0);
    await clock.tickAsync(DEVICE_SUPPORT_RECHECK_MS);
    expect(onChange.callCount).to.equal(1);
    monitor.stop();
  });
});

describe('device support: checkCurrentDevice', () => {
  it('detects and checks in one call, with restrictions', async () => {
    const yes = await checkCurrentDevice({ navigator: { userAgent: UA['Firefox/Windows'] } });
    expect(yes.supported).to.equal('yes');
    const blocked = await checkCurrentDevice({ navigator: { userAgent: UA['Firefox/Windows'] }, restrictions: { ...DEFAULT_RESTRICTIONS, blockFirefox: true } });
    expect(blocked).to.include({ supported: 'no', reason: 'blocked_firefox' });
  });
});
