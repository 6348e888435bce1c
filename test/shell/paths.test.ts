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

  // player-and-client §2: going to another item drops `t` (issue 8: this used to assert that `t` was kept).
  it('a route to another item keeps the current query but t (and the tokens)', () => {
    expect(routeHash({ kind: 'route', slug: '/tv/s/season/1/episode/1', title: 'Pilot' }, '#/tv/s/season/1?nav=false&t=3')).to.equal(
      '#/tv/s/season/1/episode/1/pilot?nav=false',
    );
    expect(routeHash({ kind: 'route', slug: '/tv/s/season/1/episode/1' }, '#/tv/s/season/1')).to.equal('#/tv/s/season/1/episode/1');
  });

  it('itemHash: the other item\'s slug, the current query without t, u and p', () => {
    expect(paths.play.itemHash('/film/x/bonus/1', 'Making Of', '#/film/x/x?t=30&rates=true&u=tok&p=pt&from=%2Fa%3Fb%3D1')).to.equal(
      '#/film/x/bonus/1/making-of?rates=true&from=%2Fa%3Fb%3D1',
    );
    expect(paths.play.itemHash('/film/y', undefined, '#/film/x?t=30')).to.equal('#/film/y');
    expect(paths.play.itemHash('/film/y', 'Y', '')).to.equal('#/film/y/y');
  });
});
