/**
 * Session-based A/B forensic marking (issue 27 item 3): the storefront serves each play session the
 * film's video segments as variant A or B by the viewer's codeword (demo/server/forensic.ts), and
 * demo/tools/forensic-recover.ts reads the viewer's forensic id back from a capture.
 *
 * - The play page in Chromium plays a session's A/B mix (B segments after A's init segment, across
 *   quality switches) with no error, fetching it from the session's own path.
 * - Two viewers' session segments, fetched through their media paths as the player fetches them,
 *   decrypted with the film's key, downscaled and re-encoded lossy (1001: 1080p → 480x270 MPEG-4
 *   Part 2; 1004: 720p → 640x360 low-quality H.264): the tool returns each viewer's id, never the
 *   other's.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { decryptSegmentSamples, IV_SIZE, parseBoxes, readInitTracks, serializeBoxes } from '../../demo/tools/cenc/index.js';
import { forensicIdOf } from '../../demo/tools/forensic/mark.js';
import { recover, type RecoverResult } from '../../demo/tools/forensic-recover.js';
import { newPage, waitForPlayback } from './support/browser.js';
import { REPO_ROOT, TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const KEY = Buffer.from('733732706c617965722d6b6579303031', 'hex');
const SOLO_TOKEN = 'demo-solo-token';
const FILM = '/film/night-harbour';

describe('A/B forensic marking: the viewer id is read back from a capture', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));
  const tmp = mkdtempSync(join(tmpdir(), 's72-forensic-e2e-'));
  const ids = { adult: forensicIdOf(1001), solo: forensicIdOf(1004) };

  it('the two viewers have different forensic ids (the test would prove nothing otherwise)', { timeout: 300_000 }, () => {
    assert.notEqual(ids.adult, ids.solo);
  });

  it("the play page plays a session's A/B mix from the session's path, with no error", { timeout: 300_000 }, async () => {
    const { context, page, log } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#${FILM}/night-harbour?u=${TOKENS.adult}`));
      // Past the first four segments (1001's codeword starts B B B A).
      await waitForPlayback(page, 8.5, 90_000);
      const paths = (await demo.requests('/media/s/*')).map((r) => r.path);
      for (const n of ['001', '002', '003', '004', '005']) {
        assert.ok(paths.some((p) => new RegExp(`^/media/s/[0-9a-f]{32}/feature/dash-cenc/video-[^/]+/seg-${n}\\.m4s$`).test(p)), `segment ${n} through the session path`);
      }
      assert.equal((await demo.requests('/media/feature/dash-cenc/video-*')).filter((r) => !r.path.startsWith('/media/s/')).length, 0, 'no unmarked segment');
      assert.equal(await page.locator('[data-testid="error-code"]').count(), 0);
      assert.deepEqual(log.errors, []);
    } finally {
      await context.close();
    }
  });

  /** A viewer's session segments of one rendition, decrypted, then re-encoded by `encode` (ffmpeg output args). */
  async function servedCapture(token: string, rendition: string, name: string, encode: string[]): Promise<string> {
    const res = await fetch(`${demo.url}/services/playback/streams${FILM}`, { method: 'POST', headers: { 'x-auth-token': token } });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { streams: { url: string; encoding_type: string }[] };
    const manifest = body.streams.find((s) => s.encoding_type === 'dash')!.url;
    assert.match(manifest, /\/media\/s\/[0-9a-f]{32}\/feature\/dash-cenc\/manifest\.mpd$/, 'a per-session media path');
    const base = manifest.replace(/manifest\.mpd$/, `${rendition}/`);
    const get = async (path: string): Promise<Buffer> => {
      const r = await fetch(base + path);
      assert.equal(r.status, 200, path);
      return Buffer.from(await r.arrayBuffer());
    };
    const init = await get('init.m4s');
    const segments: Buffer[] = [];
    for (let n = 1; n <= 30; n++) segments.push(await get(`seg-${String(n).padStart(3, '0')}.m4s`));
    const served = join(tmp, `${name}-served.mp4`);
    writeFileSync(served, decryptFragments(init, segments, rendition));
    const capture = join(tmp, name);
    const enc = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', served, ...encode, capture]);
    assert.equal(enc.status, 0, enc.stderr.toString());
    return capture;
  }

  it('two viewers\' served segments, decrypted, downscaled and re-encoded lossy: each capture gives its viewer, not the other', { timeout: 300_000 }, async () => {
    const adult = await servedCapture(TOKENS.adult, 'video-1080p', 'adult.avi', ['-vf', 'scale=480:270', '-c:v', 'mpeg4', '-q:v', '8']);
    const solo = await servedCapture(SOLO_TOKEN, 'video-720p', 'solo.mp4', ['-vf', 'scale=640:360', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32']);
    const adultResult = recover(adult);
    assert.equal(adultResult.id, ids.adult, summary(adultResult));
    assert.equal(adultResult.erasures, 0, summary(adultResult));
    const soloResult = recover(solo);
    assert.equal(soloResult.id, ids.solo, summary(soloResult));
    assert.equal(soloResult.erasures, 0, summary(soloResult));
  });

  it('the B variants are not reachable outside a session; an unknown session gets nothing', { timeout: 300_000 }, async () => {
    assert.equal((await fetch(`${demo.url}/media/feature/dash-cenc-b/video-360p/seg-001.m4s`)).status, 404);
    assert.equal((await fetch(`${demo.url}/media/s/${'0'.repeat(32)}/feature/dash-cenc/manifest.mpd`)).status, 404);
  });

  process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
});

function summary(result: RecoverResult): string {
  const scores = result.scores.map((s) => (s === null ? '-' : s.toFixed(1))).join(' ');
  return `id ${result.id}, r ${result.correlation.toFixed(3)} (next ${result.runnerUp.toFixed(3)}), ${result.errors} errors, ${result.erasures} erasures, ${result.framesUsed}/${result.framesTotal} frames, crop ${result.crop}; scores ${scores}`;
}

/**
 * Clear fMP4 from CENC segments: the samples decrypted in place (CTR keeps their sizes), after the
 * rendition's clear init segment (the same for A and B), so any ffmpeg plays it.
 */
function decryptFragments(init: Buffer, segments: Buffer[], rendition: string): Buffer {
  const track = readInitTracks(parseBoxes(init))[0]!;
  const clearSegments = segments.map((segment) => {
    const samples = decryptSegmentSamples(segment, track, KEY, IV_SIZE);
    const boxes = parseBoxes(segment);
    let next = 0;
    for (const box of boxes) {
      if (box.type !== 'mdat') continue;
      const parts: Buffer[] = [];
      let bytes = 0;
      while (bytes < box.data.length && next < samples.length) {
        parts.push(samples[next]!);
        bytes += samples[next++]!.length;
      }
      assert.equal(bytes, box.data.length, 'samples fill the mdat');
      box.data = Buffer.concat(parts);
    }
    return serializeBoxes(boxes);
  });
  return Buffer.concat([readFileSync(join(REPO_ROOT, 'demo/media/feature/dash', rendition, 'init.m4s')), ...clearSegments]);
}
