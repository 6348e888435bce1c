import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { S72Error, isS72Error } from './core/errors.js';
import { clamp } from './core/format-time.js';
import { chooseEngine, isDrmType, resolveSources } from './core/engine/choose-source.js';
import type { Engine, EngineLoader, EngineStats } from './core/engine/engine.js';
import { playFailedError } from './core/engine/map-engine-error.js';
import { shakaEngineLoader } from './core/engine/shaka-engine.js';
import { SPINNER_DELAY_MS, type DrmType, type S72Content, type S72PlayerConfig } from './core/types.js';
import { defineElement } from './define.js';
import { MEDIA_EVENTS, type S72PlayerEventDetail, type S72Tracks } from './events.js';
import { IconSet } from './ui/icons.js';
import './ui/s72-control-bar.js';

/** Engines in the order they are tried (player-and-client §4 "Engine choice"). */
const ENGINE_LOADERS: readonly EngineLoader[] = [shakaEngineLoader];

/** player-and-client §4 "Playback recovery": "After 3 failed play attempts, PLAY_FAILED". */
export const MAX_PLAY_FAILURES = 3;
/** player-and-client §9 "Controls": seek step with the arrow keys, J and L, in seconds. */
export const SEEK_STEP_S = 10;
/** Volume step of the up/down arrow keys. */
const VOLUME_STEP = 0.1;

/** `config` attribute → property: JSON, invalid JSON reported as `invalid_config` (never thrown). */
const configConverter = {
  fromAttribute(value: string | null): S72PlayerConfig {
    if (!value) return {};
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as S72PlayerConfig;
    } catch {
      // fall through
    }
    return { [INVALID_CONFIG]: value } as S72PlayerConfig;
  },
};
const INVALID_CONFIG = '__invalidConfig';

/**
 * @tagname s72-player
 * @summary `<s72-player>`: plays DASH (with Widevine, PlayReady or ClearKey DRM), HLS and MP4
 * through a pluggable engine (shaka-player today), with an accessible control bar.
 *
 * Give it either a `content` object and a `config` object (player-and-client §3 "Content" and
 * "Player configuration"), or, from plain HTML, the attributes below.
 *
 * Positions are in seconds (as on `HTMLMediaElement`). Removing the element from the page destroys
 * its engine and closes its EME sessions.
 *
 * @attr src - manifest (`.mpd`, `.m3u8`) or file (`.mp4`) URL; ignored while `content` is set
 * @attr license-url - licence server URL for `src`
 * @attr key-system - `widevine` | `playready` | `clearkey` | `fairplay`; default: any EME system
 * @attr auth-token - viewer token sent as `x-auth-token` on licence requests (prefer the `content`
 *   property: attributes are visible in the DOM)
 * @attr poster - image shown before playback
 * @attr start-time - start position, seconds
 * @attr autoplay - start playing once loaded; falls back to muted when the browser refuses sound
 * @attr muted - start muted
 * @attr config - JSON `S72PlayerConfig`
 * @attr {boolean} paused - (read-only) reflects the paused state
 * @attr {boolean} buffering - (read-only) reflects buffering
 *
 * @fires {CustomEvent<S72Error>} s72-error - any error; `detail` is the `S72Error` (play-page §8)
 * @fires {CustomEvent<{engine: string}>} s72-loaded - the source is loaded
 * @fires {CustomEvent<{buffering: boolean}>} s72-buffering-change - buffering started or stopped
 * @fires {CustomEvent} s72-autoplay-muted - autoplay only worked muted
 * @fires {CustomEvent<S72Tracks>} s72-tracks-change - audio/text/video tracks or the active ones changed
 * @fires loadstart - media event, re-dispatched from the inner video
 * @fires loadeddata - media event
 * @fires canplay - media event
 * @fires progress - media event
 * @fires play - media event
 * @fires pause - media event
 * @fires playing - media event
 * @fires waiting - media event
 * @fires seeking - media event
 * @fires seeked - media event
 * @fires timeupdate - media event
 * @fires ended - media event
 * @fires volumechange - media event
 * @fires ratechange - media event
 * @fires loadedmetadata - media event
 * @fires durationchange - media event
 *
 * @csspart video - the `<video>`
 * @csspart controls - the control bar
 * @csspart spinner - the buffering spinner (shown after 0.25 s, play-page §9)
 * @csspart big-play-button - the big play button
 * @csspart error - the error panel
 * @cssprop [--s72-accent-color=#e50914] - accent (seek bar, buttons)
 * @cssprop [--s72-background=#000] - letterbox colour
 */
export class S72Player extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: relative;
      aspect-ratio: 16 / 9;
      background: var(--s72-background, #000);
      color: #fff;
      overflow: hidden;
      contain: content;
    }
    :host([hidden]) {
      display: none;
    }
    :host(:fullscreen) {
      aspect-ratio: auto;
    }
    video {
      position: absolute;
      inset: 0;
      inline-size: 100%;
      block-size: 100%;
      object-fit: contain;
      background: inherit;
    }
    s72-control-bar {
      position: absolute;
      inset-inline: 0;
      inset-block-end: 0;
    }
    .spinner {
      position: absolute;
      inset: 50% auto auto 50%;
      inline-size: 3rem;
      block-size: 3rem;
      margin: -1.5rem 0 0 -1.5rem;
      border: 0.3rem solid rgb(255 255 255 / 0.25);
      border-block-start-color: #fff;
      border-radius: 50%;
      animation: spin 0.9s linear infinite;
      pointer-events: none;
    }
    @keyframes spin {
      to {
        transform: rotate(1turn);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .spinner {
        animation-duration: 3s;
      }
    }
    .big-play {
      all: unset;
      position: absolute;
      inset: 50% auto auto 50%;
      transform: translate(-50%, -50%);
      display: grid;
      place-items: center;
      inline-size: 4.5rem;
      block-size: 4.5rem;
      border-radius: 50%;
      background: rgb(0 0 0 / 0.6);
      cursor: pointer;
    }
    .big-play:focus-visible {
      outline: 3px solid #fff;
      outline-offset: 3px;
    }
    .big-play svg {
      inline-size: 2.25rem;
      block-size: 2.25rem;
    }
    .error {
      position: absolute;
      inset: 0;
      display: grid;
      place-content: center;
      justify-items: center;
      gap: 0.75rem;
      padding: 1rem;
      text-align: center;
      background: rgb(0 0 0 / 0.85);
      font: 1rem/1.4 system-ui, sans-serif;
    }
    .error code {
      opacity: 0.75;
    }
    .error button {
      font: inherit;
      padding: 0.5rem 1rem;
      border-radius: 0.375rem;
      border: 0;
      background: var(--s72-accent-color, #e50914);
      color: #fff;
      cursor: pointer;
    }
    [hidden] {
      display: none !important;
    }
  `;

  /** What to play (player-and-client §3 "Content"). Takes precedence over `src`. */
  @property({ attribute: false }) content: S72Content | null = null;
  /** Player configuration (player-and-client §3 "Player configuration"). */
  @property({ converter: configConverter }) config: S72PlayerConfig = {};
  @property() src: string | null = null;
  @property({ attribute: 'license-url' }) licenseUrl: string | null = null;
  @property({ attribute: 'key-system' }) keySystem: string | null = null;
  @property({ attribute: 'auth-token' }) authToken: string | null = null;
  @property() poster: string | null = null;
  /** Start position in seconds (play-page §2 `t`). */
  @property({ type: Number, attribute: 'start-time' }) startTime: number | null = null;
  @property({ type: Boolean }) autoplay = false;
  @property({ type: Boolean }) muted = false;

  @property({ type: Boolean, reflect: true, attribute: 'paused' }) protected pausedState = true;
  @property({ type: Boolean, reflect: true, attribute: 'buffering' }) protected bufferingState = false;

  @state() private loaded = false;
  @state() private spinnerVisible = false;
  @state() private hasPlayed = false;
  @state() private fullscreen = false;
  @state() private error: S72Error | null = null;
  /** Bumped on every media event: the template reads the video's live state, so this re-renders it. */
  @state() private mediaTick = 0;

  /** The inner `<video>`, set on first render; undefined before (e.g. during SSR). */
  private videoElement: HTMLVideoElement | undefined;
  private get video(): HTMLVideoElement {
    return this.videoElement!;
  }

  private engine: Engine | null = null;
  private loadGeneration = 0;
  private loadScheduled = false;
  private resumeAt: number | null = null;
  private playFailures = 0;
  private spinnerTimer: ReturnType<typeof setTimeout> | undefined;
  private mediaListeners: AbortController | null = null;
  private readonly icons = new IconSet();
  private readonly reportedErrors = new WeakSet<S72Error>();

  /** Current position in seconds. Setting it seeks, clamped to the seekable range. */
  get currentTime(): number {
    return this.videoElement?.currentTime ?? 0;
  }
  set currentTime(seconds: number) {
    this.seekTo(seconds);
  }
  /** Duration in seconds; NaN until known, Infinity for live. */
  get duration(): number {
    return this.videoElement?.duration ?? Number.NaN;
  }
  get paused(): boolean {
    return this.videoElement?.paused ?? true;
  }
  get ended(): boolean {
    return this.videoElement?.ended ?? false;
  }
  /** Volume 0..1. */
  get volume(): number {
    return this.videoElement?.volume ?? 1;
  }
  set volume(value: number) {
    if (this.videoElement) this.video.volume = clamp(value, 0, 1);
  }
  get playbackRate(): number {
    return this.videoElement?.playbackRate ?? 1;
  }
  set playbackRate(rate: number) {
    if (this.videoElement && Number.isFinite(rate) && rate > 0) this.video.playbackRate = rate;
  }
  /** The error that stopped playback, or null. */
  get lastError(): S72Error | null {
    return this.error;
  }
  /** Name of the engine playing now (`shaka`), or null. */
  get engineName(): string | null {
    return this.engine?.name ?? null;
  }
  /**
   * The tracks of the loaded source (player-and-client §3 "Tracks"); empty before load.
   * Video tracks are `active` only while one is pinned (automatic quality otherwise).
   */
  get tracks(): S72Tracks {
    const engine = this.engine;
    if (!engine || !this.loaded) return { audio: [], text: [], video: [] };
    return { audio: engine.audioTracks(), text: engine.textTracks(), video: engine.videoTracks() };
  }

  /** Switches the audio track (an id from `tracks.audio`); unknown ids are ignored. */
  selectAudioTrack(id: string): void {
    this.engine?.selectAudioTrack(id);
  }

  /** Shows a text track (an id from `tracks.text`), or hides subtitles with `null`. */
  selectTextTrack(id: string | null): void {
    this.engine?.selectTextTrack(id);
  }

  /** Pins a quality (an id from `tracks.video`), or returns to automatic quality with `null`. */
  selectVideoTrack(id: string | null): void {
    this.engine?.selectVideoTrack(id);
  }

  /** Normalised playback statistics, or null before anything is loaded. */
  getStats(): EngineStats | null {
    return this.engine?.getStats() ?? null;
  }

  /**
   * Starts playback. Resolves when playing; rejects with the browser's error when refused.
   * After 3 failures other than the autoplay policy, emits `s72-error` `play_failed` (player-and-client §4).
   */
  async play(): Promise<void> {
    if (!this.videoElement) return;
    try {
      await this.video.play();
      this.playFailures = 0;
    } catch (error) {
      this.onPlayRejected(error);
      throw error;
    }
  }

  pause(): void {
    this.videoElement?.pause();
  }

  /** Starts fetching the engine's code now, e.g. while the page is still calling its APIs. */
  static preloadEngines(): Promise<void> {
    return Promise.all(ENGINE_LOADERS.map((loader) => loader.preload())).then(() => undefined);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('keydown', this.onKeyDown);
    document.addEventListener('fullscreenchange', this.onFullscreenChange);
    if (this.hasUpdated) this.scheduleLoad();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('keydown', this.onKeyDown);
    document.removeEventListener('fullscreenchange', this.onFullscreenChange);
    // Removing the element ends the playback session: engine destroyed, EME sessions closed.
    if (this.videoElement && this.loaded) this.resumeAt = this.video.currentTime;
    this.loadGeneration++;
    void this.releaseEngine();
    this.mediaListeners?.abort();
    this.mediaListeners = null;
    clearTimeout(this.spinnerTimer);
  }

  protected override firstUpdated(): void {
    this.videoElement = this.renderRoot.querySelector('video')!;
    this.listenToMedia();
    this.video.muted = this.muted;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const sourceChanged = (['content', 'config', 'src', 'licenseUrl', 'keySystem', 'authToken'] as const).some((key) =>
      changed.has(key),
    );
    if (sourceChanged && (this.content || this.src)) {
      // Overlap the engine's download with everything else the page is doing.
      void S72Player.preloadEngines().catch(() => undefined);
      this.resumeAt = null;
      this.scheduleLoad();
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('muted') && this.video && this.video.muted !== this.muted) this.video.muted = this.muted;
    if (changed.has('config') && (this.config as Record<string, unknown>)[INVALID_CONFIG] !== undefined) {
      this.report(
        new S72Error('invalid_config', 'The config attribute is not a JSON object', {
          category: 'client',
          severity: 'recoverable',
        }),
      );
    }
  }

  protected override render() {
    const video = this.videoElement;
    const paused = video?.paused ?? true;
    const showBigPlay = this.loaded && !this.error && paused && (!this.hasPlayed || (video?.ended ?? false));
    const range = this.seekRange();
    return html`
      <video
        part="video"
        playsinline
        crossorigin="anonymous"
        preload="auto"
        poster=${this.poster ?? this.content?.images?.thumb ?? nothing}
        @click=${this.onVideoClick}
      ></video>
      <div class="spinner" part="spinner" role="status" aria-label="Loading" ?hidden=${!this.spinnerVisible || Boolean(this.error)}></div>
      <button class="big-play" part="big-play-button" aria-label="Play" ?hidden=${!showBigPlay} @click=${this.onBigPlayClick}>
        ${this.icons.get('play')}
      </button>
      ${this.error ? this.renderError(this.error) : nothing}
      <s72-control-bar
        part="controls"
        exportparts="play-button, seek-bar, time, mute-button, volume, fullscreen-button"
        .paused=${paused}
        .currentTime=${video?.currentTime ?? 0}
        .duration=${video?.duration ?? Number.NaN}
        .seekStart=${range.start}
        .seekEnd=${range.end}
        .muted=${video?.muted ?? this.muted}
        .volume=${video?.volume ?? 1}
        .fullscreen=${this.fullscreen}
        .canFullscreen=${typeof document !== 'undefined' && document.fullscreenEnabled}
        .canSeek=${this.config.seeking !== false}
        .loaded=${this.loaded}
        @s72-play-request=${this.onPlayRequest}
        @s72-pause-request=${this.onPauseRequest}
        @s72-seek-request=${this.onSeekRequest}
        @s72-mute-request=${this.onMuteRequest}
        @s72-volume-request=${this.onVolumeRequest}
        @s72-fullscreen-request=${this.onFullscreenRequest}
      ></s72-control-bar>
    `;
  }

  private renderError(error: S72Error) {
    // Text only: the message never contains markup we render as HTML (DESIGN.md security rules).
    return html`
      <div class="error" part="error" role="alert">
        <p>Something went wrong while playing this video.</p>
        <code>${error.code}</code>
        <button @click=${this.retry}>${this.icons.get('retry')} Try again</button>
      </div>
    `;
  }

  /** Reloads the media at the last position ("Try again", player-and-client §8). */
  retry = (): void => {
    this.resumeAt = this.videoElement?.currentTime || this.resumeAt;
    this.scheduleLoad();
  };

  private seekRange(): { start: number; end: number } {
    const range = this.engine?.seekRange();
    if (range && Number.isFinite(range.end)) return range;
    const duration = this.videoElement?.duration;
    return { start: 0, end: Number.isFinite(duration) ? duration! : 0 };
  }

  private scheduleLoad(): void {
    if (this.loadScheduled) return;
    this.loadScheduled = true;
    void this.updateComplete.then(() => {
      this.loadScheduled = false;
      if (this.isConnected) void this.load();
    });
  }

  private async load(): Promise<void> {
    const generation = ++this.loadGeneration;
    const isCurrent = () => generation === this.loadGeneration && this.isConnected;
    await this.releaseEngine();
    if (!isCurrent()) return;
    this.error = null;
    this.loaded = false;
    this.hasPlayed = false;
    this.playFailures = 0;

    const candidates = resolveSources({
      content: this.content,
      src: this.src,
      licenseUrl: this.licenseUrl,
      keySystem: isDrmType(this.keySystem) ? (this.keySystem as DrmType) : null,
      authToken: this.authToken,
      config: this.config,
      baseUrl: document.baseURI,
    });
    if (candidates.length === 0) return;

    this.setBuffering(true);
    try {
      const { loader, source } = chooseEngine(candidates, ENGINE_LOADERS);
      const engine = await loader.create(this.video);
      if (!isCurrent()) {
        await engine.destroy();
        return;
      }
      this.engine = engine;
      engine.on('error', (error) => {
        if (isCurrent()) this.report(error);
      });
      engine.on('buffering', (buffering) => {
        if (isCurrent()) this.setBuffering(buffering);
      });
      engine.on('tracks', () => {
        if (isCurrent() && this.loaded) this.emit('s72-tracks-change', this.tracks);
      });
      await engine.load(source, this.resumeAt ?? this.startTime ?? undefined);
      if (!isCurrent()) return;
      this.loaded = true;
      this.setBuffering(false);
      this.emit('s72-loaded', { engine: engine.name });
      this.emit('s72-tracks-change', this.tracks);
      if (this.autoplay || this.resumeAt !== null) await this.autoplayWithFallback();
    } catch (error) {
      if (!isCurrent()) return;
      this.setBuffering(false);
      // Engine errors were usually reported through the engine's `error` event already.
      this.report(toS72Error(error));
    }
  }

  /** Plays; if the browser refuses sound (autoplay policy), retries muted (play-page §9 autoplay). */
  private async autoplayWithFallback(): Promise<void> {
    try {
      await this.video.play();
    } catch (error) {
      if ((error as DOMException)?.name !== 'NotAllowedError' || this.video.muted) {
        this.onPlayRejected(error);
        return;
      }
      this.video.muted = true;
      this.muted = true;
      try {
        await this.video.play();
        this.emit('s72-autoplay-muted', { muted: true, reason: 'autoplay-policy' });
      } catch (mutedError) {
        // Still refused: the big play button waits for the viewer.
        this.onPlayRejected(mutedError);
      }
    }
  }

  private onPlayRejected(error: unknown): void {
    const name = (error as DOMException)?.name;
    // The autoplay policy and interrupted plays (pause() or a new load) are not failures.
    if (name === 'NotAllowedError' || name === 'AbortError') return;
    this.playFailures++;
    if (this.playFailures >= MAX_PLAY_FAILURES) {
      this.playFailures = 0;
      this.report(playFailedError(error));
    }
  }

  private async releaseEngine(): Promise<void> {
    const engine = this.engine;
    this.engine = null;
    this.loaded = false;
    if (engine) await engine.destroy();
  }

  private report(error: S72Error): void {
    if (this.reportedErrors.has(error)) return;
    this.reportedErrors.add(error);
    if (error.severity === 'critical') {
      this.error = error;
      this.setBuffering(false);
    }
    this.emit('s72-error', error);
  }

  private emit<K extends keyof S72PlayerEventDetail>(type: K, detail: S72PlayerEventDetail[K]): void {
    fire(this, type, detail);
  }

  private setBuffering(buffering: boolean): void {
    if (buffering === this.bufferingState) return;
    this.bufferingState = buffering;
    clearTimeout(this.spinnerTimer);
    if (buffering) {
      const delayMs = this.config.spinnerDelayMs ?? SPINNER_DELAY_MS;
      this.spinnerTimer = setTimeout(() => (this.spinnerVisible = true), delayMs);
    } else {
      this.spinnerVisible = false;
    }
    this.emit('s72-buffering-change', { buffering });
  }

  private listenToMedia(): void {
    this.mediaListeners?.abort();
    this.mediaListeners = new AbortController();
    const { signal } = this.mediaListeners;
    for (const type of MEDIA_EVENTS) {
      this.video.addEventListener(
        type,
        () => {
          this.onMediaEvent(type);
          redispatch(this, type);
        },
        { signal },
      );
    }
  }

  private onMediaEvent(type: string): void {
    this.mediaTick++;
    this.pausedState = this.video.paused;
    switch (type) {
      case 'playing':
        this.hasPlayed = true;
        this.playFailures = 0;
        this.setBuffering(false);
        break;
      case 'waiting':
        if (this.loaded) this.setBuffering(true);
        break;
      case 'volumechange':
        this.muted = this.video.muted;
        break;
    }
  }

  private seekTo(seconds: number): void {
    if (!this.videoElement || this.config.seeking === false) return;
    const { start, end } = this.seekRange();
    this.video.currentTime = clamp(seconds, start, end || seconds);
  }

  private togglePlay(): void {
    if (!this.loaded) return;
    if (this.video.paused) void this.play().catch(() => undefined);
    else this.pause();
  }

  private toggleFullscreen(enter: boolean): void {
    if (enter && !document.fullscreenElement) void this.requestFullscreen?.().catch(() => undefined);
    else if (!enter && document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }

  private readonly onFullscreenChange = (): void => {
    this.fullscreen = document.fullscreenElement === this;
  };

  private readonly onPlayRequest = (): void => void this.play().catch(() => undefined);
  private readonly onPauseRequest = (): void => this.pause();
  private readonly onSeekRequest = (event: CustomEvent<number>): void => this.seekTo(event.detail);
  private readonly onMuteRequest = (event: CustomEvent<boolean>): void => {
    this.video.muted = event.detail;
  };
  private readonly onVolumeRequest = (event: CustomEvent<number>): void => {
    this.video.volume = clamp(event.detail, 0, 1);
    if (event.detail > 0 && this.video.muted) this.video.muted = false;
  };
  private readonly onFullscreenRequest = (event: CustomEvent<boolean>): void => this.toggleFullscreen(event.detail);
  private readonly onVideoClick = (): void => this.togglePlay();
  private readonly onBigPlayClick = (): void => void this.play().catch(() => undefined);

  /** Keyboard shortcuts (player-and-client §9 "Controls"): Space/K, ←/→/J/L ±10 s, ↑/↓ volume, M, F. */
  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const origin = event.composedPath()[0];
    const inRange = origin instanceof HTMLInputElement;
    const onButton = origin instanceof HTMLButtonElement;
    const key = event.key.toLowerCase();
    const handled = (() => {
      switch (key) {
        case ' ':
          if (onButton) return false; // the button's own activation
          this.togglePlay();
          return true;
        case 'k':
          this.togglePlay();
          return true;
        case 'arrowleft':
        case 'arrowright':
          if (inRange) return false; // the slider's own step
          this.seekTo(this.currentTime + (key === 'arrowleft' ? -SEEK_STEP_S : SEEK_STEP_S));
          return true;
        case 'j':
        case 'l':
          this.seekTo(this.currentTime + (key === 'j' ? -SEEK_STEP_S : SEEK_STEP_S));
          return true;
        case 'arrowup':
        case 'arrowdown':
          if (inRange) return false;
          this.volume = this.volume + (key === 'arrowup' ? VOLUME_STEP : -VOLUME_STEP);
          return true;
        case 'm':
          this.video.muted = !this.video.muted;
          return true;
        case 'f':
          this.toggleFullscreen(!this.fullscreen);
          return true;
        default:
          return false;
      }
    })();
    if (handled) event.preventDefault();
  };
}

/** Our own events bubble and are composed, so they leave any shadow root the player sits in. */
function fire<K extends keyof S72PlayerEventDetail>(host: HTMLElement, type: K, detail: S72PlayerEventDetail[K]): void {
  host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** Native media events are re-dispatched from the host, unchanged (DESIGN.md "Element events"). */
function redispatch(host: HTMLElement, type: string): void {
  host.dispatchEvent(new Event(type));
}

function toS72Error(error: unknown): S72Error {
  if (isS72Error(error)) return error;
  return new S72Error('playback_error', error instanceof Error ? error.message : 'Playback failed', {
    category: 'playback',
    cause: error,
  });
}

defineElement('s72-player', S72Player);

declare global {
  interface HTMLElementTagNameMap {
    's72-player': S72Player;
  }
}
