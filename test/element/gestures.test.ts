/**
 * GestureController in a real `<s72-player>` on the demo MP4 (player-and-client §4, §9 "Controls"):
 * a mouse click on the video plays and pauses, a touch tap never does; a touch double tap on the
 * right seeks +10 s and shows the indicator, on the left −10 s; a tap on a control is not a gesture.
 * The taps are dispatched pointer events (the touch e2e presses real touches through Playwright).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

describe('gestures', function () {
  this.timeout(30_000);

  async function loadedPlayer(): Promise<S72Player> {
    const player = await fixture<S72Player>(html`<s72-player muted style="width: 640px" src=${demoUrl(MEDIA.mp4)}></s72-player>`);
    await nextEvent(player, 's72-loaded');
    await player.updateComplete;
    return player;
  }
  const video = (player: S72Player) => player.shadowRoot!.querySelector('video')!;

  function pointer(target: Element, type: 'click' | 'pointerup', pointerType: string, xFraction = 0.5): void {
    const box = target.getBoundingClientRect();
    target.dispatchEvent(
      new PointerEvent(type, { pointerType, bubbles: true, composed: true, clientX: box.left + box.width * xFraction, clientY: box.top + box.height / 2 }),
    );
  }

  it('a mouse click on the video plays, a second pauses; a touch tap does neither', async () => {
    const player = await loadedPlayer();
    pointer(video(player), 'click', 'mouse');
    await until(() => !player.paused, 'playing after the click');
    pointer(video(player), 'click', 'touch');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(player.paused, 'a touch tap does not pause').to.equal(false);
    pointer(video(player), 'click', 'pen');
    await until(() => player.paused, 'paused after the second click');
  });

  it('a click on a control is not a click on the video', async () => {
    const player = await loadedPlayer();
    const titleBar = player.shadowRoot!.querySelector('s72-title-bar')!;
    pointer(titleBar, 'click', 'mouse');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(player.paused).to.equal(true);
  });

  it('a touch double tap on the right seeks +10 s and shows "+10 s"; on the left −10 s', async () => {
    const player = await loadedPlayer();
    player.currentTime = 15;
    await nextEvent(player, 'seeked');
    pointer(video(player), 'pointerup', 'touch', 0.8);
    pointer(video(player), 'pointerup', 'touch', 0.8);
    await until(() => Math.abs(player.currentTime - 25) < 0.5, 'seeked to 25 s');
    const indicator = player.shadowRoot!.querySelector('s72-seek-indicator')!;
    await indicator.updateComplete;
    expect(indicator.shadowRoot!.textContent).to.contain('+10 s');
    expect(indicator.getAttribute('side')).to.equal('forward');
    await until(() => !indicator.shadowRoot!.querySelector('[part="seek-indicator"]'), 'indicator gone after 500 ms', 3_000);

    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the 1000 ms tap window
    pointer(video(player), 'pointerup', 'touch', 0.2);
    pointer(video(player), 'pointerup', 'touch', 0.2);
    await until(() => Math.abs(player.currentTime - 15) < 0.5, 'back to 15 s');
  });

  it('a single touch tap and taps in the middle fifth do not seek', async () => {
    const player = await loadedPlayer();
    player.currentTime = 15;
    await nextEvent(player, 'seeked');
    pointer(video(player), 'pointerup', 'touch', 0.8);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    pointer(video(player), 'pointerup', 'touch', 0.5);
    pointer(video(player), 'pointerup', 'touch', 0.5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(player.currentTime).to.be.closeTo(15, 0.2);
  });
});
