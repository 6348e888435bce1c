// Integration: the CENC ('cenc', AES-128-CTR) demo title really decrypts and plays in Chromium with
// shaka-player, with keys from the demo storefront's ClearKey licence server; and a wrong key really
// fails. Media: demo/media/feature/dash-cenc/ (made by demo/tools/make-media.ts, see demo/media/README.md).
import { expect } from '@open-wc/testing';
// The compiled build is not an ES module: loaded as one, it assigns `window.shaka`.
import 'shaka-player/dist/shaka-player.compiled-es2021.js';
import { playTokenFor } from '../helpers/demo.js';

declare global {
  interface Window {
    S72_DEMO_ORIGIN: string;
  }
}

const KID_HEX = '733732706c617965722d6b6964303031'; // "s72player-kid001"
const KEY_HEX = '733732706c617965722d6b6579303031'; // "s72player-key001"
const WRONG_KEY_HEX = '733732706c617965722d6261646b6579'; // "s72player-badkey"

// --- the slice of shaka's API used here ------------------------------------------------------

interface ShakaError {
  code: number;
  category: number;
  severity: number;
  data: unknown[];
}
interface ShakaRequest {
  uris: string[];
  headers: Record<string, string>;
}
interface ShakaResponse {
  uri: string;
}
interface ShakaNetworkingEngine {
  registerRequestFilter(filter: (type: number, request: ShakaRequest) => void): void;
  registerResponseFilter(filter: (type: number, response: ShakaResponse) => void): void;
}
interface ShakaPlayer extends EventTarget {
  attach(video: HTMLMediaElement): Promise<void>;
  configure(config: object): boolean;
  load(uri: string): Promise<void>;
  unload(): Promise<void>;
  destroy(): Promise<void>;
  keySystem(): string;
  getNetworkingEngine(): ShakaNetworkingEngine;
}
interface ShakaNamespace {
  polyfill: { installAll(): void };
  Player: { new (): ShakaPlayer; isBrowserSupported(): boolean };
  net: { NetworkingEngine: { RequestType: { LICENSE: number; SEGMENT: number } } };
  util: { Error: { Code: { VIDEO_ERROR: number } } };
}

function shaka(): ShakaNamespace {
  const ns = (window as unknown as { shaka?: ShakaNamespace }).shaka;
  if (!ns) throw new Error('shaka-player did not install window.shaka');
  return ns;
}

// --- harness ---------------------------------------------------------------------------------

/** One observed failure: a shaka error event / rejected load, or the media element's error. */
interface Failure {
  source: 'shaka' | 'load' | 'video';
  /** shaka error code (e.g. 3016 VIDEO_ERROR), or the MediaError code for `video`. */
  code: number;
  message: string;
}

interface Session {
  video: HTMLVideoElement;
  player: ShakaPlayer;
  failures: Failure[];
  licenseRequests: number;
  encryptedSegments: number;
  /** Largest currentTime seen by `watch`. */
  maxTime: number;
}

const manifestUrl = (): string => `${window.S72_DEMO_ORIGIN}/media/feature/dash-cenc/manifest.mpd`;

function isShakaError(e: unknown): e is ShakaError {
  return typeof e === 'object' && e !== null && typeof (e as ShakaError).code === 'number';
}

async function newSession(): Promise<Session> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.width = 320;
  document.body.appendChild(video);
  const player = new (shaka().Player)();
  await player.attach(video);
  const s: Session = { video, player, failures: [], licenseRequests: 0, encryptedSegments: 0, maxTime: 0 };
  player.addEventListener('error', (ev) => {
    const detail = (ev as CustomEvent<unknown>).detail;
    s.failures.push({
      source: 'shaka',
      code: isShakaError(detail) ? detail.code : -1,
      message: isShakaError(detail) ? JSON.stringify(detail.data).slice(0, 300) : String(detail),
    });
  });
  video.addEventListener('error', () => {
    s.failures.push({ source: 'video', code: video.error?.code ?? -1, message: video.error?.message ?? '' });
  });
  const { RequestType } = shaka().net.NetworkingEngine;
  const net = player.getNetworkingEngine();
  net.registerRequestFilter((type) => {
    if (type === RequestType.LICENSE) s.licenseRequests++;
  });
  net.registerResponseFilter((type, response) => {
    if (type === RequestType.SEGMENT && /\/dash-cenc\/[^/]+\/seg-\d+\.m4s$/.test(response.uri)) s.encryptedSegments++;
  });
  return s;
}

async function load(s: Session): Promise<boolean> {
  try {
    await s.player.load(manifestUrl());
    return true;
  } catch (e) {
    s.failures.push({ source: 'load', code: isShakaError(e) ? e.code : -1, message: String(isShakaError(e) ? JSON.stringify(e.data) : e) });
    return false;
  }
}

function startPlayback(s: Session): void {
  // Muted, so autoplay is allowed; a rejection (e.g. interrupted by an error) is not itself a result.
  s.video.play().catch(() => undefined);
}

/** Polls until `done()` or `timeoutMs`; tracks the largest currentTime on the way. */
async function watch(s: Session, timeoutMs: number, done: () => boolean): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    s.maxTime = Math.max(s.maxTime, s.video.currentTime);
    if (done() || performance.now() >= deadline) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function state(s: Session): string {
  return `currentTime ${s.video.currentTime.toFixed(2)} (max ${s.maxTime.toFixed(2)}), failures ${JSON.stringify(s.failures)}`;
}

// --- tests -----------------------------------------------------------------------------------

describe('CENC demo title (demo/media/feature/dash-cenc)', () => {
  let session: Session | null = null;

  before(() => {
    expect(window.S72_DEMO_ORIGIN, 'window.S72_DEMO_ORIGIN').to.be.a('string').and.match(/^https?:\/\//);
    shaka().polyfill.installAll();
    expect(shaka().Player.isBrowserSupported(), 'shaka supports this browser').to.equal(true);
  });

  afterEach(async () => {
    if (!session) return;
    await session.player.destroy();
    session.video.remove();
    session = null;
  });

  it('decrypts and plays past 8 s with keys from the ClearKey licence server', async function () {
    this.timeout(60_000);
    const s = (session = await newSession());
    s.player.configure({
      drm: { servers: { 'org.w3.clearkey': `${window.S72_DEMO_ORIGIN}/services/license/clearkey` } },
    });
    // The licence server gives keys to the play token of a streams call for this title.
    const playToken = await playTokenFor('/film/night-harbour');
    s.player.getNetworkingEngine().registerRequestFilter((type, request) => {
      if (type === shaka().net.NetworkingEngine.RequestType.LICENSE) request.headers['x-play-token'] = playToken;
    });

    expect(await load(s), `load: ${state(s)}`).to.equal(true);
    startPlayback(s);
    // Past 8 s means segments 1-5 of each track were decrypted: every fragment carries its own
    // sample-encryption info (senc/saiz/saio), not just the first one.
    await watch(s, 40_000, () => s.video.currentTime > 8 || s.failures.length > 0);

    expect(s.failures, state(s)).to.deep.equal([]);
    expect(s.player.keySystem()).to.equal('org.w3.clearkey');
    expect(s.licenseRequests, 'licence requests').to.be.greaterThan(0);
    expect(s.encryptedSegments, 'encrypted segments fetched').to.be.greaterThan(4);
    expect(s.video.currentTime, state(s)).to.be.greaterThan(8);
  });

  it('fails to play with a wrong ClearKey key', async function () {
    this.timeout(30_000);
    expect(WRONG_KEY_HEX).not.to.equal(KEY_HEX);
    const s = (session = await newSession());
    // Inline keys (supported by the compiled build): the KID is right, so the CDM has "a key" and
    // decrypts, but into garbage that the decoders reject.
    s.player.configure({ drm: { clearKeys: { [KID_HEX]: WRONG_KEY_HEX } } });

    if (await load(s)) startPlayback(s);
    // Stop at the first failure: otherwise shaka "recovers" from the media error (resets the
    // MediaSource, switches variant, jumps gaps) and moves currentTime by seeking, not by playing.
    // Without any failure, watch for 10 s whether playback gets past 2 s (it must not).
    await watch(s, 10_000, () => s.failures.length > 0 || s.video.currentTime > 2);
    const maxBeforeStop = s.maxTime;
    const keySystem = s.player.keySystem();
    await s.player.unload();

    expect(maxBeforeStop, `playback must not progress: ${state(s)}`).to.be.lessThan(2);
    expect(s.failures.length, `an error must be reported: ${state(s)}`).to.be.greaterThan(0);
    // The failure must be the decode of wrongly-decrypted media (shaka 3016 VIDEO_ERROR or the
    // element's MEDIA_ERR_DECODE), not e.g. a network or manifest error that would fail any key.
    const VIDEO_ERROR = shaka().util.Error.Code.VIDEO_ERROR;
    const decodeFailure = s.failures.some(
      (f) => ((f.source === 'shaka' || f.source === 'load') && f.code === VIDEO_ERROR) || (f.source === 'video' && f.code === MediaError.MEDIA_ERR_DECODE),
    );
    expect(decodeFailure, `decode failure expected: ${state(s)}`).to.equal(true);
    expect(keySystem, 'the ClearKey CDM was used').to.equal('org.w3.clearkey');
    expect(s.encryptedSegments, 'encrypted segments fetched').to.be.greaterThan(0);
  });
});
