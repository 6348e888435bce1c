/**
 * Keyboard shortcuts and text typed in the player (player-and-client §9 "Controls"): keys typed into
 * a text field the page slotted into the title bar stay text, and never reach the shortcuts.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { MEDIA, demoUrl, nextEvent } from '../helpers/demo.js';

describe('keyboard shortcuts and text fields', function () {
  this.timeout(30_000);

  it('k, m, f and c typed into a slotted search field are text, not shortcuts', async () => {
    const player = await fixture<S72Player>(
      html`<s72-player muted style="width: 640px; height: 360px" .config=${{ title: 'T' }} src=${demoUrl(MEDIA.clearDash)}
        ><input slot="title-bar-end" aria-label="Search"
      /></s72-player>`,
    );
    await nextEvent(player, 's72-tracks-change');
    const field = player.querySelector('input')!;
    field.focus();
    await sendKeys({ type: 'kmfc ' });
    expect(field.value).to.equal('kmfc ');
    expect(player.paused, 'k and Space did not play').to.equal(true);
    expect(player.muted, 'm did not unmute').to.equal(true);
    expect(document.fullscreenElement, 'f did not go fullscreen').to.equal(null);
    expect(player.tracks.text.some((track) => track.active), 'c did not turn subtitles on').to.equal(false);
  });
});
