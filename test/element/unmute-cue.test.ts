/**
 * "Tap to unmute" after a muted autoplay (issue 22 item 13; controllers/unmute-cue-controller.ts,
 * ui/s72-unmute-button.ts). In real `<s72-player>` elements on the demo DASH title, against
 * Chromium's real autoplay policy (the runner keeps the default policy, so an autoplay with sound
 * falls back to muted): the cue shows, labelled, and real key presses and a real mouse click unmute
 * and remove it. The 10 s of play are counted on an injected hand-driven clock, over a real <video>
 * playing the demo MP4 (pauses do not count).
 *
 * The first test must run before any key press or click in this page: a user activation would let
 * the page autoplay with sound.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse, resetMouse } from '@web/test-runner-commands';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { UNMUTE_CUE_PLAY_MS, UnmuteCueController } from '../../src-element/controllers/unmute-cue-controller.js';
import { controllerHost, withMp4, type ControllerTestHost } from '../helpers/controller-host.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';
import { manualClock } from '../shell/support/manual-clock.js';

const cueButton = (player: S72Player) =>
  player.shadowRoot!.querySelector('s72-unmute-button')?.shadowRoot?.querySelector<HTMLButtonElement>('[part="unmute-button"]') ?? null;
const media = (player: S72Player) => player.shadowRoot!.querySelector('video')!;

/** The button is on screen: laid out, inside the player, not transparent. */
function onScreen(player: S72Player, button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  const frame = player.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.top >= frame.top && box.bottom <= frame.bottom && getComputedStyle(button).visibility === 'visible';
}

describe('"Tap to unmute" after a muted autoplay', function () {
  this.timeout(40_000);
  afterEach(() => resetMouse());

  it('the browser refuses sound (real policy): the player plays muted and shows "Tap to unmute"; Tab reaches it, Enter unmutes and removes it', async () => {
    const frame = await fixture<HTMLDivElement>(html`<div>
      <button id="before">before</button>
      <s72-player autoplay src=${demoUrl(MEDIA.clearDash)} style="display: block; width: 640px; height: 360px"></s72-player>
    </div>`);
    const player = frame.querySelector('s72-player')!;
    await nextEvent(player, 's72-autoplay-muted');
    await until(() => !media(player).paused && media(player).currentTime > 0, 'playing, muted');
    expect(media(player).muted).to.equal(true);
    await until(() => cueButton(player) !== null, 'the cue shows');
    const button = cueButton(player)!;
    expect(onScreen(player, button), 'visible on the player').to.equal(true);
    expect(button.textContent!.trim()).to.equal('Tap to unmute');
    expect(button.localName).to.equal('button');

    frame.querySelector<HTMLButtonElement>('#before')!.focus();
    for (let i = 0; i < 8 && button.getRootNode() instanceof ShadowRoot && (button.getRootNode() as ShadowRoot).activeElement !== button; i++) {
      await sendKeys({ press: 'Tab' });
    }
    expect((button.getRootNode() as ShadowRoot).activeElement, 'Tab reaches the cue').to.equal(button);
    await sendKeys({ press: 'Enter' });
    await until(() => !media(player).muted, 'unmuted');
    expect(player.muted).to.equal(false);
    await player.updateComplete;
    await until(() => cueButton(player) === null, 'the cue is gone');
    expect(media(player).paused, 'still playing, now with sound').to.equal(false);
  });

  it('the page gave autoplay + muted (the play page\'s muted verdict): the cue shows, in Arabic under lang="ar"; a click unmutes and removes it', async () => {
    const frame = await fixture<HTMLDivElement>(html`<div lang="ar">
      <s72-player autoplay muted src=${demoUrl(MEDIA.clearDash)} style="display: block; width: 640px; height: 360px"></s72-player>
    </div>`);
    const player = frame.querySelector('s72-player')!;
    await until(() => !media(player).paused && media(player).currentTime > 0, 'playing, muted');
    await until(() => cueButton(player) !== null, 'the cue shows');
    const button = cueButton(player)!;
    expect(button.textContent!.trim()).to.equal('انقر لإلغاء كتم الصوت');
    expect(onScreen(player, button)).to.equal(true);
    await expect(player.shadowRoot!.querySelector('s72-unmute-button')!).shadowDom.to.be.accessible();
    const box = button.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
    await until(() => !media(player).muted, 'unmuted');
    await until(() => cueButton(player) === null, 'the cue is gone');
    expect(media(player).paused).to.equal(false);
  });

  it('no cue without autoplay, nor when the viewer plays muted by choice', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.clearDash)} style="display: block; width: 640px; height: 360px"></s72-player>`);
    await nextEvent(player, 's72-loaded');
    await player.play();
    await until(() => media(player).currentTime > 0.3, 'playing');
    await player.updateComplete;
    expect(cueButton(player)).to.equal(null);
  });
});

describe('UnmuteCueController: 10 s of play (injected clock)', () => {
  let host: ControllerTestHost;
  beforeEach(async () => {
    host = await controllerHost();
    await withMp4(host);
    host.store.connect();
  });
  afterEach(() => host.video.pause());

  const showing = () => host.store.getState().unmuteCue;

  it(`hides after ${UNMUTE_CUE_PLAY_MS} ms of play; paused time does not count`, async () => {
    const clock = manualClock();
    const cue = new UnmuteCueController(host, clock);
    await host.video.play();
    cue.mutedAutoplay(true);
    expect(showing()).to.equal(true);
    clock.tick(6_000);
    const paused = nextEvent(host.video, 'pause');
    host.video.pause();
    await paused;
    clock.tick(60_000); // paused: not play
    expect(showing(), 'paused time does not count').to.equal(true);
    const playing = nextEvent(host.video, 'playing');
    await host.video.play();
    await playing;
    clock.tick(UNMUTE_CUE_PLAY_MS - 6_000 - 1);
    expect(showing(), 'just under 10 s of play').to.equal(true);
    clock.tick(1);
    expect(showing(), 'after 10 s of play').to.equal(false);
  });

  it('hides when the media is unmuted by any means; the page\'s muted arms it once, a fallback always', async () => {
    const clock = manualClock();
    const cue = new UnmuteCueController(host, clock);
    await host.video.play();
    cue.mutedAutoplay(false);
    expect(showing()).to.equal(true);
    const change = nextEvent(host.video, 'volumechange');
    host.video.muted = false;
    await change;
    expect(showing(), 'unmuted').to.equal(false);
    host.video.muted = true;
    cue.mutedAutoplay(false);
    expect(showing(), 'the page\'s muted counts once').to.equal(false);
    cue.mutedAutoplay(true);
    expect(showing(), 'a refused-sound fallback always counts').to.equal(true);
  });
});
