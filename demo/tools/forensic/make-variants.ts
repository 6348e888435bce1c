// Makes the forensic B variants of the demo film's CENC video segments (issue 27 item 3):
// `npm run media:forensic` alone, or as the last step of `npm run media`.
//
// B = the same synthetic picture as A with the mark (mark.ts `markPattern`, ±MARK_LEVELS luma
// levels) added at 1080p before scaling, encoded by make-media.ts's own video jobs (same x264
// settings, GOPs and packaging), so a B segment can follow or precede an A segment. The A segments
// are not touched. Checks that every B init segment is byte-identical to A's but for the `btrt`
// bitrate figures (same decoder configuration and timescale: the player keeps A's init) and every B segment has A's timing, then encrypts B with the film's key
// under IVs of its own (A's IVs with the top bit set: no CTR keystream is used twice across A and B)
// into demo/media/feature/dash-cenc-b/<rendition>/seg-NNN.m4s (no init, no manifest: the
// storefront's session media route serves them in place of A's, demo/server/forensic.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TrackEncryptor, cencKey, parseBoxes, readInitTracks, segmentTiming } from '../cenc/index.js';
import { DEMO_KEY_HEX, DEMO_KID_HEX, OUT, VIDEO, checkFfmpeg, ffmpeg, ffmpegParallel, videoJobs } from '../make-media.js';
import { MARK_LEVELS, markPattern } from './mark.js';

/** Where the B segments go, under demo/media/feature/. */
export const VARIANT_DIR = 'dash-cenc-b';
/** Top bit of the 24-bit IV prefix: set for B. */
const B_IV_FLAG = 0x800000;

/** One 1920x1080 yuv420p frame: Y = 128 + the mark, U = V = 128 (neutral for blend's grain merge). */
function patternFrame(): Buffer {
  const width = 1920;
  const height = 1080;
  const pattern = markPattern(width, height);
  const frame = Buffer.alloc((width * height * 3) / 2, 128);
  for (let i = 0; i < width * height; i++) frame[i] = Math.round(128 + MARK_LEVELS * pattern[i]!);
  return frame;
}

/**
 * An init segment with its `btrt` box's figures (buffer size, max and average bitrate: informative,
 * and B's differ by a few bytes a second) zeroed; everything else (avcC, timescale) must match.
 */
function withoutBitrate(init: Buffer): Buffer {
  const copy = Buffer.from(init);
  const at = copy.indexOf('btrt');
  if (at >= 0) copy.fill(0, at + 4, at + 16);
  return copy;
}

export async function makeForensicVariants(): Promise<void> {
  checkFfmpeg();
  const tmp = mkdtempSync(join(tmpdir(), 's72-forensic-'));
  try {
    writeFileSync(join(tmp, 'mark.yuv'), patternFrame());
    // blend's grain merge is A + B - 128 per plane: Y + mark, chroma unchanged. The one-frame mark
    // input is repeated for every frame (framesync's default at its end).
    const jobs = videoJobs({
      input: ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', '1920x1080', '-i', 'mark.yuv'],
      filter: '[1:v]setsar=1[mark];[pic][mark]blend=all_mode=grainmerge[marked]',
    });
    await ffmpegParallel(jobs, tmp);
    const pkg = join(tmp, 'pkg');
    mkdirSync(pkg);
    const args: string[] = [];
    for (const v of VIDEO) args.push('-i', `${v.id}.mp4`);
    VIDEO.forEach((_, i) => args.push('-map', `${i}`));
    args.push(
      '-c', 'copy', '-fflags', '+bitexact', '-map_metadata', '-1',
      '-f', 'dash', '-seg_duration', '2', '-use_template', '1', '-use_timeline', '1',
      '-adaptation_sets', `id=0,streams=${VIDEO.map((_, i) => i).join(',')}`,
      '-init_seg_name', 'init-$RepresentationID$.m4s',
      '-media_seg_name', 'seg-$RepresentationID$-$Number%03d$.m4s',
      'pkg/ffmpeg.mpd',
    );
    ffmpeg(args, tmp);

    const key = cencKey(DEMO_KID_HEX, DEMO_KEY_HEX);
    const outDir = join(OUT, VARIANT_DIR);
    rmSync(outDir, { recursive: true, force: true });
    VIDEO.forEach((v, index) => {
      const aDir = join(OUT, 'dash', v.id);
      const init = readFileSync(join(pkg, `init-${index}.m4s`));
      if (!withoutBitrate(init).equals(withoutBitrate(readFileSync(join(aDir, 'init.m4s'))))) {
        throw new Error(`${v.id}: the B init segment differs from A's (different ffmpeg/x264 build or settings?): A and B would not interchange`);
      }
      const track = readInitTracks(parseBoxes(init))[0]!;
      // The A track index in make-media's encryptTracks is the rendition's index (video first).
      const enc = TrackEncryptor.fromInit(init, key, B_IV_FLAG | (index + 1));
      const dst = join(outDir, v.id);
      mkdirSync(dst, { recursive: true });
      let n = 1;
      for (;;) {
        const name = `seg-${String(n).padStart(3, '0')}.m4s`;
        let data: Buffer;
        try {
          data = readFileSync(join(pkg, `seg-${index}-${String(n).padStart(3, '0')}.m4s`));
        } catch {
          break;
        }
        const a = segmentTiming(readFileSync(join(aDir, name)), track);
        const b = segmentTiming(data, track);
        if (a.baseMediaDecodeTime !== b.baseMediaDecodeTime || a.duration !== b.duration) {
          throw new Error(`${v.id}/${name}: B timing ${b.baseMediaDecodeTime}+${b.duration} differs from A's ${a.baseMediaDecodeTime}+${a.duration}`);
        }
        writeFileSync(join(dst, name), enc.encryptSegment(data));
        n++;
      }
      console.log(`  ${v.id}: ${n - 1} B segments`);
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && /make-variants\.ts$/.test(process.argv[1])) await makeForensicVariants();
