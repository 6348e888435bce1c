/**
 * The native HLS engine (core/engine/native-hls-engine.ts) on Chromium's own media pipeline: it is
 * Apple's HLS player on Safari, but every part but the HLS parsing is the `<video>` element, so it
 * is exercised here on the demo MP4 (Chromium plays no FairPlay HLS): load, start position, seek
 * range, stats, tracks, error mapping, FairPlay set up before the source (fake CDM), destroy.
 */
import { expect } from '@open-wc/testing';
import { NativeHlsEngine } from '../../src-element/core/engine/native-hls-engine.js';
import type { EngineSource } from '../../src-element/core/engine/engine.js';
import { keySystemSupport } from '../../src-element/core/drm/capabilities.js';
import { rejection, MEDIA, demoUrl, recordedRequests, resetDemo, ADULT_TOKEN } from '../helpers/demo.js';
import { installFakeCdm } from '../helpers/fake-cdm.js';

const source = (url: string, extra: Partial<EngineSource> = {}): EngineSource => ({
  kind: 'hls',
  url,
  isLive: false,
  drms: [],
  drmServers: {},
  licenseHeaders: {},
  ...extra,
});

describe('native HLS engine', function () {
  this.timeout(20_000);
  let video: HTMLVideoElement;
  let engine: NativeHlsEngine;

  beforeEach(async () => {
    await resetDemo();
    video = document.createElement('video');
    video.muted = true;
    document.body.append(video);
    engine = new NativeHlsEngine(video);
  });
  afterEach(async () => {
    await engine.destroy();
    video.remove();
  });

  it('loads at the start position; seek range, stats and (native ABR) no video tracks', async () => {
    await engine.load(source(demoUrl(MEDIA.mp4)), 12);
    expect(video.currentTime).to.be.closeTo(12, 0.1);
    const range = engine.seekRange();
    expect(range.start).to.equal(0);
    expect(range.end).to.be.closeTo(video.duration, 0.1);
    expect(engine.videoTracks()).to.deep.equal([]);
    expect(engine.getStats()).to.include({ width: 1280, height: 720 });
    expect(engine.playheadDateMs()).to.equal(null);
  });

  it('a source the browser refuses → content_not_supported', async () => {
    const error = await rejection(engine.load(source(demoUrl('/media/feature/missing.m3u8'))));
    expect(error.code).to.equal('content_not_supported');
  });

  it('FairPlay is set up (certificate, MediaKeys) before the source; destroy releases the video', async () => {
    const cdm = installFakeCdm({ 'com.apple.fps': {} });
    try {
      const support = (await keySystemSupport(['fairplay'])).fairplay!;
      await engine.load(
        source(demoUrl(MEDIA.mp4), {
          drms: ['fairplay'],
          drmServers: { fairplay: { licenseUrl: demoUrl('/services/license/fairplay/cenc'), certificateUrl: demoUrl('/services/license/fairplay/cenc/cert') } },
          licenseHeaders: { 'x-auth-token': ADULT_TOKEN },
          keySystemSupport: { fairplay: support },
        }),
      );
      expect(cdm.serverCertificates).to.deep.equal(['S72-DEMO-FAIRPLAY-APPLICATION-CERTIFICATE']);
      expect((await recordedRequests('/services/license/fairplay/cenc/cert')).length).to.equal(1);
      expect(video.mediaKeys, 'the fake MediaKeys are on the video').to.not.equal(null);
      await engine.destroy();
      expect(video.getAttribute('src')).to.equal(null);
      expect(video.mediaKeys).to.equal(null);
    } finally {
      cdm.uninstall();
    }
  });
});
