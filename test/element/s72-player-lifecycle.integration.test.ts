/**
 * `<s72-player>` as a page uses it: moved in the page while playing, given bad input, focused from
 * the keyboard, localised, with icons replaced through slots. Real media from the demo storefront.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src-element/index.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Error } from '../../src-element/core/errors.js';
import type { S72Content, S72PlayerConfig } from '../../src-element/core/types.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

const clearContent = (): S72Content => ({ slug: '/film/clear-skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } });
const controlBar = (player: S72Player) => player.shadowRoot!.querySelector('s72-control-bar')!;
const barPart = (player: S72Player, name: string) => controlBar(player).shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;

/** Collects s72-error events and unhandled rejections while `body` runs. */
async function watchErrors(player: S72Player, body: () => Promise<void>) {
  const errors: S72Error[] = [];
  const rejections: unknown[] = [];
  const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
  player.addEventListener('s72-error', (event) => errors.push(event.detail));
  window.addEventListener('unhandledrejection', onRejection);
  try {
    await body();
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    window.removeEventListener('unhandledrejection', onRejection);
  }
  return { errors, rejections };
}

describe('<s72-player> in the page', function () {
  this.timeout(60_000);

  it('keeps playing, re-dispatching events and updating its controls after being moved', async () => {
    const first = await fixture<HTMLDivElement>(html`<div><s72-player muted autoplay></s72-player></div>`);
    const second = await fixture<HTMLDivElement>(html`<div></div>`);
    const player = first.querySelector('s72-player')!;
    player.content = clearContent();
    await until(() => player.currentTime > 1, 'playing before the move');
    const engine = player.engineName;

    second.append(player); // disconnect + connect
    let timeupdates = 0;
    player.addEventListener('timeupdate', () => timeupdates++);
    const shownBefore = barPart(player, 'time').textContent;
    await until(() => timeupdates >= 3, 'timeupdate re-dispatched after the move');
    await until(() => barPart(player, 'time').textContent !== shownBefore, 'the control bar clock moves');
    expect(player.paused).to.equal(false);
    expect(player.engineName).to.equal(engine);
    expect(player.hasAttribute('paused')).to.equal(false);
  });

  it('reloads where it was when put back after a removal', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
    const parent = player.parentElement!;
    player.content = clearContent();
    await until(() => player.currentTime > 2, 'playing');
    player.remove();
    await until(() => player.engineName === null, 'engine destroyed on removal');
    const position = player.currentTime;
    parent.append(player);
    await nextEvent(player, 's72-loaded');
    await until(() => player.currentTime >= position && !player.paused, 'resumed at the old position');
  });

  it('loads only the last of several quick source switches (generation guard)', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted></s72-player>`);
    const loaded: string[] = [];
    player.addEventListener('s72-loaded', () => loaded.push(player.shadowRoot!.querySelector('video')!.currentSrc));
    player.src = demoUrl(MEDIA.clearDash);
    await player.updateComplete;
    player.src = demoUrl('/media/feature/no-such/manifest.mpd');
    await player.updateComplete;
    player.src = demoUrl(MEDIA.mp4);
    await until(() => loaded.length > 0, 's72-loaded');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(loaded).to.have.length(1);
    expect(player.lastError).to.equal(null);
    expect(player.duration).to.be.closeTo(60, 1);
  });

  describe('bad input gives a recoverable invalid_config, never a crash (player-and-client §8)', () => {
    it('content without assets', async () => {
      const player = await fixture<S72Player>(html`<s72-player muted></s72-player>`);
      const { errors, rejections } = await watchErrors(player, async () => {
        player.content = { slug: '/film/x' } as unknown as S72Content;
        await nextEvent(player, 's72-error');
      });
      expect(rejections).to.deep.equal([]);
      expect(errors.map((error) => [error.code, error.severity])).to.deep.equal([['invalid_config', 'recoverable']]);
      // Kept for a page that listens later; recoverable: no error panel.
      expect(player.lastError).to.equal(errors[0]);
      expect(player.shadowRoot!.querySelector('[part~="error"]')).to.equal(null);
    });

    it('config = null, then a valid config works', async () => {
      const player = await fixture<S72Player>(html`<s72-player muted></s72-player>`);
      const { errors, rejections } = await watchErrors(player, async () => {
        player.config = null as unknown as S72PlayerConfig;
        await player.updateComplete;
      });
      expect(rejections).to.deep.equal([]);
      expect(errors.map((error) => error.code)).to.deep.equal(['invalid_config']);
      player.config = { seeking: false };
      player.content = clearContent();
      await nextEvent(player, 's72-loaded');
      expect(barPart(player, 'seek-bar').hasAttribute('disabled')).to.equal(true);
    });

    it('start-time="abc" starts at 0', async () => {
      const player = await fixture<S72Player>(html`<s72-player muted start-time="abc"></s72-player>`);
      const { errors, rejections } = await watchErrors(player, async () => {
        player.src = demoUrl(MEDIA.clearDash);
        await nextEvent(player, 's72-loaded');
      });
      expect(rejections).to.deep.equal([]);
      expect(errors.map((error) => [error.code, error.severity])).to.deep.equal([['invalid_config', 'recoverable']]);
      expect(player.currentTime).to.equal(0);
    });

    it('a negative start on VOD starts at 0', async () => {
      const player = await fixture<S72Player>(html`<s72-player muted start-time="-20"></s72-player>`);
      const { errors } = await watchErrors(player, async () => {
        player.src = demoUrl(MEDIA.clearDash);
        await nextEvent(player, 's72-loaded');
      });
      expect(errors.map((error) => error.code)).to.deep.equal(['invalid_config']);
      expect(player.currentTime).to.equal(0);
      expect(Number.isNaN(player.currentTime)).to.equal(false);
    });
  });

  it('focusing the player focuses its first control; keys then work (no tabindex=-1 on the host)', async () => {
    const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(MEDIA.clearDash)} muted></s72-player>`);
    await nextEvent(player, 's72-loaded');
    expect(player.hasAttribute('tabindex')).to.equal(false);
    player.focus();
    expect(player.shadowRoot!.activeElement?.getAttribute('part')).to.equal('big-play-button');
    await sendKeys({ press: 'Tab' });
    const bar = controlBar(player);
    expect(bar.shadowRoot!.activeElement?.getAttribute('part')).to.equal('play-button');
    await sendKeys({ press: 'Tab' });
    expect(bar.shadowRoot!.activeElement?.getAttribute('part')).to.equal('seek-bar');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(bar.shadowRoot!.activeElement?.getAttribute('part')).to.equal('volume');
  });

  it('keeps keyboard focus in the player when the focused big play button hides', async () => {
    const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(MEDIA.clearDash)} muted></s72-player>`);
    await nextEvent(player, 's72-loaded');
    player.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => !player.paused, 'playing after Enter on the big play button');
    await until(() => controlBar(player).shadowRoot!.activeElement?.getAttribute('part') === 'play-button', 'focus on the play button');
    await sendKeys({ press: 'k' });
    await until(() => player.paused, 'K still reaches the player');
  });

  it('speaks Arabic under lang="ar" and mirrors its controls', async () => {
    const player = await fixture<S72Player>(html`<s72-player lang="ar" src=${demoUrl(MEDIA.clearDash)} muted></s72-player>`);
    await nextEvent(player, 's72-loaded');
    // The controls render once the Arabic table (fetched on demand) is there.
    await until(() => player.shadowRoot!.querySelector('s72-control-bar') !== null, 'the controls render');
    await controlBar(player).updateComplete;
    const play = barPart(player, 'play-button');
    expect(play.getAttribute('aria-label')).to.not.equal('Play');
    expect(play.getAttribute('aria-label')).to.match(/[\u0600-\u06FF]/);
    expect(getComputedStyle(controlBar(player)).direction).to.equal('rtl');
    player.setAttribute('lang', 'en');
    await player.updateComplete;
    await controlBar(player).updateComplete;
    expect(play.getAttribute('aria-label')).to.equal('Play');
    expect(getComputedStyle(controlBar(player)).direction).to.equal('ltr');
  });

  it('config.playbackRates adds Playback speed to the settings menu and the chosen rate reaches the media', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.clearDash)}></s72-player>`);
    await nextEvent(player, 's72-loaded');
    const menu = () => controlBar(player).shadowRoot!.querySelector('s72-settings-menu')!;
    const entries = () => [...menu().shadowRoot!.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
    const entry = (label: string) => entries().find((item) => item.querySelector('.label')?.textContent?.trim() === label);
    menu().shadowRoot!.querySelector<HTMLButtonElement>('[part="settings-button"]')!.click();
    await until(() => entries().length > 0, 'the menu opens (its code is fetched on the first open)');
    expect(entry('Playback speed'), 'off by default').to.equal(undefined);
    let reloads = 0;
    player.addEventListener('s72-loaded', () => (reloads += 1));
    player.config = { playbackRates: true }; // applies in place: nothing here identifies the source
    await until(() => entry('Playback speed') !== undefined, 'Playback speed offered');
    expect(reloads, 'no reload for a config that does not change the source').to.equal(0);
    entry('Playback speed')!.click();
    await menu().updateComplete;
    entry('x2')!.click();
    await until(() => player.playbackRate === 2, 'rate 2');
    const video = player.shadowRoot!.querySelector('video')!;
    await until(
      () => entry('Playback speed')?.querySelector('.value')?.textContent === 'x2',
      () =>
        `the menu shows the confirmed rate (menu items: ${entries().map((item) => item.textContent?.replace(/\s+/g, ' ').trim()).join(' | ') || 'none'}; ` +
        `video rate ${video.playbackRate}, default ${video.defaultPlaybackRate}; store ${player.store.getState().playbackRate}, menu open ${String(player.store.getState().menuOpen)})`,
    );
  });

  // issue 26, the cause of this file's "x2" flake: shaka holds the playback rate itself (at 0
  // while buffering, then its own copy back). A rate set only on the media reached that copy when
  // the media's `ratechange` was dispatched, so a buffering hold ending before then put the old
  // rate back (seen in CI: video rate 1, default rate 2, after the menu's x2).
  it("a rate set through the player or the menu is shaka's own rate at once", async () => {
    const player = await fixture<S72Player>(html`<s72-player muted .config=${{ playbackRates: true }} src=${demoUrl(MEDIA.clearDash)}></s72-player>`);
    await nextEvent(player, 's72-loaded');
    const shaka = (player.store.owners.engine as unknown as { player: { getPlaybackRate(): number } }).player;
    expect(shaka.getPlaybackRate(), 'normal speed after the load').to.equal(1);
    player.playbackRate = 2;
    expect(shaka.getPlaybackRate(), 'the player API, in the same task').to.equal(2);
    player.dispatchEvent(new CustomEvent('s72-rate-request', { detail: 1.5, bubbles: true, composed: true }));
    expect(shaka.getPlaybackRate(), 'the menu request, in the same task').to.equal(1.5);
    await until(() => player.store.getState().playbackRate === 1.5, 'the store reads the rate');
    expect(player.playbackRate).to.equal(1.5);
  });

  it('the settings and back icons are slots too (theming: slots for icons)', async () => {
    const player = await fixture<S72Player>(
      html`<s72-player muted .config=${{ navigateBackUrl: '/browse', title: 'T' }}><i slot="settings" class="gear">⚙</i><i slot="back" class="arrow">←</i></s72-player>`,
    );
    await player.updateComplete;
    const menu = controlBar(player).shadowRoot!.querySelector('s72-settings-menu')!;
    await menu.updateComplete;
    const settingsSlot = menu.shadowRoot!.querySelector('[part="settings-button"] slot') as HTMLSlotElement;
    expect(settingsSlot.assignedElements({ flatten: true }).map((node) => node.className)).to.deep.equal(['gear']);
    const bar = player.shadowRoot!.querySelector('s72-title-bar')!;
    await bar.updateComplete;
    const backSlot = bar.shadowRoot!.querySelector('[part="back-button"] slot') as HTMLSlotElement;
    expect(backSlot.assignedElements({ flatten: true }).map((node) => node.className)).to.deep.equal(['arrow']);
  });

  it('lets an embedder replace an icon through its slot', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted><span slot="play" class="mine">▶</span></s72-player>`);
    const slot = barPart(player, 'play-button').querySelector('slot')!;
    const shown = slot.assignedNodes({ flatten: true }).filter((node) => node.nodeType === Node.ELEMENT_NODE);
    expect(shown.map((node) => (node as Element).className)).to.deep.equal(['mine']);
    const pauseSlot = player.shadowRoot!.querySelector('slot[name="pause"]') as HTMLSlotElement;
    expect(pauseSlot.assignedNodes().length, 'no pause replacement: default icon').to.equal(0);
    expect(pauseSlot.querySelector('svg')).to.not.equal(null);
  });
});
