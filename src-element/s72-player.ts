import { ContextProvider } from '@lit/context';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { PlayerMediaApi } from './player-media-api.js';
import { property } from 'lit/decorators.js';
import { configAttributeConverter, readConfig } from './core/config.js';
import type { EngineLoader, EngineStats, SourceKind } from './core/engine/engine.js';
import { shakaEngineLoader } from './core/engine/shaka-engine.js';
import { nativeHlsEngineLoader } from './core/engine/native-hls-engine.js';
import { S72Error } from './core/errors.js';
import { createTranslator, resolveLocale, type Translator } from './core/i18n/index.js';
import { createPlayerStore, type PlayerState } from './core/player-store.js';
import { watchMediaMetadata } from './core/media-seek.js';
import { handleRequest, REQUEST_EVENT_NAMES, type RequestContext } from './core/request-map.js';
import type { DrmType, S72Content, S72PlayerConfig } from './core/types.js';
import { DRM_TYPES, isDrmType } from './core/engine/key-systems.js';
import { sourceIdentity } from './core/source-identity.js';
import { playerContext, type PlayerContextValue } from './context.js';
import { BufferingController } from './controllers/buffering-controller.js';
import { EngineController, invalidConfig, preloadContent } from './controllers/engine-controller.js';
import { FullscreenController } from './controllers/fullscreen-controller.js';
import { KeyboardController } from './controllers/keyboard-controller.js';
import { LiveStatusController } from './controllers/live-status-controller.js';
import { MediaEventsController } from './controllers/media-events-controller.js';
import { PlaybackStartController } from './controllers/playback-start-controller.js';
import { RecoveryController } from './controllers/recovery-controller.js';
import { sessionServices } from './controllers/session-services.js';
import { StoreController } from './controllers/store-controller.js';
import { AirPlayController } from './controllers/airplay-controller.js';
import { CastController } from './controllers/cast-controller.js';
import { castScreen, isCasting } from './core/cast/cast-state.js';
import { manageDevicesUrl } from './core/cast/cast-support.js';
import type { CastSdkLoader } from './core/cast/sdk-loader.js';
import './ui/s72-cast-panel.js';
import { AdsController } from './controllers/ads-controller.js';
import { WatermarkController } from './controllers/watermark-controller.js';
import { defineElement } from './define.js';
import type { S72Tracks } from './events.js';
import { playerStyles } from './s72-player.styles.js';
import { errorPanel } from './ui/error-panel.js';
import { ICON_NAMES, icon } from './ui/icons.js';
import './ui/s72-control-bar.js';
import './ui/s72-title-bar.js';
import './ui/s72-subtitle-overlay.js';
import './ui/s72-end-screen.js';
import './ui/s72-stats-overlay.js';
import './ui/s72-announcer.js';
import './ui/s72-seek-indicator.js';
import './ui/s72-ad-overlay.js';
import './ui/s72-unmute-button.js';
import { uiControllers } from './controllers/ui-controllers.js';
import type { S72Suggestion } from './core/ui/ui-state.js';

export { MAX_PLAY_FAILURES } from './controllers/playback-start-controller.js';
export { SEEK_STEP_S } from './controllers/keyboard-controller.js';

/** Engines in the order they are tried (player-and-client §4 "Engine choice"). */
const ENGINE_LOADERS: readonly EngineLoader[] = [shakaEngineLoader, nativeHlsEngineLoader];
const HOST_KEYS = ['paused', 'ended', 'played', 'loaded', 'error', 'buffering', 'muted', 'controlsVisible', 'bigPlay', 'cast', 'adBreak', 'endScreen', 'suggestions', 'debug'] as const;

/** What covers the player's controls now: an ad break, the end screen, or nothing. */
type Cover = 'ad' | 'end-screen' | null;

function coverOf(state: PlayerState): Cover {
  if (state.adBreak) return 'ad';
  return state.endScreen && state.suggestions.length > 0 ? 'end-screen' : null;
}
const SOURCE_PROPERTIES = ['content', 'config', 'src', 'licenseUrl', 'keySystem', 'authToken'] as const;

/**
 * @tagname s72-player
 * @summary `<s72-player>`: plays DASH (Widevine, PlayReady or ClearKey DRM), HLS (FairPlay through
 * Apple's native HLS) and MP4 through pluggable engines (shaka-player, native HLS), with accessible, localised controls (English, Arabic).
 *
 * Give it a `content` object and a `config` object (player-and-client §3 "Content" and "Player
 * configuration"), or, from plain HTML, the attributes below. Positions are in seconds (as on
 * `HTMLMediaElement`). Removing the element ends the playback session (engine destroyed, EME
 * sessions closed, the storefront told with a last heartbeat `{"state":"stopped"}`, as when the
 * page is left); moving it keeps it playing. Inside, a state store, a request map and one
 * controller per concern do the work (see `controllers/`); this class only wires them.
 *
 * @attr src - manifest (`.mpd`, `.m3u8`) or file (`.mp4`) URL; ignored while `content` is set
 * @attr license-url - licence server URL for `src`
 * @attr key-system - `widevine` | `playready` | `clearkey` | `fairplay`; default: any EME system. Any
 *   other value is reported as a recoverable `invalid_config` error (with the allowed values) and ignored
 * @attr auth-token - viewer token sent as `x-auth-token` on licence requests (prefer the `content`
 *   property: attributes are visible in the DOM)
 * @attr poster - image shown before playback
 * @attr start-time - start position, seconds (negative: from the live edge, live only)
 * @attr autoplay - start playing once loaded; falls back to muted when the browser refuses sound
 * @attr muted - start muted
 * @attr config - JSON `S72PlayerConfig`
 * @attr {string} lang - language of the controls (`en`, `ar`); default: the document's
 * @attr {'ltr' | 'rtl'} dir - `rtl` or `ltr`; default: the language's (Arabic mirrors the controls)
 * @attr {boolean} paused - (read-only) reflects the paused state
 * @attr {boolean} buffering - (read-only) reflects buffering
 * @attr {boolean} controls-hidden - (read-only) the controls and title bar are hidden (idle, player-and-client §9)
 *
 * @fires {CustomEvent<S72Error>} s72-error - any error; `detail` is the `S72Error` (play-page §8)
 * @fires {S72MediaEvent} error - playback failed for good (a critical error, also sent as `s72-error` and kept in `lastError`); like the media element's `error`
 * @fires {CustomEvent<{engine: string}>} s72-loaded - the source is loaded
 * @fires {CustomEvent<{buffering: boolean; state: 'ok' | 'buffering' | 'recovering'}>} s72-buffering-change - buffering, or the buffering monitor's state, changed
 * @fires {CustomEvent<S72RecoveryChange>} s72-recovery-change - a critical network/media error is being recovered: reload `{attempt, maxAttempts, error}`
 * @fires {CustomEvent<{muted: true; reason: 'autoplay-policy'}>} s72-autoplay-muted - autoplay only worked muted
 * @fires {CustomEvent<S72Tracks>} s72-tracks-change - audio/text/video tracks or the active ones changed
 * @fires {CustomEvent<{status: 'planned' | 'live' | 'completed'; previous: 'planned' | 'live' | 'completed' | null}>} s72-live-status-change - live: `{status, previous}` (`S72LiveStatusChange`; previous is null when none was known)
 *
 * @slot play - replaces the play icon (the icon slots pass through to the control bar)
 * @slot pause - replaces the pause icon
 * @slot volume - replaces the volume icon (sound on)
 * @slot muted - replaces the muted icon
 * @slot enter-fullscreen - replaces the enter-fullscreen icon
 * @slot exit-fullscreen - replaces the exit-fullscreen icon
 * @slot settings - replaces the settings icon
 * @slot back - replaces the title bar's back icon
 * @slot retry - replaces the error panel's "Try again" icon
 * @slot error-{code} - replaces the error panel's text for one code, e.g. `error-drm_failed`
 * @slot title-bar-end - the page's own controls at the end of the title bar (e.g. an episodes list)
 * @csspart video - the `<video>`
 * @csspart controls - the control bar; its own parts are passed through (`exportparts`): play-button,
 *   seek-bar, seek-input, seek-tooltip, seek-buffered, time, live-badge, live-edge, live-button, mute-button, volume, settings-button, settings-menu, menu-item, fullscreen-button
 * @csspart play-button - the control bar's play/pause button
 * @csspart seek-bar - the seek bar (`s72-seek-bar`)
 * @csspart seek-input - the seek bar's `<input type="range">`
 * @csspart seek-tooltip - the seek bar's time tooltip
 * @csspart seek-buffered - the buffered range on the seek bar
 * @csspart time - the clock, `current / duration`
 * @csspart live-badge - the LIVE badge (live only)
 * @csspart live-edge - the LIVE badge while playback is at the live edge
 * @csspart live-button - "go to live", shown while behind the live edge (live only)
 * @csspart mute-button - the mute button
 * @csspart volume - the volume slider (hidden on touch-only devices)
 * @csspart settings-button - the settings menu's button
 * @csspart settings-menu - the settings menu panel
 * @csspart menu-item - every item of the settings menu
 * @csspart fullscreen-button - the fullscreen button
 * @csspart title-bar - the title bar (`s72-title-bar`); passed through: back-button, title, subtitle, ad-badge
 * @csspart back-button - the title bar's back link
 * @csspart title - the title bar's title
 * @csspart subtitle - the title bar's subtitle (second line)
 * @csspart ad-badge - the title bar's "Ad" label while the content is a playlist's ad item (`content.playbackMode: 'ad'`)
 * @csspart subtitles - the subtitle overlay (`s72-subtitle-overlay`), over the whole player
 * @csspart subtitles-picture - the rectangle over the video picture the subtitle cues are drawn in
 * @cssprop [--s72-subtitle-font-size=clamp(14px, 5.5cqh, 50px)] - subtitle text size of the `md` preference (sm 0.75 of it, lg 1.35)
 * @fires {CustomEvent<{subtitleTextColor: 'white' | 'yellow'; subtitleBackground: 'none' | 'black' | 'transparent-panel'; subtitleTextSize: 'sm' | 'md' | 'lg'}>} s72-preferences-change - the viewer changed a subtitle preference (`SubtitlePreferences`, saved in localStorage)
 * @csspart stats - the stats overlay and its version label (`s72-stats-overlay`; debug mode, player-and-client §2); passed
 *   through: stats-panel, stats-graph, stats-close, version
 * @csspart stats-panel - the statistics panel (debug mode)
 * @csspart stats-graph - the statistics graph (an SVG)
 * @csspart stats-close - the statistics panel's Close button
 * @csspart version - the version label (5 clicks turn debug mode on)
 * @csspart seek-indicator - the touch seek indicator (double tap: the icon and the seconds moved, 500 ms)
 * @csspart unmute-button - "Tap to unmute", shown when autoplay started muted, until the viewer unmutes or after 10 s of play
 * @csspart spinner - the buffering spinner (shown after 0.25 s, play-page §9)
 * @csspart big-play-button - the big play button
 * @csspart error - the error panel
 * @csspart ads - the ads overlay (`s72-ad-overlay`), shown while an ad break runs (everything under it is inert); passed through: ad-video, ad-label, skip-ad-button, ad-play-button, ad-controls, ad-play-pause-button, ad-mute-button
 * @csspart ad-video - the ad's own `<video>` (the film's is kept paused with its buffer)
 * @csspart ad-label - the "Ad 1 of 2 · 0:05 left" label
 * @csspart skip-ad-button - the skip-ad button, disabled with a countdown until the ad is skippable
 * @csspart ad-play-button - the play button of a paused ad
 * @csspart ad-controls - the ad's own row of buttons (play/pause, mute)
 * @csspart ad-play-pause-button - plays or pauses the ad ("Pause the ad" / "Play the ad"; also `k` and Space)
 * @csspart ad-mute-button - mutes or unmutes the ad ("Mute the ad" / "Unmute the ad"; also `m`)
 * @csspart end-screen - the end screen, Up next (`s72-end-screen`; what it covers is inert while it shows); passed through: suggestion, main-suggestion, close-button
 * @csspart suggestion - every end-screen suggestion card (a `<button>`)
 * @csspart main-suggestion - the main end-screen suggestion card (also `suggestion`)
 * @csspart close-button - the end screen's Close button
 * @fires {CustomEvent<1 | -1>} s72-frame-step-request - comma / period while paused (keyboard): one frame (0.04 s) back / forward
 * @fires {CustomEvent} s72-captions-toggle-request - C (keyboard): subtitles off, or back to the last language
 * @fires {CustomEvent<S72CastChange>} s72-cast-change - casting: the connection status, app state, error screen, receiver name or connection-lost flag changed (README "Casting and AirPlay")
 * @fires {CustomEvent<{available: boolean; active: boolean}>} s72-airplay-change - an AirPlay target became (un)available, or playback moved to or from one
 * @csspart cast-button - the control bar's cast button
 * @csspart airplay-button - the control bar's AirPlay button
 * @csspart cast-panel - the cast panel (`s72-cast-panel`): choose-device prompt, "Casting to {receiver}", cast controls, error screens
 * @csspart cast-status - the cast panel's status line ("Casting to {receiver}")
 * @csspart cast-controls - the cast controls
 * @csspart cast-error - a cast error screen or "connection lost" (`data-screen` names it)
 * @csspart manage-devices - the cast error screens' manage-devices link
 * @csspart cast-retry - the cast error screens' "Try again"
 * @csspart cast-replay - replay on the receiver (finished or on an error screen)
 * @csspart cast-reconnect - "Reconnect" (connection lost; reloads the page)
 * @csspart cast-stop - stop casting
 * @fires {CustomEvent<{debug: boolean}>} s72-debug-change - debug mode (the stats overlay) turned on or off (5 clicks on the version label)
 * @fires {CustomEvent<S72EndScreenClick>} s72-end-screen-click - an end-screen suggestion was chosen `{slug, source, href}` (cancelable)
 * @cssprop [--s72-accent-color=#e50914] - accent (seek bar, buttons)
 * @cssprop [--s72-background=#000] - letterbox colour
 * @cssprop [--s72-focus-color=#fff] - keyboard focus ring of every control
 * @cssprop [--s72-control-font-size=14px] - control bar font size; every button scales with it (default per form factor: 14 / 16 / 28 px at player widths < 600 / < 1600 / >= 1600 px)
 * @cssprop [--s72-title-font-size=18px] - title bar title size (default per form factor: 18 / 24 / 50 px)
 */
export class S72Player extends PlayerMediaApi {
  static override styles = playerStyles;
  /** Focusing the player (`player.focus()`, a click on the video) focuses its first control. */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang', 'dir'];
  }

  /** What to play (player-and-client §3 "Content"). Takes precedence over `src`. */
  @property({ attribute: false }) content: S72Content | null = null;
  /** Player configuration (player-and-client §3 "Player configuration"); not an object → `invalid_config`. */
  @property({ converter: configAttributeConverter }) config: S72PlayerConfig = {};
  @property() src: string | null = null;
  @property({ attribute: 'license-url' }) licenseUrl: string | null = null;
  @property({ attribute: 'key-system' }) keySystem: DrmType | null = null;
  @property({ attribute: 'auth-token' }) authToken: string | null = null;
  @property() poster: string | null = null;
  /** Start position in seconds (play-page §2 `t`); not a number → `invalid_config`, ignored. */
  @property({ type: Number, attribute: 'start-time' }) startTime: number | null = null;
  @property({ type: Boolean }) autoplay = false;
  @property({ type: Boolean }) muted = false;
  /**
   * Fetches a fresh play token when the live status answers 403 (LIVE_STREAM_EXPIRED, play-page §4);
   * the play page sets it to a new streams call. Null: that error stops playback.
   */
  @property({ attribute: false }) refreshPlayToken: (() => Promise<string>) | null = null;
  /**
   * The end screen's suggestions, main one first, up to 3 more (player-and-client §2 "Up next");
   * the page builds them with the client's suggestion rules (`buildSuggestions`: only items the
   * viewer can watch now). Entries without a string `slug` and `title` are dropped.
   */
  @property({ attribute: false }) suggestions: readonly S72Suggestion[] = [];
  /**
   * Loads the Google Cast sender SDK when `config.cast.enabled` (README "Casting and AirPlay"); null:
   * the real script (`CAST_SDK_URL`). Tests give one whose injector installs a fake framework.
   */
  @property({ attribute: false }) castSdkLoader: CastSdkLoader | null = null;
  private replacedPlayToken: string | null = null;
  /** `sourceIdentity` of the source loaded last; null while none is set. */
  private sourceKey: string | null = null;
  /** What covers the controls (issue 22: what it covers is `inert`), and a focus move it asks for. */
  private cover: Cover = null;
  private coverFocus: { to: Cover } | null = null;

  /** The state store the controls render from (`core/player-store.ts`). */
  override readonly store = createPlayerStore({ fullscreenElement: this, document: globalThis.document ?? null });
  private readonly buffering = new BufferingController(this);
  private readonly playback = new PlaybackStartController(this);
  private readonly recovery = new RecoveryController(this, {
    buffering: this.buffering,
    engine: () => this.engines,
    checkLiveEnd: (error) => this.liveStatus.checkAfterError(error),
  });
  /** [live] the live status poll (player-and-client §4 "Live status"). */
  private readonly liveStatus: LiveStatusController;
  private readonly engines = new EngineController(this, {
    loaders: ENGINE_LOADERS,
    buffering: this.buffering,
    playback: this.playback,
    onLoadStart: (reason) => this.recovery.loadStarted(reason),
    textContainer: () => this.renderRoot.querySelector('s72-subtitle-overlay')?.textContainer ?? null,
  });
  private readonly fullscreenControl = new FullscreenController(this);
  /** [cast] the Google Cast sender (player-and-client §1–§9 casting; README "Casting and AirPlay"). */
  private readonly castControl = new CastController(this);
  /** [airplay] WebKit's AirPlay target picker. */
  private readonly airplayControl = new AirPlayController(this);
  /** [watermark] the viewer id over the video, tamper checks (player-and-client §8, §9). */
  private readonly watermark = new WatermarkController(this, { destroy: () => this.engines.halt() });
  private readonly context = new ContextProvider(this, { context: playerContext });
  /** The host renders from these keys only; the controls subscribe to their own. */
  private readonly view = new StoreController(this, HOST_KEYS, (state) => this.reflect(state));
  /**
   * Heartbeat and player telemetry; read-only counters of reports answered 2xx: `{telemetrySent, heartbeatsSent}`.
   * @type {S72SessionStats}
   */
  readonly sessionStats = sessionServices(this, { isCasting: () => isCasting(this.store.getState().cast) });

  constructor() {
    super();
    new KeyboardController(this);
    this.liveStatus = new LiveStatusController(this);
    new MediaEventsController(this);
    // [ads] the ad tag's breaks in the ads overlay (player-and-client §4 "Ad break"; README "Ads")
    new AdsController(this);
    uiControllers(this);
    for (const type of REQUEST_EVENT_NAMES) this.addEventListener(type, this.onRequest);
    // Like a media element, the player fires a plain `error` when playback fails for good (a
    // critical error, shown in the error panel); `s72-error` carries the details of every error.
    this.addEventListener('s72-error', (event) => {
      if (event.target === this && event.detail.severity === 'critical') this.dispatchEvent(new Event('error'));
    });
    this.view.setStore(this.store);
  }

  /** The error that stopped playback, or null. */
  get lastError(): S72Error | null {
    return this.store.getState().error;
  }
  /** Name of the engine playing now (`shaka`), or null. */
  get engineName(): string | null {
    return this.engines.current?.name ?? null;
  }
  /** The tracks of the loaded source (player-and-client §3 "Tracks"); empty before load. */
  get tracks(): S72Tracks {
    return this.engines.tracks();
  }
  /** The play token in force (heartbeat, telemetry, live status): the last `updatePlayToken()`, else `content.playToken`. */
  get playToken(): string | null {
    return this.replacedPlayToken ?? (this.content?.playToken?.trim() || null);
  }
  /** Replaces the play token of the running session without reloading (play-page §4 "fresh play token"). */
  updatePlayToken(token: string): void {
    if (token.trim()) this.replacedPlayToken = token.trim();
  }
  /** The configuration in force: `config`, or `{}` when `config` is not an object. */
  get effectiveConfig(): S72PlayerConfig {
    return readConfig(this.config) ?? {};
  }

  /** Switches the audio track (an id from `tracks.audio`); unknown ids are ignored. */
  selectAudioTrack(id: string): void {
    this.engines.current?.selectAudioTrack(id);
  }
  /** Shows a text track (an id from `tracks.text`), or hides subtitles with `null`. */
  selectTextTrack(id: string | null): void {
    this.engines.current?.selectTextTrack(id);
  }
  /** Pins a quality (an id from `tracks.video`), or returns to automatic quality with `null`. */
  selectVideoTrack(id: string | null): void {
    this.engines.current?.selectVideoTrack(id);
  }
  /** Normalised playback statistics, or null before anything is loaded. */
  getStats(): EngineStats | null {
    return this.engines.current?.getStats() ?? null;
  }
  /**
   * Starts playback. Resolves when playing; rejects with the browser's error when refused.
   * After 3 refusals other than the autoplay policy, emits `s72-error` `play_failed` (player-and-client §4).
   */
  play(): Promise<void> {
    return this.playback.play();
  }
  /**
   * Reloads the media at the last position ("Try again", player-and-client §8).
   * @type {() => void}
   */
  retry = (): void => this.engines.retry();

  /**
   * Starts fetching the engines' code for these source kinds now (default: DASH), e.g. while the
   * page is still calling its APIs.
   */
  static preloadEngines(kinds?: readonly SourceKind[]): Promise<void> {
    return Promise.all(ENGINE_LOADERS.map((loader) => loader.preload(kinds))).then(() => undefined);
  }

  /**
   * Starts what `content` will need before a player shows it (issue 12): the engines' code for its
   * source kinds, its manifest (the player that gets this content takes the answer instead of
   * asking again, within 10 s) and the key-system probe. For pages that know the content before
   * they render the player, e.g. the play page once its streams call answers. `config` as the
   * player will get it (its `drm` and `manifestProxy` matter). Never rejects; bad content is left
   * for the player to report.
   */
  static preloadContent(content: S72Content, config?: S72PlayerConfig): Promise<void> {
    return preloadContent(content, readConfig(config ?? {}) ?? {}, ENGINE_LOADERS);
  }

  /**
   * Reports an error once: `s72-error`, and the error panel when critical (play-page §8), unless recovered (`RecoveryController`).
   * @type {(error: S72Error) => void}
   */
  report = (error: S72Error): void => this.recovery.report(error);

  override connectedCallback(): void {
    // Network first (issue 12): the engine's code, the manifest and the key-system probe start
    // before the controllers' connect work and the first render take the main thread.
    if (this.src || this.content) void this.engines.preload();
    super.connectedCallback();
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang' || name === 'dir') this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('config')) {
      if (!readConfig(this.config)) {
        this.report(invalidConfig('config must be an object (player-and-client §3 "Player configuration")'));
      }
      this.store.setOwners({ config: this.effectiveConfig });
    }
    if (changed.has('keySystem') && this.keySystem !== null && !isDrmType(this.keySystem)) {
      this.report(
        invalidConfig(`key-system must be one of ${DRM_TYPES.join(', ')}; got "${String(this.keySystem)}" (any supported key system is used)`, {
          keySystem: String(this.keySystem),
          allowed: [...DRM_TYPES],
        }),
      );
    }
    const sourceSet = Boolean(this.content || this.src);
    const identity = sourceSet && SOURCE_PROPERTIES.some((key) => changed.has(key)) ? sourceIdentity(this) : this.sourceKey;
    const newSource = sourceSet && identity !== this.sourceKey;
    // A content equal by value to the one playing (a React parent building it on each render)
    // keeps the refreshed play token and does not reload.
    if (newSource) this.replacedPlayToken = null;
    if (changed.has('suggestions')) {
      const list: readonly Partial<S72Suggestion>[] = Array.isArray(this.suggestions) ? this.suggestions : [];
      this.store.setUi({ suggestions: list.filter((item): item is S72Suggestion => typeof item?.slug === 'string' && typeof item.title === 'string') });
    }
    this.sourceKey = sourceSet ? identity : null;
    if (newSource) this.engines.sourceChanged();
    const i18n = createTranslator(resolveLocale(this.closest('[lang]')?.getAttribute('lang') ?? null));
    if (this.context.value?.i18n !== i18n) this.context.setValue({ store: this.store, i18n } satisfies PlayerContextValue);
  }

  protected override firstUpdated(): void {
    const video = this.renderRoot.querySelector('video')!;
    video.muted = this.muted;
    watchMediaMetadata(video);
    this.store.setOwners({ media: video });
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('muted') && this.video && this.video.muted !== this.muted) this.video.muted = this.muted;
    const move = this.coverFocus;
    this.coverFocus = null;
    if (move) void this.moveFocus(move.to);
  }

  /**
   * Keeps the keyboard focus in the player when a cover comes or goes while it is inside (what is
   * covered turns `inert`, which drops the focus): onto the ad's play/pause button, the end screen's
   * main suggestion, or back to the player's first control (WCAG 2.4.3).
   */
  private async moveFocus(to: Cover): Promise<void> {
    const overlay = this.renderRoot.querySelector('s72-ad-overlay');
    const endScreen = this.renderRoot.querySelector('s72-end-screen');
    await Promise.all([overlay?.updateComplete, endScreen?.updateComplete]);
    if (to !== coverOf(this.store.getState())) return;
    if (to === 'ad') overlay?.focusControls();
    else if (to === 'end-screen') {
      if (!endScreen?.matches(':focus-within')) endScreen?.focusMain();
    } else if (!this.matches(':focus-within')) this.focus();
  }

  protected override render() {
    const state = this.store.getState();
    const i18n = this.i18n;
    const showBigPlay = state.bigPlay; // the big-play controller's rule (player-and-client §2)
    const dir = this.getAttribute('dir') === 'ltr' || this.getAttribute('dir') === 'rtl' ? this.getAttribute('dir')! : i18n.dir;
    // What the ads overlay or the end screen covers is inert (issue 22): Tab, clicks and assistive
    // tech reach only the surface on top. The stats panel sits above the end screen in debug mode.
    const underAd = state.adBreak;
    const covered = coverOf(state) !== null;
    return html`
      <div class="frame" dir=${dir} lang=${i18n.locale}>
        <video
          part="video"
          playsinline
          crossorigin="anonymous"
          preload="auto"
          poster=${this.poster ?? this.content?.images?.thumb ?? nothing}
        ></video>
        <s72-subtitle-overlay part="subtitles" exportparts="picture: subtitles-picture"></s72-subtitle-overlay>
        <div
          class="spinner"
          part="spinner"
          role="progressbar"
          aria-label=${i18n.t('player.loading')}
          ?hidden=${!this.buffering.spinnerVisible || Boolean(state.error)}
        ></div>
        <button class="big-play" part="big-play-button" aria-label=${i18n.t('player.play')} ?hidden=${!showBigPlay} ?inert=${covered} @click=${this.onBigPlayClick}>
          ${icon('play')}
        </button>
        <s72-seek-indicator exportparts="seek-indicator"></s72-seek-indicator>
        <s72-end-screen part="end-screen" exportparts="suggestion, main-suggestion, close-button" ?inert=${underAd}></s72-end-screen>
        ${state.error ? errorPanel(state.error, i18n, this.retry) : nothing}
        ${castScreen(state.cast) === 'none'
          ? nothing
          : html`<s72-cast-panel
              ?inert=${underAd}
              exportparts="cast-panel, cast-status, cast-controls, cast-error, manage-devices, cast-retry, cast-replay, cast-reconnect, cast-stop"
              manage-devices-url=${manageDevicesUrl(this.effectiveConfig)}
              poster=${this.poster ?? this.content?.images?.thumb ?? nothing}
            ></s72-cast-panel>`}
        <s72-title-bar part="title-bar" exportparts="back-button, title, subtitle, ad-badge" ?inert=${covered}>
          <slot name="title-bar-end" slot="title-bar-end"></slot><slot name="back" slot="back">${icon('back')}</slot>
        </s72-title-bar>
        <s72-announcer></s72-announcer>
        <!-- "Tap to unmute" after a muted autoplay (issue 22 item 13); before the controls in the Tab order. -->
        <s72-unmute-button ?inert=${covered} exportparts="unmute-button"></s72-unmute-button>
        <s72-control-bar ?inert=${covered} part="controls" exportparts="play-button, seek-bar, seek-input, seek-tooltip, seek-buffered, time, live-badge, live-edge, live-button, mute-button, volume, settings-button, settings-menu, menu-item, fullscreen-button, cast-button, airplay-button">
          ${ICON_NAMES.filter((name) => name !== 'retry').map((name) => html`<slot name=${name} slot=${name}>${icon(name)}</slot>`)}
        </s72-control-bar>
        <!-- After the controls: its version label is the last Tab stop. -->
        <s72-stats-overlay part="stats" exportparts="stats-panel, stats-graph, stats-close, version" ?inert=${underAd || (covered && !state.debug)}></s72-stats-overlay>
        <!-- [ads] over the controls while a break runs (player-and-client §2 "Hidden ads overlay"). -->
        <s72-ad-overlay part="ads" exportparts="ad-video, ad-label, skip-ad-button, ad-play-button, ad-controls, ad-play-pause-button, ad-mute-button"></s72-ad-overlay>
        <!-- [watermark] above every surface (its own z-index); no part on purpose. -->
        ${this.watermark.render()}
      </div>
    `;
  }

  private get i18n(): Translator {
    return this.context.value?.i18n ?? createTranslator('en');
  }

  private reflect(state: PlayerState): void {
    // Read now, before any surface re-renders: whether the focus is inside when a cover comes or goes.
    const cover = coverOf(state);
    if (cover !== this.cover) {
      if (this.matches(':focus-within')) this.coverFocus = { to: cover };
      this.cover = cover;
    }
    this.toggleAttribute('paused', state.paused);
    this.toggleAttribute('buffering', state.buffering);
    this.toggleAttribute('controls-hidden', !state.controlsVisible);
    if (this.muted !== state.muted && this.video) this.muted = state.muted;
  }

  protected requestContext(): RequestContext {
    return {
      owners: this.store.owners,
      state: this.store.getState(),
      play: () => this.playback.play(),
      setFullscreen: (enter) => this.fullscreenControl.set(enter),
      setUi: (ui) => this.store.setUi(ui),
      cast: (command) => this.castControl.command(command),
      airplay: () => this.airplayControl.showPicker(),
    };
  }

  private readonly onRequest = (event: Event): void => {
    handleRequest(this.requestContext(), event.type, (event as CustomEvent<unknown>).detail);
  };
  private readonly onBigPlayClick = (): void => void this.play().catch(() => undefined);
}

defineElement('s72-player', S72Player);

declare global {
  interface HTMLElementTagNameMap {
    's72-player': S72Player;
  }
}
