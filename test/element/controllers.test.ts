/**
 * Each controller on a small test host (lit's reactive-element-controllers test idea): it starts
 * its listeners and timers on connect and stops them all on disconnect. The host has a real
 * <video> on the demo MP4 and a real store.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { BufferingController } from '../../src-element/controllers/buffering-controller.js';
import { DebounceController } from '../../src-element/controllers/debounce-controller.js';
import { FullscreenController } from '../../src-element/controllers/fullscreen-controller.js';
import { KeyboardController } from '../../src-element/controllers/keyboard-controller.js';
import { MediaEventsController } from '../../src-element/controllers/media-events-controller.js';
import { MAX_PLAY_FAILURES, PlaybackStartController } from '../../src-element/controllers/playback-start-controller.js';
import { StoreController } from '../../src-element/controllers/store-controller.js';
import { ControllerTestHost, controllerHost, withMp4 } from '../helpers/controller-host.js';
import { demoUrl, nextEvent, until } from '../helpers/demo.js';
import type { S72PlayerEventMap } from '../../src-element/events.js';

/** A host with a real store and a real <video>, and nothing else: controllers are added by each test. */
type TestHost = ControllerTestHost;
const host = controllerHost;
const withSource = withMp4;

/** Disconnects and reconnects the host (a move in the page). */
async function reconnect(element: TestHost, body: () => Promise<void> | void): Promise<void> {
  const parent = element.parentElement!;
  element.remove();
  await body();
  parent.append(element);
  await element.updateComplete;
}

describe('controllers: each starts on connect and stops on disconnect', function () {
  this.timeout(30_000);
  afterEach(() => sinon.restore());

  it('MediaEventsController re-dispatches media events while connected, again after a move', async () => {
    const element = await host();
    new MediaEventsController(element);
    element.requestUpdate();
    await element.updateComplete;
    const seen = sinon.spy();
    element.addEventListener('volumechange', seen);
    element.video.volume = 0.5;
    await until(() => seen.callCount === 1, 'volumechange on the host');
    await reconnect(element, async () => {
      element.video.volume = 0.4;
      await nextEvent(element.video, 'volumechange');
      expect(seen.callCount, 'nothing while disconnected').to.equal(1);
    });
    element.video.volume = 0.3;
    await until(() => seen.callCount === 2, 'volumechange after the move');
    expect(element.store.getState().volume).to.equal(0.3);
  });

  it('KeyboardController turns keys into requests while connected only', async () => {
    const element = await host();
    new KeyboardController(element);
    const mute = sinon.spy();
    const seek = sinon.spy();
    element.addEventListener('s72-mute-request', mute);
    element.addEventListener('s72-seek-request', seek);
    const key = (name: string) => element.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
    expect(key('m')).to.equal(false); // handled: default prevented
    expect((mute.firstCall.args[0] as CustomEvent<boolean>).detail).to.equal(false); // muted → unmute
    key('l');
    expect((seek.firstCall.args[0] as CustomEvent<number>).detail).to.equal(10);
    expect(key('x')).to.equal(true); // not ours: left alone
    await reconnect(element, () => {
      key('m');
      expect(mute.callCount).to.equal(1);
    });
    key('m');
    expect(mute.callCount).to.equal(2);
  });

  it('BufferingController shows the spinner after the delay and clears its timer on disconnect', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const element = await host();
    element.effectiveConfig = { spinnerDelayMs: 250 };
    const buffering = new BufferingController(element);
    const changes: boolean[] = [];
    element.addEventListener('s72-buffering-change', (event) => changes.push((event as S72PlayerEventMap['s72-buffering-change']).detail.buffering));
    buffering.set(true);
    clock.tick(249);
    expect(buffering.spinnerVisible).to.equal(false);
    clock.tick(1);
    expect(buffering.spinnerVisible).to.equal(true);
    buffering.set(false);
    buffering.set(true);
    element.remove(); // disconnect: timer cleared, buffering over
    clock.tick(1000);
    expect(buffering.spinnerVisible).to.equal(false);
    expect(element.store.getState().buffering).to.equal(false);
    expect(changes).to.deep.equal([true, false, true, false]);
  });

  it('BufferingController follows the media: waiting (once loaded) and playing', async () => {
    const element = await host();
    const buffering = new BufferingController(element);
    element.requestUpdate();
    await element.updateComplete;
    element.video.dispatchEvent(new Event('waiting'));
    expect(element.store.getState().buffering, 'not loaded yet').to.equal(false);
    element.store.setSession({ loaded: true });
    element.video.dispatchEvent(new Event('waiting'));
    expect(element.store.getState().buffering).to.equal(true);
    element.video.dispatchEvent(new Event('playing'));
    expect(element.store.getState().buffering).to.equal(false);
    expect(buffering.spinnerVisible).to.equal(false);
  });

  it('PlaybackStartController reports play_failed after 3 refused plays, and a confirmed start resets the count', async () => {
    const element = await host();
    const playback = new PlaybackStartController(element);
    element.requestUpdate();
    await element.updateComplete;
    // No source: the media refuses play() with NotSupportedError, a real failure (not the autoplay policy).
    element.video.src = demoUrl('/media/feature/no-such.mp4');
    for (let attempt = 1; attempt < MAX_PLAY_FAILURES; attempt++) {
      await playback.play().catch(() => undefined);
    }
    expect(playback.failureCount).to.equal(MAX_PLAY_FAILURES - 1);
    expect(element.errors).to.deep.equal([]);
    await playback.play().catch(() => undefined);
    expect(element.errors.map((error) => error.code)).to.deep.equal(['play_failed']);
    expect(playback.failureCount).to.equal(0);

    await playback.play().catch(() => undefined);
    expect(playback.failureCount).to.equal(1);
    await withSource(element);
    await playback.play();
    expect(playback.failureCount).to.equal(0);
  });

  it('PlaybackStartController falls back to muted autoplay under the browser policy', async () => {
    const element = await host();
    const playback = new PlaybackStartController(element);
    element.requestUpdate();
    await element.updateComplete;
    await withSource(element);
    element.video.muted = false;
    element.muted = false;
    const muted = sinon.spy();
    element.addEventListener('s72-autoplay-muted', muted);
    await playback.autoplay();
    expect(element.video.paused).to.equal(false);
    expect(element.video.muted).to.equal(true);
    expect(element.muted).to.equal(true);
    expect(muted.calledOnce).to.equal(true);
  });

  it('FullscreenController honours config.fullscreen false (iphone_fullscreen off, play-page §9): no request, the control is hidden', async () => {
    const element = await host();
    element.effectiveConfig = { fullscreen: false };
    element.store.setOwners({ config: element.effectiveConfig });
    const fullscreen = new FullscreenController(element);
    const request = sinon.spy(element, 'requestFullscreen');
    const webkit = sinon.spy();
    (element.video as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen = webkit;
    fullscreen.set(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(request.called).to.equal(false);
    expect(webkit.called).to.equal(false);
    expect(element.store.getState().canFullscreen).to.equal(false);
    request.restore();
  });

  it('FullscreenController keeps a refusal instead of throwing, and stops listening on disconnect', async () => {
    const element = await host();
    const fullscreen = new FullscreenController(element);
    fullscreen.set(true); // no user gesture: the browser refuses
    await until(() => fullscreen.lastError !== null, 'refusal recorded');
    expect(document.fullscreenElement).to.equal(null);
    fullscreen.lastError = null;
    element.remove();
    document.dispatchEvent(new Event('fullscreenerror'));
    expect(fullscreen.lastError).to.equal(null);
  });

  it('StoreController requests an update only for the keys it reads', async () => {
    const element = await host();
    element.store.connect(); // on a player, MediaEventsController does this
    const updates = sinon.spy(element, 'requestUpdate');
    const controller = new StoreController(element, ['muted']);
    controller.setStore(element.store);
    updates.resetHistory();
    element.store.setSession({ buffering: true });
    expect(updates.called, 'buffering is not read').to.equal(false);
    element.video.muted = false;
    await nextEvent(element.video, 'volumechange');
    expect(updates.calledOnce, 'muted is read').to.equal(true);
    element.remove();
    updates.resetHistory();
    element.store.connect();
    element.video.muted = true;
    await nextEvent(element.video, 'volumechange');
    expect(updates.called, 'unsubscribed on disconnect').to.equal(false);
  });

  it('DebounceController runs the last call after the quiet period and drops it on disconnect', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const element = await host();
    const debounce = new DebounceController(element, 125);
    const calls: string[] = [];
    debounce.schedule(() => calls.push('first'));
    clock.tick(100);
    debounce.schedule(() => calls.push('second'));
    clock.tick(124);
    expect(calls).to.deep.equal([]);
    clock.tick(1);
    expect(calls).to.deep.equal(['second']);
    debounce.schedule(() => calls.push('third'));
    expect(debounce.pending).to.equal(true);
    element.remove();
    clock.tick(1000);
    expect(calls).to.deep.equal(['second']);
    expect(debounce.pending).to.equal(false);
  });
});
