/**
 * The ads overlay on its own (ui/s72-ad-overlay.ts; player-and-client §2 "Hidden ads overlay", §4
 * "The skip-ad button is disabled until skippable"): rendered from a real store's `ad` row — hidden
 * without a break; the label, the countdown and the disabled button; ready → one announcement and a
 * skip request; no button without a skip offset; the paused ad's play button; its own play/pause
 * and mute buttons; compact layout; the Arabic strings (right to left).
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { AdView } from '../../src-element/core/ads/ad-view.js';
import { createPlayerStore } from '../../src-element/core/player-store.js';
import '../../src-element/s72-player.js';
import '../../src-element/ui/s72-ad-overlay.js';
import type { S72AdOverlay } from '../../src-element/ui/s72-ad-overlay.js';
import { until } from '../helpers/demo.js';

const VIEW: AdView = { phase: 'playing', index: 1, count: 2, remainingS: 5, skip: { kind: 'countdown', remainingS: 3 }, paused: false, muted: false, compact: false };

async function overlay(): Promise<{ el: S72AdOverlay; store: ReturnType<typeof createPlayerStore> }> {
  const store = createPlayerStore();
  const el = await fixture<S72AdOverlay>(html`<s72-ad-overlay .store=${store}></s72-ad-overlay>`);
  return { el, store };
}

const part = (el: S72AdOverlay, name: string): HTMLElement | null => el.shadowRoot!.querySelector(`[part="${name}"]`);

describe('<s72-ad-overlay>', () => {
  it('is hidden without a break; its video exists for the controller', async () => {
    const { el } = await overlay();
    expect(el.hasAttribute('active')).to.equal(false);
    expect(getComputedStyle(el).display).to.equal('none');
    expect(el.video).to.be.instanceOf(HTMLVideoElement);
    expect(part(el, 'skip-ad-button')).to.equal(null);
  });

  it('during a break: the region, "Ad 1 of 2 · 0:05 left", the disabled skip button with its countdown, nothing announced yet', async () => {
    const { el, store } = await overlay();
    store.setUi({ ad: VIEW });
    await el.updateComplete;
    expect(el.hasAttribute('active')).to.equal(true);
    expect(getComputedStyle(el).display).to.equal('block');
    expect(el.shadowRoot!.querySelector('[role="region"]')!.getAttribute('aria-label')).to.equal('Advertisement');
    expect(part(el, 'ad-label')!.textContent!.trim()).to.equal('Ad 1 of 2 · 0:05 left');
    const button = part(el, 'skip-ad-button') as HTMLButtonElement;
    expect(button.disabled).to.equal(true);
    expect(button.textContent!.trim()).to.equal('Skip ad in 3 seconds');
    // The countdown is no live region of its own: the player's announcer says "Skip ad" once (announcements.test.ts).
    expect(el.shadowRoot!.querySelector('[role="status"], [aria-live]')).to.equal(null);
    let requests = 0;
    el.addEventListener('s72-ad-skip-request', () => requests++);
    button.click();
    expect(requests, 'a disabled button sends nothing').to.equal(0);
    store.setUi({ ad: { ...VIEW, skip: { kind: 'countdown', remainingS: 1 } } });
    await el.updateComplete;
    expect(button.textContent!.trim()).to.equal('Skip ad in 1 second');
  });

  it('ready: enabled "Skip ad", and a click sends s72-ad-skip-request (bubbling out of the shadow root)', async () => {
    const { el, store } = await overlay();
    store.setUi({ ad: { ...VIEW, count: 1, skip: { kind: 'ready' } } });
    await el.updateComplete;
    expect(part(el, 'ad-label')!.textContent!.trim()).to.equal('Ad · 0:05 left');
    const button = part(el, 'skip-ad-button') as HTMLButtonElement;
    expect(button.disabled).to.equal(false);
    expect(button.textContent!.trim()).to.equal('Skip ad');
    const events: Event[] = [];
    document.addEventListener('s72-ad-skip-request', (event) => events.push(event), { once: true });
    button.click();
    expect(events).to.have.length(1);
    expect(events[0]!.composed).to.equal(true);
  });

  it('no skip offset: no button; loading: "Loading the ad"; a paused ad: a play button that asks to play', async () => {
    const { el, store } = await overlay();
    store.setUi({ ad: { ...VIEW, skip: { kind: 'none' } } });
    await el.updateComplete;
    expect(part(el, 'skip-ad-button')).to.equal(null);
    store.setUi({ ad: { ...VIEW, phase: 'loading', count: 0 } });
    await el.updateComplete;
    expect(part(el, 'ad-label')!.textContent!.trim()).to.equal('Loading the ad');
    store.setUi({ ad: { ...VIEW, paused: true } });
    await el.updateComplete;
    let plays = 0;
    el.addEventListener('s72-ad-play-request', () => plays++);
    (part(el, 'ad-play-button') as HTMLButtonElement).click();
    expect(plays).to.equal(1);
  });

  it('its own play/pause and mute buttons (issue 22): labelled, their names follow the ad, each sends its request', async () => {
    const { el, store } = await overlay();
    store.setUi({ ad: VIEW });
    await el.updateComplete;
    const playPause = part(el, 'ad-play-pause-button') as HTMLButtonElement;
    const mute = part(el, 'ad-mute-button') as HTMLButtonElement;
    expect(playPause.getAttribute('aria-label')).to.equal('Pause the ad');
    expect(mute.getAttribute('aria-label')).to.equal('Mute the ad');
    expect(mute.hasAttribute('aria-pressed'), 'the name says the state, once').to.equal(false);
    const seen: Array<[string, unknown]> = [];
    for (const type of ['s72-ad-play-request', 's72-ad-pause-request', 's72-ad-mute-request']) {
      el.addEventListener(type, (event) => seen.push([type, (event as CustomEvent).detail]));
    }
    playPause.click();
    mute.click();
    store.setUi({ ad: { ...VIEW, paused: true, muted: true } });
    await el.updateComplete;
    expect(playPause.getAttribute('aria-label')).to.equal('Play the ad');
    expect(mute.getAttribute('aria-label')).to.equal('Unmute the ad');
    playPause.click();
    mute.click();
    expect(seen).to.deep.equal([
      ['s72-ad-pause-request', null],
      ['s72-ad-mute-request', true],
      ['s72-ad-play-request', null],
      ['s72-ad-mute-request', false],
    ]);
    el.focusControls();
    expect(el.shadowRoot!.activeElement).to.equal(playPause);
  });

  it('compact layout on narrow players; the end of the break hides it again', async () => {
    const { el, store } = await overlay();
    store.setUi({ ad: { ...VIEW, compact: true } });
    await el.updateComplete;
    expect(el.hasAttribute('compact')).to.equal(true);
    store.setUi({ ad: null });
    await el.updateComplete;
    expect(el.hasAttribute('active')).to.equal(false);
    expect(el.hasAttribute('compact')).to.equal(false);
  });

  it('in Arabic (inside a player, which provides the translator): the texts of the ar table', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div lang="ar" dir="rtl"><s72-player></s72-player></div>`);
    const player = wrapper.querySelector('s72-player')!;
    await player.updateComplete;
    const inner = player.shadowRoot!.querySelector('s72-ad-overlay')!;
    player.store.setUi({ ad: { ...VIEW, skip: { kind: 'ready' } } });
    await inner.updateComplete;
    // The Arabic table is fetched on demand: the overlay speaks Arabic once it is there.
    await until(() => inner.shadowRoot!.querySelector('[role="region"]')?.getAttribute('aria-label') === 'إعلان', 'the Arabic texts');
    expect(inner.shadowRoot!.querySelector('[part="skip-ad-button"]')!.textContent!.trim()).to.equal('تخطي الإعلان');
  });
});
