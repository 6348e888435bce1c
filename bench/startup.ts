/**
 * Start-up benchmark (DESIGN.md "Quality bars": the play page's time to first frame should be within
 * one request round-trip of the bare engine playing the same manifest).
 *
 * Measures, in headless Chromium against a local demo storefront, the time from navigation start
 * to the first rendered video frame (`requestVideoFrameCallback`) for:
 *   - bare shaka-player on a minimal page (the floor);
 *   - `<s72-player>` from the CDN build on a plain HTML page;
 *   - the hosted play page (full flow: metadata, availability, configuration, streams, licence).
 * All three play the same ClearKey-encrypted DASH manifest, muted.
 *
 * Usage: `npm run bench` (after `npm run build`); `BENCH_RUNS=15 npm run bench`.
 * No DevTools/inspector attached beyond Playwright's own connection; the play page runs as viewers see it.
 */
import { readFile } from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';
import { createDemoServer } from '../demo/server/app.js';
import { CHROME_FLAGS_AUTOPLAY, CHROME_PATH } from '../test/support/chromium.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);

const MANIFEST = '/media/feature/dash-cenc/manifest.mpd';
const LICENSE = '/services/license/clearkey';
const TOKEN = 'demo-adult-token';

/** A page script that reports the first frame's time relative to navigation start. */
const FIRST_FRAME_PROBE = `
  window.__firstFrame = new Promise((resolve) => {
    const watch = (video) => video.requestVideoFrameCallback(() => resolve(performance.now()));
    const find = () => {
      const hosts = [document, ...[...document.querySelectorAll('s72-player')].map((el) => el.shadowRoot).filter(Boolean)];
      for (const root of hosts) { const v = root.querySelector('video'); if (v) { watch(v); return; } }
      requestAnimationFrame(find);
    };
    find();
  });`;

function barePage(origin: string): string {
  return `<!doctype html><meta charset="utf-8"><video muted autoplay playsinline></video>
  <script src="${origin}/bench-assets/shaka.js"></script>
  <script>${FIRST_FRAME_PROBE}
    shaka.polyfill.installAll();
    const player = new shaka.Player();
    player.configure({ drm: { servers: { 'org.w3.clearkey': '${origin}${LICENSE}' } } });
    player.getNetworkingEngine().registerRequestFilter((type, request) => {
      if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) request.headers['x-auth-token'] = '${TOKEN}';
    });
    player.attach(document.querySelector('video')).then(() => player.load('${origin}${MANIFEST}'));
  </script>`;
}

function elementPage(origin: string): string {
  return `<!doctype html><meta charset="utf-8">
  <script>${FIRST_FRAME_PROBE}</script>
  <script type="module" src="${origin}/dist/cdn/s72-player.js"></script>
  <s72-player src="${origin}${MANIFEST}" license-url="${origin}${LICENSE}" key-system="clearkey"
    auth-token="${TOKEN}" muted autoplay></s72-player>`;
}

type Fulfil = { contentType: string; body: string };

/** Opens `url` in a fresh context (cold HTTP cache), with `routes` answered locally, and returns the first frame time. */
async function measure(browser: Browser, url: string, routes: Record<string, Fulfil> = {}): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    for (const [routeUrl, body] of Object.entries(routes)) await page.route(routeUrl, (route) => route.fulfill(body));
    if (Object.keys(routes).length === 0) await page.addInitScript(FIRST_FRAME_PROBE);
    await page.goto(url);
    return await page.evaluate(() => (window as unknown as { __firstFrame: Promise<number> }).__firstFrame);
  } finally {
    await context.close();
  }
}

function stats(samples: number[]): { median: number; p90: number; min: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p90: at(0.9), min: sorted[0]! };
}

async function main(): Promise<void> {
  const demo = await createDemoServer({ port: 0, control: false });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_FLAGS_AUTOPLAY] });
  // The bare page loads the same shaka build the element uses.
  const shakaSource = await readFile(new URL('../node_modules/shaka-player/dist/shaka-player.compiled-es2021.js', import.meta.url), 'utf8');
  const origin = demo.url;
  const html = (body: string): Fulfil => ({ contentType: 'text/html', body });
  const scenarios: Array<{ name: string; run: () => Promise<number> }> = [
    {
      name: 'bare shaka',
      run: () =>
        measure(browser, `${origin}/bench/bare.html`, {
          [`${origin}/bench/bare.html`]: html(barePage(origin)),
          [`${origin}/bench-assets/shaka.js`]: { contentType: 'text/javascript', body: shakaSource },
        }),
    },
    {
      name: '<s72-player> (CDN build)',
      run: () => measure(browser, `${origin}/bench/element.html`, { [`${origin}/bench/element.html`]: html(elementPage(origin)) }),
    },
    { name: 'play page (full flow)', run: () => measure(browser, `${origin}/play/#/film/night-harbour/night-harbour?u=${TOKEN}`) },
  ];
  try {
    console.log(`time to first frame, ms (${RUNS} runs each, after 1 warm-up)`);
    for (const scenario of scenarios) {
      await scenario.run(); // warm-up: OS file cache, server JIT
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await scenario.run());
      const { median, p90, min } = stats(samples);
      console.log(`${scenario.name.padEnd(28)} median ${median.toFixed(0).padStart(5)}  p90 ${p90.toFixed(0).padStart(5)}  min ${min.toFixed(0).padStart(5)}`);
    }
  } finally {
    await browser.close();
    await demo.close();
  }
}

await main();
