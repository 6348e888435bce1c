/**
 * Session-based A/B forensic marking (issue 27 item 3), the storefront's part and the code: the
 * streams call hands out a per-session media path; under it each video segment of the CENC film is
 * variant A or B by the viewer's codeword; the code corrects what it claims to.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { DEFAULT_PATHS } from '../../demo/server/app.js';
import { matchPath } from '../../demo/server/state.js';
import { CODE_BITS, CODE_DISTANCE, allCodewords, codeword, decodeScores, forensicIdOf } from '../../demo/tools/forensic/mark.js';
import { ADULT, fetchJson, useDemoServer } from './helpers.js';

const demo = useDemoServer();
const SOLO = 'demo-solo-token';
const FEATURE = join(DEFAULT_PATHS.media, 'feature');

async function manifestUrl(token: string): Promise<string> {
  const res = await fetchJson(`${demo.url}/services/playback/streams/film/night-harbour`, { method: 'POST', headers: { 'x-auth-token': token } });
  assert.equal(res.status, 200);
  return (res.body.streams as { url: string; encoding_type: string }[]).find((s) => s.encoding_type === 'dash')!.url;
}

describe('the code', () => {
  test(`any two of the 1024 codewords differ in at least ${CODE_DISTANCE} of the ${CODE_BITS} segments`, () => {
    const words = allCodewords();
    let min = CODE_BITS;
    for (let a = 0; a < words.length; a++) {
      for (let b = a + 1; b < words.length; b++) {
        let d = 0;
        for (let k = 0; k < CODE_BITS; k++) d += words[a]![k] === words[b]![k] ? 0 : 1;
        min = Math.min(min, d);
      }
    }
    assert.equal(min, CODE_DISTANCE);
  });

  test('soft decoding: 5 wrong segments, or 10 missing, still give the id; 6 wrong and 0 missing do not give a wrong id silently', () => {
    const id = 613;
    const word = codeword(id);
    const flip = (k: number[]) => word.map((b, i) => (k.includes(i) ? 1 - b : b) * 10 + (i % 3));
    assert.equal(decodeScores(flip([0, 5, 11, 17, 29])).id, id);
    assert.equal(decodeScores(word.map((b, i) => (i < 10 ? null : b * 10))).id, id);
    for (const wrong of [[0, 1, 2, 3, 4, 5], [3, 8, 13, 18, 23, 28]]) {
      const result = decodeScores(flip(wrong));
      assert.ok(result.id === null || result.id !== id || result.errors <= 5, JSON.stringify(result));
    }
    assert.equal(decodeScores(Array.from({ length: CODE_BITS }, () => 1)).id, null, 'no mark → no id');
  });
});

describe('the session media path', () => {
  test('the streams call gives each call its own path for the marked film, plain paths for the rest', async () => {
    const res = await fetchJson(`${demo.url}/services/playback/streams/film/night-harbour`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
    const urls = (res.body.streams as { url: string }[]).map((s) => s.url);
    assert.match(urls[0]!, new RegExp(`^${demo.url}/media/s/[0-9a-f]{32}/feature/dash-cenc/manifest\\.mpd$`));
    assert.deepEqual(urls.slice(1), [`${demo.url}/media/feature/hls/master.m3u8`, `${demo.url}/media/feature/mp4/feature.mp4`]);
    assert.ok(!urls[0]!.includes(res.body.play_token), 'not the play token');
    assert.notEqual(await manifestUrl(ADULT), urls[0], 'a new path per play session');
  });

  test("each video segment is A or B by the viewer's codeword, in every rendition; everything else as at /media/", async () => {
    for (const [token, userId] of [
      [ADULT, 1001],
      [SOLO, 1004],
    ] as const) {
      const base = (await manifestUrl(token)).replace(/manifest\.mpd$/, '');
      const word = codeword(forensicIdOf(userId));
      for (const rendition of ['video-360p', 'video-1080p']) {
        for (let n = 1; n <= CODE_BITS; n++) {
          const name = `seg-${String(n).padStart(3, '0')}.m4s`;
          const res = await fetch(`${base}${rendition}/${name}`);
          assert.equal(res.status, 200);
          const body = Buffer.from(await res.arrayBuffer());
          const a = readFileSync(join(FEATURE, 'dash-cenc', rendition, name));
          const b = readFileSync(join(FEATURE, 'dash-cenc-b', rendition, name));
          assert.ok(!a.equals(b), `${rendition}/${name}: A and B differ`);
          assert.ok(body.equals(word[n - 1] ? b : a), `${userId} ${rendition}/${name}: variant ${word[n - 1] ? 'B' : 'A'}`);
        }
      }
      for (const path of ['manifest.mpd', 'video-720p/init.m4s', 'audio-en/seg-003.m4s']) {
        const body = Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
        assert.ok(body.equals(readFileSync(join(FEATURE, 'dash-cenc', path))), path);
      }
    }
  });

  test('unknown sessions and the raw B variants answer 404; paths out of the media folder are refused', async () => {
    assert.equal((await fetch(`${demo.url}/media/s/${'a'.repeat(32)}/feature/dash-cenc/manifest.mpd`)).status, 404);
    assert.equal((await fetch(`${demo.url}/media/s/not-a-session/feature/dash-cenc/manifest.mpd`)).status, 404);
    assert.equal((await fetch(`${demo.url}/media/feature/dash-cenc-b/video-360p/seg-001.m4s`)).status, 404);
    const base = (await manifestUrl(ADULT)).replace(/feature\/dash-cenc\/manifest\.mpd$/, '');
    assert.ok([403, 404].includes((await fetch(`${base}..%2F..%2Fpackage.json`)).status), 'no way out of the media folder');
  });

  test('the control API matches a session path as the media path it serves (faults, latency, recordings)', () => {
    const session = `/media/s/${'b'.repeat(32)}/feature/dash-cenc/video-360p/seg-001.m4s`;
    assert.ok(matchPath('/media/feature/dash-cenc/video-*', session));
    assert.ok(matchPath('/media/feature/dash-cenc/video-360p/seg-001.m4s', session));
    assert.ok(!matchPath('/media/feature/dash/*', session));
    assert.ok(matchPath('/media/s/*', session));
  });
});
