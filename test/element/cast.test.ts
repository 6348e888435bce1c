/**
 * Casting in a real `<s72-player>` through the fake Cast framework (test/helpers/fake-cast.ts, the
 * real SDK interface, injected through `__onGCastApiAvailable`) and its fake receiver
 * (player-and-client §2, §4, §7, §8; play-page §2 "Casting to {receiver}"): the SDK loads only when
 * enabled, the cast button, the picker (choose, cancel), the playlist start message, "Casting to",
 * the cast controls, each error screen with its §8 text and the manage-devices link, Try again,
 * replay when finished, connection lost with Reconnect, stop, and the big play button hidden while
 * casting.
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Error } from '../../src-element/core/errors.js';
import type { S72CastChange } from '../../src-element/events.js';
import { CAST_SDK_URL } from '../../src-element/core/cast/cast-constants.js';
import { FakeCast } from '../helpers/fake-cast.js';
import { MEDIA, demoControl, demoUrl, nextEvent, until } from '../helpers/demo.js';
import { CAST_START_WAIT_MS } from '../../src-element/controllers/cast-controller.js';
import type { CastSdkLoader } from '../../src-element/core/cast/sdk-loader.js';

const SLUG = '/film/night-harbour';
const content = () => ({ slug: SLUG, title: 'Night Harbour', authorization: 'viewer-token', assets: { mp4: { url: demoUrl(MEDIA.mp4) } } });
const CONFIG = {
  cast: { enabled: true, appId: 'ABCD1234', playlist: { baseUrl: 'https://api.example.com' } },
  telemetry: { uri: '/services/license/player_telemetry', intervalMs: 30_000 },
  heartbeat: { uri: '/services/license/heartbeat', intervalMs: 30_000 },
  manageDevicesUrl: '/account/devices',
};

describe('casting (<s72-player> with the fake Cast framework)', function () {
  this.timeout(40_000);
  let fake: FakeCast;
  beforeEach(() => {
    FakeCast.uninstall();
    fake = new FakeCast();
  });
  afterEach(() => FakeCast.uninstall());

  const shadow = (player: S72Player) => player.shadowRoot!;
  const castButton = (player: S72Player) =>
    shadow(player).querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-cast-button')!.shadowRoot!.querySelector<HTMLButtonElement>('[part="cast-button"]')!;
  const panel = (player: S72Player) => shadow(player).querySelector('s72-cast-panel')?.shadowRoot ?? null;
  const panelText = (player: S72Player) => panel(player)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const part = <T extends Element = HTMLElement>(player: S72Player, name: string) => panel(player)?.querySelector<T>(`[part~="${name}"]`) ?? null;

  async function player(config: object = CONFIG): Promise<S72Player> {
    const element = await fixture<S72Player>(html`<s72-player muted .castSdkLoader=${fake.loader} .config=${config} .content=${content()}></s72-player>`);
    await nextEvent(element, 's72-loaded');
    return element;
  }

  async function casting(element: S72Player): Promise<void> {
    await until(() => !castButton(element).hidden, 'the cast button shows once the SDK found devices');
    castButton(element).click();
    await until(() => element.store.getState().cast.appState === 'PLAYING', () => `casting: ${JSON.stringify(element.store.getState().cast)}`);
  }

  /** The disabled cast button's accessible description (its `aria-describedby` target). */
  const unavailableReason = (player: S72Player): string | null => {
    const button = castButton(player);
    const id = button.getAttribute('aria-describedby');
    return id ? (button.getRootNode() as ShadowRoot).getElementById(id)?.textContent?.trim() ?? null : null;
  };

  it('enabled without an app id: no SDK, no default receiver; the cast button shows disabled with the reason, and a click does nothing', async () => {
    const requests: unknown[] = [];
    const element = await player({ ...CONFIG, cast: { enabled: true } });
    element.addEventListener('s72-cast-request', (e) => requests.push(e));
    await until(() => castButton(element).getAttribute('aria-disabled') === 'true', 'the cast button shows disabled');
    expect(castButton(element).hidden).to.equal(false);
    expect(castButton(element).getClientRects().length, 'rendered').to.be.greaterThan(0);
    expect(castButton(element).getAttribute('aria-label')).to.equal('Cast unavailable');
    expect(unavailableReason(element)).to.equal('Casting is not set up for this site.');
    castButton(element).click();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).to.deep.equal([]);
    expect(fake.injectedUrls).to.deep.equal([]);
    expect(fake.optionsSet).to.deep.equal([]);
    expect(element.store.getState().cast).to.include({ connectionStatus: 'UNAVAILABLE', unavailable: 'no-app-id' });
  });

  it('not enabled: no SDK is loaded, no cast button', async () => {
    const element = await player({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.injectedUrls).to.deep.equal([]);
    expect(castButton(element).hidden).to.equal(true);
    expect(element.store.getState().cast.connectionStatus).to.equal('UNAVAILABLE');
  });

  it('enabled: the Google sender URL through __onGCastApiAvailable, the app id and autoJoinPolicy set, the cast button shows', async () => {
    const element = await player();
    await until(() => !castButton(element).hidden, 'cast button');
    expect(fake.injectedUrls).to.deep.equal([CAST_SDK_URL]);
    expect(fake.optionsSet.at(-1)).to.deep.equal({ receiverApplicationId: 'ABCD1234', autoJoinPolicy: 'origin_scoped' });
    expect(element.store.getState().cast.connectionStatus).to.equal('NOT_CONNECTED');
    expect(castButton(element).getAttribute('aria-label')).to.equal('Cast');
  });

  // issue 23: casting loads on demand, after the start.
  it('the cast chunk and the SDK wait for the first picture of the source that is starting, 3 s at most', async () => {
    const videoOf = (element: S72Player) => element.shadowRoot!.querySelector('video')!;
    // A source that shows its picture: the SDK is asked for only once the picture is there.
    let readyStateAtLoad = -1;
    let first: S72Player | null = null;
    const watching: CastSdkLoader = (options) => {
      readyStateAtLoad = first ? videoOf(first).readyState : -1;
      return fake.loader(options);
    };
    first = await fixture<S72Player>(html`<s72-player muted .castSdkLoader=${watching} .config=${CONFIG} .content=${content()}></s72-player>`);
    await until(() => fake.injectedUrls.length === 1, 'the SDK is asked for');
    expect(readyStateAtLoad, 'the picture was there when the SDK was asked for').to.be.at.least(2);

    // A source whose bytes come 5 s late: nothing of casting during the wait, then the SDK at 3 s.
    FakeCast.uninstall();
    fake = new FakeCast();
    await demoControl('latency', { path: MEDIA.mp4, ms: 5000 });
    try {
      const slow = { ...content(), assets: { mp4: { url: `${demoUrl(MEDIA.mp4)}?start=${Date.now()}` } } };
      const started = performance.now();
      const second = await fixture<S72Player>(html`<s72-player muted .castSdkLoader=${fake.loader} .config=${CONFIG} .content=${slow}></s72-player>`);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(fake.injectedUrls, 'no SDK while the source starts').to.deep.equal([]);
      await until(() => fake.injectedUrls.length === 1, 'the SDK after 3 s at most', 10_000);
      expect(performance.now() - started, 'not before the 3 s').to.be.at.least(CAST_START_WAIT_MS);
      expect(videoOf(second).readyState, 'still no picture').to.be.lessThan(2);
      await until(() => !castButton(second).hidden, 'the cast button shows');
    } finally {
      await demoControl('latency', { path: MEDIA.mp4, ms: 0 });
    }
  });

  it('no devices: no cast button; the SDK unavailable: cast_sdk_not_loaded, playback unaffected', async () => {
    fake.devicesAvailable = false;
    const element = await player();
    await until(() => element.store.getState().cast.connectionStatus === 'NO_DEVICES_AVAILABLE', 'no devices');
    expect(castButton(element).hidden).to.equal(true);

    FakeCast.uninstall();
    fake = new FakeCast();
    fake.available = false;
    const errors: S72Error[] = [];
    const second = await fixture<S72Player>(html`<s72-player muted .castSdkLoader=${fake.loader} .config=${CONFIG} .content=${content()} @s72-error=${(e: CustomEvent<S72Error>) => errors.push(e.detail)}></s72-player>`);
    await nextEvent(second, 's72-loaded');
    await until(() => errors.some((e) => e.code === 'cast_sdk_not_loaded'), 'cast_sdk_not_loaded');
    expect(errors.find((e) => e.code === 'cast_sdk_not_loaded')).to.include({ severity: 'recoverable', category: 'cast' });
    expect(second.lastError, 'playback unaffected').to.equal(null);
    // Shown as unavailable, not only hidden: disabled, labelled, with the reason.
    await until(() => castButton(second).getAttribute('aria-disabled') === 'true', 'the cast button shows disabled');
    expect(castButton(second).hidden).to.equal(false);
    expect(castButton(second).getAttribute('aria-label')).to.equal('Cast unavailable');
    expect(unavailableReason(second)).to.equal('The Cast service could not be reached.');
    await second.play();
    expect(second.paused).to.equal(false);
  });

  it('cast: the picker, the playlist start message, "Casting to {receiver}" over the poster, local video paused, big play hidden', async () => {
    const element = await player();
    const changes: S72CastChange[] = [];
    element.addEventListener('s72-cast-change', (event) => changes.push(event.detail));
    element.currentTime = 3;
    await nextEvent(element, 'seeked');
    await casting(element);
    expect(fake.pickerOpened).to.equal(1);
    const [start] = fake.receiver.messages('PLAYLIST_START');
    expect(start).to.deep.include({
      slug: SLUG,
      authToken: 'viewer-token',
      baseUrl: 'https://api.example.com',
      telemetry: CONFIG.telemetry,
      heartbeat: CONFIG.heartbeat,
      originatedFrom: `${location.origin}${location.pathname}`,
    });
    expect(start!['playFrom']).to.be.closeTo(3, 0.5);
    expect(changes.map((c) => c.connectionStatus)).to.include.members(['CHOOSING_TARGET', 'CONNECTED']);
    expect(changes.at(-1)).to.include({ casting: true, friendlyName: 'Living Room TV' });
    await until(() => part(element, 'cast-status')?.textContent?.trim() === 'Casting to Living Room TV', () => panelText(element));
    expect(element.paused).to.equal(true);
    expect(shadow(element).querySelector<HTMLElement>('.big-play')!.hidden, 'big play hidden while casting').to.equal(true);
    expect(castButton(element).getAttribute('aria-pressed')).to.equal('true');
    expect(element.store.getState().cast.nowPlaying?.slug).to.equal(SLUG);
  });

  it('the picker cancelled: choose_target_cancelled (player-side chooseTargetCancelled); failed: connect_failed', async () => {
    const element = await player();
    const errors: S72Error[] = [];
    element.addEventListener('s72-error', (event) => errors.push(event.detail));
    await until(() => !castButton(element).hidden, 'cast button');
    fake.pick = 'wait';
    castButton(element).click();
    await until(() => part(element, 'cast-status')?.textContent?.trim() === 'Choose a device to cast to', () => panelText(element));
    expect(element.store.getState().cast).to.include({ connectionStatus: 'CHOOSING_TARGET', wantsToBeConnected: true, isChoosingTarget: true });
    fake.closePicker!('cancel');
    await until(() => errors.length === 1, 'an error');
    expect(errors[0]).to.include({ code: 'choose_target_cancelled', severity: 'recoverable' });
    expect(errors[0]!.data['kind']).to.equal('chooseTargetCancelled');
    expect(element.store.getState().cast.connectionStatus).to.equal('NOT_CONNECTED');
    fake.pick = 'fail';
    castButton(element).click();
    await until(() => errors.length === 2, 'a second error');
    expect(errors[1]).to.include({ code: 'connect_failed' });
    expect(errors[1]!.data['kind']).to.equal('connectionFailed');
    expect(element.lastError, 'playback unaffected').to.equal(null);
  });

  it('cast controls: play/pause through the RemotePlayerController, mute, skip ad disabled until skippable', async () => {
    const element = await player();
    await casting(element);
    await until(() => part(element, 'cast-controls') !== null, () => panelText(element));
    part<HTMLButtonElement>(element, 'cast-play-button')!.click();
    await until(() => fake.remoteControllers.some((c) => c.calls.includes('playOrPause')), 'playOrPause');
    part<HTMLButtonElement>(element, 'cast-mute-button')!.click();
    await until(() => fake.receiver.muted, 'muted on the receiver');
    fake.remoteChange('isPlayingBreak', true);
    await until(() => part(element, 'skip-ad') !== null, 'skip ad shows during a break');
    expect(part<HTMLButtonElement>(element, 'skip-ad')!.disabled).to.equal(true);
    fake.remoteChange('whenSkippable', 0);
    await until(() => !part<HTMLButtonElement>(element, 'skip-ad')!.disabled, 'skippable');
    part<HTMLButtonElement>(element, 'skip-ad')!.click();
    await until(() => fake.receiver.messages('SKIP_AD').length === 1, 'SKIP_AD sent');
  });

  const SCREENS: Array<[string, string]> = [
    ['too-many-devices', 'You have reached your device limit.'],
    ['output-restricted', 'Your TV or Cast device does not support playing this content.'],
    ['unsupported-chromecast-device', 'Your Cast device is no longer supported and may have playback issues.'],
    ['unknown-error', 'A playback error occurred. Make sure your TV is on and the correct input is selected.'],
  ];
  for (const [screen, text] of SCREENS) {
    it(`error screen ${screen}: the §8 text, the manage-devices link, Try again reloads the media`, async () => {
      fake.receiver.errorOnLoad = screen;
      const element = await player();
      await until(() => !castButton(element).hidden, 'cast button');
      castButton(element).click();
      await until(() => part(element, 'cast-error')?.getAttribute('data-screen') === screen, () => panelText(element));
      expect(part(element, 'cast-error')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(text);
      expect(part<HTMLAnchorElement>(element, 'manage-devices')!.getAttribute('href')).to.equal('/account/devices');
      expect(part(element, 'manage-devices')!.textContent!.trim()).to.equal('Manage devices');
      expect(part(element, 'cast-retry')!.textContent!.trim()).to.equal('Try again');
      expect(part(element, 'cast-replay'), 'replay on an error screen').not.to.equal(null);
      expect(element.store.getState().cast.appState).to.equal('ERRORED');
      fake.receiver.errorOnLoad = null;
      part<HTMLButtonElement>(element, 'cast-retry')!.click();
      await until(() => fake.receiver.messages('PLAYLIST_START').length === 2, 'the media loaded again');
      await until(() => part(element, 'cast-error') === null && element.store.getState().cast.appState === 'PLAYING', () => panelText(element));
    });
  }

  it('unknown-error on an Android TV with remote input adds the wake-up hint; default link /devices.html', async () => {
    fake.receiver.errorOnLoad = 'unknown-error';
    fake.receiver.deviceInfo = { model: 'Google TV', androidTv: true, remoteInput: true };
    const element = await player({ ...CONFIG, manageDevicesUrl: undefined });
    await until(() => !castButton(element).hidden, 'cast button');
    castButton(element).click();
    await until(() => part(element, 'cast-error') !== null, () => panelText(element));
    expect(part(element, 'cast-error')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'A playback error occurred. Make sure your TV is on and the correct input is selected. You may need to use your Chromecast remote to wake up the app.',
    );
    expect(part(element, 'manage-devices')!.getAttribute('href')).to.equal('/devices.html');
  });

  it('finished: replay loads from the beginning', async () => {
    const element = await player();
    await casting(element);
    fake.receiver.playerState = 'IDLE';
    fake.receiver.idleReason = 'FINISHED';
    fake.remoteChange('playerState', 'IDLE');
    await until(() => part(element, 'cast-replay') !== null, () => panelText(element));
    expect(part(element, 'cast-play-button')).to.equal(null);
    part<HTMLButtonElement>(element, 'cast-replay')!.click();
    await until(() => fake.receiver.messages('PLAYLIST_START').length === 2, 'loaded again');
    expect(fake.receiver.messages('PLAYLIST_START')[1]!['playFrom']).to.equal(0);
  });

  it('the session dropped: "connection lost" with Reconnect; stop casting ends the session', async () => {
    const element = await player();
    await casting(element);
    fake.dropSession();
    await until(() => part(element, 'cast-error')?.getAttribute('data-screen') === 'connection-lost', () => panelText(element));
    expect(part(element, 'cast-error')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'The connection to your Cast device was lost, but you can resume control without interruption. Reconnect',
    );
    expect(element.store.getState().cast.connectionStatus).to.equal('CONNECTION_DROPPED');

    const second = await player();
    await casting(second);
    part<HTMLButtonElement>(second, 'cast-stop')!.click();
    await until(() => second.store.getState().cast.connectionStatus === 'NOT_CONNECTED', 'stopped');
    expect(fake.endCalls.at(-1), 'endCurrentSession(true)').to.equal(true);
    expect(panel(second), 'the panel is gone').to.equal(null);
    expect(second.store.getState().cast.connectionLost).to.equal(false);
  });

  it('disconnect leaves the receiver playing (endCurrentSession(false)); the local player is back in charge', async () => {
    const element = await player();
    await casting(element);
    const ends = fake.endCalls.length;
    element.dispatchEvent(new CustomEvent('s72-cast-request', { detail: { action: 'disconnect' }, bubbles: true, composed: true }));
    await until(() => element.store.getState().cast.connectionStatus === 'NOT_CONNECTED', () => `disconnected: ${JSON.stringify(element.store.getState().cast)}`);
    expect(fake.endCalls.slice(ends), 'endCurrentSession(false): the receiver keeps playing').to.deep.equal([false]);
    expect(panel(element), 'the cast panel is gone').to.equal(null);
    expect(element.store.getState().cast.connectionLost).to.equal(false);
  });

  it('heartbeat stops while casting (player-and-client §5), even with the local video playing, and resumes after', async () => {
    const beats: string[] = [];
    const realFetch = window.fetch.bind(window);
    const stub = sinon.stub(window, 'fetch').callsFake((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url === 'https://store.example/hb') {
        beats.push(url);
        return Promise.resolve(new Response('{}', { status: 200 }));
      }
      return realFetch(input, init);
    });
    try {
      const config = { ...CONFIG, heartbeat: { uri: 'https://store.example/hb', intervalMs: 1_000 } };
      const element = await fixture<S72Player>(
        html`<s72-player muted .castSdkLoader=${fake.loader} .config=${config} .content=${{ ...content(), playToken: 'header.payload.signature' }}></s72-player>`,
      );
      await nextEvent(element, 's72-loaded');
      await casting(element);
      await element.play(); // the rule, not the paused video, keeps the heartbeat off
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(beats, 'no heartbeat while casting').to.deep.equal([]);
      element.dispatchEvent(new CustomEvent('s72-cast-request', { detail: { action: 'stop' }, bubbles: true, composed: true }));
      await until(() => !element.store.getState().cast.connectionLost && element.store.getState().cast.connectionStatus === 'NOT_CONNECTED', 'stopped');
      if (element.paused) await element.play();
      await until(() => beats.length > 0, 'heartbeats again once casting stopped');
    } finally {
      stub.restore();
    }
  });
});
