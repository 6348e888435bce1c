/**
 * The big play button in a real `<s72-player>` on the demo MP4 (player-and-client §2): shown before
 * the first play, hidden while playing and after a pause, shown again when the video ends and
 * hidden 3 s later.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

describe('big play button', function () {
  this.timeout(40_000);

  const button = (player: S72Player) => player.shadowRoot!.querySelector<HTMLButtonElement>('[part="big-play-button"]')!;

  it('before the first play; hidden while playing and when paused later; for 3 s after the end', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.mp4)}></s72-player>`);
    await nextEvent(player, 's72-loaded');
    await until(() => !button(player).hidden, 'shown before the first play');
    button(player).click();
    await until(() => button(player).hidden && !player.paused, 'hidden while playing');
    player.pause();
    await nextEvent(player, 'pause');
    await player.updateComplete;
    expect(button(player).hidden, 'paused after playing: the controls do, not the big button').to.equal(true);
    player.currentTime = player.duration - 0.5;
    await player.play();
    await nextEvent(player, 'ended');
    await until(() => !button(player).hidden, 'shown when the video ends');
    const shownAt = performance.now();
    await until(() => button(player).hidden, 'hidden 3 s later', 6_000);
    expect(performance.now() - shownAt).to.be.within(2_500, 4_000);
  });
});
