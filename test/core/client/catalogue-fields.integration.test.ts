/**
 * Catalogue fields the client keeps and the image root it applies, against the demo storefront:
 * the bonus `description` (play-page §3 "Bonus: number, title, description, …") and
 * `image_root_path` (player-and-client §9 "Other config keys: image_root_path") for relative
 * `image_urls`.
 */
import { expect } from '@open-wc/testing';
import { createContentClient, imageRootPath, resolveImageUrl, resolveImageUrls } from '../../../src-element/core/client/index.js';
import { ADULT_TOKEN, demoOrigin, resetDemo } from '../../helpers/demo.js';

describe('catalogue fields: bonus description, image_root_path', function () {
  this.timeout(20_000);
  beforeEach(() => resetDemo());

  const client = () => createContentClient({ baseUrl: demoOrigin(), authToken: ADULT_TOKEN });

  it('a film bonus and a season bonus keep their description', async () => {
    const film = await client().getFilm('/film/night-harbour');
    expect(film.bonuses![0]).to.include({ number: 1, description: 'Behind the scenes of Night Harbour.' });
    const season = await client().getSeason('/tv/harbour-lights/season/1');
    expect(season.bonuses![0]).to.include({ number: 1, description: 'How the lighthouse scenes were shot.' });
  });

  it('a relative image path is under the storefront configuration\'s image_root_path; the image is there', async () => {
    const configuration = await client().getConfiguration();
    const root = imageRootPath(configuration);
    expect(root).to.equal(`${demoOrigin()}/media/`);
    const url = resolveImageUrl('feature/poster.jpg', root)!;
    expect(url).to.equal(`${demoOrigin()}/media/feature/poster.jpg`);
    const response = await fetch(url);
    expect(response.ok).to.equal(true);
    expect(response.headers.get('content-type')).to.contain('image/');
  });

  it('absolute and root-relative images are kept; empty entries dropped; no root keeps the path', () => {
    const config = { image_root_path: 'https://img.example/media' };
    expect(resolveImageUrls({ bg: 'a/bg.jpg', landscape: 'https://cdn.example/l.jpg', portrait: '/p.jpg' }, config)).to.deep.equal({
      bg: 'https://img.example/media/a/bg.jpg',
      landscape: 'https://cdn.example/l.jpg',
      portrait: '/p.jpg',
    });
    expect(resolveImageUrls({ bg: '', landscape: null }, config)).to.deep.equal({});
    expect(resolveImageUrl('./x.jpg', 'https://img.example/media/')).to.equal('https://img.example/media/x.jpg');
    expect(resolveImageUrl('x.jpg', imageRootPath({}))).to.equal('x.jpg');
    expect(resolveImageUrl('//cdn.example/x.jpg', 'https://img.example/')).to.equal('//cdn.example/x.jpg');
  });
});
