import { expect } from '@open-wc/testing';
import { mediaPosition, seekMedia, watchMediaMetadata } from '../../src-element/core/media-seek.js';
import { MEDIA, demoUrl, nextEvent } from '../helpers/demo.js';

describe('media-seek: seeks before the metadata (player-and-client §5)', () => {
  it('keeps a seek asked for before the metadata, reads it as the position, and makes it at loadedmetadata', async () => {
    const video = document.createElement('video');
    video.muted = true;
    watchMediaMetadata(video);
    seekMedia(video, 12);
    seekMedia(video, 7); // the last one wins
    expect(video.currentTime).to.equal(0);
    expect(mediaPosition(video)).to.equal(7);
    video.src = demoUrl(MEDIA.mp4);
    await nextEvent(video, 'loadedmetadata');
    expect(video.currentTime).to.equal(7);
    expect(mediaPosition(video)).to.equal(7);
    video.removeAttribute('src');
    video.load();
  });

  it('drops a kept seek when the source changes (emptied)', async () => {
    const video = document.createElement('video');
    video.muted = true;
    watchMediaMetadata(video);
    video.src = demoUrl(MEDIA.mp4);
    await nextEvent(video, 'loadedmetadata');
    video.src = demoUrl(`${MEDIA.mp4}?second`);
    await nextEvent(video, 'emptied');
    seekMedia(video, 9);
    expect(mediaPosition(video)).to.equal(9);
    video.dispatchEvent(new Event('emptied'));
    expect(mediaPosition(video)).to.equal(video.currentTime);
    await nextEvent(video, 'loadedmetadata');
    expect(video.currentTime).to.equal(0);
    video.removeAttribute('src');
    video.load();
  });

  it('seeks at once once the metadata is in', async () => {
    const video = document.createElement('video');
    video.muted = true;
    watchMediaMetadata(video);
    video.src = demoUrl(MEDIA.mp4);
    await nextEvent(video, 'loadedmetadata');
    seekMedia(video, 4);
    expect(video.currentTime).to.equal(4);
    video.removeAttribute('src');
    video.load();
  });
});
