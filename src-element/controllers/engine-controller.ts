// player-and-client §4 "Engine choice"; DESIGN.md "Inside the player"; player-and-client §8 "Client"
/**
 * The engine's lifecycle:
 * choose an engine for the source, create it, load at the start position, unload, switch sources,
 * and ignore the results of a load that a newer one replaced (generation guard). Removing the
 * player from the page ends the playback session (engine destroyed, EME sessions closed); moving it
 * (disconnect and connect in one task) keeps it playing.
 *
 * Bad input never throws: a `content` without `assets`, a start time that is not a number, or a
 * negative start on a VOD source is reported as a recoverable `invalid_config` and the bad part is ignored.
 *
 * @fires s72-loaded - `{engine}` once the source is loaded
 * @fires s72-tracks-change - the tracks, once loaded and whenever they or the active ones change
 * @fires s72-error - load and engine errors (mapped to the player's error codes), `invalid_config`
 */
import type { ReactiveController } from 'lit';
import { currentDeviceFacts, type DeviceFacts } from '../core/drm/capabilities.js';
import { deviceId } from '../core/drm/device-id.js';
import { chooseEngine, isDrmType, resolveSources } from '../core/engine/choose-source.js';
import type { Engine, EngineLoader, EngineSource, SourceKind } from '../core/engine/engine.js';
import { prefetchManifest } from '../core/engine/manifest-prefetch.js';
import { S72Error, isS72Error } from '../core/errors.js';
import { mainContentStart, shakaVersionMatches } from '../core/content-playlist.js';
import type { DrmType, S72Content, S72PlayerConfig } from '../core/types.js';
import { fireEvent, type S72Tracks } from '../events.js';
import type { BufferingController } from './buffering-controller.js';
import type { PlaybackHost, PlaybackStartController } from './playback-start-controller.js';

export interface EngineHost extends PlaybackHost {
  readonly hasUpdated: boolean;
  readonly updateComplete: Promise<boolean>;
  // player-and-client §3 "Content"
  /** What to play: `content`, else the plain-HTML attributes. */
  readonly content: S72Content | null;
  readonly src: string | null;
  readonly licenseUrl: string | null;
  readonly keySystem: string | null;
  readonly authToken: string | null;
  // play-page §2 `t`
  /** Requested start position, seconds (`start-time`), or null. */
  readonly startTime: number | null;
  readonly autoplay: boolean;
}

export interface EngineControllerOptions {
  /** Engines in the order they are tried. */
  loaders: readonly EngineLoader[];
  buffering: BufferingController;
  playback: PlaybackStartController;
  // player-and-client §4
  /**
   * Told as each load starts fetching (the start watchdog starts):
   * `source` for a new source, `reload` for "Try again", a recovery reload or a re-insertion.
   */
  onLoadStart?: (reason: 'source' | 'reload') => void;
  // player-and-client §2
  /** The element subtitles are drawn in (the subtitle overlay's); absent: the native renderer. */
  textContainer?: () => HTMLElement | null;
  /**
   * This device's platform, MSE and key systems (probing the ones asked for); default
   * `currentDeviceFacts` (core/drm/capabilities.ts). The engine choice reads it.
   */
  deviceFacts?: (drms: readonly DrmType[]) => Promise<DeviceFacts>;
}

const NO_TRACKS = (): S72Tracks => ({ audio: [], text: [], video: [] });

// player-and-client §8 "Client"
/** A recoverable `invalid_config`. */
export function invalidConfig(message: string, data?: Record<string, unknown>): S72Error {
  return new S72Error('invalid_config', message, { category: 'client', severity: 'recoverable', ...(data ? { data } : {}) });
}

export class EngineController implements ReactiveController {
  private engine: Engine | null = null;
  private generation = 0;
  private scheduled = false;
  /** No engine and no load in flight (nothing loaded yet, or torn down after removal). */
  private released = true;
  /** Torn down by a removal: load again when re-inserted. */
  private reloadOnConnect = false;
  /** Where to resume after a reload ("Try again", re-insertion, recovery), seconds. */
  private resumeAt: number | null = null;
  /** Play after the next load (recovery: as the viewer was); null: autoplay or a resume position. */
  private playAfterLoad: boolean | null = null;
  private nextLoad: 'source' | 'reload' = 'source';

  constructor(
    private readonly host: EngineHost,
    private readonly options: EngineControllerOptions,
  ) {
    host.addController(this);
  }

  /** Whether a source is being loaded (scheduled, or under way and neither loaded nor failed). */
  get loading(): boolean {
    const { loaded, error } = this.host.store.getState();
    return this.scheduled || (!this.released && !loaded && !(error && error.severity === 'critical'));
  }

  /** The engine playing now, or null. */
  get current(): Engine | null {
    return this.engine;
  }

  /** The tracks of the loaded source; empty before load. */
  tracks(): S72Tracks {
    const engine = this.engine;
    if (!engine || !this.host.store.getState().loaded) return NO_TRACKS();
    return { audio: engine.audioTracks(), text: engine.textTracks(), video: engine.videoTracks() };
  }

  /**
   * Starts fetching every engine's code for the current source's kinds (DASH when they cannot be
   * read yet); call as early as possible; never rejects.
   */
  preload(): Promise<void> {
    return preloadSource(this.sourceInput(), this.options.loaders, this.options.deviceFacts ?? currentDeviceFacts);
  }

  /** The source changed: load it from its start position, after the current update. */
  sourceChanged(): void {
    void this.preload();
    this.resumeAt = null;
    this.playAfterLoad = null;
    this.nextLoad = 'source';
    this.schedule();
  }

  // player-and-client §4 "Playback recovery"
  /**
   * Recovery: reloads the source at `position` (seconds;
   * null: where the load would start anyway) and plays if `play` (null: autoplay or resume rule).
   */
  reloadAt(position: number | null, play: boolean | null): void {
    if (position !== null) this.resumeAt = position;
    this.playAfterLoad = play;
    this.schedule();
  }

  /** Stops loading and releases the engine (the start watchdog gave up); "Try again" loads again. */
  halt(): void {
    this.generation++;
    this.released = true;
    this.options.playback.loadSettled();
    this.options.buffering.set(false);
    void this.releaseEngine();
  }

  // player-and-client §8
  /** Reloads the source at the last position ("Try again"). */
  retry(): void {
    this.resumeAt = this.host.store.owners.media?.currentTime || this.resumeAt;
    this.schedule();
  }

  hostConnected(): void {
    // Re-inserted after a removal: load again where playback was.
    if (this.host.hasUpdated && this.released && this.reloadOnConnect) this.schedule();
  }

  hostDisconnected(): void {
    // A move (disconnect + connect in the same task) keeps playing; a removal ends the session.
    queueMicrotask(() => {
      if (!this.host.isConnected) this.teardown();
    });
  }

  private teardown(): void {
    if (this.released) return;
    if (this.host.store.getState().loaded) this.resumeAt = this.host.store.owners.media?.currentTime ?? this.resumeAt;
    this.generation++;
    this.released = true;
    this.reloadOnConnect = true;
    this.options.playback.loadSettled();
    this.options.buffering.set(false);
    void this.releaseEngine();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    void this.host.updateComplete.then(() => {
      this.scheduled = false;
      if (this.host.isConnected) void this.load();
    });
  }

  private async load(): Promise<void> {
    const generation = this.generation + 1;
    try {
      await this.loadSource();
    } finally {
      // Queued play() calls go ahead (loaded) or give up (failed); a newer load settles them itself.
      if (this.generation === generation) this.options.playback.loadSettled();
    }
  }

  private async loadSource(): Promise<void> {
    const generation = ++this.generation;
    const reason = this.nextLoad;
    this.nextLoad = 'reload';
    const playAfterLoad = this.playAfterLoad;
    this.playAfterLoad = null;
    this.released = false;
    this.reloadOnConnect = false;
    const isCurrent = () => generation === this.generation && this.host.isConnected;
    const { host } = this;
    const { buffering, playback } = this.options;
    await this.releaseEngine();
    if (!isCurrent()) return;
    host.store.setSession({ error: null, loaded: false });
    playback.reset();

    // A play token replaced at run time (play-page §4 "a fresh play token is fetched") also goes on
    // the licence requests of a reload.
    const input = this.sourceInput();
    if (input.content !== null && !hasAssets(input.content)) {
      // player-and-client §3 "Content"
      host.report(invalidConfig('content needs an `assets` object (`{ dash?, hls?, mp4? }`, each `{ url, drms? }`)'));
      this.released = true;
      return;
    }
    let candidates: EngineSource[];
    try {
      candidates = resolveSources(input);
    } catch (error) {
      host.report(invalidConfig(`Cannot read the source: ${error instanceof Error ? error.message : String(error)}`));
      this.released = true;
      return;
    }
    if (candidates.length === 0) {
      // Nothing to load (a content with an empty `assets`); here and above, nothing is loading, so
      // a `play()` does not wait for a load.
      this.released = true;
      return;
    }

    buffering.set(true);
    this.options.onLoadStart?.(reason);
    try {
      const declared = candidates.flatMap((candidate) => candidate.drms);
      const device = await (this.options.deviceFacts ?? currentDeviceFacts)(declared);
      if (!isCurrent()) return;
      const { loader, source } = chooseEngine(candidates, this.options.loaders, device, host.effectiveConfig.restrictions);
      const video = host.store.owners.media;
      if (!video) return;
      const engine = await loader.create(video as HTMLVideoElement, source.kind);
      if (!isCurrent()) {
        await engine.destroy();
        return;
      }
      this.engine = engine;
      engine.setTextContainer(this.options.textContainer?.() ?? null);
      host.store.setOwners({ engine });
      // player-and-client §3 "shakaVersion": the page expects another shaka than the one bundled
      // (said once per source, not on every recovery reload).
      const wanted = host.effectiveConfig.shakaVersion;
      if (reason === 'source' && engine.name === 'shaka' && engine.version && !shakaVersionMatches(wanted, engine.version)) {
        host.report(invalidConfig(`config.shakaVersion asks for shaka ${String(wanted)}; this player plays with shaka ${engine.version}`, { shakaVersion: String(wanted), engineVersion: engine.version }));
      }
      engine.on('error', (error) => isCurrent() && host.report(error));
      engine.on('buffering', (value) => isCurrent() && buffering.set(value));
      engine.on('tracks', () => {
        if (isCurrent() && host.store.getState().loaded) fireEvent(host, 's72-tracks-change', this.tracks());
      });
      // Asked to play as soon as the engine has attached the source (issue 12): the browser starts
      // playing with the first frames, without waiting for load() and the work that follows it.
      const wantsPlay = playAfterLoad ?? (host.autoplay || this.resumeAt !== null);
      let playing: Promise<void> | null = null;
      await engine.load(source, this.resumeAt ?? this.startPosition(source), {
        onAttached: () => {
          if (wantsPlay && isCurrent()) playing = playback.autoplay();
        },
      });
      if (!isCurrent()) return;
      host.store.setSession({ loaded: true });
      buffering.set(false);
      fireEvent(host, 's72-loaded', { engine: engine.name });
      fireEvent(host, 's72-tracks-change', this.tracks());
      if (wantsPlay) await (playing ?? playback.autoplay());
    } catch (error) {
      if (!isCurrent()) return;
      buffering.set(false);
      // Engine errors were usually reported through the engine's `error` event already.
      host.report(toS72Error(error));
    }
  }

  /** What `resolveSources` reads from the host. */
  private sourceInput() {
    const { host } = this;
    // A play token replaced at run time (play-page §4 "a fresh play token is fetched") also goes on
    // the licence requests of a reload.
    const playToken = host.playToken;
    return {
      content: host.content && playToken ? { ...host.content, playToken } : host.content,
      src: host.src,
      licenseUrl: host.licenseUrl,
      keySystem: isDrmType(host.keySystem) ? host.keySystem : null,
      authToken: host.authToken,
      config: host.effectiveConfig,
      baseUrl: host.ownerDocument.baseURI,
      deviceId: () => deviceId(),
    };
  }

  /** The validated start position: a finite number; negative only on live (offset from the edge). */
  private startPosition(source: EngineSource): number | undefined {
    const start = this.host.startTime;
    // player-and-client §3 "playlist {slug, mainContentStartTime}": the main content starts there.
    if (start === null || start === undefined) return mainContentStart(this.host.content);
    if (typeof start !== 'number' || !Number.isFinite(start)) {
      this.host.report(invalidConfig('start-time must be a number of seconds', { startTime: String(start) }));
      return undefined;
    }
    if (start < 0 && !source.isLive) {
      this.host.report(invalidConfig('start-time must not be negative on a VOD source', { startTime: start }));
      return undefined;
    }
    return start;
  }

  private async releaseEngine(): Promise<void> {
    const engine = this.engine;
    this.engine = null;
    this.host.store.setOwners({ engine: null });
    this.host.store.setSession({ loaded: false });
    if (engine) await engine.destroy();
  }
}

function hasAssets(content: unknown): boolean {
  if (typeof content !== 'object' || content === null) return false;
  const assets = (content as { assets?: unknown }).assets;
  return typeof assets === 'object' && assets !== null;
}

function toS72Error(error: unknown): S72Error {
  if (isS72Error(error)) return error;
  return new S72Error('playback_error', error instanceof Error ? error.message : 'Playback failed', {
    category: 'playback',
    cause: error,
  });
}

// issue 12 "Levers"
/**
 * Starts what a source needs while nothing else is ready: every engine's code
 * for the source's kinds (DASH when they cannot be read), the manifest the engine will most likely
 * ask for first (one, never through the manifest proxy, never a progressive file; taken by the
 * engine from `manifest-prefetch.ts`) and the key-system probe the engine choice waits for (cached
 * for the page). Never rejects; an unreadable source is left for the load to report.
 */
export function preloadSource(
  input: Parameters<typeof resolveSources>[0],
  loaders: readonly EngineLoader[],
  deviceFacts: (drms: readonly DrmType[]) => Promise<DeviceFacts> = currentDeviceFacts,
): Promise<void> {
  let candidates: EngineSource[] = [];
  try {
    candidates = resolveSources(input);
  } catch {
    // An unreadable source is reported by the load itself.
  }
  const kinds: SourceKind[] = candidates.length > 0 ? candidates.map((source) => source.kind) : ['dash'];
  const manifest = candidates.find((source) => source.kind !== 'mp4' && !source.manifestProxy);
  if (manifest) prefetchManifest(manifest.url);
  const probing = candidates.length > 0 ? deviceFacts(candidates.flatMap((candidate) => candidate.drms)) : undefined;
  return Promise.all([probing, ...loaders.map((loader) => loader.preload(kinds))])
    .then(() => undefined)
    .catch(() => undefined);
}

/**
 * {@link preloadSource} for content a page will give a player later (`S72Player.preloadContent`):
 * the content and a read configuration only, no attributes, relative URLs against the document.
 */
export function preloadContent(content: S72Content, config: S72PlayerConfig, loaders: readonly EngineLoader[]): Promise<void> {
  return preloadSource(
    { content, src: null, licenseUrl: null, keySystem: null, authToken: null, config, baseUrl: document.baseURI, deviceId: () => deviceId() },
    loaders,
  );
}
