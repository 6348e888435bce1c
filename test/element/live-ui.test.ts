/**
 * The live controls of `<s72-control-bar>` (issue 9 "Player UI for live"): the LIVE badge, "go to
 * live", the seek bar over the DVR window, the time relative to the live edge, in English and
 * Arabic (RTL), from properties, from a store stand-in given through `@lit/context`, and inside
 * `<s72-player>` on the demo storefront's real live stream.
 */
import { ContextProvider } from '@lit/context';
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { LitElement } from 'lit';
import sinon from 'sinon';
import { playerContext } from '../../src-element/context.js';
import { createTranslator, loadStringTable, type Locale } from '../../src-element/core/i18n/index.js';
import { LIVE_EDGE_TOLERANCE_S } from '../../src-element/core/live/live-edge.js';
import { createPlayerStore, type PlayerState, type PlayerStore } from '../../src-element/core/player-store.js';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import '../../src-element/ui/s72-control-bar.js';
import type { S72ControlBar } from '../../src-element/ui/s72-control-bar.js';
import { ADULT_TOKEN, CLEARKEY_LICENSE_PATH, demoControl, demoUrl, resetDemo, until } from '../helpers/demo.js';

const part = <T extends Element = HTMLElement>(bar: S72ControlBar, name: string) =>
  bar.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
/** The range input inside the bar's seek bar (`<s72-seek-bar>`, its own shadow root). */
const seekInput = (bar: S72ControlBar) =>
  bar.shadowRoot!.querySelector('s72-seek-bar')!.shadowRoot!.querySelector<HTMLInputElement>('[part~="seek-input"]');
const visible = (element: Element | null) => Boolean(element) && !(element as HTMLElement).hidden && getComputedStyle(element!).display !== 'none';

/** A DVR window of 60 s ending at 160 s. */
const WINDOW = { seekStart: 100, seekEnd: 160 };

async function liveBar(props: Partial<S72ControlBar> = {}): Promise<S72ControlBar> {
  const element = await fixture<S72ControlBar>(html`<s72-control-bar></s72-control-bar>`);
  Object.assign(element, { loaded: true, live: true, duration: Number.POSITIVE_INFINITY, ...WINDOW, currentTime: 159, ...props });
  await element.updateComplete;
  await element.shadowRoot!.querySelector('s72-seek-bar')?.updateComplete;
  return element;
}

describe('<s72-control-bar> live controls', () => {
  afterEach(() => sinon.restore());

  it('at the live edge: LIVE badge lit, no go-to-live, no clock, the seek bar spans the DVR window', async () => {
    const bar = await liveBar({ currentTime: 159 });
    const badge = part(bar, 'live-badge');
    expect(visible(badge)).to.equal(true);
    expect(badge!.textContent!.trim()).to.equal('LIVE');
    expect(badge!.getAttribute('part')).to.equal('live-badge live-edge');
    expect(visible(part(bar, 'live-button'))).to.equal(false);
    expect(visible(part(bar, 'time')), 'the badge says it').to.equal(false);
    const seek = seekInput(bar)!;
    expect([seek.min, seek.max]).to.deep.equal(['100', '160']);
    expect(seek.getAttribute('aria-valuetext')).to.equal('At the live edge');
    await expect(bar).shadowDom.to.be.accessible();
  });

  it('behind the live edge: the offset, the badge dimmed, a go-to-live button that requests the seek', async () => {
    const bar = await liveBar({ currentTime: 118 });
    expect(part(bar, 'live-badge')!.getAttribute('part')).to.equal('live-badge');
    expect(part(bar, 'time')!.textContent!.replace(/\s+/g, '')).to.equal('-0:42');
    expect(seekInput(bar)!.getAttribute('aria-valuetext')).to.equal('42 seconds behind live');
    const button = part<HTMLButtonElement>(bar, 'live-button')!;
    expect(visible(button)).to.equal(true);
    expect(button.getAttribute('aria-label') ?? button.textContent!.trim()).to.equal('Go to live');
    const request = sinon.spy();
    bar.addEventListener('s72-seek-to-live-request', request);
    button.click();
    expect(request.calledOnce).to.equal(true);
    await expect(bar).shadowDom.to.be.accessible();
  });

  it('the tolerance decides "behind": just inside it is still at the edge', async () => {
    const bar = await liveBar({ currentTime: 160 - LIVE_EDGE_TOLERANCE_S + 0.5 });
    expect(visible(part(bar, 'live-button'))).to.equal(false);
    bar.currentTime = 160 - LIVE_EDGE_TOLERANCE_S - 1;
    await bar.updateComplete;
    expect(visible(part(bar, 'live-button'))).to.equal(true);
  });

  it('go to live is hidden when seeking is disabled (play-page §2 seeking=false)', async () => {
    const bar = await liveBar({ currentTime: 118, canSeek: false });
    expect(visible(part(bar, 'live-button'))).to.equal(false);
  });

  it('VOD: no badge, no go-to-live, the clock shows position / duration', async () => {
    const bar = await liveBar({ live: false, duration: 600, seekStart: 0, seekEnd: 600, currentTime: 65 });
    expect(visible(part(bar, 'live-badge'))).to.equal(false);
    expect(visible(part(bar, 'live-button'))).to.equal(false);
    expect(part(bar, 'time')!.textContent!.replace(/\s+/g, '')).to.equal('1:05/10:00');
  });

  it('keyboard: Tab reaches go-to-live after the seek bar, Enter requests the seek', async () => {
    const bar = await liveBar({ currentTime: 118 });
    const request = sinon.spy();
    bar.addEventListener('s72-seek-to-live-request', request);
    seekInput(bar)!.focus();
    await sendKeys({ press: 'Tab' });
    expect(bar.shadowRoot!.activeElement).to.equal(part(bar, 'live-button'));
    await sendKeys({ press: 'Enter' });
    expect(request.calledOnce).to.equal(true);
  });
});

/** A store stand-in: the bar only reads getState() and subscribe(). */
function storeStandIn(state: Partial<PlayerState>): PlayerStore & { set(next: Partial<PlayerState>): void } {
  const real = createPlayerStore();
  let current = { ...real.getState(), ...state } as PlayerState;
  const listeners = new Set<(state: PlayerState, changed: ReadonlySet<keyof PlayerState>) => void>();
  return {
    ...real,
    getState: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      current = { ...current, ...next };
      for (const listener of listeners) listener(current, new Set(Object.keys(next) as Array<keyof PlayerState>));
    },
  };
}

let providerCount = 0;
async function barInPlayer(locale: Locale, state: Partial<PlayerState>) {
  // The Arabic table loads on demand (the player waits for it before its text renders; this stand-in provider does too).
  await loadStringTable(locale);
  const tag = `s72-live-ui-provider-${++providerCount}`;
  const store = storeStandIn(state);
  customElements.define(
    tag,
    class extends LitElement {
      constructor() {
        super();
        new ContextProvider(this, { context: playerContext, initialValue: { store, i18n: createTranslator(locale) } });
      }
      protected override render() {
        return html`<div dir=${locale === 'ar' ? 'rtl' : 'ltr'}><s72-control-bar></s72-control-bar></div>`;
      }
    },
  );
  const provider = document.createElement(tag) as LitElement;
  await fixture(html`<div></div>`).then((parent) => parent.append(provider));
  await provider.updateComplete;
  const bar = provider.shadowRoot!.querySelector('s72-control-bar')!;
  await bar.updateComplete;
  return { bar, store };
}

const LIVE_STATE: Partial<PlayerState> = {
  loaded: true,
  live: true,
  duration: Number.POSITIVE_INFINITY,
  seekable: { start: 100, end: 160 },
  currentTime: 118,
  canSeek: true,
};

describe('<s72-control-bar> live controls from the store (through @lit/context)', () => {
  it('renders the live state from the store and follows it', async () => {
    const { bar, store } = await barInPlayer('en', LIVE_STATE);
    expect(part(bar, 'time')!.textContent!.replace(/\s+/g, '')).to.equal('-0:42');
    expect(visible(part(bar, 'live-button'))).to.equal(true);
    store.set({ currentTime: 159.5 });
    await bar.updateComplete;
    expect(visible(part(bar, 'live-button'))).to.equal(false);
    expect(part(bar, 'live-badge')!.getAttribute('part')).to.equal('live-badge live-edge');
    store.set({ live: false, duration: 600, seekable: { start: 0, end: 600 } });
    await bar.updateComplete;
    expect(visible(part(bar, 'live-badge'))).to.equal(false);
  });

  it('Arabic, right to left: its own words, the clock stays Latin and left to right', async () => {
    const { bar } = await barInPlayer('ar', LIVE_STATE);
    const ar = createTranslator('ar');
    expect(part(bar, 'live-badge')!.textContent!.trim()).to.equal(ar.t('player.live'));
    expect(ar.t('player.live')).to.not.equal('LIVE');
    const button = part(bar, 'live-button')!;
    expect(button.getAttribute('aria-label') ?? button.textContent!.trim()).to.equal(ar.t('player.goToLive'));
    expect(seekInput(bar)!.getAttribute('aria-valuetext')).to.equal(ar.t('player.behindLive', { offset: ar.spokenTime(42) }));
    const time = part(bar, 'time')!;
    expect(time.textContent!.replace(/\s+/g, '')).to.equal('-0:42');
    expect(getComputedStyle(time).direction).to.equal('ltr');
    expect(getComputedStyle(bar).direction).to.equal('rtl');
    await expect(bar).shadowDom.to.be.accessible();
  });
});

describe('<s72-player> live controls on the real live stream', function () {
  this.timeout(60_000);
  const SLUG = '/film/live-gala';
  let player: S72Player | null = null;

  before(async () => {
    await resetDemo();
    // Live for 120 s: a full 60-s DVR window of segments exists.
    await demoControl('live-schedule', { slug: SLUG, startsInMs: -120_000, durationMs: 600_000 });
  });
  after(async () => {
    player?.remove();
    await resetDemo();
  });

  it('shows LIVE at the edge; after seeking back, go to live returns near the end of the seekable range', async () => {
    const streams = await fetch(demoUrl(`/services/playback/streams${SLUG}`), { method: 'POST', headers: { 'x-auth-token': ADULT_TOKEN } });
    // The streams call's play token: the licence server gives keys to it, not to the auth token.
    const answer = (await streams.json()) as { streams: Array<{ url: string }>; play_token: string };
    const stream = answer.streams[0]!;
    const element = (player = document.createElement('s72-player'));
    Object.assign(element, {
      muted: true,
      autoplay: true,
      content: { slug: SLUG, assets: { dash: { url: stream.url, isLive: true, drms: ['clearkey'] } }, authorization: ADULT_TOKEN, playToken: answer.play_token },
      config: { drm: { clearkey: { licenseUrl: demoUrl(CLEARKEY_LICENSE_PATH) } } },
    });
    document.body.append(element);
    const state = () => element.store.getState();
    // What a failure message needs to tell a slow machine from a player that stopped: the media's
    // own state and how many times its source was (re)loaded.
    const mediaEvents: Record<string, number> = {};
    for (const type of ['loadstart', 'emptied', 'abort', 'waiting', 'stalled']) {
      element.store.owners.media?.addEventListener(type, () => (mediaEvents[type] = (mediaEvents[type] ?? 0) + 1));
    }
    // Where each seek went (the media's position at `seeking`), to tell who moved the playhead.
    const seeks: string[] = [];
    element.store.owners.media?.addEventListener('seeking', () => seeks.push(element.store.owners.media!.currentTime.toFixed(1)));
    const describe = () => {
      const media = element.store.owners.media;
      const buffered = media ? Array.from({ length: media.buffered.length }, (_, i) => `${media.buffered.start(i).toFixed(1)}-${media.buffered.end(i).toFixed(1)}`) : [];
      const engine = element.store.owners.engine?.seekRange();
      return `currentTime ${state().currentTime.toFixed(1)}, seekable ${JSON.stringify(state().seekable)}, duration ${state().duration}; media: currentTime ${media?.currentTime.toFixed(1)}, paused ${media?.paused}, seeking ${media?.seeking}, readyState ${media?.readyState}, buffered [${buffered.join(', ')}], engine seekRange ${JSON.stringify(engine)}, buffering ${JSON.stringify(state().buffering)}, events ${JSON.stringify(mediaEvents)}, seeks [${seeks.join(', ')}], lastError ${element.lastError?.code ?? null}`;
    };

    await until(() => state().currentTime > 0 && !state().paused, () => `playing: ${describe()}`, 30_000);
    const bar = element.shadowRoot!.querySelector('s72-control-bar')!;
    // Chromium reports the seekable range's start as the position at `loadedmetadata`, before the
    // engine moves the playhead to its live start point: wait for the start point (near the edge).
    await until(
      () => state().live && state().seekable.end - state().currentTime <= LIVE_EDGE_TOLERANCE_S,
      () => `live in the store, started near the edge: ${describe()}`,
    );
    await bar.updateComplete;
    expect(visible(part(bar, 'live-badge')), describe()).to.equal(true);
    expect(part(bar, 'live-badge')!.getAttribute('part'), describe()).to.equal('live-badge live-edge');
    expect(visible(part(bar, 'live-button')), describe()).to.equal(false);

    // Seek back once playback runs steadily at the edge: right after the start, shaka may still put
    // the playhead on its own live start point (seen in CI: the seek back was undone and the
    // player stayed at the edge). The viewer's seek is asked again if the first one was undone.
    const steadyFrom = state().currentTime;
    await until(() => state().currentTime > steadyFrom + 1, () => `playing on at the edge: ${describe()}`, 10_000);
    let back = state().seekable.start + 20;
    const seekBack = () => {
      back = state().seekable.start + 20;
      element.dispatchEvent(new CustomEvent('s72-seek-request', { detail: back, bubbles: true, composed: true }));
    };
    seekBack();
    const movedBack = () => state().seekable.end - state().currentTime > 15;
    await until(movedBack, () => `moved back to ${back.toFixed(1)}: ${describe()}`, 5_000).catch(async () => {
      console.warn(`SEEK UNDONE: ${describe()}`);
      seekBack();
      await until(movedBack, () => `moved back to ${back.toFixed(1)} (second request): ${describe()}`, 5_000);
    });
    await until(() => visible(part(bar, 'live-button')), () => `go-to-live shown after seeking back to ${back.toFixed(1)}: ${describe()}`, 10_000);
    expect(part(bar, 'time')!.textContent!.trim()).to.match(/^-\d+:\d\d$/);

    part<HTMLButtonElement>(bar, 'live-button')!.click();
    await until(
      () => state().seekable.end - state().currentTime <= LIVE_EDGE_TOLERANCE_S && !visible(part(bar, 'live-button')),
      () => `back at the live edge: ${describe()}`,
      10_000,
    );
    const playedFrom = state().currentTime;
    await until(() => state().currentTime > playedFrom + 1, () => `plays on at the edge: ${describe()}`, 10_000);
    expect(element.lastError).to.equal(null);
  });
});
