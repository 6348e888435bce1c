/**
 * player-and-client §4 "Start watchdog" and "Buffering monitor", §9 (issue 9 "Recovery").
 *
 * 1. StartWatchdogController and BufferingMonitorController on a small host with sinon fake timers.
 * 2. <s72-player> against the demo storefront: a start that never buffers (segments answered after
 *    30 s, `/__demo/latency`) ends on the `start_timeout` error panel; the monitor's states of a
 *    real start (`s72-buffering-change` `state`, the store's `bufferingState`).
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Error } from '../../src-element/core/errors.js';
import type { BufferingState } from '../../src-element/core/recovery/buffering-monitor.js';
import { BufferingMonitorController } from '../../src-element/controllers/buffering-monitor-controller.js';
import { StartWatchdogController } from '../../src-element/controllers/start-watchdog-controller.js';
import { controllerHost, withMp4, type ControllerTestHost } from '../helpers/controller-host.js';
import { MEDIA, demoControl, demoUrl, resetDemo, until } from '../helpers/demo.js';
import type { S72PlayerEventMap } from '../../src-element/events.js';

const fakeTimers = () => sinon.useFakeTimers({ now: 5_000_000, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

/** Replaces what the host's <video> says about itself (the real one cannot be made to stall on cue). */
function mediaSays(element: ControllerTestHost, facts: { currentTime?: number; paused?: boolean; readyState?: number; buffered?: number }): void {
  const video = element.video;
  for (const [key, value] of Object.entries(facts)) {
    const getter = key === 'buffered' ? () => ({ length: 1, start: () => 0, end: () => value }) : () => value;
    Object.defineProperty(video, key, { configurable: true, get: getter });
  }
}

describe('StartWatchdogController (fake timers)', function () {
  this.timeout(30_000);
  afterEach(() => sinon.restore());

  async function watched() {
    const element = await controllerHost();
    const clock = fakeTimers();
    const gaveUp = sinon.spy();
    const watchdog = new StartWatchdogController(element, { onGiveUp: gaveUp });
    mediaSays(element, { paused: true, readyState: 0, buffered: 0 });
    watchdog.start();
    return { element, clock, gaveUp, watchdog };
  }

  it('no progress for 10 s: a critical start_timeout (stalled), and the player stops loading', async () => {
    const { element, clock, gaveUp, watchdog } = await watched();
    clock.tick(9_999);
    expect(element.errors).to.deep.equal([]);
    clock.tick(1);
    expect(element.errors.map((error) => [error.code, error.severity, error.category])).to.deep.equal([['start_timeout', 'critical', 'network']]);
    expect(element.errors[0]!.data).to.deep.equal({ reason: 'stalled', waitedMs: 10_000 });
    expect(gaveUp.calledOnce).to.equal(true);
    expect(watchdog.running).to.equal(false);
    clock.tick(60_000);
    expect(element.errors).to.have.length(1);
  });

  it('progress (loaded, then seconds buffered) starts the 10 s again', async () => {
    const { element, clock } = await watched();
    clock.tick(4_000);
    element.store.setSession({ loaded: true });
    clock.tick(1_000); // check at 5 s: progress
    clock.tick(5_000); // 10 s: 5 s without progress
    mediaSays(element, { buffered: 2 });
    clock.tick(5_000); // 15 s: progress
    clock.tick(9_999);
    expect(element.errors).to.deep.equal([]);
    clock.tick(5_001); // 30 s: 15 s without progress, checked at 25 s
    expect(element.errors.map((error) => error.data['reason'])).to.deep.equal(['stalled']);
  });

  it('progress at every check but no start: gives up at 60 s (too-long)', async () => {
    const { element, clock } = await watched();
    for (let check = 1; check < 12; check++) {
      mediaSays(element, { buffered: check * 0.5 });
      clock.tick(5_000);
    }
    expect(element.errors).to.deep.equal([]);
    mediaSays(element, { buffered: 6 });
    clock.tick(5_000);
    expect(element.errors.map((error) => error.data)).to.deep.equal([{ reason: 'too-long', waitedMs: 60_000 }]);
  });

  it('stops at the first playing, at a paused media ready to play (no autoplay), on disconnect', async () => {
    const { element, clock, watchdog } = await watched();
    element.video.dispatchEvent(new Event('playing'));
    expect(watchdog.running).to.equal(false);
    watchdog.start();
    element.store.setSession({ loaded: true });
    mediaSays(element, { paused: true, readyState: 4 });
    clock.tick(5_000);
    expect(watchdog.running, 'the start waits for the viewer, not the network').to.equal(false);
    mediaSays(element, { readyState: 0 });
    watchdog.start();
    element.remove();
    clock.tick(120_000);
    expect(watchdog.running).to.equal(false);
    expect(element.errors).to.deep.equal([]);
  });
});

describe('BufferingMonitorController (fake timers)', function () {
  this.timeout(30_000);
  afterEach(() => sinon.restore());

  it('ok → buffering (waiting) → recovering (playing) → ok after 1 s, checked every 0.5 s; store row and event', async () => {
    const element = await controllerHost();
    await withMp4(element);
    const clock = fakeTimers();
    new BufferingMonitorController(element);
    const seen: Array<{ buffering: boolean; state: BufferingState }> = [];
    element.addEventListener('s72-buffering-change', (event) => seen.push((event as S72PlayerEventMap['s72-buffering-change']).detail));
    mediaSays(element, { currentTime: 10, paused: false, readyState: 2 });
    element.video.dispatchEvent(new Event('waiting'));
    expect(element.store.getState().bufferingState).to.equal('buffering');
    clock.tick(5_000);
    expect(element.store.getState().bufferingState, 'nothing moved').to.equal('buffering');
    element.video.dispatchEvent(new Event('playing'));
    expect(element.store.getState().bufferingState).to.equal('recovering');
    clock.tick(500);
    expect(element.store.getState().bufferingState).to.equal('recovering');
    clock.tick(500);
    expect(element.store.getState().bufferingState).to.equal('ok');
    expect(seen).to.deep.equal([
      { buffering: false, state: 'buffering' },
      { buffering: false, state: 'recovering' },
      { buffering: false, state: 'ok' },
    ]);
  });

  it('the position moving forward counts as resumed; seeking starts buffering again; a disconnect returns to ok', async () => {
    const element = await controllerHost();
    await withMp4(element);
    const clock = fakeTimers();
    new BufferingMonitorController(element);
    mediaSays(element, { currentTime: 10, paused: false, readyState: 2 });
    element.video.dispatchEvent(new Event('seeking'));
    clock.tick(500);
    mediaSays(element, { currentTime: 10.4 });
    clock.tick(500);
    expect(element.store.getState().bufferingState).to.equal('recovering');
    element.video.dispatchEvent(new Event('seeking'));
    expect(element.store.getState().bufferingState).to.equal('buffering');
    element.remove();
    expect(element.store.getState().bufferingState).to.equal('ok');
    expect(clock.countTimers(), 'no check left running').to.equal(0);
  });
});

describe('<s72-player> start watchdog and buffering monitor (demo storefront)', function () {
  this.timeout(60_000);
  beforeEach(resetDemo);
  afterEach(resetDemo);

  it('a start that never buffers (segments answered after 30 s) ends on the start_timeout error panel', async () => {
    await demoControl('latency', { path: '/media/feature/dash/video-*', ms: 30_000 });
    const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
    const errors: S72Error[] = [];
    player.addEventListener('s72-error', (event) => errors.push(event.detail));
    const startedAt = performance.now();
    player.content = { slug: '/film/clear-skies', title: 'Clear Skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } };
    await until(() => player.shadowRoot!.querySelector('[part="error"]') !== null, 'the error panel', 40_000);
    const waitedMs = performance.now() - startedAt;
    expect(waitedMs).to.be.within(9_000, 31_000);
    const panel = player.shadowRoot!.querySelector('[part="error"]')!;
    expect(panel.querySelector('code')!.textContent).to.equal('start_timeout');
    expect(panel.textContent).to.contain('The video is not loading');
    expect(errors.map((error) => [error.code, error.severity])).to.deep.equal([['start_timeout', 'critical']]);
    expect(player.engineName, 'loading stopped').to.equal(null);
    const spinner = player.shadowRoot!.querySelector<HTMLElement>('[part="spinner"]')!;
    expect(spinner.hidden).to.equal(true);
  });

  it('a slow licence server answering 404: the licence error once the engine\'s own retries end (~15 s), not start_timeout', async () => {
    // Every licence answer takes 2 s: the engine's 5 attempts with their backoff take longer than
    // the watchdog's 10 s without buffering progress; its retries are progress.
    await demoControl('fault', { path: '/services/license/clearkey', status: 404, times: 100 });
    await demoControl('latency', { path: '/services/license/clearkey', ms: 2_000 });
    const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
    const errors: S72Error[] = [];
    player.addEventListener('s72-error', (event) => errors.push(event.detail));
    player.config = { drm: { clearkey: { licenseUrl: demoUrl('/services/license/clearkey') } } };
    player.content = { slug: '/film/night-harbour', title: 'Night Harbour', authorization: 'demo-adult-token', assets: { dash: { url: demoUrl(MEDIA.cencDash), drms: ['clearkey'] } } };
    await until(() => errors.some((error) => error.severity === 'critical'), 'a critical error', 40_000);
    const critical = errors.filter((error) => error.severity === 'critical');
    expect(critical.map((error) => error.code)).to.deep.equal(['license_request_failure']);
    expect(critical[0]!.category).to.equal('drm');
    expect(critical[0]!.httpStatus).to.equal(404);
    expect(player.shadowRoot!.querySelector('[part="error"] code')!.textContent).to.equal('license_request_failure');
  });

  it('a real start goes buffering → recovering → ok (s72-buffering-change state, store bufferingState)', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
    const states: BufferingState[] = [];
    player.addEventListener('s72-buffering-change', (event) => {
      if (states.at(-1) !== event.detail.state) states.push(event.detail.state);
    });
    player.content = { slug: '/film/clear-skies', title: 'Clear Skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } };
    await until(() => player.currentTime > 2 && player.store.getState().bufferingState === 'ok', 'playing, monitor ok', 30_000);
    expect(states.slice(-3)).to.deep.equal(['buffering', 'recovering', 'ok']);
  });
});
