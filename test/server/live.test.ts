/**
 * The live demo stream (demo/server/live.ts) and its schedule: a dynamic ClearKey MPD whose DVR
 * window slides with the demo clock, looped segments re-timed to the live timeline, and the
 * planned → live → completed schedule with its coming-soon availability.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, test } from 'node:test';
import { DEFAULT_PATHS, LIVE_DVR_WINDOW_S, shiftSegmentTime } from '../../demo/server/app.js';
import { findAll, parseBoxes, parseTfdt } from '../../demo/tools/cenc/mp4.js';
import { ADULT, fetchJson, postJson, useDemoServer } from './helpers.js';

const demo = useDemoServer();
const SLUG = '/film/live-gala';
const MPD = '/media/live/live-gala/manifest.mpd';
const CENC = join(DEFAULT_PATHS.media, 'feature', 'dash-cenc');

beforeEach(async () => {
  assert.equal((await fetchJson(`${demo.url}/__demo/reset`, { method: 'POST' })).status, 200);
});

const schedule = (startsInMs: number, durationMs?: number | null) =>
  postJson(`${demo.url}/__demo/live-schedule`, { slug: SLUG, startsInMs, ...(durationMs === undefined ? {} : { durationMs }) });
const clock = (offsetMs: number) => postJson(`${demo.url}/__demo/clock`, { offsetMs });
const status = async (): Promise<string> => (await fetchJson(`${demo.url}/services/live/v1/streamstatus${SLUG}`)).body.live.status;
const segment = (n: number, rep = 'video-720p') => fetch(`${demo.url}/media/live/live-gala/${rep}/seg-${n}.m4s`);
const attr = (xml: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1];

/** The tfdt baseMediaDecodeTime of a media segment. */
function tfdtOf(buf: Buffer): bigint {
  const tfdt = findAll(parseBoxes(buf), 'moof/traf/tfdt')[0];
  assert.ok(tfdt, 'segment has a tfdt');
  return parseTfdt(tfdt);
}

describe('live MPD', () => {
  test('while planned the manifest answers 404 live_not_started', async () => {
    const res = await fetchJson(`${demo.url}${MPD}`);
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'live_not_started');
    assert.equal((await segment(1)).status, 404);
  });

  test('live: dynamic, availabilityStartTime = start, DVR window, ClearKey like the film, the film renditions', async () => {
    const set = await schedule(-120_000, 600_000);
    assert.equal(set.status, 200);
    const res = await fetch(`${demo.url}${MPD}`, { headers: { origin: 'https://partner.example' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/dash\+xml/);
    assert.ok(res.headers.get('access-control-allow-origin'), 'CORS like the rest of /media/');
    const xml = await res.text();
    assert.equal(attr(xml, 'type'), 'dynamic');
    assert.equal(attr(xml, 'availabilityStartTime'), set.body.starts_at);
    assert.equal(attr(xml, 'timeShiftBufferDepth'), `PT${LIVE_DVR_WINDOW_S}S`);
    assert.ok(attr(xml, 'minimumUpdatePeriod'), 'a live MPD is re-read');
    assert.ok(attr(xml, 'suggestedPresentationDelay'));
    assert.equal(attr(xml, 'mediaPresentationDuration'), undefined);
    const published = Date.parse(attr(xml, 'publishTime') ?? '');
    assert.ok(Math.abs(published - Date.now()) < 5000, 'publishTime is now');
    assert.match(xml, /<UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="[^"]+"\/>/);
    assert.match(xml, /media="\$RepresentationID\$\/seg-\$Number\$\.m4s"/);

    const film = readFileSync(join(CENC, 'manifest.mpd'), 'utf8');
    const protection = (doc: string) => [...new Set(doc.match(/<ContentProtection[^>]*>|<cenc:pssh>[^<]*<\/cenc:pssh>/g))].sort();
    assert.deepEqual(protection(xml), protection(film), 'same ContentProtection elements as the film');
    const reps = (doc: string) =>
      [...doc.matchAll(/<Representation id="([^"]+)" codecs="([^"]+)" bandwidth="(\d+)"/g)].map((m) => m.slice(1).join(' '));
    assert.deepEqual(reps(xml), reps(film));
  });

  test('the streams call answers the live manifest with broadcast_id and clearkey', async () => {
    await schedule(-10_000);
    const res = await fetchJson(`${demo.url}/services/playback/streams${SLUG}`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.streams, [
      { url: `${demo.url}${MPD}`, encoding_type: 'dash', drm_type: ['clearkey'], broadcast_id: 'live-gala-001' },
    ]);
  });
});

describe('live segments', () => {
  test('the window slides with the demo clock: future and older-than-DVR segments answer 404', async () => {
    await schedule(-120_000); // 120 s live: segments 1..60 exist
    assert.equal((await segment(60)).status, 200);
    assert.equal((await segment(45, 'audio-en')).status, 200);
    const future = await segment(62);
    assert.equal(future.status, 404);
    assert.equal(((await future.json()) as { code: string }).code, 'segment_unavailable');
    assert.equal((await segment(20)).status, 404, 'ended 80 s ago, outside the 60-s window');
    assert.equal((await segment(31)).status, 200, 'ended 58 s ago, inside the window');

    await clock(60_000); // 180 s live
    assert.equal((await segment(31)).status, 404, 'slid out of the window');
    assert.equal((await segment(90)).status, 200, 'came into existence');
    assert.equal((await segment(0)).status, 404);
  });

  test('a served segment is demo segment ((N-1) % 30) + 1 with its tfdt and sidx on the live timeline', async () => {
    await schedule(-200_000);
    const n = 75; // loop 2, demo segment 15
    const res = await segment(n);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'video/mp4');
    const live = Buffer.from(await res.arrayBuffer());
    const source = readFileSync(join(CENC, 'video-720p', 'seg-015.m4s'));
    assert.equal(live.length, source.length, 'same size: offsets stay right');
    assert.equal(tfdtOf(live), BigInt((n - 1) * 2 * 12288), 'tfdt = live start time (2 s × (N-1), timescale 12288)');
    const sidx = parseBoxes(live).find((b) => b.type === 'sidx');
    assert.equal(sidx?.data.readBigUInt64BE(12), BigInt((n - 1) * 2 * 12288));
    // Only the two times differ from the demo segment.
    let differing = 0;
    for (let i = 0; i < live.length; i += 1) if (live[i] !== source[i]) differing += 1;
    assert.ok(differing > 0 && differing <= 16, `${differing} bytes changed`);

    const audio = Buffer.from(await (await segment(n, 'audio-en')).arrayBuffer());
    const audioSource = readFileSync(join(CENC, 'audio-en', 'seg-015.m4s'));
    assert.equal(tfdtOf(audio), tfdtOf(audioSource) + 2n * 60n * 48000n, 'audio moves by whole loops of 60 s');
  });

  test('shiftSegmentTime: version-0 tfdt is kept 32-bit and refuses to overflow', () => {
    const tfdt = Buffer.alloc(16);
    tfdt.writeUInt32BE(16, 0);
    tfdt.write('tfdt', 4, 'latin1');
    tfdt.writeUInt32BE(0, 8); // version 0
    tfdt.writeUInt32BE(1000, 12);
    const box = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + body.length, 0);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body]);
    };
    const seg = box('moof', box('traf', tfdt));
    const moved = shiftSegmentTime(seg, 500n);
    assert.equal(moved.length, seg.length);
    assert.equal(tfdtOf(moved), 1500n);
    assert.throws(() => shiftSegmentTime(seg, 0x1_0000_0000n), /does not fit/);
  });
});

describe('live schedule', () => {
  test('after reset: planned, live 60 s later for 10 minutes, the countdown availability', async () => {
    const state = await fetchJson(`${demo.url}/__demo/state`);
    const live = state.body.live[SLUG];
    assert.equal(live.status, 'planned');
    const now = Date.parse(state.body.now);
    assert.ok(Math.abs(Date.parse(live.schedule.start) - (now + 60_000)) < 2000);
    assert.equal(Date.parse(live.schedule.end) - Date.parse(live.schedule.start), 600_000);
    const av = await fetchJson(`${demo.url}/services/content/v1/availabilities?items=${SLUG}`);
    assert.equal(av.body.availabilities[0].from, live.schedule.start);
    assert.ok(av.body.availabilities[0].ms_from > 50_000 && av.body.availabilities[0].ms_from <= 60_000);
  });

  test('planned → live → completed by the demo clock; the MPD then shows the end', async () => {
    const set = await schedule(30_000, 60_000);
    assert.equal(set.body.live.status, 'planned');
    assert.equal(await status(), 'planned');
    const av = await fetchJson(`${demo.url}/services/content/v1/availabilities?items=${SLUG}`);
    assert.equal(av.body.availabilities[0].from, set.body.starts_at);
    const early = await fetchJson(`${demo.url}/services/playback/streams${SLUG}`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
    assert.equal(early.status, 403);
    assert.equal(early.body.code, 'unavailable');
    assert.ok(early.body.ms_from > 25_000 && early.body.ms_from <= 30_000);

    await clock(31_000);
    assert.equal(await status(), 'live');
    const live = await fetchJson(`${demo.url}/services/live/v1/streamstatus${SLUG}`);
    assert.equal(live.body.live.started_at, set.body.starts_at);
    assert.equal(live.body.live.completed_at, null);

    await clock(95_000); // 65 s after the start: the 60-s event has ended
    const done = await fetchJson(`${demo.url}/services/live/v1/streamstatus${SLUG}`);
    assert.deepEqual(done.body, {
      slug: SLUG,
      live: { status: 'completed', started_at: set.body.starts_at, completed_at: set.body.ends_at },
    });
    const xml = await (await fetch(`${demo.url}${MPD}`)).text();
    assert.equal(attr(xml, 'type'), 'dynamic');
    assert.equal(attr(xml, 'mediaPresentationDuration'), 'PT60S');
    assert.equal(attr(xml, 'minimumUpdatePeriod'), undefined, 'no more updates once completed');
    assert.equal((await segment(30)).status, 200, 'the last segment');
    assert.equal((await segment(31)).status, 404, 'nothing after the end');
    const late = await fetchJson(`${demo.url}/services/playback/streams${SLUG}`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
    assert.equal(late.body.code, 'live_event_completed');
  });

  test('/__demo/live-status overrides the schedule from where it stands', async () => {
    await schedule(-30_000);
    const res = await postJson(`${demo.url}/__demo/live-status`, { slug: SLUG, status: 'completed' });
    assert.equal(res.body.live.status, 'completed');
    assert.ok(Date.parse(res.body.live.started_at) < Date.now() - 25_000, 'keeps the scheduled start');
    await clock(3600_000);
    assert.equal(await status(), 'completed');
  });

  test('bad schedules answer 400 / 404', async () => {
    assert.equal((await postJson(`${demo.url}/__demo/live-schedule`, { slug: SLUG })).status, 400);
    assert.equal((await schedule(1000, -5)).status, 400);
    const other = await postJson(`${demo.url}/__demo/live-schedule`, { slug: '/film/night-harbour', startsInMs: 0 });
    assert.equal(other.status, 404);
    assert.equal(other.body.code, 'not_a_live_stream');
  });

  test('streamstatus with an expired play token answers 403 live_stream_expired', async () => {
    await schedule(-10_000);
    const streams = await fetchJson(`${demo.url}/services/playback/streams${SLUG}`, { method: 'POST', headers: { 'x-auth-token': ADULT } });
    const token = streams.body.play_token as string;
    const url = `${demo.url}/services/live/v1/streamstatus${SLUG}`;
    assert.equal((await fetchJson(url, { headers: { 'x-play-session': token } })).status, 200);
    await clock(6 * 3600_000 + 60_000);
    const expired = await fetchJson(url, { headers: { 'x-play-session': token } });
    assert.equal(expired.status, 403);
    assert.equal(expired.body.code, 'live_stream_expired');
    assert.equal((await fetchJson(url)).status, 200, 'without a token the status stays public');
  });
});

test('/demo/live.html: the control page, its script external (CSP), buttons for the schedule', async () => {
  const res = await fetch(`${demo.url}/demo/live.html`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/, 'no inline script');
  assert.match(html, /<script type="module" src="\/js\/live-demo\.js"><\/script>/);
  assert.match(html, /data-starts-in-ms="30000"/);
  assert.match(html, /href="\/play\/#\/film\/live-gala\/live-gala\?u=demo-adult-token"/);
  const js = await fetch(`${demo.url}/js/live-demo.js`);
  assert.equal(js.status, 200);
  assert.match(await js.text(), /__demo\/\$\{path\}|live-schedule/);
});
