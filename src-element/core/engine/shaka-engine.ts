// player-and-client §4 "Engine choice", §9 "Engine"
/**
 * The shaka-player engine: DASH and HLS through MSE/EME, and progressive MP4. Shaka itself is imported only when an engine is created or
 * preloaded, so pages that never play stay light.
 */
import { moduleLoadFailed, type S72Error } from '../errors.js';
import type { DeviceFacts } from '../drm/capabilities.js';
import type { DrmType } from '../types.js';
import {
  EngineEmitter,
  type AudioTrackInfo,
  type ChapterInfo,
  type ChaptersFile,
  type Engine,
  type EngineEventListener,
  type EngineEventMap,
  type EngineLoader,
  type EngineSource,
  type EngineStats,
  type EngineThumbnail,
  type SourceKind,
  type TextTrackInfo,
  type VideoTrackInfo,
} from './engine.js';
import { chooseChapterLanguage, normaliseChapters } from '../chapters.js';
import { addClearKeySignalling, clearKeyInitData } from './clearkey-signalling.js';
import { KEY_SYSTEMS } from './key-systems.js';
import { mapEngineError, textTrackFailure, type EngineErrorLike } from './map-engine-error.js';
import { takePrefetchedManifest, type PrefetchedManifest } from './manifest-prefetch.js';
import { resolveShaka, shakaBuildOf, type Shaka } from './shaka-namespace.js';

type ShakaPlayer = InstanceType<Shaka['Player']>;


const MIME_TYPES: Readonly<Record<SourceKind, string>> = Object.freeze({
  dash: 'application/dash+xml',
  hls: 'application/x-mpegurl',
  mp4: 'video/mp4',
});

// player-and-client §9 "Engine"
/**
 * Request retries (5 request attempts), the same for manifests,
 * segments and licences. Times in ms (shaka's unit).
 *
 * Two layers retry, one after the other, never one inside the other: shaka retries each request
 * (this), and only once a request has failed 5 times does the player reload the source at the
 * viewer's position (controllers/recovery-controller.ts, up to 6 reloads, 1 s apart for network
 * errors). A reload is a new start, so the start watchdog bounds it: 10 s without progress, checked
 * every 5 s, so at most 15 s per reload that gets nowhere (counted as a failed attempt). Shaka's
 * retries inside a reload therefore never add up beyond that. Worst cases for one failing request
 * with these numbers (waits 500, 1000, 2000, 4000 ms = 7.5 s, at most
 * 11.25 s with the ±50 % fuzz):
 * - the server answers an error (503) or the browser is offline: 5 quick failures + 11.25 s ≈ 11 s;
 * - the server never answers: 5 × `connectionTimeout` 5 s + 11.25 s ≈ 36 s;
 * - the server answers, then stops sending: 5 × `stallTimeout` 5 s + 11.25 s ≈ 36 s;
 * - the server sends, too slowly: 5 × `timeout` 10 s + 11.25 s ≈ 61 s (shaka's defaults, 30 s
 *   and 1 s, would make it 2 min 53 s).
 * A third layer sits in between for segments: when a request has failed its 5 attempts and the
 * title has other renditions, shaka first switches to another one (the failing one is disabled
 * for `streaming.maxDisabledTime`, 30 s), so a segment outage of every rendition reaches the player
 * after one sequence per rendition (3 video renditions in the demo: ≈ 3 × 11 s when the server
 * answers errors, ≈ 3 × 61 s in the slow-trickle worst case).
 *
 * Total, for an outage that never ends (errors answered): the first detection (≈ 33 s; 15 s play
 * on from the buffer), then 6 reloads of at most 1 s + 15 s each (≈ 96 s) with the spinner and an
 * `s72-recovery-change` per attempt, then the error panel: ≈ 2 min 10 s, instead of the
 * 6 × 3 × 2 min 53 s (≈ 52 min) that shaka's defaults times our reloads would allow without the
 * watchdog and these timeouts. An outage that ends earlier resumes by itself at the next reload.
 * While the browser is offline no reload is counted: recovery waits for `online`.
 */
export const SHAKA_RETRY_PARAMETERS = Object.freeze({
  maxAttempts: 5,
  baseDelay: 500,
  backoffFactor: 2,
  fuzzFactor: 0.5,
  timeout: 10_000,
  stallTimeout: 5_000,
  connectionTimeout: 5_000,
});

/**
 * The rebuffering goal, seconds: after a stall (the media ran out
 * of data while playing), playback resumes once this much is buffered ahead.
 */
export const REBUFFERING_GOAL_S = 3;

// issue 12; DESIGN.md "Start-up facts"
/**
 * Streaming settings: buffering goal 15 s, buffer behind 12 s,
 * 5 request attempts ({@link SHAKA_RETRY_PARAMETERS}), and the rebuffering goal
 * ({@link REBUFFERING_GOAL_S}) for rebuffering only: shaka applies its `rebufferingGoal` to the
 * start and to seeks as well (it holds the rate at 0 until 3 s, two segments here, are buffered,
 * polled every 250 ms), which cost the first frame about one segment fetch and the seek one more. So a load and a seek start at goal 0 (playback starts as soon as the media element
 * can play, like shaka's and dash.js's defaults) and a stall while playing switches to the 3-s goal
 * until the next load or seek (`ShakaEngine.applyRebufferingGoal`).
 *
 * Adaptive bitrate: the first variant is chosen from a fixed estimate of 1.2 Mbit/s
 * ({@link DEFAULT_BANDWIDTH_ESTIMATE_BPS}) instead of the browser's network information (which
 * varies from run to run and on some browsers is capped), so the start fetches a mid-size rendition
 * quickly, and `abr.minTimeToSwitch` of 2 s keeps shaka from switching at once when its first
 * measured estimate jumps (a switch that throws away the first segment fetched). After 2 s the
 * measured bandwidth rules as usual.
 */
// issue 23 recipe item 2; DESIGN.md "Start-up facts"
/** The bandwidth the first variant is chosen for, bits per second (before any segment is measured). */
export const DEFAULT_BANDWIDTH_ESTIMATE_BPS = 1_200_000;

export const SHAKA_BASE_CONFIG = Object.freeze({
  streaming: {
    bufferingGoal: 15,
    bufferBehind: 12,
    rebufferingGoal: 0,
    retryParameters: SHAKA_RETRY_PARAMETERS,
  },
  manifest: { retryParameters: SHAKA_RETRY_PARAMETERS },
  abr: { useNetworkInformation: false, defaultBandwidthEstimate: DEFAULT_BANDWIDTH_ESTIMATE_BPS, minTimeToSwitch: 2 },
  drm: { retryParameters: SHAKA_RETRY_PARAMETERS },
});

/** Shaka codes that only say the load was superseded or the player destroyed: never reported. */
const SILENT_CODES = new Set([7000, 7001, 7002, 7003]);

/** Shaka's error categories (`shaka.util.Error.Category`) read here. */
const CATEGORY_NETWORK = 1;
const CATEGORY_TEXT = 2;
const CATEGORY_DRM = 6;

const shakaPromises: { full?: Promise<Shaka>; dash?: Promise<Shaka> } = {};

// issue 12
/**
 * Imports the shaka build a source kind needs, once per build (each a separate chunk in our
 * builds): the full build (DASH + HLS) for HLS, the DASH-only build for DASH and MP4 (the DASH path does not pay for HLS).
 */
export function importShaka(kind: SourceKind = 'dash'): Promise<Shaka> {
  const build = kind === 'hls' ? 'full' : 'dash';
  // A chunk that failed to download is its own error, naming the file; it is not kept, so a
  // later source tries again.
  const failed = (error: unknown): never => {
    delete shakaPromises[build];
    throw moduleLoadFailed(error, 'the playback engine');
  };
  if (build === 'full') return (shakaPromises.full ??= import('./shaka-lib.js').then((lib) => resolveShaka(lib, 'full'), failed));
  return (shakaPromises.dash ??= import('./shaka-dash-lib.js').then((lib) => resolveShaka(lib, 'dash'), failed));
}

/** `EngineLoader` for shaka: DASH and HLS need MSE; MP4 only a `<video>`. */
export const shakaEngineLoader: EngineLoader = {
  name: 'shaka',
  canPlay(kind: SourceKind, drms: readonly DrmType[], device: DeviceFacts): boolean {
    if (kind === 'mp4') return drms.length === 0;
    // DASH and HLS through MSE; every EME key system but FairPlay (native HLS: native-hls-engine.ts).
    return device.mse && (drms.length === 0 || drms.some((drm) => drm !== 'fairplay'));
  },
  async preload(kinds: readonly SourceKind[] = ['dash']): Promise<void> {
    await Promise.all([...new Set(kinds)].map((kind) => importShaka(kind)));
  },
  async create(video: HTMLVideoElement, kind: SourceKind): Promise<Engine> {
    const shaka = await importShaka(kind);
    installPrefetchPlugin(shaka);
    // Attached in load(), after the preload has started (DESIGN.md "Start-up facts").
    const engine = new ShakaEngine(shaka, video);
    return engine;
  },
};

class ShakaEngine implements Engine {
  readonly name = 'shaka';
  readonly version: string;
  private readonly player: ShakaPlayer;
  private readonly emitter = new EngineEmitter();
  private readonly mapped = new WeakMap<object, S72Error>();
  private licenseHeaders: Readonly<Record<string, string>> = {};
  private manifestProxy: string | null = null;
  private destroyed: Promise<void> | undefined;
  /** Whether shaka's rate control is there: from the end of a load to the next load or the destroy. */
  private rateControlled = false;
  /** Shaka's own init-data transform (FairPlay's), kept for what the ClearKey transform does not handle. */
  private readonly defaultInitDataTransform: (initData: Uint8Array, initDataType: string, drmInfo: unknown) => Uint8Array;
  // issue 22 item 1; player-and-client §8 "Missing-subtitle load errors are only logged"
  /**
   * Text streams (shaka stream ids) whose file failed: left out of `textTracks()`.
   */
  private readonly failedText = new Set<number>();
  /** The URI of every text request made, with the text stream it was for (what a network error names). */
  private readonly textRequests = new Map<string, number>();
  /** Licence requests sent and not answered yet (see `Engine.licenseRequestsPending`). */
  private licencesPending = 0;
  // issue 27 item 2
  /** The chapters `loadChapters` kept; emptied by each load. */
  private chapterList: readonly ChapterInfo[] = [];
  /** Counts loads: chapters asked for under an older load are dropped. */
  private loadCount = 0;
  get licenseRequestsPending(): number {
    return this.licencesPending;
  }

  /** [thumbnails] the source's storyboard URL, and the image track shaka made of it (added at the first lookup). */
  private storyboard: { url: string; track: Promise<number | null> | null } | null = null;

  constructor(
    private readonly shaka: Shaka,
    private readonly video: HTMLVideoElement,
  ) {
    this.player = new shaka.Player();
    // The build is part of the version the stats overlay shows.
    this.version = `${shaka.Player.version}${shakaBuildOf(shaka) === 'dash' ? ' (DASH build)' : ''}`;
    this.player.configure(structuredClone(SHAKA_BASE_CONFIG));
    const initDataTransform = this.player.getConfiguration().drm.initDataTransform;
    this.defaultInitDataTransform = initDataTransform
      ? (initData, initDataType, drmInfo) => initDataTransform(initData, initDataType, drmInfo as Parameters<typeof initDataTransform>[2])
      : (initData) => initData;
    const { RequestType } = shaka.net.NetworkingEngine;
    this.player.getNetworkingEngine()?.registerRequestFilter((type, request, context) => {
      // One filter call per request (its retries are not filtered again); answered below, or
      // failed for good (shaka's error ends the start).
      if (type === RequestType.LICENSE) this.licencesPending += 1;
      if (type === RequestType.LICENSE || type === RequestType.SERVER_CERTIFICATE) {
        Object.assign(request.headers, this.licenseHeaders);
      }
      if (this.manifestProxy && (type === RequestType.MANIFEST || type === RequestType.SEGMENT)) {
        request.uris = request.uris.map((uri) => proxied(this.manifestProxy!, uri));
      }
      // A failed request's error names only its URI: remember which ones were a subtitle file's.
      const stream = context?.stream;
      if (stream?.type === 'text') for (const uri of request.uris) this.textRequests.set(uri, stream.id);
    });
    // Relative segment URLs resolve against the manifest's own URL, not the proxy's.
    this.player.getNetworkingEngine()?.registerResponseFilter((type, response) => {
      if (type === RequestType.LICENSE) this.licencesPending = Math.max(0, this.licencesPending - 1);
      if (this.manifestProxy && type === RequestType.MANIFEST) response.uri = unproxied(response.uri);
    });
    this.player.addEventListener('error', (event: Event) => {
      // A licence request that failed for good is no longer under way.
      if ((event as CustomEvent<EngineErrorLike>).detail?.category === CATEGORY_DRM) this.licencesPending = 0;
      this.report((event as CustomEvent<EngineErrorLike>).detail);
    });
    this.player.addEventListener('buffering', (event: Event) => {
      this.emitter.emit('buffering', Boolean((event as Event & { buffering?: boolean }).buffering));
    });
    for (const type of ['trackschanged', 'variantchanged', 'adaptation', 'textchanged', 'texttrackvisibility']) {
      this.player.addEventListener(type, () => this.emitter.emit('tracks', undefined));
    }
    // Registered before shaka's own media listeners (they come with attach/load), so a stall's
    // `waiting` has the 3-s goal in place when shaka reads it.
    video.addEventListener('playing', this.onPlaying);
    video.addEventListener('waiting', this.onWaiting);
    video.addEventListener('seeking', this.onSeeking);
  }

  /** The rebuffering goal in force, seconds: 0 until a stall while playing, {@link REBUFFERING_GOAL_S} after it. */
  get rebufferingGoal(): number {
    return this.player.getConfiguration().streaming.rebufferingGoal;
  }

  /** Whether playback has started since the last load or seek (a `waiting` after it is a stall). */
  private playingSinceSeek = false;

  private readonly onPlaying = (): void => {
    this.playingSinceSeek = true;
  };

  private readonly onWaiting = (): void => {
    if (this.playingSinceSeek && !this.video.seeking) this.applyRebufferingGoal(REBUFFERING_GOAL_S);
  };

  private readonly onSeeking = (): void => {
    this.playingSinceSeek = false;
    this.applyRebufferingGoal(0);
  };

  /** The goal last configured, seconds (kept here: `getConfiguration()` copies shaka's whole configuration, on every seek). */
  private goal = 0;

  private applyRebufferingGoal(seconds: number): void {
    if (this.destroyed || this.goal === seconds) return;
    this.goal = seconds;
    this.player.configure({ streaming: { rebufferingGoal: seconds } });
  }

  async load(source: EngineSource, startTime?: number, options: { onAttached?: () => void } = {}): Promise<void> {
    this.rateControlled = false;
    this.licenseHeaders = { ...source.licenseHeaders };
    this.manifestProxy = source.manifestProxy ?? null;
    this.licencesPending = 0;
    this.playingSinceSeek = false;
    this.goal = 0;
    this.storyboard = source.thumbnailsUrl ? { url: source.thumbnailsUrl, track: null } : null;
    this.loadCount++;
    this.chapterList = [];
    this.player.resetConfiguration();
    this.player.configure(structuredClone(SHAKA_BASE_CONFIG));
    const retryParameters = retryParametersOf(source.network);
    this.player.configure({
      ...(retryParameters
        ? { streaming: { retryParameters }, manifest: { retryParameters }, drm: { retryParameters } }
        : {}),
      drm: { ...shakaDrmConfig(source), ...(retryParameters ? { retryParameters } : {}) },
      ...(source.maxHeight ? { restrictions: { maxHeight: source.maxHeight } } : {}),
      preferredAudio:
        source.preferredAudioLanguage || source.preferredAudioRole
          ? [{ language: source.preferredAudioLanguage ?? '', role: source.preferredAudioRole ?? '' }]
          : [],
      preferredText: source.preferredTextLanguage ? [{ language: source.preferredTextLanguage }] : [],
    });
    // player-and-client §4 "DRM": ClearKey named by the page also plays a manifest that signals only
    // other key systems (clearkey-signalling.ts).
    if (source.drms.includes('clearkey') && source.drmServers.clearkey?.licenseUrl) {
      const fallback = this.defaultInitDataTransform;
      this.player.configure({
        manifest: { dash: { manifestPreprocessorTXml: addClearKeySignalling } },
        drm: {
          initDataTransform: (initData: Uint8Array, initDataType: string, drmInfo: unknown) =>
            clearKeyInitData(initData, initDataType, drmInfo as Parameters<typeof clearKeyInitData>[2], fallback),
        },
      });
    }
    try {
      // MSE sources are preloaded before the player is attached to the video (DESIGN.md "Start-up
      // facts", issue 12): the manifest, the DRM set-up (licence request included) and the first
      // segments start while the MediaSource is being attached, where a plain load() starts them
      // only after attaching. Progressive MP4 plays through src= and cannot be preloaded.
      const preloading =
        source.kind === 'mp4'
          ? null
          : this.player.preload(source.url, startTime ?? null, MIME_TYPES[source.kind], undefined, /* throwOnPreloadNotSupported= */ true);
      // A preload that fails rejects load() below; until then its rejection is only parked here.
      preloading?.catch(() => undefined);
      await this.player.attach(this.video);
      // Progressive sources get their src= inside load(): a play() before it would be aborted.
      if (source.kind !== 'mp4') options.onAttached?.();
      const preloaded = await preloading;
      await this.player.load(preloaded ?? source.url, startTime ?? null, MIME_TYPES[source.kind]);
      this.rateControlled = true;
    } catch (error) {
      const mapped = this.report(error as EngineErrorLike);
      throw mapped ?? error;
    }
  }

  // issue 26 (the lifecycle "x2" flake): shaka learns a rate set on the media only when the media's
  // `ratechange` is dispatched; its rate control, ending a buffering hold before that, put the old
  // rate back, and then read that old rate from the event. `trickPlay(rate, false)` sets shaka's own
  // rate at once (the same steps as its `ratechange` handler, without a trick-play track).
  setPlaybackRate(rate: number): void {
    if (this.rateControlled && Number.isFinite(rate) && rate > 0) this.player.trickPlay(rate, false);
  }

  seekRange(): { start: number; end: number } {
    const range = this.player.seekRange();
    return { start: range.start, end: range.end };
  }

  videoTracks(): VideoTrackInfo[] {
    const abrEnabled = this.player.getConfiguration().abr.enabled;
    return this.player.getVideoTracks().map((track) => ({
      id: videoTrackId(track),
      label: track.height ? `${track.height}p` : (track.label ?? 'Video'),
      width: track.width,
      height: track.height,
      bandwidth: track.bandwidth,
      active: track.active && !abrEnabled,
    }));
  }

  audioTracks(): AudioTrackInfo[] {
    return this.player.getAudioTracks().map((track) => ({
      id: audioTrackId(track),
      language: track.language,
      label: track.label ?? track.language,
      roles: [...track.roles],
      active: track.active,
    }));
  }

  textTracks(): TextTrackInfo[] {
    const tracks = this.player.getTextTracks().filter((track) => !this.failedText.has(track.id));
    return tracks.map((track) => ({
      id: String(track.id),
      kind: track.kind ?? 'subtitles',
      language: track.language,
      label: track.label ?? track.language,
      active: track.active,
    }));
  }

  selectVideoTrack(id: string | null): void {
    if (id === null) {
      this.player.configure({ abr: { enabled: true } });
      return;
    }
    const track = this.player.getVideoTracks().find((candidate) => videoTrackId(candidate) === id);
    if (!track) return;
    this.player.configure({ abr: { enabled: false } });
    this.player.selectVideoTrack(track, /* clearBuffer= */ true);
  }

  selectAudioTrack(id: string): void {
    const track = this.player.getAudioTracks().find((candidate) => audioTrackId(candidate) === id);
    if (track) this.player.selectAudioTrack(track);
  }

  selectTextTrack(id: string | null): void {
    const track = id === null ? null : this.player.getTextTracks().find((candidate) => String(candidate.id) === id);
    this.player.selectTextTrack(track ?? null);
  }

  setTextContainer(container: HTMLElement | null): void {
    // With a video container, shaka's default text displayer factory builds a UITextDisplayer that
    // renders cues as elements in it (and the native renderer without one, or in iOS fullscreen).
    this.player.setVideoContainer(container);
  }

  getStats(): EngineStats {
    const stats = this.player.getStats();
    return {
      width: stats.width,
      height: stats.height,
      streamBandwidth: stats.streamBandwidth,
      estimatedBandwidth: stats.estimatedBandwidth,
      droppedFrames: stats.droppedFrames,
      decodedFrames: stats.decodedFrames,
      bufferingTime: stats.bufferingTime,
      licenseTime: stats.licenseTime,
      liveLatency: stats.liveLatency,
    };
  }

  setLicenseHeaders(headers: Readonly<Record<string, string>>): void {
    this.licenseHeaders = { ...headers };
  }

  // issue 27 item 1
  /**
   * From the manifest's first image track (DASH image adaptation set, HLS image playlist); else from
   * the source's storyboard, which shaka fetches and parses here, at the first lookup (nothing at
   * start-up). Shaka reads the track's segment index only; a failure is "no thumbnail".
   */
  async thumbnail(time: number): Promise<EngineThumbnail | null> {
    if (this.destroyed || !Number.isFinite(time)) return null;
    try {
      let trackId: number | null = null;
      if (this.player.getImageTracks().length === 0) {
        const storyboard = this.storyboard;
        if (!storyboard) return null;
        storyboard.track ??= this.player.addThumbnailsTrack(storyboard.url, 'text/vtt').then(
          (track) => track.id,
          () => null,
        );
        trackId = await storyboard.track;
        if (trackId === null || this.destroyed) return null;
      }
      const found = await this.player.getThumbnails(trackId, time);
      if (!found?.uris[0]) return null;
      return {
        url: found.uris[0],
        x: found.positionX,
        y: found.positionY,
        width: found.width,
        height: found.height,
        startTime: found.startTime,
        duration: found.duration,
      };
    } catch {
      return null;
    }
  }

  /** Through shaka's networking engine as a segment: the manifest proxy and the retries apply. */
  async thumbnailImage(url: string): Promise<Blob> {
    const { NetworkingEngine } = this.shaka.net;
    const networking = this.player.getNetworkingEngine();
    if (!networking || this.destroyed) throw new Error('the engine is destroyed');
    const request = NetworkingEngine.makeRequest([url], this.player.getConfiguration().streaming.retryParameters);
    const pending = networking.request(NetworkingEngine.RequestType.SEGMENT, request) as { promise: Promise<{ data: ArrayBuffer; headers: Record<string, string> }> };
    const response = await pending.promise;
    const type = response.headers['content-type'] ?? '';
    return new Blob([response.data], type ? { type } : {});
  }

  // issue 27 item 2
  async loadChapters(files: readonly ChaptersFile[], language: string): Promise<void> {
    const load = this.loadCount;
    const current = () => load === this.loadCount && !this.destroyed;
    // Each file through shaka's networking (the manifest proxy and retries apply); a failing file
    // is left out, the film plays on.
    await Promise.all(
      files.map((file) => this.player.addChaptersTrack(file.url, file.language, 'text/vtt').catch(() => undefined)),
    );
    if (!current()) return;
    // The files' and the stream's own chapter tracks (HLS `com.apple.hls.chapters`).
    const languages = this.player.getChaptersTracks().map((track) => track.language);
    const pick = chooseChapterLanguage(languages, language);
    if (pick === null) return;
    const chapters = await this.player.getChaptersAsync(pick).catch(() => []);
    if (!current()) return;
    this.chapterList = normaliseChapters(chapters);
    this.emitter.emit('tracks', undefined);
  }

  chapters(): readonly ChapterInfo[] {
    return this.chapterList;
  }

  playheadDateMs(): number | null {
    if (!this.player.isLive()) return null;
    const date = this.player.getPlayheadTimeAsDate();
    return date && Number.isFinite(date.getTime()) ? date.getTime() : null;
  }

  on<K extends keyof EngineEventMap>(type: K, listener: EngineEventListener<K>): () => void {
    return this.emitter.on(type, listener);
  }

  destroy(): Promise<void> {
    this.destroyed ??= (async () => {
      this.rateControlled = false;
      this.emitter.clear();
      this.video.removeEventListener('playing', this.onPlaying);
      this.video.removeEventListener('waiting', this.onWaiting);
      this.video.removeEventListener('seeking', this.onSeeking);
      try {
        // Unloads, closes every EME session and detaches from the video element.
        await this.player.destroy();
      } catch {
        // destroy() never rejects (IDestroyable rule).
      }
    })();
    return this.destroyed;
  }

  /** Maps and emits an engine error once; returns the mapped error, or undefined if silent. */
  private report(error: EngineErrorLike) {
    if (!error || typeof error !== 'object' || typeof error.code !== 'number') return undefined;
    if (SILENT_CODES.has(error.code) || this.destroyed) return undefined;
    // The same shaka error can arrive as an event and as load()'s rejection: map and emit it once.
    let mapped = this.mapped.get(error);
    if (!mapped) {
      const textStream = this.failedTextStream(error);
      mapped = textStream === undefined ? mapEngineError(error) : this.dropTextTrack(error, textStream);
      this.mapped.set(error, mapped);
      this.emitter.emit('error', mapped);
    }
    return mapped;
  }

  /**
   * The text stream a failure is about: for a network error, the stream whose request it was; for a
   * text error (a subtitle file shaka could not parse), the one showing (null when none is).
   * Undefined: not a subtitle failure.
   */
  private failedTextStream(error: EngineErrorLike): number | null | undefined {
    if (error.category === CATEGORY_TEXT) return this.player.getTextTracks().find((track) => track.active)?.id ?? null;
    if (error.category !== CATEGORY_NETWORK) return undefined;
    const uri = error.data?.[0];
    return typeof uri === 'string' ? this.textRequests.get(uri) : undefined;
  }

  // issue 22 item 1; player-and-client §8 "Missing-subtitle load errors are only logged"
  /**
   * A subtitle file failed (404, a dropped connection, unparsable), after shaka's own attempts:
   * the film plays on without it. The track leaves `textTracks()` (and so the subtitles menu), subtitles
   * turn off if it was showing (the viewer's remembered choice is left as it is), and the failure
   * is reported as a recoverable error: logged, never the error panel, never a reload.
   */
  private dropTextTrack(error: EngineErrorLike, streamId: number | null) {
    const track = streamId === null ? undefined : this.player.getTextTracks().find((candidate) => candidate.id === streamId);
    if (streamId !== null) this.failedText.add(streamId);
    if (track?.active) this.player.selectTextTrack(null);
    this.emitter.emit('tracks', undefined);
    return textTrackFailure(error, track ? { language: track.language, label: track.label ?? track.language } : null);
  }
}

// player-and-client §4; play-page §7
/**
 * Shaka's `drm` configuration for a source: a licence server per chosen key system, mapped to the
 * key-system string the browser granted (`com.microsoft.playready` → `…playready.recommendation`), the chosen order as `preferredKeySystems` (PlayReady first when it is more
 * secure), the granted video robustness, and the certificate URLs (Widevine's
 * service certificate).
 */
export function shakaDrmConfig(source: EngineSource): {
  servers: Record<string, string>;
  advanced: Record<string, { serverCertificateUri?: string; videoRobustness?: string[] }>;
  preferredKeySystems: string[];
  keySystemsMapping: Record<string, string>;
  defaultVideoRobustnessForWidevine?: string;
} {
  const servers: Record<string, string> = {};
  const advanced: Record<string, { serverCertificateUri?: string; videoRobustness?: string[] }> = {};
  const keySystemsMapping: Record<string, string> = {};
  const preferredKeySystems: string[] = [];
  for (const drm of source.drms) {
    const server = source.drmServers[drm];
    if (!server?.licenseUrl) continue;
    const granted = source.keySystemSupport?.[drm];
    // Settings go under the manifest's key system; the mapping names the one the browser granted.
    const keySystem = KEY_SYSTEMS[drm];
    if (granted?.api === 'eme' && granted.keySystem !== keySystem) keySystemsMapping[keySystem] = granted.keySystem;
    servers[keySystem] = server.licenseUrl;
    // Shaka compares the preference with the mapped key system.
    preferredKeySystems.push(keySystemsMapping[keySystem] ?? keySystem);
    const settings: { serverCertificateUri?: string; videoRobustness?: string[] } = {};
    if (server.certificateUrl) settings.serverCertificateUri = server.certificateUrl;
    // The robustness the probe was granted, '' included (shaka would otherwise ask Widevine for SW_SECURE_DECODE).
    if (granted) settings.videoRobustness = [granted.robustness];
    if (Object.keys(settings).length) advanced[keySystem] = settings;
  }
  // Shaka fills an empty Widevine robustness with its own default (SW_SECURE_DECODE): ask for what was granted.
  const widevine = source.drms.includes('widevine') ? source.keySystemSupport?.widevine : undefined;
  return {
    servers,
    advanced,
    preferredKeySystems,
    keySystemsMapping,
    ...(widevine ? { defaultVideoRobustnessForWidevine: widevine.robustness } : {}),
  };
}

const withPrefetchPlugin = new WeakSet<object>();

// issue 12
/**
 * Registers, once per shaka build, an http(s) scheme plugin that answers a manifest request with
 * the element's prefetch of that URL when there is one (manifest-prefetch.ts), and hands
 * every other request, and a manifest whose prefetch failed or expired, to shaka's own fetch plugin.
 */
function installPrefetchPlugin(shaka: Shaka): void {
  if (withPrefetchPlugin.has(shaka)) return;
  withPrefetchPlugin.add(shaka);
  const { NetworkingEngine, HttpFetchPlugin } = shaka.net;
  type Arguments = Parameters<typeof HttpFetchPlugin.parse>;
  const plugin = (...args: Arguments): ReturnType<typeof HttpFetchPlugin.parse> => {
    const [uri, request, requestType] = args;
    const prefetched =
      requestType === NetworkingEngine.RequestType.MANIFEST && request.method === 'GET' ? takePrefetchedManifest(uri) : undefined;
    if (!prefetched) return HttpFetchPlugin.parse(...args);
    let fallback: ReturnType<typeof HttpFetchPlugin.parse> | null = null;
    let aborted = false;
    const promise = prefetched.then((response) => {
      if (response && !aborted) return shakaResponse(shaka, response, request, requestType);
      fallback = HttpFetchPlugin.parse(...args);
      return fallback.promise;
    });
    return new shaka.util.AbortableOperation(promise, () => {
      aborted = true;
      return fallback ? fallback.abort() : Promise.resolve();
    });
  };
  for (const scheme of ['http', 'https']) {
    NetworkingEngine.registerScheme(scheme, plugin, NetworkingEngine.PluginPriority.APPLICATION, /* progressSupport= */ true);
  }
}

/**
 * A prefetched manifest as shaka's `shaka.extern.Response`, or, for an HTTP error status, the
 * error shaka's own fetch plugin throws (`BAD_HTTP_STATUS`, recoverable: shaka retries).
 */
function shakaResponse(
  shaka: Shaka,
  response: PrefetchedManifest,
  request: Parameters<Shaka['net']['HttpFetchPlugin']['parse']>[1],
  requestType: Parameters<Shaka['net']['HttpFetchPlugin']['parse']>[2],
) {
  const { Error: ShakaError } = shaka.util;
  if (!isSuccessStatus(response.status)) {
    throw new ShakaError(
      ShakaError.Severity.RECOVERABLE,
      ShakaError.Category.NETWORK,
      ShakaError.Code.BAD_HTTP_STATUS,
      response.url,
      response.status,
      new TextDecoder().decode(response.data),
      { ...response.headers },
      requestType,
      response.responseUrl,
    );
  }
  return {
    uri: response.responseUrl,
    originalUri: response.url,
    data: response.data,
    status: response.status,
    headers: { ...response.headers },
    fromCache: false,
    originalRequest: request,
  };
}

/** Shaka's rule for a successful HTTP status (`HttpPluginUtils.isSuccessStatus`). */
function isSuccessStatus(status: number): boolean {
  return (status >= 200 && status <= 299 && status !== 202) || status === 304;
}

// player-and-client §7
/** `uri` requested through the manifest proxy: `{proxy}?url={uri}`. */
export function proxied(proxy: string, uri: string): string {
  const url = new URL(proxy);
  url.searchParams.set('url', uri);
  return url.href;
}

/** The URL a proxied request asked for (its `url` query parameter), else `uri` itself. */
export function unproxied(uri: string): string {
  try {
    return new URL(uri).searchParams.get('url') ?? uri;
  } catch {
    return uri;
  }
}

/** Our `network` settings (ms) → shaka retry parameters (ms as well); undefined = the defaults. */
function retryParametersOf(network: EngineSource['network']): Record<string, number> | undefined {
  if (!network) return undefined;
  const parameters: Record<string, number> = {};
  if (network.maxAttempts !== undefined) parameters['maxAttempts'] = Math.max(1, Math.floor(network.maxAttempts));
  if (network.baseDelayMs !== undefined) parameters['baseDelay'] = Math.max(0, network.baseDelayMs);
  if (network.timeoutMs !== undefined) parameters['timeout'] = Math.max(0, network.timeoutMs);
  return Object.keys(parameters).length ? parameters : undefined;
}

function videoTrackId(track: { width: number | null; height: number | null; bandwidth: number }): string {
  return `${track.width ?? 0}x${track.height ?? 0}@${track.bandwidth}`;
}

function audioTrackId(track: { language: string; label: string | null; roles: string[] }): string {
  return [track.language, track.label ?? '', track.roles.join('+')].join('|');
}
