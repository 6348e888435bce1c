import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src-element/index.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { S72Error } from '../../src-element/core/errors.js';
import { MEDIA, demoControl, demoUrl, nextEvent, resetDemo, until } from '../helpers/demo.js';

describe('<s72-player>', function () {
  this.timeout(40_000);

  it('passes the accessibility audit', async () => {
    const player = await fixture<S72Player>(html`<s72-player></s72-player>`);
    await expect(player).shadowDom.to.be.accessible();
  });

  it('the error panel offers "Try again" only where a reload can help (not after the live event ended or the rights are gone)', async () => {
    const rows: [S72Error, boolean][] = [
      [new S72Error('drm_failed', 'licence refused', { category: 'drm' }), true],
      [new S72Error('too_many_streams', 'limit', { category: 'heartbeat' }), true],
      [new S72Error('live_event_completed', 'ended', { category: 'live' }), false],
      [new S72Error('content_expired', 'forbidden', { category: 'heartbeat' }), false],
    ];
    for (const [error, retry] of rows) {
      const player = await fixture<S72Player>(html`<s72-player></s72-player>`);
      player.report(error);
      await player.updateComplete;
      const panel = player.shadowRoot!.querySelector('[part="error"]');
      expect(panel?.querySelector('code')?.textContent, error.code).to.equal(error.code);
      expect(Boolean(panel?.querySelector('button')), error.code).to.equal(retry);
    }
  });

  it('is defined once, even when the module is imported twice', async () => {
    await import('../../src-element/s72-player.js');
    expect(customElements.get('s72-player')).to.be.a('function');
  });

  it('reports an invalid config attribute as invalid_config instead of throwing', async () => {
    const player = document.createElement('s72-player');
    const error = nextEvent<CustomEvent<S72Error>>(player, 's72-error');
    player.setAttribute('config', '{not json');
    document.body.append(player);
    expect((await error).detail.code).to.equal('invalid_config');
    expect((await error).detail.severity).to.equal('recoverable');
    player.remove();
  });

  it('keyboard: K toggles play, L/J and arrows seek by 10 s, M mutes', async () => {
    const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(MEDIA.clearDash)} muted></s72-player>`);
    await nextEvent(player, 's72-loaded');
    player.focus();
    const where = () => {
      const media = player.store.owners.media;
      const buffered = media ? Array.from({ length: media.buffered.length }, (_, i) => `${media.buffered.start(i).toFixed(2)}-${media.buffered.end(i).toFixed(2)}`) : [];
      const focusPath: string[] = [];
      for (let el: Element | null = document.activeElement; el; el = el.shadowRoot?.activeElement ?? null) focusPath.push(`${el.localName}${el.getAttribute('part') ? `[${el.getAttribute('part')}]` : ''}`);
      return `currentTime ${player.currentTime}, paused ${player.paused}, seeking ${media?.seeking}, readyState ${media?.readyState}, buffered [${buffered.join(', ')}], seekable ${JSON.stringify(player.store.getState().seekable)}, canSeek ${player.store.getState().canSeek}, focus ${focusPath.join(' > ')}, document focused ${document.hasFocus()}`;
    };
    await sendKeys({ press: 'k' });
    await until(() => !player.paused, () => `playing after K: ${where()}`);
    await sendKeys({ press: 'k' });
    await until(() => player.paused, () => `paused after the second K: ${where()}`);
    // From a known position: the presses above may take seconds to arrive on a loaded machine.
    player.currentTime = 3;
    await until(() => player.currentTime === 3 && !player.store.owners.media!.seeking, () => `seeked to 3 s: ${where()}`);
    const before = player.currentTime;
    await sendKeys({ press: 'l' });
    await until(() => player.currentTime >= before + 9.5, () => `L seeks forward 10 s: ${where()}`);
    await sendKeys({ press: 'ArrowLeft' });
    await until(() => Math.abs(player.currentTime - before) < 0.5, () => `ArrowLeft seeks back 10 s: ${where()}`);
    await sendKeys({ press: 'j' });
    await until(() => player.currentTime === 0, () => `J clamps at 0: ${where()}, before ${before}`);
    await sendKeys({ press: 'm' });
    await until(() => !player.muted, () => `M unmutes: ${where()}`);
  });

  it('keeps a seek made after the load but before the media has metadata (the engine does not move it back to 0)', async () => {
    // The segments arrive late, so the media has no metadata for a while after `s72-loaded`.
    await demoControl('latency', { path: '/media/feature/dash/video-*', ms: 1500 });
    try {
      const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(MEDIA.clearDash)} muted></s72-player>`);
      await nextEvent(player, 's72-loaded');
      const media = player.store.owners.media!;
      expect(media.readyState, 'no metadata yet').to.equal(0);
      player.currentTime = 20;
      await nextEvent(media, 'loadedmetadata', 15_000);
      await until(() => !media.seeking && media.readyState >= 2, () => `seeked after the metadata: currentTime ${media.currentTime}`, 15_000);
      expect(player.currentTime).to.be.closeTo(20, 0.1);
    } finally {
      await resetDemo();
    }
  });

  it('clamps seeks to the media (player-and-client §5)', async () => {
    const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(MEDIA.clearDash)} muted></s72-player>`);
    await nextEvent(player, 's72-loaded');
    player.currentTime = 10_000;
    await until(() => player.currentTime > 0, 'seek applied');
    expect(player.currentTime).to.be.at.most(player.duration);
    player.currentTime = -5;
    await until(() => player.currentTime === 0, 'negative seek clamps to 0');
  });

  it('does not seek when seeking is disabled', async () => {
    const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(MEDIA.clearDash)} muted></s72-player>`);
    player.config = { seeking: false };
    await nextEvent(player, 's72-loaded');
    player.currentTime = 30;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(player.currentTime).to.equal(0);
  });
});
