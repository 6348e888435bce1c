// Independent reader for what encrypt.ts writes: checks the protection boxes of a 'cenc' segment and
// decrypts its samples (used by verify-media.ts to prove every fragment round-trips to the clear one).
import { createDecipheriv } from 'node:crypto';
import { type Box, boxSize, child, findAll, parseBoxes, parseTfhd, parseTrun, requireChild, type TrackDefaults } from './mp4.js';

export interface SencEntry {
  iv: Buffer;
  subsamples: { clear: number; protected: number }[] | null;
}

export function parseSenc(senc: Box, ivSize: number): SencEntry[] {
  const d = senc.data;
  const flags = d.readUInt32BE(0) & 0xffffff;
  const count = d.readUInt32BE(4);
  let p = 8;
  const out: SencEntry[] = [];
  for (let i = 0; i < count; i++) {
    const iv = Buffer.from(d.subarray(p, p + ivSize));
    p += ivSize;
    let subsamples: SencEntry['subsamples'] = null;
    if (flags & 2) {
      const n = d.readUInt16BE(p);
      p += 2;
      subsamples = [];
      for (let k = 0; k < n; k++) {
        subsamples.push({ clear: d.readUInt16BE(p), protected: d.readUInt32BE(p + 2) });
        p += 6;
      }
    }
    out.push({ iv, subsamples });
  }
  if (p !== d.length) throw new Error(`senc: ${d.length - p} trailing bytes`);
  return out;
}

/**
 * Decrypts a 'cenc' media segment and returns its sample payloads (in order), after checking that
 * saiz/saio agree with senc (saio must point at the first IV, relative to the moof start).
 */
export function decryptSegmentSamples(segment: Buffer, track: TrackDefaults, key: Buffer, ivSize: number): Buffer[] {
  const boxes = parseBoxes(segment);
  const samples: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < boxes.length; i++) {
    const moof = boxes[i]!;
    const moofStart = offset;
    offset += boxSize(moof);
    if (moof.type !== 'moof') continue;
    const traf = findAll([moof], 'moof/traf')[0];
    if (!traf) throw new Error('no traf');
    const senc = child(traf, 'senc');
    const saiz = child(traf, 'saiz');
    const saio = child(traf, 'saio');
    if (!senc || !saiz || !saio) throw new Error('fragment without senc/saiz/saio');
    const entries = parseSenc(senc, ivSize);
    // saio -> first IV
    const saioOffset = saio.data.readUInt32BE(8);
    if (!segment.subarray(moofStart + saioOffset, moofStart + saioOffset + ivSize).equals(entries[0]!.iv)) {
      throw new Error('saio does not point at the first IV in senc');
    }
    const defaultSize = saiz.data.readUInt8(4);
    const saizCount = saiz.data.readUInt32BE(5);
    if (saizCount !== entries.length) throw new Error('saiz sample_count differs from senc');
    entries.forEach((e, k) => {
      const size = ivSize + (e.subsamples ? 2 + 6 * e.subsamples.length : 0);
      const declared = defaultSize || saiz.data.readUInt8(9 + k);
      if (declared !== size) throw new Error(`saiz size ${declared} != ${size} for sample ${k}`);
    });
    const tfhd = parseTfhd(requireChild(traf, 'tfhd'));
    let n = 0;
    for (const trunBox of traf.children!.filter((c) => c.type === 'trun')) {
      const trun = parseTrun(trunBox);
      let pos = moofStart + (trun.dataOffset ?? 0);
      for (const s of trun.samples) {
        const size = s.size ?? tfhd.defaultSampleSize ?? track.defaultSampleSize;
        const sample = Buffer.from(segment.subarray(pos, pos + size));
        const e = entries[n++];
        if (!e) throw new Error('more samples than senc entries');
        const counter = Buffer.alloc(16);
        e.iv.copy(counter);
        const decipher = createDecipheriv('aes-128-ctr', key, counter);
        const subs = e.subsamples ?? [{ clear: 0, protected: size }];
        let p = 0;
        for (const sub of subs) {
          p += sub.clear;
          decipher.update(sample.subarray(p, p + sub.protected)).copy(sample, p);
          p += sub.protected;
        }
        if (p !== size) throw new Error(`subsamples cover ${p} of ${size} bytes`);
        samples.push(sample);
        pos += size;
      }
    }
    if (n !== entries.length) throw new Error('fewer samples than senc entries');
  }
  return samples;
}

/** Sample payloads of a clear segment. */
export function clearSegmentSamples(segment: Buffer, track: TrackDefaults): Buffer[] {
  const boxes = parseBoxes(segment);
  const samples: Buffer[] = [];
  let offset = 0;
  for (const moof of boxes) {
    const moofStart = offset;
    offset += boxSize(moof);
    if (moof.type !== 'moof') continue;
    for (const traf of findAll([moof], 'moof/traf')) {
      const tfhd = parseTfhd(requireChild(traf, 'tfhd'));
      for (const trunBox of traf.children!.filter((c) => c.type === 'trun')) {
        const trun = parseTrun(trunBox);
        let pos = moofStart + (trun.dataOffset ?? 0);
        for (const s of trun.samples) {
          const size = s.size ?? tfhd.defaultSampleSize ?? track.defaultSampleSize;
          samples.push(Buffer.from(segment.subarray(pos, pos + size)));
          pos += size;
        }
      }
    }
  }
  return samples;
}
