import { expect } from '@open-wc/testing';
import { chooseEngine, defaultDrmConfig, kindOfUrl, resolveSources } from '../../../src-element/core/engine/choose-source.js';
import type { EngineLoader } from '../../../src-element/core/engine/engine.js';
import { isS72Error } from '../../../src-element/core/errors.js';
import type { DeviceFacts } from '../../../src-element/core/drm/capabilities.js';
import { platformOf } from '../../../src-element/core/drm/platform.js';

const base = 'https://store.example/play/';
/** A device that grants every key system (the loaders decide in these tests). */
const ANY_DEVICE: DeviceFacts = {
  platform: platformOf(''),
  mse: true,
  keySystems: Object.fromEntries(
    (['widevine', 'playready', 'clearkey'] as const).map((drm) => [drm, { keySystem: drm, level: 1, robustness: '', api: 'eme' as const }]),
  ),
};
const loader = (name: string, canPlay: EngineLoader['canPlay']): EngineLoader => ({
  name,
  canPlay,
  preload: async () => undefined,
  create: async () => {
    throw new Error('not used');
  },
});

describe('resolveSources / chooseEngine (player-and-client §4 "Engine choice")', () => {
  it('guesses the kind of a bare URL', () => {
    expect(kindOfUrl('/a/manifest.mpd?x=1')).to.equal('dash');
    expect(kindOfUrl('https://x/master.M3U8#t')).to.equal('hls');
    expect(kindOfUrl('/film.mp4')).to.equal('mp4');
  });

  it('orders content assets DASH, HLS, MP4 and sends the play token instead of the auth token', () => {
    const sources = resolveSources({
      content: {
        slug: '/film/x',
        authorization: ' auth ',
        playToken: ' play ',
        assets: { mp4: { url: '/x.mp4' }, hls: { url: '/x.m3u8' }, dash: { url: '/x.mpd', drms: ['clearkey', 'bogus' as never] } },
      },
      config: { drm: defaultDrmConfig('https://store.example', ['clearkey']) },
      baseUrl: base,
    });
    expect(sources.map((s) => s.kind)).to.deep.equal(['dash', 'hls', 'mp4']);
    expect(sources[0]!.url).to.equal('https://store.example/x.mpd');
    expect(sources[0]!.drms).to.deep.equal(['clearkey']);
    expect(sources[0]!.licenseHeaders).to.deep.equal({ 'x-play-token': 'play' });
    expect(sources[0]!.drmServers.clearkey!.licenseUrl).to.equal('https://store.example/services/license/clearkey');
  });

  it('falls back to x-auth-token without a play token, and to no header without either', () => {
    const withAuth = resolveSources({ content: { slug: 's', authorization: 'a', assets: { dash: { url: '/m.mpd' } } }, config: {}, baseUrl: base });
    expect(withAuth[0]!.licenseHeaders).to.deep.equal({ 'x-auth-token': 'a' });
    const none = resolveSources({ content: { slug: 's', assets: { dash: { url: '/m.mpd' } } }, config: {}, baseUrl: base });
    expect(none[0]!.licenseHeaders).to.deep.equal({});
  });

  it('builds a DRM source from plain attributes (src + license-url, any EME system)', () => {
    const [source] = resolveSources({ content: null, src: 'm.mpd', licenseUrl: '/lic', authToken: 't', config: {}, baseUrl: base });
    expect(source!.kind).to.equal('dash');
    expect(source!.url).to.equal('https://store.example/play/m.mpd');
    expect(source!.drms).to.deep.equal(['widevine', 'playready', 'clearkey']);
    expect(source!.drmServers.widevine!.licenseUrl).to.equal('https://store.example/lic');
    expect(source!.licenseHeaders).to.deep.equal({ 'x-auth-token': 't' });
  });

  it('has nothing to play without content or src', () => {
    expect(resolveSources({ content: null, config: {}, baseUrl: base })).to.deep.equal([]);
  });

  it('skips a DRM source whose key systems have no licence server, and picks the next playable one', () => {
    const sources = resolveSources({
      content: { slug: 's', assets: { dash: { url: '/m.mpd', drms: ['widevine'] }, mp4: { url: '/m.mp4' } } },
      config: {},
      baseUrl: base,
    });
    const choice = chooseEngine(sources, [loader('any', () => true)], ANY_DEVICE);
    expect(choice.source.kind).to.equal('mp4');
  });

  it('passes only the configured key systems to the engine', () => {
    const sources = resolveSources({
      content: { slug: 's', assets: { dash: { url: '/m.mpd', drms: ['widevine', 'clearkey'] } } },
      config: { drm: { clearkey: { licenseUrl: '/ck' } } },
      baseUrl: base,
    });
    const seen: string[][] = [];
    chooseEngine(sources, [loader('spy', (_kind, drms) => (seen.push([...drms]), true))], ANY_DEVICE);
    expect(seen).to.deep.equal([['clearkey']]);
  });

  it('throws content_not_supported when no engine can play any source', () => {
    const sources = resolveSources({ content: { slug: 's', assets: { dash: { url: '/m.mpd' } } }, config: {}, baseUrl: base });
    let thrown: unknown;
    try {
      chooseEngine(sources, [loader('none', () => false)], ANY_DEVICE);
    } catch (error) {
      thrown = error;
    }
    expect(isS72Error(thrown) && thrown.code).to.equal('content_not_supported');
  });
});
