/**
 * `<s72-title-bar>` (player-and-client §2 "Title bar with a back button"): the back-URL rule
 * table-tested, the element from a real store, and inside a real `<s72-player>` (config title,
 * subtitle and navigateBackUrl; Arabic; the page's slotted controls; hidden with the controls).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createPlayerStore, type PlayerStore } from '../../src-element/core/player-store.js';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { safeBackUrl, type S72TitleBar } from '../../src-element/ui/s72-title-bar.js';
import '../../src-element/ui/s72-title-bar.js';
import { until } from '../helpers/demo.js';

const BASE = 'https://shop.example/play/film-1?x=1';

describe('safeBackUrl (the back button target rule)', () => {
  const cases: Array<[unknown, string | null]> = [
    ['/browse', 'https://shop.example/browse'],
    ['../films', 'https://shop.example/films'],
    ['https://shop.example/browse?genre=drama', 'https://shop.example/browse?genre=drama'],
    ['http://other.example/', 'http://other.example/'],
    ['  /browse  ', 'https://shop.example/browse'],
    ['javascript:alert(1)', null],
    [' JavaScript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['blob:https://shop.example/1234', null],
    ['file:///etc/passwd', null],
    ['mailto:a@example.com', null],
    ['', null],
    ['   ', null],
    ['http://[bad', null],
    [42, null],
    [null, null],
  ];
  for (const [url, expected] of cases) {
    it(`${JSON.stringify(url)} → ${expected ?? 'no back button'}`, () => {
      expect(safeBackUrl(url, BASE)).to.equal(expected);
    });
  }
});

const part = <T extends Element = HTMLElement>(bar: S72TitleBar, name: string) => bar.shadowRoot!.querySelector<T>(`[part="${name}"]`);

async function titleBar(store: PlayerStore): Promise<S72TitleBar> {
  const element = await fixture<S72TitleBar>(html`<s72-title-bar .store=${store}></s72-title-bar>`);
  await element.updateComplete;
  return element;
}

describe('<s72-title-bar>', () => {
  it('passes the accessibility audit', async () => {
    const store = createPlayerStore();
    store.setOwners({ config: { title: 'The Film', subtitle: 'Season 1 · Episode 2', navigateBackUrl: '/browse' } });
    await expect(await titleBar(store)).shadowDom.to.be.accessible();
  });

  it('renders the title (dir=auto) and subtitle from the store as text, and a back link named Back', async () => {
    const store = createPlayerStore();
    store.setOwners({ config: { title: '<b>The Film</b>', subtitle: 'الموسم 1', navigateBackUrl: '/browse' } });
    const bar = await titleBar(store);
    expect(part(bar, 'title')!.textContent).to.equal('<b>The Film</b>');
    expect(part(bar, 'title')!.querySelector('b')).to.equal(null);
    expect(part(bar, 'title')!.getAttribute('dir')).to.equal('auto');
    expect(part(bar, 'subtitle')!.textContent).to.equal('الموسم 1');
    const back = part<HTMLAnchorElement>(bar, 'back-button')!;
    expect(back.localName).to.equal('a');
    expect(back.href).to.equal(new URL('/browse', document.baseURI).href);
    expect(back.getAttribute('aria-label')).to.equal('Back');
    expect(bar.hasAttribute('empty')).to.equal(false);
  });

  it('never links a javascript: (or any non-http) URL; the rest of the bar still shows', async () => {
    const store = createPlayerStore();
    store.setOwners({ config: { title: 'The Film', navigateBackUrl: 'javascript:alert(1)' } });
    const bar = await titleBar(store);
    expect(part(bar, 'back-button')).to.equal(null);
    expect(bar.shadowRoot!.querySelector('a')).to.equal(null);
    expect(part(bar, 'title')!.textContent).to.equal('The Film');
  });

  it('follows the store, and is hidden (empty) with nothing to show', async () => {
    const store = createPlayerStore();
    const bar = await titleBar(store);
    expect(bar.hasAttribute('empty')).to.equal(true);
    expect(getComputedStyle(bar).display).to.equal('none');
    store.setOwners({ config: { navigateBackUrl: 'https://shop.example/browse' } });
    await bar.updateComplete;
    expect(bar.hasAttribute('empty')).to.equal(false);
    expect(getComputedStyle(bar).display).to.equal('flex');
    expect(part<HTMLAnchorElement>(bar, 'back-button')!.href).to.equal('https://shop.example/browse');
    expect(part(bar, 'title')).to.equal(null);
  });
});

describe('<s72-title-bar> in <s72-player>', () => {
  it('shows config title, subtitle and back link, in Arabic too; the slotted page controls are reachable by Tab', async () => {
    const parent = await fixture<HTMLDivElement>(html`<div>
      <button id="before">before</button>
      <s72-player lang="ar" style="width: 640px; height: 360px">
        <button slot="title-bar-end" id="episodes">Episodes</button>
      </s72-player>
    </div>`);
    const player = parent.querySelector<S72Player>('s72-player')!;
    player.config = { title: 'الفيلم', subtitle: 'الحلقة 2', navigateBackUrl: '/browse' };
    // The controls render once the Arabic table (fetched on demand) is there.
    await until(() => player.shadowRoot!.querySelector('s72-title-bar') !== null, 'the title bar renders');
    const bar = player.shadowRoot!.querySelector('s72-title-bar')!;
    await bar.updateComplete;
    expect(part(bar, 'title')!.textContent).to.equal('الفيلم');
    expect(part(bar, 'subtitle')!.textContent).to.equal('الحلقة 2');
    // A subtitle the page composed in Arabic around a Latin show name reads right to left.
    player.config = { title: 'الفيلم', subtitle: 'Harbour Lights · الموسم 1 · الحلقة 2', navigateBackUrl: '/browse' };
    await player.updateComplete;
    await bar.updateComplete;
    expect(getComputedStyle(part(bar, 'subtitle')!).direction).to.equal('rtl');
    expect(part(bar, 'subtitle')!.matches(':dir(rtl)')).to.equal(true);
    // The show's name reads first from the right: its part sits right of the season's.
    const parts = [...part(bar, 'subtitle')!.querySelectorAll('bdi')];
    expect(parts.map((bdi) => bdi.textContent)).to.deep.equal(['Harbour Lights', 'الموسم 1', 'الحلقة 2']);
    expect(parts[0]!.getBoundingClientRect().left).to.be.greaterThan(parts[1]!.getBoundingClientRect().left);
    // An English tagline (catalogue text) keeps its own order: the full stop ends it, on its right.
    player.config = { title: 'Night Harbour', subtitle: 'The tide keeps every secret.', navigateBackUrl: '/browse' };
    await player.updateComplete;
    await bar.updateComplete;
    const text = [...part(bar, 'subtitle')!.querySelector('bdi')!.childNodes].find((node): node is Text => node instanceof Text && node.data.length > 0)!;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const first = range.getBoundingClientRect();
    range.setStart(text, text.data.length - 1);
    range.setEnd(text, text.data.length);
    const stop = range.getBoundingClientRect();
    expect(stop.left, 'the full stop is right of the "T"').to.be.greaterThan(first.left);
    const back = part<HTMLAnchorElement>(bar, 'back-button')!;
    expect(back.getAttribute('aria-label')).to.equal('رجوع');
    const slot = bar.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="title-bar-end"]')!;
    expect(slot.assignedElements({ flatten: true })).to.deep.equal([parent.querySelector('#episodes')]);
    parent.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(bar.shadowRoot!.activeElement, 'Tab reaches the back link first').to.equal(back);
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(parent.querySelector('#episodes'));
  });

  it('an ad item (content.playbackMode "ad"): "Ad" before the title, in English and Arabic (issue 22 item 7)', async () => {
    const content = { slug: '/film/demo-ad', assets: { mp4: { url: 'https://shop.example/none.mp4' } }, playbackMode: 'ad' as const };
    for (const [lang, label] of [['en', 'Ad'], ['ar', 'إعلان']] as const) {
      const player = await fixture<S72Player>(html`<s72-player lang=${lang} style="width: 640px; height: 360px"></s72-player>`);
      player.config = { title: 'Our sponsor' };
      await player.updateComplete;
      const bar = player.shadowRoot!.querySelector('s72-title-bar')!;
      await bar.updateComplete;
      expect(part(bar, 'ad-badge'), 'no badge for ordinary content').to.equal(null);
      player.content = content;
      await player.updateComplete;
      await bar.updateComplete;
      expect(part(bar, 'ad-badge')?.textContent?.trim()).to.equal(label);
      expect(player.store.getState().canSeek, 'no seeking in an ad item').to.equal(false);
      player.content = { ...content, slug: '/film/sponsored-feature', playbackMode: null };
      await player.updateComplete;
      await bar.updateComplete;
      expect(part(bar, 'ad-badge')).to.equal(null);
      expect(player.store.getState().canSeek).to.equal(true);
      player.remove();
    }
  });

  it('hides with the controls (controls-hidden: transparent, no clicks)', async () => {
    const player = await fixture<S72Player>(html`<s72-player style="width: 640px; height: 360px"></s72-player>`);
    player.config = { title: 'The Film' };
    await player.updateComplete;
    const bar = player.shadowRoot!.querySelector('s72-title-bar')!;
    await bar.updateComplete;
    expect(getComputedStyle(bar).display).to.equal('flex');
    player.store.setUi({ controlsVisible: false });
    await player.updateComplete;
    expect(getComputedStyle(bar).pointerEvents).to.equal('none');
    player.store.setUi({ controlsVisible: true });
    await player.updateComplete;
    expect(getComputedStyle(bar).pointerEvents).to.equal('auto');
  });
});
