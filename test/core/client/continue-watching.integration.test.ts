/**
 * `client.getContinueWatching()` against the real demo storefront: the adult viewer's playback
 * progress fixtures (demo/CATALOGUE.md "Continue-watching fixtures") through the §9 rules.
 */
import { expect } from '@open-wc/testing';
import { createContentClient, createContentCache } from '../../../src-element/core/client/index.js';
import { ADULT_TOKEN, demoOrigin, resetDemo } from '../../helpers/demo.js';

describe('content-data client: continue watching (player-and-client §9)', function () {
  this.timeout(30_000);
  beforeEach(resetDemo);

  const client = () =>
    createContentClient({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN, cache: createContentCache({ maxRetries: 0 }) });

  it('lists films in progress and the next episode, most recently watched first', async () => {
    const entries = await client().getContinueWatching();
    expect(entries.map((entry) => entry.slug)).to.deep.equal([
      '/tv/tide-tables/season/1/episode/2', // episode 1 completed −1d → the next watchable one
      '/film/resume-me', // −2d
      '/film/midway-point', // −3d
    ]);
    const next = entries[0]!;
    expect(next.kind).to.equal('episode');
    expect(next.isNextEpisode).to.equal(true);
    expect(next.watchedSlug).to.equal('/tv/tide-tables/season/1/episode/1');
  });

  it('leaves out completed, too old, too short and finished-and-stale items', async () => {
    const slugs = (await client().getContinueWatching()).map((entry) => entry.slug);
    for (const excluded of ['/film/finished-story', '/film/long-ago', '/film/short-cut']) expect(slugs).to.not.include(excluded);
    expect(slugs.some((slug) => slug.startsWith('/tv/old-lighthouse'))).to.equal(false);
  });

  it('applies the max age relative to now (epoch ms)', async () => {
    // Ten days on, resume-me (−2d) and midway-point (−3d) are still inside 90 days; 95 days on, neither is.
    const later = Date.now() + 95 * 24 * 3600 * 1000;
    const slugs = (await client().getContinueWatching(undefined, later)).map((entry) => entry.slug);
    expect(slugs).to.not.include('/film/resume-me');
    expect(slugs).to.not.include('/film/midway-point');
  });
});
