import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { sendKeys } from '@web/test-runner-commands';
import '../../src-element/ui/s72-control-bar.js';
import { SEEK_BAR_DELAY_MS, type S72ControlBar } from '../../src-element/ui/s72-control-bar.js';
import type { S72SeekBar } from '../../src-element/ui/s72-seek-bar.js';

const part = <T extends Element>(bar: S72ControlBar, name: string) => bar.shadowRoot!.querySelector<T>(`[part="${name}"]`)!;
/** The seek bar's own range input (inside `<s72-seek-bar>`). */
const seekInput = (bar: S72ControlBar) => part<S72SeekBar>(bar, 'seek-bar').shadowRoot!.querySelector<HTMLInputElement>('[part="seek-input"]')!;

async function bar(props: Partial<S72ControlBar> = {}): Promise<S72ControlBar> {
  const element = await fixture<S72ControlBar>(html`<s72-control-bar></s72-control-bar>`);
  Object.assign(element, { loaded: true, duration: 600, seekEnd: 600, ...props });
  await element.updateComplete;
  return element;
}

describe('<s72-control-bar>', () => {
  afterEach(() => sinon.restore());

  it('passes the accessibility audit', async () => {
    await expect(await bar()).shadowDom.to.be.accessible();
  });

  it('labels every control and reflects the state in the labels', async () => {
    const element = await bar({ paused: true, muted: false });
    expect(part(element, 'play-button').getAttribute('aria-label')).to.equal('Play');
    expect(part(element, 'mute-button').getAttribute('aria-label')).to.equal('Mute');
    expect(seekInput(element).getAttribute('aria-label')).to.equal('Seek');
    expect(part(element, 'volume').getAttribute('aria-label')).to.equal('Volume');
    Object.assign(element, { paused: false, muted: true });
    await element.updateComplete;
    expect(part(element, 'play-button').getAttribute('aria-label')).to.equal('Pause');
    expect(part(element, 'mute-button').getAttribute('aria-label')).to.equal('Unmute');
    // The toggles tell their state once, by their name (issue 22 item 15): no aria-pressed as well.
    for (const name of ['play-button', 'mute-button', 'fullscreen-button']) expect(part(element, name).hasAttribute('aria-pressed'), name).to.equal(false);
    element.muted = false;
    await element.updateComplete;
    expect(part(element, 'mute-button').hasAttribute('aria-pressed')).to.equal(false);
  });

  it('volume slider: each arrow key press moves the volume 5 % (issue 22 item 15)', async () => {
    const element = await bar({ volume: 0.5, muted: false });
    const volume = sinon.spy();
    element.addEventListener('s72-volume-request', volume);
    const slider = part<HTMLInputElement>(element, 'volume');
    slider.focus();
    await sendKeys({ press: 'ArrowUp' });
    expect((volume.lastCall.args[0] as CustomEvent<number>).detail).to.be.closeTo(0.55, 1e-9);
    element.volume = 0.55;
    await element.updateComplete;
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    expect((volume.lastCall.args[0] as CustomEvent<number>).detail).to.be.closeTo(0.45, 1e-9);
    expect(volume.callCount).to.equal(3);
  });

  it('fires play and pause requests from the play button', async () => {
    const element = await bar({ paused: true });
    const play = sinon.spy();
    const pause = sinon.spy();
    element.addEventListener('s72-play-request', play);
    element.addEventListener('s72-pause-request', pause);
    part<HTMLButtonElement>(element, 'play-button').click();
    expect(play.calledOnce).to.equal(true);
    element.paused = false;
    await element.updateComplete;
    part<HTMLButtonElement>(element, 'play-button').click();
    expect(pause.calledOnce).to.equal(true);
  });

  it('is operable from the keyboard: Tab to the play button, Space activates it', async () => {
    const element = await bar({ paused: true });
    const play = sinon.spy();
    element.addEventListener('s72-play-request', play);
    part<HTMLButtonElement>(element, 'play-button').focus();
    await sendKeys({ press: 'Space' });
    expect(play.calledOnce).to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(element.shadowRoot!.activeElement).to.equal(part(element, 'seek-bar'));
  });

  /** The positions (seconds) of the seek requests `keys` send from the focused seek bar of `element`. */
  async function seeksFromKeys(element: S72ControlBar, keys: string[]): Promise<number[]> {
    const seek = sinon.spy();
    element.addEventListener('s72-seek-request', seek);
    part<HTMLInputElement>(element, 'seek-bar').focus();
    for (const key of keys) await sendKeys({ press: key });
    return seek.getCalls().map((call) => (call.args[0] as CustomEvent<number>).detail);
  }

  it('seek bar: arrow keys request a seek at once, 10 s a press (player-and-client §9 "Seek step 10 s")', async () => {
    const element = await bar({ currentTime: 100 });
    expect(await seeksFromKeys(element, ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowDown'])).to.deep.equal([110, 120, 110, 100]);
  });

  it('seek bar: under dir=rtl the horizontal arrows follow the mirrored bar (left = forward)', async () => {
    const element = await bar({ currentTime: 100 });
    element.setAttribute('dir', 'rtl');
    await element.updateComplete;
    expect(await seeksFromKeys(element, ['ArrowLeft', 'ArrowRight', 'ArrowRight'])).to.deep.equal([110, 100, 90]);
  });

  it('seek bar: on live, arrows step back through the DVR window and stop at its edges', async () => {
    const element = await bar({ live: true, duration: Number.POSITIVE_INFINITY, seekStart: 60, seekEnd: 120, currentTime: 119 });
    expect(await seeksFromKeys(element, ['ArrowLeft', 'ArrowLeft', 'ArrowRight', 'ArrowRight', 'ArrowRight'])).to.deep.equal([
      109, 99, 109, 119, 120,
    ]);
  });

  it('seek bar: the clock shows the dragged position at once; the seek follows 0.125 s after the thumb stops (player-and-client §9)', async () => {
    const element = await bar({ currentTime: 100 });
    const seek = sinon.spy();
    element.addEventListener('s72-seek-request', seek);
    const slider = seekInput(element);
    for (const value of ['200', '250', '300']) {
      slider.value = value;
      slider.dispatchEvent(new Event('input'));
    }
    await part<S72SeekBar>(element, 'seek-bar').updateComplete;
    await element.updateComplete;
    expect(seek.called).to.equal(false);
    expect(part(element, 'time').textContent).to.contain('5:00');
    await new Promise((resolve) => setTimeout(resolve, SEEK_BAR_DELAY_MS + 100));
    expect(seek.calledOnce).to.equal(true);
    expect((seek.firstCall.args[0] as CustomEvent<number>).detail).to.equal(300);
    element.currentTime = 300;
    await element.updateComplete;
    await part<S72SeekBar>(element, 'seek-bar').updateComplete;
    await element.updateComplete;
    expect(part(element, 'time').textContent, 'the confirmed position').to.contain('5:00');
  });

  it('the seek bar is disabled when seeking is not allowed (play-page §2 seeking=false)', async () => {
    const element = await bar({ canSeek: false });
    expect(part<HTMLInputElement>(element, 'seek-bar').disabled).to.equal(true);
  });

  it('play is disabled until content is loaded (player-and-client §5)', async () => {
    const element = await bar({ loaded: false });
    const play = sinon.spy();
    element.addEventListener('s72-play-request', play);
    part<HTMLButtonElement>(element, 'play-button').click();
    expect(play.called).to.equal(false);
  });

  it('fires mute, volume (0..1) and fullscreen requests', async () => {
    const element = await bar({ muted: false });
    const mute = sinon.spy();
    const volume = sinon.spy();
    const fullscreen = sinon.spy();
    element.addEventListener('s72-mute-request', mute);
    element.addEventListener('s72-volume-request', volume);
    element.addEventListener('s72-fullscreen-request', fullscreen);
    part<HTMLButtonElement>(element, 'mute-button').click();
    expect((mute.firstCall.args[0] as CustomEvent<boolean>).detail).to.equal(true);
    const slider = part<HTMLInputElement>(element, 'volume');
    slider.value = '40';
    slider.dispatchEvent(new Event('input'));
    expect((volume.firstCall.args[0] as CustomEvent<number>).detail).to.equal(0.4);
    part<HTMLButtonElement>(element, 'fullscreen-button').click();
    expect((fullscreen.firstCall.args[0] as CustomEvent<boolean>).detail).to.equal(true);
  });

  it('shows hours once the duration reaches 3600 s', async () => {
    const element = await bar({ currentTime: 65, duration: 3600 });
    expect(part(element, 'time').textContent!.replace(/\s+/g, ' ').trim()).to.equal('0:01:05 / 1:00:00');
    element.duration = 600;
    await element.updateComplete;
    expect(part(element, 'time').textContent!.replace(/\s+/g, ' ').trim()).to.equal('1:05 / 10:00');
  });

  it('hides fullscreen when unsupported', async () => {
    const element = await bar({ canFullscreen: false });
    expect(part<HTMLButtonElement>(element, 'fullscreen-button').hidden).to.equal(true);
  });

  it('holds the settings menu before the fullscreen button; outside a player it has nothing to offer and hides', async () => {
    const element = await bar();
    const menu = element.shadowRoot!.querySelector('s72-settings-menu')!;
    expect(menu.nextElementSibling?.getAttribute('part')).to.equal('fullscreen-button');
    await menu.updateComplete;
    expect(menu.hasAttribute('empty')).to.equal(true);
    expect(part(element, 'rate') as Element | null, 'the old <select> rate menu is gone (speed is in the settings menu)').to.equal(null);
  });
});
