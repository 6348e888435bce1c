/**
 * Soak test (issue 9 "Tests and figures"; not part of `npm test`): `npm run soak` (after `npm run build`).
 *
 * 1. Playback under failure: `<s72-player>` plays the demo storefront's live ClearKey DASH event for
 *    `SOAK_MINUTES` (default 5) while `SOAK_FAILURE` (default 0.3) of the segment, heartbeat and
 *    player-telemetry requests fail with 503 (`/__demo/fault` with a `probability`). Heartbeat and
 *    telemetry run every 5 s, the live status every 15 s.
 * 2. Source switches: `SOAK_SWITCHES` (default 50) switches between the ClearKey film and the live
 *    event, each waiting for playback, then the player is removed.
 *
 * Prints stalls (buffering after playback started), recoveries (reloads at position), the errors
 * seen, the player telemetry posts acknowledged by the storefront as counted by the player against
 * those the storefront recorded as answered 2xx (must be equal), and the EME sessions still open at
 * the end (must be 0). Exits 1 when either check fails or playback did not advance.
 *
 * Everything is real: the demo storefront, the encoded media, ClearKey EME in Chromium. The only
 * instrumentation is a counter around `MediaKeys.prototype.createSession` and each session's
 * `closed` promise (the EME sessions the page opened and the ones it closed).
 */
import { chromium, type Page } from 'playwright-core';
import { createDemoServer } from '../demo/server/app.js';
import { CHROME_FLAGS_AUTOPLAY, CHROME_PATH } from '../test/support/chromium.mjs';

const SOAK_MS = Number(process.env.SOAK_MINUTES ?? 5) * 60_000;
const FAILURE = Number(process.env.SOAK_FAILURE ?? 0.3);
const SWITCHES = Number(process.env.SOAK_SWITCHES ?? 50);
const REPORT_EVERY_MS = 30_000;

const TOKEN = 'demo-adult-token';
const LIVE_SLUG = '/film/live-gala';
const FILM_SLUG = '/film/night-harbour';
const LIVE_RENDITIONS = ['video-360p', 'video-720p', 'video-1080p', 'audio-en', 'audio-fr'];
const HEARTBEAT = '/services/license/heartbeat';
const TELEMETRY = '/services/license/player_telemetry';

/** Counts EME sessions created and closed in the page (installed before any page script runs). */
const EME_PROBE = `
  window.__eme = { created: 0, closed: 0 };
  const create = MediaKeys.prototype.createSession;
  MediaKeys.prototype.createSession = function (...args) {
    const session = create.apply(this, args);
    window.__eme.created++;
    session.closed.then(() => { window.__eme.closed++; });
    return session;
  };`;

interface Streams {
  url: string;
  playToken: string;
}

async function streams(origin: string, slug: string): Promise<Streams> {
  const response = await fetch(`${origin}/services/playback/streams${slug}`, { method: 'POST', headers: { 'x-auth-token': TOKEN } });
  if (!response.ok) throw new Error(`streams ${slug}: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { streams: { url: string; encoding_type: string }[]; play_token: string };
  const dash = body.streams.find((stream) => stream.encoding_type === 'dash') ?? body.streams[0];
  if (!dash) throw new Error(`streams ${slug}: no stream`);
  return { url: dash.url, playToken: body.play_token };
}

async function control(origin: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${origin}/__demo/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`/__demo/${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Page-side state of the soak (see `installPlayer`). */
interface SoakProbe {
  stalls: number;
  /** Time spent in the buffering state after playback started, ms. */
  stalledMs: number;
  recoveries: number;
  errors: string[];
  playing: boolean;
}

/** Creates the player in the page with `content`, listening for stalls, recoveries and errors. */
async function installPlayer(page: Page, origin: string, slug: string, source: Streams, live: boolean): Promise<void> {
  await page.evaluate(
    ({ origin, slug, source, live, token }) => {
      document.querySelectorAll('s72-player').forEach((element) => element.remove());
      const probe = { stalls: 0, stalledMs: 0, recoveries: 0, errors: [] as string[], playing: false };
      let state = 'ok';
      let stalledAt = 0;
      (window as unknown as { __soak: typeof probe }).__soak = probe;
      const player = document.createElement('s72-player') as unknown as HTMLElement & Record<string, unknown>;
      player.id = 'soak';
      player.toggleAttribute('muted', true);
      player.toggleAttribute('autoplay', true);
      player.addEventListener('playing', () => (probe.playing = true));
      player.addEventListener('s72-buffering-change', (event) => {
        // One stall per entry into the monitor's `buffering` state (the event also fires for other changes).
        const next = (event as CustomEvent<{ buffering: boolean; state: string }>).detail.state;
        if (probe.playing && next === 'buffering' && state !== 'buffering') {
          probe.stalls++;
          stalledAt = performance.now();
        }
        if (state === 'buffering' && next !== 'buffering' && stalledAt) probe.stalledMs += performance.now() - stalledAt;
        state = next;
      });
      player.addEventListener('s72-recovery-change', () => probe.recoveries++);
      player.addEventListener('s72-error', (event) => {
        const { code, severity } = (event as CustomEvent<{ code: string; severity: string }>).detail;
        probe.errors.push(`${code} (${severity})`);
      });
      player['content'] = {
        slug,
        assets: { dash: { url: source.url, isLive: live, drms: ['clearkey'] } },
        authorization: token,
        playToken: source.playToken,
      };
      player['config'] = {
        drm: { clearkey: { licenseUrl: `${origin}/services/license/clearkey` } },
        heartbeat: { uri: `${origin}/services/license/heartbeat`, intervalMs: 5_000 },
        telemetry: { uri: `${origin}/services/license/player_telemetry`, intervalMs: 5_000 },
        live: { statusBaseUrl: `${origin}/services/live/v1/streamstatus`, pollIntervalMs: 15_000 },
      };
      document.querySelector('main')!.prepend(player);
    },
    { origin, slug, source, live, token: TOKEN },
  );
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __soak: SoakProbe }).__soak);
const currentTime = (page: Page) => page.evaluate(() => (document.getElementById('soak') as unknown as { currentTime: number }).currentTime);

async function main(): Promise<void> {
  const demo = await createDemoServer({ port: 0, control: { revealTokens: true } });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_FLAGS_AUTOPLAY] });
  let failed = false;
  try {
    const origin = demo.url;
    await control(origin, 'live-schedule', { slug: LIVE_SLUG, startsInMs: -120_000, durationMs: SOAK_MS + 30 * 60_000 });
    const page = await browser.newPage();
    await page.addInitScript(EME_PROBE);
    await page.goto(`${origin}/demo/element.html`);

    // ---- 1. playback under failure ----------------------------------------------------------
    const live = await streams(origin, LIVE_SLUG);
    for (const rendition of LIVE_RENDITIONS) {
      await control(origin, 'fault', { path: `/media/live/live-gala/${rendition}/*`, status: 503, probability: FAILURE });
    }
    for (const path of [HEARTBEAT, TELEMETRY]) await control(origin, 'fault', { path, status: 503, probability: FAILURE });
    await installPlayer(page, origin, LIVE_SLUG, live, true);
    console.log(`soak: ${SOAK_MS / 60_000} min of live playback, ${Math.round(FAILURE * 100)} % of segment, heartbeat and telemetry requests failing`);
    await page.waitForFunction(() => (window as unknown as { __soak: SoakProbe }).__soak.playing, undefined, { timeout: 60_000 });
    const started = Date.now();
    const firstTime = await currentTime(page);
    while (Date.now() - started < SOAK_MS) {
      await page.waitForTimeout(Math.min(REPORT_EVERY_MS, SOAK_MS - (Date.now() - started)));
      const probe = await readProbe(page);
      console.log(
        `  ${Math.round((Date.now() - started) / 1000)} s: position ${(await currentTime(page)).toFixed(1)} s, stalls ${probe.stalls} (${(probe.stalledMs / 1000).toFixed(1)} s), recoveries ${probe.recoveries}, errors [${probe.errors.join(', ')}]`,
      );
    }
    const probe = await readProbe(page);
    const advanced = (await currentTime(page)) - firstTime;
    // Paused, the player sends no more telemetry; wait out any post still in flight (its timeout is
    // the interval, 5 s) so the player's count and the storefront's record describe the same posts.
    await page.evaluate(() => (document.getElementById('soak') as unknown as { pause(): void }).pause());
    await page.waitForTimeout(6_000);
    const telemetrySent = await page.evaluate(
      () => (document.getElementById('soak') as unknown as { sessionStats: { telemetrySent: number; heartbeatsSent: number } }).sessionStats,
    );
    const recorded = (await control(origin, 'telemetry')) as { requests: { path: string; status?: number }[] };
    const heartbeats = (await control(origin, 'heartbeats')) as { requests: { status?: number }[] };
    const telemetryRecorded = recorded.requests.filter((r) => r.path === TELEMETRY && r.status !== undefined && r.status < 300).length;
    const heartbeatsRecorded = heartbeats.requests.filter((r) => r.status !== undefined && r.status < 300).length;

    // ---- 2. source switches -----------------------------------------------------------------
    await control(origin, 'reset', {});
    await control(origin, 'live-schedule', { slug: LIVE_SLUG, startsInMs: -120_000, durationMs: 30 * 60_000 });
    const film = await streams(origin, FILM_SLUG);
    const liveAgain = await streams(origin, LIVE_SLUG);
    for (let index = 0; index < SWITCHES; index++) {
      const isLive = index % 2 === 1;
      await installPlayerSource(page, isLive ? LIVE_SLUG : FILM_SLUG, isLive ? liveAgain : film, isLive);
    }
    const openWhilePlaying = await page.evaluate(() => {
      const eme = (window as unknown as { __eme: { created: number; closed: number } }).__eme;
      return eme.created - eme.closed;
    });
    await page.evaluate(() => document.getElementById('soak')?.remove());
    await page.waitForTimeout(2_000);
    const eme = await page.evaluate(() => (window as unknown as { __eme: { created: number; closed: number } }).__eme);

    const rows: [string, string][] = [
      ['playback', `${(SOAK_MS / 60_000).toFixed(1)} min, position advanced ${advanced.toFixed(1)} s`],
      ['stalls (buffering after playback started): count / total time', `${probe.stalls} / ${(probe.stalledMs / 1000).toFixed(1)} s`],
      ['recoveries (reload at position)', String(probe.recoveries)],
      ['errors reported', probe.errors.length ? probe.errors.join(', ') : 'none'],
      ['heartbeats acknowledged: player / storefront', `${telemetrySent.heartbeatsSent} / ${heartbeatsRecorded}`],
      ['player telemetry acknowledged: player / storefront', `${telemetrySent.telemetrySent} / ${telemetryRecorded}`],
      [`EME sessions after ${SWITCHES} source switches: created / open while playing / open after removal`, `${eme.created} / ${openWhilePlaying} / ${eme.created - eme.closed}`],
    ];
    console.log('\n| figure | value |\n|---|---|');
    for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
    if (telemetrySent.telemetrySent !== telemetryRecorded) {
      console.error(`FAIL: the player counted ${telemetrySent.telemetrySent} telemetry posts, the storefront recorded ${telemetryRecorded}`);
      failed = true;
    }
    if (eme.created - eme.closed !== 0) {
      console.error(`FAIL: ${eme.created - eme.closed} EME sessions still open after the player was removed`);
      failed = true;
    }
    if (!(advanced > SOAK_MS / 1000 / 2)) {
      console.error(`FAIL: playback advanced only ${advanced.toFixed(1)} s in ${SOAK_MS / 1000} s`);
      failed = true;
    }

    /** Switches the existing player to another source and waits until it plays again. */
    async function installPlayerSource(target: Page, slug: string, source: Streams, isLive: boolean): Promise<void> {
      await target.evaluate(
        ({ slug, source, isLive, token }) =>
          new Promise<void>((resolve, reject) => {
            const player = document.getElementById('soak') as (HTMLElement & Record<string, unknown>) | null;
            if (!player) {
              reject(new Error('no player'));
              return;
            }
            const timer = setTimeout(() => reject(new Error(`no playback after switching to ${slug}`)), 30_000);
            player.addEventListener(
              'playing',
              () => {
                clearTimeout(timer);
                resolve();
              },
              { once: true },
            );
            player['content'] = {
              slug,
              assets: { dash: { url: source.url, isLive, drms: ['clearkey'] } },
              authorization: token,
              playToken: source.playToken,
            };
          }),
        { slug, source, isLive, token: TOKEN },
      );
    }
  } finally {
    await browser.close();
    await demo.close();
  }
  process.exit(failed ? 1 : 0);
}

await main();
