/**
 * Auto-hide of the controls (controllers/idle-controller.ts; player-and-client §9 "Overlay hides
 * after 3000 ms of interaction, 1000 ms after mouse leave"): the controller on a small host with a
 * real <video> playing the demo MP4, a real control bar and title bar, sinon fake timers for the
 * 3000 ms and 1000 ms; real key presses for keyboard focus; and the real player's styles (fade,
 * no clicks, no cursor, reduced motion).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys, sendMouse, resetMouse } from '@web/test-runner-commands';
import sinon from 'sinon';
import { IDLE_HIDE_MS, IdleController, MOUSE_LEAVE_HIDE_MS, controlsMayHide, type IdleFacts } from '../../src-element/controllers/idle-controller.js';
import { S72Error } from '../../src-element/core/errors.js';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import '../../src-element/ui/s72-control-bar.js';
import '../../src-element/ui/s72-title-bar.js';
import { ControllerTestHost, withMp4 } from '../helpers/controller-host.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

let hostCount = 0;

/** A host like the player's shadow tree: the video, a title bar and a control bar reading its store. */
class IdleTestHost extends ControllerTestHost {
  protected override render() {
    // A small video: the MP4's own size (1280×720) pushes the bar below the 800×600 viewport, and a
    // real mouse click outside the viewport never completes (the browser hangs, then disconnects).
    return html`<video muted playsinline style="display: block; inline-size: 320px; block-size: 180px"></video>
      <s72-title-bar .store=${this.store}></s72-title-bar>
      <s72-control-bar loaded duration="600"></s72-control-bar>`;
  }
}

async function idleHost(): Promise<{ host: IdleTestHost; before: HTMLButtonElement }> {
  const tag = `s72-idle-host-${++hostCount}`;
  customElements.define(tag, class extends IdleTestHost {});
  const parent = await fixture<HTMLDivElement>(html`<div><button>before</button></div>`);
  const host = document.createElement(tag) as IdleTestHost;
  parent.append(host);
  await host.updateComplete;
  return { host, before: parent.querySelector('button')! };
}

describe('controlsMayHide (the rule)', () => {
  const playing: IdleFacts = {
    loaded: true,
    paused: false,
    error: false,
    endScreen: false,
    menuOpen: false,
    focusInControls: false,
    pointerOverControls: false,
  };
  const cases: Array<[string, Partial<IdleFacts>, boolean]> = [
    ['playing, nothing holds them', {}, true],
    ['before load', { loaded: false }, false],
    ['paused', { paused: true }, false],
    ['on an error', { error: true }, false],
    ['on the end screen', { endScreen: true }, false],
    ['while a menu is open', { menuOpen: true }, false],
    ['while keyboard focus is in the controls', { focusInControls: true }, false],
    ['while the pointer rests over the controls', { pointerOverControls: true }, false],
  ];
  for (const [name, facts, expected] of cases) {
    it(`${name}: ${expected ? 'may hide' : 'stay'}`, () => {
      expect(controlsMayHide({ ...playing, ...facts })).to.equal(expected);
    });
  }
});

describe('IdleController', () => {
  let host: IdleTestHost;
  let before: HTMLButtonElement;
  let clock: sinon.SinonFakeTimers | null = null;
  const visible = () => host.store.getState().controlsVisible;

  beforeEach(async () => {
    ({ host, before } = await idleHost());
    await withMp4(host);
    host.store.connect();
    host.store.setSession({ loaded: true });
  });
  afterEach(async () => {
    clock?.restore();
    clock = null;
    sinon.restore();
    host.video.pause();
    await resetMouse();
  });

  /** Fake timers, the controller, and playback started. */
  async function startPlaying(): Promise<void> {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    new IdleController(host);
    await host.video.play(); // the store saw 'play' before this resolves
    expect(host.store.getState().paused).to.equal(false);
  }

  const pointer = (type: string, init: PointerEventInit = {}) =>
    host.dispatchEvent(new PointerEvent(type, { bubbles: true, composed: true, pointerType: 'mouse', ...init }));

  it(`hides ${IDLE_HIDE_MS} ms after playback starts without interaction, not before`, async () => {
    await startPlaying();
    clock!.tick(IDLE_HIDE_MS - 1);
    expect(visible()).to.equal(true);
    clock!.tick(1);
    expect(visible()).to.equal(false);
  });

  it('a pointer move, a touch or a key press shows them at once and restarts the 3000 ms', async () => {
    await startPlaying();
    clock!.tick(IDLE_HIDE_MS);
    expect(visible()).to.equal(false);
    pointer('pointermove');
    expect(visible()).to.equal(true);
    clock!.tick(IDLE_HIDE_MS - 100);
    pointer('pointermove');
    clock!.tick(IDLE_HIDE_MS - 1);
    expect(visible(), 'the second move restarted the wait').to.equal(true);
    clock!.tick(1);
    expect(visible()).to.equal(false);

    pointer('pointerdown', { pointerType: 'touch' });
    expect(visible()).to.equal(true);
    clock!.tick(IDLE_HIDE_MS);
    expect(visible()).to.equal(false);

    host.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true, composed: true }));
    expect(visible()).to.equal(true);
  });

  it(`hides ${MOUSE_LEAVE_HIDE_MS} ms after the mouse leaves the player`, async () => {
    await startPlaying();
    pointer('pointermove');
    clock!.tick(500);
    pointer('pointerleave');
    clock!.tick(MOUSE_LEAVE_HIDE_MS - 1);
    expect(visible()).to.equal(true);
    clock!.tick(1);
    expect(visible()).to.equal(false);
  });

  it('never hides while paused; pausing brings them back; playing again hides them 3000 ms later', async () => {
    await startPlaying();
    clock!.tick(IDLE_HIDE_MS);
    expect(visible()).to.equal(false);
    const paused = nextEvent(host.video, 'pause');
    host.video.pause();
    await paused;
    expect(visible()).to.equal(true);
    clock!.tick(IDLE_HIDE_MS * 5);
    pointer('pointerleave');
    clock!.tick(IDLE_HIDE_MS * 5);
    expect(visible()).to.equal(true);
    await host.video.play();
    clock!.tick(IDLE_HIDE_MS);
    expect(visible()).to.equal(false);
  });

  it('never hides before load, on an error, on the end screen or while a menu is open', async () => {
    await startPlaying();
    const holds: Array<[string, () => void, () => void]> = [
      ['a menu is open', () => host.store.setUi({ menuOpen: true }), () => host.store.setUi({ menuOpen: false })],
      ['the end screen shows', () => host.store.setUi({ endScreen: true }), () => host.store.setUi({ endScreen: false })],
      [
        'an error shows',
        () => host.store.setSession({ error: new S72Error('play_failed', 'x', { category: 'playback' }) }),
        () => host.store.setSession({ error: null }),
      ],
      ['not loaded', () => host.store.setSession({ loaded: false }), () => host.store.setSession({ loaded: true })],
    ];
    for (const [name, hold, release] of holds) {
      clock!.tick(IDLE_HIDE_MS);
      expect(visible(), `hidden before: ${name}`).to.equal(false);
      hold();
      expect(visible(), `shown at once when ${name}`).to.equal(true);
      clock!.tick(IDLE_HIDE_MS * 3);
      pointer('pointerleave');
      clock!.tick(IDLE_HIDE_MS * 3);
      expect(visible(), `kept while ${name}`).to.equal(true);
      release();
      clock!.tick(IDLE_HIDE_MS - 1);
      expect(visible(), `released: ${name}`).to.equal(true);
      clock!.tick(1);
      expect(visible(), `hidden 3000 ms after ${name} ended`).to.equal(false);
    }
  });

  it('keyboard focus entering the controls shows them at once and keeps them while it stays; leaving, they hide again', async () => {
    await startPlaying();
    clock!.tick(IDLE_HIDE_MS);
    expect(visible()).to.equal(false);
    before.focus();
    await sendKeys({ press: 'Tab' });
    const bar = host.renderRoot.querySelector('s72-control-bar')!;
    expect(bar.shadowRoot!.activeElement?.getAttribute('part'), 'Tab reached the play button').to.equal('play-button');
    expect(visible()).to.equal(true);
    clock!.tick(IDLE_HIDE_MS * 5);
    expect(visible(), 'kept while focused').to.equal(true);
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(document.activeElement).to.equal(before);
    await Promise.resolve();
    clock!.tick(IDLE_HIDE_MS);
    expect(visible()).to.equal(false);
  });

  it('mouse focus (a click) in the controls does not keep them up', async () => {
    await startPlaying();
    const bar = host.renderRoot.querySelector('s72-control-bar')!;
    const mute = bar.shadowRoot!.querySelector<HTMLButtonElement>('[part="mute-button"]')!;
    const rect = mute.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.x + rect.width / 2), Math.round(rect.y + rect.height / 2)] });
    expect(bar.shadowRoot!.activeElement).to.equal(mute);
    expect(mute.matches(':focus-visible')).to.equal(false);
    // The pointer still rests over the bar: it keeps them up; once it leaves, they go.
    clock!.tick(IDLE_HIDE_MS * 2);
    expect(visible(), 'the pointer rests over the controls').to.equal(true);
    pointer('pointermove');
    pointer('pointerleave');
    clock!.tick(MOUSE_LEAVE_HIDE_MS);
    expect(visible()).to.equal(false);
  });

  it('stops on disconnect: no hide after the host left the page', async () => {
    await startPlaying();
    host.remove();
    clock!.tick(IDLE_HIDE_MS * 2);
    expect(visible()).to.equal(true);
  });
});

describe('<s72-player> hidden controls', function () {
  this.timeout(30_000);
  afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('fade out, take no clicks, hide the cursor; the attribute follows the store', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.mp4)} style="width: 640px"></s72-player>`);
    await nextEvent(player, 's72-loaded');
    const bar = player.shadowRoot!.querySelector('s72-control-bar')!;
    const titleBar = player.shadowRoot!.querySelector('s72-title-bar')!;
    expect(player.hasAttribute('controls-hidden')).to.equal(false);
    expect(getComputedStyle(bar).transitionDuration).to.equal('0.25s');
    player.store.setUi({ controlsVisible: false });
    await player.updateComplete;
    expect(player.hasAttribute('controls-hidden')).to.equal(true);
    for (const surface of [bar, titleBar]) {
      expect(getComputedStyle(surface).pointerEvents).to.equal('none');
    }
    expect(getComputedStyle(player).cursor).to.equal('none');
    await until(() => getComputedStyle(bar).opacity === '0', 'faded out');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(bar).transitionDuration, 'no animation with prefers-reduced-motion').to.equal('0s');
    player.store.setUi({ controlsVisible: true });
    await player.updateComplete;
    expect(getComputedStyle(bar).opacity, 'back at once').to.equal('1');
    expect(getComputedStyle(bar).pointerEvents).to.equal('auto');
  });

  it('the real player hides its controls about 3 s after playback starts (real timers)', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.mp4)}></s72-player>`);
    await nextEvent(player, 's72-loaded');
    await player.play();
    const started = performance.now();
    await until(() => player.hasAttribute('controls-hidden'), 'hidden', 6000);
    expect(performance.now() - started).to.be.within(IDLE_HIDE_MS - 200, IDLE_HIDE_MS + 1500);
    player.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, composed: true, pointerType: 'mouse' }));
    await player.updateComplete;
    expect(player.hasAttribute('controls-hidden')).to.equal(false);
    player.pause();
  });

  it("keyboard focus on the page's own control in the title bar (title-bar-end) keeps them up", async () => {
    const parent = await fixture<HTMLDivElement>(html`<div>
      <button id="before">before</button>
      <s72-player muted style="width: 640px; height: 360px">
        <button slot="title-bar-end" id="episodes">Episodes</button>
      </s72-player>
    </div>`);
    const player = parent.querySelector<S72Player>('s72-player')!;
    // One load, listened for before it starts (setting config after src would load twice).
    const loaded = nextEvent(player, 's72-loaded');
    player.config = { title: 'The Film' };
    player.src = demoUrl(MEDIA.mp4);
    await loaded;
    await player.play();
    // Real timers: fake ones would also drive the engine's own timers (the renderer ran out of memory).
    try {
      await until(() => player.hasAttribute('controls-hidden'), 'idle: hidden', IDLE_HIDE_MS + 3000);
      parent.querySelector<HTMLButtonElement>('#before')!.focus();
      for (let presses = 0; presses < 10 && document.activeElement !== parent.querySelector('#episodes'); presses++) {
        await sendKeys({ press: 'Tab' });
      }
      expect(document.activeElement, 'Tab reached the slotted control').to.equal(parent.querySelector('#episodes'));
      expect(player.store.getState().controlsVisible, 'shown when focus arrived').to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, IDLE_HIDE_MS + 500));
      expect(player.store.getState().controlsVisible, 'kept while focus stays').to.equal(true);
      parent.querySelector<HTMLButtonElement>('#before')!.focus();
      await until(() => player.hasAttribute('controls-hidden'), 'hidden again once focus left', IDLE_HIDE_MS + 3000);
    } finally {
      player.pause();
    }
  });
});
