/**
 * The engine's buffer sizes as the video holds them (issue 26: no test read them; player-and-client
 * §9 "Engine"): while `<s72-player>` plays the demo's clear DASH film (2-s segments), the buffer
 * ahead of the playhead grows to the buffering goal of 15 s and not beyond it by more than the
 * segment being fetched, and once the playhead is past 12 s the media behind it is trimmed to the
 * 12-s buffer behind. shaka removes what lies more than 12 s behind once that is over its 1-s
 * eviction goal, and the browser keeps the video from the next keyframe on (one per 2-s segment
 * here), so 10 to 14 s stay. Read from the video's `buffered` ranges while it plays, not from the
 * engine's configuration.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { MEDIA, demoUrl, resetDemo, until } from '../helpers/demo.js';

/** The film's segment length, seconds (demo/media: `d="24576"` at timescale 12288). */
const SEGMENT_S = 2;
const BUFFERING_GOAL_S = 15;
const BUFFER_BEHIND_S = 12;
/** Slack for the range edges Chromium reports (frame and audio-frame boundaries). */
const EDGE_S = 0.5;

/** The buffered range holding the playhead, or null. */
function rangeAtPlayhead(video: HTMLVideoElement): { start: number; end: number } | null {
  const t = video.currentTime;
  for (let i = 0; i < video.buffered.length; i++) {
    const start = video.buffered.start(i);
    const end = video.buffered.end(i);
    if (start <= t + 0.1 && t <= end + 0.1) return { start, end };
  }
  return null;
}

const ahead = (video: HTMLVideoElement): number => (rangeAtPlayhead(video)?.end ?? video.currentTime) - video.currentTime;
const behind = (video: HTMLVideoElement): number => video.currentTime - (rangeAtPlayhead(video)?.start ?? video.currentTime);

/** Samples `read` at every `timeupdate` until the playhead has moved `seconds` on; returns the samples. */
async function sampleWhilePlaying(video: HTMLVideoElement, seconds: number, read: () => number): Promise<number[]> {
  const samples: number[] = [];
  const from = video.currentTime;
  const onTime = (): void => void samples.push(read());
  video.addEventListener('timeupdate', onTime);
  try {
    await until(() => video.currentTime >= from + seconds, () => `playback moved on ${seconds} s from ${from} (at ${video.currentTime})`, 30_000);
  } finally {
    video.removeEventListener('timeupdate', onTime);
  }
  return samples;
}

const round = (values: number[]): string => values.map((v) => v.toFixed(1)).join(' ');

describe('<s72-player>: the buffer a playing video holds (15 s ahead, 12 s behind)', function () {
  this.timeout(90_000);

  beforeEach(() => resetDemo());

  it('ahead of the playhead grows to ~15 s and no further; behind it is trimmed to ~12 s once played past', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.clearDash)}></s72-player>`);
    const video = player.shadowRoot!.querySelector('video')!;
    await player.play();
    expect(video.paused, 'playing').to.equal(false);

    // Ahead: shaka fetches segments until 15 s are buffered, then one more each time it drops below.
    await until(() => ahead(video) >= BUFFERING_GOAL_S - EDGE_S, () => `15 s buffered ahead (${ahead(video).toFixed(1)} s at ${video.currentTime.toFixed(1)})`, 30_000);
    const aheadSamples = await sampleWhilePlaying(video, 2 * SEGMENT_S + 1, () => ahead(video));
    expect(aheadSamples.length, 'samples while playing').to.be.greaterThan(3);
    expect(Math.max(...aheadSamples), `ahead while playing: ${round(aheadSamples)}`).to.be.at.most(BUFFERING_GOAL_S + SEGMENT_S + EDGE_S);
    expect(Math.min(...aheadSamples), `ahead while playing: ${round(aheadSamples)}`).to.be.at.least(BUFFERING_GOAL_S - SEGMENT_S - EDGE_S);

    // Behind: seek forward inside the buffer, past the first 12 s; the next segment shaka appends
    // makes it drop what lies more than 12 s behind the playhead. That append can come before this
    // test reads the ranges again (a loaded machine), so the seek is checked for what a flush would
    // do: a flush leaves nothing behind the playhead, the 12-s rule leaves more than 12 s less one
    // keyframe interval (the browser removes up to the next keyframe).
    const target = video.currentTime + BUFFER_BEHIND_S + 1.5;
    expect(rangeAtPlayhead(video)!.end, 'the target is buffered').to.be.greaterThan(target);
    video.currentTime = target;
    await until(() => !video.seeking && video.currentTime >= target, 'the seek inside the buffer', 10_000);
    expect(behind(video), `nothing flushed by the seek: ${behind(video).toFixed(1)} s kept behind ${video.currentTime.toFixed(1)}`)
      .to.be.at.least(BUFFER_BEHIND_S - SEGMENT_S - EDGE_S);
    await until(
      () => behind(video) <= BUFFER_BEHIND_S + SEGMENT_S + EDGE_S,
      () => `the media behind trimmed to 12 s (${behind(video).toFixed(1)} s behind ${video.currentTime.toFixed(1)})`,
      30_000,
    );
    const behindSamples = await sampleWhilePlaying(video, 2 * SEGMENT_S + 1, () => behind(video));
    expect(Math.max(...behindSamples), `behind while playing: ${round(behindSamples)}`).to.be.at.most(BUFFER_BEHIND_S + SEGMENT_S + EDGE_S);
    expect(Math.min(...behindSamples), `behind while playing (no more is dropped): ${round(behindSamples)}`).to.be.at.least(BUFFER_BEHIND_S - SEGMENT_S - EDGE_S);
  });
});
