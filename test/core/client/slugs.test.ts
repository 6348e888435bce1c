import { expect } from '@open-wc/testing';
import { isS72Error } from '../../../src-element/core/errors.js';
import {
  assertSlugType,
  buildSlug,
  isStreamable,
  parentSlugOf,
  parseSlug,
  STREAMABLE_SLUG_TYPES,
  tryParseSlug,
  type ParsedSlug,
} from '../../../src-element/core/client/slugs.js';
import { bundleIdOf } from '../../../src-element/core/client/get-bundle.js';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('slugs (player-and-client §2 "Content slug shapes")', () => {
  const shapes: Array<[string, ParsedSlug]> = [
    ['/film/night-harbour', { type: 'film', slug: '/film/night-harbour', filmId: 'night-harbour' }],
    ['/film/123/bonus/2', { type: 'film-bonus', slug: '/film/123/bonus/2', filmId: '123', bonusNumber: 2 }],
    ['/tv/harbour-lights', { type: 'tv-show', slug: '/tv/harbour-lights', tvId: 'harbour-lights' }],
    ['/tv/hl/season/1', { type: 'tv-season', slug: '/tv/hl/season/1', tvId: 'hl', seasonNumber: 1 }],
    [
      '/tv/hl/season/1/episode/12',
      { type: 'tv-episode', slug: '/tv/hl/season/1/episode/12', tvId: 'hl', seasonNumber: 1, episodeNumber: 12 },
    ],
    [
      '/tv/hl/season/3/bonus/1',
      { type: 'tv-season-bonus', slug: '/tv/hl/season/3/bonus/1', tvId: 'hl', seasonNumber: 3, bonusNumber: 1 },
    ],
    ['/plan/basic', { type: 'plan', slug: '/plan/basic', id: 'basic' }],
    ['/credit/7', { type: 'credit', slug: '/credit/7', id: '7' }],
    ['/page/help', { type: 'page', slug: '/page/help', id: 'help' }],
    ['/bundle/b1', { type: 'bundle', slug: '/bundle/b1', id: 'b1' }],
    ['/collection/c_9', { type: 'collection', slug: '/collection/c_9', id: 'c_9' }],
  ];

  for (const [slug, expected] of shapes) {
    it(`parses and rebuilds ${slug}`, () => {
      const parsed = parseSlug(slug);
      expect(parsed).to.deep.equal(expected);
      const { slug: _slug, ...parts } = parsed;
      expect(buildSlug(parts as Parameters<typeof buildSlug>[0])).to.equal(slug);
    });
  }

  it('tolerates one trailing slash and returns the canonical slug', () => {
    expect(parseSlug('/film/night-harbour/').slug).to.equal('/film/night-harbour');
  });

  for (const bad of ['', '/', 'film/x', '/film', '/film/x/bonus', '/film/x/bonus/abc', '/film/x/bonus/0', '/tv/x/season/1/episode', '/movie/x', '/film/x y', '/film/../etc', '/tv/x/season/-1']) {
    it(`rejects ${JSON.stringify(bad)} with unsupported_slug "Invalid slug"`, () => {
      expect(tryParseSlug(bad)).to.equal(undefined);
      const error = thrown(() => parseSlug(bad));
      expect(isS72Error(error)).to.equal(true);
      expect(error).to.include({ code: 'unsupported_slug', category: 'client', message: 'Invalid slug' });
    });
  }

  it('knows which types are streamable (play-page §5)', () => {
    const streamable = shapes.filter(([s]) => isStreamable(parseSlug(s))).map(([, p]) => p.type);
    expect(streamable).to.deep.equal(['film', 'film-bonus', 'tv-episode', 'tv-season-bonus']);
  });

  it('maps a film bonus to its film and an episode or season bonus to its season', () => {
    expect(parentSlugOf(parseSlug('/film/x/bonus/1')).slug).to.equal('/film/x');
    expect(parentSlugOf(parseSlug('/tv/s/season/2/episode/3')).slug).to.equal('/tv/s/season/2');
    expect(parentSlugOf(parseSlug('/tv/s/season/2/bonus/1')).slug).to.equal('/tv/s/season/2');
    expect(parentSlugOf(parseSlug('/film/x')).slug).to.equal('/film/x');
  });

  it('names the allowed types in a wrong-type error (player-and-client §5)', () => {
    const streamError = thrown(() => assertSlugType(parseSlug('/tv/s'), STREAMABLE_SLUG_TYPES));
    expect(streamError).to.include({ code: 'slug_not_streamable' });
    expect((streamError as Error).message).to.contain('Slug is not streamable').and.contain('film, film-bonus, tv-episode, tv-season-bonus');
    const typeError = thrown(() => assertSlugType(parseSlug('/film/x'), ['bundle']));
    expect(typeError).to.include({ code: 'unsupported_slug' });
    expect((typeError as Error).message).to.contain('bundle');
  });

  for (const [slug, expected] of shapes) {
    it(`accepts ${slug} as ${expected.type} and rejects it for any other type, naming the allowed one`, () => {
      const parsed = parseSlug(slug);
      expect(() => assertSlugType(parsed, [expected.type])).not.to.throw();
      const other = expected.type === 'bundle' ? 'collection' : 'bundle';
      const error = thrown(() => assertSlugType(parsed, [other]));
      expect(error).to.include({ code: 'unsupported_slug', category: 'client' });
      expect((error as Error).message).to.equal(`Wrong slug type: ${expected.type} is not one of ${other}`);
    });
  }

  it('maps every shape to its parent: bonus → film; episode and season bonus → season; others to themselves', () => {
    const parents = shapes.map(([slug]) => parentSlugOf(parseSlug(slug)).slug);
    expect(parents).to.deep.equal([
      '/film/night-harbour',
      '/film/123',
      '/tv/harbour-lights',
      '/tv/hl/season/1',
      '/tv/hl/season/1',
      '/tv/hl/season/3',
      '/plan/basic',
      '/credit/7',
      '/page/help',
      '/bundle/b1',
      '/collection/c_9',
    ]);
  });

  it('bundleIdOf takes a /bundle/ slug or a bare id, and rejects anything else', () => {
    expect(bundleIdOf('/bundle/harbour-collection')).to.equal('harbour-collection');
    expect(bundleIdOf('harbour-collection')).to.equal('harbour-collection');
    expect(thrown(() => bundleIdOf('/film/x'))).to.include({ code: 'unsupported_slug' });
    expect(thrown(() => bundleIdOf('a/b'))).to.include({ code: 'unsupported_slug', message: 'Invalid slug' });
    expect(thrown(() => bundleIdOf(''))).to.include({ code: 'unsupported_slug' });
  });
});
