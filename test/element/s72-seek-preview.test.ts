/**
 * Seek previews (issue 27 item 1) in real `<s72-player>`s playing the demo film from the demo
 * storefront: the thumbnail track of the clear DASH manifest (image adaptation set) and of the HLS
 * master playlist (EXT-X-IMAGE-STREAM-INF, shaka's HLS build), and a WebVTT storyboard given in
 * `content.thumbnails` for the progressive MP4. Keyboard: real arrow presses (`sendKeys`) on the
 * focused seek bar move the preview; the pointer over the bar shows it, kept within the bar; without
 * a thumbnail track the bar shows its time tooltip alone. (Touch drags: test/e2e/seek-preview.)
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72SeekBar } from '../../src-element/ui/s72-seek-bar.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

const STORYBOARD = '/media/feature/thumbnails/storyboard.vtt';

async function player(setup: (player: S72Player) => void): Promise<{ player: S72Player; bar: S72SeekBar }> {
  const element = await fixture<S72Player>(html`<s72-player muted style="width: 640px"></s72-player>`);
  const loaded = nextEvent(element, 's72-loaded', 30_000);
  setup(element);
  await loaded;
  await until(() => element.shadowRoot!.querySelector('s72-control-bar') !== null, 'the controls render');
  const bar = element.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-seek-bar')!;
  await bar.updateComplete;
  return { player: element, bar };
}

const input = (bar: S72SeekBar) => bar.shadowRoot!.querySelector<HTMLInputElement>('[part="seek-input"]')!;
const tooltip = (bar: S72SeekBar) => bar.shadowRoot!.querySelector<HTMLElement>('[part="seek-tooltip"]');
const preview = (bar: S72SeekBar) =>
  bar.shadowRoot!.querySelector('s72-seek-preview')?.shadowRoot?.querySelector<HTMLElement>('[part="seek-preview"]') ?? null;

/** Waits for the preview of the tile starting at `start` seconds. */
async function previewOf(bar: S72SeekBar, start: number): Promise<HTMLElement> {
  await until(
    () => preview(bar)?.dataset['start'] === String(start),
    () => `the preview of the tile at ${start} s (shows ${preview(bar)?.dataset['start'] ?? 'none'})`,
  );
  return preview(bar)!;
}

/** A mouse pointer over the input at `fraction` of its width from the left. */
function hover(bar: S72SeekBar, fraction: number): void {
  const rect = input(bar).getBoundingClientRect();
  input(bar).dispatchEvent(
    new PointerEvent('pointermove', { bubbles: true, composed: true, pointerType: 'mouse', clientX: rect.left + rect.width * fraction, clientY: rect.top + 1 }),
  );
}

describe('<s72-seek-preview> in <s72-player>', function () {
  this.timeout(60_000);

  it('DASH thumbnail track: real arrow presses on the focused bar move the preview and the tooltip; blur hides them', async () => {
    const { bar } = await player((p) => (p.src = demoUrl(MEDIA.clearDash)));
    expect(preview(bar), 'nothing before the viewer points or presses').to.equal(null);
    input(bar).focus();
    await sendKeys({ press: 'ArrowRight' });
    const first = await previewOf(bar, 10);
    expect(tooltip(bar)?.textContent?.trim()).to.equal('0:10');
    // The 6th tile of the first 5x2 sheet: second row, first column, scaled from 160 px to the preview's width.
    expect(first.style.backgroundPosition).to.equal('calc(var(--_w) * 0) calc(var(--_w) * -0.5625)');
    expect(first.getAttribute('aria-hidden')).to.equal('true');
    await sendKeys({ press: 'ArrowRight' });
    await previewOf(bar, 20);
    expect(tooltip(bar)?.textContent?.trim()).to.equal('0:20');
    await sendKeys({ press: 'ArrowLeft' });
    await previewOf(bar, 10);
    input(bar).blur();
    await bar.updateComplete;
    expect(tooltip(bar), 'the tooltip goes with the focus').to.equal(null);
    expect(preview(bar)).to.equal(null);
  });

  it('hovering shows the preview of the moment under the pointer, kept within the bar at its ends', async () => {
    const { bar } = await player((p) => (p.src = demoUrl(MEDIA.clearDash)));
    hover(bar, 0.5);
    await previewOf(bar, 30);
    hover(bar, 0.01);
    const atStart = await previewOf(bar, 0);
    await until(() => atStart.getBoundingClientRect().left >= bar.getBoundingClientRect().left - 0.5, 'the preview is shifted inside the bar');
    hover(bar, 0.995);
    const atEnd = await previewOf(bar, 58);
    await until(() => atEnd.getBoundingClientRect().right <= bar.getBoundingClientRect().right + 0.5, 'the preview is shifted inside the bar');
    expect(atEnd.getBoundingClientRect().width).to.be.closeTo(160 + 4, 0.5);
  });

  it('HLS image playlist (EXT-X-IMAGE-STREAM-INF) through shaka', async () => {
    const { bar } = await player((p) => (p.src = demoUrl(MEDIA.hls)));
    hover(bar, 0.5);
    const shown = await previewOf(bar, 30);
    expect(shown.style.backgroundSize).to.equal('calc(var(--_w) * 5) calc(var(--_w) * 1.125)');
  });

  it('a WebVTT storyboard given in content.thumbnails (progressive MP4); without one the tooltip shows alone', async () => {
    const { bar } = await player((p) => {
      p.content = { slug: '/film/demo', assets: { mp4: { url: demoUrl(MEDIA.mp4) } }, thumbnails: demoUrl(STORYBOARD) };
    });
    input(bar).focus();
    await sendKeys({ press: 'ArrowRight' });
    const shown = await previewOf(bar, 10);
    expect(shown.style.backgroundPosition).to.equal('calc(var(--_w) * 0) calc(var(--_w) * -0.5625)');

    const plain = await player((p) => (p.src = demoUrl(MEDIA.mp4)));
    hover(plain.bar, 0.5);
    await until(() => tooltip(plain.bar)?.textContent?.trim() === '0:30', 'the time tooltip shows');
    // Give a lookup time to answer: there is none to show.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(preview(plain.bar), 'no thumbnail track: no preview').to.equal(null);
  });
});
