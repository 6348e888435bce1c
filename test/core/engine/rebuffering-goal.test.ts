/**
 * The rebuffering goal (player-and-client §9 "Engine": 3 s) applies to rebuffering: the shaka
 * engine starts and seeks at goal 0 (playback as soon as the media element can play; issue 12) and
 * switches to 3 s when the media runs dry while playing, until the next seek. Real shaka, the demo
 * storefront's clear DASH film, a real stall made by slowing the segment requests down while
 * playing at 16×.
 */
import { expect } from '@open-wc/testing';
import { REBUFFERING_GOAL_S, shakaEngineLoader } from '../../../src-element/core/engine/shaka-engine.js';
import type { Engine, EngineSource } from '../../../src-element/core/engine/engine.js';
import { MEDIA, demoControl, demoUrl, nextEvent, resetDemo, until } from '../../helpers/demo.js';

const film = (): EngineSource => ({ kind: 'dash', url: demoUrl(MEDIA.clearDash), isLive: false, drms: [], drmServers: {}, licenseHeaders: {} });

describe('shaka engine: rebuffering goal', function () {
  this.timeout(60_000);
  let engine: (Engine & { readonly rebufferingGoal?: number }) | null = null;
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
    await resetDemo();
  });

  it('starts at goal 0, a stall while playing switches to 3 s, a seek goes back to 0', async () => {
    const media = video!;
    engine = await shakaEngineLoader.create(media, 'dash');
    const goal = () => engine!.rebufferingGoal;
    await engine.load(film());
    expect(goal(), 'the start does not wait for 3 s of media').to.equal(0);
    const playing = nextEvent(media, 'playing');
    await media.play();
    await playing;
    expect(goal(), 'playing').to.equal(0);

    // Every segment request now takes 2.5 s; at 16× the buffered 15 s run out in about a second.
    await demoControl('latency', { path: '/media/feature/dash/*', ms: 2_500 });
    const waiting = nextEvent(media, 'waiting');
    media.playbackRate = 16;
    await waiting;
    expect(media.seeking, 'a stall, not a seek').to.equal(false);
    expect(goal(), 'after the stall').to.equal(REBUFFERING_GOAL_S);

    await demoControl('latency', { path: '/media/feature/dash/*', ms: 0 });
    media.playbackRate = 1;
    media.currentTime = 5;
    await until(() => goal() === 0, 'the seek puts the goal back to 0');
  });

  it('a new load starts at goal 0 again', async () => {
    const media = video!;
    engine = await shakaEngineLoader.create(media, 'dash');
    await engine.load(film());
    await media.play();
    await demoControl('latency', { path: '/media/feature/dash/*', ms: 2_500 });
    const waiting = nextEvent(media, 'waiting');
    media.playbackRate = 16;
    await waiting;
    expect(engine.rebufferingGoal).to.equal(REBUFFERING_GOAL_S);
    await demoControl('latency', { path: '/media/feature/dash/*', ms: 0 });
    media.playbackRate = 1;
    await engine.load(film());
    expect(engine.rebufferingGoal).to.equal(0);
  });
});
