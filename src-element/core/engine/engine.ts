// DESIGN.md "One package, four layers"
/**
 * The engine boundary.
 *
 * An `Engine` plays one source into one `HTMLVideoElement`. The element never talks to shaka (or a
 * native player, or a Cast receiver) directly: it talks to this interface, so a later Cast engine can
 * replace the local one without the UI changing. Framework-free (core layer).
 *
 * Units: positions and durations in seconds; delays in milliseconds.
 */
import type { DeviceFacts, KeySystemSupport } from '../drm/capabilities.js';
import type { S72Error } from '../errors.js';
import type { DrmType } from '../types.js';

/** Container/protocol of a source. */
export type SourceKind = 'dash' | 'hls' | 'mp4';

/** Licence settings for one key system. */
export interface EngineDrmServer {
  licenseUrl: string;
  /** FairPlay only: certificate URL. */
  certificateUrl?: string;
}

/** What an engine is asked to play. */
export interface EngineSource {
  kind: SourceKind;
  url: string;
  isLive: boolean;
  /** Key systems the source is protected with; empty for clear content. */
  drms: readonly DrmType[];
  /** Licence servers by key system; only the ones with a URL are configured. */
  drmServers: Partial<Record<DrmType, EngineDrmServer>>;
  // play-page §6, player-and-client §7 "Embedded player"
  /**
   * Headers added to licence requests: `x-play-token` when there is a play token, otherwise
   * `x-auth-token`.
   */
  licenseHeaders: Readonly<Record<string, string>>;
  /** Request retry policy; see `S72PlayerConfig.network`. */
  network?: { maxAttempts?: number; baseDelayMs?: number; timeoutMs?: number };
  // player-and-client §3 "Player configuration"
  /** Preferred languages. */
  preferredAudioLanguage?: string;
  /** Preferred audio role (DASH `Role`, e.g. `dub`); see `S72PlayerConfig.preferredAudioRole`. */
  preferredAudioRole?: string;
  preferredTextLanguage?: string;
  /** The key systems granted for `drms` (key-system string, robustness, level), set by the engine choice. */
  keySystemSupport?: Readonly<Partial<Record<DrmType, KeySystemSupport>>>;
  // player-and-client §5
  /** Highest picture height to play, lines (the software-secure limit). */
  maxHeight?: number;
  /** A studio delivery policy applies (play token `delpol`, or `config.drm.studioPolicy`). */
  studioPolicy?: boolean;
  // player-and-client §7
  /** Manifest and segment URLs are requested as `{manifestProxy}?url={URL}`. */
  manifestProxy?: string;
  // issue 27 item 1
  /**
   * A WebVTT storyboard (cues whose text is an image URL with a `#xywh=x,y,w,h` fragment), used for
   * seek previews when the stream has no thumbnail track of its own. Fetched on the first lookup.
   */
  thumbnailsUrl?: string;
}

// issue 27 item 1
/** One seek-preview thumbnail: a tile of a (sprite) image. Pixels; times in seconds. */
export interface EngineThumbnail {
  /** The image's URL, as the stream gives it. */
  url: string;
  /** The tile's rectangle in the image. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The moment the tile shows, and how long it stands for. */
  startTime: number;
  duration: number;
}

// player-and-client §3 "Tracks: video"
/** One quality rendition. */
export interface VideoTrackInfo {
  id: string;
  label: string;
  width: number | null;
  height: number | null;
  /** Bits per second. */
  bandwidth: number;
  active: boolean;
}

// player-and-client §3 "Tracks: audio"
/** One audio track. */
export interface AudioTrackInfo {
  id: string;
  language: string;
  label: string;
  roles: readonly string[];
  active: boolean;
}

// player-and-client §3 "Tracks: text"
/** One text track. */
export interface TextTrackInfo {
  id: string;
  kind: string;
  language: string;
  label: string;
  active: boolean;
}

// issue 27 item 2
/** One chapter of the loaded source; seconds. */
export interface ChapterInfo {
  /** Where the chapter starts, seconds. */
  startTime: number;
  /** Where it ends (the next chapter's start, or the end), seconds. */
  endTime: number;
  /** The chapter's title (catalogue text, shown as text). */
  title: string;
}

/** A WebVTT chapters file to load (`S72Content.chapters`, URL resolved). */
export interface ChaptersFile {
  url: string;
  language: string;
}

/** Normalised playback statistics for the stats overlay. */
export interface EngineStats {
  width: number;
  height: number;
  /** Bits per second of the active variant. */
  streamBandwidth: number;
  /** Bits per second, the ABR estimate. */
  estimatedBandwidth: number;
  droppedFrames: number;
  decodedFrames: number;
  /** Seconds spent buffering so far. */
  bufferingTime: number;
  /** Seconds the licence requests took, or NaN. */
  licenseTime: number;
  /** Seconds behind the live edge, or NaN for VOD. */
  liveLatency: number;
}

/** Events an engine emits (detail types). */
export interface EngineEventMap {
  /** A fatal or recoverable error, already mapped to the spec's codes. */
  error: S72Error;
  /** Buffering started (`true`) or stopped (`false`). */
  buffering: boolean;
  /** The set of tracks, or the active one, changed. */
  tracks: void;
}

export type EngineEventListener<K extends keyof EngineEventMap> = (detail: EngineEventMap[K]) => void;

/** A loaded playback engine bound to one video element. */
export interface Engine {
  readonly name: string;
  /** The engine library's version, e.g. shaka's `v5.2.12` (shown by the stats overlay), if known. */
  readonly version?: string;
  // issue 12
  /**
   * Loads `source` and resolves once playback can start (metadata known, first segments requested).
   * @param startTime position to start at, in seconds; `undefined` = the default (0, or the live edge).
   * @param options.onAttached called once, as soon as the video element has its source attached and a
   *   `play()` would no longer be aborted by the load (MSE sources: the MediaSource is attached, before
   *   the manifest and segments arrive), so the caller can ask to play while the engine still loads. Engines that cannot tell do not call it; the caller then plays after `load()`.
   * @throws S72Error (mapped engine error) when the source cannot be loaded.
   */
  load(source: EngineSource, startTime?: number, options?: { onAttached?: () => void }): Promise<void>;
  /** Seekable range in seconds (`{start, end}`); for VOD `{0, duration}`. */
  seekRange(): { start: number; end: number };
  videoTracks(): VideoTrackInfo[];
  audioTracks(): AudioTrackInfo[];
  textTracks(): TextTrackInfo[];
  /** Pins a rendition (disabling ABR), or `null` to return to automatic selection. */
  selectVideoTrack(id: string | null): void;
  selectAudioTrack(id: string): void;
  /**
   * Applies the viewer's playback rate (a positive number, 1 is normal speed) in the engine's own
   * rate control at once, for engines that hold the rate themselves (shaka holds it at 0 while
   * buffering, then restores its own copy). The media element's `playbackRate` is set by the caller
   * too. Optional: without it the media element's rate is all there is.
   */
  setPlaybackRate?(rate: number): void;
  /** Shows a text track, or hides text with `null`. */
  selectTextTrack(id: string | null): void;
  // player-and-client §2 "Subtitle overlay sized to the video"
  /**
   * Where subtitles are drawn: cues are
   * rendered as elements inside `container` (shaka's `UITextDisplayer`) instead of the browser's
   * native track renderer; `null`: the native renderer. Called before `load()`; takes effect at the
   * next load.
   */
  setTextContainer(container: HTMLElement | null): void;
  /**
   * Licence requests under way (sent, not yet answered; the engine's retries of a failing one
   * included): the start watchdog waits for them instead of giving up for lack of buffering
   * progress, so a failing licence server ends as the licence error once the retries end.
   * Optional: an engine without it is judged on the media's progress alone.
   */
  readonly licenseRequestsPending?: number;
  getStats(): EngineStats;
  // issue 27 item 1
  /**
   * The seek-preview thumbnail of `time` from the stream's thumbnail track (or the source's
   * storyboard), or null when there is none. Reads only the track's index, never the image: fetch
   * that with {@link Engine.thumbnailImage}. Optional: an engine without it has no thumbnails.
   */
  thumbnail?(time: number): Promise<EngineThumbnail | null>;
  /** Fetches a thumbnail image the way the engine fetches segments (proxy, retries). */
  thumbnailImage?(url: string): Promise<Blob>;
  // issue 27 item 2
  /**
   * Loads chapters: the given WebVTT chapters files and those the stream carries (HLS chapter
   * data), then keeps the ones in `language` (else the first language there is), ordered by start,
   * for `chapters()`, and emits `tracks`. A file that fails is left out; never rejects. Called after
   * the first frame. Optional: an engine without it has no chapters.
   */
  loadChapters?(files: readonly ChaptersFile[], language: string): Promise<void>;
  /** The chapters loaded by `loadChapters`, ordered by start; empty before. */
  chapters?(): readonly ChapterInfo[];
  // player-and-client §5
  /**
   * Live: the wall-clock time of the playhead (the stream's program date time), epoch ms; null on
   * VOD or when the stream does not say (player telemetry's live `position`).
   */
  playheadDateMs(): number | null;
  /**
   * Replaces the headers of later licence requests (e.g. `x-play-token` after a fresh play token on LIVE_STREAM_EXPIRED); the loaded source's `licenseHeaders` until then.
   */
  setLicenseHeaders(headers: Readonly<Record<string, string>>): void;
  on<K extends keyof EngineEventMap>(type: K, listener: EngineEventListener<K>): () => void;
  /**
   * Stops playback, removes listeners, closes EME sessions and releases the video element.
   * Never rejects (shaka `IDestroyable` rule). Safe to call twice.
   */
  destroy(): Promise<void>;
}

/** Creates engines of one kind; the heavy library is imported only in `create()`. */
export interface EngineLoader {
  readonly name: string;
  // player-and-client §4 "Engine choice"
  /**
   * Can this engine play `kind` with these key systems on this device? `drms` are already the ones
   * the device grants and the restrictions allow. Pure.
   */
  canPlay(kind: SourceKind, drms: readonly DrmType[], device: DeviceFacts): boolean;
  /**
   * Starts fetching the engine's code for these source kinds (default: DASH) without creating an
   * engine; call early to overlap I/O. Never rejects for a kind it does not play.
   */
  preload(kinds?: readonly SourceKind[]): Promise<void>;
  /** Creates an engine on `video` for a source of `kind` (the kind may decide which code loads). */
  create(video: HTMLVideoElement, kind: SourceKind): Promise<Engine>;
}

/** Small typed emitter shared by the engine adapters. */
export class EngineEmitter {
  private readonly listeners = new Map<keyof EngineEventMap, Set<(detail: never) => void>>();

  on<K extends keyof EngineEventMap>(type: K, listener: EngineEventListener<K>): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener as (detail: never) => void);
    return () => set.delete(listener as (detail: never) => void);
  }

  emit<K extends keyof EngineEventMap>(type: K, detail: EngineEventMap[K]): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) {
      (listener as EngineEventListener<K>)(detail);
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
