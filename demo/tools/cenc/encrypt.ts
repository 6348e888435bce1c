// A small Common Encryption ('cenc' scheme, AES-128-CTR) packager step for ffmpeg's fragmented MP4.
//
// Why this exists: Debian's ffmpeg 5.1 writes the sample-encryption boxes (senc/saiz/saio) only into
// the first fragment of fragmented output, so Chromium rejects later segments with "Sample encryption
// info is not available". We therefore let ffmpeg produce clear fMP4 and encrypt it here:
//  - init segment: avc1 -> encv / mp4a -> enca + sinf(frma, schm 'cenc' 1.0, schi/tenc), and a
//    version-1 W3C Common PSSH ('cenc' init data for EME ClearKey) in moov;
//  - media segment: samples encrypted in place; per traf a senc (8-byte IVs, subsamples for video),
//    saiz and saio; trun data_offset, sidx referenced_size and every box size fixed up.
//
// Video subsamples (ISO/IEC 23001-7 'cenc' with AVC): each NAL's length prefix and 1-byte NAL header
// stay clear; non-VCL NALs (anything but types 1 and 5: SPS, PPS, SEI, AUD, ...) stay entirely clear;
// the body of a VCL NAL is encrypted from the end backwards in whole 16-byte blocks, i.e. the clear
// part is header + (body % 16) bytes, so BytesOfProtectedData is always a multiple of 16. VCL NALs
// whose body is shorter than 16 bytes stay clear. Audio samples are encrypted whole (no subsamples).
import { createCipheriv } from 'node:crypto';
import {
  type Box,
  type TrackDefaults,
  boxSize,
  child,
  container,
  find,
  findAll,
  fullBoxData,
  leaf,
  parseBoxes,
  parseTfhd,
  parseTrun,
  readInitTracks,
  requireChild,
  serializeBoxes,
  TFHD_BASE_DATA_OFFSET,
} from './mp4.js';

/** W3C "Common PSSH box format" system id (what Chromium's ClearKey reads as 'cenc' init data). */
export const COMMON_SYSTEM_ID = '1077efecc0b24d02ace33c1e52e2fb4b';
/** DASH-IF ClearKey system id. */
export const CLEARKEY_SYSTEM_ID = 'e2719d58a985b3c9781ab030af78d30e';
export const IV_SIZE = 8;

export interface CencKey {
  /** 16-byte key id. */
  kid: Buffer;
  /** 16-byte AES-128 content key. */
  key: Buffer;
}

function hex16(hex: string, what: string): Buffer {
  const clean = hex.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(clean)) throw new Error(`cenc: ${what} must be 16 bytes of hex, got '${hex}'`);
  return Buffer.from(clean, 'hex');
}

export function cencKey(kidHex: string, keyHex: string): CencKey {
  return { kid: hex16(kidHex, 'KID'), key: hex16(keyHex, 'key') };
}

/** 8-4-4-4-12 UUID form of a 16-byte id (for cenc:default_KID). */
export function uuidString(id: Buffer): string {
  const h = id.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A 'pssh' box; version 1 carries the KIDs (W3C common format), `data` is the system-specific payload. */
export function psshBox(systemIdHex: string, kids: Buffer[], data: Buffer = Buffer.alloc(0), version = 1): Buffer {
  const parts: Buffer[] = [hex16(systemIdHex, 'system id')];
  if (version === 1) {
    const n = Buffer.alloc(4);
    n.writeUInt32BE(kids.length, 0);
    parts.push(n, ...kids);
  }
  const size = Buffer.alloc(4);
  size.writeUInt32BE(data.length, 0);
  parts.push(size, data);
  return serializeBoxes([leaf('pssh', fullBoxData(version, 0, Buffer.concat(parts)))]);
}

function sinfBox(originalFormat: string, kid: Buffer): Box {
  const frma = leaf('frma', Buffer.from(originalFormat, 'latin1'));
  const schmBody = Buffer.alloc(8);
  schmBody.write('cenc', 0, 'latin1');
  schmBody.writeUInt32BE(0x00010000, 4);
  const schm = leaf('schm', fullBoxData(0, 0, schmBody));
  // tenc v0: reserved(8) reserved(8) default_isProtected(8) default_Per_Sample_IV_Size(8) default_KID(128)
  const tencBody = Buffer.concat([Buffer.from([0, 0, 1, IV_SIZE]), kid]);
  const tenc = leaf('tenc', fullBoxData(0, 0, tencBody));
  return container('sinf', [frma, schm, container('schi', [tenc])]);
}

const ENCRYPTED_ENTRY: Record<string, string> = { avc1: 'encv', avc3: 'encv', mp4a: 'enca' };

/** Turns a clear init segment (ftyp+moov) into a 'cenc'-protected one. */
export function encryptInitSegment(init: Buffer, key: CencKey): Buffer {
  const boxes = parseBoxes(init);
  const moov = boxes.find((b) => b.type === 'moov');
  if (!moov?.children) throw new Error('cenc: init segment has no moov');
  for (const stsd of findAll(boxes, 'moov/trak/mdia/minf/stbl/stsd')) {
    for (const entry of stsd.children ?? []) {
      const protectedType = ENCRYPTED_ENTRY[entry.type];
      if (!protectedType || !entry.children) throw new Error(`cenc: unsupported sample entry '${entry.type}'`);
      entry.children.push(sinfBox(entry.type, key.kid));
      entry.type = protectedType;
    }
  }
  // Drop any pssh ffmpeg might have written, then add ours right after mvhd.
  moov.children = moov.children.filter((b) => b.type !== 'pssh');
  const mvhdAt = moov.children.findIndex((b) => b.type === 'mvhd');
  const pssh = parseBoxes(psshBox(COMMON_SYSTEM_ID, [key.kid]));
  moov.children.splice(mvhdAt + 1, 0, ...pssh);
  return serializeBoxes(boxes);
}

/** Subsample map entry: clear bytes followed by protected bytes. */
export interface Subsample {
  clear: number;
  protected: number;
}

/** Subsamples for one AVC sample (length-prefixed NAL units), following the rules at the top of this file. */
export function avcSubsamples(sample: Buffer, nalLengthSize: number): Subsample[] {
  const out: Subsample[] = [];
  let pendingClear = 0;
  const pushEntry = (clear: number, prot: number): void => {
    // clear is a 16-bit field: spill long clear runs into (65535, 0) entries.
    while (clear > 0xffff) {
      out.push({ clear: 0xffff, protected: 0 });
      clear -= 0xffff;
    }
    out.push({ clear, protected: prot });
  };
  let pos = 0;
  while (pos < sample.length) {
    if (pos + nalLengthSize > sample.length) throw new Error('cenc: truncated NAL length');
    const nalSize = sample.readUIntBE(pos, nalLengthSize);
    const total = nalLengthSize + nalSize;
    if (nalSize < 1 || pos + total > sample.length) throw new Error(`cenc: bad NAL size ${nalSize} at ${pos}`);
    const nalType = sample[pos + nalLengthSize]! & 0x1f;
    const body = nalSize - 1;
    if ((nalType === 1 || nalType === 5) && body >= 16) {
      const prot = body - (body % 16);
      pushEntry(pendingClear + total - prot, prot);
      pendingClear = 0;
    } else {
      pendingClear += total;
    }
    pos += total;
  }
  if (pendingClear > 0 || out.length === 0) pushEntry(pendingClear, 0);
  return out;
}

/**
 * Encrypts the protected ranges of one sample in place, as a single AES-CTR stream: the counter block is
 * IV (8 bytes) || block counter (8 bytes, from 0) and keeps running across subsamples.
 */
function ctrEncrypt(data: Buffer, subsamples: Subsample[], key: Buffer, iv: Buffer): void {
  const counter = Buffer.alloc(16);
  iv.copy(counter, 0);
  const cipher = createCipheriv('aes-128-ctr', key, counter);
  const run = (from: number, len: number): void => {
    if (len === 0) return;
    const enc = cipher.update(data.subarray(from, from + len));
    enc.copy(data, from);
  };
  let pos = 0;
  for (const s of subsamples) {
    pos += s.clear;
    run(pos, s.protected);
    pos += s.protected;
  }
  cipher.final();
}

/** Per-track encryption state: the IV counter must never repeat under one key. */
export class TrackEncryptor {
  private sampleCounter = 0n;

  /**
   * @param track track defaults from the clear init segment
   * @param ivPrefix distinguishes tracks sharing the key: the IV is (ivPrefix << 40) + sample number
   */
  constructor(
    private readonly track: TrackDefaults,
    private readonly key: CencKey,
    private readonly ivPrefix: number,
  ) {
    if (ivPrefix < 0 || ivPrefix > 0xffffff) throw new Error('cenc: ivPrefix must fit in 24 bits');
  }

  static fromInit(init: Buffer, key: CencKey, ivPrefix: number): TrackEncryptor {
    const tracks = readInitTracks(parseBoxes(init));
    if (tracks.length !== 1) throw new Error(`cenc: expected one track per init segment, got ${tracks.length}`);
    return new TrackEncryptor(tracks[0]!, key, ivPrefix);
  }

  private nextIv(): Buffer {
    const iv = Buffer.alloc(IV_SIZE);
    iv.writeBigUInt64BE((BigInt(this.ivPrefix) << 40n) + this.sampleCounter, 0);
    this.sampleCounter += 1n;
    return iv;
  }

  /** Encrypts one media segment ([styp] [sidx] (moof mdat)+). Segments must be fed in order. */
  encryptSegment(segment: Buffer): Buffer {
    const boxes = parseBoxes(segment);
    const offsets: number[] = [];
    let off = 0;
    for (const b of boxes) {
      offsets.push(off);
      off += boxSize(b);
    }
    const isVideo = this.track.nalLengthSize > 0;
    const moofDeltas: number[] = [];

    boxes.forEach((moof, i) => {
      if (moof.type !== 'moof') return;
      const moofStart = offsets[i]!;
      const mdatIndex = boxes.findIndex((b, j) => j > i && b.type === 'mdat');
      if (mdatIndex < 0) throw new Error('cenc: moof without following mdat');
      const mdat = boxes[mdatIndex]!;
      const mdatPayloadStart = offsets[mdatIndex]! + 8;
      const oldMoofSize = boxSize(moof);

      const trafs = moof.children!.filter((b) => b.type === 'traf');
      if (trafs.length !== 1) throw new Error(`cenc: expected one traf per moof, got ${trafs.length}`);
      const traf = trafs[0]!;
      if (child(traf, 'senc') || child(traf, 'saiz') || child(traf, 'saio')) throw new Error('cenc: traf is already encrypted');
      const tfhd = parseTfhd(requireChild(traf, 'tfhd'));
      if (tfhd.flags & TFHD_BASE_DATA_OFFSET) throw new Error('cenc: explicit base_data_offset is not supported');
      // With default-base-is-moof (what ffmpeg writes) the base is the moof start; without the flag it
      // is too, for the first (here: only) traf of a moof.

      const sencEntries: Buffer[] = [];
      const dataPos = moofStart; // base-data-offset = moof start
      let nextPos: number | null = null;
      const truns = traf.children!.filter((b) => b.type === 'trun');
      for (const trunBox of truns) {
        const trun = parseTrun(trunBox);
        let pos: number = trun.dataOffset !== undefined ? dataPos + trun.dataOffset : (nextPos ?? dataPos);
        for (const s of trun.samples) {
          const size = s.size ?? tfhd.defaultSampleSize ?? this.track.defaultSampleSize;
          const rel = pos - mdatPayloadStart;
          if (rel < 0 || rel + size > mdat.data.length) throw new Error('cenc: sample outside mdat');
          const sample = mdat.data.subarray(rel, rel + size);
          const iv = this.nextIv();
          if (isVideo) {
            const subs = avcSubsamples(sample, this.track.nalLengthSize);
            ctrEncrypt(sample, subs, this.key.key, iv);
            const e = Buffer.alloc(IV_SIZE + 2 + subs.length * 6);
            iv.copy(e, 0);
            e.writeUInt16BE(subs.length, IV_SIZE);
            subs.forEach((sub, k) => {
              e.writeUInt16BE(sub.clear, IV_SIZE + 2 + k * 6);
              e.writeUInt32BE(sub.protected, IV_SIZE + 4 + k * 6);
            });
            sencEntries.push(e);
          } else {
            ctrEncrypt(sample, [{ clear: 0, protected: size }], this.key.key, iv);
            sencEntries.push(iv);
          }
          pos += size;
        }
        nextPos = pos;
      }

      // senc (flags 0x2 = subsample info present), saiz, saio.
      const count = Buffer.alloc(4);
      count.writeUInt32BE(sencEntries.length, 0);
      const senc = leaf('senc', fullBoxData(0, isVideo ? 2 : 0, Buffer.concat([count, ...sencEntries])));
      const sizes = sencEntries.map((e) => e.length);
      const uniform = sizes.every((s) => s === sizes[0]);
      const saizBody = Buffer.alloc(5 + (uniform ? 0 : sizes.length));
      saizBody.writeUInt8(uniform ? sizes[0] ?? 0 : 0, 0);
      saizBody.writeUInt32BE(sizes.length, 1);
      if (!uniform) sizes.forEach((s, k) => saizBody.writeUInt8(s, 5 + k));
      const saiz = leaf('saiz', fullBoxData(0, 0, saizBody));
      const saioBody = Buffer.alloc(8);
      saioBody.writeUInt32BE(1, 0); // entry_count; offset patched below
      const saio = leaf('saio', fullBoxData(0, 0, saioBody));
      traf.children!.push(saiz, saio, senc);

      // The moof grew: shift every trun data_offset (relative to the moof start) by the growth.
      const delta = boxSize(moof) - oldMoofSize;
      for (const trunBox of truns) {
        const trun = parseTrun(trunBox);
        if (trun.dataOffsetField !== undefined) {
          trunBox.data.writeInt32BE(trun.dataOffset! + delta, trun.dataOffsetField);
        }
      }
      // saio: offset of the first IV inside senc, relative to the moof start (default-base-is-moof).
      let p = 8; // moof header
      let sencOffset = -1;
      for (const c of moof.children!) {
        if (c === traf) {
          let q = p + 8;
          for (const t of traf.children!) {
            if (t === senc) sencOffset = q;
            q += boxSize(t);
          }
        }
        p += boxSize(c);
      }
      if (sencOffset < 0) throw new Error('cenc: senc not found after insertion');
      saio.data.writeUInt32BE(sencOffset + 8 + 4 + 4, 8); // header + version/flags + sample_count
      moofDeltas.push(delta);
    });

    // sidx: each reference covers one moof+mdat pair; add that moof's growth to referenced_size.
    const sidx = boxes.find((b) => b.type === 'sidx');
    if (sidx) {
      const d = sidx.data;
      const v = d.readUInt8(0);
      let p = 4 + 4 + 4 + (v === 0 ? 8 : 16);
      const refCount = d.readUInt16BE(p + 2);
      p += 4;
      if (refCount !== moofDeltas.length) throw new Error(`cenc: sidx has ${refCount} references for ${moofDeltas.length} moofs`);
      for (let k = 0; k < refCount; k++) {
        const word = d.readUInt32BE(p);
        const refType = word & 0x80000000;
        const size = word & 0x7fffffff;
        d.writeUInt32BE((refType | (size + moofDeltas[k]!)) >>> 0, p);
        p += 12;
      }
    }
    return serializeBoxes(boxes);
  }
}

/** Convenience for checks: the tenc default_KID of an (encrypted) init segment. */
export function defaultKid(init: Buffer): Buffer | null {
  const boxes = parseBoxes(init);
  for (const entry of findAll(boxes, 'moov/trak/mdia/minf/stbl/stsd')) {
    for (const e of entry.children ?? []) {
      const tenc = find(e.children ?? [], 'sinf/schi/tenc');
      if (tenc) return Buffer.from(tenc.data.subarray(8, 24));
    }
  }
  return null;
}
