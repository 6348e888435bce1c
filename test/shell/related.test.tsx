/**
 * The related-content menu (player-and-client §1 "a related-content menu", §8 "Labels: 'No episodes',
 * 'Coming soon', 'Expired'"): `relatedItems` (pure: status of each sibling at a time) and the
 * `RelatedMenu` component (labels, links only for playable items, disclosure keyboard behaviour,
 * Arabic labels).
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import type { Availability } from 's72-player/client';
import { relatedItems, type Sibling } from '../../src-shell/features/play-flow/navigation.js';
import { RelatedMenu, type RelatedMenuItem } from '../../src-shell/features/player/components/related-menu.js';
import { I18nProvider } from '../../src-shell/lib/i18n.js';
import { useReactRoot } from './support/react-root.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const SIBLINGS: Sibling[] = [
  { slug: '/tv/x/season/1/episode/1', title: 'One' },
  { slug: '/tv/x/season/1/episode/2', title: 'Two' },
  { slug: '/tv/x/season/1/episode/3', title: 'Three' },
  { slug: '/tv/x/season/1/episode/4', title: 'Four' },
];
const AVAILABILITIES = [
  { slug: '/tv/x/season/1/episode/1', to: '2026-05-01T00:00:00Z' },
  { slug: '/tv/x/season/1/episode/2' },
  { slug: '/tv/x/season/1/episode/3', from: '2026-07-01T00:00:00Z' },
] as unknown as Availability[];

describe('relatedItems', () => {
  it('labels each sibling expired, coming soon or available at the given time, in order, marking the current one', () => {
    expect(relatedItems('/tv/x/season/1/episode/2', SIBLINGS, AVAILABILITIES, NOW)).to.deep.equal([
      { slug: '/tv/x/season/1/episode/1', title: 'One', status: 'expired', current: false },
      { slug: '/tv/x/season/1/episode/2', title: 'Two', status: 'available', current: true },
      { slug: '/tv/x/season/1/episode/3', title: 'Three', status: 'coming-soon', current: false },
      { slug: '/tv/x/season/1/episode/4', title: 'Four', status: 'available', current: false },
    ]);
  });

  it('an item becomes available once its window opens', () => {
    const later = Date.parse('2026-07-02T00:00:00Z');
    expect(relatedItems('/tv/x/season/1/episode/2', SIBLINGS, AVAILABILITIES, later)?.[2]?.status).to.equal('available');
  });

  it('unknown availabilities (the lookup failed) give no menu; no siblings give an empty one', () => {
    expect(relatedItems('/tv/x/season/1/episode/2', SIBLINGS, undefined, NOW)).to.equal(undefined);
    expect(relatedItems('/tv/x/season/1/episode/2', [], [], NOW)).to.deep.equal([]);
  });
});

describe('<RelatedMenu>', () => {
  const dom = useReactRoot();
  const items: RelatedMenuItem[] = (relatedItems('/tv/x/season/1/episode/2', SIBLINGS, AVAILABILITIES, NOW) ?? []).map((item) => ({
    ...item,
    ...(item.status === 'available' ? { href: `#${item.slug}` } : {}),
  }));

  function render(rows: RelatedMenuItem[], locale: 'en' | 'ar' = 'en') {
    flushSync(() => dom.root.render(createElement(I18nProvider, { locale }, createElement(RelatedMenu, { items: rows, kind: 'episodes' }))));
  }
  const q = <T extends Element>(selector: string) => dom.host.querySelector<T>(selector);
  const button = () => q<HTMLButtonElement>('[data-testid="related-button"]')!;
  const panel = () => button().nextElementSibling as HTMLElement;

  afterEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  it('lists every item; only playable ones (not the current one) are links; the others carry their label', () => {
    render(items);
    const rows = [...dom.host.querySelectorAll('li')];
    expect(rows.map((li) => li.dataset.status)).to.deep.equal(['expired', 'available', 'coming-soon', 'available']);
    expect(rows[0]!.querySelector('a'), 'no link to an expired item').to.equal(null);
    expect(rows[0]!.textContent).to.contain('Expired');
    expect(rows[1]!.querySelector('a'), 'no link to the item playing').to.equal(null);
    expect(rows[1]!.querySelector('[aria-current="page"]')?.textContent).to.equal('Two');
    expect(rows[1]!.textContent).to.contain('Playing');
    expect(rows[2]!.querySelector('a')).to.equal(null);
    expect(rows[2]!.textContent).to.contain('Coming soon');
    expect(rows[3]!.querySelector('a')?.getAttribute('href')).to.equal('#/tv/x/season/1/episode/4');
  });

  it("an empty list reads 'No episodes'", () => {
    render([]);
    expect(q('[data-testid="related-empty"]')?.textContent).to.equal('No episodes');
  });

  it('is a disclosure: the button toggles the list, Escape closes it and gives focus back to the button, a click outside closes it', async () => {
    render(items);
    expect(panel().hidden).to.equal(true);
    expect(button().getAttribute('aria-expanded')).to.equal('false');
    expect(button().getAttribute('aria-controls')).to.equal(panel().id);
    button().focus();
    await sendKeys({ press: 'Enter' });
    expect(panel().hidden).to.equal(false);
    expect(button().getAttribute('aria-expanded')).to.equal('true');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.textContent, 'Tab reaches the first link').to.equal('Four');
    await sendKeys({ press: 'Escape' });
    expect(panel().hidden).to.equal(true);
    expect(document.activeElement).to.equal(button());
    await sendKeys({ press: 'Space' });
    expect(panel().hidden).to.equal(false);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(panel().hidden).to.equal(true);
  });

  it('speaks Arabic under the Arabic string table', () => {
    render(items, 'ar');
    expect(button().textContent).to.equal('الحلقات');
    expect(dom.host.textContent).to.contain('قريبًا');
    expect(dom.host.textContent).to.contain('منتهي الصلاحية');
  });
});
