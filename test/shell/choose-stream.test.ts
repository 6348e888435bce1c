import { expect } from '@open-wc/testing';
import type { Stream } from 's72-player/client';
import { buildContent, buildPlayerConfig } from '../../src-shell/features/play-flow/build-content.js';
import {
  chooseStream,
  configuredKeySystems,
  streamKind,
  toAsset,
  type PlaybackCapabilities,
} from '../../src-shell/features/play-flow/choose-stream.js';

const chrome: PlaybackCapabilities = { mse: true, nativeHls: false, mp4: true, keySystems: ['clearkey'] };
const safari: PlaybackCapabilities = { mse: true, nativeHls: true, mp4: true, keySystems: ['fairplay'] };
const ALL = ['widevine', 'playready', 'clearkey', 'fairplay'] as const;

const s = (encoding_type: string, drm_type: string[] = [], extra: Partial<Stream> = {}): Stream => ({
  url: `https://cdn.example/${encoding_type}-${drm_type.join('+') || 'clear'}`,
  encoding_type,
  drm_type,
  ...extra,
});

describe('stream choice (play-page §4; player-and-client §4 "Engine choice")', () => {
  it('prefers DASH, then HLS, then MP4, whatever the server order', () => {
    const streams = [s('mp4'), s('hls'), s('dash')];
    expect(chooseStream(streams, chrome, ALL)!.kind).to.equal('dash');
    expect(chooseStream([s('mp4'), s('hls')], chrome, ALL)!.kind).to.equal('hls');
    expect(chooseStream([s('mp4')], chrome, ALL)!.kind).to.equal('mp4');
  });

  it('plays CENC DASH with ClearKey when ClearKey is supported and has a licence server', () => {
    const chosen = chooseStream([s('dash', ['clearkey']), s('mp4')], chrome, ALL)!;
    expect(chosen).to.deep.include({ kind: 'dash', drms: ['clearkey'] });
  });

  it('skips a DRM stream whose key system has no licence server configured', () => {
    const chosen = chooseStream([s('dash', ['clearkey']), s('mp4')], chrome, ['widevine'])!;
    expect(chosen.kind).to.equal('mp4');
  });

  it('skips a DRM stream whose key system the browser lacks', () => {
    const chosen = chooseStream([s('dash', ['widevine', 'playready']), s('hls')], chrome, ALL)!;
    expect(chosen.kind).to.equal('hls');
  });

  it('keeps only the usable key systems of a multi-DRM stream', () => {
    const caps = { ...chrome, keySystems: ['widevine', 'clearkey'] as const };
    const chosen = chooseStream([s('dash', ['playready', 'widevine'])], caps, ALL)!;
    expect(chosen.drms).to.deep.equal(['widevine']);
  });

  it('uses FairPlay only with native HLS', () => {
    expect(chooseStream([s('hls', ['fairplay'])], safari, ALL)).to.deep.include({ kind: 'hls', drms: ['fairplay'] });
    expect(chooseStream([s('hls', ['fairplay'])], { ...chrome, keySystems: ['fairplay'] }, ALL)).to.equal(undefined);
    expect(chooseStream([s('dash', ['fairplay'])], safari, ALL)).to.equal(undefined);
  });

  it('ignores unknown encodings and unknown key systems, and returns undefined when nothing fits', () => {
    expect(chooseStream([s('smooth'), s('dash', ['foo'])], chrome, ALL)).to.equal(undefined);
    expect(chooseStream([], chrome, ALL)).to.equal(undefined);
    expect(chooseStream([s('dash')], { ...chrome, mse: false }, ALL)).to.equal(undefined);
  });

  it('reads dash variants and progressive files', () => {
    expect(streamKind('dash_cenc')).to.equal('dash');
    expect(streamKind('HLS')).to.equal('hls');
    expect(streamKind('mp4')).to.equal('mp4');
    expect(streamKind('smooth')).to.equal(undefined);
  });

  it('marks a stream with broadcast_id as live', () => {
    const chosen = chooseStream([s('dash', [], { broadcast_id: 'live-1' })], chrome, ALL)!;
    expect(toAsset(chosen)).to.deep.equal({ url: chosen.stream.url, isLive: true });
  });
});

describe('content and player configuration (player-and-client §3)', () => {
  it('builds licence URLs for every key system on the storefront origin', () => {
    const config = buildPlayerConfig('https://store.example', { seekingEnabled: false, playbackRatesEnabled: true });
    expect(config.drm).to.deep.equal({
      widevine: { licenseUrl: 'https://store.example/services/license/widevine/cenc' },
      playready: { licenseUrl: 'https://store.example/services/license/playready/cenc' },
      clearkey: { licenseUrl: 'https://store.example/services/license/clearkey' },
      fairplay: {
        licenseUrl: 'https://store.example/services/license/fairplay/cenc',
        certificateUrl: 'https://store.example/services/license/fairplay/cenc/cert',
      },
    });
    expect(config).to.include({ seeking: false, playbackRates: true });
    expect(configuredKeySystems(config)).to.have.members(['widevine', 'playready', 'clearkey', 'fairplay']);
  });

  it('builds the content with only the chosen asset and both tokens', () => {
    const chosen = chooseStream([s('dash', ['clearkey']), s('mp4')], chrome, ALL)!;
    const content = buildContent({
      slug: '/film/x',
      title: 'X',
      thumb: 'https://img/x.jpg',
      chosen,
      authToken: 'auth',
      playToken: 'play',
    });
    expect(content).to.deep.equal({
      slug: '/film/x',
      title: 'X',
      images: { thumb: 'https://img/x.jpg' },
      assets: { dash: { url: chosen.stream.url, isLive: false, drms: ['clearkey'] } },
      authorization: 'auth',
      playToken: 'play',
    });
  });
});
