/**
 * The forensic watermark (controllers/watermark-controller.ts; player-and-client §2, §8 "Watermark
 * tampering raises an error and destroys the player", §9 "checked every 0.5 s; corner changes every
 * 15 minutes"; issue 14).
 *
 * Real `<s72-player>` elements in Chromium: the tampering cases each play the demo storefront's
 * MP4 with a play token naming a viewer, tamper the way a page script would, and expect
 * `watermark_tampered` (critical, category watermark, the reason) and a destroyed player (engine
 * unloaded, media paused and staying so, no "Try again"). The corner rotation and the 0.5 s period
 * run under sinon fake timers on a player with a token and no media. The no-false-positive case
 * plays a real streams answer (real play token) through resize, fullscreen, the settings menu and
 * the end screen.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import { watermarkControllerOf, type WatermarkController } from '../../src-element/controllers/watermark-controller.js';
import type { S72Error } from '../../src-element/core/errors.js';
import type { S72Content, S72PlayerConfig } from '../../src-element/core/types.js';
import {
  WATERMARK_CHECK_INTERVAL_MS,
  WATERMARK_CORNER_INTERVAL_MS,
  viewerIdOf,
  type TamperReason,
} from '../../src-element/core/watermark/watermark-rules.js';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { ADULT_TOKEN, demoControl, demoUrl, MEDIA, until } from '../helpers/demo.js';
import { loadSettingsMenu } from '../../src-element/ui/s72-settings-menu.js';
import { resolvePlaySession } from '../../src-element/core/session/play-session.js';

/** The watermark's viewer id for a play token alone (no page session). */
const viewerIdFrom = (playToken: string | null | undefined): string | null => viewerIdOf(resolvePlaySession(playToken, null));

const VIEWER = 'viewer-4711';
const b64url = (value: unknown): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const playToken = (payload: unknown): string => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

/** The demo MP4 with a play token naming {@link VIEWER}. */
const mp4Content = (): S72Content => ({
  slug: '/film/watermark-test',
  playToken: playToken({ token: 'session-1', s72usr: VIEWER, tlmtry: false }),
  assets: { mp4: { url: demoUrl(MEDIA.mp4) } },
});

const videoOf = (player: S72Player): HTMLVideoElement => player.shadowRoot!.querySelector('video')!;
const markOf = (player: S72Player): HTMLElement | null => player.shadowRoot!.querySelector<HTMLElement>('.frame > div[aria-hidden="true"]');
const controllerOf = (player: S72Player): WatermarkController => watermarkControllerOf(player)!;
const errorsOf = new WeakMap<S72Player, S72Error[]>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function player(content: S72Content, options: { autoplay?: boolean; config?: S72PlayerConfig } = {}): Promise<S72Player> {
  const element = await fixture<S72Player>(
    html`<s72-player muted ?autoplay=${options.autoplay ?? true} .content=${content} .config=${options.config ?? {}} style="inline-size: 640px"></s72-player>`,
  );
  const errors: S72Error[] = [];
  element.addEventListener('s72-error', (event) => errors.push((event as CustomEvent<S72Error>).detail));
  errorsOf.set(element, errors);
  return element;
}

async function playingPlayer(content = mp4Content()): Promise<S72Player> {
  const element = await player(content);
  await until(() => !videoOf(element).paused && videoOf(element).readyState >= 3, () => `not playing (errors: ${codes(element)})`);
  return element;
}

const codes = (element: S72Player) => (errorsOf.get(element) ?? []).map((error) => `${error.code}/${typeof error.data.reason === 'string' ? error.data.reason : ''}`).join(', ');

/** Waits for `watermark_tampered` with `reason` and checks the player is destroyed and stays so. */
async function expectDestroyed(element: S72Player, reason: TamperReason, options: { retry?: boolean } = {}): Promise<void> {
  const errors = errorsOf.get(element)!;
  await until(() => errors.some((error) => error.code === 'watermark_tampered'), () => `no watermark_tampered (errors: ${codes(element)})`, 5_000);
  const error = errors.find((item) => item.code === 'watermark_tampered')!;
  expect(error.severity).to.equal('critical');
  expect(error.category).to.equal('watermark');
  expect(error.data.reason, error.message).to.equal(reason);
  expect(element.lastError).to.equal(error);
  await until(() => element.engineName === null, 'the engine is unloaded');
  const media = videoOf(element);
  expect(media.paused, 'the media is stopped').to.equal(true);
  await element.updateComplete;
  const panel = element.shadowRoot!.querySelector('[part="error"]');
  expect(panel?.querySelector('code')?.textContent).to.equal('watermark_tampered');
  expect(panel?.querySelector('button'), 'no "Try again" on a destroyed player').to.equal(null);
  if (!options.retry) return;
  // A script's retry() does not bring it back.
  element.retry();
  await sleep(800);
  expect(element.engineName, 'still no engine after retry()').to.equal(null);
  expect(media.paused).to.equal(true);
  expect(element.lastError?.code).to.equal('watermark_tampered');
}

describe('watermark', function () {
  this.timeout(60_000);

  afterEach(async () => {
    sinon.restore();
    await resetMouse();
    for (const node of document.querySelectorAll('[data-test-cover]')) node.remove();
    if (document.fullscreenElement) await document.exitFullscreen();
  });

  describe('tampering (the demo MP4 playing)', () => {
    const cases: Array<[string, TamperReason, (element: S72Player, mark: HTMLElement) => void]> = [
      ['removed from the DOM', 'removed', (_element, mark) => mark.remove()],
      ['moved elsewhere in the shadow root', 'removed', (element, mark) => element.shadowRoot!.append(mark)],
      ['inline style on the watermark', 'attributes', (_element, mark) => (mark.style.opacity = '0')],
      ['the hidden attribute', 'attributes', (_element, mark) => (mark.hidden = true)],
      ['an attribute removed', 'attributes', (_element, mark) => mark.removeAttribute('aria-hidden')],
      [
        'a <style> injected into the shadow root',
        'stylesheet',
        (element) => element.shadowRoot!.append(Object.assign(document.createElement('style'), { textContent: 'div { display: none !important; }' })),
      ],
      [
        'adoptedStyleSheets',
        'stylesheet',
        (element) => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync('div { visibility: hidden !important; }');
          element.shadowRoot!.adoptedStyleSheets = [...element.shadowRoot!.adoptedStyleSheets, sheet];
        },
      ],
      ['a wrapper restyled (inline style on its parent)', 'style', (_element, mark) => ((mark.parentElement as HTMLElement).style.cssText = 'display: block; opacity: 0.05')],
      ['the player hidden while playing (inline style on the host)', 'player-hidden', (element) => (element.style.visibility = 'hidden')],
      ['the player made transparent while playing', 'player-hidden', (element) => (element.style.opacity = '0.01')],
      ['the player made tiny while playing', 'player-resized', (element) => (element.style.inlineSize = '20px')],
      ['the player display: none while playing', 'player-hidden', (element) => (element.style.display = 'none')],
      [
        'covered by a page element',
        'covered',
        (_element, mark) => {
          const rect = mark.getBoundingClientRect();
          const cover = Object.assign(document.createElement('div'), { textContent: 'cover' });
          cover.dataset.testCover = '';
          cover.style.cssText = `position: fixed; left: ${rect.left - 4}px; top: ${rect.top - 4}px; width: ${rect.width + 8}px; height: ${rect.height + 8}px; background: #000; z-index: 10`;
          document.body.append(cover);
        },
      ],
      ['picture-in-picture', 'picture-in-picture', (element) => videoOf(element).dispatchEvent(new Event('enterpictureinpicture'))],
    ];
    for (const [name, reason, tamper] of cases) {
      it(`${name} → watermark_tampered (${reason}), player destroyed`, async () => {
        const element = await playingPlayer();
        const mark = markOf(element);
        expect(mark, 'the watermark is drawn').to.not.equal(null);
        expect(controllerOf(element).drawnViewerId).to.equal(VIEWER);
        tamper(element, mark!);
        await expectDestroyed(element, reason, { retry: reason === 'removed' });
      });
    }

    it('a stylesheet rule changed in place (no DOM change) is caught by the 0.5 s check of the computed style', async () => {
      const element = await playingPlayer();
      const sheet = element.shadowRoot!.adoptedStyleSheets[0]!; // Lit's sheet, shared by every player
      const index = sheet.insertRule('.frame { display: block !important; filter: blur(12px) !important; }', sheet.cssRules.length);
      try {
        await expectDestroyed(element, 'style');
      } finally {
        sheet.deleteRule(index);
      }
    });

    it('::part cannot reach it: no part names it, page CSS on every part leaves it drawn and checked', async () => {
      const style = document.createElement('style');
      style.textContent = 's72-player::part(watermark), s72-player::part(video) { display: none !important; opacity: 0 !important; }';
      document.head.append(style);
      try {
        const element = await player(mp4Content(), { autoplay: false });
        await until(() => element.store.getState().loaded, 'loaded');
        const mark = markOf(element)!;
        expect(mark.hasAttribute('part')).to.equal(false);
        expect(element.shadowRoot!.querySelector('[part*="watermark" i], [exportparts*="watermark" i]')).to.equal(null);
        expect(getComputedStyle(mark).display).to.equal('block');
        expect(getComputedStyle(mark).opacity).to.equal('1');
        await sleep(WATERMARK_CHECK_INTERVAL_MS * 2);
        expect(codes(element)).to.equal('');
      } finally {
        style.remove();
      }
    });
  });

  it('a page element over an edge of the id only (most of it readable) is not covering', async () => {
    const element = await player({ slug: '/film/watermark-test', playToken: mp4Content().playToken!, assets: {} }, { autoplay: false });
    await element.updateComplete;
    const rect = markOf(element)!.getBoundingClientRect();
    const strip = document.createElement('div');
    strip.dataset.testCover = '';
    strip.style.cssText = `position: fixed; left: ${rect.left - 4}px; top: ${rect.top + rect.height * 0.85}px; width: ${rect.width + 8}px; height: 40px; background: #000; z-index: 10`;
    document.body.append(strip);
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 3);
    expect(codes(element)).to.equal('');
    // The same element moved up over most of it is covering.
    strip.style.top = `${rect.top - 4}px`;
    await until(() => codes(element) === 'watermark_tampered/covered', () => `errors: ${codes(element)}`, 5_000);
  });

  it('scrolled partly out of a scrolling container (its corner clipped) is not covered; clipped by clip-path is', async () => {
    const content: S72Content = { slug: '/film/watermark-test', playToken: mp4Content().playToken!, assets: {} };
    const scroller = await fixture<HTMLDivElement>(
      html`<div style="overflow: auto; block-size: 240px; inline-size: 660px"><s72-player muted .content=${content} style="inline-size: 640px"></s72-player><div style="block-size: 400px"></div></div>`,
    );
    const element = scroller.querySelector('s72-player')!;
    const errors: S72Error[] = [];
    element.addEventListener('s72-error', (event) => errors.push((event as CustomEvent<S72Error>).detail));
    errorsOf.set(element, errors);
    await element.updateComplete;
    scroller.scrollTop = 80; // the top corner's id (14% down = 50 px) is above the container's box now
    const mark = markOf(element)!.getBoundingClientRect();
    expect(mark.bottom, 'the watermark is scrolled out of view').to.be.below(scroller.getBoundingClientRect().top);
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 3);
    expect(codes(element)).to.equal('');
    scroller.scrollTop = 0;
    (element.parentElement as HTMLElement).style.clipPath = 'inset(35% 0 0 0)'; // cuts the corner away (the id is 50–75 px down)
    await until(() => codes(element) === 'watermark_tampered/covered', () => `errors: ${codes(element)}`, 5_000);
  });

  it('a new source without a viewer takes the watermark away (not tampering); another viewer draws theirs', async () => {
    const element = await player({ slug: '/film/a', playToken: mp4Content().playToken!, assets: {} }, { autoplay: false });
    await element.updateComplete;
    expect(controllerOf(element).drawnViewerId).to.equal(VIEWER);
    element.content = { slug: '/film/b', playToken: playToken({ token: 'session-3' }), assets: {} };
    await element.updateComplete;
    expect(markOf(element)).to.equal(null);
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 2);
    element.content = { slug: '/film/c', playToken: playToken({ token: 'session-4', uid: 99 }), assets: {} };
    await element.updateComplete;
    expect(markOf(element)).to.not.equal(null);
    expect(controllerOf(element).drawnViewerId).to.equal('99');
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 2);
    expect(codes(element)).to.equal('');
  });

  it('no viewer id in the play token: no watermark, no checks', async () => {
    const element = await player({ ...mp4Content(), playToken: playToken({ token: 'session-2' }) }, { autoplay: false });
    await element.updateComplete;
    expect(markOf(element)).to.equal(null);
    expect(controllerOf(element).drawnViewerId).to.equal(null);
    element.style.display = 'none';
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 2);
    expect(codes(element)).to.equal('');
  });

  describe('corners and the 0.5 s period (sinon fake timers, no media)', () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: Date.UTC(2026, 10, 26) });
    });

    const tokenOnly = (): S72Content => ({ slug: '/film/watermark-test', playToken: mp4Content().playToken!, assets: {} });

    /** Where the watermark sits in the player: 'top-start' etc. (ltr). */
    function cornerOf(element: S72Player): string {
      const host = element.getBoundingClientRect();
      const mark = markOf(element)!.getBoundingClientRect();
      const vertical = mark.top + mark.height / 2 < host.top + host.height / 2 ? 'top' : 'bottom';
      const horizontal = mark.left + mark.width / 2 < host.left + host.width / 2 ? 'start' : 'end';
      return `${vertical}-${horizontal}`;
    }

    it('starts in the top start corner and moves clockwise every 15 minutes', async () => {
      const element = await player(tokenOnly(), { autoplay: false });
      await element.updateComplete;
      const seen = [cornerOf(element)];
      for (let step = 1; step <= 4; step++) {
        // jump: each timer due fires once (not 1800 checks), the clock moves on by 15 minutes.
        clock.jump(WATERMARK_CORNER_INTERVAL_MS - 1);
        await clock.tickAsync(0);
        expect(cornerOf(element), `not before 15 minutes (step ${step})`).to.equal(seen[seen.length - 1]);
        await clock.tickAsync(1);
        seen.push(cornerOf(element));
        expect(controllerOf(element).currentCorner).to.equal(seen[seen.length - 1]);
      }
      expect(seen).to.deep.equal(['top-start', 'top-end', 'bottom-end', 'bottom-start', 'top-start']);
      expect(codes(element), 'moving is not tampering').to.equal('');
    });

    it('looks every 0.5 s: a change without a DOM mutation is found at the next check', async () => {
      const element = await player(tokenOnly(), { autoplay: false });
      await element.updateComplete;
      await clock.tickAsync(WATERMARK_CHECK_INTERVAL_MS * 3);
      expect(codes(element)).to.equal('');
      const sheet = element.shadowRoot!.adoptedStyleSheets[0]!;
      const index = sheet.insertRule('.frame { display: block !important; opacity: 0.3 !important; }', sheet.cssRules.length);
      try {
        await clock.tickAsync(WATERMARK_CHECK_INTERVAL_MS - 1);
        await clock.tickAsync(1);
        expect(codes(element)).to.equal('watermark_tampered/style');
      } finally {
        sheet.deleteRule(index);
      }
    });

    it('a DOM change is found at once (MutationObserver), without waiting for the next check', async () => {
      const element = await player(tokenOnly(), { autoplay: false });
      await element.updateComplete;
      await clock.tickAsync(WATERMARK_CHECK_INTERVAL_MS);
      markOf(element)!.setAttribute('style', 'display: none');
      await Promise.resolve(); // the observer's microtask; the fake clock does not move
      expect(codes(element)).to.equal('watermark_tampered/attributes');
    });

    it('nodes added and removed elsewhere in the shadow root are checked once, at the next animation frame', async () => {
      const element = await player(tokenOnly(), { autoplay: false });
      await element.updateComplete;
      await clock.tickAsync(WATERMARK_CHECK_INTERVAL_MS);
      const box = markOf(element)!;
      const styleReads = sinon.spy(window, 'getComputedStyle');
      const snapshots = () => styleReads.getCalls().filter((call) => call.args[0] === box && call.args[1] === undefined).length;
      // 20 mutation batches (each its own observer callback), as Lit's renders make at start-up.
      for (let i = 0; i < 20; i++) {
        const node = element.shadowRoot!.appendChild(document.createElement('span'));
        await Promise.resolve();
        node.remove();
        await Promise.resolve();
      }
      expect(snapshots(), 'no check per batch').to.equal(0);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      expect(snapshots(), 'one check at the next frame').to.equal(1);
      expect(codes(element)).to.equal('');
    });

    // issue 23: the checks Lit's renders cause at start-up stay cheap.
    it('a check on a DOM change does not hit test (covering counts on the 0.5 s checks only); the 0.5 s check does', async () => {
      const element = await player(tokenOnly(), { autoplay: false });
      await element.updateComplete;
      await clock.tickAsync(WATERMARK_CHECK_INTERVAL_MS);
      const hits = [sinon.spy(Document.prototype, 'elementFromPoint'), sinon.spy(ShadowRoot.prototype, 'elementFromPoint')];
      const hitTests = () => hits.reduce((sum, spy) => sum + spy.callCount, 0);
      const box = markOf(element)!;
      const styleReads = sinon.spy(window, 'getComputedStyle');
      const snapshots = () => styleReads.getCalls().filter((call) => call.args[0] === box && call.args[1] === undefined).length;
      // (the spies are restored after each test)
      element.shadowRoot!.appendChild(document.createElement('span')).remove();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      expect(snapshots(), 'the check at the next frame ran').to.equal(1);
      expect(hitTests(), 'no hit test on that check').to.equal(0);
      await clock.tickAsync(WATERMARK_CHECK_INTERVAL_MS);
      expect(snapshots(), 'the periodic check ran').to.equal(2);
      expect(hitTests(), 'the periodic check hit tests').to.be.greaterThan(0);
      expect(codes(element)).to.equal('');
    });

    it('its own settings menu over its corner (bottom end) is not tampering', async () => {
      // Playback speed gives the settings menu an entry without media.
      const element = await player(tokenOnly(), { autoplay: false, config: { playbackRates: true } });
      await element.updateComplete;
      clock.jump(2 * WATERMARK_CORNER_INTERVAL_MS - 1); // bottom-end, where the settings menu opens
      await clock.tickAsync(1);
      expect(cornerOf(element)).to.equal('bottom-end');
      const bar = element.shadowRoot!.querySelector('s72-control-bar')!;
      const menu = bar.shadowRoot!.querySelector('s72-settings-menu')!;
      menu.shadowRoot!.querySelector<HTMLButtonElement>('[part="settings-button"]')!.click();
      await loadSettingsMenu(); // the menu's code is fetched on the first open
      await menu.updateComplete;
      await clock.tickAsync(WATERMARK_CHECK_INTERVAL_MS * 4);
      const panel = menu.shadowRoot!.querySelector('[part="settings-menu"]')!.getBoundingClientRect();
      const mark = markOf(element)!.getBoundingClientRect();
      const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(panel.width > 0 && overlaps(panel, mark), `the menu panel ${JSON.stringify(panel)} is where the watermark is ${JSON.stringify(mark)}`).to.equal(true);
      expect(codes(element)).to.equal('');
    });
  });

  // issue 23: the checks at start-up stay cheap while nothing of the film shows yet.
  it('while its source loads, nodes changing in the shadow root wait for the first picture; from it on they are checked at the next frame', async () => {
    // The film's bytes come 5 s late, so the source is still loading while the shadow root changes.
    await demoControl('latency', { path: MEDIA.mp4, ms: 5000 });
    try {
      // A query the browser has not cached yet, so the bytes come from the storefront.
      const content = mp4Content();
      const element = await player({ ...content, assets: { mp4: { url: `${demoUrl(MEDIA.mp4)}?start=${Date.now()}` } } }, { autoplay: false });
      await element.updateComplete;
      const box = markOf(element)!;
      const styleReads = sinon.spy(window, 'getComputedStyle');
      const snapshots = () => styleReads.getCalls().filter((call) => call.args[0] === box && call.args[1] === undefined).length;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      // 20 frames with a change each, as Lit's and a page's renders make while a source starts.
      for (let i = 0; i < 20; i++) {
        element.shadowRoot!.appendChild(document.createElement('span')).remove();
        await frame();
      }
      expect(videoOf(element).readyState, 'still loading (no picture)').to.be.lessThan(2);
      // Only the 0.5-s checks ran (the 20 frames took ~0.33 s here; up to 3 on a slow machine).
      expect(snapshots(), 'no check per frame before the first picture').to.be.at.most(3);
      await until(() => videoOf(element).readyState >= 2, 'the first picture', 30_000);
      await frame();
      await frame();
      const atPicture = snapshots();
      expect(atPicture, 'the first picture is checked').to.be.greaterThan(0);
      for (let i = 0; i < 5; i++) {
        element.shadowRoot!.appendChild(document.createElement('span')).remove();
        await frame();
        await frame();
      }
      expect(snapshots() - atPicture, 'then a check at the next frame after each change').to.be.at.least(5);
      expect(codes(element)).to.equal('');
    } finally {
      await demoControl('latency', { path: MEDIA.mp4, ms: 0 });
    }
  });

  it('plays a real streams answer without a false positive through resize, fullscreen, settings menu and end screen', async () => {
    const answer = (await fetch(demoUrl('/services/playback/streams/film/clear-skies'), {
      method: 'POST',
      headers: { 'x-auth-token': ADULT_TOKEN },
    }).then((response) => response.json())) as { play_token: string; streams: Array<{ url: string; encoding_type: string }> };
    const dash = answer.streams.find((stream) => stream.encoding_type === 'dash')!;
    const viewer = viewerIdFrom(answer.play_token);
    expect(viewer, 'the storefront names the viewer in the play token').to.be.a('string');
    const element = await playingPlayer({ slug: '/film/clear-skies', authorization: ADULT_TOKEN, playToken: answer.play_token, assets: { dash: { url: dash.url } } });
    expect(controllerOf(element).drawnViewerId).to.equal(viewer);
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 2);
    element.style.inlineSize = '360px';
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 2);
    element.style.inlineSize = '900px';
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 2);
    // Fullscreen through a real key press (F, a user gesture).
    const bar = element.shadowRoot!.querySelector('s72-control-bar')!;
    element.focus();
    await sendKeys({ press: 'f' });
    await until(() => document.fullscreenElement === element, 'fullscreen');
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 3);
    await document.exitFullscreen();
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 2);
    const menu = bar.shadowRoot!.querySelector('s72-settings-menu')!;
    menu.shadowRoot!.querySelector<HTMLButtonElement>('[part="settings-button"]')!.click();
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 2);
    // The end screen (over the whole player, so over the watermark's corner) near the end of the film.
    element.suggestions = [{ slug: '/film/next', title: 'Next', source: 'recommendation' }];
    const media = videoOf(element);
    media.currentTime = media.duration - 8;
    // The end screen's code is fetched on demand: it is in the player once it is about to show.
    await until(() => element.shadowRoot!.querySelector('s72-end-screen')?.hasAttribute('open') === true, 'end screen open');
    const end = element.shadowRoot!.querySelector('s72-end-screen')!;
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    expect(overlaps(end.getBoundingClientRect(), markOf(element)!.getBoundingClientRect()), 'the end screen is over the watermark').to.equal(true);
    await sleep(WATERMARK_CHECK_INTERVAL_MS * 3);
    expect(codes(element), 'no error of any kind').to.equal('');
    expect(videoOf(element).paused, 'still playing').to.equal(false);
    expect(element.engineName).to.not.equal(null);
    expect(element.lastError).to.equal(null);
  });
});
