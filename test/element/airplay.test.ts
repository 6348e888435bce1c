/**
 * AirPlay in a real `<s72-player>` on the demo MP4, through the fake WebKit AirPlay API
 * (test/helpers/fake-airplay.ts; play-page §1, §2 `airplay`; player-and-client §2 "hidden while …
 * AirPlaying"): the button only while a target is available and AirPlay is not disabled, the
 * picker, the AirPlaying state hiding the big play button, `s72-airplay-change`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { FakeAirPlay } from '../helpers/fake-airplay.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

describe('AirPlay (fake WebKit API)', function () {
  this.timeout(30_000);
  let airplay: FakeAirPlay | null = null;
  afterEach(() => {
    airplay?.uninstall();
    airplay = null;
  });

  const button = (player: S72Player) =>
    player.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-cast-button')!.shadowRoot!.querySelector<HTMLButtonElement>('[part="airplay-button"]')!;
  const bigPlay = (player: S72Player) => player.shadowRoot!.querySelector<HTMLElement>('.big-play')!;
  async function player(config: object = {}): Promise<S72Player> {
    const element = await fixture<S72Player>(html`<s72-player muted .config=${config} src=${demoUrl(MEDIA.mp4)}></s72-player>`);
    await nextEvent(element, 's72-loaded');
    return element;
  }

  it('no WebKit AirPlay API (Chromium): no AirPlay button', async () => {
    const element = await player();
    await element.updateComplete;
    expect(button(element).hidden).to.equal(true);
    expect(element.store.getState().airplay).to.deep.equal({ available: false, active: false });
  });

  it('a target available: the button; the picker; AirPlaying hides the big play button; back again', async () => {
    airplay = new FakeAirPlay();
    airplay.install();
    airplay.availability = 'available';
    const element = await player();
    const changes: Array<{ available: boolean; active: boolean }> = [];
    element.addEventListener('s72-airplay-change', (event) => changes.push(event.detail));
    await until(() => !button(element).hidden, 'the AirPlay button shows');
    expect(button(element).getAttribute('aria-label')).to.equal('AirPlay');
    await until(() => !bigPlay(element).hidden, 'big play before the first play');
    button(element).click();
    expect(airplay.pickerCalls).to.deep.equal([element.shadowRoot!.querySelector('video')]);
    await until(() => element.store.getState().airplay.active, 'AirPlaying');
    await until(() => bigPlay(element).hidden, 'big play hidden while AirPlaying');
    expect(button(element).getAttribute('aria-pressed')).to.equal('true');
    expect(changes.at(-1)).to.deep.equal({ available: true, active: true });
    airplay.setWireless(element.shadowRoot!.querySelector('video')!, false);
    await until(() => !element.store.getState().airplay.active, 'back to local playback');
    airplay.setAvailability('not-available');
    await until(() => button(element).hidden, 'the target went away: no button');
    expect(changes.at(-1)).to.deep.equal({ available: false, active: false });
  });

  it('airplay: false (play-page airplay=false): no button even with a target', async () => {
    airplay = new FakeAirPlay();
    airplay.install();
    airplay.availability = 'available';
    const element = await player({ airplay: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(button(element).hidden).to.equal(true);
    element.dispatchEvent(new CustomEvent('s72-airplay-request', { bubbles: true, composed: true }));
    expect(airplay.pickerCalls, 'the picker is not opened').to.deep.equal([]);
  });
});
