/**
 * player-and-client §4 "Playback recovery" / play-page §8 "PLAY_FAILED → play_failed" (issue 8
 * item 13): play() refused three times for a real reason (the media is a JPEG, which the browser
 * cannot decode: NotSupportedError) shows `play_failed` to the viewer in the error panel.
 *
 * The media element is given the undecodable file directly: through the engine, an undecodable
 * source is reported as `decode_error` before any play() can be refused (see the second test).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Error } from '../../src-element/core/errors.js';
import { MAX_PLAY_FAILURES } from '../../src-element/controllers/playback-start-controller.js';
import { ADULT_TOKEN, demoUrl, until } from '../helpers/demo.js';

/** A file the storefront serves that no browser can play as video. */
const UNDECODABLE = '/media/feature/poster.jpg';

describe('<s72-player>: PLAY_FAILED → play_failed (real Chromium, demo storefront)', function () {
  this.timeout(30_000);

  it('three play() refusals of an undecodable media show play_failed in the error panel', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted></s72-player>`);
    const errors: S72Error[] = [];
    player.addEventListener('s72-error', (e) => errors.push((e as CustomEvent<S72Error>).detail));
    const video = player.shadowRoot!.querySelector('video')!;
    video.src = demoUrl(UNDECODABLE);
    await until(() => video.error !== null, 'the browser rejects the media', 10_000);
    expect(video.error?.code).to.equal(MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED);

    const refusals: string[] = [];
    for (let attempt = 1; attempt <= MAX_PLAY_FAILURES; attempt++) {
      await player.play().catch((error: unknown) => refusals.push((error as DOMException).name));
      if (attempt < MAX_PLAY_FAILURES) expect(errors, `after ${attempt} refusal(s)`).to.deep.equal([]);
    }
    expect(refusals).to.deep.equal(['NotSupportedError', 'NotSupportedError', 'NotSupportedError']);
    expect(errors.map((e) => [e.code, e.severity])).to.deep.equal([['play_failed', 'critical']]);

    await player.updateComplete;
    const panel = player.shadowRoot!.querySelector('[part="error"]');
    expect(panel, 'the error panel shows').to.not.equal(null);
    expect(panel!.getAttribute('role')).to.equal('alert');
    expect(panel!.querySelector('code')?.textContent).to.equal('play_failed');
    expect(player.lastError?.code).to.equal('play_failed');
  });

  it('through the engine, the same undecodable media is decode_error (never a play refusal)', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted></s72-player>`);
    const errors: S72Error[] = [];
    player.addEventListener('s72-error', (e) => errors.push((e as CustomEvent<S72Error>).detail));
    player.config = {};
    player.content = { slug: '/film/clear-skies', title: 'Clear Skies', authorization: ADULT_TOKEN, assets: { mp4: { url: demoUrl(UNDECODABLE), drms: [] } } };
    await until(() => errors.length > 0, 's72-error', 20_000);
    expect(errors[0]!.code).to.equal('decode_error');
  });
});
