/**
 * The end screen, Up next (ui/s72-end-screen.ts, controllers/end-screen-controller.ts;
 * player-and-client §2 "End screen with Up next", §4 "End screen", §7 `custom:end-screen-video-clicked`):
 * the element from a store, and the controller's timing with sinon fake timers on a real <video>
 * playing the demo MP4.
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { EndScreenController } from '../../src-element/controllers/end-screen-controller.js';
import { createPlayerStore, type PlayerStore } from '../../src-element/core/player-store.js';
import { END_SCREEN_DELAY_MS, END_SCREEN_MOUNT_DELAY_MS } from '../../src-element/core/ui/end-screen-rules.js';
import type { S72Suggestion } from '../../src-element/core/ui/ui-state.js';
import type { S72EndScreenClick } from '../../src-element/events.js';
import type { S72EndScreen } from '../../src-element/ui/s72-end-screen.js';
import '../../src-element/ui/s72-end-screen.js';
import { controllerHost, withMp4, type ControllerTestHost } from '../helpers/controller-host.js';
import { demoUrl, nextEvent } from '../helpers/demo.js';

const SUGGESTIONS: S72Suggestion[] = [
  { slug: '/tv/tide-tables/season/1/episode/2', title: 'Neap Tide', subtitle: 'Tide Tables · Season 1 · Episode 2', source: 'next-episode', href: '/play/#/tv/tide-tables/season/1/episode/2/neap-tide' },
  { slug: '/film/resume-me', title: 'Resume Me', source: 'continue-watching', image: demoUrl('/media/feature/thumb.jpg') },
  { slug: '/film/midway-point', title: 'Midway Point', source: 'continue-watching' },
  { slug: '/film/clear-skies', title: 'Clear Skies', source: 'recommendation', href: 'https://elsewhere.example/play/#/film/clear-skies' },
  { slug: '/film/night-harbour', title: 'Night Harbour', source: 'recommendation' },
];

async function endScreen(store: PlayerStore): Promise<S72EndScreen> {
  const el = await fixture<S72EndScreen>(html`<s72-end-screen .store=${store}></s72-end-screen>`);
  await el.updateComplete;
  return el;
}

const cards = (el: S72EndScreen) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="suggestion"]')];

describe('<s72-end-screen>', () => {
  afterEach(() => sinon.restore());

  it('under Arabic, a subtitle that starts with a Latin show name reads right to left (the page composed it in Arabic)', async () => {
    const store = createPlayerStore();
    store.setUi({ suggestions: [{ ...SUGGESTIONS[0]!, subtitle: 'Tide Tables · الموسم 1 · الحلقة 2' }], endScreen: true });
    const wrapper = await fixture<HTMLElement>(html`<div lang="ar" dir="rtl"><s72-end-screen .store=${store}></s72-end-screen></div>`);
    const el = wrapper.querySelector<S72EndScreen>('s72-end-screen')!;
    await el.updateComplete;
    const subtitle = el.shadowRoot!.querySelector<HTMLElement>('.subtitle')!;
    expect(getComputedStyle(subtitle).direction).to.equal('rtl');
    expect(subtitle.matches(':dir(rtl)')).to.equal(true);
    // The title is catalogue text alone: its own direction.
    expect(el.shadowRoot!.querySelector('.title')!.getAttribute('dir')).to.equal('auto');
  });

  it('renders nothing until the store says the end screen shows, then one main suggestion and up to 3 others', async () => {
    const store = createPlayerStore();
    store.setUi({ suggestions: SUGGESTIONS });
    const el = await endScreen(store);
    expect(el.hasAttribute('open')).to.equal(false);
    expect(cards(el)).to.have.length(0);
    expect(getComputedStyle(el).display).to.equal('none');

    store.setUi({ endScreen: true });
    await el.updateComplete;
    expect(el.hasAttribute('open')).to.equal(true);
    const all = cards(el);
    expect(all.map((card) => card.dataset['slug'])).to.deep.equal(SUGGESTIONS.slice(0, 4).map((s) => s.slug));
    expect(all[0]!.part.contains('main-suggestion')).to.equal(true);
    expect(all.slice(1).some((card) => card.part.contains('main-suggestion'))).to.equal(false);
    expect(all.every((card) => card.localName === 'button')).to.equal(true);
    // Named by their visible text (WCAG 2.5.3): Play, title, subtitle, where it comes from.
    expect(all[0]!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Play Neap Tide Tide Tables · Season 1 · Episode 2 Next episode');
    expect(all[1]!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Resume Me Continue watching');
    expect(el.shadowRoot!.querySelector('h2')!.textContent).to.equal('Up next');
    expect(all[1]!.querySelector('img')!.getAttribute('src')).to.equal(demoUrl('/media/feature/thumb.jpg'));
    await expect(el).shadowDom.to.be.accessible();

    store.setUi({ endScreen: false });
    await el.updateComplete;
    expect(cards(el)).to.have.length(0);
  });

  it('landscape cards by default; portrait from the player configuration or the attribute', async () => {
    const store = createPlayerStore();
    store.setUi({ endScreen: true, suggestions: SUGGESTIONS });
    const el = await endScreen(store);
    const ratio = () => getComputedStyle(el.shadowRoot!.querySelector('.image')!).aspectRatio;
    expect(el.getAttribute('layout')).to.equal('landscape');
    expect(ratio()).to.equal('16 / 9');
    store.setOwners({ config: { endScreen: { orientation: 'portrait' } } });
    await el.updateComplete;
    expect(el.getAttribute('layout')).to.equal('portrait');
    expect(ratio()).to.equal('2 / 3');
    store.setOwners({ config: {} });
    el.orientation = 'portrait';
    await el.updateComplete;
    expect(ratio()).to.equal('2 / 3');
  });

  it('moves focus to the main suggestion when it appears while focus is in the player, not otherwise', async () => {
    const store = createPlayerStore();
    store.setUi({ suggestions: SUGGESTIONS });
    // A stand-in player: a shadow root holding a control and the end screen.
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    const control = document.createElement('button');
    control.textContent = 'Play';
    const el = document.createElement('s72-end-screen');
    el.store = store;
    root.append(control, el);
    await el.updateComplete;
    const outside = await fixture<HTMLButtonElement>(html`<button>outside</button>`);

    outside.focus();
    store.setUi({ endScreen: true });
    await el.updateComplete;
    expect(document.activeElement).to.equal(outside);
    store.setUi({ endScreen: false });
    await el.updateComplete;

    control.focus();
    store.setUi({ endScreen: true });
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('suggestion main-suggestion');
  });

  it('shows nothing without suggestions', async () => {
    const store = createPlayerStore();
    store.setUi({ endScreen: true });
    const el = await endScreen(store);
    expect(el.hasAttribute('open')).to.equal(false);
  });

  it('renders catalogue text as text, never as HTML', async () => {
    const store = createPlayerStore();
    store.setUi({ endScreen: true, suggestions: [{ slug: '/film/x', title: '<img src=x onerror=alert(1)>', source: 'recommendation' }] });
    const el = await endScreen(store);
    expect(el.shadowRoot!.querySelector('.title')!.textContent).to.equal('<img src=x onerror=alert(1)>');
    expect(el.shadowRoot!.querySelectorAll('img')).to.have.length(0);
  });

  it('a click fires a cancelable s72-end-screen-click {slug, source, href}; cancelled, it does not navigate', async () => {
    const store = createPlayerStore();
    store.setUi({ endScreen: true, suggestions: SUGGESTIONS });
    const el = await endScreen(store);
    const navigate = sinon.stub(el as unknown as { navigate(url: string): void }, 'navigate');
    const seen: CustomEvent<S72EndScreenClick>[] = [];
    const listener = (event: Event) => {
      seen.push(event as CustomEvent<S72EndScreenClick>);
      event.preventDefault();
    };
    document.addEventListener('s72-end-screen-click', listener);
    try {
      cards(el)[0]!.click();
    } finally {
      document.removeEventListener('s72-end-screen-click', listener);
    }
    expect(seen).to.have.length(1);
    expect(seen[0]!.detail).to.deep.equal({ slug: SUGGESTIONS[0]!.slug, source: 'next-episode', href: SUGGESTIONS[0]!.href });
    expect(seen[0]!.bubbles && seen[0]!.composed && seen[0]!.cancelable).to.equal(true);
    expect(navigate.called).to.equal(false);
  });

  it('not cancelled, it goes to a same-origin href, never to another origin', async () => {
    const store = createPlayerStore();
    store.setUi({ endScreen: true, suggestions: SUGGESTIONS });
    const el = await endScreen(store);
    const navigate = sinon.stub(el as unknown as { navigate(url: string): void }, 'navigate');
    cards(el)[0]!.click();
    expect(navigate.args).to.deep.equal([[new URL(SUGGESTIONS[0]!.href!, location.href).href]]);
    navigate.resetHistory();
    cards(el)[3]!.click(); // https://elsewhere.example
    cards(el)[1]!.click(); // no href
    expect(navigate.called).to.equal(false);
  });

  it('the Close button sends s72-end-screen-close-request', async () => {
    const store = createPlayerStore();
    store.setUi({ endScreen: true, suggestions: SUGGESTIONS });
    const el = await endScreen(store);
    const close = sinon.spy();
    el.addEventListener('s72-end-screen-close-request', close);
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="close-button"]')!;
    expect(button.textContent!.trim()).to.equal('Close');
    button.click();
    expect(close.calledOnce).to.equal(true);
  });
});

describe('EndScreenController', () => {
  let host: ControllerTestHost;
  let clock: sinon.SinonFakeTimers;

  beforeEach(async () => {
    host = await controllerHost();
    await withMp4(host);
    host.store.connect(); // on a player, MediaEventsController does this
    host.store.setSession({ loaded: true });
  });
  afterEach(() => sinon.restore());

  /** Seeks the real video and waits for the store to see it. */
  async function seekTo(seconds: number): Promise<void> {
    const seeked = nextEvent(host.video, 'seeked');
    host.video.currentTime = seconds;
    await seeked;
  }
  const shown = () => host.store.getState().endScreen;
  const nearEnd = () => host.video.duration - 0.5;

  function start(): void {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    new EndScreenController(host);
  }
  /**
   * Moves the fake clock on, then waits for the end screen's code (the controller fetches it on
   * demand and shows the end screen once it is defined; this file has it loaded already).
   */
  async function tick(ms: number): Promise<void> {
    await clock.tickAsync(ms);
    await import('../../src-element/ui/s72-end-screen.js');
    for (let i = 0; i < 3; i++) await Promise.resolve();
  }

  it('shows 250 ms after the last item enters the window, not before', async () => {
    host.store.setUi({ suggestions: SUGGESTIONS });
    start();
    await tick(END_SCREEN_MOUNT_DELAY_MS * 2);
    expect(shown()).to.equal(false);
    await seekTo(nearEnd());
    await tick(END_SCREEN_DELAY_MS - 1);
    expect(shown()).to.equal(false);
    await tick(1);
    expect(shown()).to.equal(true);
  });

  it('appears no sooner than 2 s after mount', async () => {
    host.store.setUi({ suggestions: SUGGESTIONS });
    await seekTo(nearEnd());
    start();
    await tick(END_SCREEN_MOUNT_DELAY_MS - 1);
    expect(shown()).to.equal(false);
    await tick(1);
    expect(shown()).to.equal(true);
  });

  it('never shows without suggestions (not the last playlist item) or with endScreen.enabled false', async () => {
    host.effectiveConfig = { endScreen: { enabled: false } };
    host.store.setUi({ suggestions: SUGGESTIONS });
    start();
    await seekTo(nearEnd());
    await tick(10_000);
    expect(shown()).to.equal(false);
    host.effectiveConfig = {};
    host.store.setUi({ suggestions: [] });
    await tick(10_000);
    expect(shown()).to.equal(false);
  });

  it('hides when the viewer seeks back out of the window', async () => {
    host.store.setUi({ suggestions: SUGGESTIONS });
    start();
    await seekTo(nearEnd());
    await tick(END_SCREEN_MOUNT_DELAY_MS);
    expect(shown()).to.equal(true);
    await seekTo(1);
    expect(shown()).to.equal(false);
  });

  it('a close request hides it, and it stays closed back in the window; a content change forgets the close', async () => {
    host.store.setUi({ suggestions: SUGGESTIONS });
    start();
    await seekTo(nearEnd());
    await tick(END_SCREEN_MOUNT_DELAY_MS);
    expect(shown()).to.equal(true);

    host.dispatchEvent(new CustomEvent('s72-end-screen-close-request', { bubbles: true, composed: true }));
    expect(shown()).to.equal(false);
    await seekTo(1);
    await seekTo(nearEnd());
    await tick(10_000);
    expect(shown()).to.equal(false);

    // Another source (content change): hidden, and the close is forgotten for the new item.
    const emptied = nextEvent(host.video, 'emptied');
    await withMp4Again(host);
    await emptied;
    await seekTo(nearEnd());
    await tick(END_SCREEN_DELAY_MS);
    expect(shown()).to.equal(true);
  });

  it('a content change hides a showing end screen', async () => {
    host.store.setUi({ suggestions: SUGGESTIONS });
    start();
    await seekTo(nearEnd());
    await tick(END_SCREEN_MOUNT_DELAY_MS);
    expect(shown()).to.equal(true);
    const emptied = nextEvent(host.video, 'emptied');
    host.video.removeAttribute('src');
    host.video.load();
    await emptied;
    expect(shown()).to.equal(false);
  });
});

/** Loads the demo MP4 again (a new source: `emptied`, `loadstart`) and waits for its metadata. */
async function withMp4Again(host: ControllerTestHost): Promise<void> {
  const src = host.video.src;
  const loaded = nextEvent(host.video, 'loadedmetadata');
  host.video.src = `${src.split('?')[0]}?again=${Math.random()}`;
  await loaded;
}
