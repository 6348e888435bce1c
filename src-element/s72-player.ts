import { ContextProvider } from '@lit/context';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { PlayerMediaApi } from './player-media-api.js';
import { property } from 'lit/decorators.js';
import { configAttributeConverter, readConfig } from './core/config.js';
import type { EngineLoader, EngineStats, SourceKind } from './core/engine/engine.js';
import { shakaEngineLoader } from './core/engine/shaka-engine.js';
import { nativeHlsEngineLoader } from './core/engine/native-hls-loader.js';
import { S72Error } from './core/errors.js';
import { createTranslator, type Translator } from './core/i18n/index.js';
import { createPlayerStore, type PlayerState } from './core/player-store.js';
import { hasPicture, watchMediaMetadata } from './core/media-seek.js';
import { handleRequest, REQUEST_EVENT_NAMES, type RequestContext } from './core/request-map.js';
import type { DrmType, S72Content, S72PlayerConfig } from './core/types.js';
import type { PlaySession } from './core/session/play-session.js';
import { SourceTracker } from './controllers/source-tracker.js';
import type { S72MediaInformationLookup } from './core/media-information.js';
import { MediaInformationController } from './controllers/media-information-controller.js';
import { ThumbnailCache } from './core/thumbnails.js';
import { playerContext, type PlayerContextValue } from './context.js';
import { BufferingController } from './controllers/buffering-controller.js';
import { EngineController, preloadContent } from './controllers/engine-controller.js';
import { propertyProblems, usableSuggestions } from './controllers/property-checks.js';
import { FullscreenController } from './controllers/fullscreen-controller.js';
import { CoverFocusController, coverOf } from './controllers/cover-focus-controller.js';
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
import { AdsController } from './controllers/ads-controller.js';
import { ChaptersController } from './controllers/chapters-controller.js';
import { WatermarkController } from './controllers/watermark-controller.js';
import { StringTableController } from './controllers/string-table-controller.js';
import { defineElement } from './define.js';
import type { S72Tracks } from './events.js';
import { playerStyles } from './s72-player.styles.js';
import { errorPanel } from './ui/error-panel.js';
import { ICON_NAMES, icon } from './ui/icons.js';
import { CONTROL_BAR_ICONS } from './ui/s72-control-bar.js';
import './ui/s72-title-bar.js';
import './ui/s72-subtitle-overlay.js';
import './ui/s72-stats-overlay.js';
import './ui/s72-announcer.js';
import './ui/s72-seek-indicator.js';
import './ui/s72-unmute-button.js';
import { uiControllers } from './controllers/ui-controllers.js';
import type { S72Suggestion } from './core/ui/ui-state.js';

export { MAX_PLAY_FAILURES } from './controllers/playback-start-controller.js';
export { SEEK_STEP_S } from './controllers/keyboard-controller.js';

// player-and-client §4 "Engine choice"
/** Engines in the order they are tried. */
const ENGINE_LOADERS: readonly EngineLoader[] = [shakaEngineLoader, nativeHlsEngineLoader];
const HOST_KEYS = ['paused', 'ended', 'played', 'loaded', 'error', 'buffering', 'muted', 'controlsVisible', 'bigPlay', 'cast', 'adBreak', 'endScreen', 'suggestions', 'debug', 'mediaInformation'] as const;

/** The properties whose values the element validates (`invalid_config`). */
const CONFIG_PROPERTIES = ['config', 'keySystem', 'startTime', 'content', 'src'] as const;

// issue 24 item 16
/**
 * The player's `<video>`, made with the element: the store has its media owner
 * before the first render, so no owner change requests a host update from inside an update (Lit's
 * "change-in-update"); the template renders this node, `willUpdate` keeps its poster.
 */
function createMediaElement(): HTMLVideoElement {
  const video = document.createElement('video');
  video.setAttribute('part', 'video');
  video.setAttribute('playsinline', '');
  video.setAttribute('crossorigin', 'anonymous');
  video.setAttribute('preload', 'auto');
  watchMediaMetadata(video);
  return video;
}

/**
 * @tagname s72-player
 * @summary `<s72-player>`: plays DASH (Widevine, PlayReady or ClearKey DRM), HLS (FairPlay through
 * Apple's native HLS) and MP4, with accessible, localised controls (English, Arabic).
 *
 * Give it a `content` object (what to play: asset URLs, DRM, tokens) and a `config` object (how to
 * play it), or, from plain HTML, the attributes below. Positions and durations are in seconds (as
 * on `HTMLMediaElement`). Removing the element ends the playback session (the engine is destroyed,
 * licence sessions are closed, and with a heartbeat configured the storefront is told with a last
 * heartbeat `{"state":"stopped"}`, as when the page is left); moving it in the document keeps it
 * playing. Every error is an
 * `S72Error` with a `code` (e.g. `drm_failed`, `network_error`, `invalid_config`), a `category`
 * and a `severity` (`recoverable` or `critical`); a critical one stops playback and shows the error
 * panel, and stays in `lastError`. An `invalid_config` (an invalid attribute or property; the
 * player goes on without it) is recoverable: it is sent as `s72-error` and kept in `lastError`
 * until the attribute or property changes, so one found while the element upgrades, before a
 * listener added by a later script exists, can still be read there.
 *
 * Keyboard (while the player has focus): Space or K play/pause; Left/Right arrows or J/L seek 10 s
 * (`SEEK_STEP_S`); Up/Down arrows change the volume by 0.1; M mute; F fullscreen; C subtitles off,
 * or back to the last language; comma and period step one frame (0.04 s) back and forward while
 * paused; Escape closes the end screen.
 *
 * @attr src - URL of a DASH manifest (`.mpd`), an HLS playlist (`.m3u8`) or an MP4 file; ignored while the `content` property is set
 * @attr license-url - licence server URL for the DRM-protected `src`
 * @attr key-system - the DRM system for `src`: `widevine`, `playready`, `clearkey` or `fairplay`; default: the first the
 *   browser supports. Any other value is reported as a recoverable `invalid_config` error (its details list the allowed
 *   values) and ignored
 * @attr auth-token - viewer token sent as the `x-auth-token` header on licence requests (prefer the `content`
 *   property: attributes are visible in the DOM)
 * @attr poster - URL of the image shown before playback starts
 * @attr start-time - start position in seconds; negative: seconds before the live edge (live streams only). Not a
 *   number: a recoverable `invalid_config` error, and playback starts at the beginning
 * @attr autoplay - start playing once loaded; when the browser refuses playback with sound, plays muted and fires `s72-autoplay-muted`
 * @attr muted - start muted; reflects the viewer's mute button
 * @attr config - the player configuration as JSON (an `S72PlayerConfig` object); not an object: a recoverable `invalid_config` error
 * @attr {string} lang - language of the controls (`en` or `ar`); default: the nearest `lang` attribute of the document, else English
 * @attr {'ltr' | 'rtl'} dir - direction of the controls, `ltr` or `rtl`; default: the language's (Arabic mirrors the controls)
 * @attr {boolean} paused - (read-only) present while playback is paused
 * @attr {boolean} buffering - (read-only) present while playback waits for data
 * @attr {boolean} controls-hidden - (read-only) present while the controls and the title bar are hidden (3 s after the last pointer, touch or keyboard activity during playback)
 *
 * @fires {CustomEvent<S72Error>} s72-error - an error occurred, recoverable or critical; `detail` is the `S72Error` (`code`, `category`, `severity`, `message`). Bubbles
 * @fires {S72MediaEvent} error - playback failed for good: a critical error (also sent as `s72-error` and kept in `lastError`), like the media element's `error` event
 * @fires {CustomEvent<{engine: string}>} s72-loaded - the source is loaded and playback can start; `detail.engine` names the engine (`shaka` or `native-hls`)
 * @fires {CustomEvent<{buffering: boolean; state: 'ok' | 'buffering' | 'recovering'}>} s72-buffering-change - buffering started or ended (`detail.buffering`), or the buffering state changed: `ok`, `buffering`, or `recovering` (the player is retrying after a long stall)
 * @fires {CustomEvent<S72RecoveryChange>} s72-recovery-change - a critical network or media error is being recovered by reloading the source at the viewer's position: `detail` is `{attempt, maxAttempts, error}` (`attempt` is 0 while the browser is offline and the reload waits for the network)
 * @fires {CustomEvent<{muted: true; reason: 'autoplay-policy'}>} s72-autoplay-muted - the browser refused autoplay with sound, so playback started muted
 * @fires {CustomEvent<S72Tracks>} s72-tracks-change - the audio, text or video tracks, or the active ones, changed; `detail` is `{audio, text, video}`
 * @fires {CustomEvent<{status: 'planned' | 'live' | 'completed'; previous: 'planned' | 'live' | 'completed' | null}>} s72-live-status-change - a live event's status changed: `detail` is `{status, previous}` (`previous` is null when no status was known before)
 *
 * @slot play - replaces the control bar's play icon
 * @slot pause - replaces the control bar's pause icon
 * @slot volume - replaces the volume icon (sound on)
 * @slot muted - replaces the muted icon
 * @slot enter-fullscreen - replaces the enter-fullscreen icon
 * @slot exit-fullscreen - replaces the exit-fullscreen icon
 * @slot settings - replaces the settings icon
 * @slot back - replaces the title bar's back icon
 * @slot retry - replaces the error panel's "Try again" icon
 * @slot error-{code} - replaces the error panel's text for one error code, e.g. `<p slot="error-drm_failed">…</p>`
 * @slot title-bar-end - the page's own controls at the end of the title bar (e.g. an episodes button)
 * @csspart video - the `<video>` element
 * @csspart controls - the control bar at the bottom of the player
 * @csspart play-button - the control bar's play/pause button
 * @csspart seek-bar - the seek bar
 * @csspart seek-input - the seek bar's `<input type="range">`
 * @csspart seek-tooltip - the time tooltip shown over the seek bar while hovering or dragging
 * @csspart seek-preview - the thumbnail of that moment shown above the time tooltip (streams with a thumbnail track, or `content.thumbnails`)
 * @cssprop [--s72-seek-preview-width=160px] - the seek preview's width (its height follows the thumbnail's shape)
 * @csspart seek-chapter-marker - a chapter's start on the seek bar (content with chapters)
 * @csspart seek-chapter-title - the chapter's title in the seek bar's tooltip
 * @csspart seek-buffered - the buffered range drawn on the seek bar
 * @csspart time - the clock, `current / duration`
 * @csspart live-badge - the LIVE badge (live streams only)
 * @csspart live-edge - the LIVE badge while playback is at the live edge
 * @csspart live-button - the "go to live" button, shown while playback is behind the live edge (live streams only)
 * @csspart mute-button - the mute button
 * @csspart volume - the volume slider (hidden on touch-only devices)
 * @csspart settings-button - the button that opens the settings menu
 * @csspart settings-menu - the settings menu panel (quality, audio, subtitles, subtitle style)
 * @csspart menu-item - every item of the settings menu
 * @csspart fullscreen-button - the fullscreen button
 * @csspart title-bar - the title bar at the top of the player (back link, the "Ad" label, title, subtitle)
 * @csspart back-button - the title bar's back link
 * @csspart title - the title bar's title
 * @csspart subtitle - the title bar's subtitle (second line, e.g. the episode)
 * @csspart ad-badge - the title bar's "Ad" label, shown while the content is an ad (`content.playbackMode: 'ad'`)
 * @csspart subtitles - the layer the subtitles are shown in, over the whole player
 * @csspart subtitles-picture - the rectangle over the video picture the subtitle cues are drawn in
 * @cssprop [--s72-subtitle-font-size=clamp(14px, 5.5cqh, 50px)] - subtitle text size of the medium size preference (small is 0.75 of it, large 1.35)
 * @fires {CustomEvent<{subtitleTextColor: 'white' | 'yellow'; subtitleBackground: 'none' | 'black' | 'transparent-panel'; subtitleTextSize: 'sm' | 'md' | 'lg'}>} s72-preferences-change - the viewer changed a subtitle style preference (text colour, background, text size); the preferences are saved in localStorage
 * @csspart stats - the statistics overlay and its version label (debug mode)
 * @csspart stats-panel - the statistics panel (debug mode)
 * @csspart stats-graph - the statistics graph (an SVG)
 * @csspart stats-close - the statistics panel's Close button
 * @csspart version - the version label; 5 clicks on it turn debug mode on
 * @csspart seek-indicator - the seek indicator shown after a double tap on a touch screen (an icon and the seconds moved, for 500 ms)
 * @csspart unmute-button - the "Tap to unmute" button, shown when autoplay started muted, until the viewer unmutes or after 10 s of playback
 * @csspart spinner - the buffering spinner (shown once buffering lasts 0.25 s)
 * @csspart big-play-button - the big play button in the middle of the player
 * @csspart error - the error panel shown when playback fails
 * @csspart ads - the ads overlay, shown while an ad break plays (the rest of the player cannot be reached meanwhile)
 * @csspart ad-video - the ad's own `<video>` (the film's is kept paused with its buffer)
 * @csspart ad-label - the "Ad 1 of 2 · 0:05 left" label
 * @csspart skip-ad-button - the skip-ad button, disabled with a countdown until the ad can be skipped
 * @csspart ad-play-button - the play button of a paused ad
 * @csspart ad-controls - the ad's own row of buttons (play/pause, mute)
 * @csspart ad-play-pause-button - plays or pauses the ad ("Pause the ad" / "Play the ad"; also `k` and Space)
 * @csspart ad-mute-button - mutes or unmutes the ad ("Mute the ad" / "Unmute the ad"; also `m`)
 * @csspart end-screen - the end screen (Up next) shown when the film ends; what it covers cannot be reached while it shows
 * @csspart suggestion - every suggestion card of the end screen (a `<button>`)
 * @csspart main-suggestion - the main suggestion card of the end screen (also has the `suggestion` part)
 * @csspart close-button - the end screen's Close button
 * @fires {CustomEvent<S72CastChange>} s72-cast-change - casting: the connection status, the receiver app's state, the error screen, the receiver's name or the connection-lost flag changed
 * @fires {CustomEvent<{available: boolean; active: boolean}>} s72-airplay-change - an AirPlay target became available or unavailable, or playback moved to or from one
 * @csspart cast-button - the control bar's Google Cast button (shown disabled, `aria-disabled`, when casting is enabled but unavailable)
 * @csspart cast-unavailable - why casting is unavailable (no receiver app id, or the Cast sender script did not load): the disabled cast button's tooltip
 * @csspart airplay-button - the control bar's AirPlay button
 * @csspart cast-panel - the cast panel shown while casting: the choose-device prompt, "Casting to {receiver}", the cast controls, the error screens
 * @csspart cast-status - the cast panel's status line ("Casting to {receiver}")
 * @csspart cast-controls - the cast panel's playback controls
 * @csspart cast-error - a cast error screen or the "connection lost" screen (its `data-screen` attribute names it)
 * @csspart manage-devices - the cast error screens' link to the page about managing devices
 * @csspart cast-retry - the cast error screens' "Try again" button
 * @csspart cast-replay - the replay button on the receiver (when the film finished, or on an error screen)
 * @csspart cast-reconnect - the "Reconnect" button (connection lost; reloads the page)
 * @csspart cast-stop - the stop-casting button
 * @fires {CustomEvent<{debug: boolean}>} s72-debug-change - debug mode (the statistics overlay) turned on or off (5 clicks on the version label)
 * @fires {CustomEvent<S72EndScreenClick>} s72-end-screen-click - the viewer chose an end-screen suggestion: `detail` is `{slug, source, href}`. Cancelable: call `preventDefault()` to navigate yourself; otherwise the player goes to `href` (same origin only)
 * @cssprop [--s72-accent-color=#e50914] - accent colour (seek bar, buttons)
 * @cssprop [--s72-background=#000] - background colour around the video (letterbox)
 * @cssprop [--s72-focus-color=#fff] - colour of the keyboard focus ring of every control
 * @cssprop [--s72-control-font-size=14px] - font size of the control bar; every button scales with it (default by player width: 14 px below 600 px, 16 px below 1600 px, 28 px from 1600 px)
 * @cssprop [--s72-title-font-size=18px] - font size of the title bar's title (default by player width: 18, 24 or 50 px)
 * @cssprop [--s72-title-bar-background=linear-gradient(rgb(0 0 0 / 0.75), transparent)] - background of the title bar
 * @cssprop [--s72-control-bar-background=linear-gradient(transparent, rgb(0 0 0 / 0.75))] - background of the control bar
 * @cssprop [--s72-seek-track-color=rgb(255 255 255 / 0.3)] - the seek bar's track
 * @cssprop [--s72-seek-buffered-color=rgb(255 255 255 / 0.6)] - the buffered range on the seek bar
 * @cssprop [--s72-seek-chapter-gap-color=rgb(0 0 0 / 0.75)] - the chapter markers on the seek bar
 * @cssprop [--s72-menu-background=rgb(20 20 20 / 0.95)] - background of the settings menu
 * @cssprop [--s72-menu-color=#fff] - text colour of the settings menu
 * @cssprop [--s72-menu-max-block-size=20em] - maximum height of the settings menu (it scrolls beyond)
 * @cssprop [--s72-subtitle-font-family=system-ui, sans-serif] - font of the subtitles
 * @cssprop [--s72-subtitle-controls-height] - how far the subtitles are lifted while the controls show; default: the control bar's height
 * @cssprop [--s72-end-screen-background=rgb(0 0 0 / 0.85)] - background behind the end screen's suggestions
 * @cssprop [--s72-end-screen-inset-block-start=1.25rem] - room above the end screen, e.g. for a page's bar laid over the player
 * @cssprop [--s72-seek-indicator-background=rgb(0 0 0 / 0.6)] - background of the touch seek indicator
 * @cssprop [--s72-unmute-inset-block-start=5rem] - distance of the "Tap to unmute" button from the top of the player
 * @cssprop [--s72-stats-background=rgb(0 0 0 / 0.85)] - background of the statistics panel (debug mode)
 * @cssprop [--s72-stats-inset-block-start=4.5rem] - distance of the statistics panel from the top of the player
 * @cssprop [--s72-stats-bandwidth-color=#4fc3f7] - the estimated-bandwidth line of the statistics graph
 * @cssprop [--s72-stats-bitrate-color=#ffd54f] - the bit-rate line of the statistics graph
 * @cssprop [--s72-stats-buffer-color=#81c784] - the buffer-ahead line of the statistics graph
 */
export class S72Player extends PlayerMediaApi {
  static override styles = playerStyles;
  /**
   * Focusing the player (`player.focus()`, a click on the video) focuses its first control.
   * @internal
   */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang', 'dir'];
  }

  /**
   * What to play (`S72Content`): its assets (DASH, HLS and MP4 URLs, each with its DRM systems and
   * licence server), the viewer's tokens (`authorization`, `playToken`), its thumbnail and an
   * optional ad tag. Takes precedence over `src`. A new source is loaded only when what identifies
   * it changes (compared by value: an equal object built on every render does not reload).
   */
  @property({ attribute: false }) content: S72Content | null = null;
  /**
   * How to play (`S72PlayerConfig`): DRM settings, quality restrictions, the title bar's title and
   * subtitle, the features offered (seeking, playback rates, fullscreen, subtitle settings, the end
   * screen, casting, AirPlay), preferred languages, the heartbeat. Also settable as JSON through the
   * `config` attribute. Not an object: a recoverable `invalid_config` error, and the defaults
   * (`{}`) are used.
   */
  @property({ converter: configAttributeConverter }) config: S72PlayerConfig = {};
  /** URL of a DASH manifest (`.mpd`), an HLS playlist (`.m3u8`) or an MP4 file; ignored while `content` is set. */
  @property() src: string | null = null;
  /** Licence server URL for the DRM-protected `src`. */
  @property({ attribute: 'license-url' }) licenseUrl: string | null = null;
  /**
   * The DRM system for `src` (`widevine`, `playready`, `clearkey`, `fairplay`); null: the first
   * the browser supports. Another value is a recoverable `invalid_config` error and is ignored.
   */
  @property({ attribute: 'key-system' }) keySystem: DrmType | null = null;
  /** Viewer token sent as the `x-auth-token` header on licence requests for `src`. */
  @property({ attribute: 'auth-token' }) authToken: string | null = null;
  /** URL of the image shown before playback starts; default: the `content`'s thumbnail. */
  @property() poster: string | null = null;
  /**
   * Start position in seconds; negative: seconds before the live edge (live streams only). Not a
   * number: a recoverable `invalid_config` error, and it is ignored.
   */
  @property({ type: Number, attribute: 'start-time' }) startTime: number | null = null;
  /** Start playing once loaded; when the browser refuses sound, plays muted and fires `s72-autoplay-muted`. */
  @property({ type: Boolean }) autoplay = false;
  /** Whether the sound is off; follows the viewer's mute button. */
  @property({ type: Boolean }) muted = false;
  /**
   * Called for a fresh play token when the live-status check answers that the token expired
   * (HTTP 403, `LIVE_STREAM_EXPIRED`); resolve with the new token to keep playing. Null: that error
   * stops playback.
   */
  @property({ attribute: false }) refreshPlayToken: (() => Promise<string>) | null = null;
  /**
   * The end screen's suggestions (Up next), the main one first, then up to 3 more; build them with
   * `buildSuggestions` of `s72-player/client` (only items the viewer can watch now). Entries without
   * a string `slug` and `title` are dropped.
   */
  @property({ attribute: false }) suggestions: readonly S72Suggestion[] = [];
  /**
   * Loads the Google Cast sender SDK when `config.cast.enabled` is true and `config.cast.appId` is set; null: the Google script at
   * `CAST_SDK_URL`. Give your own (e.g. `castSdkLoader(inject)`) to load it another way.
   */
  @property({ attribute: false }) castSdkLoader: CastSdkLoader | null = null;
  /**
   * The page's media-information lookup: called with a content slug, answers (directly or with a
   * promise) `{title?, subtitle?, image?}` or null. The player asks it about the content's slug and
   * about end-screen suggestions given without a title, image or second line, and shows the answers
   * where the page gave nothing: the title bar's title and second line (unless `config.title` /
   * `config.subtitle`), the poster (unless `poster` or `content.images.thumb`), the suggestions'
   * titles, second lines and images (a suggestion without a title shows once its answer has one).
   * Each slug is asked once per function; an answer that arrives after the content changed is
   * dropped; a failure (rejection or throw) is logged to the console and asked again next time,
   * never an error for the viewer.
   * @type {S72MediaInformationLookup | null}
   */
  @property({ attribute: false }) mediaInformation: S72MediaInformationLookup | null = null;
  /** The source in force, its play token and session. */
  private readonly source = new SourceTracker(this);

  private readonly mediaElement = createMediaElement();
  /**
   * The state store the controls render from.
   * @internal
   */
  override readonly store = createPlayerStore({ fullscreenElement: this, document: globalThis.document ?? null, media: this.mediaElement });
  private readonly buffering = new BufferingController(this);
  private readonly playback = new PlaybackStartController(this);
  private readonly recovery = new RecoveryController(this, {
    buffering: this.buffering,
    engine: () => this.engines,
    checkLiveEnd: (error) => this.liveStatus.checkAfterError(error),
  });
  // player-and-client §4 "Live status"
  /** [live] the live status poll. */
  private readonly liveStatus: LiveStatusController;
  private readonly engines = new EngineController(this, {
    loaders: ENGINE_LOADERS,
    buffering: this.buffering,
    playback: this.playback,
    onLoadStart: (reason) => this.recovery.loadStarted(reason),
    textContainer: () => this.renderRoot.querySelector('s72-subtitle-overlay')?.textContainer ?? null,
  });
  private readonly fullscreenControl = new FullscreenController(this);
  // issue 22
  /** What covers the controls (it makes them `inert`), and the focus when that changes. */
  private readonly coverFocus = new CoverFocusController(this);
  /** [cast] the Google Cast sender (README "Casting and AirPlay"); it waits for the start's first picture. */
  private readonly castControl = new CastController(this, {
    starting: () => this.engines.loading || (this.engines.current !== null && !this.store.getState().error && !hasPicture(this.store.owners.media)),
  });
  /** [airplay] WebKit's AirPlay target picker. */
  private readonly airplayControl = new AirPlayController(this);
  // player-and-client §8, §9
  /** [watermark] the viewer id over the video, tamper checks; `#private` so no script can swap them (issue 25 item 1). */
  readonly #watermark = new WatermarkController(this, { destroy: () => this.engines.halt(), loadingSource: () => this.engines.loading });
  private readonly context = new ContextProvider(this, { context: playerContext });
  // issue 27 item 1
  /** [thumbnails] the seek previews of the engine playing now, looked up on demand. */
  private readonly thumbnailCache = new ThumbnailCache(() => this.engines.current);
  // [i18n] issue 23
  /** The string table of the element's language, fetched on demand. */
  private readonly strings = new StringTableController(this);
  /** False until the first table is there: only the video renders before. */
  private stringsReady = false;
  /** The host renders from these keys only; the controls subscribe to their own. */
  private readonly view = new StoreController(this, HOST_KEYS, (state) => this.reflect(state));
  /**
   * Read-only counters of the heartbeat and telemetry reports the storefront accepted (answered
   * 2xx) during this session: `{telemetrySent, heartbeatsSent}`.
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
    // [chapters] the content's and the stream's chapters, after the first frame (issue 27 item 2)
    new ChaptersController(this);
    // [media information] player-and-client §2 "Optional media-information lookup per content slug"
    new MediaInformationController(this);
    uiControllers(this);
    for (const type of REQUEST_EVENT_NAMES) this.addEventListener(type, this.onRequest);
    // Like a media element, the player fires a plain `error` when playback fails for good (a
    // critical error, shown in the error panel); `s72-error` carries the details of every error.
    this.addEventListener('s72-error', (event) => {
      if (event.target === this && event.detail.severity === 'critical') this.dispatchEvent(new Event('error'));
    });
    this.view.setStore(this.store);
  }

  /**
   * The critical error that stopped playback; else the last `invalid_config` found in the element's
   * attributes or properties (kept until they change, so a page that adds its `s72-error` listener
   * after the element upgraded can still read it); else null.
   */
  get lastError(): S72Error | null {
    return this.store.getState().error ?? this.configError;
  }
  /** Name of the engine playing now (`shaka` or `native-hls`), or null. */
  get engineName(): string | null {
    return this.engines.current?.name ?? null;
  }
  /** The audio, text and video tracks of the loaded source (`{audio, text, video}`); empty lists before it is loaded. */
  get tracks(): S72Tracks {
    return this.engines.tracks();
  }
  /**
   * The play token in force (sent with the heartbeat, telemetry and live-status requests, and to
   * the licence server): the last `updatePlayToken()`, else `content.playToken`, else
   * `content.session.token`; null when none.
   */
  get playToken(): string | null {
    return this.source.playToken;
  }
  /**
   * The playback session in force, read-only: `{token, uid, olv, delpol, telemetry, s72usr}`, from
   * the play token's own fields, else `content.session`'s (see `S72Session`); `telemetry` is false
   * when the session turns player telemetry off.
   * @type {PlaySession}
   */
  get playSession(): PlaySession {
    return this.source.playSession;
  }
  /** Replaces the play token of the running session without reloading the video; blank tokens are ignored. */
  updatePlayToken(token: string): void {
    this.source.replacePlayToken(token);
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
   * After 3 refusals other than the autoplay policy, fires `s72-error` with the code `play_failed`.
   * Acts only once the source is loaded with a duration: called while the source is loading, it
   * waits for the load and plays then (unless `pause()` is called in between); without a source,
   * it resolves and does nothing.
   */
  play(): Promise<void> {
    // player-and-client §5 "Play and pause act only when content is loaded with a duration"
    return this.playback.requestPlay(() => this.engines.loading);
  }
  protected requestPause(): void {
    this.playback.requestPause();
  }
  /**
   * Reloads the source and resumes at the last position (what the error panel's "Try again" does).
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
   * Starts what `content` will need before a player shows it: the engines' code for its
   * source kinds, its manifest (the player that gets this content takes the answer instead of
   * asking again, within 10 s) and the key-system probe. For pages that know the content before
   * they render the player, e.g. as soon as an API call returns the stream URLs. `config` as the
   * player will get it (its `drm` and `manifestProxyServerUri` matter). Never rejects; bad content
   * is left for the player to report.
   */
  static preloadContent(content: S72Content, config?: S72PlayerConfig): Promise<void> {
    return preloadContent(content, readConfig(config ?? {}) ?? {}, ENGINE_LOADERS);
  }

  /**
   * Reports an error once: `s72-error`, and the error panel when critical, unless recovered.
   * @internal
   * @type {(error: S72Error) => void}
   */
  report = (error: S72Error): void => {
    if (error.code === 'invalid_config') this.configError = error;
    this.recovery.report(error);
  };
  /** The last `invalid_config` the element found in its attributes or properties, until they change. */
  private configError: S72Error | null = null;

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
    // Checked again below; an error found before a page's listener existed stays readable in
    // `lastError` until then.
    if (CONFIG_PROPERTIES.some((key) => changed.has(key))) this.configError = null;
    if (changed.has('config')) this.store.setOwners({ config: this.effectiveConfig });
    // player-and-client §3 "Player configuration", "Content": bad parts are reported, then ignored.
    for (const problem of propertyProblems(this, changed)) this.report(problem);
    if (changed.has('suggestions')) this.store.setUi({ suggestions: usableSuggestions(this.suggestions) });
    // A content equal by value to the one playing (a React parent building it on each render)
    // does not reload.
    if (this.source.update(changed)) this.engines.sourceChanged();
    // issue 23: a table other than English is fetched on demand; until the first one is there no
    // text-bearing surface renders (a later change of language keeps the old texts meanwhile).
    const loaded = this.strings.translator(this.closest('[lang]')?.getAttribute('lang') ?? null);
    this.stringsReady ||= loaded !== null;
    const i18n = loaded ?? this.i18n;
    if (this.context.value?.i18n !== i18n) this.context.setValue({ store: this.store, i18n, thumbnails: this.thumbnailCache.lookup } satisfies PlayerContextValue);
    const poster = this.posterUrl;
    if (poster === null) this.mediaElement.removeAttribute('poster');
    else if (this.mediaElement.getAttribute('poster') !== poster) this.mediaElement.setAttribute('poster', poster);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('muted') && this.video && this.video.muted !== this.muted) this.video.muted = this.muted;
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
        ${this.mediaElement}
        <s72-subtitle-overlay part="subtitles" exportparts="picture: subtitles-picture"></s72-subtitle-overlay>
        ${this.stringsReady ? html`
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
        <!-- [end-screen] defined on demand (issue 23): the end-screen controller fetches it before it shows. -->
        ${customElements.get('s72-end-screen') ? html`<s72-end-screen part="end-screen" exportparts="suggestion, main-suggestion, close-button" ?inert=${underAd}></s72-end-screen>` : nothing}
        ${state.error ? errorPanel(state.error, i18n, this.retry) : nothing}
        ${castScreen(state.cast) === 'none'
          ? nothing
          : html`<s72-cast-panel
              ?inert=${underAd}
              exportparts="cast-panel, cast-status, cast-controls, cast-error, manage-devices, cast-retry, cast-replay, cast-reconnect, cast-stop"
              manage-devices-url=${manageDevicesUrl(this.effectiveConfig)}
              poster=${this.posterUrl ?? nothing}
            ></s72-cast-panel>`}
        <s72-title-bar part="title-bar" exportparts="back-button, title, subtitle, ad-badge" ?inert=${covered}>
          <slot name="title-bar-end" slot="title-bar-end"></slot><slot name="back" slot="back">${icon('back')}</slot>
        </s72-title-bar>
        <s72-announcer></s72-announcer>
        <!-- "Tap to unmute" after a muted autoplay (issue 22 item 13); before the controls in the Tab order. -->
        <s72-unmute-button ?inert=${covered} exportparts="unmute-button"></s72-unmute-button>
        <s72-control-bar ?inert=${covered} part="controls" exportparts="play-button, seek-bar, seek-input, seek-tooltip, seek-preview, seek-buffered, seek-chapter-marker, seek-chapter-title, time, live-badge, live-edge, live-button, mute-button, volume, settings-button, settings-menu, menu-item, fullscreen-button, cast-button, cast-unavailable, airplay-button">
          ${ICON_NAMES.filter((name) => CONTROL_BAR_ICONS.has(name)).map((name) => html`<slot name=${name} slot=${name}>${icon(name)}</slot>`)}
        </s72-control-bar>
        <!-- After the controls: its version label is the last Tab stop. -->
        <s72-stats-overlay part="stats" exportparts="stats-panel, stats-graph, stats-close, version" ?inert=${underAd || (covered && !state.debug)}></s72-stats-overlay>
        ` : nothing}
        <!-- [ads] over the controls while a break runs (player-and-client §2 "Hidden ads overlay"). -->
        <s72-ad-overlay part="ads" exportparts="ad-video, ad-label, skip-ad-button, ad-play-button, ad-controls, ad-play-pause-button, ad-mute-button"></s72-ad-overlay>
        <!-- [watermark] above every surface (its own z-index); no part on purpose. -->
        ${this.#watermark.render()}
      </div>
    `;
  }

  /** The poster: `poster`, else the content's thumbnail, else the media-information lookup's image. */
  private get posterUrl(): string | null {
    return this.poster ?? this.content?.images?.thumb ?? this.store.getState().mediaInformation?.image ?? null;
  }

  private get i18n(): Translator {
    return this.context.value?.i18n ?? createTranslator('en');
  }

  private reflect(state: PlayerState): void {
    this.coverFocus.track(state);
    this.toggleAttribute('paused', state.paused);
    this.toggleAttribute('buffering', state.buffering);
    this.toggleAttribute('controls-hidden', !state.controlsVisible);
    // Not before the first update has given the <video> the `muted` property (`updated`).
    if (this.muted !== state.muted && this.hasUpdated) this.muted = state.muted;
  }

  protected requestContext(): RequestContext {
    return {
      owners: this.store.owners,
      state: this.store.getState(),
      play: () => this.playback.requestPlay(() => this.engines.loading),
      pause: () => this.playback.requestPause(),
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
