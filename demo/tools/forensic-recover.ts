// Recovers the viewer's forensic id from a capture of the demo film (issue 27 item 3):
//
//   npm run forensic:recover -- capture.webm [--crop W:H:X:Y] [--json]
//
// The capture is anything ffmpeg reads (a screen recording, a phone video of a screen cropped to the
// picture, a re-encoded rip), at any resolution, covering the 60 s film (missing parts are erasures).
// Like a real forensic detector it uses the original: the clear A video (demo/media/feature/dash/
// video-360p) and the mark (forensic/mark.ts). Steps:
//   1. the picture's place in the capture: `--crop`, else ffmpeg's cropdetect (black borders/bars);
//   2. every capture frame and every A frame, grey, scaled to 96x54 (the mark has at most 3 cycles
//      across the picture, so it lives on at that size after any downscale or re-encode);
//   3. alignment: each capture frame is matched to the A frame it shows (normalised correlation of
//      the moving parts: the line, the box and the timecode over the static colour bars), kept only
//      when it agrees with its neighbours (a smooth playback timeline) and is not next to a segment cut;
//   4. per frame, the capture minus its A frame (after a per-frame tone fit: the capture's levels and
//      gamma differ), projected on the mark: about 0 for A, about the mark's strength for B;
//   5. per segment, the median of its frames; the 30 scores are decoded (forensic/mark.ts `decodeScores`).
// Prints the forensic id (and the demo viewers it belongs to); exits 1 when no mark is readable.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_BITS, decodeScores, forensicIdOf, markPattern, type DecodeResult } from './forensic/mark.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REFERENCE = join(ROOT, 'demo/media/feature/dash/video-360p');
const FPS = 24;
const SEGMENT_FRAMES = 48;
/** Analysis size: the mark is read at this size. */
const W = 96;
const H = 54;
/**
 * The burnt-in timecode's box (bottom centre, as a share of the picture), read at TC_W×TC_H: the
 * picture's moving parts repeat every 12 s, the timecode tells those frames apart.
 */
const TIMECODE_CROP = 'crop=iw*0.40:ih*0.15:iw*0.30:ih*0.77';
const TC_W = 128;
const TC_H = 24;
/** Normalised correlation of a capture's timecode with its A frame's below which the frame is not read. */
const MIN_TIMECODE_MATCH = 0.6;
/** Candidate frames (best by the moving parts) whose timecode is compared. */
const CANDIDATES = 24;
/** Residuals beyond this many levels are not the mark (which is at most MARK_LEVELS). */
const OUTLIER_LEVELS = 12;
/** A pixel within this many levels of its mean over the film is still in that frame. */
const STILL_LEVELS = 6;
/** Frames this close to a segment cut are not read (alignment may be a frame off). */
const CUT_GUARD_FRAMES = 3;

export interface RecoverResult extends DecodeResult {
  /** Per segment (index = segment number - 1): median mark score, or null if not captured. */
  scores: (number | null)[];
  /** Capture frames read per segment. */
  framesPerSegment: number[];
  /** Capture frames read / total. */
  framesUsed: number;
  framesTotal: number;
  crop: string | null;
  /** Demo viewers (user ids of demo/catalogue.json) whose forensic id is the one found. */
  viewers: number[];
}

function run(args: string[], maxBuffer = 1 << 30): Buffer {
  const res = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', ...args], { maxBuffer });
  if (res.error) throw new Error(`could not run ffmpeg: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`ffmpeg failed: ${res.stderr.toString().slice(-2000)}`);
  return Buffer.concat([res.stdout, Buffer.from('\n'), res.stderr]);
}

/** Grey frames at `width`×`height` (W×H by default) as Float32Arrays. */
function greyFrames(input: string, filters: string[], width = W, height = H): Float32Array[] {
  const res = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', input, '-fps_mode', 'passthrough', '-vf', [...filters, `scale=${width}:${height}:flags=area`, 'format=gray'].join(','), '-f', 'rawvideo', '-'],
    { maxBuffer: 1 << 30 },
  );
  if (res.error) throw new Error(`could not run ffmpeg: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`ffmpeg could not read ${input}: ${res.stderr.toString().slice(-2000)}`);
  const size = width * height;
  const frames: Float32Array[] = [];
  for (let off = 0; off + size <= res.stdout.length; off += size) frames.push(Float32Array.from(res.stdout.subarray(off, off + size)));
  return frames;
}

/** The A reference (the clear 360p rendition, init + segments in order): pictures and timecodes. */
function referenceFrames(): { pictures: Float32Array[]; timecodes: Float32Array[] } {
  const tmp = mkdtempSync(join(tmpdir(), 's72-recover-'));
  try {
    const segments = readdirSync(REFERENCE).filter((f) => /^seg-\d+\.m4s$/.test(f)).sort();
    const file = join(tmp, 'reference.mp4');
    writeFileSync(file, Buffer.concat([join(REFERENCE, 'init.m4s'), ...segments.map((s) => join(REFERENCE, s))].map((f) => readFileSync(f))));
    return { pictures: greyFrames(file, []), timecodes: greyFrames(file, [TIMECODE_CROP], TC_W, TC_H) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The picture's area in the capture, by ffmpeg's cropdetect (the most frequent answer). */
function detectCrop(input: string): string | null {
  const out = run(['-i', input, '-vf', 'cropdetect=limit=24:round=2:reset=0', '-f', 'null', '-']).toString();
  const counts = new Map<string, number>();
  for (const m of out.matchAll(/crop=(\d+:\d+:\d+:\d+)/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : null;
}

/**
 * Least-squares fit of `y ≈ c0 + c1·x + c2·x²` over the pixels (x: the capture, y: the target): the
 * capture brought to the target's levels and gamma.
 */
function toneFit(x: Float32Array, y: Float32Array, keep?: Uint8Array): Float32Array {
  // Normal equations for a quadratic in x/255.
  const s = new Float64Array(5);
  const t = new Float64Array(3);
  for (let i = 0; i < x.length; i++) {
    if (keep && !keep[i]) continue;
    const u = x[i]! / 255;
    let p = 1;
    for (let k = 0; k < 5; k++) {
      s[k]! += p;
      if (k < 3) t[k]! += p * y[i]!;
      p *= u;
    }
  }
  const m = [
    [s[0]!, s[1]!, s[2]!, t[0]!],
    [s[1]!, s[2]!, s[3]!, t[1]!],
    [s[2]!, s[3]!, s[4]!, t[2]!],
  ];
  for (let c = 0; c < 3; c++) {
    let pivot = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const d = m[c]![c]! || 1e-12;
    for (let r = 0; r < 3; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / d;
      for (let k = c; k < 4; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const coef = [0, 1, 2].map((k) => m[k]![3]! / (m[k]![k]! || 1e-12));
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const u = x[i]! / 255;
    out[i] = coef[0]! + coef[1]! * u + coef[2]! * u * u;
  }
  return out;
}

/** W×H → (W/3)×(H/3) by 3×3 means. */
function coarse(f: Float32Array): Float32Array {
  const cw = W / 3;
  const out = new Float32Array(cw * (H / 3));
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out[Math.floor(y / 3) * cw + Math.floor(x / 3)]! += f[y * W + x]!;
  return out;
}

function normalised(v: Float32Array): Float32Array {
  let mean = 0;
  for (const x of v) mean += x;
  mean /= v.length;
  let norm = 0;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) {
    out[i] = v[i]! - mean;
    norm += out[i]! * out[i]!;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) out[i] = out[i]! / norm;
  return out;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function recover(input: string, options: { crop?: string } = {}): RecoverResult {
  const crop = options.crop ?? detectCrop(input);
  const cropFilters = crop ? [`crop=${crop}`] : [];
  const capture = greyFrames(input, cropFilters);
  const captureTimecodes = greyFrames(input, [...cropFilters, TIMECODE_CROP], TC_W, TC_H).map(normalised);
  const { pictures: reference, timecodes } = referenceFrames();
  const refTimecodes = timecodes.map(normalised);
  if (capture.length === 0) throw new Error('no frames in the capture');

  // The static background (mean A frame): alignment looks at what moves.
  const background = new Float32Array(W * H);
  for (const f of reference) for (let i = 0; i < f.length; i++) background[i]! += f[i]! / reference.length;
  const moving = (f: Float32Array): Float32Array => normalised(f.map((v, i) => v - background[i]!));
  const refMoving = reference.map(moving);
  const refCoarse = refMoving.map((f) => normalised(coarse(f)));

  // 3. Best A frame per capture frame (after bringing the capture to A's levels): the best
  // candidates by the moving parts at 32x18, then by the moving parts at 96x54 plus the timecode.
  const dot = (a: Float32Array, b: Float32Array): number => {
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
    return sum;
  };
  const matches = capture.map((frame, i) => {
    const m = moving(toneFit(frame, background));
    const mc = normalised(coarse(m));
    const tc = captureTimecodes[i] ?? new Float32Array(TC_W * TC_H);
    const candidates = refCoarse
      .map((r, j) => [dot(r, mc), j] as const)
      .sort((a, b) => b[0] - a[0])
      .slice(0, CANDIDATES)
      .map(([, j]) => j);
    let best = { j: -1, score: -Infinity, timecode: 0 };
    for (const j of candidates) {
      const timecode = dot(refTimecodes[j]!, tc);
      const score = dot(refMoving[j]!, m) + timecode;
      if (score > best.score) best = { j, score, timecode };
    }
    return best;
  });
  const matched = matches.map((m) => m.j);
  // Keep frames whose timecode matches well (not an end screen or an overlay), that are part of
  // playback, and whose match agrees with their neighbours' (it advances about a frame per frame).
  const trusted = matches.map(({ j, timecode }, i) => {
    const window = matched.slice(Math.max(0, i - 4), i + 5).map((k, w) => k - (Math.max(0, i - 4) + w - i));
    // A still picture (the poster before playback, a stall) is not playback: its frame may be one
    // the session never fetched.
    const around = matched.slice(Math.max(0, i - 6), i + 7);
    const moving = Math.max(...around) - Math.min(...around) >= 4;
    return timecode >= MIN_TIMECODE_MATCH && moving && Math.abs(median(window) - j) <= 2 * FPS * 0.25;
  });

  // 4. Per usable frame, its residual over its A frame on the still pixels.
  const usable: { segment: number; residual: Float32Array; still: Uint8Array }[] = [];
  capture.forEach((frame, i) => {
    const j = matched[i]!;
    if (!trusted[i] || j < 0) return;
    const inSegment = j % SEGMENT_FRAMES;
    if (inSegment < CUT_GUARD_FRAMES || inSegment >= SEGMENT_FRAMES - CUT_GUARD_FRAMES) return;
    const segment = Math.floor(j / SEGMENT_FRAMES);
    if (segment >= CODE_BITS) return;
    usable.push({ segment, ...residualOver(frame, reference[j]!, background) });
  });
  // What the capture adds everywhere and always (its colour matrix and scaling, the page's visible
  // viewer id, a control bar's scrim): each pixel's median residual over the capture, taken out.
  const bias = new Float32Array(W * H);
  for (let p = 0; p < bias.length; p++) {
    const values = usable.filter((u) => u.still[p]).map((u) => u.residual[p]!);
    bias[p] = values.length ? median(values) : 0;
  }
  const pattern = markPattern(W, H);
  const perSegment: number[][] = Array.from({ length: CODE_BITS }, () => []);
  for (const u of usable) perSegment[u.segment]!.push(markScore(u.residual.map((r, p) => r - bias[p]!), u.still, pattern));
  const framesUsed = usable.length;
  // A segment needs a few frames to count (a stray match is not a segment).
  const scores = perSegment.map((s) => s.filter(Number.isFinite)).map((s) => (s.length >= 3 ? median(s) : null));
  const decoded = decodeScores(scores);
  return {
    ...decoded,
    scores,
    framesPerSegment: perSegment.map((s) => s.length),
    framesUsed,
    framesTotal: capture.length,
    crop,
    viewers: decoded.id === null ? [] : demoViewers().filter((u) => forensicIdOf(u) === decoded.id),
  };
}

/**
 * A capture frame's residual over its A frame, on the pixels that are still in that frame (the
 * colour bars, not the moving line, box or timecode: there a different sharpness or a frame's
 * misalignment leave nothing): the capture brought to A's tone curve (levels, gamma) by a fit that
 * leaves out, twice, pixels far beyond the mark's strength (the player's controls, the page's
 * visible viewer id, a rendition label that differs from the reference's).
 */
function residualOver(frame: Float32Array, ref: Float32Array, background: Float32Array): { residual: Float32Array; still: Uint8Array } {
  const still = Uint8Array.from(ref, (v, p) => (Math.abs(v - background[p]!) <= STILL_LEVELS ? 1 : 0));
  let keep = still;
  let fitted = toneFit(frame, ref, keep);
  for (let pass = 0; pass < 2; pass++) {
    keep = still.map((k, p) => (k && Math.abs(fitted[p]! - ref[p]!) <= OUTLIER_LEVELS ? 1 : 0));
    fitted = toneFit(frame, ref, keep);
  }
  return { residual: fitted.map((v, p) => v - ref[p]!), still };
}

/**
 * How much of the mark a residual carries: fitted as `a + b·mark` by least squares over the still
 * pixels within {@link OUTLIER_LEVELS}; returns b (about 0 for A, about the mark's strength (times the capture's gain) for B).
 */
function markScore(residual: Float32Array, still: Uint8Array, pattern: Float32Array): number {
  let n = 0;
  let sp = 0;
  let sr = 0;
  let spp = 0;
  let spr = 0;
  for (let p = 0; p < residual.length; p++) {
    const r = residual[p]!;
    if (!still[p] || Math.abs(r) > OUTLIER_LEVELS) continue;
    const m = pattern[p]!;
    n++;
    sp += m;
    sr += r;
    spp += m * m;
    spr += m * r;
  }
  const den = n * spp - sp * sp;
  return n < residual.length / 4 || den === 0 ? NaN : (n * spr - sp * sr) / den;
}

function demoViewers(): number[] {
  const catalogue = JSON.parse(readFileSync(join(ROOT, 'demo/catalogue.json'), 'utf8')) as { viewers?: { user_id: number }[] };
  return (catalogue.viewers ?? []).map((v) => v.user_id);
}

function main(argv: string[]): number {
  const args = [...argv];
  const json = args.includes('--json');
  const cropAt = args.indexOf('--crop');
  const crop = cropAt >= 0 ? args[cropAt + 1] : undefined;
  const input = args.find((a, i) => !a.startsWith('--') && (cropAt < 0 || i !== cropAt + 1));
  if (!input) {
    console.error('usage: npm run forensic:recover -- <capture> [--crop W:H:X:Y] [--json]');
    return 2;
  }
  const result = recover(input, crop ? { crop } : {});
  if (json) console.log(JSON.stringify(result));
  else {
    console.log(`capture: ${input} (${result.framesUsed} of ${result.framesTotal} frames read, picture ${result.crop ?? 'whole frame'})`);
    console.log(`segments: ${result.bits.map((b) => (b === null ? '.' : b ? 'B' : 'A')).join('')} (${result.erasures} missing)`);
    console.log(`best codeword: correlation ${result.correlation.toFixed(3)} (runner-up ${result.runnerUp.toFixed(3)}), ${result.errors} segment(s) disagree`);
    if (result.id === null) console.log('no forensic id: the mark is not readable in this capture');
    else console.log(`forensic id: ${result.id}${result.viewers.length ? ` (demo viewer ${result.viewers.join(', ')})` : ''}`);
  }
  return result.id === null ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
