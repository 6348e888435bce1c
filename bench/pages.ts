/**
 * The benchmark's candidates and the files the storefront serves for them (issue 12 "The
 * benchmark"). Every candidate plays the same 4-rendition ClearKey DASH title (the MP4 floor: the
 * same film as one progressive file), muted, with autoplay, from the demo storefront, same-origin,
 * so the storefront's per-request latency applies to each page, script, manifest, segment and
 * licence alike.
 *
 * The reference candidates: bare shaka (the compiled full build with its defaults), tuned shaka (the
 * same engine version run as issue 23's recipe says), dash.js, and progressive MP4 (the floor).
 *
 * {@link prepareSite} lays out, in a scratch folder, what the storefront is started with:
 *   - `public/` (served at `/`): the candidate pages under `/bench/`, the libraries under
 *     `/bench/lib/`, and the probe at `/bench-probe.js` (see probe.ts);
 *   - `dist/cdn/`: a snapshot of the element's CDN build (`npm run build`), so a concurrent rebuild
 *     cannot change it mid-run;
 *   - `shell/`: a snapshot of the built play page with one `<script src="/bench-probe.js">` added as
 *     the first script of its `<head>` (its CSP allows same-origin scripts only).
 *
 * The storefront's licence server gives keys only to the play token of a streams call, for that
 * title: {@link Site.writePages} makes one real streams call for the title before any run, and the
 * reference pages send its play token on their licence requests (the element gets it as
 * `content.playToken`), so the timed part is the same as before. The play page makes its own.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { probeScript, type ProbeConfig } from './probe.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));

export const MANIFEST = '/media/feature/dash-cenc/manifest.mpd';
export const LICENSE = '/services/license/clearkey';
export const TOKEN = 'demo-adult-token';
/** The title the pages play (its streams call gives their play token). */
export const SLUG = '/film/night-harbour';
export const MP4 = '/media/feature/mp4/feature.mp4';

/** shaka-player's default (full, compiled) build, as `<script>` users load it. */
const SHAKA_BUILD = join(REPO, 'node_modules/shaka-player/dist/shaka-player.compiled.js');
/** shaka-player's ES2021 DASH-only build (the same engine version): the tuned-shaka reference's. */
const SHAKA_DASH_ES2021_BUILD = join(REPO, 'node_modules/shaka-player/dist/shaka-player.dash-es2021.js');
/**
 * The tuned-shaka reference's ABR settings (issue 23's recipe): the first variant from a fixed
 * bandwidth estimate (headless Chromium's network estimate varies; 1.2 Mbit/s picks 720p of this
 * title) and no switch within the first 2 s, which would throw the first segment away.
 */
export const TUNED_ABR = { useNetworkInformation: false, defaultBandwidthEstimate: 1.2e6, minTimeToSwitch: 2 } as const;
/**
 * dash.js's default browser build (player with protection). dash.js 4: 5.0.3 to 5.2.1 cannot start
 * this title with a licence server (`generateRequest` rejects with a TypeError: 5.x sends ClearKey
 * init data as `keyids`, either `{"kids":[null]}`, the manifest's `cenc:default_KID` unread, or the
 * W3C PSSH box), while 4.7.4 plays it with the same calls.
 */
const DASHJS_BUILD = join(REPO, 'node_modules/dashjs/dist/dash.all.min.js');

/** Version of an installed package, for the report. */
export async function packageVersion(name: string): Promise<string> {
  const pkg = JSON.parse(await readFile(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export type CandidateKey = 'element' | 'play' | 'tuned' | 'shaka' | 'dashjs' | 'mp4';

export interface Candidate {
  key: CandidateKey;
  label: string;
  /** Document path on the storefront. */
  path: string;
  /** Hash appended after the query (the play page's route). */
  hash?: string;
}

/** The candidates, in table order. */
export const CANDIDATES: readonly Candidate[] = [
  { key: 'element', label: '`<s72-player>`', path: '/bench/element.html' },
  { key: 'play', label: 'play page', path: '/play/', hash: `#/film/night-harbour/night-harbour?u=${TOKEN}` },
  { key: 'tuned', label: 'tuned shaka', path: '/bench/tuned-shaka.html' },
  { key: 'shaka', label: 'bare shaka', path: '/bench/shaka.html' },
  { key: 'dashjs', label: 'dash.js', path: '/bench/dashjs.html' },
  { key: 'mp4', label: 'mp4 floor', path: '/bench/mp4.html' },
];

/** Document head shared by the bench pages: the probe first, then `extra` (if any), then a full-viewport player. */
function head(title: string, extra = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script src="/bench-probe.js"></script>${extra}
<style>html, body { margin: 0; height: 100%; background: #000 } video, s72-player { display: block; width: 100vw; height: 100vh }</style>
</head>`;
}

/**
 * `<s72-player>` from the CDN build: `content` (the manifest and the play token) and `config` (the
 * licence server) set on the tag before the element's code has loaded, as `src` and `license-url`
 * attributes were (an attribute has no play token).
 */
function elementPage(origin: string, playToken: string): string {
  const content = { slug: SLUG, playToken, assets: { dash: { url: `${origin}${MANIFEST}`, drms: ['clearkey'] } } };
  const config = { drm: { clearkey: { licenseUrl: `${origin}${LICENSE}` } } };
  return `${head('bench: s72-player')}
<body>
<script type="module" src="${origin}/dist/cdn/s72-player.js"></script>
<s72-player muted autoplay></s72-player>
<script>
  Object.assign(document.querySelector('s72-player'), { config: ${JSON.stringify(config)}, content: ${JSON.stringify(content)} });
</script>
</body></html>
`;
}

/** shaka-player with its defaults: attach, then load; only the licence server and its token set. */
function shakaPage(origin: string, playToken: string): string {
  return `${head('bench: bare shaka')}
<body>
<video muted autoplay playsinline></video>
<script src="${origin}/bench/lib/shaka-player.compiled.js"></script>
<script>
  shaka.polyfill.installAll();
  const player = new shaka.Player();
  player.configure({ drm: { servers: { 'org.w3.clearkey': '${origin}${LICENSE}' } } });
  player.getNetworkingEngine().registerRequestFilter((type, request) => {
    if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) request.headers['x-play-token'] = '${playToken}';
  });
  player.addEventListener('error', (event) => reportError(new Error('shaka ' + event.detail.code)));
  player.attach(document.querySelector('video')).then(() => player.load('${origin}${MANIFEST}'));
</script>
</body></html>
`;
}

/**
 * The same shaka 5.2 run well (issue 23's recipe), the reference the element is judged against:
 *   1. the ES2021 DASH build evaluated at the top level of a module (its compiled IIFE runs as it
 *      is, not inside a bundler's CommonJS wrapper function);
 *   2. {@link TUNED_ABR};
 *   3. `preload(url)` before `attach(video)`, then `load(preloadManager)`;
 *   4. `<link rel="preload" as="fetch" crossorigin>` for the manifest in the head (shaka's fetch of
 *      it, same-origin and credentials `same-origin`, takes the preloaded answer).
 * Licence server and token as on the bare-shaka page.
 */
function tunedShakaPage(origin: string, playToken: string): string {
  const preload = `\n<link rel="preload" href="${origin}${MANIFEST}" as="fetch" crossorigin>`;
  return `${head('bench: tuned shaka', preload)}
<body>
<video muted autoplay playsinline></video>
<script type="module">
  import '${origin}/bench/lib/shaka-player.dash-es2021.js';
  const { shaka } = window;
  shaka.polyfill.installAll();
  const player = new shaka.Player();
  player.configure({
    drm: { servers: { 'org.w3.clearkey': '${origin}${LICENSE}' } },
    abr: ${JSON.stringify(TUNED_ABR)},
  });
  player.getNetworkingEngine().registerRequestFilter((type, request) => {
    if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) request.headers['x-play-token'] = '${playToken}';
  });
  player.addEventListener('error', (event) => reportError(new Error('shaka ' + event.detail.code)));
  const preloading = player.preload('${origin}${MANIFEST}');
  preloading.catch(() => undefined);
  await player.attach(document.querySelector('video'));
  await player.load(await preloading);
</script>
</body></html>
`;
}

/** dash.js with its defaults: create, protection data for ClearKey, initialize with autoplay. */
function dashjsPage(origin: string, playToken: string): string {
  return `${head('bench: dash.js')}
<body>
<video muted autoplay playsinline></video>
<script src="${origin}/bench/lib/dash.all.min.js"></script>
<script>
  const player = dashjs.MediaPlayer().create();
  player.on(dashjs.MediaPlayer.events.ERROR, (event) => reportError(new Error('dash.js ' + JSON.stringify(event.error))));
  player.initialize(document.querySelector('video'), '${origin}${MANIFEST}', true);
  player.setProtectionData({
    'org.w3.clearkey': { serverURL: '${origin}${LICENSE}', httpRequestHeaders: { 'x-play-token': '${playToken}' } },
  });
</script>
</body></html>
`;
}

/** The floor: the browser's own progressive playback, no script. */
function mp4Page(origin: string): string {
  return `${head('bench: mp4 floor')}
<body>
<video muted autoplay playsinline src="${origin}${MP4}"></video>
</body></html>
`;
}

/** Relative `.js` files a built file refers to (`"./x.js"`, `"/play/assets/x.js"`), by base name. */
function referencedScripts(text: string): string[] {
  return [...text.matchAll(/["'](?:\.\/|\/play\/assets\/)([\w.-]+\.js)["']/g)].map((match) => match[1]!);
}

/** Copies a build folder (without source maps) and checks the scripts its `entry` names are there. */
async function snapshot(from: string, to: string, entry: string): Promise<void> {
  if (!existsSync(join(from, entry))) throw new Error(`${join(from, entry)} is missing: run \`npm run build\` first.`);
  await cp(from, to, { recursive: true, filter: (source) => !source.endsWith('.map') });
  const files = new Set(await readdir(to, { recursive: true }));
  const entryText = await readFile(join(to, entry), 'utf8');
  const missing = referencedScripts(entryText).filter((name) => ![...files].some((file) => file.endsWith(name)));
  if (missing.length > 0) throw new Error(`${from} is incomplete (a build in progress?): ${missing.join(', ')} missing. Rebuild and retry.`);
}

/** The play token of a real streams call for {@link SLUG} by the {@link TOKEN} viewer. */
async function streamsPlayToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/services/playback/streams${SLUG}`, { method: 'POST', headers: { 'x-auth-token': TOKEN } });
  if (!response.ok) throw new Error(`streams ${SLUG}: HTTP ${response.status} ${await response.text()}`);
  const { play_token: playToken } = (await response.json()) as { play_token?: unknown };
  if (typeof playToken !== 'string' || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(playToken)) throw new Error(`streams ${SLUG}: no play token`);
  return playToken;
}

export interface Site {
  /** Folders to start the storefront with (`createDemoServer({ paths })`). */
  paths: { public: string; dist: string; shell: string };
  /**
   * Writes the candidate pages once the storefront's origin is known, with the play token of one
   * streams call for {@link SLUG} made now (before any timed run).
   */
  writePages(origin: string): Promise<void>;
}

/** Lays out the served files in `root` (see the module comment). */
export async function prepareSite(root: string, probe: ProbeConfig): Promise<Site> {
  const paths = { public: join(root, 'public'), dist: join(root, 'dist'), shell: join(root, 'shell') };
  await snapshot(join(REPO, 'dist', 'cdn'), join(paths.dist, 'cdn'), 's72-player.js');
  await snapshot(join(REPO, 'dist-shell'), paths.shell, 'index.html');
  const index = await readFile(join(paths.shell, 'index.html'), 'utf8');
  const withProbe = index.replace(/<script\b/, '<script src="/bench-probe.js"></script>\n    <script');
  if (withProbe === index) throw new Error('dist-shell/index.html has no <script>: cannot add the probe.');
  await writeFile(join(paths.shell, 'index.html'), withProbe);

  await mkdir(join(paths.public, 'bench', 'lib'), { recursive: true });
  await cp(SHAKA_BUILD, join(paths.public, 'bench', 'lib', 'shaka-player.compiled.js'));
  await cp(SHAKA_DASH_ES2021_BUILD, join(paths.public, 'bench', 'lib', 'shaka-player.dash-es2021.js'));
  await cp(DASHJS_BUILD, join(paths.public, 'bench', 'lib', 'dash.all.min.js'));
  await writeFile(join(paths.public, 'bench-probe.js'), await probeScript(probe));

  return {
    paths,
    async writePages(origin: string): Promise<void> {
      const playToken = await streamsPlayToken(origin);
      const pages: Record<string, string> = {
        'element.html': elementPage(origin, playToken),
        'tuned-shaka.html': tunedShakaPage(origin, playToken),
        'shaka.html': shakaPage(origin, playToken),
        'dashjs.html': dashjsPage(origin, playToken),
        'mp4.html': mp4Page(origin),
      };
      for (const [name, html] of Object.entries(pages)) await writeFile(join(paths.public, 'bench', name), html);
    },
  };
}
