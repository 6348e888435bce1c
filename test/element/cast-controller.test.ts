/**
 * CastController timings and failures on sinon fake timers, through the fake Cast framework
 * (test/helpers/fake-cast.ts) on a small controller host (player-and-client §9 "Cast": status poll
 * every 5 s while casting and visible, debounced 500 ms; receiver status timeout 60 s, 10 s when
 * resuming, re-checked at most every 10 s; SDK wait 30 s; resume check 1 s; volume throttle 500 ms;
 * §4 "Cast panel: fades in 200 ms after mount"; §8 cast errors).
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { CastController } from '../../src-element/controllers/cast-controller.js';
import { INITIAL_CAST_STATE } from '../../src-element/core/cast/cast-state.js';
import { createPlayerStore } from '../../src-element/core/player-store.js';
import type { S72Content } from '../../src-element/core/types.js';
import '../../src-element/ui/s72-cast-panel.js';
import type { S72CastPanel } from '../../src-element/ui/s72-cast-panel.js';
import { FakeCast } from '../helpers/fake-cast.js';
import { controllerHost, type ControllerTestHost } from '../helpers/controller-host.js';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

type CastTestHost = ControllerTestHost & { content?: S72Content | null; castSdkLoader?: FakeCast['loader'] };

describe('CastController timings (player-and-client §9 "Cast")', function () {
  this.timeout(20_000);
  let clock: sinon.SinonFakeTimers;
  let fake: FakeCast;
  let host: CastTestHost;
  let cast: CastController;

  beforeEach(async () => {
    FakeCast.uninstall();
    fake = new FakeCast();
    host = (await controllerHost()) as CastTestHost;
    host.effectiveConfig = { cast: { enabled: true, appId: 'ABCD1234' } };
    host.content = { slug: '/film/night-harbour', assets: {}, authorization: 'token' };
    host.castSdkLoader = fake.loader;
    clock = sinon.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    clock.restore();
    host.remove();
    FakeCast.uninstall();
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  const start = async (): Promise<void> => {
    cast = new CastController(host, { userAgent: () => CHROME_UA });
    await cast.ready; // the cast chunk (cast-sender.ts), loaded on demand
    await clock.tickAsync(0);
    expect(cast.current.connectionStatus, 'SDK loaded').to.equal('NOT_CONNECTED');
  };
  const castNow = async (): Promise<void> => {
    cast.command({ action: 'start' });
    await clock.tickAsync(0);
    expect(cast.current.connectionStatus).to.equal('CONNECTED');
  };
  const statusRequests = () => fake.receiver.messages('APP_STATUS?').length;
  const mediaRequests = () => fake.receiver.messages('GET_STATUS').length;

  it('APP_STATUS? and GET_STATUS 500 ms after the playlist starts, then polled every 5 s (sent 500 ms later, debounced) while casting', async () => {
    await start();
    await castNow();
    expect(fake.receiver.messages('PLAYLIST_START')).to.have.length(1);
    await clock.tickAsync(499);
    expect(statusRequests()).to.equal(0);
    await clock.tickAsync(1);
    expect([statusRequests(), mediaRequests()]).to.deep.equal([1, 1]);
    expect(cast.current.appState, 'the answers arrived').to.equal('PLAYING');
    await clock.tickAsync(4_999); // the poll runs every 5 s from the session's start: at 5 s, sent at 5.5 s
    expect(statusRequests()).to.equal(1);
    await clock.tickAsync(1);
    expect(statusRequests()).to.equal(2);
    await clock.tickAsync(5_000);
    expect(statusRequests()).to.equal(3);
    const ids = fake.receiver.messages('APP_STATUS?').map((m) => m['requestId']);
    expect(new Set(ids).size, 'each request has its own requestId').to.equal(3);
    cast.command({ action: 'stop' });
    await clock.tickAsync(30_000);
    expect(statusRequests(), 'no poll once stopped').to.equal(3);
  });

  it('a burst of triggers within 500 ms sends one status request', async () => {
    await start();
    await castNow();
    await clock.tickAsync(600);
    const before = statusRequests();
    for (let i = 0; i < 4; i++) {
      fake.remoteChange('playerState', i % 2 ? 'PLAYING' : 'BUFFERING');
      await clock.tickAsync(100);
    }
    await clock.tickAsync(500);
    expect(statusRequests() - before).to.equal(1);
  });

  it('hidden page: no poll; visible again: polled at once (through the debounce)', async () => {
    await start();
    await castNow();
    await clock.tickAsync(600);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    const hiddenAt = statusRequests();
    await clock.tickAsync(30_000);
    expect(statusRequests(), 'hidden').to.equal(hiddenAt);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await clock.tickAsync(500);
    expect(statusRequests()).to.equal(hiddenAt + 1);
  });

  it('a silent receiver: `timeout` at the 60-s check, then "connection lost"', async () => {
    await start();
    fake.receiver.silent = true;
    await castNow();
    await clock.tickAsync(59_999);
    expect(host.errors.map((e) => e.code)).not.to.include('timeout');
    expect(cast.current.connectionLost).to.equal(false);
    await clock.tickAsync(1);
    expect(host.errors.map((e) => e.code)).to.include('timeout');
    expect(host.errors.find((e) => e.code === 'timeout')!.message).to.equal('Get Receiver status timed out');
    expect(cast.current.connectionLost).to.equal(true);
    expect(host.store.getState().cast.connectionLost, 'in the store').to.equal(true);
  });

  it('answers keep the connection; a receiver that stops answering times out 60 s after its last answer, at a 10-s check', async () => {
    await start();
    await castNow();
    await clock.tickAsync(20_600); // answers at 0.5, 5.5, 10.5, 15.5, 20.5 s
    fake.receiver.silent = true; // last answer at 20.5 s: deadline 80.5 s, the checks run at 10, 20, … s
    await clock.tickAsync(69_399); // 89.999 s
    expect(host.errors.map((e) => e.code)).not.to.include('timeout');
    await clock.tickAsync(1); // the 90-s check
    expect(host.errors.map((e) => e.code)).to.include('timeout');
  });

  it('a resumed session: no playlist start; status checked 1 s later; no answer within 10 s → timeout', async () => {
    fake.existingSession = true;
    fake.receiver.silent = true;
    cast = new CastController(host, { userAgent: () => CHROME_UA });
    await cast.ready; // the cast chunk (cast-sender.ts), loaded on demand
    await clock.tickAsync(0);
    expect(cast.current.connectionStatus).to.equal('CONNECTED');
    expect(fake.receiver.messages('PLAYLIST_START')).to.have.length(0);
    await clock.tickAsync(999);
    expect(statusRequests()).to.equal(0);
    await clock.tickAsync(1);
    expect(statusRequests(), 'the resume check at 1 s').to.equal(1);
    await clock.tickAsync(9_999);
    expect(host.errors.map((e) => e.code)).not.to.include('timeout');
    await clock.tickAsync(1);
    expect(host.errors.map((e) => e.code)).to.include('timeout');
  });

  it('a resumed session whose receiver answers picks up its state', async () => {
    fake.existingSession = true;
    fake.receiver.appState = 'PLAYING';
    fake.receiver.playerState = 'PAUSED';
    cast = new CastController(host, { userAgent: () => CHROME_UA });
    await cast.ready; // the cast chunk (cast-sender.ts), loaded on demand
    await clock.tickAsync(1_000);
    expect(cast.current).to.include({ appState: 'PAUSED', friendlyName: 'Living Room TV' });
    await clock.tickAsync(60_000);
    expect(host.errors).to.deep.equal([]);
  });

  it('volume: the first change at once, then at most every 500 ms, the last one always', async () => {
    await start();
    await castNow();
    for (const level of [0.1, 0.2, 0.3]) cast.command({ action: 'volume', level });
    await clock.tickAsync(0);
    expect(fake.volumeCalls).to.deep.equal([0.1]);
    await clock.tickAsync(499);
    expect(fake.volumeCalls).to.deep.equal([0.1]);
    await clock.tickAsync(1);
    expect(fake.volumeCalls).to.deep.equal([0.1, 0.3]);
    cast.command({ action: 'volume', level: 7 });
    await clock.tickAsync(500);
    expect(fake.volumeCalls, 'clamped to 0..1').to.deep.equal([0.1, 0.3, 1]);
  });

  it('the SDK never answers: cast_sdk_not_loaded after 30 s, not before; UNAVAILABLE', async () => {
    fake.available = 'never';
    cast = new CastController(host, { userAgent: () => CHROME_UA });
    await cast.ready; // the cast chunk (cast-sender.ts), loaded on demand
    await clock.tickAsync(29_999);
    expect(host.errors).to.deep.equal([]);
    await clock.tickAsync(1);
    expect(host.errors.map((e) => e.code)).to.deep.equal(['cast_sdk_not_loaded']);
    expect(host.errors[0]!.message).to.equal('Cast SDK not loaded');
    expect(cast.current.connectionStatus).to.equal('UNAVAILABLE');
    expect(cast.current.unavailable, 'shown as unavailable, not only hidden').to.equal('sdk-not-loaded');
    expect(host.store.getState().cast.unavailable).to.equal('sdk-not-loaded');
  });

  it('enabled without an app id (player-and-client §5): no cast chunk, no SDK, no default receiver; the cast state says why casting is unavailable', async () => {
    host.effectiveConfig = { cast: { enabled: true } };
    const controller = new CastController(host, { userAgent: () => CHROME_UA });
    expect(await controller.ready, 'the cast chunk is not loaded').to.equal(null);
    await clock.tickAsync(31_000);
    expect(fake.injectedUrls).to.deep.equal([]);
    expect(fake.optionsSet).to.deep.equal([]);
    expect(host.errors).to.deep.equal([]);
    expect(host.store.getState().cast).to.include({ connectionStatus: 'UNAVAILABLE', unavailable: 'no-app-id' });
    // An app id arrives: the sender loads with it, and the state is the SDK's.
    host.effectiveConfig = { cast: { enabled: true, appId: 'ABCD1234' } };
    host.requestUpdate();
    await clock.tickAsync(0);
    await controller.ready;
    await clock.tickAsync(0);
    expect(fake.optionsSet.at(-1)).to.include({ receiverApplicationId: 'ABCD1234' });
    expect(host.store.getState().cast).to.include({ connectionStatus: 'NOT_CONNECTED', unavailable: null });
  });

  it('Safari, Firefox, smart TVs, disabled: no SDK requested', async () => {
    for (const ua of ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15', 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0', 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) Version/6.0 TV Safari/537.36']) {
      const controller = new CastController(host, { userAgent: () => ua });
      expect(await controller.ready, 'the cast chunk is not loaded where casting is not allowed').to.equal(null);
      await clock.tickAsync(31_000);
      expect(controller.current.connectionStatus, ua).to.equal('UNAVAILABLE');
    }
    host.effectiveConfig = {};
    new CastController(host, { userAgent: () => CHROME_UA });
    await clock.tickAsync(31_000);
    expect(fake.injectedUrls).to.deep.equal([]);
    expect(host.errors).to.deep.equal([]);
  });

  it('errors: send_message_failed, bad_config (no content), not_connected (stop while not casting)', async () => {
    await start();
    cast.command({ action: 'stop' });
    expect(host.errors.map((e) => e.code)).to.deep.equal(['not_connected']);
    fake.receiver.failSends = true;
    await castNow();
    await clock.tickAsync(0);
    expect(host.errors.map((e) => e.code)).to.include('send_message_failed');
    expect(cast.current.error?.code).to.equal('send_message_failed');
    fake.receiver.failSends = false;
    host.content = null;
    cast.command({ action: 'load', mode: 'beginning' });
    await clock.tickAsync(0);
    expect(host.errors.at(-1)!.code).to.equal('bad_config');
    expect(host.errors.at(-1)!.data['kind']).to.equal('badConfig');
  });

  it('a malformed receiver status: receiver_status_error ("Error getting receiver status"), the state kept', async () => {
    await start();
    fake.receiver.malformedStatus = true;
    await castNow();
    await clock.tickAsync(500);
    const error = host.errors.find((e) => e.code === 'receiver_status_error');
    expect(error?.message).to.equal('Error getting receiver status');
    expect(cast.current.connectionStatus).to.equal('CONNECTED');
  });

  it('disconnected host: message listeners and timers go; stopping the player ends nothing on the receiver', async () => {
    await start();
    await castNow();
    const session = fake.session;
    host.remove();
    expect(session.listenerCount()).to.equal(0);
    expect(fake.context.listenerCount()).to.equal(0);
    const sent = fake.receiver.received.length;
    await clock.tickAsync(120_000);
    expect(fake.receiver.received.length).to.equal(sent);
    expect(fake.endCalls).to.deep.equal([]);
  });
});

describe('<s72-cast-panel> fade (player-and-client §4 "fades in 200 ms after mount")', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => clock.restore());

  it('shown 200 ms after mount, not before', async () => {
    const store = createPlayerStore();
    store.setUi({ cast: { ...INITIAL_CAST_STATE, connectionStatus: 'CONNECTED', appState: 'PLAYING', friendlyName: 'TV' } });
    const panel = await fixture<S72CastPanel>(html`<s72-cast-panel .store=${store}></s72-cast-panel>`);
    const div = () => panel.shadowRoot!.querySelector('[part="cast-panel"]')!;
    expect(div().classList.contains('shown')).to.equal(false);
    await clock.tickAsync(199);
    await panel.updateComplete;
    expect(div().classList.contains('shown')).to.equal(false);
    await clock.tickAsync(1);
    await panel.updateComplete;
    expect(div().classList.contains('shown')).to.equal(true);
    expect(getComputedStyle(div()).transitionDuration).to.equal('0.2s');
    expect(panel.shadowRoot!.querySelector('[part="cast-status"]')!.textContent!.trim()).to.equal('Casting to TV');
  });
});
