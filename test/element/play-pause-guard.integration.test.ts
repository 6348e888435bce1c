/**
 * Play and pause act only when the content is loaded with a duration (player-and-client §5), with a
 * real `<s72-player>` on the demo storefront's clear DASH film: `play()` during the load waits for it
 * and plays then; `pause()` during the load cancels the autoplay and queued plays; without a source
 * both do nothing; the controls' requests before the load are ignored.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { fireRequest } from '../../src-element/events.js';
import { MEDIA, demoUrl, nextEvent, resetDemo, until } from '../helpers/demo.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('play and pause act only when the content is loaded with a duration', function () {
  this.timeout(60_000);
  beforeEach(resetDemo);

  it('play() called while the source loads waits for it, then plays', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.clearDash)}></s72-player>`);
    expect(player.duration || 0, 'nothing loaded yet').to.equal(0);
    const played = player.play();
    await played;
    expect(player.duration).to.be.greaterThan(0);
    await until(() => player.currentTime > 0.5, () => `plays: currentTime ${player.currentTime}`, 30_000);
    expect(player.paused).to.equal(false);
  });

  it('pause() called while the source loads cancels the autoplay: the film stays at 0 once loaded', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
    const loaded = nextEvent(player, 's72-loaded', 30_000);
    player.src = demoUrl(MEDIA.clearDash);
    player.pause();
    await loaded;
    await sleep(1500);
    expect(player.paused).to.equal(true);
    expect(player.currentTime).to.equal(0);
    // Once loaded, play() acts at once.
    await player.play();
    await until(() => player.currentTime > 0.3, () => `plays: currentTime ${player.currentTime}`, 30_000);
  });

  it('without a source, play() resolves and does nothing; pause() does nothing', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted></s72-player>`);
    await player.play();
    player.pause();
    expect(player.paused).to.equal(true);
    expect(player.lastError).to.equal(null);
  });

  it('with a content that has nothing to load (empty assets), play() resolves and does nothing', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted .content=${{ slug: '/film/no-assets', assets: {} }}></s72-player>`);
    await sleep(300); // the load ran and found no source
    const outcome = await Promise.race([player.play().then(() => 'resolved'), sleep(3000).then(() => 'still waiting after 3 s')]);
    expect(outcome).to.equal('resolved');
    expect(player.paused).to.equal(true);
  });

  it("the controls' play request is ignored before the load; once loaded, play and pause requests act", async () => {
    const player = await fixture<S72Player>(html`<s72-player muted></s72-player>`);
    fireRequest(player, 's72-play-request');
    await sleep(300);
    const loaded = nextEvent(player, 's72-loaded', 30_000);
    player.src = demoUrl(MEDIA.clearDash);
    await loaded;
    await sleep(1000);
    expect(player.paused, 'the early request did not start playback').to.equal(true);
    fireRequest(player, 's72-play-request');
    await until(() => player.currentTime > 0.3, () => `plays: currentTime ${player.currentTime}`, 30_000);
    fireRequest(player, 's72-pause-request');
    await until(() => player.paused, 'paused by the request');
  });
});
