import { expect } from '@open-wc/testing';
import { routeHash } from '../../src-shell/app/services.js';
import { kebabTitle, paths } from '../../src-shell/config/paths.js';
import { parseHash } from '../../src-shell/features/play-session/parse-route.js';

describe('route builders (config/paths.ts)', () => {
  it('kebab-cases titles', () => {
    expect(kebabTitle('Night Harbour')).to.equal('night-harbour');
    expect(kebabTitle('  Café: The Return!! ')).to.equal('cafe-the-return');
  });

  it('builds play hashes and addresses that parse back to the same slug', () => {
    const hash = paths.play.getHash('/tv/harbour-lights/season/1/episode/2', 'Fog Signal', { t: '30', nav: 'false' });
    expect(hash).to.equal('#/tv/harbour-lights/season/1/episode/2/fog-signal?t=30&nav=false');
    const { route, params } = parseHash(hash);
    expect(route.kind === 'play' && route.slug.slug).to.equal('/tv/harbour-lights/season/1/episode/2');
    expect(params.get('t')).to.equal('30');
    expect(paths.play.getHref('/film/x')).to.equal('/play/#/film/x');
  });

  it('a route redirect keeps the current (token-free) query', () => {
    expect(routeHash({ kind: 'route', slug: '/tv/s/season/1/episode/1', title: 'Pilot' }, '#/tv/s/season/1?nav=false&t=3')).to.equal(
      '#/tv/s/season/1/episode/1/pilot?nav=false&t=3',
    );
    expect(routeHash({ kind: 'route', slug: '/tv/s/season/1/episode/1' }, '#/tv/s/season/1')).to.equal('#/tv/s/season/1/episode/1');
  });
});
