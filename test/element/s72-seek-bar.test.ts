/**
 * `<s72-seek-bar>` (player-and-client §2 "Control bar and seek bar", §5 "Seeks are clamped", §9
 * "Controls": slider seek throttle 500 ms, seek 0.125 s after the thumb stops, 10-s arrow steps):
 * the element on its own from `values`, sinon fake timers for the throttle and the delay, real
 * pointer events for the tooltip; and inside a real `<s72-player lang="ar">` playing the demo MP4
 * for the store and the Arabic spoken value.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { createTranslator } from '../../src-element/core/i18n/index.js';
import { SEEK_BAR_DELAY_MS, SEEK_THROTTLE_MS, SEEK_WATCHDOG_MS, type S72SeekBar, type SeekBarValues } from '../../src-element/ui/s72-seek-bar.js';
import '../../src-element/ui/s72-seek-bar.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

const VOD: SeekBarValues = {
  currentTime: 100,
  duration: 600,
  seekable: { start: 0, end: 600 },
  buffered: [],
  canSeek: true,
  loaded: true,
  live: false,
};

async function seekBar(values: Partial<SeekBarValues> = {}): Promise<S72SeekBar> {
  const element = await fixture<S72SeekBar>(html`<s72-seek-bar style="inline-size: 400px"></s72-seek-bar>`);
  element.values = { ...VOD, ...values };
  await element.updateComplete;
  return element;
}

const input = (bar: S72SeekBar) => bar.shadowRoot!.querySelector<HTMLInputElement>('[part="seek-input"]')!;
const tooltip = (bar: S72SeekBar) => bar.shadowRoot!.querySelector<HTMLElement>('[part="seek-tooltip"]');

/** The seek requests the bar fires, as [fake-clock ms, seconds]. */
function recordSeeks(bar: S72SeekBar, clock?: sinon.SinonFakeTimers): Array<[number, number]> {
  const seeks: Array<[number, number]> = [];
  bar.addEventListener('s72-seek-request', (event) => seeks.push([clock?.now ?? 0, (event as CustomEvent<number>).detail]));
  return seeks;
}

function drag(bar: S72SeekBar, value: number): void {
  input(bar).value = String(value);
  input(bar).dispatchEvent(new Event('input', { bubbles: true }));
}

/** A mouse pointer over the input at `fraction` of its width from the left. */
function hover(bar: S72SeekBar, fraction: number): void {
  const rect = input(bar).getBoundingClientRect();
  input(bar).dispatchEvent(
    new PointerEvent('pointermove', { bubbles: true, composed: true, pointerType: 'mouse', clientX: rect.left + rect.width * fraction, clientY: rect.top + 1 }),
  );
}

describe('<s72-seek-bar>', () => {
  let clock: sinon.SinonFakeTimers | null = null;
  afterEach(() => {
    clock?.restore();
    clock = null;
    sinon.restore();
  });

  it('passes the accessibility audit', async () => {
    await expect(await seekBar()).shadowDom.to.be.accessible();
  });

  it('is a labelled range over the seekable range whose value is spoken as text', async () => {
    const bar = await seekBar({ currentTime: 65, duration: 90, seekable: { start: 0, end: 90 } });
    const range = input(bar);
    expect(range.getAttribute('aria-label')).to.equal('Seek');
    expect([range.min, range.max, range.value]).to.deep.equal(['0', '90', '65']);
    expect(range.getAttribute('aria-valuetext')).to.equal('1 minute 5 seconds of 1 minute 30 seconds');
    bar.values = { ...VOD, live: true, duration: Number.POSITIVE_INFINITY, seekable: { start: 60, end: 120 }, currentTime: 90 };
    await bar.updateComplete;
    expect([range.min, range.max]).to.deep.equal(['60', '120']);
    expect(range.getAttribute('aria-valuetext')).to.equal('30 seconds behind live');
  });

  it(`dragging seeks at most every ${SEEK_THROTTLE_MS} ms, and a last time ${SEEK_BAR_DELAY_MS} ms after the thumb stops`, async () => {
    const bar = await seekBar();
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const seeks = recordSeeks(bar, clock);
    // One input every 100 ms for 1.2 s: 100 s, 110 s … 220 s.
    for (let ms = 0; ms <= 1200; ms += 100) {
      drag(bar, 100 + ms / 10);
      clock.tick(100);
    }
    expect(seeks, 'throttled while dragging: the position of the moment, every 500 ms').to.deep.equal([
      [500, 140],
      [1000, 190],
    ]);
    clock.tick(SEEK_BAR_DELAY_MS - 100 - 1);
    expect(seeks).to.have.length(2);
    clock.tick(1);
    expect(seeks[2], 'the last position, 0.125 s after the last move').to.deep.equal([1325, 220]);
    clock.tick(SEEK_THROTTLE_MS * 4);
    expect(seeks, 'nothing more').to.have.length(3);
  });

  it('releasing the thumb (change) seeks at once, once', async () => {
    const bar = await seekBar();
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const seeks = recordSeeks(bar);
    drag(bar, 300);
    input(bar).dispatchEvent(new Event('change', { bubbles: true }));
    expect(seeks.map(([, s]) => s)).to.deep.equal([300]);
    clock.tick(SEEK_THROTTLE_MS * 2);
    expect(seeks).to.have.length(1);
  });

  it(`a seek the player never confirms is let go after ${SEEK_WATCHDOG_MS} ms: the bar shows the player's position again`, async () => {
    const bar = await seekBar();
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    input(bar).value = '300';
    input(bar).dispatchEvent(new Event('change', { bubbles: true }));
    await bar.updateComplete;
    // The player neither moves nor reports a new position (a refused or stalled seek).
    bar.values = { ...VOD };
    await bar.updateComplete;
    clock.tick(SEEK_WATCHDOG_MS - 1);
    await bar.updateComplete;
    expect(Number(input(bar).value), 'still the position asked for').to.equal(300);
    clock.tick(1);
    await bar.updateComplete;
    expect(Number(input(bar).value), "the player's position").to.equal(VOD.currentTime);
  });

  it('clamps every request to the seekable range (arrow keys, Home/End-like jumps, live DVR edges)', async () => {
    const bar = await seekBar({ currentTime: 595 });
    const seeks = recordSeeks(bar);
    input(bar).focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    bar.values = { ...VOD, live: true, duration: Number.POSITIVE_INFINITY, seekable: { start: 60, end: 120 }, currentTime: 65 };
    await bar.updateComplete;
    await sendKeys({ press: 'ArrowLeft' });
    expect(seeks.map(([, s]) => s)).to.deep.equal([600, 600, 60]);
  });

  it('shows a time tooltip where the pointer hovers, h:mm:ss from one hour; none once it leaves', async () => {
    const bar = await seekBar();
    expect(tooltip(bar)).to.equal(null);
    hover(bar, 0.5);
    await bar.updateComplete;
    // The thumb's half-width at either end makes the hovered time near, not exactly, the middle.
    expect(tooltip(bar)!.textContent!.trim()).to.match(/^[45]:\d\d$/);
    expect(tooltip(bar)!.getAttribute('aria-hidden')).to.equal('true');
    bar.values = { ...VOD, duration: 7200, seekable: { start: 0, end: 7200 } };
    hover(bar, 0.999);
    await bar.updateComplete;
    expect(tooltip(bar)!.textContent!.trim()).to.match(/^[12]:\d\d:\d\d$/);
    bar.values = { ...VOD, duration: 7200, seekable: { start: 0, end: 7200 } };
    hover(bar, 0);
    await bar.updateComplete;
    expect(tooltip(bar)!.textContent!.trim()).to.equal('0:00:00');
    input(bar).dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    await bar.updateComplete;
    expect(tooltip(bar)).to.equal(null);
  });

  it('under dir=rtl the bar runs right to left: the tooltip at the left end shows the end time', async () => {
    const bar = await seekBar();
    bar.setAttribute('dir', 'rtl');
    hover(bar, 0);
    await bar.updateComplete;
    expect(tooltip(bar)!.textContent!.trim()).to.equal('10:00');
    const anchor = tooltip(bar)!.parentElement!.getBoundingClientRect();
    const range = input(bar).getBoundingClientRect();
    expect(anchor.left - range.left, 'drawn at the left end').to.be.lessThan(range.width * 0.1);
    hover(bar, 1);
    await bar.updateComplete;
    expect(tooltip(bar)!.textContent!.trim()).to.equal('0:00');
  });

  it('the tooltip follows the thumb while dragging and goes once the seek is sent', async () => {
    const bar = await seekBar();
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    drag(bar, 3725);
    await bar.updateComplete;
    expect(tooltip(bar), 'clamped to the 600-s range').to.exist;
    expect(tooltip(bar)!.textContent!.trim()).to.equal('10:00');
    drag(bar, 65);
    await bar.updateComplete;
    expect(tooltip(bar)!.textContent!.trim()).to.equal('1:05');
    clock.tick(SEEK_BAR_DELAY_MS);
    await bar.updateComplete;
    expect(tooltip(bar)).to.equal(null);
  });

  it('shows the buffered range around the position', async () => {
    const bar = await seekBar({ buffered: [{ start: 0, end: 50 }, { start: 90, end: 300 }] });
    const buffered = bar.shadowRoot!.querySelector<HTMLElement>('[part="seek-buffered"]')!;
    expect(parseFloat(buffered.style.insetInlineStart)).to.equal(15);
    expect(buffered.getBoundingClientRect().width).to.be.greaterThan(0);
    bar.values = { ...VOD, buffered: [{ start: 0, end: 50 }] };
    await bar.updateComplete;
    expect(bar.shadowRoot!.querySelector('[part="seek-buffered"]')).to.equal(null);
  });

  it('is disabled (no seeks, no tooltip) before load and when seeking is not allowed', async () => {
    for (const values of [{ loaded: false }, { canSeek: false }]) {
      const bar = await seekBar(values);
      const seeks = recordSeeks(bar);
      expect(bar.disabled).to.equal(true);
      expect(bar.hasAttribute('disabled')).to.equal(true);
      expect(input(bar).disabled).to.equal(true);
      hover(bar, 0.5);
      await bar.updateComplete;
      expect(tooltip(bar)).to.equal(null);
      input(bar).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      expect(seeks).to.deep.equal([]);
    }
  });
});

describe('<s72-seek-bar> in <s72-player>', function () {
  this.timeout(30_000);

  it('reads the store, and speaks its value in the player language (Arabic)', async () => {
    const player = await fixture<S72Player>(html`<s72-player lang="ar" muted src=${demoUrl(MEDIA.mp4)} style="width: 640px"></s72-player>`);
    await nextEvent(player, 's72-loaded');
    // The controls render once the Arabic table (fetched on demand) is there.
    await until(() => player.shadowRoot!.querySelector('s72-control-bar') !== null, 'the controls render');
    const bar = player.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-seek-bar')!;
    await bar.updateComplete;
    const range = input(bar);
    const duration = player.store.getState().duration;
    expect(Number(range.max)).to.be.closeTo(duration, 0.001);
    expect(range.getAttribute('aria-label')).to.equal('موضع التشغيل');
    const ar = createTranslator('ar');
    expect(range.getAttribute('aria-valuetext')).to.equal(ar.t('player.timeOf', { current: ar.spokenTime(0), duration: ar.spokenTime(duration) }));
    expect(range.getAttribute('aria-valuetext')).to.contain(' من ').and.not.contain('of');
  });

  it('passes its parts through the control bar to the page (::part(seek-input), seek-tooltip, seek-buffered)', async () => {
    const parent = await fixture<HTMLDivElement>(html`<div>
      <style>
        .themed::part(seek-input) { accent-color: rgb(1, 2, 3); }
        .themed::part(seek-buffered) { background-color: rgb(4, 5, 6); }
      </style>
      <s72-player class="themed" muted src=${demoUrl(MEDIA.mp4)} style="width: 640px"></s72-player>
    </div>`);
    const player = parent.querySelector<S72Player>('s72-player')!;
    await nextEvent(player, 's72-loaded');
    const bar = player.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-seek-bar')!;
    await bar.updateComplete;
    expect(getComputedStyle(input(bar)).accentColor).to.equal('rgb(1, 2, 3)');
    await until(() => bar.shadowRoot!.querySelector('[part="seek-buffered"]') !== null, 'the buffered range shows');
    expect(getComputedStyle(bar.shadowRoot!.querySelector('[part="seek-buffered"]')!).backgroundColor).to.equal('rgb(4, 5, 6)');
  });
});
