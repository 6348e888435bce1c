/**
 * The demo's live DASH stream (issue 9, play-page §4 "Live events", player-and-client §4, §7): a
 * dynamic MPD for every live event of the catalogue, built from the 2-s ClearKey CENC demo
 * segments (`demo/media/feature/dash-cenc/`) played in a loop, with a sliding DVR window.
 *
 *   GET /media/live/{event}/manifest.mpd          e.g. /media/live/live-gala/manifest.mpd
 *   GET /media/live/{event}/{rep}/init.m4s        the demo rendition's init segment, as is
 *   GET /media/live/{event}/{rep}/seg-{N}.m4s     live segment N (1-based) = demo segment ((N-1) % 30) + 1,
 *                                                 its tfdt (and sidx) moved to the live timeline
 *
 * The live timeline: presentation time 0 is `availabilityStartTime` = the moment the event went
 * live (`started_at` of its status); live segment N covers [(N-1)·2 s, N·2 s) and exists once that
 * interval is over. Every answer follows the demo clock (`state.now()`, `/__demo/clock`), and the
 * MPD carries a `UTCTiming` (direct) so the player follows that clock too, not the browser's.
 *
 * Status (from the schedule, `/__demo/live-schedule`, or `/__demo/live-status`):
 * - planned: the MPD and segments answer 404 `{code: 'live_not_started'}` (the player retries).
 * - live: `type="dynamic"`, no duration, `minimumUpdatePeriod` so the player re-reads it.
 * - completed: still `type="dynamic"`, now with `mediaPresentationDuration` = the event's length
 *   (whole segments) and no `minimumUpdatePeriod`: the DASH-IF "end of a live session" form. Shaka
 *   5.2 (lib/dash/dash_parser.js) sets the presentation's duration from it: `isLive()` turns false
 *   (an "in progress" presentation), the seek range stops at the end, no segment past the end is
 *   requested, and without `minimumUpdatePeriod` it stops re-reading the MPD. It plays to the last
 *   segment and waits there: shaka never calls `endOfStream()` for a dynamic presentation
 *   (lib/media/streaming_engine.js: `timeUntilEnd` is Infinity while `isDynamic()`), so the viewer
 *   learns of the end from the live status (completed → `live_event_completed`, play-page §4),
 *   which the player polls. We do not switch to `type="static"`: shaka's dynamic→static path
 *   re-bases the first period on its own seek-range start (a client-side value with safety
 *   margins), which our sliding window cannot match, so every segment time would move.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findAll, parseBoxes, readInitTracks, serializeBoxes } from '../tools/cenc/mp4.js';
import { DEMO_CLEARKEY, filmSlug, toIso } from './catalogue.js';
import { HttpError } from './http.js';
import type { DemoState, LiveState } from './state.js';

/** Length of one demo segment, seconds. */
export const LIVE_SEGMENT_S = 2;
/** Demo segments looped by the live stream (the 60-s demo feature). */
export const LIVE_LOOP_SEGMENTS = 30;
/**
 * DVR window (`timeShiftBufferDepth`), seconds: how far behind the live edge a viewer can seek.
 * Segments that ended longer ago than this (plus one segment of grace) answer 404.
 */
export const LIVE_DVR_WINDOW_S = 60;
/** `suggestedPresentationDelay`, seconds: how far behind the newest segment the player plays. */
export const LIVE_PRESENTATION_DELAY_S = 6;
/** `minimumUpdatePeriod`, seconds: how often the player re-reads the MPD while the event is live. */
export const LIVE_MIN_UPDATE_PERIOD_S = 6;
/** Path prefix of the live streams. */
export const LIVE_BASE_PATH = '/media/live';
/** Demo renditions the live stream is built from (same KID as the DRM film). */
export const LIVE_SOURCE_DIR = 'feature/dash-cenc';

/** `/media/live/{event}/manifest.mpd` of a live event id (a film id). */
export function liveManifestPath(eventId: string): string {
  return `${LIVE_BASE_PATH}/${eventId}/manifest.mpd`;
}

interface Rendition {
  id: string;
  kind: 'video' | 'audio';
  codecs: string;
  bandwidth: number;
  width?: number;
  height?: number;
  lang?: string;
  label?: string;
  role?: string;
}

/** The renditions of `demo/media/feature/dash-cenc/manifest.mpd` (test/server/live.test.ts checks they match). */
export const LIVE_RENDITIONS: readonly Rendition[] = Object.freeze([
  { id: 'video-360p', kind: 'video', codecs: 'avc1.64001e', bandwidth: 144000, width: 640, height: 360 },
  { id: 'video-720p', kind: 'video', codecs: 'avc1.64001f', bandwidth: 279000, width: 1280, height: 720 },
  { id: 'video-1080p', kind: 'video', codecs: 'avc1.640028', bandwidth: 423000, width: 1920, height: 1080 },
  { id: 'audio-en', kind: 'audio', codecs: 'mp4a.40.2', bandwidth: 52000, lang: 'en', label: 'English', role: 'main' },
  { id: 'audio-fr', kind: 'audio', codecs: 'mp4a.40.2', bandwidth: 52000, lang: 'fr', label: 'Français', role: 'dub' },
]);

const KID_UUID = DEMO_CLEARKEY.kidHex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
/** A version-1 PSSH box listing the demo KID (no system payload), as in the film's manifest. */
const pssh = (systemIdHex: string): string =>
  Buffer.concat([
    Buffer.from('000000347073736801000000', 'hex'),
    Buffer.from(systemIdHex, 'hex'),
    Buffer.from('00000001', 'hex'),
    Buffer.from(DEMO_CLEARKEY.kidHex, 'hex'),
    Buffer.from('00000000', 'hex'),
  ]).toString('base64');

/** The film's ContentProtection elements: ClearKey (W3C common PSSH), Widevine and PlayReady. */
const CONTENT_PROTECTION = `
      <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="${KID_UUID}"/>
      <ContentProtection schemeIdUri="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e" value="ClearKey1.0" cenc:default_KID="${KID_UUID}"/>
      <ContentProtection schemeIdUri="urn:uuid:1077efec-c0b2-4d02-ace3-3c1e52e2fb4b" value="W3C Common PSSH box">
        <cenc:pssh>${pssh('1077efecc0b24d02ace33c1e52e2fb4b')}</cenc:pssh>
      </ContentProtection>
      <ContentProtection schemeIdUri="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed" value="Widevine" cenc:default_KID="${KID_UUID}">
        <cenc:pssh>${pssh('edef8ba979d64acea3c827dcd51d21ed')}</cenc:pssh>
      </ContentProtection>
      <ContentProtection schemeIdUri="urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95" value="PlayReady" cenc:default_KID="${KID_UUID}">
        <cenc:pssh>${pssh('9a04f07998404286ab92e65be0885f95')}</cenc:pssh>
      </ContentProtection>`;

/** ISO-8601 duration of whole or fractional seconds (`PT60S`). */
const isoDuration = (seconds: number): string => `PT${Number(seconds.toFixed(3))}S`;

/** Where a live event stands at `now` (epoch ms): elapsed seconds since it went live, end if completed. */
export interface LiveClock {
  /** Seconds since `availabilityStartTime`. */
  elapsedS: number;
  /** Length of the finished event in whole segments (seconds), or null while live. */
  durationS: number | null;
}

export function liveClock(live: LiveState, now: number): LiveClock | null {
  if (live.status === 'planned' || live.started_at === null) return null;
  const elapsedS = (now - live.started_at) / 1000;
  if (live.status !== 'completed') return { elapsedS, durationS: null };
  const endMs = live.completed_at ?? now;
  const durationS = Math.floor((endMs - live.started_at) / 1000 / LIVE_SEGMENT_S) * LIVE_SEGMENT_S;
  return { elapsedS, durationS: Math.max(durationS, LIVE_SEGMENT_S) };
}

/**
 * Whether live segment `n` can be fetched: it has ended (and, once completed, is not past the end)
 * and it ended no longer ago than the DVR window plus one segment of grace.
 */
export function liveSegmentAvailable(n: number, clock: LiveClock): boolean {
  if (!Number.isInteger(n) || n < 1) return false;
  const endS = n * LIVE_SEGMENT_S;
  const lastEndS = clock.durationS === null ? clock.elapsedS : Math.min(clock.elapsedS, clock.durationS);
  return endS <= lastEndS && endS >= clock.elapsedS - LIVE_DVR_WINDOW_S - LIVE_SEGMENT_S;
}

/** The dynamic MPD of a live event at `now`. */
export function liveManifest(live: LiveState, now: number): string {
  const clock = liveClock(live, now);
  if (!clock || live.started_at === null) throw new HttpError(404, 'live_not_started', 'The live event has not started yet.');
  const completed = clock.durationS !== null;
  const template = (timescale: number): string =>
    `<SegmentTemplate timescale="${timescale}" duration="${LIVE_SEGMENT_S * timescale}" startNumber="1" ` +
    `initialization="$RepresentationID$/init.m4s" media="$RepresentationID$/seg-$Number$.m4s"/>`;
  const video = LIVE_RENDITIONS.filter((r) => r.kind === 'video')
    .map(
      (r) => `
      <Representation id="${r.id}" codecs="${r.codecs}" bandwidth="${r.bandwidth}" width="${r.width}" height="${r.height}" frameRate="24" sar="1:1"/>`,
    )
    .join('');
  const audio = LIVE_RENDITIONS.filter((r) => r.kind === 'audio')
    .map(
      (r, i) => `
    <AdaptationSet id="${i + 1}" contentType="audio" mimeType="audio/mp4" lang="${r.lang}" segmentAlignment="true" startWithSAP="1">
      <Label>${r.label}</Label>
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="${r.role}"/>${CONTENT_PROTECTION}
      ${template(48000)}
      <Representation id="${r.id}" codecs="${r.codecs}" bandwidth="${r.bandwidth}" audioSamplingRate="48000">
        <AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="1"/>
      </Representation>
    </AdaptationSet>`,
    )
    .join('');
  const timing = completed
    ? `mediaPresentationDuration="${isoDuration(clock.durationS ?? 0)}"`
    : `minimumUpdatePeriod="${isoDuration(LIVE_MIN_UPDATE_PERIOD_S)}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Live demo stream (demo/server/live.ts): the ClearKey demo segments in a loop. Status: ${live.status}. -->
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013"
     profiles="urn:mpeg:dash:profile:isoff-live:2011" type="dynamic"
     availabilityStartTime="${toIso(live.started_at)}" publishTime="${new Date(now).toISOString()}"
     ${timing} timeShiftBufferDepth="${isoDuration(LIVE_DVR_WINDOW_S)}"
     suggestedPresentationDelay="${isoDuration(LIVE_PRESENTATION_DELAY_S)}" maxSegmentDuration="${isoDuration(LIVE_SEGMENT_S)}" minBufferTime="PT2S">
  <Period id="live" start="PT0S">
    <AdaptationSet id="0" contentType="video" mimeType="video/mp4" segmentAlignment="true" startWithSAP="1" maxWidth="1920" maxHeight="1080" maxFrameRate="24" par="16:9">${CONTENT_PROTECTION}
      ${template(12288)}${video}
    </AdaptationSet>${audio}
  </Period>
  <UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="${new Date(now).toISOString()}"/>
</MPD>
`;
}

/**
 * Moves a media segment on the timeline by `deltaTicks` (in its track's timescale): every
 * `moof/traf/tfdt` baseMediaDecodeTime and the `sidx` earliest_presentation_time. Box sizes do not
 * change, so `trun` data offsets and `saio` offsets stay right; `trun` sample durations and
 * composition offsets are relative and need nothing. A version-0 (32-bit) field that would
 * overflow throws (the demo files use version 1, 64-bit).
 */
export function shiftSegmentTime(segment: Buffer, deltaTicks: bigint): Buffer {
  const boxes = parseBoxes(segment);
  const add = (data: Buffer, versionAt: number, at: number, what: string): void => {
    if (data.readUInt8(versionAt) === 1) {
      data.writeBigUInt64BE(data.readBigUInt64BE(at) + deltaTicks, at);
      return;
    }
    const value = BigInt(data.readUInt32BE(at)) + deltaTicks;
    if (value < 0n || value > 0xffffffffn) throw new Error(`live: ${what} ${value} does not fit a version-0 box`);
    data.writeUInt32BE(Number(value), at);
  };
  for (const tfdt of findAll(boxes, 'moof/traf/tfdt')) add(tfdt.data, 0, 4, 'tfdt');
  // sidx: version/flags (4), reference_ID (4), timescale (4), earliest_presentation_time (32 or 64 bits).
  for (const sidx of findAll(boxes, 'sidx')) add(sidx.data, 0, 12, 'sidx earliest_presentation_time');
  return serializeBoxes(boxes);
}

/** Registers the live stream routes (before the `/media/*` static route matches them). */
export function registerLive(app: FastifyInstance, state: DemoState, mediaRoot: string): void {
  const files = new Map<string, Buffer>();
  const read = (rel: string): Buffer => {
    let buf = files.get(rel);
    if (!buf) {
      try {
        buf = readFileSync(join(mediaRoot, LIVE_SOURCE_DIR, rel));
      } catch {
        throw new HttpError(404, 'not_found', `Live media ${rel} is missing (run npm run media).`);
      }
      files.set(rel, buf);
    }
    return buf;
  };
  const timescales = new Map<string, number>();
  const timescaleOf = (rep: string): number => {
    let ts = timescales.get(rep);
    if (ts === undefined) {
      ts = readInitTracks(parseBoxes(read(`${rep}/init.m4s`)))[0]?.timescale ?? 0;
      if (!ts) throw new Error(`live: no timescale in ${rep}/init.m4s`);
      timescales.set(rep, ts);
    }
    return ts;
  };
  const eventLive = (eventId: string): LiveState => {
    const live = /^[a-z0-9-]+$/.test(eventId) ? state.liveStatus(filmSlug(eventId)) : undefined;
    if (!live) throw new HttpError(404, 'not_a_live_stream', 'No live event with that id.');
    if (live.status === 'planned') throw new HttpError(404, 'live_not_started', 'The live event has not started yet.');
    return live;
  };
  const rendition = (rep: string): Rendition => {
    const r = LIVE_RENDITIONS.find((x) => x.id === rep);
    if (!r) throw new HttpError(404, 'not_found', `No live rendition ${rep}.`);
    return r;
  };

  app.get<{ Params: { event: string } }>(`${LIVE_BASE_PATH}/:event/manifest.mpd`, async (req, reply) => {
    const live = eventLive(req.params.event);
    reply.header('cache-control', 'no-store').type('application/dash+xml');
    return liveManifest(live, state.now());
  });

  app.get<{ Params: { event: string; rep: string } }>(`${LIVE_BASE_PATH}/:event/:rep/init.m4s`, async (req, reply) => {
    eventLive(req.params.event);
    const r = rendition(req.params.rep);
    reply.header('cache-control', 'max-age=3600').type(`${r.kind}/mp4`);
    return read(`${r.id}/init.m4s`);
  });

  app.get<{ Params: { event: string; rep: string; seg: string } }>(`${LIVE_BASE_PATH}/:event/:rep/:seg`, async (req, reply) => {
    const live = eventLive(req.params.event);
    const r = rendition(req.params.rep);
    const m = /^seg-(\d{1,9})\.m4s$/.exec(req.params.seg);
    if (!m) throw new HttpError(404, 'not_found', 'Not a live segment.');
    const n = Number(m[1]);
    const clock = liveClock(live, state.now());
    if (!clock || !liveSegmentAvailable(n, clock)) {
      throw new HttpError(404, 'segment_unavailable', `Live segment ${n} is not in the DVR window.`);
    }
    const loop = Math.floor((n - 1) / LIVE_LOOP_SEGMENTS);
    const source = ((n - 1) % LIVE_LOOP_SEGMENTS) + 1;
    const loopTicks = BigInt(LIVE_LOOP_SEGMENTS * LIVE_SEGMENT_S * timescaleOf(r.id));
    const body = shiftSegmentTime(read(`${r.id}/seg-${String(source).padStart(3, '0')}.m4s`), BigInt(loop) * loopTicks);
    reply.header('cache-control', 'no-store').type(`${r.kind}/mp4`);
    return body;
  });
}
