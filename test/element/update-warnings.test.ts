/**
 * No Lit "change-in-update" warning in a consumer's console (issue 24 item 16): mounting a player
 * and playing a film must not make an element schedule an update from inside an update. Runs
 * against Lit's development build (the runner resolves the `development` export condition), the one
 * that issues the warning, with the real demo storefront and real media.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { MEDIA, demoUrl, nextEvent, resetDemo, until } from '../helpers/demo.js';

describe('Lit update warnings', function () {
  this.timeout(60_000);

  let warnings: string[];
  let original: typeof console.warn;
  beforeEach(async () => {
    await resetDemo();
    warnings = [];
    original = console.warn;
    // Recorded and still printed: the console keeps what a consumer would see.
    console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
      original.apply(console, args);
    };
  });
  afterEach(() => {
    console.warn = original;
  });

  it('a player that mounts, loads and plays (poster and muted set, then changed) issues no change-in-update warning', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted autoplay poster=${demoUrl(MEDIA.poster)}></s72-player>`);
    const video = player.shadowRoot!.querySelector('video')!;
    expect(video.getAttribute('poster')).to.equal(demoUrl(MEDIA.poster));
    expect(video.muted).to.equal(true);
    player.content = { slug: '/film/clear-skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } };
    await nextEvent(player, 's72-loaded');
    await until(() => player.currentTime > 1, () => `playing: currentTime ${player.currentTime}, error ${JSON.stringify(player.lastError)}`, 30_000);
    // The poster still follows its attribute after the first render.
    player.poster = demoUrl('/media/feature/other-poster.jpg');
    await player.updateComplete;
    expect(player.shadowRoot!.querySelector('video')).to.equal(video, 'the same <video> element');
    expect(video.getAttribute('poster')).to.equal(demoUrl('/media/feature/other-poster.jpg'));
    player.poster = null;
    await player.updateComplete;
    expect(video.hasAttribute('poster')).to.equal(false);
    expect(warnings.filter((warning) => warning.includes('change-in-update'))).to.deep.equal([]);
  });
});
