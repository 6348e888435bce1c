/**
 * Default subtitles stay legible over a bright picture (issue 22 item 10): on /demo/element.html, the
 * demo title's English cue in the default style (white text, no background) is drawn over a white
 * frame (the player's background made white and its video hidden: the brightest picture there is).
 * The test reads the pixels of a real screenshot of the cue: white text with a black outline puts a
 * dark edge round every glyph, so a good share of the cue's box is near black; a soft glow fades to
 * grey over white and leaves almost none. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

type PlayerLike = HTMLElement & { currentTime: number; pause(): void; tracks: { text: { id: string; language: string }[] }; selectTextTrack(id: string): void };

/** Shares of the pixels of a PNG that are near black (luminance < 0.2) and near white (> 0.85), read in the page's canvas. */
function pixelShares(page: Page, png: Buffer): Promise<{ dark: number; light: number }> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    let light = 0;
    for (let i = 0; i < data.length; i += 4) {
      const luminance = (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) / 255;
      if (luminance < 0.2) dark++;
      else if (luminance > 0.85) light++;
    }
    const total = data.length / 4;
    return { dark: dark / total, light: light / total };
  }, png.toString('base64'));
}

describe('subtitles: the default style over a white picture', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  it('white cue text has a dark edge round its glyphs (a real screenshot of the cue)', { timeout: 90_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${demo.url}/demo/element.html`);
      // The brightest frame: a white player with its picture hidden (the cues are drawn over it).
      await page.addStyleTag({ content: 's72-player { --s72-background: #fff; background: #fff !important; } s72-player::part(video) { visibility: hidden; }' });
      await page.waitForFunction(() => ((document.querySelector('s72-player') as PlayerLike).tracks?.text.length ?? 0) > 0, null, { timeout: 30_000 });
      await page.evaluate(() => {
        const player = document.querySelector('s72-player') as PlayerLike;
        player.selectTextTrack(player.tracks.text.find((track) => track.language === 'en')!.id);
        player.pause();
        player.currentTime = 1.5; // the first cue: 0.5 s to 3.5 s
      });
      const cueText = () => {
        const overlay = document.querySelector('s72-player')!.shadowRoot!.querySelector('s72-subtitle-overlay')!;
        return Array.from(overlay.shadowRoot!.querySelectorAll('.shaka-text-container span')).find((span) => (span.textContent ?? '').includes('Welcome'));
      };
      await page.waitForFunction(cueText, null, { timeout: 20_000 });
      await page.waitForTimeout(300);
      const box = await page.evaluate(() => {
        const overlay = document.querySelector('s72-player')!.shadowRoot!.querySelector('s72-subtitle-overlay')!;
        const span = Array.from(overlay.shadowRoot!.querySelectorAll('.shaka-text-container span')).find((s) => (s.textContent ?? '').includes('Welcome'))!;
        const rect = span.getBoundingClientRect();
        const style = getComputedStyle(span);
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: style.color, background: style.backgroundColor };
      });
      assert.equal(box.color, 'rgb(255, 255, 255)', 'the default style: white text');
      assert.equal(box.background, 'rgba(0, 0, 0, 0)', 'the default style: no background');
      const png = await page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: box.height } });
      const { dark, light } = await pixelShares(page, png);
      assert.ok(light > 0.5, `mostly the white frame and the white text (${(light * 100).toFixed(1)} % near white)`);
      assert.ok(dark >= 0.08, `a dark edge round the glyphs: ${(dark * 100).toFixed(1)} % of the cue box near black (want >= 8 %)`);
    } finally {
      await page.close();
    }
  });
});
