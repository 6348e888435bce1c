/**
 * The engine-choice table (player-and-client §4 "Engine choice", §5; play-page §9 "Restriction
 * toggles"; issue 11): one data table, one test per row. Each row names a browser by its real user
 * agent, what its CDMs grant (key system → security level), the title's sources, the restriction
 * toggles, and the expected engine, kind and key-system order, or the error code.
 */
import { expect } from '@open-wc/testing';
import { chooseEngine, resolveSources, SOFTWARE_SECURE_MAX_HEIGHT } from '../../../src-element/core/engine/choose-source.js';
import type { DeviceFacts, KeySystemSupport } from '../../../src-element/core/drm/capabilities.js';
import { platformOf } from '../../../src-element/core/drm/platform.js';
import { nativeHlsEngineLoader } from '../../../src-element/core/engine/native-hls-loader.js';
import { shakaEngineLoader } from '../../../src-element/core/engine/shaka-engine.js';
import { isS72Error } from '../../../src-element/core/errors.js';
import type { DrmType, S72Asset, S72Restrictions } from '../../../src-element/core/types.js';

const UA = {
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
} as const;

const grant = (level: number, keySystem: string): KeySystemSupport => ({ keySystem, level, robustness: '', api: 'eme' });
const WV = (level: number) => ({ widevine: grant(level, 'com.widevine.alpha') });
const PR = (level: number) => ({ playready: grant(level, 'com.microsoft.playready.recommendation') });
const FP = { fairplay: grant(1, 'com.apple.fps') };

/** The storefront's usual title: DASH for Widevine + PlayReady, HLS for FairPlay, no MP4. */
const DRM_TITLE: Record<string, S72Asset> = {
  dash: { url: '/t.mpd', drms: ['widevine', 'playready'] },
  hls: { url: '/t.m3u8', drms: ['fairplay'] },
};
const CLEAR_TITLE: Record<string, S72Asset> = { dash: { url: '/c.mpd' }, hls: { url: '/c.m3u8' }, mp4: { url: '/c.mp4' } };

interface Row {
  name: string;
  ua: string;
  touch?: number;
  mse?: boolean;
  keySystems: Partial<Record<DrmType, KeySystemSupport>>;
  assets?: Record<string, S72Asset>;
  restrictions?: S72Restrictions;
  studioPolicy?: boolean;
  expected: { engine: string; kind: string; drms?: DrmType[]; maxHeight?: number } | { error: string };
}

const ROWS: Row[] = [
  // Safari on macOS: FairPlay through native HLS, since DASH (Widevine/PlayReady) is not usable.
  { name: 'Safari macOS, FairPlay → native HLS', ua: UA.safariMac, keySystems: FP, expected: { engine: 'native-hls', kind: 'hls', drms: ['fairplay'] } },
  { name: 'Safari macOS, no key system → content_not_supported', ua: UA.safariMac, keySystems: {}, expected: { error: 'content_not_supported' } },
  { name: 'Safari macOS, clear title → DASH through MSE', ua: UA.safariMac, keySystems: FP, assets: CLEAR_TITLE, expected: { engine: 'shaka', kind: 'dash' } },
  // "unless DASH is usable": a Safari with a Widevine grant (hypothetical) keeps DASH.
  { name: 'Safari macOS with Widevine too → DASH is usable, preferred', ua: UA.safariMac, keySystems: { ...FP, ...WV(1) }, expected: { engine: 'shaka', kind: 'dash', drms: ['widevine'] } },
  { name: 'Safari macOS, block macOS Widevine does not touch FairPlay', ua: UA.safariMac, keySystems: FP, restrictions: { blockMacOSWidevine: true }, expected: { engine: 'native-hls', kind: 'hls', drms: ['fairplay'] } },
  // iOS: no MSE on iPhone before 17.1 (ManagedMediaSource after): native HLS either way for FairPlay.
  { name: 'Safari iOS, FairPlay, no MSE → native HLS', ua: UA.safariIphone, mse: false, keySystems: FP, expected: { engine: 'native-hls', kind: 'hls', drms: ['fairplay'] } },
  { name: 'Safari iOS, clear title, no MSE → native HLS', ua: UA.safariIphone, mse: false, keySystems: {}, assets: CLEAR_TITLE, expected: { engine: 'native-hls', kind: 'hls' } },
  { name: 'Safari iOS, block mobile DRM → invalid_source_for_device', ua: UA.safariIphone, keySystems: FP, restrictions: { blockMobileDrmContent: true }, expected: { error: 'invalid_source_for_device' } },
  { name: 'Safari iOS, block mobile DRM, clear title still plays', ua: UA.safariIphone, mse: false, keySystems: FP, assets: CLEAR_TITLE, restrictions: { blockMobileDrmContent: true }, expected: { engine: 'native-hls', kind: 'hls' } },
  { name: 'iPadOS (Macintosh user agent with touch) counts as iOS', ua: UA.safariMac, touch: 5, mse: false, keySystems: FP, expected: { engine: 'native-hls', kind: 'hls', drms: ['fairplay'] } },
  // Chrome: Widevine DASH; FairPlay HLS is never chosen off Apple.
  { name: 'Chrome Windows, Widevine L3 → DASH with Widevine', ua: UA.chromeWindows, keySystems: WV(2), expected: { engine: 'shaka', kind: 'dash', drms: ['widevine'] } },
  { name: 'Chrome Windows, no Widevine → content_not_supported', ua: UA.chromeWindows, keySystems: {}, expected: { error: 'content_not_supported' } },
  { name: 'Chrome Windows, a FairPlay grant off Apple is not used', ua: UA.chromeWindows, keySystems: FP, expected: { error: 'content_not_supported' } },
  { name: 'Chrome macOS, block macOS Widevine → invalid_source_for_device', ua: UA.chromeMac, keySystems: WV(2), restrictions: { blockMacOSWidevine: true }, expected: { error: 'invalid_source_for_device' } },
  { name: 'Chrome macOS, block macOS Widevine, clear title plays', ua: UA.chromeMac, keySystems: WV(2), assets: CLEAR_TITLE, restrictions: { blockMacOSWidevine: true }, expected: { engine: 'shaka', kind: 'dash' } },
  { name: 'Chrome Android, block mobile DRM → invalid_source_for_device', ua: UA.chromeAndroid, keySystems: WV(5), restrictions: { blockMobileDrmContent: true }, expected: { error: 'invalid_source_for_device' } },
  { name: 'Chrome, software-secure Widevine under a studio policy → 719 lines', ua: UA.chromeWindows, keySystems: WV(2), studioPolicy: true, expected: { engine: 'shaka', kind: 'dash', drms: ['widevine'], maxHeight: SOFTWARE_SECURE_MAX_HEIGHT } },
  { name: 'Chrome, hardware-secure Widevine under a studio policy → no limit', ua: UA.chromeAndroid, keySystems: WV(3), studioPolicy: true, expected: { engine: 'shaka', kind: 'dash', drms: ['widevine'] } },
  { name: 'Chrome, software-secure Widevine without a studio policy → no limit', ua: UA.chromeWindows, keySystems: WV(1), expected: { engine: 'shaka', kind: 'dash', drms: ['widevine'] } },
  // Edge: PlayReady SL3000 beats software Widevine; equal levels keep Widevine first.
  { name: 'Edge, PlayReady 3000 over Widevine L3 → PlayReady first', ua: UA.edge, keySystems: { ...WV(2), ...PR(5) }, expected: { engine: 'shaka', kind: 'dash', drms: ['playready', 'widevine'] } },
  { name: 'Edge, PlayReady 2000 vs Widevine L3 (equal) → Widevine first', ua: UA.edge, keySystems: { ...WV(2), ...PR(2) }, expected: { engine: 'shaka', kind: 'dash', drms: ['widevine', 'playready'] } },
  { name: 'Edge, PlayReady only', ua: UA.edge, keySystems: PR(5), expected: { engine: 'shaka', kind: 'dash', drms: ['playready'] } },
  { name: 'Edge, PlayReady over software Widevine under a studio policy → no limit (PlayReady plays)', ua: UA.edge, keySystems: { ...WV(1), ...PR(5) }, studioPolicy: true, expected: { engine: 'shaka', kind: 'dash', drms: ['playready', 'widevine'] } },
  // Firefox: Widevine; the blockFirefox toggle blocks everything.
  { name: 'Firefox, Widevine → DASH', ua: UA.firefox, keySystems: WV(1), expected: { engine: 'shaka', kind: 'dash', drms: ['widevine'] } },
  { name: 'Firefox, block Firefox → invalid_source_for_device', ua: UA.firefox, keySystems: WV(1), restrictions: { blockFirefox: true }, expected: { error: 'invalid_source_for_device' } },
  { name: 'Firefox, block Firefox blocks clear titles too', ua: UA.firefox, keySystems: {}, assets: CLEAR_TITLE, restrictions: { blockFirefox: true }, expected: { error: 'invalid_source_for_device' } },
  { name: 'Firefox without Widevine (disabled CDM) → content_not_supported', ua: UA.firefox, keySystems: {}, expected: { error: 'content_not_supported' } },
  // MP4 last: a device without MSE off Apple plays the progressive file.
  { name: 'no MSE, clear title with MP4 → MP4', ua: UA.chromeWindows, mse: false, keySystems: {}, assets: CLEAR_TITLE, expected: { engine: 'shaka', kind: 'mp4' } },
];

function device(row: Row): DeviceFacts {
  return { platform: platformOf(row.ua, row.touch ?? 0), mse: row.mse ?? true, keySystems: row.keySystems };
}

describe('engine choice (player-and-client §4, §5; play-page §9 restrictions)', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const sources = resolveSources({
        content: { slug: '/film/t', assets: row.assets ?? DRM_TITLE },
        config: {
          drm: {
            widevine: { licenseUrl: '/wv' },
            playready: { licenseUrl: '/pr' },
            fairplay: { licenseUrl: '/fp', certificateUrl: '/fp/cert' },
            ...(row.studioPolicy ? { studioPolicy: true } : {}),
          },
        },
        baseUrl: 'https://store.example/play/',
        deviceId: 'device-0001',
      });
      const { expected } = row;
      if ('error' in expected) {
        let thrown: unknown;
        try {
          chooseEngine(sources, [shakaEngineLoader, nativeHlsEngineLoader], device(row), row.restrictions);
        } catch (error) {
          thrown = error;
        }
        expect(isS72Error(thrown) && thrown.code).to.equal(expected.error);
        return;
      }
      const { loader, source } = chooseEngine(sources, [shakaEngineLoader, nativeHlsEngineLoader], device(row), row.restrictions);
      expect({ engine: loader.name, kind: source.kind, drms: source.drms, maxHeight: source.maxHeight }).to.deep.equal({
        engine: expected.engine,
        kind: expected.kind,
        drms: expected.drms ?? [],
        maxHeight: expected.maxHeight,
      });
    });
  }

  it('Widevine licence and certificate URLs carry the device id d (play-page §7)', () => {
    const [source] = resolveSources({
      content: { slug: '/film/t', assets: DRM_TITLE },
      config: { drm: { widevine: { licenseUrl: '/services/license/widevine/cenc?x=1' } } },
      baseUrl: 'https://store.example/',
      deviceId: 'device-0001',
    });
    expect(source!.drmServers.widevine).to.deep.equal({
      licenseUrl: 'https://store.example/services/license/widevine/cenc?x=1&d=device-0001',
      certificateUrl: 'https://store.example/services/license/widevine/cenc?x=1&d=device-0001',
    });
  });

  it('a play token with delpol "studio" is a studio policy', () => {
    const payload = btoa(JSON.stringify({ delpol: 'studio' })).replace(/=+$/, '');
    const [source] = resolveSources({
      content: { slug: '/film/t', assets: DRM_TITLE, playToken: `h.${payload}.s` },
      config: {},
      baseUrl: 'https://store.example/',
    });
    expect(source!.studioPolicy).to.equal(true);
  });
});

describe('platformOf (user agents)', () => {
  const cases: [string, string, number, Partial<ReturnType<typeof platformOf>>][] = [
    ['Safari macOS', UA.safariMac, 0, { appleWebKit: true, macos: true, ios: false, mobile: false }],
    ['iPhone', UA.safariIphone, 5, { appleWebKit: true, ios: true, iphone: true, mobile: true, macos: false }],
    ['iPadOS desktop mode', UA.safariMac, 5, { appleWebKit: true, ios: true, iphone: false, macos: false }],
    ['Chrome macOS', UA.chromeMac, 0, { appleWebKit: false, macos: true }],
    ['Edge', UA.edge, 0, { appleWebKit: false, firefox: false, mobile: false }],
    ['Firefox', UA.firefox, 0, { firefox: true, appleWebKit: false }],
    ['Chrome Android', UA.chromeAndroid, 5, { mobile: true, ios: false, appleWebKit: false }],
  ];
  for (const [name, ua, touch, facts] of cases) it(name, () => expect(platformOf(ua, touch)).to.include(facts));
});
