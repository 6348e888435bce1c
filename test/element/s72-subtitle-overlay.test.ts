/**
 * The subtitle overlay (ui/s72-subtitle-overlay.ts; player-and-client §2 "Subtitle overlay sized to
 * the video", §3 "User preferences", §9 "RTL subtitle languages include ar, he, fa, ur"): the
 * picture rectangle over a real <video> playing the demo MP4 (letterboxed and pillarboxed), the
 * cue styles from the preferences, right to left for Arabic, the lift above the controls; and in
 * `<s72-player>` on the demo DASH title, an Arabic cue drawn by shaka inside the overlay.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { createPlayerStore, type PlayerStore } from '../../src-element/core/player-store.js';
import { EngineEmitter, type Engine, type TextTrackInfo } from '../../src-element/core/engine/engine.js';
import { DEFAULT_SUBTITLE_PREFERENCES } from '../../src-element/core/ui/ui-state.js';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72SubtitleOverlay } from '../../src-element/ui/s72-subtitle-overlay.js';
import '../../src-element/ui/s72-subtitle-overlay.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

/** A connected store over a real, muted <video> with the demo MP4's metadata loaded. */
async function storeWithVideo(): Promise<{ store: PlayerStore; video: HTMLVideoElement }> {
  const video = document.createElement('video');
  video.muted = true;
  document.body.append(video);
  const loaded = nextEvent(video, 'loadedmetadata');
  video.src = demoUrl(MEDIA.mp4);
  await loaded;
  const store = createPlayerStore({ media: video });
  store.connect();
  return { store, video };
}

async function overlayIn(store: PlayerStore, width: number, height: number): Promise<S72SubtitleOverlay> {
  const frame = await fixture<HTMLDivElement>(html`
    <div style="position: relative; width: ${width}px; height: ${height}px">
      <s72-subtitle-overlay .store=${store}></s72-subtitle-overlay>
    </div>
  `);
  const el = frame.querySelector('s72-subtitle-overlay')!;
  await until(() => el.textContainer.getBoundingClientRect().width > 0, 'the picture is sized');
  await el.updateComplete;
  return el;
}

/** The picture's rectangle relative to the overlay, CSS px. */
function pictureBox(el: S72SubtitleOverlay) {
  const outer = el.getBoundingClientRect();
  const inner = el.textContainer.getBoundingClientRect();
  return { left: inner.left - outer.left, top: inner.top - outer.top, width: inner.width, height: inner.height };
}

/** What shaka's UITextDisplayer puts in the container for one cue (with its default inline styles). */
function fakeCue(el: S72SubtitleOverlay, text: string): HTMLSpanElement {
  el.textContainer.insertAdjacentHTML(
    'beforeend',
    `<div class="shaka-text-container"><div style="direction: ltr"><span style="background-color: rgba(0, 0, 0, 0.8)">${text}</span></div></div>`,
  );
  return el.textContainer.querySelector('span')!;
}

/**
 * The directions in which a computed `text-shadow` draws a hard dark edge round the glyphs (an
 * outline): the shadows with no blur, a dark colour and an offset of at least 1 px that way. A soft
 * glow (blurred, no offset) is no edge: it fades to nothing over a white picture.
 */
function outlineDirections(textShadow: string): string[] {
  if (textShadow === 'none') return [];
  const directions = new Set<string>();
  // Chrome's computed form: `rgb(0, 0, 0) -1.44px -1.44px 0px, …`.
  for (const shadow of textShadow.split(/,(?![^(]*\))/)) {
    const match = /rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px/.exec(shadow.trim());
    if (!match) continue;
    const [, r, g, b, alpha, x, y, blur] = match;
    const dark = Number(r) + Number(g) + Number(b) < 150 && Number(alpha ?? 1) >= 0.9;
    if (!dark || Number(blur) !== 0) continue;
    if (Number(x) >= 1) directions.add('right');
    if (Number(x) <= -1) directions.add('left');
    if (Number(y) >= 1) directions.add('down');
    if (Number(y) <= -1) directions.add('up');
  }
  return [...directions];
}

/** An engine stand-in with the given text tracks (the store reads only the track lists and on()). */
function textEngine(text: TextTrackInfo[]): Engine {
  const emitter = new EngineEmitter();
  return {
    name: 'stand-in',
    seekRange: () => ({ start: 0, end: 60 }),
    audioTracks: () => [],
    videoTracks: () => [],
    textTracks: () => text,
    on: emitter.on.bind(emitter),
  } as unknown as Engine;
}

describe('<s72-subtitle-overlay>', function () {
  this.timeout(30_000);
  const videos: HTMLVideoElement[] = [];
  afterEach(() => {
    for (const video of videos.splice(0)) video.remove();
  });

  it('covers the picture of a letterboxed video, not the bars above and below', async () => {
    const { store, video } = await storeWithVideo();
    videos.push(video);
    const aspect = video.videoWidth / video.videoHeight;
    expect(aspect).to.be.greaterThan(4 / 3); // the demo is wide: letterboxed in a 4:3 box
    const el = await overlayIn(store, 640, 480);
    const box = pictureBox(el);
    const height = 640 / aspect;
    expect(box.left).to.be.closeTo(0, 0.5);
    expect(box.width).to.be.closeTo(640, 0.5);
    expect(box.height).to.be.closeTo(height, 0.5);
    expect(box.top).to.be.closeTo((480 - height) / 2, 0.5);
  });

  it('covers the picture of a pillarboxed video, not the bars left and right, and follows a resize', async () => {
    const { store, video } = await storeWithVideo();
    videos.push(video);
    const aspect = video.videoWidth / video.videoHeight;
    const el = await overlayIn(store, 900, 300);
    let box = pictureBox(el);
    expect(box.top).to.be.closeTo(0, 0.5);
    expect(box.height).to.be.closeTo(300, 0.5);
    expect(box.width).to.be.closeTo(300 * aspect, 0.5);
    expect(box.left).to.be.closeTo((900 - 300 * aspect) / 2, 0.5);

    // The player grows (ResizeObserver): the picture follows.
    (el.parentElement as HTMLElement).style.height = '400px';
    await until(() => Math.abs(pictureBox(el).height - 400) < 0.5, 'the picture follows the new size');
    box = pictureBox(el);
    expect(box.width).to.be.closeTo(400 * aspect, 0.5);
    expect(box.left).to.be.closeTo((900 - 400 * aspect) / 2, 0.5);
  });

  it('styles the cues from the preferences: text colour, background, size (over shaka’s default background)', async () => {
    const store = createPlayerStore();
    const el = await overlayIn(store, 640, 360);
    const cue = fakeCue(el, 'Hello');
    // Defaults: white text, no background but a black outline all round (legible over a white picture, issue 22 item 10), md size.
    expect(getComputedStyle(cue).color).to.equal('rgb(255, 255, 255)');
    expect(getComputedStyle(cue).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    expect(outlineDirections(getComputedStyle(cue).textShadow)).to.have.members(['up', 'down', 'left', 'right'], 'the default text has an outline');
    const mdSize = parseFloat(getComputedStyle(cue).fontSize);
    expect(mdSize).to.be.within(14, 50);

    store.setUi({ subtitlePreferences: { subtitleTextColor: 'yellow', subtitleBackground: 'black', subtitleTextSize: 'lg' } });
    await el.updateComplete;
    expect(getComputedStyle(cue).color).to.equal('rgb(255, 235, 59)');
    expect(getComputedStyle(cue).backgroundColor).to.equal('rgb(0, 0, 0)');
    expect(getComputedStyle(cue).textShadow).to.equal('none');
    expect(parseFloat(getComputedStyle(cue).fontSize)).to.be.greaterThan(mdSize);

    store.setUi({ subtitlePreferences: { ...DEFAULT_SUBTITLE_PREFERENCES, subtitleBackground: 'transparent-panel', subtitleTextSize: 'sm' } });
    await el.updateComplete;
    const panel = getComputedStyle(cue).backgroundColor;
    expect(panel).to.match(/^rgba\(0, 0, 0, 0\.\d+\)$/);
    expect(panel).to.not.equal('rgba(0, 0, 0, 0.8)');
    expect(parseFloat(getComputedStyle(cue).fontSize)).to.be.lessThan(mdSize);
  });

  it('lays out the cues of an Arabic (ar, he, fa, ur) track right to left, others left to right', async () => {
    const store = createPlayerStore();
    const track = (language: string, active: boolean): TextTrackInfo => ({ id: language, kind: 'subtitles', language, label: language, active });
    store.setOwners({ engine: textEngine([track('en', false), track('ar', true)]) });
    store.setSession({ loaded: true });
    const el = await overlayIn(store, 640, 360);
    const cue = fakeCue(el, 'مرحبًا');
    expect(el.textContainer.dir).to.equal('rtl');
    expect(getComputedStyle(cue).direction).to.equal('rtl'); // over shaka's inline `direction: ltr`

    store.setOwners({ engine: textEngine([track('en', true), track('ar', false)]) });
    await el.updateComplete;
    expect(el.textContainer.dir).to.equal('ltr');
    expect(getComputedStyle(cue).direction).to.equal('ltr');
  });

  it('lifts the cues above the control bar while the controls show', async () => {
    const store = createPlayerStore();
    const el = await overlayIn(store, 640, 360);
    const cue = fakeCue(el, 'Hello');
    const container = cue.closest<HTMLElement>('.shaka-text-container')!;
    container.style.transition = 'none';
    const bottom = () => el.textContainer.getBoundingClientRect().bottom - container.getBoundingClientRect().bottom;
    expect(bottom()).to.be.greaterThan(20); // controls visible by default
    store.setUi({ controlsVisible: false });
    await el.updateComplete;
    expect(bottom()).to.equal(0);
    expect(getComputedStyle(el).pointerEvents).to.equal('none');
  });

  it('in <s72-player>: shaka draws the Arabic cue of the demo title inside the overlay, right to left, within the picture', async function () {
    this.timeout(40_000);
    const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(MEDIA.clearDash)} muted style="width: 640px; height: 480px"></s72-player>`);
    const tracks = await nextEvent<CustomEvent<{ text: TextTrackInfo[] }>>(player, 's72-tracks-change');
    const arabic = tracks.detail.text.find((track) => track.language === 'ar')!;
    player.selectTextTrack(arabic.id);
    await player.play();
    const overlay = player.shadowRoot!.querySelector('s72-subtitle-overlay')!;
    // The first cue: 0.5 s to 3.5 s (demo/media/feature/subs/ar.vtt).
    await until(() => (overlay.textContainer.textContent ?? '').includes('مرحبًا'), 'the Arabic cue is drawn in the overlay');
    expect(overlay.shadowRoot!.contains(overlay.textContainer)).to.equal(true);
    expect(overlay.textContainer.dir).to.equal('rtl');
    const text = [...overlay.textContainer.querySelectorAll('span')].find((span) => span.textContent?.includes('مرحبًا'))!;
    expect(getComputedStyle(text).direction).to.equal('rtl');
    const picture = overlay.textContainer.getBoundingClientRect();
    const cue = text.getBoundingClientRect();
    expect(cue.top).to.be.at.least(picture.top - 0.5);
    expect(cue.bottom).to.be.at.most(picture.bottom + 0.5);
    // The player is 4:3, the demo wide: the picture leaves out the letterbox.
    expect(picture.height).to.be.lessThan(player.getBoundingClientRect().height - 1);
  });
});
