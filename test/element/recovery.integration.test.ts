/**
 * player-and-client §4 "Playback recovery", §9 "Engine" (issue 9 "Recovery").
 *
 * 1. RecoveryController on a small host with sinon fake timers: which errors are intercepted, the
 *    1-s network delay, 6 attempts, the 60-s reset, offline → wait for `online`, the position kept
 *    from before the error, a new source, a disconnect.
 * 2. <s72-player> against the demo storefront with real faults (`/__demo/fault`): a 503 burst shaka's
 *    own retries absorb, a 503 outage longer than them (reload at the position), a manifest 404 and
 *    a licence 401 (the error panel at once, no reload loop), a licence 500 outage (reloaded, then
 *    it plays).
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { S72Error, type S72ErrorCategory, type S72ErrorCode } from '../../src-element/core/errors.js';
import type { S72Content, S72PlayerConfig } from '../../src-element/core/types.js';
import { BufferingController } from '../../src-element/controllers/buffering-controller.js';
import { RecoveryController, type Connectivity } from '../../src-element/controllers/recovery-controller.js';
import type { S72PlayerEventMap, S72RecoveryChange } from '../../src-element/events.js';
import { ControllerTestHost, controllerHost, withMp4 } from '../helpers/controller-host.js';
import { ADULT_TOKEN, CLEARKEY_LICENSE_PATH, MEDIA, demoControl, demoUrl, nextEvent, playTokenFor, recordedRequests, resetDemo, until } from '../helpers/demo.js';

const critical = (code: S72ErrorCode, category: S72ErrorCategory, engineCode?: number) =>
  new S72Error(code, `${code} for the test`, { category, httpStatus: 503, requestId: 'req-1', ...(engineCode ? { engineCode } : {}), cause: { shaka: true } });

/** navigator.onLine and the window's online event, under the test's control. */
class FakeConnectivity extends EventTarget implements Connectivity {
  onLine = true;
  goOnline(): void {
    this.onLine = true;
    this.dispatchEvent(new Event('online'));
  }
}

interface Rig {
  element: ControllerTestHost;
  recovery: RecoveryController;
  reloads: Array<[number | null, boolean | null]>;
  halts: number;
  errors: S72Error[];
  changes: S72RecoveryChange[];
  net: FakeConnectivity;
  clock: sinon.SinonFakeTimers;
}

/** A host playing the demo MP4 at 12 s, a RecoveryController with a recording engine, fake timers. */
async function rig(): Promise<Rig> {
  const element = await controllerHost();
  await withMp4(element);
  element.store.setSession({ loaded: true });
  const clock = sinon.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const net = new FakeConnectivity();
  const reloads: Rig['reloads'] = [];
  const result = { reloads, halts: 0, errors: [] as S72Error[], changes: [] as S72RecoveryChange[], net } as Partial<Rig>;
  const buffering = new BufferingController(element);
  const recovery = new RecoveryController(element, {
    buffering,
    connectivity: net,
    engine: () => ({ reloadAt: (position, play) => reloads.push([position, play]), halt: () => void (result.halts! += 1) }),
  });
  element.addEventListener('s72-error', (event) => result.errors!.push((event as S72PlayerEventMap['s72-error']).detail));
  element.addEventListener('s72-recovery-change', (event) => result.changes!.push((event as S72PlayerEventMap['s72-recovery-change']).detail));
  element.video.currentTime = 12;
  await nextEvent(element.video, 'seeked');
  return Object.assign(result, { element, recovery, clock }) as Rig;
}

describe('RecoveryController (fake timers)', function () {
  this.timeout(30_000);
  afterEach(() => sinon.restore());

  it('a critical network error: recoverable s72-error copy, spinner, reload at the kept position after 1 s', async () => {
    const r = await rig();
    Object.defineProperty(r.element.video, 'readyState', { configurable: true, get: () => 2 }); // stalled
    const error = critical('network_error', 'network');
    r.recovery.report(error);
    expect(r.errors).to.have.length(1);
    const copy = r.errors[0]!;
    expect([copy.code, copy.severity, copy.category, copy.httpStatus, copy.requestId]).to.deep.equal(['network_error', 'recoverable', 'network', 503, 'req-1']);
    expect(copy.cause).to.equal(error.cause);
    expect(copy.data['recovery']).to.equal(1);
    expect(r.changes).to.deep.equal([{ attempt: 1, maxAttempts: 6, error: copy }]);
    expect(r.element.store.getState().error, 'no error panel').to.equal(null);
    expect(r.element.store.getState().buffering, 'the spinner’s input').to.equal(true);
    r.clock.tick(999);
    expect(r.reloads).to.deep.equal([]);
    r.clock.tick(1);
    expect(r.reloads).to.have.length(1);
    expect(r.reloads[0]![0]).to.be.closeTo(12, 0.3);
    expect(r.reloads[0]![1], 'never played: play as a fresh load would').to.equal(null);
  });

  it('the position: kept while the media plays on from its buffer before the reload, not during the reload', async () => {
    const r = await rig();
    Object.defineProperty(r.element.video, 'readyState', { configurable: true, get: () => 4 }); // data to play on
    r.recovery.report(critical('network_error', 'network'));
    expect(r.element.store.getState().buffering, 'no spinner over a playing video').to.equal(false);
    r.element.video.currentTime = 15; // played on from the buffer
    await new Promise((resolve) => r.element.video.addEventListener('seeked', resolve, { once: true }));
    r.clock.tick(1_000);
    expect(r.reloads[0]![0]).to.be.closeTo(15, 0.3);
    // The reload starts the media over: what it reports until it plays is not the viewer's position.
    r.element.video.currentTime = 2;
    await new Promise((resolve) => r.element.video.addEventListener('seeked', resolve, { once: true }));
    r.recovery.report(critical('network_error', 'network'));
    r.clock.tick(1_000);
    expect(r.reloads[1]![0]).to.be.closeTo(15, 0.3);
  });

  it('a media error reloads at once; errors raised while a reload is on its way count once', async () => {
    const r = await rig();
    r.recovery.report(critical('network_error', 'network'));
    r.recovery.report(critical('network_error', 'network')); // the audio stream failing too
    r.clock.tick(1_000);
    expect(r.reloads).to.have.length(1);
    expect(r.recovery.attempts).to.equal(1);
    r.recovery.report(critical('decode_error', 'playback', 3016));
    r.clock.tick(0);
    expect(r.reloads).to.have.length(2);
    expect(r.changes.map((change) => change.attempt)).to.deep.equal([1, 2]);
  });

  it('6 reloads, then the 7th error shows the error panel (critical); 60 s later the count starts again', async () => {
    const r = await rig();
    for (let attempt = 1; attempt <= 6; attempt++) {
      r.recovery.report(critical('bad_http_status_503', 'network', 1001));
      r.clock.tick(1_000);
      r.clock.tick(5_000);
    }
    expect(r.reloads).to.have.length(6);
    const last = critical('bad_http_status_503', 'network', 1001);
    r.recovery.report(last);
    r.clock.tick(2_000);
    expect(r.reloads).to.have.length(6);
    expect(r.errors.at(-1)).to.equal(last);
    expect(last.severity).to.equal('critical');
    expect(r.element.store.getState().error).to.equal(last);
    expect(r.element.store.getState().buffering).to.equal(false);

    r.clock.tick(60_001);
    r.recovery.report(critical('bad_http_status_503', 'network', 1001));
    r.clock.tick(1_000);
    expect(r.reloads).to.have.length(7);
    expect(r.changes.at(-1)!.attempt).to.equal(1);
  });

  it('offline: no attempt is spent; the reload waits for online (then 1 s), at the same position', async () => {
    const r = await rig();
    r.net.onLine = false;
    r.recovery.report(critical('network_error', 'network'));
    expect(r.changes.map((change) => change.attempt)).to.deep.equal([0]);
    r.clock.tick(120_000);
    expect(r.reloads).to.deep.equal([]);
    expect(r.recovery.attempts).to.equal(0);
    expect(r.element.store.getState().error).to.equal(null);
    r.net.goOnline();
    expect(r.changes.map((change) => change.attempt)).to.deep.equal([0, 1]);
    r.clock.tick(1_000);
    expect(r.reloads).to.have.length(1);
    expect(r.reloads[0]![0]).to.be.closeTo(12, 0.3);
  });

  it('not recoverable (file_not_found, a licence answer about rights, too_many_streams): the error panel at once', async () => {
    const r = await rig();
    const refused = new S72Error('license_request_failure', 'licence 401', { category: 'drm', httpStatus: 401 });
    for (const error of [critical('file_not_found', 'manifest'), critical('license_not_entitled', 'drm'), refused, critical('too_many_streams', 'network')]) {
      r.recovery.report(error);
      expect(r.element.store.getState().error).to.equal(error);
    }
    r.clock.tick(5_000);
    expect(r.reloads).to.deep.equal([]);
    expect(r.changes).to.deep.equal([]);
  });

  it('a new source starts the count again and cancels a pending reload; "Try again" and a disconnect cancel it too', async () => {
    const r = await rig();
    r.recovery.report(critical('network_error', 'network'));
    r.recovery.loadStarted('reload'); // "Try again" while the reload waits
    r.clock.tick(5_000);
    expect(r.reloads).to.deep.equal([]);
    expect(r.recovery.attempts).to.equal(1);
    r.recovery.report(critical('network_error', 'network'));
    r.recovery.loadStarted('source');
    r.clock.tick(5_000);
    expect(r.reloads).to.deep.equal([]);
    expect(r.recovery.attempts).to.equal(0);
    r.recovery.report(critical('network_error', 'network'));
    r.element.remove();
    r.clock.tick(5_000);
    expect(r.reloads).to.deep.equal([]);
  });

  it('the start watchdog ends a first start, but during a recovery reload it is one more attempt', async () => {
    const r = await rig();
    r.element.report = (error) => r.recovery.report(error); // as on the player
    Object.defineProperty(r.element.video, 'readyState', { configurable: true, get: () => 0 }); // nothing arrives
    r.recovery.report(critical('network_error', 'network'));
    r.clock.tick(1_000);
    expect(r.reloads).to.have.length(1);
    r.recovery.loadStarted('reload'); // the engine starts the reload
    r.clock.tick(10_000);
    expect(r.halts, 'the stalled reload stops loading').to.equal(1);
    expect(r.errors.map((error) => [error.code, error.severity])).to.deep.equal([
      ['network_error', 'recoverable'],
      ['start_timeout', 'recoverable'],
    ]);
    r.clock.tick(1_000);
    expect(r.reloads, 'the next attempt').to.have.length(2);
    expect(r.reloads[1]![0]).to.be.closeTo(12, 0.3);
    expect(r.element.store.getState().error).to.equal(null);

    r.recovery.loadStarted('source'); // a first start
    r.clock.tick(10_000);
    expect(r.errors.at(-1)!.code).to.equal('start_timeout');
    expect(r.errors.at(-1)!.severity).to.equal('critical');
    expect(r.element.store.getState().error?.code).to.equal('start_timeout');
    expect(r.reloads).to.have.length(2);
  });

  it('a viewer who was playing gets playback back; one who had paused stays paused', async () => {
    const r = await rig();
    r.element.video.dispatchEvent(new Event('playing'));
    r.recovery.report(critical('network_error', 'network'));
    r.clock.tick(1_000);
    r.element.video.dispatchEvent(new Event('playing'));
    r.element.video.dispatchEvent(new Event('pause'));
    r.recovery.report(critical('network_error', 'network'));
    r.clock.tick(1_000);
    expect(r.reloads.map(([, play]) => play)).to.deep.equal([true, false]);
  });
});

// ---- <s72-player> against the demo storefront, real faults ------------------------------------

const CLEAR_DASH_VIDEO = '/media/feature/dash/video-*';

const clearContent = (): S72Content => ({ slug: '/film/clear-skies', title: 'Clear Skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } });

interface Mounted {
  player: S72Player;
  errors: S72Error[];
  changes: S72RecoveryChange[];
  /** One entry per `s72-loaded`. */
  loads: number[];
  /** The position at each `playing`, seconds. */
  playingAt: number[];
}

async function mount(content: S72Content, config: S72PlayerConfig = {}): Promise<Mounted> {
  const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
  const errors: S72Error[] = [];
  const changes: S72RecoveryChange[] = [];
  const loads: number[] = [];
  const playingAt: number[] = [];
  player.addEventListener('playing', () => playingAt.push(player.currentTime));
  player.addEventListener('s72-error', (event) => errors.push(event.detail));
  player.addEventListener('s72-recovery-change', (event) => changes.push(event.detail));
  player.addEventListener('s72-loaded', () => loads.push(player.currentTime));
  player.config = config;
  player.content = content;
  return { player, errors, changes, loads, playingAt };
}

const panel = (player: S72Player) => player.shadowRoot!.querySelector('[part="error"]');

describe('<s72-player> recovery with real faults (demo storefront)', function () {
  this.timeout(90_000);
  beforeEach(resetDemo);
  afterEach(resetDemo);

  it('a 503 burst shorter than shaka’s 5 attempts plays through: no error, no reload', async () => {
    const { player, errors, changes, loads } = await mount(clearContent());
    await until(() => player.currentTime > 2, 'playing', 30_000);
    await demoControl('fault', { path: CLEAR_DASH_VIDEO, status: 503, times: 3 });
    const from = player.currentTime;
    await until(() => player.currentTime > from + 8, 'plays on through the burst', 30_000);
    const faulted = (await recordedRequests(CLEAR_DASH_VIDEO)).filter((request) => request.path.includes('/seg-'));
    expect(faulted.length, 'segments were requested during the burst').to.be.greaterThan(3);
    expect(errors.filter((error) => error.severity === 'critical')).to.deep.equal([]);
    expect(changes).to.deep.equal([]);
    expect(loads).to.have.length(1);
    expect(panel(player)).to.equal(null);
  });

  it('a 503 outage longer than shaka’s retries: the spinner, then a reload at the viewer’s position', async () => {
    const { player, errors, changes, loads, playingAt } = await mount(clearContent());
    await until(() => player.currentTime > 4, 'playing past 4 s', 30_000);
    await demoControl('fault', { path: CLEAR_DASH_VIDEO, status: 503 });
    await until(() => changes.length > 0, 's72-recovery-change', 40_000);
    const position = player.currentTime;
    expect(changes[0]!.attempt).to.equal(1);
    expect(changes[0]!.maxAttempts).to.equal(6);
    expect(changes[0]!.error.code).to.equal('bad_http_status_503');
    expect(errors.map((error) => [error.code, error.severity])).to.deep.include(['bad_http_status_503', 'recoverable']);
    await player.updateComplete;
    expect(panel(player), 'no error panel while recovering').to.equal(null);
    await resetDemo(); // the outage ends
    const playsBefore = playingAt.length;
    await until(() => loads.length >= 2 && playingAt.length > playsBefore, 'reloaded and playing', 30_000);
    expect(playingAt.at(-1), 'playing again at the position').to.be.closeTo(position, 4);
    const resumed = player.currentTime;
    await until(() => player.currentTime > resumed + 1, 'time advancing after the reload', 10_000);
    expect(panel(player)).to.equal(null);
    expect(errors.filter((error) => error.severity === 'critical')).to.deep.equal([]);
    expect(errors.map((error) => error.code)).to.not.include('play_failed');
  });

  it('a manifest 404 shows file_not_found at once: no reload loop', async () => {
    await demoControl('fault', { path: MEDIA.clearDash, status: 404 });
    // Short retry waits: with the default ones (500 ms doubling, ±50 % fuzz: up to 11.25 s) the
    // start watchdog (10 s without progress) can end the start first on a loaded machine.
    const { player, errors, changes } = await mount(clearContent(), { network: { baseDelayMs: 50 } });
    await until(() => panel(player) !== null, 'the error panel', 30_000);
    expect(panel(player)!.querySelector('code')!.textContent).to.equal('file_not_found');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(changes).to.deep.equal([]);
    expect(errors.map((error) => [error.code, error.severity])).to.deep.equal([['file_not_found', 'critical']]);
    const manifests = await recordedRequests(MEDIA.clearDash);
    expect(manifests.length, 'shaka’s own attempts only, no reload').to.be.at.most(5);
  });

  it('a licence 500 outlasting shaka’s own licence retries: reloaded like any network fault, then it plays', async () => {
    // 7 failures: one load's 5 attempts, and 2 of the reload's (issue 22 item 3).
    await demoControl('fault', { path: CLEARKEY_LICENSE_PATH, method: 'POST', status: 500, times: 7 });
    const playToken = await playTokenFor('/film/night-harbour');
    const { player, errors, changes } = await mount(
      { slug: '/film/night-harbour', title: 'Night Harbour', authorization: ADULT_TOKEN, playToken, assets: { dash: { url: demoUrl(MEDIA.cencDash), drms: ['clearkey'] } } },
      { drm: { clearkey: { licenseUrl: demoUrl(CLEARKEY_LICENSE_PATH) } } },
    );
    await until(() => player.currentTime > 1, 'playback after the licence server came back', 60_000);
    expect(panel(player)).to.equal(null);
    expect(changes.map((change) => change.attempt)[0]).to.equal(1);
    expect(errors.filter((error) => error.code === 'license_request_failure').map((error) => error.severity)).to.include('recoverable');
    expect(errors.filter((error) => error.severity === 'critical')).to.deep.equal([]);
    const licences = (await recordedRequests(CLEARKEY_LICENSE_PATH)).filter((request) => request.method === 'POST');
    expect(licences.slice(0, 8).map((request) => request.status)).to.deep.equal([500, 500, 500, 500, 500, 500, 500, 200]);
  });

  it('a licence 401 (about rights) shows license_request_failure at once: not reloaded', async () => {
    await demoControl('fault', { path: CLEARKEY_LICENSE_PATH, method: 'POST', status: 401 });
    const { player, errors, changes } = await mount(
      { slug: '/film/night-harbour', title: 'Night Harbour', authorization: ADULT_TOKEN, assets: { dash: { url: demoUrl(MEDIA.cencDash), drms: ['clearkey'] } } },
      { drm: { clearkey: { licenseUrl: demoUrl(CLEARKEY_LICENSE_PATH) } } },
    );
    await until(() => panel(player) !== null, 'the error panel', 40_000);
    expect(panel(player)!.querySelector('code')!.textContent).to.equal('license_request_failure');
    expect(panel(player)!.textContent).to.contain('Try again');
    expect(changes).to.deep.equal([]);
    expect(errors.filter((error) => error.code === 'license_request_failure').map((error) => error.severity)).to.deep.equal(['critical']);
  });
});
