/**
 * `<s72-announcer>` in a real `<s72-player>` (issue 10 "one polite live region"): the player has one
 * polite live region, and what it says follows play, seeks (debounced: only where a burst ended),
 * volume and subtitles on the demo DASH title.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { PREFERENCES_STORAGE_KEY } from '../../src-element/core/ui/ui-state.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

describe('<s72-announcer>', function () {
  this.timeout(40_000);
  afterEach(() => localStorage.removeItem(PREFERENCES_STORAGE_KEY));

  const region = (player: S72Player) =>
    player.shadowRoot!.querySelector('s72-announcer')!.shadowRoot!.querySelector<HTMLElement>('[role="status"]')!;
  const said = (player: S72Player) => region(player).textContent!.trim();

  it('is the one polite live region of the player', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.clearDash)}></s72-player>`);
    await nextEvent(player, 's72-loaded');
    expect(region(player).getAttribute('aria-live')).to.equal('polite');
    expect(region(player).getAttribute('aria-atomic')).to.equal('true');
    const polite: Element[] = [];
    const walk = (root: ParentNode) =>
      root.querySelectorAll('*').forEach((el) => {
        if (el.getAttribute('aria-live') === 'polite' || el.getAttribute('role') === 'status') polite.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      });
    walk(player.shadowRoot!);
    expect(polite).to.deep.equal([region(player)]);
    expect(said(player), 'nothing said about the state it loaded in').to.equal('');
  });

  it('says Playing, then only the last of a burst of seeks, then volume and subtitles', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.clearDash)}></s72-player>`);
    const tracks = nextEvent(player, 's72-tracks-change');
    await nextEvent(player, 's72-loaded');
    await tracks;
    await player.play();
    await until(() => said(player) === 'Playing', 'Playing');
    player.currentTime = 20;
    await new Promise((resolve) => setTimeout(resolve, 100));
    player.currentTime = 30;
    await until(() => said(player).startsWith('Position'), 'the seek is said');
    expect(said(player)).to.match(/^Position 30 seconds$|^Position 3\d seconds$/);
    player.muted = false;
    await until(() => said(player) === 'Sound on', 'Sound on');
    const arabic = player.tracks.text.find((track) => track.language === 'ar')!;
    player.selectTextTrack(arabic.id);
    await until(() => said(player).startsWith('Subtitles: '), 'subtitles on');
  });
});
