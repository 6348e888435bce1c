import { expect } from '@open-wc/testing';
import { buildSuggestions, SUGGESTIONS_OTHERS } from '../../../../src-element/core/client/domain/index.js';
import { DAY, now } from './fixtures.js';

const all = () => true;
const cw = (slug: string, agoDays: number) => ({ slug, lastWatchedAt: now - agoDays * DAY });
const slugs = (s: ReturnType<typeof buildSuggestions>) => [s.top?.slug, ...s.others.map((o) => o.slug)];

describe('suggestions / Up next (player-and-client §2 end screen, §9)', () => {
  it('exports SUGGESTIONS_OTHERS = 3', () => {
    expect(SUGGESTIONS_OTHERS).to.equal(3);
  });

  it('puts the next episode first, as the top suggestion', () => {
    const s = buildSuggestions({
      currentSlug: '/tv/hl/season/1/episode/1',
      nextEpisode: '/tv/hl/season/1/episode/2',
      continueWatching: [cw('/film/a', 0.1)],
      canBeWatchedNow: all,
    });
    expect(s.top).to.deep.equal({ slug: '/tv/hl/season/1/episode/2', source: 'next-episode', lastWatchedAt: null });
    expect(s.others.map((o) => o.slug)).to.deep.equal(['/film/a']);
  });

  it('sorts the rest by most recently watched', () => {
    const s = buildSuggestions({
      continueWatching: [cw('/film/old', 9), cw('/film/new', 1), cw('/film/mid', 4)],
      canBeWatchedNow: all,
    });
    expect(slugs(s)).to.deep.equal(['/film/new', '/film/mid', '/film/old']);
    expect(s.top).to.deep.equal({ slug: '/film/new', source: 'continue-watching', lastWatchedAt: now - DAY });
  });

  it('gives the top 1 plus at most 3 others', () => {
    const s = buildSuggestions({
      continueWatching: [cw('/film/a', 1), cw('/film/b', 2), cw('/film/c', 3), cw('/film/d', 4), cw('/film/e', 5)],
      canBeWatchedNow: all,
    });
    expect(s.top?.slug).to.equal('/film/a');
    expect(s.others.map((o) => o.slug)).to.deep.equal(['/film/b', '/film/c', '/film/d']);
  });

  it('fills up with recommendations after watched items, in the given order', () => {
    const s = buildSuggestions({
      continueWatching: [cw('/film/a', 1)],
      recommendations: ['/film/r1', '/film/r2', '/film/r3', '/film/r4'],
      canBeWatchedNow: all,
    });
    expect(slugs(s)).to.deep.equal(['/film/a', '/film/r1', '/film/r2', '/film/r3']);
    expect(s.others[0]!.source).to.equal('recommendation');
  });

  it('leaves out what the viewer cannot watch now', () => {
    const s = buildSuggestions({
      nextEpisode: '/tv/hl/season/1/episode/2',
      continueWatching: [cw('/film/blocked', 1), cw('/film/ok', 2)],
      canBeWatchedNow: (slug) => slug === '/film/ok',
    });
    expect(slugs(s)).to.deep.equal(['/film/ok']);
  });

  it('never suggests the item just watched, nor one slug twice', () => {
    const s = buildSuggestions({
      currentSlug: '/film/now/',
      nextEpisode: null,
      continueWatching: [cw('/film/now', 0.1), cw('/film/a', 1)],
      recommendations: ['/film/a', '/film/b'],
      canBeWatchedNow: all,
    });
    expect(slugs(s)).to.deep.equal(['/film/a', '/film/b']);
    expect(s.top?.source).to.equal('continue-watching');
  });

  it('gives no top and no others when nothing qualifies', () => {
    expect(buildSuggestions({ canBeWatchedNow: all })).to.deep.equal({ top: null, others: [] });
  });

  it('honours maxOthers', () => {
    const s = buildSuggestions({ recommendations: ['/film/a', '/film/b', '/film/c'], canBeWatchedNow: all, maxOthers: 1 });
    expect(slugs(s)).to.deep.equal(['/film/a', '/film/b']);
  });

  it('skips bad entries without throwing', () => {
    const s = buildSuggestions({
      nextEpisode: 'not-a-slug',
      continueWatching: [null, { slug: 42 } as never, { slug: '/film/a', lastWatchedAt: Number.NaN }, cw('/film/b', 2)],
      recommendations: [null, '', '/film/c'],
      canBeWatchedNow: all,
    });
    expect(slugs(s)).to.deep.equal(['/film/b', '/film/a', '/film/c']);
  });
});
