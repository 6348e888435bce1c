/**
 * The media-information lookup (`S72Player.mediaInformation`; player-and-client §2 "Optional
 * media-information lookup per content slug"): real `<s72-player>` elements playing the demo
 * storefront's MP4, with a page lookup that answers, answers late, fails or throws. What the viewer
 * sees: the title bar's title and second line, the poster, the end screen's suggestions given with
 * a slug only. Answers are cached per slug, a late answer for an old slug is dropped, failures are
 * logged and never fatal.
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Error } from '../../src-element/core/errors.js';
import type { S72MediaInformation } from '../../src-element/core/media-information.js';
import type { S72Content, S72PlayerConfig } from '../../src-element/core/types.js';
import type { S72Suggestion } from '../../src-element/core/ui/ui-state.js';
import { MEDIA, demoUrl, until } from '../helpers/demo.js';

const content = (slug: string): S72Content => ({ slug, assets: { mp4: { url: demoUrl(MEDIA.mp4) } } });
const CATALOGUE: Record<string, S72MediaInformation> = {
  '/film/night-harbour': { title: 'Night Harbour', subtitle: 'A film by A. Director', image: demoUrl(MEDIA.poster) },
  '/film/clear-skies': { title: 'Clear Skies', subtitle: '2024 · 1 h 32 min' },
  '/tv/the-firm/season/1/episode/3': { title: 'The Firm', subtitle: 'Season 1 · Episode 3', image: demoUrl('/media/feature/poster.jpg?ep3') },
};

function titleBar(player: S72Player): { title: string; subtitle: string } {
  const root = player.shadowRoot!.querySelector('s72-title-bar')!.shadowRoot!;
  const text = (part: string) => root.querySelector(`[part="${part}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return { title: text('title'), subtitle: text('subtitle') };
}
const poster = (player: S72Player) => player.shadowRoot!.querySelector('video')!.getAttribute('poster');

async function mount(lookup: ((slug: string) => unknown) | null, slug: string, config: S72PlayerConfig = {}) {
  const errors: S72Error[] = [];
  const player = await fixture<S72Player>(
    html`<s72-player muted .mediaInformation=${lookup} .config=${config} .content=${content(slug)} @s72-error=${(e: CustomEvent<S72Error>) => errors.push(e.detail)}></s72-player>`,
  );
  return { player, errors };
}

describe('media-information lookup (<s72-player>.mediaInformation)', function () {
  this.timeout(40_000);
  afterEach(() => sinon.restore());

  it("shows the slug's title and second line in the title bar and its image as the poster; config.title and config.subtitle win", async () => {
    const lookup = sinon.spy((slug: string) => Promise.resolve(CATALOGUE[slug] ?? null));
    const { player } = await mount(lookup, '/film/night-harbour');
    await until(() => titleBar(player).title === 'Night Harbour', () => JSON.stringify(titleBar(player)));
    expect(titleBar(player).subtitle).to.equal('A film by A. Director');
    expect(poster(player)).to.equal(demoUrl(MEDIA.poster));
    expect(lookup.calledOnceWithExactly('/film/night-harbour')).to.equal(true);

    player.config = { title: 'From the page', subtitle: 'Page line' };
    await until(() => titleBar(player).title === 'From the page', () => JSON.stringify(titleBar(player)));
    expect(titleBar(player).subtitle).to.equal('Page line');
    // The page's own poster wins too.
    player.poster = demoUrl('/media/feature/poster.jpg?page');
    await player.updateComplete;
    expect(poster(player)).to.equal(demoUrl('/media/feature/poster.jpg?page'));
  });

  it('answers are cached per slug: going back to a slug does not ask again', async () => {
    const lookup = sinon.spy((slug: string) => Promise.resolve(CATALOGUE[slug] ?? null));
    const { player } = await mount(lookup, '/film/night-harbour');
    await until(() => titleBar(player).title === 'Night Harbour', 'first title');
    player.content = content('/film/clear-skies');
    await until(() => titleBar(player).title === 'Clear Skies', () => JSON.stringify(titleBar(player)));
    expect(poster(player), 'no image for this slug: no poster').to.equal(null);
    player.content = content('/film/night-harbour');
    await until(() => titleBar(player).title === 'Night Harbour', 'back to the first');
    expect(lookup.callCount).to.equal(2);
    expect(lookup.args.map(([slug]) => slug)).to.deep.equal(['/film/night-harbour', '/film/clear-skies']);
  });

  it('a late answer for an old slug is dropped after a content change', async () => {
    let answerFirst!: (info: S72MediaInformation) => void;
    const lookup = (slug: string) =>
      slug === '/film/night-harbour' ? new Promise<S72MediaInformation>((resolve) => (answerFirst = resolve)) : Promise.resolve(CATALOGUE[slug] ?? null);
    const { player } = await mount(lookup, '/film/night-harbour');
    await until(() => typeof answerFirst === 'function', 'asked about the first slug');
    player.content = content('/film/clear-skies');
    await until(() => titleBar(player).title === 'Clear Skies', () => JSON.stringify(titleBar(player)));
    answerFirst(CATALOGUE['/film/night-harbour']!);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await player.updateComplete;
    expect(titleBar(player).title, 'the old answer is not shown').to.equal('Clear Skies');
    expect(poster(player)).to.equal(null);
  });

  it('a failing or throwing lookup is logged, never an error for the viewer; playback goes on; a later use asks again', async () => {
    const warn = sinon.stub(console, 'warn');
    let fail = true;
    const lookup = sinon.spy((slug: string) => {
      if (slug === '/film/clear-skies') throw new Error('lookup threw');
      return fail ? Promise.reject(new Error('catalogue down')) : Promise.resolve(CATALOGUE[slug] ?? null);
    });
    const { player, errors } = await mount(lookup, '/film/night-harbour');
    await until(() => warn.getCalls().some((call) => String(call.args[0]).includes('catalogue down')), 'logged');
    expect(String(warn.getCalls().find((call) => String(call.args[0]).includes('catalogue down'))!.args[0])).to.contain('/film/night-harbour');
    await player.play();
    await until(() => player.currentTime > 0.2, 'playing');
    player.content = content('/film/clear-skies');
    await until(() => warn.getCalls().some((call) => String(call.args[0]).includes('lookup threw')), 'a throw is logged too');
    expect(errors, 'no s72-error').to.deep.equal([]);
    expect(player.lastError).to.equal(null);
    expect(titleBar(player).title).to.equal('');
    fail = false;
    player.content = content('/film/night-harbour');
    await until(() => titleBar(player).title === 'Night Harbour', 'asked again after the failure');
  });

  it("end-screen suggestions given with a slug only get the lookup's title, second line and image; the page's own fields win", async () => {
    const lookup = sinon.spy((slug: string) => Promise.resolve(CATALOGUE[slug] ?? null));
    const { player } = await mount(lookup, '/film/night-harbour');
    player.suggestions = [
      { slug: '/tv/the-firm/season/1/episode/3', source: 'next-episode' } as S72Suggestion,
      { slug: '/film/clear-skies', title: 'Clear Skies (page)', source: 'recommendation' },
      { slug: '/film/unknown', source: 'recommendation' } as S72Suggestion,
    ];
    await until(() => player.store.getState().suggestions.length === 2, () => JSON.stringify(player.store.getState().suggestions));
    const [first, second] = player.store.getState().suggestions;
    expect(first).to.deep.include({ slug: '/tv/the-firm/season/1/episode/3', title: 'The Firm', subtitle: 'Season 1 · Episode 3', image: CATALOGUE['/tv/the-firm/season/1/episode/3']!.image });
    expect(second).to.deep.include({ slug: '/film/clear-skies', title: 'Clear Skies (page)', subtitle: '2024 · 1 h 32 min' });
    // Without a lookup, a suggestion without a title is left out (as before).
    player.mediaInformation = null;
    player.suggestions = [{ slug: '/tv/the-firm/season/1/episode/3', source: 'next-episode' } as S72Suggestion];
    await until(() => player.store.getState().suggestions.length === 0, () => JSON.stringify(player.store.getState().suggestions));
  });
});
