import { consume } from '@lit/context';
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { clamp, formatTime } from '../core/format-time.js';
import { LIVE_EDGE_TOLERANCE_S, secondsBehindLiveEdge } from '../core/live/live-edge.js';
import { createTranslator, type Translator } from '../core/i18n/index.js';
import type { PlayerState } from '../core/player-store.js';
import { playerContext, type PlayerContextValue } from '../context.js';
import { StoreController } from '../controllers/store-controller.js';
import { defineElement } from '../define.js';
import { fireRequest } from '../events.js';
import { icon, type IconName } from './icons.js';
import './s72-seek-bar.js';
import './s72-settings-menu.js';
import './s72-cast-button.js';
import type { S72ScrubChange, SeekBarValues } from './s72-seek-bar.js';

export { SEEK_BAR_DELAY_MS, SEEK_THROTTLE_MS } from './s72-seek-bar.js';

/**
 * The volume slider's step, percent: one arrow key press moves the volume 5 % (the ↑/↓ shortcuts
 * move it 10 %).
 */
export const VOLUME_SLIDER_STEP_PERCENT = 5;

/**
 * The icon slots the control bar has (its own buttons and the settings button): a player forwards
 * these, and renders no fallback icon for slots the bar has no place for (a cheap first render).
 */
export const CONTROL_BAR_ICONS: ReadonlySet<IconName> = new Set<IconName>(['play', 'pause', 'volume', 'muted', 'enter-fullscreen', 'exit-fullscreen', 'settings']);

// DESIGN.md "Element events"; player-and-client §2 "Control bar and seek bar", §5 "Seeks are clamped", §9 "Controls"; player-and-client §9 "Font size breakpoints per form factor"; player-and-client §4
/**
 * @tagname s72-control-bar
 * @summary The control bar of `<s72-player>`: play/pause, seek bar, time, mute, volume, fullscreen.
 *
 * Inside `<s72-player>` it renders from the player's store (through `@lit/context`), re-rendering
 * only for the keys it reads, and labels itself from the player's string table; on its own it
 * renders from its properties. It never touches the media: every user intent is a bubbling,
 * composed request event. Every control is a native `<button>` or
 * `<input type="range">` with a label, so it works with the keyboard and screen readers as is. The
 * toggles (play/pause, mute, fullscreen) tell their state once, by their name (Mute / Unmute), not
 * with `aria-pressed` as well; the volume slider moves 5 % per arrow key.
 * Under `dir="rtl"` the bar mirrors, the seek and volume sliders included (they fill from the
 * right, as the reading direction goes); the clock stays `h:mm:ss` in Latin digits. The seek bar is
 * its own element, `<s72-seek-bar>` (drag throttle, tooltip, buffered range).
 *
 * Form factors: the font size, and
 * with it every button, follows the player's own width (container queries in the player's styles):
 *
 * | form factor | player width   | controls | title bar title | subtitles (md) |
 * |-------------|----------------|----------|-----------------|----------------|
 * | handheld    | < 600 px       | 14 px    | 18 px           | 16 px          |
 * | desktop     | 600 – 1599 px  | 16 px    | 24 px           | 24 px          |
 * | smart-tv    | >= 1600 px     | 28 px    | 50 px           | 40 px          |
 *
 * On a handheld player (< 600 px wide) the seek bar takes its own full-width row above the
 * buttons. `--s72-control-font-size` fixes one size at every width. The volume slider is hidden on
 * touch-only devices (`(hover: none) and (pointer: coarse)`: the device's own buttons set the
 * volume; the mute button stays); fullscreen is hidden where unsupported or blocked (`canFullscreen`:
 * no Fullscreen API, or `config.fullscreen` false — the play page's iPhone restriction).
 *
 * @fires {CustomEvent} s72-play-request - play button, while paused
 * @fires {CustomEvent} s72-pause-request - play button, while playing
 * @fires {CustomEvent<number>} s72-seek-request - seek bar; detail: position in seconds
 * @fires {CustomEvent<boolean>} s72-mute-request - mute button; detail: mute?
 * @fires {CustomEvent<number>} s72-volume-request - volume slider; detail: 0..1
 * @fires {CustomEvent<boolean>} s72-fullscreen-request - fullscreen button; detail: enter?
 * @fires {CustomEvent} s72-seek-to-live-request - go-to-live button (live, behind the live edge)
 * @slot play - replaces the play icon
 * @slot pause - replaces the pause icon
 * @slot volume - replaces the volume icon (sound on)
 * @slot muted - replaces the muted icon
 * @slot enter-fullscreen - replaces the enter-fullscreen icon
 * @slot exit-fullscreen - replaces the exit-fullscreen icon
 * @slot settings - replaces the settings icon (passed to `s72-settings-menu`)
 * @csspart play-button - the play/pause button
 * @csspart seek-bar - the seek bar (`s72-seek-bar`); passed through: seek-input, seek-buffered, seek-tooltip, seek-preview, seek-chapter-marker, seek-chapter-title
 * @csspart seek-input - the seek bar's `<input type="range">`
 * @csspart seek-buffered - the buffered range on the seek bar
 * @csspart seek-tooltip - the seek bar's time tooltip
 * @csspart seek-preview - the seek bar's thumbnail above the time tooltip
 * @csspart seek-chapter-marker - a chapter's start on the seek bar
 * @csspart seek-chapter-title - the chapter's title in the seek bar's tooltip
 * @csspart time - the clock, `current / duration`
 * @csspart mute-button - the mute button
 * @csspart volume - the volume slider (hidden on touch-only devices)
 * @csspart settings-button - the settings menu's button (`s72-settings-menu`: subtitles, subtitle
 *   settings, audio, playback speed, quality)
 * @csspart settings-menu - the settings menu panel
 * @csspart menu-item - every item of the settings menu
 * @csspart fullscreen-button - the fullscreen button (hidden where fullscreen is unsupported or blocked)
 * @csspart cast-button - the cast button (`s72-cast-button`; shown once the Cast SDK finds devices, or disabled when casting is enabled but unavailable)
 * @csspart cast-unavailable - why casting is unavailable (the disabled cast button's tooltip)
 * @csspart airplay-button - the AirPlay button (shown while an AirPlay target is available)
 * @csspart live-badge - the LIVE badge (live only); it also has the part `live-edge` while at the live edge
 * @csspart live-edge - the LIVE badge while playback is within `LIVE_EDGE_TOLERANCE_S` of the live edge
 * @csspart live-button - "go to live", shown while behind the live edge (live only)
 * @cssprop [--s72-accent-color=#e50914] - seek and volume fill
 * @cssprop [--s72-control-bar-background=linear-gradient(transparent, rgb(0 0 0 / 0.75))] - behind the controls
 * @cssprop [--s72-control-font-size=14px] - font size of the controls; every button scales with it (default: per form factor)
 * @cssprop [--s72-seek-track-color=rgb(255 255 255 / 0.3)] - the seek bar's track
 * @cssprop [--s72-seek-buffered-color=rgb(255 255 255 / 0.6)] - the buffered range on the seek bar
 * @cssprop [--s72-seek-chapter-gap-color=rgb(0 0 0 / 0.75)] - the chapter markers on the seek bar
 */
export class S72ControlBar extends LitElement {
  /** Focusing the bar focuses its first enabled control. */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override styles = css`
    :host {
      display: flex;
      align-items: center;
      gap: 0.5rem;
      padding: 0.5rem 0.75rem;
      color: #fff;
      background: var(--s72-control-bar-background, linear-gradient(transparent, rgb(0 0 0 / 0.75)));
      font: 500 var(--s72-control-font-size, var(--_s72-control-font-size, 14px)) / 1 system-ui, sans-serif;
      box-sizing: border-box;
    }
    button {
      all: unset;
      display: inline-grid;
      place-items: center;
      inline-size: 2.75em;
      block-size: 2.75em;
      border-radius: 0.375em;
      cursor: pointer;
      flex: none;
    }
    svg {
      inline-size: 1.7em;
      block-size: 1.7em;
    }
    button:hover {
      background: rgb(255 255 255 / 0.12);
    }
    select {
      font: inherit;
      color: inherit;
      background: rgb(0 0 0 / 0.5);
      border: 1px solid rgb(255 255 255 / 0.4);
      border-radius: 0.375rem;
      padding: 0.25rem;
      flex: none;
    }
    button:focus-visible,
    select:focus-visible,
    input:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
    }
    input[type='range'] {
      accent-color: var(--s72-accent-color, #e50914);
      cursor: pointer;
      margin: 0;
    }
    .seek {
      flex: 1 1 auto;
    }
    .volume {
      inline-size: 5em;
    }
    /* Touch-only devices set the volume with their own buttons; the mute button stays. */
    @media (hover: none) and (pointer: coarse) {
      .volume {
        display: none;
      }
    }
    .time {
      direction: ltr;
      unicode-bidi: isolate;
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
      flex: none;
    }
    .live-badge {
      flex: none;
      padding: 0.25rem 0.375rem;
      border-radius: 0.25rem;
      font-weight: 700;
      letter-spacing: 0.04em;
      background: #555;
    }
    .live-badge.edge {
      background: var(--s72-accent-color, #e50914);
    }
    button.live-button {
      inline-size: auto;
      padding-inline: 0.5rem;
      white-space: nowrap;
    }
    /*
     * Narrow players (the handheld form factor, < 600 px, issue 22 item 12): the seek bar takes its
     * own full-width row above the buttons; the sound, settings and fullscreen buttons go to the end.
     */
    @container s72-player (max-width: 599.98px) {
      :host {
        flex-wrap: wrap;
        row-gap: 0;
      }
      .seek {
        order: -1;
        flex: 1 0 100%;
      }
      [part='mute-button'] {
        margin-inline-start: auto;
      }
    }
    [hidden] {
      display: none !important;
    }
  `;

  /** True while the media is paused. */
  @property({ type: Boolean }) paused = true;
  /** Current position, seconds. */
  @property({ type: Number, attribute: 'current-time' }) currentTime = 0;
  /**
   * Duration, seconds (NaN until known; Infinity for live).
   * @type {number}
   */
  @property({ type: Number }) duration = Number.NaN;
  /** Seekable range start, seconds (live DVR window start; 0 for VOD). */
  @property({ type: Number, attribute: 'seek-start' }) seekStart = 0;
  /** Seekable range end, seconds. */
  @property({ type: Number, attribute: 'seek-end' }) seekEnd = 0;
  @property({ type: Boolean }) muted = false;
  /** Volume 0..1. */
  @property({ type: Number }) volume = 1;
  @property({ type: Boolean }) fullscreen = false;
  // player-and-client §5 "Fullscreen is hidden if unsupported"
  /** False hides the fullscreen button. */
  @property({ type: Boolean, attribute: 'can-fullscreen' }) canFullscreen = true;
  // play-page §2 `seeking=false`
  /** False disables the seek bar. */
  @property({ type: Boolean, attribute: 'can-seek' }) canSeek = true;
  /**
   * A live source: the LIVE badge, the seek bar over the DVR window (`seek-start`..`seek-end`), the
   * time as the offset from the live edge, and "go to live" when behind it by more than
   * `LIVE_EDGE_TOLERANCE_S`.
   */
  @property({ type: Boolean }) live = false;
  // player-and-client §5
  /** Play and pause act only when content is loaded with a duration. */
  @property({ type: Boolean }) loaded = false;

  /** Position shown while the viewer drags the seek bar, or null (from `s72-scrub-change`). */
  @state() private scrubTime: number | null = null;

  /** The player's store and strings, when inside `<s72-player>`. */
  @consume({ context: playerContext, subscribe: true })
  @state()
  private player?: PlayerContextValue;
  private readonly fromStore = new StoreController(
    this,
    ['paused', 'currentTime', 'duration', 'seekable', 'muted', 'volume', 'fullscreen', 'canFullscreen', 'canSeek', 'loaded', 'live'],
    (state) => this.copy(state),
  );

  /** The bar is a labelled group for assistive tech ("Video controls"). */
  private readonly internals = typeof this.attachInternals === 'function' ? this.attachInternals() : null;

  private copy(state: PlayerState): void {
    Object.assign(this, {
      paused: state.paused,
      currentTime: state.currentTime,
      duration: state.duration,
      seekStart: state.seekable.start,
      seekEnd: state.seekable.end,
      muted: state.muted,
      volume: state.volume,
      fullscreen: state.fullscreen,
      canFullscreen: state.canFullscreen,
      canSeek: state.canSeek,
      loaded: state.loaded,
      live: state.live,
    });
  }

  private get i18n(): Translator {
    return this.player?.i18n ?? createTranslator('en');
  }

  private slotted(name: IconName) {
    return html`<slot name=${name}>${icon(name)}</slot>`;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('player' as keyof S72ControlBar)) this.fromStore.setStore(this.player?.store ?? null);
    if (this.internals) {
      this.internals.role = 'group';
      this.internals.ariaLabel = this.i18n.t('player.controls');
    }
  }

  protected override render() {
    const shownTime = this.scrubTime ?? this.currentTime;
    const hasDuration = Number.isFinite(this.duration) && this.duration > 0;
    const volumePercent = Math.round((this.muted ? 0 : this.volume) * 100);
    const i18n = this.i18n;
    const t: Translator['t'] = (key, params) => i18n.t(key, params);
    const behindS = this.live ? secondsBehindLiveEdge(shownTime, { start: this.seekStart, end: this.seekEnd }) : 0;
    const atEdge = behindS <= LIVE_EDGE_TOLERANCE_S;
    return html`
      <button
        part="play-button"
        aria-label=${t(this.paused ? 'player.play' : 'player.pause')}
        ?disabled=${!this.loaded}
        @click=${this.onPlayClick}
      >
        ${this.slotted(this.paused ? 'play' : 'pause')}
      </button>
      <s72-seek-bar
        class="seek"
        part="seek-bar"
        exportparts="seek-input, seek-buffered, seek-tooltip, seek-preview, seek-chapter-marker, seek-chapter-title"
        .values=${this.player ? null : this.seekBarValues()}
        @s72-scrub-change=${this.onScrubChange}
      ></s72-seek-bar>
      <span class="time" part="time" role="timer" aria-live="off" ?hidden=${this.live && atEdge}>
        ${this.live
          ? `-${formatTime(behindS)}`
          : html`${formatTime(shownTime, this.duration)}${hasDuration
              ? html` <span aria-hidden="true">/</span> ${formatTime(this.duration)}`
              : nothing}`}
      </span>
      <span class=${atEdge ? 'live-badge edge' : 'live-badge'} part=${atEdge ? 'live-badge live-edge' : 'live-badge'} ?hidden=${!this.live}>
        ${t('player.live')}
      </span>
      <button
        class="live-button"
        part="live-button"
        ?hidden=${!this.live || atEdge || !this.canSeek || !this.loaded}
        @click=${this.onLiveClick}
      >
        ${t('player.goToLive')}
      </button>
      <button
        part="mute-button"
        aria-label=${t(this.muted ? 'player.unmute' : 'player.mute')}
        @click=${this.onMuteClick}
      >
        ${this.slotted(this.muted || this.volume === 0 ? 'muted' : 'volume')}
      </button>
      <input
        class="volume"
        part="volume"
        type="range"
        aria-label=${t('player.volume')}
        min="0"
        max="100"
        step=${VOLUME_SLIDER_STEP_PERCENT}
        .value=${String(volumePercent)}
        aria-valuetext=${t('player.volumePercent', { percent: volumePercent })}
        @input=${this.onVolumeInput}
      />
      <s72-cast-button exportparts="cast-button, cast-unavailable, airplay-button"></s72-cast-button>
      <s72-settings-menu exportparts="settings-button, settings-menu, menu-item"><slot name="settings" slot="settings">${icon('settings')}</slot></s72-settings-menu>
      <button
        part="fullscreen-button"
        aria-label=${t(this.fullscreen ? 'player.exitFullscreen' : 'player.enterFullscreen')}
        ?hidden=${!this.canFullscreen}
        @click=${this.onFullscreenClick}
      >
        ${this.slotted(this.fullscreen ? 'exit-fullscreen' : 'enter-fullscreen')}
      </button>
    `;
  }

  private onPlayClick(): void {
    if (!this.loaded) return;
    if (this.paused) fireRequest(this, 's72-play-request');
    else fireRequest(this, 's72-pause-request');
  }

  /** The seek bar's values outside a player (inside one it reads the store itself). */
  private seekBarValues(): Partial<SeekBarValues> {
    return {
      currentTime: this.currentTime,
      duration: this.duration,
      seekable: { start: this.seekStart, end: this.seekEnd },
      canSeek: this.canSeek,
      loaded: this.loaded,
      live: this.live,
    };
  }

  private onScrubChange(event: CustomEvent<S72ScrubChange>): void {
    this.scrubTime = event.detail;
  }

  private onLiveClick(): void {
    fireRequest(this, 's72-seek-to-live-request');
  }

  private onMuteClick(): void {
    fireRequest(this, 's72-mute-request', !this.muted);
  }

  private onVolumeInput(event: Event): void {
    const volume = clamp(Number((event.target as HTMLInputElement).value) / 100, 0, 1);
    fireRequest(this, 's72-volume-request', volume);
  }


  private onFullscreenClick(): void {
    fireRequest(this, 's72-fullscreen-request', !this.fullscreen);
  }
}

defineElement('s72-control-bar', S72ControlBar);

declare global {
  interface HTMLElementTagNameMap {
    's72-control-bar': S72ControlBar;
  }
}
