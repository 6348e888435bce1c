/**
 * player-and-client §4 "Playback recovery" / play-page §8 "PLAY_FAILED → play_failed" (issue 8
 * item 13, issue 26): `<s72-player>` loads the demo's clear DASH film through its engine; the page's
 * video then refuses `play()` the way Chromium refuses a media it cannot start (a `NotSupportedError`
 * DOMException, injected on that one video element: no browser refuses a playable MSE source on
 * its own). Three refused presses of the big play button show `play_failed` in the error panel;
 * "Try again" reloads the film and the big play button then plays it. Refusals by the autoplay
 * policy (`NotAllowedError`) are not failures: the big play button waits, and a press plays.
 *
 * Clicks are real mouse clicks (the test runner's `sendMouse`).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Error } from '../../src-element/core/errors.js';
import { MAX_PLAY_FAILURES } from '../../src-element/controllers/playback-start-controller.js';
import { ADULT_TOKEN, MEDIA, demoUrl, resetDemo, until } from '../helpers/demo.js';

/** A file the storefront serves that no browser can play as video. */
const UNDECODABLE = '/media/feature/poster.jpg';

/** Makes this video's `play()` refuse with `name` (as the browser's DOMException); returns the undo. */
function refusePlay(video: HTMLVideoElement, name: 'NotSupportedError' | 'NotAllowedError'): { calls: number; restore(): void } {
  const refusal = { calls: 0, restore: () => void delete (video as { play?: unknown }).play };
  Object.defineProperty(video, 'play', {
    configurable: true,
    value: () => {
      refusal.calls++;
      return Promise.reject(new DOMException(name === 'NotSupportedError' ? 'The element has no supported sources.' : "play() failed because the user didn't interact with the document first.", name));
    },
  });
  return refusal;
}

/** A real mouse click in the middle of `element`. */
async function click(element: Element): Promise<void> {
  const rect = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.x + rect.width / 2), Math.round(rect.y + rect.height / 2)] });
}

const bigPlay = (player: S72Player): HTMLButtonElement => player.shadowRoot!.querySelector<HTMLButtonElement>('[part="big-play-button"]')!;
const shown = (element: HTMLElement | null): boolean => element !== null && !element.hidden && element.getClientRects().length > 0;
const errorPanel = (player: S72Player): HTMLElement | null => player.shadowRoot!.querySelector<HTMLElement>('[part="error"]');

/** Waits until the video plays on its own: not paused and its time moving. */
async function playsOn(video: HTMLVideoElement): Promise<void> {
  await until(() => !video.paused, 'the video plays', 15_000);
  const from = video.currentTime;
  await until(() => video.currentTime > from + 0.5, () => `time moves on from ${from} (at ${video.currentTime})`, 15_000);
}

describe('<s72-player>: PLAY_FAILED → play_failed (real Chromium, demo storefront)', function () {
  this.timeout(60_000);

  beforeEach(() => resetDemo());
  afterEach(() => resetMouse());

  it('three refused presses of the big play button show play_failed; Try again, then the big play button plays', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted style="width: 640px; height: 360px" src=${demoUrl(MEDIA.clearDash)}></s72-player>`);
    const errors: S72Error[] = [];
    player.addEventListener('s72-error', (e) => errors.push((e as CustomEvent<S72Error>).detail));
    const video = player.shadowRoot!.querySelector('video')!;
    await until(() => player.duration > 0 && shown(bigPlay(player)), 'the film loaded, the big play button shown', 30_000);

    const refusal = refusePlay(video, 'NotSupportedError');
    for (let press = 1; press <= MAX_PLAY_FAILURES; press++) {
      await click(bigPlay(player));
      await until(() => refusal.calls === press, `press ${press} asked the video to play`, 10_000);
      await player.updateComplete;
      if (press < MAX_PLAY_FAILURES) {
        expect(errors, `after ${press} refusal(s)`).to.deep.equal([]);
        expect(errorPanel(player), `no error panel after ${press} refusal(s)`).to.equal(null);
        expect(shown(bigPlay(player)), 'the big play button stays').to.equal(true);
      }
    }
    await until(() => errors.length > 0, 's72-error after the third refusal', 10_000);
    expect(errors.map((e) => [e.code, e.severity])).to.deep.equal([['play_failed', 'critical']]);
    await player.updateComplete;
    const panel = errorPanel(player);
    expect(shown(panel), 'the error panel shows').to.equal(true);
    expect(panel!.getAttribute('role')).to.equal('alert');
    expect(panel!.querySelector('code')?.textContent).to.equal('play_failed');
    expect(player.lastError?.code).to.equal('play_failed');
    expect(video.paused, 'nothing plays').to.equal(true);

    // The browser would play again: Try again reloads the film, and the big play button plays it.
    refusal.restore();
    await click(panel!.querySelector('button')!);
    await until(() => errorPanel(player) === null, 'Try again closes the error panel', 20_000);
    await until(() => player.duration > 0 && shown(bigPlay(player)), 'reloaded, the big play button shown', 30_000);
    await click(bigPlay(player));
    await playsOn(video);
    expect(errors.map((e) => e.code), 'no new error').to.deep.equal(['play_failed']);
  });

  it('refusals by the autoplay policy (NotAllowedError, with sound and muted) are not failures: the big play button waits and plays', async () => {
    const player = await fixture<S72Player>(html`<s72-player style="width: 640px; height: 360px"></s72-player>`);
    const errors: S72Error[] = [];
    player.addEventListener('s72-error', (e) => errors.push((e as CustomEvent<S72Error>).detail));
    // The video refuses from its first play: the autoplay with sound, then the muted second try.
    const media = player.shadowRoot!.querySelector('video')!;
    const refusal = refusePlay(media, 'NotAllowedError');
    player.autoplay = true;
    player.src = demoUrl(MEDIA.clearDash);
    await until(() => refusal.calls >= 2, () => `the autoplay tried with sound and muted (${refusal.calls} plays)`, 30_000);
    await player.updateComplete;
    expect(media.muted, 'the second try was muted').to.equal(true);
    await until(() => shown(bigPlay(player)), () => `the big play button waits for the viewer (hidden=${bigPlay(player).hidden}, paused=${media.paused}, duration=${player.duration})`, 10_000);
    expect(errorPanel(player), 'no error panel').to.equal(null);

    // The viewer's press is a user gesture: the browser plays.
    refusal.restore();
    await click(bigPlay(player));
    await playsOn(media);
    expect(errors, 'no error').to.deep.equal([]);
    await until(() => !shown(bigPlay(player)), 'the big play button hides while playing', 10_000);
  });

  it('through the engine, an undecodable media is decode_error (never a play refusal)', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted></s72-player>`);
    const errors: S72Error[] = [];
    player.addEventListener('s72-error', (e) => errors.push((e as CustomEvent<S72Error>).detail));
    player.config = {};
    player.content = { slug: '/film/clear-skies', title: 'Clear Skies', authorization: ADULT_TOKEN, assets: { mp4: { url: demoUrl(UNDECODABLE), drms: [] } } };
    await until(() => errors.length > 0, 's72-error', 20_000);
    expect(errors[0]!.code).to.equal('decode_error');
  });
});
