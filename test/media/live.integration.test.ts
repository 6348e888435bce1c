// Integration: the demo storefront's live event (/film/live-gala, demo/server/live.ts) really plays in
// Chromium with shaka-player: a dynamic ClearKey MPD over the looped demo segments, keys from the
// ClearKey licence server, a seek range as wide as the DVR window, and playback at a live position.
import { expect } from '@open-wc/testing';
import { importShaka } from '../../src-element/core/engine/shaka-engine.js';

// The DASH build the player uses for DASH sources.
const shaka = await importShaka('dash');
import { ADULT_TOKEN, CLEARKEY_LICENSE_PATH, demoControl, demoUrl, playTokenFor, resetDemo } from '../helpers/demo.js';

/** demo/server/live.ts LIVE_DVR_WINDOW_S and LIVE_PRESENTATION_DELAY_S. */
const DVR_WINDOW_S = 60;
const PRESENTATION_DELAY_S = 6;
const SLUG = '/film/live-gala';

type Player = InstanceType<typeof shaka.Player>;

interface Session {
  video: HTMLVideoElement;
  player: Player;
  failures: string[];
  licenceRequests: number;
  liveSegments: number;
}

/** A shaka session whose licence requests carry `playToken` (the licence server's keys need a streams call's). */
async function newSession(playToken: string): Promise<Session> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.width = 320;
  document.body.appendChild(video);
  const player = new shaka.Player();
  await player.attach(video);
  const s: Session = { video, player, failures: [], licenceRequests: 0, liveSegments: 0 };
  player.addEventListener('error', (ev) => {
    const detail = (ev as CustomEvent<{ code?: number; data?: unknown }>).detail;
    s.failures.push(`shaka ${detail.code ?? '?'} ${JSON.stringify(detail.data ?? null).slice(0, 300)}`);
  });
  video.addEventListener('error', () => s.failures.push(`video ${video.error?.code ?? '?'} ${video.error?.message ?? ''}`));
  const { RequestType } = shaka.net.NetworkingEngine;
  const net = player.getNetworkingEngine();
  net?.registerRequestFilter((type, request) => {
    if (type !== RequestType.LICENSE) return;
    s.licenceRequests += 1;
    request.headers['x-play-token'] = playToken;
  });
  net?.registerResponseFilter((type, response) => {
    if (type === RequestType.SEGMENT && /\/media\/live\/live-gala\/[^/]+\/seg-\d+\.m4s$/.test(response.uri)) s.liveSegments += 1;
  });
  player.configure({ drm: { servers: { 'org.w3.clearkey': demoUrl(CLEARKEY_LICENSE_PATH) } } });
  return s;
}

async function until(s: Session, timeoutMs: number, done: () => boolean): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done() && s.failures.length === 0 && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

function describeState(s: Session): string {
  const range = s.player.seekRange();
  return `currentTime ${s.video.currentTime.toFixed(2)}, seek range ${range.start.toFixed(2)}-${range.end.toFixed(2)}, failures ${JSON.stringify(s.failures)}`;
}

describe('live demo event (demo/server/live.ts)', () => {
  let session: Session | null = null;

  before(async () => {
    await resetDemo();
    // Live for 150 s: more than the DVR window of segments exists.
    await demoControl('live-schedule', { slug: SLUG, startsInMs: -150_000, durationMs: 600_000 });
  });

  afterEach(async () => {
    if (!session) return;
    await session.player.destroy();
    session.video.remove();
    session = null;
  });

  after(async () => {
    await resetDemo();
  });

  it('plays at the live edge with ClearKey, its seek range is the DVR window', async function () {
    this.timeout(60_000);
    const streams = await fetch(demoUrl(`/services/playback/streams${SLUG}`), { method: 'POST', headers: { 'x-auth-token': ADULT_TOKEN } });
    expect(streams.status).to.equal(200);
    const body = (await streams.json()) as { streams: { url: string; drm_type: string[]; broadcast_id?: string }[]; play_token: string };
    const stream = body.streams[0];
    expect(stream?.broadcast_id, 'a live stream').to.be.a('string');
    expect(stream?.drm_type).to.deep.equal(['clearkey']);

    const s = (session = await newSession(body.play_token));
    await s.player.load(stream?.url ?? '');
    expect(s.player.isLive(), 'shaka sees a live presentation').to.equal(true);
    s.video.play().catch(() => undefined);

    await until(s, 30_000, () => s.video.currentTime > 0 && !s.video.paused && s.video.readyState >= 3);
    const start = s.video.currentTime;
    // The live edge is ~150 s into the event, minus the presentation delay.
    expect(start, describeState(s)).to.be.greaterThan(150 - DVR_WINDOW_S);

    await until(s, 20_000, () => s.video.currentTime > start + 3);
    expect(s.failures, describeState(s)).to.deep.equal([]);
    expect(s.video.currentTime, `advances while live: ${describeState(s)}`).to.be.greaterThan(start + 3);

    const range = s.player.seekRange();
    const width = range.end - range.start;
    expect(width, `seek range ≈ the ${DVR_WINDOW_S}-s DVR window: ${describeState(s)}`).to.be.within(
      DVR_WINDOW_S - PRESENTATION_DELAY_S - 10,
      DVR_WINDOW_S + 2,
    );
    expect(s.player.keySystem()).to.equal('org.w3.clearkey');
    expect(s.licenceRequests, 'licence requests').to.be.greaterThan(0);
    expect(s.liveSegments, 'live segments fetched').to.be.greaterThan(2);

    // The oldest part of the window is still served: seek back near its start and keep playing.
    const back = s.player.seekRange().start + 8;
    s.video.currentTime = back;
    await until(s, 20_000, () => s.video.currentTime > back + 2);
    expect(s.failures, describeState(s)).to.deep.equal([]);
    expect(s.video.currentTime, `plays from the DVR window: ${describeState(s)}`).to.be.within(back + 2, back + 20);
  });

  it('keeps playing across the loop of the demo segments (segment 60 → 61 = demo 30 → 1)', async function () {
    this.timeout(60_000);
    // Live for 126 s: the live edge (~120 s) sits at the end of the second loop.
    await demoControl('live-schedule', { slug: SLUG, startsInMs: -126_000, durationMs: 600_000 });
    const s = (session = await newSession(await playTokenFor(SLUG)));
    await s.player.load(demoUrl('/media/live/live-gala/manifest.mpd'));
    s.video.play().catch(() => undefined);
    await until(s, 30_000, () => s.video.currentTime > 0 && !s.video.paused);
    expect(s.video.currentTime, describeState(s)).to.be.below(121);
    await until(s, 30_000, () => s.video.currentTime > 124);
    expect(s.failures, describeState(s)).to.deep.equal([]);
    expect(s.video.currentTime, `past the loop point at 120 s: ${describeState(s)}`).to.be.greaterThan(124);
  });
});
