/**
 * Form factors (player-and-client §9 "Font size breakpoints per form factor (desktop, handheld,
 * smart-tv) range from 14 to 50 px"; issue 10 "Form factors"): real `<s72-player>` elements at
 * handheld, desktop and smart-tv widths (container queries on the player's own width), the page's
 * `--s72-*` overrides, the volume slider's touch-only rule, and the fullscreen button where
 * fullscreen is forbidden by the configuration (the play page's iPhone restriction).
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { CSSResult } from 'lit';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { createPlayerStore } from '../../src-element/core/player-store.js';
import { S72ControlBar } from '../../src-element/ui/s72-control-bar.js';

async function player(style: string): Promise<S72Player> {
  const element = await fixture<S72Player>(html`<s72-player style=${style}></s72-player>`);
  element.config = { title: 'The Film' };
  await element.updateComplete;
  await bar(element).updateComplete;
  await titleBar(element).updateComplete;
  return element;
}

const bar = (element: S72Player) => element.shadowRoot!.querySelector('s72-control-bar')!;
const titleBar = (element: S72Player) => element.shadowRoot!.querySelector('s72-title-bar')!;
const controlPart = (element: S72Player, name: string) => bar(element).shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;
const titlePart = (element: S72Player, name: string) => titleBar(element).shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;
const px = (value: string) => Math.round(parseFloat(value));
/** The md subtitle size, px: a probe where shaka puts its cue container, styled by the overlay's own rule. */
function subtitleSize(element: S72Player): number {
  const overlay = element.shadowRoot!.querySelector('s72-subtitle-overlay')!;
  const probe = document.createElement('div');
  probe.className = 'shaka-text-container';
  overlay.textContainer.append(probe);
  const size = px(getComputedStyle(probe).fontSize);
  probe.remove();
  return size;
}

describe('form factors: font sizes by the player width', () => {
  const FORM_FACTORS: Array<[string, number, number, number, number]> = [
    // name, player width px, control font px, title font px, subtitle (md) font px
    ['handheld', 400, 14, 18, 16],
    ['desktop', 800, 16, 24, 24],
    ['smart-tv', 1800, 28, 50, 40],
  ];
  for (const [name, width, control, title, subtitle] of FORM_FACTORS) {
    it(`${name} (${width} px wide): controls ${control} px, title ${title} px, subtitles ${subtitle} px, buttons scale with them`, async () => {
      const element = await player(`display: block; width: ${width}px; height: ${Math.round((width * 9) / 16)}px`);
      expect(px(getComputedStyle(bar(element)).fontSize)).to.equal(control);
      expect(px(getComputedStyle(titlePart(element, 'title')).fontSize)).to.equal(title);
      expect(subtitleSize(element)).to.equal(subtitle);
      expect(px(getComputedStyle(controlPart(element, 'play-button')).inlineSize)).to.equal(Math.round(control * 2.75));
    });
  }

  it('the size follows the player, not the viewport: resizing the player crosses the breakpoints', async () => {
    const element = await player('display: block; width: 400px; height: 225px');
    expect(px(getComputedStyle(bar(element)).fontSize)).to.equal(14);
    element.style.width = '1700px';
    expect(px(getComputedStyle(bar(element)).fontSize)).to.equal(28);
    element.style.width = '700px';
    expect(px(getComputedStyle(bar(element)).fontSize)).to.equal(16);
  });

  it('--s72-control-font-size, --s72-title-font-size and --s72-subtitle-font-size fix one size at every width', async () => {
    for (const width of [400, 1800]) {
      const element = await player(
        `display: block; width: ${width}px; height: 300px; --s72-control-font-size: 20px; --s72-title-font-size: 30px; --s72-subtitle-font-size: 25px`,
      );
      expect(px(getComputedStyle(bar(element)).fontSize)).to.equal(20);
      expect(px(getComputedStyle(titlePart(element, 'title')).fontSize)).to.equal(30);
      expect(subtitleSize(element)).to.equal(25);
    }
  });

  it('every breakpoint stays within 14–50 px', async () => {
    for (let width = 200; width <= 3000; width += 400) {
      const element = await player(`display: block; width: ${width}px; height: 300px`);
      for (const size of [px(getComputedStyle(bar(element)).fontSize), px(getComputedStyle(titlePart(element, 'title')).fontSize), subtitleSize(element)]) {
        expect(size).to.be.within(14, 50);
      }
    }
  });
});

describe('form factors: the seek bar on narrow players (issue 22 item 12)', () => {
  const seekBar = (element: S72Player) => controlPart(element, 'seek-bar').getBoundingClientRect();
  const playButton = (element: S72Player) => controlPart(element, 'play-button').getBoundingClientRect();

  for (const [width, dir] of [
    [390, 'ltr'],
    [342, 'ltr'],
    [390, 'rtl'],
  ] as const) {
    it(`a ${width}-px-wide player (${dir}): the seek bar takes its own full-width row above the buttons`, async () => {
      const element = await player(`display: block; width: ${width}px; height: ${Math.round((width * 9) / 16)}px`);
      element.setAttribute('dir', dir);
      await element.updateComplete;
      const seek = seekBar(element);
      const play = playButton(element);
      expect(seek.width, 'seek bar width').to.be.at.least(width * 0.9);
      expect(seek.bottom, 'above the buttons').to.be.at.most(play.top + 0.5);
      // Every button is on one row below it, inside the player.
      const playerBox = element.getBoundingClientRect();
      for (const name of ['play-button', 'mute-button', 'settings-button', 'fullscreen-button']) {
        const part =
          name === 'settings-button'
            ? bar(element).shadowRoot!.querySelector('s72-settings-menu')!.shadowRoot!.querySelector('[part~="settings-button"]')!
            : controlPart(element, name);
        const box = part.getBoundingClientRect();
        if (box.width === 0) continue; // the settings button hides while there is nothing to set
        expect(Math.abs(box.top - play.top), `${name} on the buttons row`).to.be.below(6);
        expect(box.left, name).to.be.at.least(playerBox.left - 0.5);
        expect(box.right, name).to.be.at.most(playerBox.right + 0.5);
      }
    });
  }

  it('a wide player (800 px): the seek bar stays in the row, between the play button and the time', async () => {
    const element = await player('display: block; width: 800px; height: 450px');
    const seek = seekBar(element);
    const play = playButton(element);
    const time = controlPart(element, 'time').getBoundingClientRect();
    expect(Math.abs(seek.top + seek.height / 2 - (play.top + play.height / 2)), 'one row').to.be.below(2);
    expect(seek.left).to.be.at.least(play.right);
    expect(seek.right).to.be.at.most(time.left);
    expect(seek.width).to.be.below(800 * 0.9);
  });
});

describe('form factors: touch devices and fullscreen', () => {
  it('hides the volume slider (not the mute button) on touch-only devices', async () => {
    const element = await player('display: block; width: 800px; height: 450px');
    const volume = controlPart(element, 'volume');
    const display = getComputedStyle(volume).display;
    const touchOnly = matchMedia('(hover: none) and (pointer: coarse)').matches;
    if (touchOnly) expect(display, 'this browser: touch-only').to.equal('none');
    else expect(display, 'this browser: has a mouse').not.to.equal('none');
    // The rule itself: its condition, and its body applied as if the condition held.
    const sheet = (S72ControlBar.styles as CSSResult).styleSheet!;
    const rule = [...sheet.cssRules].find((candidate): candidate is CSSMediaRule => candidate instanceof CSSMediaRule && candidate.cssText.includes('.volume'));
    expect(rule, 'a media rule for the volume slider').to.exist;
    expect(rule!.conditionText.replace(/\s+/g, ' ')).to.equal('(hover: none) and (pointer: coarse)');
    const asIfTouch = new CSSStyleSheet();
    asIfTouch.replaceSync([...rule!.cssRules].map((inner) => inner.cssText).join('\n'));
    const root = bar(element).shadowRoot!;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, asIfTouch];
    expect(getComputedStyle(volume).display).to.equal('none');
    expect(getComputedStyle(controlPart(element, 'mute-button')).display).not.to.equal('none');
  });

  it('shows fullscreen where supported, hides it where the configuration forbids it (iPhone restriction)', async () => {
    const element = await player('display: block; width: 800px; height: 450px');
    expect(document.fullscreenEnabled).to.equal(true);
    expect(controlPart(element, 'fullscreen-button').hidden).to.equal(false);
    element.config = { title: 'The Film', fullscreen: false };
    await element.updateComplete;
    await bar(element).updateComplete;
    expect(controlPart(element, 'fullscreen-button').hidden).to.equal(true);
  });

  it('hides fullscreen where the page blocks it (an iframe without allow="fullscreen")', async () => {
    const frame = await fixture<HTMLIFrameElement>(html`<iframe .srcdoc=${'<video></video>'} allow="fullscreen 'none'"></iframe>`);
    if (!frame.contentDocument?.querySelector('video')) await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const frameDocument = frame.contentDocument!;
    expect(frameDocument.fullscreenEnabled, 'blocked in the frame').to.equal(false);
    const store = createPlayerStore({ document: frameDocument, media: frameDocument.querySelector('video')! });
    expect(store.getState().canFullscreen).to.equal(false);
  });
});
