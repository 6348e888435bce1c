/**
 * Seek previews on the play page (issue 27 item 1): the film's thumbnail track (a DASH image
 * adaptation set of 160x90 tiles every 2 s) shows above the seek bar at the moment under the pointer.
 * At 5 hover positions (real mouse moves) the preview the viewer sees (a screenshot of it) is
 * compared with the film's own frame at the moment it stands for (drawn to a canvas from the film's
 * clear MP4, seeked there): it must match that frame better than the frames 4 s before and after
 * (the burnt-in timecode and the moving test pattern make them distinct). Touch: a real touch drag
 * along the bar (CDP touch events) shows the preview while dragging. Keyboard: real arrow presses
 * on the focused bar move the preview, and the announcer speaks the time. axe finds nothing with the
 * preview showing. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatViolations, runAxe } from './support/axe.js';
import { newPage } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';
import { openPlayPage } from './support/player-a11y.js';

type PlayerLike = HTMLElement & { paused: boolean; currentTime: number; duration: number; pause(): void };

const FILM = '#/film/night-harbour/night-harbour';
/** The film's clear progressive MP4 (demo/media/README.md). */
const FILM_MP4 = '/media/feature/mp4/feature.mp4';
/** Tile interval of the demo film's thumbnail track, seconds (demo/tools/make-media.ts). */
const TILE_S = 2;
/**
 * What is compared: the burnt-in timecode (bottom centre of the picture, as fractions of its width
 * and height), as COLS x ROWS grey levels. The colour bars around it are the same in every frame.
 */
const TIMECODE = { x: 0.3, y: 0.78, width: 0.4, height: 0.14 };
const COLS = 64;
const ROWS = 13;

async function openFilm(page: Page, demo: Demo): Promise<void> {
  await openPlayPage(page, demo.playUrl(`${FILM}?u=${TOKENS.adult}`));
  // A still picture: the hover positions and the frames compared do not race playback.
  await page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).pause());
}

/** The preview's tile start (seconds) once it shows one different from `previous`. */
async function previewStart(page: Page, previous: number | null = null): Promise<number> {
  const handle = await page.waitForFunction(
    (prev) => {
      const el = document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-control-bar')?.shadowRoot
        ?.querySelector('s72-seek-bar')?.shadowRoot?.querySelector('s72-seek-preview')?.shadowRoot?.querySelector<HTMLElement>('[part="seek-preview"]');
      const start = el ? Number(el.dataset['start']) : NaN;
      return Number.isFinite(start) && start !== prev && el!.getBoundingClientRect().width > 0 ? start : null;
    },
    previous,
    { timeout: 15_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Once the preview has caught up with the tooltip (it follows the pointer): the tile start and the
 * tooltip's time (`m:ss`), seconds. The tile must cover the time shown (within the tooltip's rounding).
 */
async function settledPreview(page: Page): Promise<{ start: number; shown: number }> {
  const handle = await page.waitForFunction(
    (tileS) => {
      const bar = document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-control-bar')?.shadowRoot?.querySelector('s72-seek-bar')?.shadowRoot;
      const el = bar?.querySelector('s72-seek-preview')?.shadowRoot?.querySelector<HTMLElement>('[part="seek-preview"]');
      // The tooltip's time, `m:ss`, after the chapter's title when there is one.
      const text = bar?.querySelector('[part="seek-tooltip"]')?.textContent?.trim() ?? '';
      const time = /(\d+):(\d{2})$/.exec(text);
      const shown = time ? Number(time[1]) * 60 + Number(time[2]) : NaN;
      const start = el ? Number(el.dataset['start']) : NaN;
      return el && el.getBoundingClientRect().width > 0 && start <= shown && shown < start + tileS + 1 ? { start, shown } : null;
    },
    TILE_S,
    { timeout: 15_000, polling: 50 },
  );
  return (await handle.jsonValue()) as { start: number; shown: number };
}

const previewLocator = (page: Page) => page.locator('s72-player').locator('[part="seek-preview"]');

const seekInput = (page: Page) => page.locator('s72-player').locator('[part="seek-input"]');

/** Standard deviation of a grid's grey levels: about 0 for an empty (one-colour) box. */
function spread(grid: readonly number[]): number {
  const mean = grid.reduce((sum, v) => sum + v, 0) / grid.length;
  return Math.sqrt(grid.reduce((sum, v) => sum + (v - mean) ** 2, 0) / grid.length);
}

/**
 * The preview's timecode area as the viewer sees it once the picture is there and settled: two
 * shots in a row alike, and not an empty box (a busy machine can paint the box before the sheet's
 * image), within 5 s; else the last shot, for the comparison to fail on.
 */
async function settledGrid(page: Page): Promise<number[]> {
  let shot = await previewLocator(page).screenshot();
  let grid = await pngGrid(page, shot.toString('base64'), 2);
  for (let tries = 0; tries < 25; tries++) {
    await page.waitForTimeout(200);
    const next = await previewLocator(page).screenshot();
    const settled = next.equals(shot);
    shot = next;
    grid = await pngGrid(page, shot.toString('base64'), 2);
    if (settled && spread(grid) > 8) return grid;
  }
  return grid;
}

/** A PNG (base64) as a COLS x ROWS grid of grey levels, its `inset` CSS px border cut off. */
function pngGrid(page: Page, base64: string, inset: number): Promise<number[]> {
  return page.evaluate(
    async ({ base64, inset, cols, rows, crop }) => {
      // Not fetch(data:): the play page's connect-src does not allow it.
      const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const bitmap = await createImageBitmap(blob);
      const scale = devicePixelRatio;
      const canvas = new OffscreenCanvas(cols, rows);
      const ctx = canvas.getContext('2d')!;
      const [x, y, w, h] = [inset * scale, inset * scale, bitmap.width - 2 * inset * scale, bitmap.height - 2 * inset * scale];
      ctx.drawImage(bitmap, x + w * crop.x, y + h * crop.y, w * crop.width, h * crop.height, 0, 0, cols, rows);
      const data = ctx.getImageData(0, 0, cols, rows).data;
      const grid: number[] = [];
      for (let i = 0; i < data.length; i += 4) grid.push(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!);
      return grid;
    },
    { base64, inset, cols: COLS, rows: ROWS, crop: TIMECODE },
  );
}

/**
 * The film's frame at `time`, as a grey-level grid: from its clear progressive MP4 (the same
 * picture as every rendition), decoded by a `<video>` of the page. Not the player's own video: the
 * play page plays the DRM (CENC) rendition, whose decrypted frames a page cannot read back.
 *
 * The frame is drawn once the video has presented it (`requestVideoFrameCallback` with that media
 * time), not at `seeked` alone: on a busy machine a draw right after `seeked` can still give the
 * frame of the seek before (a CI run compared the tile at 54 s with the frame at 46 s that way).
 * So the video is in the page (rendered, nearly transparent, behind everything), where frames are
 * presented and the callback runs.
 */
function frameGrid(page: Page, time: number): Promise<number[]> {
  return page.evaluate(
    async ({ time, cols, rows, src, crop }) => {
      const holder = window as unknown as { __filmFrames?: HTMLVideoElement };
      let video = holder.__filmFrames;
      if (!video) {
        video = holder.__filmFrames = document.createElement('video');
        video.muted = true;
        video.preload = 'auto';
        video.style.cssText = 'position: fixed; left: 0; top: 0; width: 160px; height: 90px; opacity: 0.01; pointer-events: none; z-index: -1';
        video.src = src;
        document.body.append(video);
        await new Promise((resolve) => video!.addEventListener('loadeddata', resolve, { once: true }));
      }
      const v = video;
      // Each presented frame's media time until it is within a frame of `time` (10 s at most).
      // No named inner functions: the test's compiler would wrap them in a helper the page lacks.
      const seeked = new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
      v.currentTime = time;
      const deadline = performance.now() + 10_000;
      let last = NaN;
      while (!(Math.abs(last - time) < 0.05)) {
        if (performance.now() > deadline) throw new Error(`the film's frame at ${time} s was never presented (last: ${last} s)`);
        last = await Promise.race([
          new Promise<number>((resolve) => v.requestVideoFrameCallback((_now, frame) => resolve(frame.mediaTime))),
          new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 1_000)),
        ]);
      }
      await seeked;
      const canvas = new OffscreenCanvas(cols, rows);
      const ctx = canvas.getContext('2d')!;
      // First at the tile's size, as the thumbnail was made (one big downscale would alias).
      const [w, h] = [160, 90];
      const tile = new OffscreenCanvas(w, h);
      const tileCtx = tile.getContext('2d')!;
      tileCtx.imageSmoothingQuality = 'high';
      tileCtx.drawImage(v, 0, 0, w, h);
      ctx.drawImage(tile, w * crop.x, h * crop.y, w * crop.width, h * crop.height, 0, 0, cols, rows);
      const data = ctx.getImageData(0, 0, cols, rows).data;
      const grid: number[] = [];
      for (let i = 0; i < data.length; i += 4) grid.push(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!);
      return grid;
    },
    { time, cols: COLS, rows: ROWS, src: FILM_MP4, crop: TIMECODE },
  );
}

/** Root-mean-square grey-level difference of the two grids, each taken from its own mean (0..255). */
function distance(a: readonly number[], b: readonly number[]): number {
  const mean = (g: readonly number[]) => g.reduce((sum, v) => sum + v, 0) / g.length;
  const [ma, mb] = [mean(a), mean(b)];
  return Math.sqrt(a.reduce((sum, value, i) => sum + (value - ma - (b[i]! - mb)) ** 2, 0) / a.length);
}

/** The deep focused element's part attribute. */
function focusedPart(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    let element: Element | null = document.activeElement;
    let deepest: Element | null = null;
    while (element) {
      deepest = element;
      element = element.shadowRoot?.activeElement ?? null;
    }
    return deepest?.getAttribute('part') ?? null;
  });
}

describe('seek previews on the play page (issue 27 item 1)', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('at 5 hover positions the preview is the film frame of that moment (not the ones 4 s away); axe 0 with it showing', { timeout: 300_000 }, async () => {
    const { context, page, log } = await newPage(browser);
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      const thumbnailRequests: string[] = [];
      page.on('request', (request) => {
        // The film's media path, or a play session's (`/media/s/<session>/feature/…`: forensic marking).
        if (/\/media\/(?:s\/[^/]+\/)?feature\/thumbnails\//.test(new URL(request.url()).pathname)) thumbnailRequests.push(request.url());
      });
      await openFilm(page, demo);
      await page.waitForFunction(() => (document.querySelector('s72-player') as PlayerLike).shadowRoot!.querySelector('video')!.readyState >= 2);
      assert.deepEqual(thumbnailRequests, [], 'no thumbnail image is fetched before a preview is needed');
      const box = (await seekInput(page).boundingBox())!;
      const shots: { start: number; grid: number[] }[] = [];
      let previous: number | null = null;
      for (const fraction of [0.08, 0.27, 0.5, 0.71, 0.93]) {
        await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2, { steps: 4 });
        const { start } = await settledPreview(page);
        assert.notEqual(start, previous, 'a new tile');
        previous = start;
        if (shots.length === 2) {
          const report = await runAxe(page);
          assert.equal(report.violations.length, 0, formatViolations(report.violations));
          await page.screenshot({ path: '/tmp/shots/thumbs/e2e-desktop.png' }).catch(() => undefined);
        }
        shots.push({ start, grid: await settledGrid(page) });
      }
      assert.equal(new Set(shots.map((shot) => shot.start)).size, 5, 'five different tiles');
      assert.ok(thumbnailRequests.length >= 1 && thumbnailRequests.length <= 3, `each sprite sheet fetched at most once: ${thumbnailRequests.join(', ')}`);
      for (const { start, grid } of shots) {
        const own = distance(grid, await frameGrid(page, start + 0.01));
        const before = distance(grid, await frameGrid(page, Math.max(0, start - 4) + 0.01));
        const after = distance(grid, await frameGrid(page, Math.min(58, start + 4) + 0.01));
        const others = [start >= 4 ? before : Infinity, start <= 54 ? after : Infinity];
        console.log(`tile ${start} s: distance to its frame ${own.toFixed(1)}, to -4 s ${before.toFixed(1)}, to +4 s ${after.toFixed(1)}`);
        assert.ok(own < 40, `the preview at ${start} s looks like the frame at ${start} s (distance ${own.toFixed(1)})`);
        for (const other of others) assert.ok(own < other, `the preview at ${start} s is closer to its own frame (${own.toFixed(1)}) than to one 4 s away (${other.toFixed(1)})`);
      }
      assert.deepEqual(log.cspViolations, []);
    } finally {
      await context.close();
    }
  });

  it('keyboard: real arrow presses on the focused seek bar move the preview 10 s and the time is spoken', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await openFilm(page, demo);
      await page.evaluate(() => ((document.querySelector('s72-player') as PlayerLike).currentTime = 20));
      await page.waitForFunction(() => Math.abs((document.querySelector('s72-player') as PlayerLike).currentTime - 20) < 0.5);
      for (let i = 0; i < 40 && (await focusedPart(page)) !== 'seek-input'; i++) await page.keyboard.press('Tab');
      assert.equal(await focusedPart(page), 'seek-input', 'Tab reaches the seek bar');
      await page.keyboard.press('ArrowRight');
      assert.equal(await previewStart(page), 30, 'ArrowRight: the preview of 0:30');
      await page.keyboard.press('ArrowRight');
      assert.equal(await previewStart(page, 30), 40, 'ArrowRight again: the preview of 0:40');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await previewStart(page, 40), 30, 'ArrowLeft: back to 0:30');
      // The announcer (the player's polite live region) says where the seek went.
      await page.waitForFunction(
        () => document.querySelector('s72-player')?.shadowRoot?.querySelector('s72-announcer')?.shadowRoot?.textContent?.includes('30 seconds') ?? false,
        undefined,
        { timeout: 10_000, polling: 100 },
      );
      await page.screenshot({ path: '/tmp/shots/thumbs/e2e-keyboard.png' }).catch(() => undefined);
    } finally {
      await context.close();
    }
  });

  it('touch: a real touch drag along the seek bar shows the preview of the dragged moment (phone viewport)', { timeout: 300_000 }, async () => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await openFilm(page, demo);
      // A tap shows the controls.
      const player = (await page.locator('s72-player').boundingBox())!;
      await page.touchscreen.tap(player.x + player.width / 2, player.y + player.height / 3);
      await seekInput(page).waitFor({ state: 'visible' });
      const box = (await seekInput(page).boundingBox())!;
      const y = box.y + box.height / 2;
      const cdp = await context.newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
      const thumbX = box.x + (box.width * (await page.evaluate(() => (document.querySelector('s72-player') as PlayerLike).currentTime / 60)));
      await touch('touchStart', thumbX);
      const target = box.x + box.width * 0.75;
      for (let step = 1; step <= 8; step++) await touch('touchMove', thumbX + ((target - thumbX) * step) / 8);
      // The preview follows the drag: the tile of where it stopped, covering the tooltip's time.
      const { start, shown } = await settledPreview(page);
      assert.ok(start >= 40 && start <= 48, `dragging to 3/4 of the bar shows a preview near 0:45 (tile at ${start} s, tooltip ${shown} s)`);
      // The preview stays within the bar (it is wider than the tooltip).
      const preview = (await previewLocator(page).boundingBox())!;
      assert.ok(preview.x >= box.x - 1 && preview.x + preview.width <= box.x + box.width + 1, 'the preview is within the seek bar');
      await page.screenshot({ path: '/tmp/shots/thumbs/e2e-phone.png' }).catch(() => undefined);
      await touch('touchEnd', target);
    } finally {
      await context.close();
    }
  });
});
