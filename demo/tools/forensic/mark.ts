/**
 * Session-based A/B forensic marking of the demo film (issue 27 item 3): what the packager
 * (make-variants.ts), the storefront's media route (demo/server/forensic.ts) and the recovery tool
 * (demo/tools/forensic-recover.ts) share.
 *
 * - Every video segment of the CENC DASH film exists twice: A (the normal segment) and B (the same
 *   picture plus a faint, smooth luminance pattern, {@link markPattern}, at most ±{@link MARK_LEVELS}
 *   levels of 255), encoded with the same encoder settings, so either can follow the other.
 * - A play session is served, for segment number n (1-based), variant B when bit n-1 of its viewer's
 *   codeword is 1, else A. The same bit goes to every rendition, so quality switches do not matter.
 * - The codeword is the viewer's 10-bit forensic id encoded with the BCH(31,11) code shortened to
 *   30 bits (minimum distance 11), XORed with a fixed mask (so that no viewer gets "all A").
 *   A capture decodes correctly when 2·(wrong segments) + (missing segments) ≤ 10: up to 5 segments
 *   read wrongly, or up to 10 segments missing (about 20 s of the 60 s film), or a mix.
 */
import { createHash } from 'node:crypto';

/** Segments of the demo film that carry a bit: 30 segments of 2 s. */
export const CODE_BITS = 30;
/** Bits of the forensic id. */
export const ID_BITS = 10;
/** Minimum Hamming distance between two codewords (checked by test/server/forensic.test.ts). */
export const CODE_DISTANCE = 11;
/** Peak amplitude of the pattern, in 8-bit luma levels (added to Y before scaling and encoding). */
export const MARK_LEVELS = 4;

/** Generator polynomial of the binary BCH(31,11) code, t = 5 (octal 5423325, degree 20). */
const BCH_GENERATOR = 0o5423325;
const PARITY_BITS = 20;
/** Fixed scrambling mask (a coset of the code: distances are unchanged). */
const MASK = 0x2b5c71a3 & ((1 << CODE_BITS) - 1);

/** Systematic BCH encoding: the id's bits followed by the 20 parity bits, as a 30-bit number. */
function bchEncode(message: number): number {
  let remainder = message * 2 ** PARITY_BITS;
  for (let bit = CODE_BITS - 1; bit >= PARITY_BITS; bit--) {
    if (Math.floor(remainder / 2 ** bit) % 2 === 1) remainder ^= BCH_GENERATOR * 2 ** (bit - PARITY_BITS);
  }
  return message * 2 ** PARITY_BITS + remainder;
}

/** The 30 A/B bits of a forensic id: element k is the variant (0 = A, 1 = B) of segment number k + 1. */
export function codeword(forensicId: number): number[] {
  if (!Number.isInteger(forensicId) || forensicId < 0 || forensicId >= 2 ** ID_BITS) throw new RangeError('forensic id out of range');
  const word = (bchEncode(forensicId) ^ MASK) >>> 0;
  return Array.from({ length: CODE_BITS }, (_, k) => (word >>> k) & 1);
}

/** All codewords, by forensic id. */
export function allCodewords(): number[][] {
  return Array.from({ length: 2 ** ID_BITS }, (_, id) => codeword(id));
}

/**
 * The forensic id of a storefront viewer (user id): a hash cut to 10 bits. 1024 ids are enough to
 * tell the demo's viewers apart; a real deployment allocates ids from a registry and, with a film of
 * thousands of segments, uses far longer codes (see the README).
 */
export function forensicIdOf(userId: number): number {
  return createHash('sha256').update(`s72-forensic-id:${userId}`).digest().readUInt16BE(0) >> (16 - ID_BITS);
}

export interface DecodeResult {
  /** Best forensic id, or null when the capture carries no readable mark. */
  id: number | null;
  /** Pearson correlation of the segment scores with the best codeword (1 = perfect). */
  correlation: number;
  /** Correlation of the runner-up codeword. */
  runnerUp: number;
  /** Segments whose hard decision disagrees with the best codeword. */
  errors: number;
  /** Segments with no score (not in the capture). */
  erasures: number;
  /** Hard decisions per segment (null = erased). */
  bits: (number | null)[];
}

function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/**
 * Soft-decision maximum-likelihood decoding: `scores[k]` is how much segment k+1 of the capture looks
 * like variant B (any scale and offset; null when the segment was not captured). Every one of the 1024
 * codewords is tried; the one best correlated with the scores wins, if its hard-decision distance is
 * within what the code corrects given the erasures (2·errors + erasures < {@link CODE_DISTANCE}).
 */
export function decodeScores(scores: readonly (number | null)[]): DecodeResult {
  const seen = scores.flatMap((s, k) => (s === null || !Number.isFinite(s) ? [] : [k]));
  const erasures = CODE_BITS - seen.length;
  const xs = seen.map((k) => scores[k]!);
  let best = { id: -1, r: -Infinity };
  let runnerUp = -Infinity;
  allCodewords().forEach((word, id) => {
    const r = pearson(xs, seen.map((k) => word[k]!));
    if (r > best.r) {
      runnerUp = best.r;
      best = { id, r };
    } else if (r > runnerUp) runnerUp = r;
  });
  const bits: (number | null)[] = Array.from({ length: CODE_BITS }, () => null);
  let errors = 0;
  if (best.id >= 0 && seen.length > 0) {
    const word = codeword(best.id);
    const ones = seen.filter((k) => word[k] === 1).map((k) => scores[k]!);
    const zeros = seen.filter((k) => word[k] === 0).map((k) => scores[k]!);
    const mean = (v: number[]): number => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
    const threshold = (mean(ones) + mean(zeros)) / 2;
    for (const k of seen) {
      bits[k] = scores[k]! > threshold ? 1 : 0;
      if (bits[k] !== word[k]) errors++;
    }
  }
  const ok = best.id >= 0 && best.r > 0 && 2 * errors + erasures < CODE_DISTANCE;
  return { id: ok ? best.id : null, correlation: best.r, runnerUp, errors, erasures, bits };
}

/**
 * The mark: a smooth pattern in [-1, 1] over the picture (at most 3 cycles across it, so it survives
 * downscaling, blur and lossy re-encoding), sampled at `width`×`height`, row-major.
 */
export function markPattern(width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const raw = (u: number, v: number): number =>
    Math.cos(2 * Math.PI * (2 * u + v) + 0.7) + Math.cos(2 * Math.PI * (2 * v - u) + 1.9) + 0.8 * Math.cos(2 * Math.PI * (3 * u - v) + 2.6);
  let peak = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = raw((x + 0.5) / width, (y + 0.5) / height);
      out[y * width + x] = value;
      peak = Math.max(peak, Math.abs(value));
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / peak;
  return out;
}
