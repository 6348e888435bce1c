/**
 * Debug mode and the stats overlay (player-and-client §2 "5 clicks on the version label, for
 * anyone", §4, §9): the 5-click rule on the label (a hand-driven clock for the 2-s window), and in a
 * real `<s72-player>` on the demo DASH title the panel's real values, samples accumulating every
 * 0.5 s for the graph, `s72-debug-change`, and Close.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { createPlayerStore } from '../../src-element/core/player-store.js';
import type { S72StatsOverlay } from '../../src-element/ui/s72-stats-overlay.js';
import { graphPoints } from '../../src-element/ui/stats-panel.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';
import { manualClock } from '../shell/support/manual-clock.js';

describe('<s72-stats-overlay>', function () {
  this.timeout(40_000);

  async function standalone() {
    const overlay = await fixture<S72StatsOverlay>(html`<s72-stats-overlay></s72-stats-overlay>`);
    const clock = manualClock();
    overlay.clock = clock;
    overlay.store = createPlayerStore();
    await overlay.updateComplete;
    const requests: boolean[] = [];
    overlay.addEventListener('s72-debug-request', (event) => requests.push((event as CustomEvent<boolean>).detail));
    const label = overlay.shadowRoot!.querySelector<HTMLButtonElement>('[part="version"]')!;
    return { overlay, clock, requests, label };
  }

  it('the version label: 5 clicks within 2 s toggle debug mode; 4 do not; slow clicks do not', async () => {
    const { clock, requests, label } = await standalone();
    expect(label.textContent!.trim()).to.match(/^s72-player \d+\.\d+\.\d+$/);
    for (let i = 0; i < 4; i++) {
      label.click();
      clock.tick(300);
    }
    expect(requests, '4 clicks').to.deep.equal([]);
    label.click();
    expect(requests, 'the 5th within 2 s').to.deep.equal([true]);
    for (let i = 0; i < 5; i++) {
      label.click();
      clock.tick(600); // 5 clicks over 2.4 s
    }
    expect(requests, 'spread over more than 2 s').to.deep.equal([true]);
  });

  it('the version label is no Tab stop outside debug mode; in debug mode it is, and Enter counts as a click (issue 22 item 15)', async () => {
    const frame = await fixture<HTMLDivElement>(html`<div><button id="before">before</button><s72-stats-overlay></s72-stats-overlay><button id="after">after</button></div>`);
    const overlay = frame.querySelector('s72-stats-overlay')!;
    const store = createPlayerStore();
    overlay.store = store;
    await overlay.updateComplete;
    const requests: boolean[] = [];
    overlay.addEventListener('s72-debug-request', (event) => requests.push((event as CustomEvent<boolean>).detail));
    const label = overlay.shadowRoot!.querySelector<HTMLButtonElement>('[part="version"]')!;
    frame.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.id, 'Tab skips the label').to.equal('after');

    store.setUi({ debug: true });
    await overlay.updateComplete;
    frame.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(overlay.shadowRoot!.activeElement, 'in debug mode Tab reaches the label').to.equal(label);
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'Enter' });
    expect(requests).to.deep.equal([false]);
  });

  it('the version label hides while a menu is open (it never shows beside or through the settings menu)', async () => {
    const { overlay, label } = await standalone();
    expect(getComputedStyle(label).display).to.not.equal('none');
    overlay.store!.setUi({ menuOpen: true });
    await overlay.updateComplete;
    expect(getComputedStyle(label).display).to.equal('none');
    overlay.store!.setUi({ menuOpen: false });
    await overlay.updateComplete;
    expect(getComputedStyle(label).display).to.not.equal('none');
  });

  it('graph points: newest at the right end, scaled to the maximum', () => {
    const samples = [
      { atMs: 0, estimatedBandwidth: 0, bufferAheadS: 0, streamBandwidth: 0 },
      { atMs: 60_000, estimatedBandwidth: 5, bufferAheadS: 0, streamBandwidth: 0 },
      { atMs: 120_000, estimatedBandwidth: 10, bufferAheadS: 0, streamBandwidth: 0 },
    ];
    expect(graphPoints(samples, (s) => s.estimatedBandwidth, 10)).to.equal('0.0,72.0 120.0,36.0 240.0,0.0');
    expect(graphPoints([], (s) => s.estimatedBandwidth, 10)).to.equal('');
  });

  it('in a real player: 5 clicks turn debug mode on; real values; samples every 0.5 s; Close turns it off', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted style="width: 960px; height: 540px" src=${demoUrl(MEDIA.clearDash)}></s72-player>`);
    await nextEvent(player, 's72-loaded');
    const changes: boolean[] = [];
    player.addEventListener('s72-debug-change', (event) => changes.push((event as CustomEvent<{ debug: boolean }>).detail.debug));
    await player.play();
    const overlay = player.shadowRoot!.querySelector('s72-stats-overlay')!;
    const label = overlay.shadowRoot!.querySelector<HTMLButtonElement>('[part="version"]')!;
    for (let i = 0; i < 5; i++) label.click();
    await until(() => overlay.shadowRoot!.querySelector('[part="stats-panel"]') !== null, 'the panel shows');
    expect(changes).to.deep.equal([true]);
    const panel = () => overlay.shadowRoot!.querySelector('[part="stats-panel"]')!;
    const value = (name: string) => {
      const terms = [...panel().querySelectorAll('dt')];
      return terms.find((dt) => dt.textContent === name)?.nextElementSibling?.textContent ?? '';
    };
    await until(() => /^\d+ × \d+ px$/.test(value('Resolution')) && value('State') === 'playing', 'resolution and state');
    expect(value('Bit rate')).to.match(/^\d+\.\d\d Mbps$/);
    expect(parseFloat(value('Bit rate')), 'a real variant bit rate').to.be.greaterThan(0);
    expect(value('Buffer')).to.match(/^\d+\.\d s$/);
    expect(value('Engine'), 'DASH plays on the DASH-only build').to.match(/^shaka v\d+\.\d+\.\d+ \(DASH build\) · s72-player \d/);
    const points = () => (panel().querySelector('polyline.buffer')!.getAttribute('points') ?? '').split(' ').filter(Boolean).length;
    const first = points();
    await until(() => points() >= first + 2, 'samples accumulate every 0.5 s', 5_000);
    panel().querySelector<HTMLButtonElement>('[part="stats-close"]')!.click();
    await until(() => overlay.shadowRoot!.querySelector('[part="stats-panel"]') === null, 'closed');
    expect(changes).to.deep.equal([true, false]);
    expect(player.store.getState().stats, 'sampling stopped and cleared').to.equal(null);
  });
});
