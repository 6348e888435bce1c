/**
 * The README's screenshots of the cast panel and each cast error screen (issue 13), taken in the
 * system Chromium from a real `<s72-player>` on the demo MP4 with the fake Cast framework of
 * test/helpers/fake-cast.ts (there is no Cast device here): `npm run screenshots:cast`. The player
 * and the fake are bundled with esbuild into one module for a page of the demo storefront; every
 * state is reached as in the tests (the cast button clicked, the fake receiver answering). Writes
 * docs/screenshots/cast-*.png.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { createDemoServer } from '../demo/server/app.js';
import { CHROME_FLAGS, CHROME_PATH } from '../test/support/chromium.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = new URL('../docs/screenshots/', import.meta.url);
const VIEWPORT = { width: 960, height: 540 };

/** The page's module: the player, the fake framework, and a hook for this script. */
const ENTRY = `
import './src-element/s72-player.ts';
import { FakeCast } from './test/helpers/fake-cast.ts';
const fake = new FakeCast();
const player = document.createElement('s72-player');
player.muted = true;
player.castSdkLoader = fake.loader;
player.poster = '/media/feature/poster.jpg';
player.config = { cast: { enabled: true }, title: 'Night Harbour' };
player.content = { slug: '/film/night-harbour', title: 'Night Harbour', assets: { mp4: { url: '/media/feature/mp4/feature.mp4' } } };
player.style.cssText = 'display:block;inline-size:100%;';
document.body.replaceChildren(player);
window.__cast = { fake, player };
`;

const bundle = await build({
  stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'ts', sourcefile: 'cast-screenshots-entry.ts' },
  bundle: true,
  format: 'esm',
  write: false,
  tsconfig: `${ROOT}tsconfig.json`,
  logLevel: 'warning',
});
const code = bundle.outputFiles[0]!.text;

mkdirSync(OUT, { recursive: true });
const demo = await createDemoServer({ port: 0, logger: false, control: {} });
const base = demo.url.replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_FLAGS] });

type Hook = { fake: import('../test/helpers/fake-cast.js').FakeCast; player: HTMLElement & { store: { getState(): { cast: { connectionStatus: string; appState: string | null } } } } };

async function open(): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${base}/signin.html`);
  await page.evaluate(() => {
    document.head.innerHTML = '<style>html,body{margin:0;background:#000}</style>';
  });
  await page.addScriptTag({ content: code, type: 'module' });
  await page.waitForFunction(() => Boolean((window as unknown as { __cast?: Hook }).__cast?.player.shadowRoot?.querySelector('video')?.readyState));
  return page;
}

/** Clicks the cast button (the fake picker chooses its receiver) and waits for the receiver to play. */
async function cast(page: Page): Promise<void> {
  await page.locator('s72-player [part~="cast-button"]').click();
  await page.waitForFunction(() => (window as unknown as { __cast: Hook }).__cast.player.store.getState().cast.appState !== 'INITIALIZING', null, { timeout: 10_000 });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(600); // the panel's 200-ms fade and its transition
  await page.locator('s72-player').screenshot({ path: new URL(`${name}.png`, OUT).pathname });
  console.log(`docs/screenshots/${name}.png`);
}

try {
  let page = await open();
  await page.evaluate(() => {
    (window as unknown as { __cast: Hook }).__cast.fake.pick = 'wait';
  });
  await page.locator('s72-player [part~="cast-button"]').click();
  await shot(page, 'cast-choose-device');
  await page.close();

  page = await open();
  await cast(page);
  await page.locator('s72-player [part~="cast-controls"]').waitFor();
  await shot(page, 'cast-panel');
  await page.close();

  for (const screen of ['too-many-devices', 'output-restricted', 'unsupported-chromecast-device', 'unknown-error']) {
    page = await open();
    await page.evaluate((name) => {
      (window as unknown as { __cast: Hook }).__cast.fake.receiver.errorOnLoad = name;
    }, screen);
    await cast(page);
    await page.locator(`s72-player [part~="cast-error"][data-screen="${screen}"]`).waitFor();
    await shot(page, `cast-error-${screen}`);
    await page.close();
  }

  page = await open();
  await cast(page);
  await page.evaluate(() => (window as unknown as { __cast: Hook }).__cast.fake.dropSession());
  await page.locator('s72-player [part~="cast-error"][data-screen="connection-lost"]').waitFor();
  await shot(page, 'cast-connection-lost');
  await page.close();
} finally {
  await browser.close();
  await demo.close();
}
