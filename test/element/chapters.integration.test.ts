/**
 * Chapters (issue 27 item 2) in a real `<s72-player>` playing the demo film (clear DASH, shaka)
 * with the demo's WebVTT chapters files (demo/media/feature/chapters/, five chapters: 0 Opening,
 * 12 The harbour, 24 The storm, 40 Night shift, 52 Dawn of 60 s): the markers sit at the chapter
 * starts, a real mouse over the bar shows the chapter's title in the tooltip, the arrow keys show
 * it too and the spoken value says it, the Chapters submenu lists them (the playing one checked) and
 * jumps, the player's language picks the file, the files load only after the first frame, and a
 * missing file leaves the film playing without chapters.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Content } from '../../src-element/core/types.js';
import { MEDIA, demoControl, demoUrl, recordedRequests, resetDemo, until } from '../helpers/demo.js';

const CHAPTERS_EN = '/media/feature/chapters/en.vtt';
const CHAPTERS_AR = '/media/feature/chapters/ar.vtt';
const STARTS = [0, 12, 24, 40, 52];
const TITLES = ['Opening', 'The harbour', 'The storm', 'Night shift', 'Dawn'];
const DURATION_S = 60;

function content(chapters: S72Content['chapters']): S72Content {
  return { slug: '/film/clear-skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } }, chapters };
}

const bothFiles = () => [
  { url: demoUrl(CHAPTERS_EN), language: 'en' },
  { url: demoUrl(CHAPTERS_AR), language: 'ar' },
];

async function player(lang: string, chapters: S72Content['chapters'] = bothFiles()): Promise<S72Player> {
  const element = await fixture<S72Player>(html`<s72-player lang=${lang} muted style="width: 800px; height: 450px"></s72-player>`);
  element.content = content(chapters);
  await until(() => element.duration > 0, 'the film loads', 30_000);
  return element;
}

/** The seek bar (after the string table of the player's language is there: the controls render then). */
const seekBar = (p: S72Player) => p.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-seek-bar')!;
const seekInput = (p: S72Player) => seekBar(p).shadowRoot!.querySelector<HTMLInputElement>('[part="seek-input"]')!;
const markers = (p: S72Player) => Array.from(seekBar(p).shadowRoot!.querySelectorAll<HTMLElement>('[part="seek-chapter-marker"]'));
const tooltip = (p: S72Player) => seekBar(p).shadowRoot!.querySelector<HTMLElement>('[part="seek-tooltip"]');
const tooltipTitle = (p: S72Player) => seekBar(p).shadowRoot!.querySelector<HTMLElement>('[part="seek-chapter-title"]')?.textContent ?? null;
const menu = (p: S72Player) => p.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-settings-menu')!;

async function chaptersShown(p: S72Player): Promise<void> {
  const bar = () => p.shadowRoot?.querySelector('s72-control-bar')?.shadowRoot?.querySelector('s72-seek-bar')?.shadowRoot;
  await until(() => (bar()?.querySelectorAll('[part="seek-chapter-marker"]').length ?? 0) > 0, 'the chapter markers show', 30_000);
}

/** The deepest focused element, through the shadow roots. */
function deepFocus(): Element | null {
  let element: Element | null = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

describe('chapters (issue 27 item 2)', function () {
  this.timeout(90_000);
  afterEach(async () => {
    await resetMouse();
    await resetDemo();
  });

  it('markers at the chapter starts; a real mouse over the bar shows the title at 5 positions', async () => {
    const p = await player('en');
    await chaptersShown(p);
    // The track spans the bar's range: a marker's centre sits at start / duration of it.
    const track = seekBar(p).shadowRoot!.querySelector<HTMLElement>('.track')!.getBoundingClientRect();
    const centres = markers(p).map((marker) => {
      const rect = marker.getBoundingClientRect();
      return (rect.left + rect.width / 2 - track.left) / track.width;
    });
    expect(centres.length).to.equal(4, 'one marker per chapter after the first');
    centres.forEach((centre, index) => expect(centre).to.be.closeTo(STARTS[index + 1]! / DURATION_S, 0.005));
    // Decoration only: the markers are inside the track, hidden from assistive tech.
    for (const marker of markers(p)) expect(marker.closest('[aria-hidden="true"]')).to.not.equal(null);

    const input = seekInput(p).getBoundingClientRect();
    for (const [seconds, title] of [
      [5, 'Opening'],
      [18, 'The harbour'],
      [30, 'The storm'],
      [45, 'Night shift'],
      [57, 'Dawn'],
    ] as const) {
      await sendMouse({ type: 'move', position: [Math.round(input.left + (input.width * seconds) / DURATION_S), Math.round(input.top + input.height / 2)] });
      await until(() => tooltipTitle(p) === title, () => `tooltip at ${seconds} s: ${tooltip(p)?.textContent ?? 'none'}`, 5_000);
      expect(tooltip(p)!.textContent).to.match(/0:\d\d/);
    }
  });

  it('arrow keys on the focused bar: the tooltip and the spoken value name the chapter', async () => {
    const p = await player('en');
    await chaptersShown(p);
    seekInput(p).focus();
    await sendKeys({ press: 'ArrowRight' });
    await until(() => Math.abs(p.currentTime - 10) < 0.5, () => `position ${p.currentTime}`);
    await until(() => tooltipTitle(p) === 'Opening', () => `tooltip: ${tooltip(p)?.textContent ?? 'none'}`, 5_000);
    await sendKeys({ press: 'ArrowRight' });
    await until(() => Math.abs(p.currentTime - 20) < 0.5, () => `position ${p.currentTime}`);
    await until(() => tooltipTitle(p) === 'The harbour', () => `tooltip: ${tooltip(p)?.textContent ?? 'none'}`, 5_000);
    expect(seekInput(p).getAttribute('aria-valuetext')).to.equal('20 seconds of 1 minute, The harbour');
  });

  it('Chapters in the settings menu: listed with start times, the playing one checked; Enter jumps to one', async () => {
    const p = await player('en');
    await chaptersShown(p);
    p.currentTime = 30;
    await until(() => Math.abs(p.currentTime - 30) < 0.5, 'at 30 s');
    const button = menu(p).shadowRoot!.querySelector<HTMLButtonElement>('[part="settings-button"]')!;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => menu(p).shadowRoot!.querySelector('[data-key="chapters"]') !== null, 'the main view lists Chapters');
    // Real key presses down to Chapters, then into it.
    for (let i = 0; i < 10 && deepFocus()?.getAttribute('data-key') !== 'chapters'; i++) await sendKeys({ press: 'ArrowDown' });
    expect(deepFocus()?.getAttribute('data-key')).to.equal('chapters');
    expect(deepFocus()?.textContent).to.contain('The storm');
    await sendKeys({ press: 'ArrowRight' });
    await until(() => deepFocus()?.getAttribute('role') === 'menuitemradio', 'the submenu opens on the playing chapter');
    const options = Array.from(menu(p).shadowRoot!.querySelectorAll<HTMLElement>('[role="menuitemradio"]'));
    expect(options.map((option) => option.querySelector('.label')!.textContent)).to.deep.equal(TITLES);
    expect(options.map((option) => option.querySelector('.hint')!.textContent)).to.deep.equal(['0:00', '0:12', '0:24', '0:40', '0:52']);
    expect(options.map((option) => option.getAttribute('aria-checked'))).to.deep.equal(['false', 'false', 'true', 'false', 'false']);
    expect(deepFocus()).to.equal(options[2]);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await until(() => Math.abs(p.currentTime - 40) < 0.25, () => `after the jump: ${p.currentTime}`);
    // The menu closes on the jump and gives the focus back to its button.
    await until(() => deepFocus() === button, 'focus back on the settings button');
    expect(menu(p).shadowRoot!.querySelector('[role="menu"]')!.hasAttribute('hidden')).to.equal(true);
  });

  it('the player language picks the file: Arabic titles under lang="ar"', async () => {
    const p = await player('ar');
    await chaptersShown(p);
    seekInput(p).focus();
    await sendKeys({ press: 'ArrowLeft' }); // forward under RTL
    await until(() => tooltipTitle(p) === 'البداية', () => `tooltip: ${tooltip(p)?.textContent ?? 'none'}`, 5_000);
  });

  it('the files load after the first frame', async () => {
    const fetched: { frameAt: number | null } = { frameAt: null };
    // Earlier tests filled the resource timing buffer (250 entries by default).
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(5000);
    const p = await fixture<S72Player>(html`<s72-player lang="en" muted style="width: 800px; height: 450px"></s72-player>`);
    // In the capture phase on the shadow root: before any listener on the video itself.
    p.shadowRoot!.addEventListener('loadeddata', () => (fetched.frameAt ??= performance.now()), { capture: true });
    p.content = content([{ url: `${demoUrl(CHAPTERS_EN)}?first-frame`, language: 'en' }]);
    await chaptersShown(p);
    const entry = performance.getEntriesByType('resource').find((resource) => resource.name.endsWith('/chapters/en.vtt?first-frame'));
    expect(entry, 'the chapters file was fetched').to.not.equal(undefined);
    expect(fetched.frameAt).to.not.equal(null);
    expect(entry!.startTime).to.be.greaterThan(fetched.frameAt!);
  });

  it('a chapters file that fails leaves the film playing, without chapters or errors', async () => {
    await demoControl('fault', { path: CHAPTERS_EN, status: 404, times: 20 });
    const errors: string[] = [];
    const p = await fixture<S72Player>(html`<s72-player lang="en" muted style="width: 800px; height: 450px"></s72-player>`);
    p.addEventListener('s72-error', (event) => errors.push((event as CustomEvent<{ code: string }>).detail.code));
    p.content = content([{ url: demoUrl(CHAPTERS_EN), language: 'en' }]);
    await until(() => p.duration > 0, 'the film loads', 30_000);
    await p.play();
    await until(() => p.currentTime > 1, 'the film plays', 30_000);
    // The player asked for the file (after the first frame) and got the 404 (shaka retries it).
    for (let i = 0; i < 100 && !(await recordedRequests(CHAPTERS_EN)).some((r) => r.status === 404); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await recordedRequests(CHAPTERS_EN)).some((r) => r.status === 404), 'the file was asked for').to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(markers(p)).to.have.length(0);
    expect(menu(p).shadowRoot!.querySelector('[data-key="chapters"]')).to.equal(null);
    expect(errors).to.deep.equal([]);
  });
});
