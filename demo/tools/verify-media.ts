// Verifies the generated demo media (run: `node --import tsx demo/tools/verify-media.ts`, after `npm run media`).
//
// 1. File-level checks in Node: layout, CENC boxes in every fragment (senc/saiz/saio, encv/enca + tenc,
//    W3C common pssh) and a full decrypt round trip of every encrypted segment against the clear one,
//    faststart MP4, images, subtitles, 2 s keyframe cadence.
// 2. Playback checks in real Chromium (/usr/bin/chromium via playwright-core) with shaka-player's full
//    build, served by a tiny static HTTP server (byte ranges) on 127.0.0.1: clear DASH, CENC DASH with
//    inline ClearKey at 360p and 1080p, CENC DASH with a wrong key (must fail), CENC DASH through a
//    ClearKey licence endpoint (like the storefront's), HLS and progressive MP4.
// Prints one PASS/FAIL line per check and exits non-zero if any check fails.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { CHROME_FLAGS_AUTOPLAY, CHROME_PATH } from '../../test/support/chromium.mjs';
import {
  COMMON_SYSTEM_ID,
  IV_SIZE,
  clearSegmentSamples,
  decryptSegmentSamples,
  find,
  findAll,
  parseBoxes,
  readInitTracks,
} from './cenc/index.js';

const KID_HEX = '733732706c617965722d6b6964303031';
const KEY_HEX = '733732706c617965722d6b6579303031';
const WRONG_KEY_HEX = '00112233445566778899aabbccddeeff';
const LICENSE_TOKEN = 'demo-adult-token';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MEDIA = join(ROOT, 'demo/media');
const FEATURE = join(MEDIA, 'feature');
const SHAKA_DIST = join(ROOT, 'node_modules/shaka-player/dist');
const CHROMIUM = CHROME_PATH;
const CHROME_FLAGS = [...CHROME_FLAGS_AUTOPLAY];
const VIDEO_IDS = ['video-360p', 'video-720p', 'video-1080p'];
const TRACK_IDS = [...VIDEO_IDS, 'audio-en', 'audio-fr'];

// ---------------------------------------------------------------------------------------------
// Reporting

let failures = 0;
let passes = 0;

function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passes++;
  else failures++;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  — ${detail}` : ''}`);
}

function guard(name: string, fn: () => string): void {
  try {
    check(name, true, fn());
  } catch (err) {
    check(name, false, err instanceof Error ? err.message : String(err));
  }
}

// ---------------------------------------------------------------------------------------------
// File-level checks

function segmentsOf(dir: string): string[] {
  return readdirSync(dir).filter((f) => /^seg-\d+\.m4s$/.test(f)).sort();
}

function jpegSize(path: string): { width: number; height: number } {
  const d = readFileSync(path);
  let p = 2;
  while (p < d.length) {
    if (d[p] !== 0xff) throw new Error(`${path}: bad JPEG marker`);
    const marker = d[p + 1]!;
    const len = d.readUInt16BE(p + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: d.readUInt16BE(p + 5), width: d.readUInt16BE(p + 7) };
    p += 2 + len;
  }
  throw new Error(`${path}: no SOF marker`);
}

function fileChecks(): void {
  const required = [
    'dash/manifest.mpd',
    'dash-cenc/manifest.mpd',
    'hls/master.m3u8',
    'mp4/feature.mp4',
    'subs/en.vtt',
    'subs/ar.vtt',
    'chapters/en.vtt',
    'chapters/ar.vtt',
    'poster.jpg',
    'thumb.jpg',
    'hls/thumbnails.m3u8',
    'thumbnails/storyboard.vtt',
    ...[1, 2, 3].map((n) => `thumbnails/tile-${n}.jpg`),
    ...TRACK_IDS.flatMap((t) => [`dash/${t}/init.m4s`, `dash-cenc/${t}/init.m4s`]),
  ];
  const missing = required.filter((f) => !existsSync(join(FEATURE, f)));
  check('layout: manifests, init segments, subtitles, images present', missing.length === 0, missing.length ? `missing ${missing.join(', ')}` : `${required.length} files`);
  if (missing.length) return;

  const total = walk(MEDIA).reduce((n, f) => n + statSync(f).size, 0);
  // 15 MiB + 5 MiB for the forensic B variants of the CENC video (make-media.ts SIZE_BUDGET_BYTES).
  check('size: demo/media/ under 20 MiB', total <= 20 * 1024 * 1024, `${(total / 1024 / 1024).toFixed(2)} MiB`);

  const key = Buffer.from(KEY_HEX, 'hex');
  for (const id of TRACK_IDS) {
    guard(`cenc: ${id} init has protected sample entry, tenc KID and common pssh`, () => {
      const boxes = parseBoxes(readFileSync(join(FEATURE, 'dash-cenc', id, 'init.m4s')));
      const entry = find(boxes, 'moov/trak/mdia/minf/stbl/stsd')?.children?.[0];
      const expected = id.startsWith('video') ? 'encv' : 'enca';
      if (entry?.type !== expected) throw new Error(`sample entry ${entry?.type}, expected ${expected}`);
      const frma = find(entry.children ?? [], 'sinf/frma')?.data.toString('latin1');
      const schm = find(entry.children ?? [], 'sinf/schm')?.data;
      const tenc = find(entry.children ?? [], 'sinf/schi/tenc')?.data;
      if (!schm || schm.toString('latin1', 4, 8) !== 'cenc' || schm.readUInt32BE(8) !== 0x10000) throw new Error('schm is not cenc 1.0');
      if (!tenc || tenc[6] !== 1 || tenc[7] !== IV_SIZE || tenc.subarray(8, 24).toString('hex') !== KID_HEX) throw new Error('bad tenc');
      const pssh = findAll(boxes, 'moov/pssh').map((b) => b.data);
      const common = pssh.find((p) => p.subarray(4, 20).toString('hex') === COMMON_SYSTEM_ID);
      if (!common || common[0] !== 1 || common.readUInt32BE(20) !== 1 || common.subarray(24, 40).toString('hex') !== KID_HEX) {
        throw new Error('no v1 common pssh listing the KID');
      }
      return `${entry.type} (frma ${frma}), tenc KID ${KID_HEX}, pssh v1 ${COMMON_SYSTEM_ID}`;
    });
    guard(`cenc: ${id} every segment has senc/saiz/saio and decrypts to the clear samples`, () => {
      const clearInit = readFileSync(join(FEATURE, 'dash', id, 'init.m4s'));
      const track = readInitTracks(parseBoxes(clearInit))[0]!;
      const segs = segmentsOf(join(FEATURE, 'dash', id));
      const encSegs = segmentsOf(join(FEATURE, 'dash-cenc', id));
      if (segs.join() !== encSegs.join()) throw new Error('clear and encrypted segment lists differ');
      let samples = 0;
      let encryptedBytes = 0;
      const ivs = new Set<string>();
      for (const s of segs) {
        const clear = clearSegmentSamples(readFileSync(join(FEATURE, 'dash', id, s)), track);
        const encData = readFileSync(join(FEATURE, 'dash-cenc', id, s));
        const raw = clearSegmentSamples(encData, track);
        const dec = decryptSegmentSamples(encData, track, key, IV_SIZE);
        if (clear.length !== dec.length) throw new Error(`${s}: ${dec.length} samples, expected ${clear.length}`);
        clear.forEach((c, k) => {
          if (!c.equals(dec[k]!)) throw new Error(`${s}: sample ${k} does not decrypt to the clear sample`);
          for (let b = 0; b < c.length; b++) if (c[b] !== raw[k]![b]) encryptedBytes++;
        });
        for (const traf of findAll(parseBoxes(encData), 'moof/traf')) {
          const senc = traf.children!.find((b) => b.type === 'senc')!;
          const n = senc.data.readUInt32BE(4);
          const stride = (senc.data.readUInt32BE(0) & 2) === 0 ? IV_SIZE : -1;
          if (stride > 0) for (let k = 0; k < n; k++) ivs.add(senc.data.toString('hex', 8 + k * stride, 8 + (k + 1) * stride));
        }
        samples += clear.length;
      }
      if (encryptedBytes === 0) throw new Error('nothing is actually encrypted');
      return `${segs.length} segments, ${samples} samples, ${encryptedBytes} bytes differ from clear${ivs.size ? `, ${ivs.size} unique IVs` : ''}`;
    });
  }

  guard('mp4: feature.mp4 is faststart (moov before mdat), H.264 + AAC', () => {
    const boxes = parseBoxes(readFileSync(join(FEATURE, 'mp4/feature.mp4')));
    const order = boxes.map((b) => b.type);
    if (order.indexOf('moov') < 0 || order.indexOf('moov') > order.indexOf('mdat')) throw new Error(`top-level order ${order.join(',')}`);
    const entries = findAll(boxes, 'moov/trak/mdia/minf/stbl/stsd').map((s) => s.children?.[0]?.type);
    if (entries.join() !== 'avc1,mp4a') throw new Error(`sample entries ${entries.join()}`);
    return order.join(' ');
  });
  guard('images: poster.jpg 1280x720, thumb.jpg 320x180', () => {
    const p = jpegSize(join(FEATURE, 'poster.jpg'));
    const t = jpegSize(join(FEATURE, 'thumb.jpg'));
    if (p.width !== 1280 || p.height !== 720 || t.width !== 320 || t.height !== 180) throw new Error(`poster ${p.width}x${p.height}, thumb ${t.width}x${t.height}`);
    return `${statSync(join(FEATURE, 'poster.jpg')).size} + ${statSync(join(FEATURE, 'thumb.jpg')).size} bytes`;
  });
  // issue 27 item 1
  guard('thumbnails: 3 sprite sheets of 5x2 160x90 tiles, listed in DASH (clear, CENC), HLS and the storyboard', () => {
    for (const n of [1, 2, 3]) {
      const size = jpegSize(join(FEATURE, `thumbnails/tile-${n}.jpg`));
      if (size.width !== 800 || size.height !== 180) throw new Error(`tile-${n}.jpg is ${size.width}x${size.height}`);
    }
    for (const mpd of ['dash/manifest.mpd', 'dash-cenc/manifest.mpd']) {
      const xml = readFileSync(join(FEATURE, mpd), 'utf8');
      if (!/<AdaptationSet [^>]*contentType="image"[\s\S]*?thumbnail_tile" value="5x2"/.test(xml)) throw new Error(`${mpd}: no image AdaptationSet`);
    }
    if (!readFileSync(join(FEATURE, 'hls/master.m3u8'), 'utf8').includes('#EXT-X-IMAGE-STREAM-INF:')) throw new Error('master.m3u8: no EXT-X-IMAGE-STREAM-INF');
    const cues = (readFileSync(join(FEATURE, 'thumbnails/storyboard.vtt'), 'utf8').match(/#xywh=/g) ?? []).length;
    if (cues !== 30) throw new Error(`storyboard.vtt: ${cues} cues`);
    return `${[1, 2, 3].reduce((n, k) => n + statSync(join(FEATURE, `thumbnails/tile-${k}.jpg`)).size, 0)} bytes of sprites`;
  });
  guard('subtitles: en.vtt and ar.vtt (Arabic script) have cues', () => {
    const out: string[] = [];
    for (const lang of ['en', 'ar']) {
      const text = readFileSync(join(FEATURE, `subs/${lang}.vtt`), 'utf8');
      const cues = (text.match(/-->/g) ?? []).length;
      if (!text.startsWith('WEBVTT') || cues < 10) throw new Error(`${lang}.vtt: ${cues} cues`);
      if (lang === 'ar' && !/[\u0600-\u06FF]/.test(text)) throw new Error('ar.vtt has no Arabic script');
      out.push(`${lang}: ${cues} cues`);
    }
    return out.join(', ');
  });
  const probe = spawnSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time', '-of', 'json', join(FEATURE, 'mp4/feature.mp4')], { encoding: 'utf8' });
  if (probe.status === 0) {
    const times = (JSON.parse(probe.stdout) as { frames: { pts_time: string }[] }).frames.map((f) => Number(f.pts_time));
    const ok = times.length === 30 && times.every((t, i) => Math.abs(t - i * 2) < 0.001);
    check('gop: a keyframe exactly every 2 s (ffprobe on the 720p rendition)', ok, `${times.length} keyframes at ${times.slice(0, 4).join(', ')} … ${times.at(-1)}`);
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

// ---------------------------------------------------------------------------------------------
// Static server (with byte ranges) + a ClearKey licence endpoint like the storefront's

const MIME: Record<string, string> = {
  '.mpd': 'application/dash+xml',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/mp4',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.jpg': 'image/jpeg',
  '.html': 'text/html; charset=utf-8',
};

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>verify-media</title></head><body>
<script src="/shaka/shaka-player.compiled.js"></script>
<script>
shaka.polyfill.installAll();
window.runScenario = async (o) => {
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = false;
  video.width = 640;
  document.body.appendChild(video);
  const player = new shaka.Player();
  await player.attach(video);
  const errors = [];
  const describe = (e) => e && e.code !== undefined ? 'shaka ' + e.code + (e.data && e.data.length ? ' ' + JSON.stringify(e.data).slice(0, 300) : '') : String(e);
  player.addEventListener('error', (ev) => errors.push(describe(ev.detail)));
  video.addEventListener('error', () => errors.push('video element error ' + (video.error ? video.error.code + ': ' + video.error.message : '')));
  const fetched = [];
  player.getNetworkingEngine().registerResponseFilter((type, response) => { fetched.push(response.uri); });
  if (o.licenseToken) {
    player.getNetworkingEngine().registerRequestFilter((type, request) => {
      if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) request.headers['x-auth-token'] = o.licenseToken;
    });
  }
  const config = { abr: { enabled: o.abr !== false }, preferredAudioLanguage: 'en', streaming: { bufferingGoal: 10 } };
  if (o.clearKeys) config.drm = { clearKeys: o.clearKeys };
  if (o.servers) config.drm = { servers: o.servers };
  player.configure(config);
  const started = performance.now();
  let maxTime = 0;
  // Media-element event trace (printed for failed checks, or always with VERIFY_TRACE=1).
  const trace = [];
  const mark = (what) => trace.push(Math.round(performance.now() - started) + 'ms ' + what + ' t=' + video.currentTime.toFixed(3) + ' readyState=' + video.readyState);
  for (const ev of ['loadeddata', 'playing', 'waiting', 'seeking', 'seeked', 'pause', 'error', 'ended']) video.addEventListener(ev, () => mark(ev));
  player.addEventListener('error', (ev) => mark('shaka error ' + ev.detail.code));
  const summary = () => ({
    errors, trace, currentTime: video.currentTime, maxTime, videoHeight: video.videoHeight,
    decodedFrames: video.getVideoPlaybackQuality().totalVideoFrames,
    droppedFrames: video.getVideoPlaybackQuality().droppedVideoFrames,
    elapsedMs: Math.round(performance.now() - started),
    variants: player.getVariantTracks().map((t) => ({ height: t.height, language: t.language, active: t.active, bandwidth: t.bandwidth })),
    texts: player.getTextTracks().map((t) => ({ language: t.language, kind: t.kind, mimeType: t.mimeType })),
    fetched: fetched.map((u) => u.replace(location.origin, '')),
    drm: player.keySystem ? player.keySystem() : null,
  });
  try {
    await player.load(o.url, 0, o.mimeType);
  } catch (e) {
    errors.push('load rejected: ' + describe(e));
    return summary();
  }
  if (o.height) {
    const track = player.getVariantTracks().find((t) => t.height === o.height && t.language === 'en');
    if (!track) { errors.push('no variant with height ' + o.height); return summary(); }
    player.selectVariantTrack(track, true);
  }
  if (o.textLanguage) {
    const text = player.getTextTracks().find((t) => t.language === o.textLanguage);
    if (!text) { errors.push('no text track ' + o.textLanguage); return summary(); }
    player.selectTextTrack(text);
  }
  video.play().catch((e) => errors.push('play() rejected: ' + e));
  const deadline = performance.now() + o.timeoutMs;
  let stopped = null;
  while (performance.now() < deadline) {
    maxTime = Math.max(maxTime, video.currentTime);
    if (maxTime > o.targetTime) break;
    if (errors.length && !o.expectFailure) break;
    if (errors.length && o.expectFailure && !stopped) {
      // Stop at the first error: shaka would otherwise "recover" (reset MediaSource, switch variant,
      // jump gaps), moving currentTime by seeks that are not playback. Keep watching the clock after.
      stopped = summary();
      await player.unload();
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const out = stopped ? { ...summary(), variants: stopped.variants, texts: stopped.texts, drm: stopped.drm, videoHeight: stopped.videoHeight } : summary();
  // Snapshots are taken by the caller (a canvas grab of EME video is black), so leave that one playing.
  if (!o.snapshot) {
    await player.destroy();
    video.remove();
  }
  return out;
};
window.pageReady = true;
</script></body></html>`;

function sendFile(req: IncomingMessage, res: ServerResponse, file: string): void {
  const size = statSync(file).size;
  const type = MIME[extname(file)] ?? 'application/octet-stream';
  const range = req.headers.range ? /^bytes=(\d*)-(\d*)$/.exec(req.headers.range) : null;
  const headers = { 'content-type': type, 'accept-ranges': 'bytes', 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
  if (range && (range[1] || range[2])) {
    let start = range[1] ? Number(range[1]) : size - Number(range[2]);
    let end = range[1] ? (range[2] ? Math.min(Number(range[2]), size - 1) : size - 1) : size - 1;
    if (start < 0) start = 0;
    if (start >= size || end < start) {
      res.writeHead(416, { ...headers, 'content-range': `bytes */${size}` }).end();
      return;
    }
    end = Math.min(end, size - 1);
    res.writeHead(206, { ...headers, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}` });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file, { start, end }).pipe(res);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

function b64url(buf: Buffer): string {
  return buf.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let licenseRequests = 0;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, HEAD, POST' }).end();
    return;
  }
  if (url.pathname === '/' || url.pathname === '/index.html') {
    res.writeHead(200, { 'content-type': MIME['.html']! }).end(PAGE);
    return;
  }
  if (url.pathname === '/license/clearkey' && req.method === 'POST') {
    licenseRequests++;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.headers['x-auth-token'] !== LICENSE_TOKEN) {
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"forbidden"}');
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { kids?: string[]; type?: string };
    const keys = (body.kids ?? [])
      .filter((kid) => kid === b64url(Buffer.from(KID_HEX, 'hex')))
      .map((kid) => ({ kty: 'oct', kid, k: b64url(Buffer.from(KEY_HEX, 'hex')) }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys, type: 'temporary' }));
    return;
  }
  const mounts: [string, string][] = [
    ['/media/', MEDIA],
    ['/shaka/', SHAKA_DIST],
  ];
  for (const [prefix, dir] of mounts) {
    if (!url.pathname.startsWith(prefix)) continue;
    const file = normalize(join(dir, decodeURIComponent(url.pathname.slice(prefix.length))));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) break;
    sendFile(req, res, file);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
}

// ---------------------------------------------------------------------------------------------
// Browser checks

interface ScenarioOptions {
  url: string;
  targetTime: number;
  timeoutMs: number;
  mimeType?: string;
  abr?: boolean;
  height?: number;
  clearKeys?: Record<string, string>;
  servers?: Record<string, string>;
  licenseToken?: string;
  textLanguage?: string;
  expectFailure?: boolean;
  /** Keep the video on the page at the end, for a screenshot (when VERIFY_SNAPSHOTS=<dir> is set). */
  snapshot?: boolean;
}

interface ScenarioResult {
  errors: string[];
  trace: string[];
  currentTime: number;
  maxTime: number;
  videoHeight: number;
  /** getVideoPlaybackQuality(): frames the decoder produced, and how many of them were dropped. */
  decodedFrames: number;
  droppedFrames: number;
  elapsedMs: number;
  variants: { height: number | null; language: string; active: boolean; bandwidth: number }[];
  texts: { language: string; kind: string | null; mimeType: string | null }[];
  fetched: string[];
  drm: string | null;
}

/** VERIFY_ONLY=wrong-key,hls runs only the browser scenarios whose key contains one of the words. */
function wanted(key: string): boolean {
  const only = process.env.VERIFY_ONLY;
  return !only || only.split(',').some((w) => key.includes(w.trim()));
}

async function runScenario(browser: Browser, origin: string, o: ScenarioOptions, log: string[], name = ''): Promise<ScenarioResult> {
  const snapshotDir = process.env.VERIFY_SNAPSHOTS;
  if (snapshotDir && name) o = { ...o, snapshot: true };
  // A fresh context per scenario: no EME sessions or caches shared between checks.
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('console', (m) => log.push(`[console.${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => log.push(`[pageerror] ${e.message}`));
  try {
    await page.goto(`${origin}/`);
    await page.waitForFunction('window.pageReady === true');
    const r = (await page.evaluate(`window.runScenario(${JSON.stringify(o)})`)) as ScenarioResult;
    log.unshift(...r.trace.map((t) => `[media] ${t}`));
    if (process.env.VERIFY_TRACE) console.log(r.trace.map((t) => `      [media] ${t}`).join('\n'));
    if (snapshotDir && name) {
      mkdirSync(snapshotDir, { recursive: true });
      const file = join(snapshotDir, `${name}.png`);
      await page.locator('video').screenshot({ path: file });
      console.log(`      snapshot: ${file}`);
    }
    return r;
  } finally {
    await context.close();
  }
}

function fmt(r: ScenarioResult): string {
  return `t=${r.maxTime.toFixed(2)}s in ${(r.elapsedMs / 1000).toFixed(1)}s, ${r.videoHeight ? `${r.videoHeight}p` : 'no frame'}, ${r.decodedFrames} frames decoded (${r.droppedFrames} dropped)${r.drm ? `, keySystem ${r.drm}` : ''}${r.errors.length ? `, errors: ${r.errors.slice(0, 3).join(' | ')}` : ''}`;
}

async function browserChecks(origin: string): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    check(`browser: ${CHROMIUM} exists`, false, 'set CHROME_PATH to a Chromium with proprietary codecs');
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const log: string[] = [];
  const dumpLog = (): void => {
    if (log.length) console.log(log.slice(-25).map((l) => `      ${l}`).join('\n'));
    log.length = 0;
  };
  const media = `${origin}/media/feature`;
  const goodKeys = { [KID_HEX]: KEY_HEX };
  try {
    console.log(`\nBrowser: ${browser.version()} (${CHROMIUM}), shaka-player ${JSON.parse(readFileSync(join(ROOT, 'node_modules/shaka-player/package.json'), 'utf8')).version}`);

    // Clear DASH
    if (wanted('clear-dash')) {
      const r = await runScenario(browser, origin, { url: `${media}/dash/manifest.mpd`, targetTime: 5, timeoutMs: 25_000, textLanguage: 'ar' }, log, 'clear-dash');
      const ok = r.maxTime > 5 && r.errors.length === 0;
      check('clear DASH plays past 5 s', ok, fmt(r));
      const heights = [...new Set(r.variants.map((v) => v.height))].sort((a, b) => (a ?? 0) - (b ?? 0));
      const langs = [...new Set(r.variants.map((v) => v.language))].sort();
      const texts = r.texts.map((t) => t.language).sort();
      check(
        'clear DASH lists 3 video variants, 2 audio languages, 2 text tracks',
        heights.join() === '360,720,1080' && langs.join() === 'en,fr' && texts.join() === 'ar,en',
        `heights ${heights.join('/')}, audio ${langs.join('/')}, text ${texts.join('/')}`,
      );
      const vttFetched = r.fetched.some((u) => u.endsWith('/subs/ar.vtt'));
      check('clear DASH loads the Arabic WebVTT side-car', vttFetched, vttFetched ? 'subs/ar.vtt fetched' : 'subs/ar.vtt not fetched');
      if (!ok) dumpLog();
      log.length = 0;
    }

    // CENC DASH at 360p and 1080p with inline ClearKey
    for (const height of [360, 1080]) {
      if (!wanted(`cenc-${height}`)) continue;
      const r = await runScenario(
        browser,
        origin,
        { url: `${media}/dash-cenc/manifest.mpd`, targetTime: 12, timeoutMs: 35_000, abr: false, height, clearKeys: goodKeys },
        log,
        `cenc-${height}p`,
      );
      const segs = r.fetched.filter((u) => u.includes(`/dash-cenc/video-${height}p/seg-`)).length;
      const audioSegs = r.fetched.filter((u) => u.includes('/dash-cenc/audio-en/seg-')).length;
      // 12 s at 24 fps: the decoder must really have produced (most of) ~288 frames.
      const ok = r.maxTime > 12 && r.errors.length === 0 && r.videoHeight === height && segs >= 6 && r.decodedFrames >= 240;
      check(`CENC DASH (ClearKey, ABR off) plays past 12 s at ${height}p`, ok, `${fmt(r)}, ${segs} encrypted ${height}p + ${audioSegs} audio segments fetched`);
      if (!ok) dumpLog();
      log.length = 0;
    }

    // CENC DASH with a wrong key must not play
    if (wanted('wrong-key')) {
      const r = await runScenario(
        browser,
        origin,
        { url: `${media}/dash-cenc/manifest.mpd`, targetTime: 2, timeoutMs: 12_000, clearKeys: { [KID_HEX]: WRONG_KEY_HEX }, expectFailure: true },
        log,
      );
      const ok = r.maxTime < 2 && r.errors.length > 0;
      check('CENC DASH with a wrong key fails (error, and currentTime stays < 2 s for 12 s)', ok, fmt(r));
      if (!ok) dumpLog();
      log.length = 0;
    }

    // Control for the check above: the same harness with the right key must see playback, so the
    // wrong-key check is able to fail.
    if (wanted('wrong-key')) {
      const r = await runScenario(
        browser,
        origin,
        { url: `${media}/dash-cenc/manifest.mpd`, targetTime: 2, timeoutMs: 12_000, clearKeys: goodKeys, expectFailure: true },
        log,
      );
      const ok = r.maxTime >= 2 && r.errors.length === 0;
      check('control: the wrong-key harness with the right key passes 2 s', ok, fmt(r));
      if (!ok) dumpLog();
      log.length = 0;
    }

    // CENC DASH through a licence endpoint (what the storefront's licence server and the browser test do)
    if (wanted('license')) {
      const before = licenseRequests;
      const r = await runScenario(
        browser,
        origin,
        {
          url: `${media}/dash-cenc/manifest.mpd`,
          targetTime: 8,
          timeoutMs: 30_000,
          servers: { 'org.w3.clearkey': `${origin}/license/clearkey` },
          licenseToken: LICENSE_TOKEN,
        },
        log,
      );
      const ok = r.maxTime > 8 && r.errors.length === 0 && licenseRequests > before;
      check('CENC DASH via ClearKey licence server (x-auth-token) plays past 8 s', ok, `${fmt(r)}, ${licenseRequests - before} licence request(s)`);
      if (!ok) dumpLog();
      log.length = 0;
    }

    // HLS
    if (wanted('hls')) {
      const r = await runScenario(browser, origin, { url: `${media}/hls/master.m3u8`, targetTime: 5, timeoutMs: 25_000 }, log, 'hls');
      const heights = [...new Set(r.variants.map((v) => v.height))].length;
      const ok = r.maxTime > 5 && r.errors.length === 0;
      check('HLS plays past 5 s', ok, `${fmt(r)}, ${heights} video heights, ${r.texts.length} text tracks`);
      if (!ok) dumpLog();
      log.length = 0;
    }

    // Progressive MP4
    if (wanted('mp4')) {
      const r = await runScenario(browser, origin, { url: `${media}/mp4/feature.mp4`, mimeType: 'video/mp4', targetTime: 5, timeoutMs: 25_000 }, log, 'mp4');
      const ok = r.maxTime > 5 && r.errors.length === 0;
      check('MP4 plays past 5 s', ok, fmt(r));
      if (!ok) dumpLog();
      log.length = 0;
    }
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!existsSync(join(FEATURE, 'dash/manifest.mpd'))) {
    console.error('verify-media: demo/media/feature/ is missing: run `node --import tsx demo/tools/make-media.ts` first');
    process.exit(1);
  }
  console.log('File checks:');
  fileChecks();

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await browserChecks(origin);
  } catch (err) {
    check('browser checks ran', false, err instanceof Error ? err.stack ?? err.message : String(err));
  } finally {
    server.close();
    server.closeAllConnections();
  }
  console.log(`\n${passes} passed, ${failures} failed`);
  process.exit(failures ? 1 : 0);
}

await main();
