/**
 * The engine's buffer window (player-and-client §9 "Engine": buffering goal 15 s, buffer behind
 * 12 s), read from what the media element holds rather than from the configuration: real shaka,
 * the demo storefront's clear DASH film (2-s segments), played at 4× so the window slides within
 * seconds. Shaka's own defaults (10 s ahead, 30 s behind) would fail both checks.
 */
import { expect } from '@open-wc/testing';
import { shakaEngineLoader } from '../../../src-element/core/engine/shaka-engine.js';
import type { Engine, EngineSource } from '../../../src-element/core/engine/engine.js';
import { MEDIA, demoUrl, nextEvent, resetDemo, until } from '../../helpers/demo.js';

const SEGMENT_S = 2;
const film = (): EngineSource => ({ kind: 'dash', url: demoUrl(MEDIA.clearDash), isLive: false, drms: [], drmServers: {}, licenseHeaders: {} });

/** The buffered range holding `time`, as [start, end], or null. */
function rangeAt(media: HTMLVideoElement, time: number): [number, number] | null {
  for (let i = 0; i < media.buffered.length; i++) {
    if (media.buffered.start(i) <= time && time <= media.buffered.end(i)) return [media.buffered.start(i), media.buffered.end(i)];
  }
  return null;
}

describe('shaka engine: buffer window', function () {
  this.timeout(60_000);
  let engine: Engine | null = null;
  let video: HTMLVideoElement | null = null;

  beforeEach(async () => {
    await resetDemo();
    video = Object.assign(document.createElement('video'), { muted: true, playsInline: true, width: 320 });
    document.body.append(video);
  });

  afterEach(async () => {
    await engine?.destroy();
    engine = null;
    video?.remove();
    video = null;
  });

  it('keeps about 15 s buffered ahead of the position and at most 12 s behind it', async () => {
    const media = video!;
    engine = await shakaEngineLoader.create(media, 'dash');
    await engine.load(film());
    const playing = nextEvent(media, 'playing');
    await media.play();
    await playing;
    media.playbackRate = 4;
    await until(() => media.currentTime >= 28, () => `position 28 s (at ${media.currentTime})`, 30_000);

    // Ahead: filled up to the 15-s goal (not shaka's default 10 s), never a segment past it.
    await until(
      () => {
        const range = rangeAt(media, media.currentTime);
        return range !== null && range[1] - media.currentTime >= 15 - SEGMENT_S;
      },
      () => `15 s ahead (buffered ${JSON.stringify(rangeAt(media, media.currentTime))} at ${media.currentTime})`,
      10_000,
    );
    const [start, end] = rangeAt(media, media.currentTime)!;
    const at = media.currentTime;
    expect(end - at, `ahead at ${at}: ${end}`).to.be.at.most(15 + SEGMENT_S + 0.5);
    // Behind: what is older than 12 s (plus the segment being evicted) is gone, not shaka's default 30 s.
    expect(at - start, `behind at ${at}: from ${start}`).to.be.at.most(12 + 2 * SEGMENT_S + 0.5);
    expect(at - start, 'something is kept behind').to.be.at.least(SEGMENT_S);
  });
});
