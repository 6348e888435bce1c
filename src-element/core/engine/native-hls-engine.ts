// player-and-client §4 "Engine choice"
/**
 * The native HLS engine: Apple's own HLS player in the `<video>` element, with FairPlay
 * ("FairPlay native HLS is preferred on Apple devices unless
 * DASH is usable"). It plays what shaka cannot here: FairPlay-protected HLS, and clear HLS on an
 * Apple device without MSE. Apple's player chooses renditions itself, so it lists no video tracks
 * (the quality menu stays hidden) and draws subtitles with the native renderer.
 *
 * Media errors are mapped through the engine error table from shaka-shaped errors
 * (map-engine-error.ts): a source the browser refuses → `content_not_supported`, a network failure
 * → `network_error`, a decode failure → `decode_error` (or `drm_failed` when the browser says DRM).
 */
import { FairPlayDrm } from '../drm/fairplay.js';
import type { S72Error } from '../errors.js';
import {
  EngineEmitter,
  type AudioTrackInfo,
  type ChapterInfo,
  type ChaptersFile,
  type Engine,
  type EngineEventListener,
  type EngineEventMap,
  type EngineSource,
  type EngineStats,
  type TextTrackInfo,
  type VideoTrackInfo,
} from './engine.js';
import { ShakaCode, mapEngineError } from './map-engine-error.js';
import { chooseChapterLanguage, normaliseChapters } from '../chapters.js';

/** `MediaError.code` → a shaka-shaped error for the table. */
function mediaError(error: MediaError | null): S72Error {
  const code = error?.code ?? 0;
  const message = error?.message ?? '';
  if (code === 4) return mapEngineError({ category: 4, code: ShakaCode.CONTENT_UNSUPPORTED_BY_BROWSER, severity: 2, message });
  if (code === 2) return mapEngineError({ category: 1, code: ShakaCode.HTTP_ERROR, severity: 2, message });
  return mapEngineError({ category: 3, code: ShakaCode.VIDEO_ERROR, severity: 2, data: [code, 0, message], message });
}

/** Safari's `AudioTrack` / `AudioTrackList`, structurally (absent from lib.dom). */
interface NativeAudioTrack {
  id: string;
  kind: string;
  label: string;
  language: string;
  enabled: boolean;
}
interface NativeAudioTrackList extends EventTarget {
  readonly length: number;
  [index: number]: NativeAudioTrack;
}

export class NativeHlsEngine implements Engine {
  readonly name = 'native-hls';
  private readonly emitter = new EngineEmitter();
  private readonly abort = new AbortController();
  private fairplay: FairPlayDrm | null = null;
  private licenseHeaders: Readonly<Record<string, string>> = {};
  private destroyed: Promise<void> | undefined;
  // issue 27 item 2
  /** The chapters `loadChapters` kept. */
  private chapterList: readonly ChapterInfo[] = [];
  /** The `<track kind="chapters">` elements added for them (removed on destroy). */
  private readonly chapterElements: HTMLTrackElement[] = [];

  constructor(private readonly video: HTMLVideoElement) {
    const { signal } = this.abort;
    const on = (target: EventTarget | undefined, types: string[], listener: () => void) => {
      for (const type of types) target?.addEventListener(type, listener, { signal });
    };
    on(video, ['waiting', 'seeking'], () => this.emitter.emit('buffering', true));
    on(video, ['playing', 'canplay', 'seeked'], () => this.emitter.emit('buffering', false));
    on(video, ['error'], () => this.video.error && this.emitter.emit('error', mediaError(this.video.error)));
    on(this.audioTrackList(), ['addtrack', 'removetrack', 'change'], () => this.emitter.emit('tracks', undefined));
    on(video.textTracks, ['addtrack', 'removetrack', 'change'], () => this.emitter.emit('tracks', undefined));
  }

  /**
   * Sets up FairPlay when the source uses it, then points the video at the manifest and resolves
   * once its metadata is known.
   * @throws S72Error the mapped media or DRM error.
   */
  async load(source: EngineSource, startTime?: number): Promise<void> {
    this.licenseHeaders = { ...source.licenseHeaders };
    const server = source.drmServers.fairplay;
    const support = source.keySystemSupport?.fairplay;
    if (source.drms.includes('fairplay') && server?.licenseUrl && support) {
      this.fairplay = new FairPlayDrm(this.video, support, {
        licenseUrl: server.licenseUrl,
        certificateUrl: server.certificateUrl ?? `${server.licenseUrl}/cert`,
        headers: () => this.licenseHeaders,
        onError: (error) => this.emitter.emit('error', error),
      });
      await this.fairplay.start();
    }
    const loaded = new Promise<void>((resolve, reject) => {
      const { signal } = this.abort;
      this.video.addEventListener('loadedmetadata', () => resolve(), { once: true, signal });
      this.video.addEventListener('error', () => reject(mediaError(this.video.error)), { once: true, signal });
    });
    this.video.src = source.url;
    await loaded;
    if (startTime !== undefined) {
      const range = this.seekRange();
      this.video.currentTime = startTime < 0 ? Math.max(range.start, range.end + startTime) : startTime;
    }
  }

  seekRange(): { start: number; end: number } {
    const { seekable, duration } = this.video;
    if (seekable.length > 0) return { start: seekable.start(0), end: seekable.end(seekable.length - 1) };
    return { start: 0, end: Number.isFinite(duration) ? duration : 0 };
  }

  videoTracks(): VideoTrackInfo[] {
    return [];
  }

  audioTracks(): AudioTrackInfo[] {
    const list = this.audioTrackList();
    const tracks: AudioTrackInfo[] = [];
    for (let i = 0; list && i < list.length; i++) {
      const track = list[i]!;
      tracks.push({ id: track.id || String(i), language: track.language, label: track.label || track.language, roles: track.kind ? [track.kind] : [], active: track.enabled });
    }
    return tracks;
  }

  textTracks(): TextTrackInfo[] {
    return this.subtitleTracks().map(({ track, id }) => ({
      id,
      kind: track.kind,
      language: track.language,
      label: track.label || track.language,
      active: track.mode === 'showing',
    }));
  }

  selectVideoTrack(): void {
    // Apple's player picks the rendition; there is nothing to pin.
  }

  selectAudioTrack(id: string): void {
    const list = this.audioTrackList();
    for (let i = 0; list && i < list.length; i++) list[i]!.enabled = (list[i]!.id || String(i)) === id;
  }

  selectTextTrack(id: string | null): void {
    for (const { track, id: trackId } of this.subtitleTracks()) track.mode = trackId === id ? 'showing' : 'disabled';
  }

  setTextContainer(): void {
    // The native renderer draws the cues (player-and-client §2: "the native track renderer").
  }

  getStats(): EngineStats {
    const quality = this.video.getVideoPlaybackQuality?.();
    return {
      width: this.video.videoWidth,
      height: this.video.videoHeight,
      streamBandwidth: NaN,
      estimatedBandwidth: NaN,
      droppedFrames: quality?.droppedVideoFrames ?? 0,
      decodedFrames: quality?.totalVideoFrames ?? 0,
      bufferingTime: NaN,
      licenseTime: NaN,
      liveLatency: NaN,
    };
  }

  playheadDateMs(): number | null {
    const start = (this.video as HTMLVideoElement & { getStartDate?(): Date }).getStartDate?.();
    const ms = start?.getTime();
    return ms !== undefined && Number.isFinite(ms) ? ms + this.video.currentTime * 1000 : null;
  }

  setLicenseHeaders(headers: Readonly<Record<string, string>>): void {
    this.licenseHeaders = { ...headers };
  }

  // issue 27 item 2
  /** Each file as a hidden `<track kind="chapters">` the browser parses; a failing one is left out. */
  async loadChapters(files: readonly ChaptersFile[], language: string): Promise<void> {
    const loaded = await Promise.all(
      files.map(
        (file) =>
          new Promise<TextTrack | null>((resolve) => {
            const element = document.createElement('track');
            element.kind = 'chapters';
            element.srclang = file.language;
            element.src = file.url;
            element.addEventListener('load', () => resolve(element.track), { once: true });
            element.addEventListener('error', () => resolve(null), { once: true });
            this.chapterElements.push(element);
            this.video.append(element);
            element.track.mode = 'hidden';
          }),
      ),
    );
    if (this.destroyed) return;
    const tracks = loaded.filter((track): track is TextTrack => track !== null);
    // The stream's own chapters (Apple's player lists them as chapters text tracks) count too.
    for (const track of Array.from(this.video.textTracks)) if (track.kind === 'chapters' && !tracks.includes(track)) tracks.push(track);
    const pick = chooseChapterLanguage(
      tracks.map((track) => track.language),
      language,
    );
    const track = tracks.find((candidate) => candidate.language === pick);
    if (!track) return;
    track.mode = 'hidden';
    const cues = Array.from(track.cues ?? []) as VTTCue[];
    this.chapterList = normaliseChapters(cues.map((cue) => ({ startTime: cue.startTime, endTime: cue.endTime, title: cue.text })));
    this.emitter.emit('tracks', undefined);
  }

  chapters(): readonly ChapterInfo[] {
    return this.chapterList;
  }

  on<K extends keyof EngineEventMap>(type: K, listener: EngineEventListener<K>): () => void {
    return this.emitter.on(type, listener);
  }

  destroy(): Promise<void> {
    this.destroyed ??= (async () => {
      this.abort.abort();
      this.emitter.clear();
      for (const element of this.chapterElements) element.remove();
      await this.fairplay?.destroy().catch(() => undefined);
      this.video.removeAttribute('src');
      this.video.load();
    })();
    return this.destroyed;
  }

  private audioTrackList(): NativeAudioTrackList | undefined {
    return (this.video as HTMLVideoElement & { audioTracks?: NativeAudioTrackList }).audioTracks;
  }

  private subtitleTracks(): { track: TextTrack; id: string }[] {
    return Array.from(this.video.textTracks)
      .map((track, index) => ({ track, id: track.id || String(index) }))
      .filter(({ track }) => track.kind === 'subtitles' || track.kind === 'captions');
  }
}

