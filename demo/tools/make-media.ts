// Generates the demo feature title into demo/media/feature/ (run: `node --import tsx demo/tools/make-media.ts`).
//
//   - 60 s synthetic 24 fps picture (testsrc2 + burnt-in timecode), H.264 High, 360p/720p/1080p,
//     closed GOPs with a keyframe exactly every 2 s (48 frames) so all segments are 2 s and aligned;
//   - audio in en and fr (sine tones with a beep every second), mono AAC-LC 48 kb/s;
//   - clear DASH (fMP4, SegmentTemplate+SegmentTimeline) and clear HLS sharing the same segments;
//   - side-car WebVTT subtitles in en and ar;
//   - WebVTT chapters in en and ar (feature/chapters/), which the storefront lists with the streams;
//     `npm run media -- --only chapters` writes only them (no ffmpeg, every other file untouched);
//   - progressive MP4 (720p + en, faststart);
//   - CENC ('cenc', AES-128-CTR) DASH, encrypted by demo/tools/cenc (not by ffmpeg: Debian's ffmpeg 5.1
//     writes senc/saiz/saio only into the first fragment, which Chromium rejects);
//   - poster.jpg (1280x720) and thumb.jpg (320x180);
//   - seek-preview thumbnails (issue 27 item 1): JPEG sprite sheets of 160x90 tiles, one every 2 s, made
//     from the packaged 360p rendition, listed in both DASH manifests (an image AdaptationSet), in HLS
//     (EXT-X-IMAGE-STREAM-INF) and as a WebVTT storyboard. `npm run media -- --only=thumbnails` makes
//     only these and adds them to the existing manifests, leaving every other file as it is.
//
// Everything is deleted and regenerated on each run; output is deterministic for a given ffmpeg build.
// See demo/media/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  TrackEncryptor,
  cencKey,
  encryptInitSegment,
  find,
  parseBoxes,
  psshBox,
  readInitTracks,
  segmentTiming,
  uuidString,
  COMMON_SYSTEM_ID,
  type TrackDefaults,
} from './cenc/index.js';
import { makeForensicVariants } from './forensic/make-variants.js';

// ---------------------------------------------------------------------------------------------
// Parameters

/** Fixed demo ClearKey: KID = ASCII "s72player-kid001", key = ASCII "s72player-key001". */
export const DEMO_KID_HEX = '733732706c617965722d6b6964303031';
export const DEMO_KEY_HEX = '733732706c617965722d6b6579303031';

export const DURATION_S = 60;
export const FPS = 24;
const GOP_FRAMES = 2 * FPS; // keyframe (and segment) every 2 s
const SEGMENT_S = 2;
const AUDIO_KBPS = 48;
/** 15 MiB, plus 5 MiB for the forensic B variants of the CENC video segments (issue 27 item 3, about 4.8 MB). */
const SIZE_BUDGET_BYTES = 20 * 1024 * 1024;

// issue 27 item 1: seek-preview thumbnails
/** One thumbnail every this many seconds (a segment: the frame at its start is a keyframe). */
const THUMB_INTERVAL_S = 2;
const THUMB_WIDTH = 160;
const THUMB_HEIGHT = 90;
/** Tiles per sprite sheet: columns x rows (one sheet covers 10 tiles = 20 s). */
const THUMB_COLUMNS = 5;
const THUMB_ROWS = 2;
/** The rendition the tiles are cut from. */
const THUMB_SOURCE = 'video-360p';

export interface VideoRendition {
  id: string;
  width: number;
  height: number;
  maxrateK: number;
  labelSize: number;
}

export const VIDEO: VideoRendition[] = [
  { id: 'video-360p', width: 640, height: 360, maxrateK: 100, labelSize: 24 },
  { id: 'video-720p', width: 1280, height: 720, maxrateK: 200, labelSize: 40 },
  { id: 'video-1080p', width: 1920, height: 1080, maxrateK: 320, labelSize: 56 },
];

interface AudioTrack {
  id: string;
  lang: string;
  label: string;
  /** ffmpeg `sine` source: base tone and beep (beep_factor x tone, once a second). */
  frequency: number;
  beepFactor: number;
}

const AUDIO: AudioTrack[] = [
  { id: 'audio-en', lang: 'en', label: 'English', frequency: 440, beepFactor: 4 },
  { id: 'audio-fr', lang: 'fr', label: 'Français', frequency: 330, beepFactor: 3 },
];

interface SubtitleTrack {
  lang: string;
  label: string;
  cues: string[];
}

/** One cue every 4 s (from 0.5 s to 3.5 s past each multiple of 4). */
const SUBTITLES: SubtitleTrack[] = [
  {
    lang: 'en',
    label: 'English',
    cues: [
      'Welcome to the s72 player demo.',
      'This title is a synthetic test pattern.',
      'The timecode at the bottom counts frames.',
      'You can switch between English and French audio.',
      'The English track plays a 440 Hz tone.',
      'The French track plays a lower tone.',
      'There is a short beep every second.',
      'Three video qualities: 360p, 720p and 1080p.',
      'Every segment lasts exactly two seconds.',
      'The protected version uses Common Encryption.',
      'Keys come from a ClearKey licence server.',
      'Arabic subtitles are rendered right to left.',
      'Try seeking: the timecode shows where you are.',
      'We are approaching the end of the title.',
      'Thank you for watching.',
    ],
  },
  {
    lang: 'ar',
    label: 'العربية',
    cues: [
      'مرحبًا بكم في العرض التجريبي لمشغل s72.',
      'هذا العنوان نمط اختبار اصطناعي.',
      'الرمز الزمني في الأسفل يعدّ الإطارات.',
      'يمكنك التبديل بين الصوت الإنجليزي والفرنسي.',
      'المسار الإنجليزي يشغّل نغمة بتردد 440 هرتز.',
      'المسار الفرنسي يشغّل نغمة أخفض.',
      'هناك صفير قصير كل ثانية.',
      'تتوفر ثلاث جودات للفيديو: 360p و720p و1080p.',
      'كل مقطع يدوم ثانيتين بالضبط.',
      'النسخة المحمية تستخدم التشفير المشترك.',
      'تُسلَّم المفاتيح عبر خادم تراخيص ClearKey.',
      'تُعرض الترجمة العربية من اليمين إلى اليسار.',
      'جرّب التنقل: الرمز الزمني يوضح موضعك.',
      'نقترب من نهاية العنوان.',
      'شكرًا للمشاهدة.',
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Paths and helpers

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MEDIA = join(ROOT, 'demo/media');
export const OUT = join(MEDIA, 'feature');
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf',
];

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function fail(message: string): never {
  console.error(`make-media: ${message}`);
  process.exit(1);
}

function printable(args: string[]): string {
  return ['ffmpeg', ...args].map(shellQuote).join(' ');
}

/** Runs ffmpeg (quietly), printing the command line; exits with ffmpeg's stderr on error. */
export function ffmpeg(args: string[], cwd: string): void {
  const full = ['-hide_banner', '-loglevel', 'error', '-y', ...args];
  console.log(`\n$ ${printable(full)}`);
  const started = Date.now();
  const res = spawnSync('ffmpeg', full, { cwd, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (res.error) fail(`could not run ffmpeg: ${res.error.message}`);
  if (res.status !== 0) fail(`ffmpeg failed (exit ${res.status}):\n${res.stderr}`);
  if (res.stderr.trim()) console.log(res.stderr.trim());
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Runs several ffmpeg jobs, at most `availableParallelism()` at a time (each job is single-threaded). */
export async function ffmpegParallel(jobs: { label: string; args: string[] }[], cwd: string): Promise<void> {
  const queue = [...jobs];
  const width = Math.max(1, Math.min(availableParallelism(), jobs.length));
  const worker = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const full = ['-hide_banner', '-loglevel', 'error', '-y', ...job.args];
      console.log(`\n$ ${printable(full)}`);
      const started = Date.now();
      const { label } = job;
      await new Promise<void>((done) => {
        const child = spawn('ffmpeg', full, { cwd, stdio: ['ignore', 'inherit', 'pipe'] });
        let stderr = '';
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (d: string) => (stderr += d));
        child.on('error', (err) => fail(`could not run ffmpeg: ${err.message}`));
        child.on('close', (code) => {
          if (code !== 0) fail(`ffmpeg (${label}) failed (exit ${code}):\n${stderr}`);
          if (stderr.trim()) console.log(stderr.trim());
          console.log(`  ${label} done (${((Date.now() - started) / 1000).toFixed(1)} s)`);
          done();
        });
      });
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

export function checkFfmpeg(): void {
  const res = spawnSync('ffmpeg', ['-hide_banner', '-version'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) {
    fail('ffmpeg was not found on PATH. Install it (Debian/Ubuntu: `apt-get install ffmpeg`) and re-run `npm run media`.');
  }
  const encoders = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' }).stdout ?? '';
  if (!/\blibx264\b/.test(encoders)) fail('this ffmpeg has no libx264 encoder (needed for H.264).');
  if (!/\baac\b/.test(encoders)) fail('this ffmpeg has no aac encoder.');
  const filters = spawnSync('ffmpeg', ['-hide_banner', '-filters'], { encoding: 'utf8' }).stdout ?? '';
  if (!/\bdrawtext\b/.test(filters)) fail('this ffmpeg has no drawtext filter (built without libfreetype).');
  console.log(res.stdout.split('\n')[0]);
}

/** drawtext font option: a known TTF if present, else drawtext's fontconfig default. */
function fontOption(): string {
  const font = FONT_CANDIDATES.find((f) => existsSync(f));
  if (!font) console.warn('make-media: no DejaVu/Liberation font found, using drawtext default font');
  return font ? `fontfile=${font}:` : '';
}

function mkdirp(path: string): void {
  mkdirSync(path, { recursive: true });
}

/** rename(2) fails across file systems (the temp dir may be elsewhere): copy, then delete. */
function moveFile(from: string, to: string): void {
  copyFileSync(from, to);
  rmSync(from);
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function isoDuration(seconds: number): string {
  return `PT${Number(seconds.toFixed(3))}S`;
}

// ---------------------------------------------------------------------------------------------
// Encoding

/**
 * One ffmpeg per rendition, each re-rendering the same synthetic source. x264 runs single-threaded
 * (`-threads 1`): with VBV (maxrate/bufsize) its multi-threaded output is not reproducible, and
 * running the renditions as parallel processes uses the cores just as well.
 *
 * `mark` (the forensic B variants, forensic/make-variants.ts): a second input and a filter that
 * combines the picture (`[pic]`) with it (`[mark]`) into `[marked]`, applied at 1080p after the
 * burnt-in text and before scaling; everything else is the same, so A and B segments interchange.
 */
export function videoJobs(mark?: { input: string[]; filter: string }): { label: string; args: string[] }[] {
  const font = fontOption();
  const tc = `drawtext=${font}timecode='00\\:00\\:00\\:00':rate=${FPS}:fontsize=96:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=16:x=(w-tw)/2:y=h-th-110`;
  const title = `drawtext=${font}text='s72 demo feature':fontsize=48:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=10:x=(w-tw)/2:y=110`;
  // Largest first, so the longest job starts first.
  return [...VIDEO].reverse().map((v) => {
    const label = `drawtext=${font}text='${v.height}p':fontsize=${v.labelSize}:fontcolor=yellow:box=1:boxcolor=black@0.5:boxborderw=6:x=w-tw-${Math.round(v.labelSize / 2)}:y=${Math.round(v.labelSize / 2)}`;
    const scale = v.height === 1080 ? '' : `scale=${v.width}:${v.height}:flags=bicubic,`;
    return {
      label: v.id,
      args: [
        '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=${FPS}:duration=${DURATION_S}`,
        ...(mark
          ? [...mark.input, '-filter_complex', `[0:v]${tc},${title}[pic];${mark.filter};[marked]${scale}${label}`]
          : ['-vf', `${tc},${title},${scale}${label}`]),
        '-c:v', 'libx264', '-preset', 'medium', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-threads', '1',
        '-crf', '23', '-maxrate', `${v.maxrateK}k`, '-bufsize', `${v.maxrateK * 2}k`,
        '-g', String(GOP_FRAMES), '-keyint_min', String(GOP_FRAMES), '-sc_threshold', '0',
        '-x264-params', 'open-gop=0:scenecut=0',
        '-flags', '+cgop+bitexact', '-fflags', '+bitexact', '-map_metadata', '-1',
        `${v.id}.mp4`,
      ],
    };
  });
}

function audioJobs(): { label: string; args: string[] }[] {
  return AUDIO.map((a) => ({
    label: a.id,
    args: [
      '-f', 'lavfi', '-i', `sine=frequency=${a.frequency}:beep_factor=${a.beepFactor}:sample_rate=48000:duration=${DURATION_S}`,
      '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '1', '-ar', '48000',
      '-metadata:s:a:0', `language=${a.lang === 'en' ? 'eng' : 'fra'}`,
      '-flags', '+bitexact', '-fflags', '+bitexact', '-map_metadata', '-1', `${a.id}.mp4`,
    ],
  }));
}

/** ffmpeg's DASH muxer cuts clear fMP4 (init + 2 s media segments) for all five tracks. */
function packageFmp4(tmp: string): string {
  const pkg = join(tmp, 'pkg');
  mkdirp(pkg);
  const tracks = [...VIDEO.map((v) => v.id), ...AUDIO.map((a) => a.id)];
  const args: string[] = [];
  for (const t of tracks) args.push('-i', `${t}.mp4`);
  tracks.forEach((_, i) => args.push('-map', `${i}`));
  args.push(
    '-c', 'copy', '-fflags', '+bitexact', '-map_metadata', '-1',
    '-f', 'dash', '-seg_duration', String(SEGMENT_S), '-use_template', '1', '-use_timeline', '1',
    '-adaptation_sets', `id=0,streams=${VIDEO.map((_, i) => i).join(',')} ${AUDIO.map((_, i) => `id=${i + 1},streams=${VIDEO.length + i}`).join(' ')}`,
    '-init_seg_name', 'init-$RepresentationID$.m4s',
    '-media_seg_name', 'seg-$RepresentationID$-$Number%03d$.m4s',
    'pkg/ffmpeg.mpd',
  );
  ffmpeg(args, tmp);
  return pkg;
}

// ---------------------------------------------------------------------------------------------
// Track layout: <dir>/<representation id>/init.m4s and seg-001.m4s ...

interface Segment {
  file: string;
  bytes: number;
  t: number;
  d: number;
}

interface PackagedTrack {
  id: string;
  kind: 'video' | 'audio';
  track: TrackDefaults;
  codecs: string;
  segments: Segment[];
  /** Max over segments of their bitrate, bits/s. */
  peakBps: number;
  averageBps: number;
  video?: VideoRendition;
  audio?: AudioTrack;
}

function segName(n: number): string {
  return `seg-${String(n).padStart(3, '0')}.m4s`;
}

function codecString(init: Buffer, kind: 'video' | 'audio'): string {
  if (kind === 'audio') return 'mp4a.40.2';
  const avcC = find(parseBoxes(init), 'moov/trak/mdia/minf/stbl/stsd/avc1/avcC');
  if (!avcC) throw new Error('no avcC in video init segment');
  return `avc1.${avcC.data.subarray(1, 4).toString('hex')}`;
}

/** Moves ffmpeg's segments into dash/<id>/ and reads their timing. */
function collectTracks(pkg: string, dashDir: string): PackagedTrack[] {
  const all = [
    ...VIDEO.map((v) => ({ id: v.id, kind: 'video' as const, video: v })),
    ...AUDIO.map((a) => ({ id: a.id, kind: 'audio' as const, audio: a })),
  ];
  const files = readdirSync(pkg);
  return all.map((t, index) => {
    const dir = join(dashDir, t.id);
    mkdirp(dir);
    moveFile(join(pkg, `init-${index}.m4s`), join(dir, 'init.m4s'));
    const init = readFileSync(join(dir, 'init.m4s'));
    const tracks = readInitTracks(parseBoxes(init));
    if (tracks.length !== 1) throw new Error(`${t.id}: expected one track`);
    const track = tracks[0]!;
    const prefix = `seg-${index}-`;
    const numbers = files
      .filter((f) => f.startsWith(prefix) && f.endsWith('.m4s'))
      .map((f) => Number(f.slice(prefix.length, -4)))
      .sort((a, b) => a - b);
    const segments: Segment[] = numbers.map((n, k) => {
      if (n !== k + 1) throw new Error(`${t.id}: missing segment ${k + 1}`);
      const file = segName(n);
      moveFile(join(pkg, `${prefix}${String(n).padStart(3, '0')}.m4s`), join(dir, file));
      const data = readFileSync(join(dir, file));
      const timing = segmentTiming(data, track);
      return { file, bytes: data.length, t: timing.baseMediaDecodeTime, d: timing.duration };
    });
    for (let k = 1; k < segments.length; k++) {
      const prev = segments[k - 1]!;
      if (segments[k]!.t !== prev.t + prev.d) throw new Error(`${t.id}: timeline gap before segment ${k + 1}`);
    }
    if (t.kind === 'video') {
      const bad = segments.slice(0, -1).find((s) => s.d !== SEGMENT_S * track.timescale);
      if (bad) throw new Error(`${t.id}: ${bad.file} lasts ${bad.d / track.timescale} s, expected ${SEGMENT_S} s (GOP misaligned?)`);
    }
    const rates = segments.map((s) => (s.bytes * 8) / (s.d / track.timescale));
    const totalBytes = segments.reduce((n, s) => n + s.bytes, 0);
    const totalSeconds = segments.reduce((n, s) => n + s.d, 0) / track.timescale;
    return {
      ...t,
      track,
      codecs: codecString(init, t.kind),
      segments,
      peakBps: Math.ceil(Math.max(...rates.slice(0, -1), 1) / 1000) * 1000,
      averageBps: Math.ceil((totalBytes * 8) / totalSeconds / 1000) * 1000,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Subtitles

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function writeSubtitles(subsDir: string): void {
  mkdirp(subsDir);
  for (const sub of SUBTITLES) {
    const lines = ['WEBVTT', ''];
    sub.cues.forEach((text, i) => {
      lines.push(String(i + 1), `${vttTime(i * 4 + 0.5)} --> ${vttTime(i * 4 + 3.5)}`, text, '');
    });
    writeFileSync(join(subsDir, `${sub.lang}.vtt`), lines.join('\n'));
  }
}

// ---------------------------------------------------------------------------------------------
// DASH manifest

interface Protection {
  kidHex: string;
  psshBase64: string;
}

function segmentTimelineXml(segments: Segment[], indent: string): string {
  const out: string[] = [];
  let i = 0;
  while (i < segments.length) {
    const s = segments[i]!;
    let r = 0;
    while (i + r + 1 < segments.length && segments[i + r + 1]!.d === s.d) r++;
    const tAttr = i === 0 ? ` t="${s.t}"` : '';
    out.push(`${indent}<S${tAttr} d="${s.d}"${r > 0 ? ` r="${r}"` : ''}/>`);
    i += r + 1;
  }
  return out.join('\n');
}

/** DASH ContentProtection system ids of the key systems the storefront sells (besides ClearKey). */
const DRM_SYSTEM_IDS = { Widevine: 'edef8ba9-79d6-4ace-a3c8-27dcd51d21ed', PlayReady: '9a04f079-9840-4286-ab92-e65be0885f95' } as const;

function contentProtectionXml(p: Protection | null, indent: string): string {
  if (!p) return '';
  const kidUuid = uuidString(Buffer.from(p.kidHex, 'hex'));
  return [
    `${indent}<ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="${kidUuid}"/>`,
    `${indent}<ContentProtection schemeIdUri="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e" value="ClearKey1.0" cenc:default_KID="${kidUuid}"/>`,
    `${indent}<ContentProtection schemeIdUri="urn:uuid:1077efec-c0b2-4d02-ace3-3c1e52e2fb4b" value="W3C Common PSSH box">`,
    `${indent}  <cenc:pssh>${p.psshBase64}</cenc:pssh>`,
    `${indent}</ContentProtection>`,
    // Widevine and PlayReady (play-page §7): version-1 PSSH boxes listing the KID, without the
    // system-specific payload (a real packager writes a Widevine protobuf / PlayReady object there;
    // the demo licence format reads the KIDs, demo/server/drm.ts).
    ...Object.entries(DRM_SYSTEM_IDS).flatMap(([name, uuid]) => [
      `${indent}<ContentProtection schemeIdUri="urn:uuid:${uuid}" value="${name}" cenc:default_KID="${kidUuid}">`,
      `${indent}  <cenc:pssh>${psshBox(uuid.replace(/-/g, ''), [Buffer.from(p.kidHex, 'hex')]).toString('base64')}</cenc:pssh>`,
      `${indent}</ContentProtection>`,
    ]),
    '',
  ].join('\n');
}

function representationXml(t: PackagedTrack, indent: string): string {
  const attrs =
    t.kind === 'video'
      ? `width="${t.video!.width}" height="${t.video!.height}" frameRate="${FPS}" sar="1:1"`
      : `audioSamplingRate="48000"`;
  const lines = [
    `${indent}<Representation id="${t.id}" codecs="${t.codecs}" bandwidth="${t.peakBps}" ${attrs}>`,
  ];
  if (t.kind === 'audio') {
    lines.push(`${indent}  <AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="1"/>`);
  }
  lines.push(
    `${indent}  <SegmentTemplate timescale="${t.track.timescale}" initialization="$RepresentationID$/init.m4s" media="$RepresentationID$/seg-$Number%03d$.m4s" startNumber="1">`,
    `${indent}    <SegmentTimeline>`,
    segmentTimelineXml(t.segments, `${indent}      `),
    `${indent}    </SegmentTimeline>`,
    `${indent}  </SegmentTemplate>`,
    `${indent}</Representation>`,
  );
  return lines.join('\n');
}

function writeMpd(path: string, tracks: PackagedTrack[], protection: Protection | null): void {
  const video = tracks.filter((t) => t.kind === 'video');
  const audio = tracks.filter((t) => t.kind === 'audio');
  const maxSeg = Math.max(...tracks.flatMap((t) => t.segments.map((s) => s.d / t.track.timescale)));
  const i2 = '    ';
  const i3 = '      ';
  const sets: string[] = [];
  let id = 0;
  sets.push(
    [
      `${i2}<AdaptationSet id="${id++}" contentType="video" mimeType="video/mp4" segmentAlignment="true" startWithSAP="1" maxWidth="1920" maxHeight="1080" maxFrameRate="${FPS}" par="16:9">`,
      contentProtectionXml(protection, i3) + video.map((t) => representationXml(t, i3)).join('\n'),
      `${i2}</AdaptationSet>`,
    ].join('\n'),
  );
  for (const t of audio) {
    sets.push(
      [
        `${i2}<AdaptationSet id="${id++}" contentType="audio" mimeType="audio/mp4" lang="${t.audio!.lang}" segmentAlignment="true" startWithSAP="1">`,
        `${i3}<Label>${xmlEscape(t.audio!.label)}</Label>`,
        `${i3}<Role schemeIdUri="urn:mpeg:dash:role:2011" value="${t.audio!.lang === 'en' ? 'main' : 'dub'}"/>`,
        contentProtectionXml(protection, i3) + representationXml(t, i3),
        `${i2}</AdaptationSet>`,
      ].join('\n'),
    );
  }
  for (const sub of SUBTITLES) {
    sets.push(
      [
        `${i2}<AdaptationSet id="${id++}" contentType="text" mimeType="text/vtt" lang="${sub.lang}">`,
        `${i3}<Label>${xmlEscape(sub.label)}</Label>`,
        `${i3}<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>`,
        `${i3}<Representation id="subs-${sub.lang}" bandwidth="1000">`,
        `${i3}  <BaseURL>../subs/${sub.lang}.vtt</BaseURL>`,
        `${i3}</Representation>`,
        `${i2}</AdaptationSet>`,
      ].join('\n'),
    );
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by demo/tools/make-media.ts. Do not edit by hand: run \`npm run media\`. -->
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011"${protection ? ' xmlns:cenc="urn:mpeg:cenc:2013"' : ''}
     profiles="urn:mpeg:dash:profile:isoff-live:2011" type="static"
     mediaPresentationDuration="${isoDuration(DURATION_S)}" maxSegmentDuration="${isoDuration(Math.ceil(maxSeg * 1000) / 1000)}" minBufferTime="PT2S">
  <Period id="feature" start="PT0S">
${sets.join('\n')}
  </Period>
</MPD>
`;
  writeFileSync(path, xml);
}

// ---------------------------------------------------------------------------------------------
// HLS (shares the clear DASH segments)

function writeHls(hlsDir: string, dashDir: string, tracks: PackagedTrack[]): void {
  mkdirp(hlsDir);
  const rel = relative(hlsDir, dashDir);
  for (const t of tracks) {
    const durations = t.segments.map((s) => s.d / t.track.timescale);
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-TARGETDURATION:${Math.max(...durations.map((d) => Math.round(d)))}`,
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-MEDIA-SEQUENCE:1',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      `#EXT-X-MAP:URI="${rel}/${t.id}/init.m4s"`,
    ];
    t.segments.forEach((s, k) => lines.push(`#EXTINF:${durations[k]!.toFixed(6)},`, `${rel}/${t.id}/${s.file}`));
    lines.push('#EXT-X-ENDLIST', '');
    writeFileSync(join(hlsDir, `${t.id}.m3u8`), lines.join('\n'));
  }
  for (const sub of SUBTITLES) {
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-TARGETDURATION:${DURATION_S}`,
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-MEDIA-SEQUENCE:1',
      `#EXTINF:${DURATION_S.toFixed(6)},`,
      `../subs/${sub.lang}.vtt`,
      '#EXT-X-ENDLIST',
      '',
    ];
    writeFileSync(join(hlsDir, `subs-${sub.lang}.m3u8`), lines.join('\n'));
  }
  const audio = tracks.filter((t) => t.kind === 'audio');
  const audioPeak = Math.max(...audio.map((a) => a.peakBps));
  const audioAvg = Math.max(...audio.map((a) => a.averageBps));
  const master = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS', ''];
  for (const a of audio) {
    const isDefault = a.audio!.lang === 'en' ? 'YES' : 'NO';
    master.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",LANGUAGE="${a.audio!.lang}",NAME="${a.audio!.label}",DEFAULT=${isDefault},AUTOSELECT=YES,CHANNELS="1",URI="${a.id}.m3u8"`,
    );
  }
  for (const sub of SUBTITLES) {
    master.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="${sub.lang}",NAME="${sub.label}",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs-${sub.lang}.m3u8"`,
    );
  }
  master.push('');
  for (const v of tracks.filter((t) => t.kind === 'video')) {
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.peakBps + audioPeak},AVERAGE-BANDWIDTH=${v.averageBps + audioAvg},CODECS="${v.codecs},${audio[0]!.codecs}",RESOLUTION=${v.video!.width}x${v.video!.height},FRAME-RATE=${FPS.toFixed(3)},AUDIO="aac",SUBTITLES="subs"`,
      `${v.id}.m3u8`,
    );
  }
  master.push('');
  writeFileSync(join(hlsDir, 'master.m3u8'), master.join('\n'));
}

// ---------------------------------------------------------------------------------------------
// CENC

function encryptTracks(dashDir: string, cencDir: string, tracks: PackagedTrack[]): PackagedTrack[] {
  const key = cencKey(DEMO_KID_HEX, DEMO_KEY_HEX);
  return tracks.map((t, index) => {
    const src = join(dashDir, t.id);
    const dst = join(cencDir, t.id);
    mkdirp(dst);
    const init = readFileSync(join(src, 'init.m4s'));
    writeFileSync(join(dst, 'init.m4s'), encryptInitSegment(init, key));
    // IV = (track index + 1) << 40 | sample number: unique across all tracks sharing the key.
    const enc = TrackEncryptor.fromInit(init, key, index + 1);
    const segments = t.segments.map((s) => {
      const data = enc.encryptSegment(readFileSync(join(src, s.file)));
      writeFileSync(join(dst, s.file), data);
      return { ...s, bytes: data.length };
    });
    return { ...t, segments };
  });
}

// ---------------------------------------------------------------------------------------------
// Progressive MP4, poster, thumbnail

function makeProgressive(tmp: string, mp4Dir: string): void {
  mkdirp(mp4Dir);
  ffmpeg(
    [
      '-i', 'video-720p.mp4', '-i', 'audio-en.mp4', '-map', '0:v', '-map', '1:a', '-c', 'copy',
      '-metadata:s:a:0', 'language=eng', '-fflags', '+bitexact', '-map_metadata', '-1',
      '-movflags', '+faststart', 'feature.mp4',
    ],
    tmp,
  );
  copyFileSync(join(tmp, 'feature.mp4'), join(mp4Dir, 'feature.mp4'));
}

function makeImages(tmp: string): void {
  for (const [name, size] of [['poster.jpg', '1280:720'], ['thumb.jpg', '320:180']] as const) {
    ffmpeg(['-ss', '10', '-i', 'video-1080p.mp4', '-frames:v', '1', '-vf', `scale=${size}`, '-q:v', '5', '-fflags', '+bitexact', '-flags', '+bitexact', name], tmp);
    copyFileSync(join(tmp, name), join(OUT, name));
  }
}

// ---------------------------------------------------------------------------------------------
// Seek-preview thumbnails (issue 27 item 1)

interface ThumbnailSheets {
  /** Sprite file names under feature/thumbnails/, in time order. */
  files: string[];
  /** Bits per second of the largest sheet over the time it covers. */
  peakBps: number;
}

const THUMB_DIR = 'thumbnails';
const THUMB_SHEET_S = THUMB_INTERVAL_S * THUMB_COLUMNS * THUMB_ROWS;
const THUMB_SHEET_WIDTH = THUMB_WIDTH * THUMB_COLUMNS;
const THUMB_SHEET_HEIGHT = THUMB_HEIGHT * THUMB_ROWS;

/**
 * Cuts the tiles from the packaged clear segments of {@link THUMB_SOURCE} (init + media segments
 * concatenated are a playable fMP4), so this step needs nothing but the committed media: the frame
 * at every multiple of {@link THUMB_INTERVAL_S}, scaled to 160x90, packed 5x2 per JPEG sheet.
 */
function makeThumbnails(tmp: string): ThumbnailSheets {
  const src = join(OUT, 'dash', THUMB_SOURCE);
  if (!existsSync(join(src, 'init.m4s'))) fail(`${relative(ROOT, src)}/init.m4s is missing: run the full \`npm run media\` first`);
  const segments = readdirSync(src).filter((f) => /^seg-\d+\.m4s$/.test(f)).sort();
  writeFileSync(join(tmp, 'thumb-source.mp4'), Buffer.concat([join(src, 'init.m4s'), ...segments.map((f) => join(src, f))].map((f) => readFileSync(f))));
  const outDir = join(OUT, THUMB_DIR);
  rmSync(outDir, { recursive: true, force: true });
  mkdirp(outDir);
  const every = THUMB_INTERVAL_S * FPS;
  ffmpeg(
    [
      '-i', 'thumb-source.mp4', '-an',
      '-vf', `select='not(mod(n,${every}))',scale=${THUMB_WIDTH}:${THUMB_HEIGHT}:flags=bicubic,tile=${THUMB_COLUMNS}x${THUMB_ROWS}`,
      '-fps_mode', 'passthrough', '-q:v', '6', '-fflags', '+bitexact', '-flags', '+bitexact', '-map_metadata', '-1',
      'thumb-%d.jpg',
    ],
    tmp,
  );
  const files: string[] = [];
  let peakBps = 0;
  for (let n = 1; existsSync(join(tmp, `thumb-${n}.jpg`)); n++) {
    const file = `tile-${n}.jpg`;
    moveFile(join(tmp, `thumb-${n}.jpg`), join(outDir, file));
    files.push(file);
    peakBps = Math.max(peakBps, Math.ceil((statSync(join(outDir, file)).size * 8) / THUMB_SHEET_S / 1000) * 1000);
  }
  const expected = Math.ceil(DURATION_S / THUMB_SHEET_S);
  if (files.length !== expected) fail(`thumbnails: ${files.length} sprite sheets, expected ${expected}`);
  writeStoryboard(join(outDir, 'storyboard.vtt'), files);
  return { files, peakBps };
}

/** The same tiles as a WebVTT storyboard: one cue per tile, `tile-N.jpg#xywh=x,y,w,h`. */
function writeStoryboard(path: string, files: string[]): void {
  const lines = ['WEBVTT', ''];
  const perSheet = THUMB_COLUMNS * THUMB_ROWS;
  for (let k = 0; k * THUMB_INTERVAL_S < DURATION_S; k++) {
    const sheet = files[Math.floor(k / perSheet)]!;
    const i = k % perSheet;
    const x = (i % THUMB_COLUMNS) * THUMB_WIDTH;
    const y = Math.floor(i / THUMB_COLUMNS) * THUMB_HEIGHT;
    const end = Math.min(DURATION_S, (k + 1) * THUMB_INTERVAL_S);
    lines.push(`${vttTime(k * THUMB_INTERVAL_S)} --> ${vttTime(end)}`, `${sheet}#xywh=${x},${y},${THUMB_WIDTH},${THUMB_HEIGHT}`, '');
  }
  writeFileSync(path, lines.join('\n'));
}

/**
 * The image AdaptationSet (DASH-IF IOP "thumbnail_tile"): one Representation whose segments are
 * the sprite sheets, each covering {@link THUMB_SHEET_S} s of `columns x rows` tiles.
 */
function thumbnailAdaptationSetXml(id: number, sheets: ThumbnailSheets): string {
  const i2 = '    ';
  const i3 = '      ';
  return [
    `${i2}<AdaptationSet id="${id}" contentType="image" mimeType="image/jpeg">`,
    `${i3}<SegmentTemplate media="../${THUMB_DIR}/tile-$Number$.jpg" duration="${THUMB_SHEET_S}" startNumber="1"/>`,
    `${i3}<Representation id="thumbnails" bandwidth="${sheets.peakBps}" width="${THUMB_SHEET_WIDTH}" height="${THUMB_SHEET_HEIGHT}">`,
    `${i3}  <EssentialProperty schemeIdUri="http://dashif.org/thumbnail_tile" value="${THUMB_COLUMNS}x${THUMB_ROWS}"/>`,
    `${i3}</Representation>`,
    `${i2}</AdaptationSet>`,
  ].join('\n');
}

/**
 * Adds the thumbnail track to the manifests already written (replacing one added before): the
 * image AdaptationSet as the last of each DASH manifest's Period, and an image playlist with its
 * `EXT-X-IMAGE-STREAM-INF` in the HLS master playlist.
 */
function addThumbnailsToManifests(sheets: ThumbnailSheets): void {
  for (const mpd of [join(OUT, 'dash', 'manifest.mpd'), join(OUT, 'dash-cenc', 'manifest.mpd')]) {
    const xml = readFileSync(mpd, 'utf8').replace(/ *<AdaptationSet [^>]*contentType="image"[\s\S]*?<\/AdaptationSet>\n/, '');
    const id = (xml.match(/<AdaptationSet /g) ?? []).length;
    if (!xml.includes('  </Period>')) fail(`${relative(ROOT, mpd)}: no </Period>`);
    writeFileSync(mpd, xml.replace('  </Period>', `${thumbnailAdaptationSetXml(id, sheets)}\n  </Period>`));
  }
  const hlsDir = join(OUT, 'hls');
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${THUMB_SHEET_S}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:1',
    '#EXT-X-IMAGES-ONLY',
  ];
  sheets.files.forEach((file, k) => {
    const covers = Math.min(THUMB_SHEET_S, DURATION_S - k * THUMB_SHEET_S);
    playlist.push(
      `#EXT-X-TILES:RESOLUTION=${THUMB_WIDTH}x${THUMB_HEIGHT},LAYOUT=${THUMB_COLUMNS}x${THUMB_ROWS},DURATION=${THUMB_INTERVAL_S.toFixed(3)}`,
      `#EXTINF:${covers.toFixed(3)},`,
      `../${THUMB_DIR}/${file}`,
    );
  });
  playlist.push('#EXT-X-ENDLIST', '');
  writeFileSync(join(hlsDir, 'thumbnails.m3u8'), playlist.join('\n'));
  const master = readFileSync(join(hlsDir, 'master.m3u8'), 'utf8').replace(/#EXT-X-IMAGE-STREAM-INF:.*\n/, '');
  writeFileSync(
    join(hlsDir, 'master.m3u8'),
    // RESOLUTION is one tile's (the image playlist's EXT-X-TILES says the layout).
    `${master}#EXT-X-IMAGE-STREAM-INF:BANDWIDTH=${sheets.peakBps},RESOLUTION=${THUMB_WIDTH}x${THUMB_HEIGHT},CODECS="jpeg",URI="thumbnails.m3u8"\n`,
  );
}

// ---------------------------------------------------------------------------------------------
// Report

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MiB` : `${(n / 1024).toFixed(1)} KiB`;
}

// ---------------------------------------------------------------------------------------------
// Chapters (issue 27 item 2)

/** The film's chapters: start, seconds (each ends where the next starts; the last at the end). */
const CHAPTERS: { start: number; titles: Record<'en' | 'ar', string> }[] = [
  { start: 0, titles: { en: 'Opening', ar: 'البداية' } },
  { start: 12, titles: { en: 'The harbour', ar: 'الميناء' } },
  { start: 24, titles: { en: 'The storm', ar: 'العاصفة' } },
  { start: 40, titles: { en: 'Night shift', ar: 'نوبة الليل' } },
  { start: 52, titles: { en: 'Dawn', ar: 'الفجر' } },
];

/** Writes `{lang}.vtt` WebVTT chapters files (kind `chapters`, one cue per chapter). */
function writeChapters(chaptersDir: string): void {
  mkdirp(chaptersDir);
  for (const lang of ['en', 'ar'] as const) {
    const lines = ['WEBVTT', ''];
    CHAPTERS.forEach((chapter, i) => {
      const end = CHAPTERS[i + 1]?.start ?? DURATION_S;
      lines.push(`chapter-${i + 1}`, `${vttTime(chapter.start)} --> ${vttTime(end)}`, chapter.titles[lang], '');
    });
    writeFileSync(join(chaptersDir, `${lang}.vtt`), lines.join('\n'));
  }
}

function report(clear: PackagedTrack[]): void {
  const files = walk(OUT);
  const groups = new Map<string, { count: number; bytes: number }>();
  for (const f of files) {
    const rel = relative(OUT, f);
    const parts = rel.split('/');
    const key = parts.length > 2 ? `${parts.slice(0, -1).join('/')}/` : rel;
    const g = groups.get(key) ?? { count: 0, bytes: 0 };
    g.count += 1;
    g.bytes += statSync(f).size;
    groups.set(key, g);
  }
  console.log(`\nWrote ${relative(ROOT, OUT)}/:`);
  for (const [key, g] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${key.padEnd(32)} ${String(g.count).padStart(3)} file(s) ${formatBytes(g.bytes).padStart(11)}`);
  }
  console.log('\nRenditions:');
  for (const t of clear) {
    const what = t.kind === 'video' ? `${t.video!.width}x${t.video!.height}` : `${t.audio!.lang} mono 48 kHz`;
    console.log(
      `  ${t.id.padEnd(12)} ${t.codecs.padEnd(12)} ${what.padEnd(16)} ${t.segments.length} segments, avg ${Math.round(t.averageBps / 1000)} kb/s, peak ${Math.round(t.peakBps / 1000)} kb/s`,
    );
  }
  const total = walk(MEDIA).reduce((n, f) => n + statSync(f).size, 0);
  console.log(`\nTotal size of demo/media/: ${formatBytes(total)} (${total} bytes)`);
  if (total > SIZE_BUDGET_BYTES) fail(`demo/media/ is over the ${formatBytes(SIZE_BUDGET_BYTES)} budget: lower the bitrates`);
  console.log('\nManifests (relative to demo/media/):');
  for (const m of ['feature/dash/manifest.mpd', 'feature/hls/master.m3u8', 'feature/mp4/feature.mp4', 'feature/dash-cenc/manifest.mpd', 'feature/thumbnails/storyboard.vtt']) {
    console.log(`  ${m}`);
  }
  console.log(`\nClearKey: KID ${DEMO_KID_HEX} key ${DEMO_KEY_HEX}`);
}

// ---------------------------------------------------------------------------------------------

/** The steps `--only=<step>` (or `--only <step>`) runs alone, from the committed media: no re-encode. */
const ONLY_STEPS = ['thumbnails', 'chapters'] as const;
type OnlyStep = (typeof ONLY_STEPS)[number];

/** `--only=thumbnails`: the seek-preview thumbnails; `--only=chapters`: the chapters files. */
function onlyStep(): OnlyStep | null {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (at < 0) return null;
  const step = args[at] === '--only' ? args[at + 1] : args[at]!.slice('--only='.length);
  if ((ONLY_STEPS as readonly string[]).includes(step ?? '')) return step as OnlyStep;
  return fail(`--only takes one of: ${ONLY_STEPS.join(', ')} (got ${step ?? 'nothing'})`);
}

async function main(): Promise<void> {
  const only = onlyStep();
  // The chapters files alone, so they can change without re-encoding the media (another ffmpeg
  // build would change every committed segment).
  if (only === 'chapters') {
    writeChapters(join(OUT, 'chapters'));
    console.log(`Wrote ${relative(ROOT, join(OUT, 'chapters'))}/`);
    return;
  }
  checkFfmpeg();
  const tmp = mkdtempSync(join(tmpdir(), 's72-media-'));
  try {
    if (only === 'thumbnails') {
      addThumbnailsToManifests(makeThumbnails(tmp));
      console.log(`\nWrote ${relative(ROOT, join(OUT, THUMB_DIR))}/ and added it to the DASH and HLS manifests.`);
      return;
    }
    rmSync(OUT, { recursive: true, force: true });
    mkdirp(OUT);
    await ffmpegParallel([...videoJobs(), ...audioJobs()], tmp);
    const pkg = packageFmp4(tmp);

    const dashDir = join(OUT, 'dash');
    const clear = collectTracks(pkg, dashDir);
    writeSubtitles(join(OUT, 'subs'));
    writeChapters(join(OUT, 'chapters'));
    writeMpd(join(dashDir, 'manifest.mpd'), clear, null);
    writeHls(join(OUT, 'hls'), dashDir, clear);

    const cencDir = join(OUT, 'dash-cenc');
    const encrypted = encryptTracks(dashDir, cencDir, clear);
    const kid = Buffer.from(DEMO_KID_HEX, 'hex');
    writeMpd(join(cencDir, 'manifest.mpd'), encrypted, {
      kidHex: DEMO_KID_HEX,
      psshBase64: psshBox(COMMON_SYSTEM_ID, [kid]).toString('base64'),
    });

    addThumbnailsToManifests(makeThumbnails(tmp));
    makeProgressive(tmp, join(OUT, 'mp4'));
    makeImages(tmp);
    await makeForensicVariants();
    report(clear);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// `npm run media`; imported by forensic/make-variants.ts for the encoder settings only.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
