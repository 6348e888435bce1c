// Minimal ISO-BMFF (MP4) box tree: parse, edit, serialize. Enough for the demo's CENC step and
// for reading fragment timing (tfdt/trun) out of ffmpeg's fragmented MP4 segments.
// Only 32-bit box sizes are supported (our files are small); anything else is rejected loudly.

/** A box. Containers have `children`; leaves keep their raw payload in `data`. */
export interface Box {
  type: string;
  /** Bytes between the 8-byte header and the children (e.g. FullBox version/flags, sample-entry fields). */
  prefix: Buffer;
  children: Box[] | null;
  /** Payload of a leaf box (everything after the 8-byte header). */
  data: Buffer;
}

/** Boxes that are pure containers (no fields before their children). */
const PURE_CONTAINERS = new Set([
  'moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf', 'edts', 'dinf', 'sinf', 'schi', 'mfra',
]);
const VISUAL_SAMPLE_ENTRIES = new Set(['avc1', 'avc3', 'encv', 'hvc1', 'hev1']);
const AUDIO_SAMPLE_ENTRIES = new Set(['mp4a', 'enca']);

function prefixLength(type: string, payload: Buffer): number | null {
  if (PURE_CONTAINERS.has(type)) return 0;
  if (type === 'stsd') return 8; // FullBox header + entry_count
  if (VISUAL_SAMPLE_ENTRIES.has(type)) return 78;
  if (AUDIO_SAMPLE_ENTRIES.has(type)) {
    // SampleEntry (8) + AudioSampleEntry v0 fields (20); QuickTime sound version 1 adds 16 and version 2 adds 36.
    const version = payload.length >= 10 ? payload.readUInt16BE(8) : 0;
    return version === 1 ? 44 : version === 2 ? 64 : 28;
  }
  return null;
}

/** Parses the boxes in `buf[start, end)`. */
export function parseBoxes(buf: Buffer, start = 0, end = buf.length): Box[] {
  const boxes: Box[] = [];
  let pos = start;
  while (pos < end) {
    if (end - pos < 8) throw new Error(`mp4: truncated box header at ${pos}`);
    const size = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (size === 1 || size === 0) throw new Error(`mp4: unsupported box size ${size} for '${type}' at ${pos}`);
    if (size < 8 || pos + size > end) throw new Error(`mp4: bad size ${size} for '${type}' at ${pos}`);
    const payload = buf.subarray(pos + 8, pos + size);
    const plen = prefixLength(type, payload);
    if (plen === null) {
      boxes.push({ type, prefix: Buffer.alloc(0), children: null, data: Buffer.from(payload) });
    } else {
      boxes.push({
        type,
        prefix: Buffer.from(payload.subarray(0, plen)),
        children: parseBoxes(buf, pos + 8 + plen, pos + size),
        data: Buffer.alloc(0),
      });
    }
    pos += size;
  }
  return boxes;
}

export function boxSize(box: Box): number {
  if (box.children === null) return 8 + box.data.length;
  return 8 + box.prefix.length + box.children.reduce((n, c) => n + boxSize(c), 0);
}

export function serializeBoxes(boxes: Box[]): Buffer {
  const parts: Buffer[] = [];
  const write = (box: Box): void => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(boxSize(box), 0);
    header.write(box.type, 4, 'latin1');
    parts.push(header);
    if (box.children === null) {
      parts.push(box.data);
    } else {
      parts.push(box.prefix);
      box.children.forEach(write);
    }
  };
  boxes.forEach(write);
  return Buffer.concat(parts);
}

/** Makes a leaf box. */
export function leaf(type: string, data: Buffer): Box {
  if (type.length !== 4) throw new Error(`mp4: bad box type '${type}'`);
  return { type, prefix: Buffer.alloc(0), children: null, data };
}

/** Makes a container box. */
export function container(type: string, children: Box[], prefix: Buffer = Buffer.alloc(0)): Box {
  return { type, prefix, children, data: Buffer.alloc(0) };
}

/** FullBox payload: version (8) + flags (24) followed by `body`. */
export function fullBoxData(version: number, flags: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return Buffer.concat([head, body]);
}

export function child(box: Box, type: string): Box | undefined {
  return box.children?.find((c) => c.type === type);
}

export function requireChild(box: Box, type: string): Box {
  const c = child(box, type);
  if (!c) throw new Error(`mp4: '${box.type}' has no '${type}' box`);
  return c;
}

/** Follows a path of box types, e.g. find(boxes, 'moov/trak'); returns every match. */
export function findAll(boxes: Box[], path: string): Box[] {
  const [head, ...rest] = path.split('/');
  const here = boxes.filter((b) => b.type === head);
  if (rest.length === 0) return here;
  return here.flatMap((b) => (b.children ? findAll(b.children, rest.join('/')) : []));
}

export function find(boxes: Box[], path: string): Box | undefined {
  return findAll(boxes, path)[0];
}

// ---------------------------------------------------------------------------------------------
// Fragment fields

export const TFHD_BASE_DATA_OFFSET = 0x000001;
export const TFHD_SAMPLE_DESCRIPTION_INDEX = 0x000002;
export const TFHD_DEFAULT_SAMPLE_DURATION = 0x000008;
export const TFHD_DEFAULT_SAMPLE_SIZE = 0x000010;
export const TFHD_DEFAULT_SAMPLE_FLAGS = 0x000020;
export const TFHD_DURATION_IS_EMPTY = 0x010000;
export const TFHD_DEFAULT_BASE_IS_MOOF = 0x020000;

export const TRUN_DATA_OFFSET = 0x000001;
export const TRUN_FIRST_SAMPLE_FLAGS = 0x000004;
export const TRUN_SAMPLE_DURATION = 0x000100;
export const TRUN_SAMPLE_SIZE = 0x000200;
export const TRUN_SAMPLE_FLAGS = 0x000400;
export const TRUN_SAMPLE_CTO = 0x000800;

export interface Tfhd {
  trackId: number;
  flags: number;
  baseDataOffset?: bigint;
  defaultSampleDuration?: number;
  defaultSampleSize?: number;
}

export function parseTfhd(box: Box): Tfhd {
  const d = box.data;
  const flags = d.readUInt32BE(0) & 0xffffff;
  const out: Tfhd = { trackId: d.readUInt32BE(4), flags };
  let p = 8;
  if (flags & TFHD_BASE_DATA_OFFSET) { out.baseDataOffset = d.readBigUInt64BE(p); p += 8; }
  if (flags & TFHD_SAMPLE_DESCRIPTION_INDEX) p += 4;
  if (flags & TFHD_DEFAULT_SAMPLE_DURATION) { out.defaultSampleDuration = d.readUInt32BE(p); p += 4; }
  if (flags & TFHD_DEFAULT_SAMPLE_SIZE) out.defaultSampleSize = d.readUInt32BE(p);
  return out;
}

export interface TrunSample {
  duration?: number;
  size?: number;
  compositionOffset?: number;
}

export interface Trun {
  version: number;
  flags: number;
  dataOffset?: number;
  /** Byte offset of the data_offset field inside the trun payload (for patching). */
  dataOffsetField?: number;
  samples: TrunSample[];
}

export function parseTrun(box: Box): Trun {
  const d = box.data;
  const version = d.readUInt8(0);
  const flags = d.readUInt32BE(0) & 0xffffff;
  const count = d.readUInt32BE(4);
  let p = 8;
  const out: Trun = { version, flags, samples: [] };
  if (flags & TRUN_DATA_OFFSET) { out.dataOffsetField = p; out.dataOffset = d.readInt32BE(p); p += 4; }
  if (flags & TRUN_FIRST_SAMPLE_FLAGS) p += 4;
  for (let i = 0; i < count; i++) {
    const s: TrunSample = {};
    if (flags & TRUN_SAMPLE_DURATION) { s.duration = d.readUInt32BE(p); p += 4; }
    if (flags & TRUN_SAMPLE_SIZE) { s.size = d.readUInt32BE(p); p += 4; }
    if (flags & TRUN_SAMPLE_FLAGS) p += 4;
    if (flags & TRUN_SAMPLE_CTO) { s.compositionOffset = version === 0 ? d.readUInt32BE(p) : d.readInt32BE(p); p += 4; }
    out.samples.push(s);
  }
  return out;
}

/** tfdt baseMediaDecodeTime. */
export function parseTfdt(box: Box): bigint {
  const d = box.data;
  return d.readUInt8(0) === 1 ? d.readBigUInt64BE(4) : BigInt(d.readUInt32BE(4));
}

/** Track defaults from the init segment's mvex/trex. */
export interface TrackDefaults {
  trackId: number;
  timescale: number;
  handler: string;
  sampleEntry: string;
  defaultSampleDuration: number;
  defaultSampleSize: number;
  /** NAL length field size for AVC tracks (from avcC), else 0. */
  nalLengthSize: number;
}

export function readInitTracks(init: Box[]): TrackDefaults[] {
  const trexes = findAll(init, 'moov/mvex/trex').map((t) => ({
    trackId: t.data.readUInt32BE(4),
    duration: t.data.readUInt32BE(12),
    size: t.data.readUInt32BE(16),
  }));
  return findAll(init, 'moov/trak').map((trak) => {
    const tkhd = find([trak], 'trak/tkhd');
    const mdhd = find([trak], 'trak/mdia/mdhd');
    const hdlr = find([trak], 'trak/mdia/hdlr');
    const stsd = find([trak], 'trak/mdia/minf/stbl/stsd');
    if (!tkhd || !mdhd || !hdlr || !stsd?.children?.length) throw new Error('mp4: incomplete trak in init segment');
    const trackId = tkhd.data.readUInt8(0) === 1 ? tkhd.data.readUInt32BE(20) : tkhd.data.readUInt32BE(12);
    const timescale = mdhd.data.readUInt8(0) === 1 ? mdhd.data.readUInt32BE(20) : mdhd.data.readUInt32BE(12);
    const entry = stsd.children[0]!;
    let nalLengthSize = 0;
    const avcC = entry.children?.find((c) => c.type === 'avcC');
    if (avcC) nalLengthSize = (avcC.data.readUInt8(4) & 3) + 1;
    const trex = trexes.find((t) => t.trackId === trackId);
    return {
      trackId,
      timescale,
      handler: hdlr.data.toString('latin1', 8, 12),
      sampleEntry: entry.type,
      defaultSampleDuration: trex?.duration ?? 0,
      defaultSampleSize: trex?.size ?? 0,
      nalLengthSize,
    };
  });
}

/** Timing of one media segment (single-track moof/mdat pairs). */
export interface SegmentTiming {
  /** Decode time of the first sample, in the track timescale. */
  baseMediaDecodeTime: number;
  /** Sum of sample durations, in the track timescale. */
  duration: number;
  sampleCount: number;
  /** Earliest composition time (decode time + composition offset). */
  earliestPresentationTime: number;
}

export function segmentTiming(segment: Buffer, track: TrackDefaults): SegmentTiming {
  const boxes = parseBoxes(segment);
  let first: SegmentTiming | null = null;
  let duration = 0;
  let count = 0;
  let earliest = Number.POSITIVE_INFINITY;
  for (const traf of findAll(boxes, 'moof/traf')) {
    const tfhd = parseTfhd(requireChild(traf, 'tfhd'));
    const tfdtBox = child(traf, 'tfdt');
    if (!tfdtBox) throw new Error('mp4: traf without tfdt');
    const base = Number(parseTfdt(tfdtBox));
    if (!first) first = { baseMediaDecodeTime: base, duration: 0, sampleCount: 0, earliestPresentationTime: 0 };
    let t = base;
    for (const trunBox of traf.children!.filter((c) => c.type === 'trun')) {
      for (const s of parseTrun(trunBox).samples) {
        const d = s.duration ?? tfhd.defaultSampleDuration ?? track.defaultSampleDuration;
        earliest = Math.min(earliest, t + (s.compositionOffset ?? 0));
        t += d;
        duration += d;
        count += 1;
      }
    }
  }
  if (!first) throw new Error('mp4: segment has no moof/traf');
  return { ...first, duration, sampleCount: count, earliestPresentationTime: earliest };
}

/** One-line-per-box dump (debugging aid). */
export function dumpBoxes(boxes: Box[], indent = ''): string {
  return boxes
    .map((b) => {
      const line = `${indent}${b.type} ${boxSize(b)}`;
      return b.children ? `${line}\n${dumpBoxes(b.children, indent + '  ')}` : line;
    })
    .join('\n');
}
