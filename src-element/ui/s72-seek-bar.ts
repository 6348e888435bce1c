import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { systemClock, type Clock } from '../core/clock.js';
import { chapterAt, chapterLabel } from '../core/chapters.js';
import type { ChapterInfo } from '../core/engine/engine.js';
import { clamp, formatTime } from '../core/format-time.js';
import { LIVE_EDGE_TOLERANCE_S, secondsBehindLiveEdge } from '../core/live/live-edge.js';
import type { PlayerState, TimeRange } from '../core/player-store.js';
import { DebounceController } from '../controllers/debounce-controller.js';
import { SEEK_STEP_S } from '../controllers/keyboard-controller.js';
import { defineElement } from '../define.js';
import { fireRequest } from '../events.js';
import { PlayerUiElement } from './player-ui-element.js';
import './s72-seek-preview.js';
import { chapterMarkers, chapterStyles, chapterTitleLine } from './seek-chapters.js';

// player-and-client §9 "Controls"
/** The seek bar seeks 0.125 s after the thumb stops moving, ms. */
export const SEEK_BAR_DELAY_MS = 125;
// player-and-client §9 "Slider seek throttle 500 ms"
/** While dragging, at most one seek per this many ms. */
export const SEEK_THROTTLE_MS = 500;

// player-and-client §9 "Slider seek throttle 500 ms, watchdog 5000 ms"
/**
 * How long the bar keeps showing the position the viewer asked for when the player does not confirm
 * the seek (the position never changes: a refused or stalled seek), ms; then it follows the player
 * again.
 */
export const SEEK_WATCHDOG_MS = 5000;

/** What the seek bar renders from (store rows; seconds). */
export interface SeekBarValues {
  currentTime: number;
  /** NaN until known; Infinity for live. */
  duration: number;
  /** The seekable range (the live DVR window on live). */
  seekable: TimeRange;
  buffered: readonly TimeRange[];
  canSeek: boolean;
  loaded: boolean;
  live: boolean;
  /** The chapters, ordered by start (markers, and the title in the tooltip and the spoken value). */
  chapters?: readonly ChapterInfo[];
}

/** Detail of `s72-scrub-change`: the position shown while the viewer drags, seconds, or null when not dragging. */
export type S72ScrubChange = number | null;

// player-and-client §2 "Control bar and seek bar", §5 "Seeks are clamped", §9 "Controls"
/**
 * @tagname s72-seek-bar
 * @summary The seek bar of `<s72-player>`: a native range input over the seekable range, with the
 * buffered range behind the thumb and a time tooltip.
 *
 * The range spans the seekable range: `0..duration` on VOD, the DVR window on live. Dragging shows
 * the position at once, seeks at most every `SEEK_THROTTLE_MS` (500 ms) so the picture follows, and
 * seeks a last time `SEEK_BAR_DELAY_MS` (0.125 s) after the thumb stops, or at once when it is
 * released. The arrow keys step `SEEK_STEP_S` (10 s), the horizontal ones mirrored under RTL. Every
 * request is clamped to the range; the bar is disabled before load and when `canSeek` is false. The
 * tooltip (`h:mm:ss` from one hour, `-m:ss` behind the live edge) follows the pointer on hover, the
 * thumb while dragging and the position the arrow keys asked for while the bar has the focus; it is
 * hidden from assistive tech, which reads the input's `aria-valuetext` ("1 minute 5 seconds of 1
 * minute 30 seconds", or the offset behind live). Above the tooltip, a seek preview
 * (`s72-seek-preview`) shows the thumbnail of that moment when the stream has thumbnails, kept
 * within the bar's width. With chapters, the track has a gap at each chapter's start, and the
 * tooltip and the spoken value add the title of the chapter at that position.
 *
 * Inside `<s72-player>` it renders from the store; elsewhere give it `store`, or `values` (the
 * control bar outside a player does).
 *
 * @fires {CustomEvent<number>} s72-seek-request - detail: position in seconds, clamped to the seekable range
 * @fires {CustomEvent<number | null>} s72-scrub-change - the position shown while dragging (null: done); does not leave the parent's shadow root
 * @csspart seek-input - the `<input type="range">`
 * @csspart seek-buffered - the buffered range behind the thumb
 * @csspart seek-tooltip - the time tooltip
 * @csspart seek-preview - the thumbnail above the time tooltip (streams with thumbnails)
 * @csspart seek-chapter-marker - a chapter's start on the track
 * @csspart seek-chapter-title - the chapter title in the tooltip
 * @cssprop [--s72-accent-color=#e50914] - the played part and the thumb
 * @cssprop [--s72-seek-track-color=rgb(255 255 255 / 0.3)] - the track
 * @cssprop [--s72-seek-buffered-color=rgb(255 255 255 / 0.6)] - the buffered range
 * @cssprop [--s72-seek-chapter-gap-color=rgb(0 0 0 / 0.75)] - the chapter markers
 */
export class S72SeekBar extends PlayerUiElement {
  static override storeKeys = ['currentTime', 'duration', 'seekable', 'buffered', 'canSeek', 'loaded', 'live', 'chapters'] as const;
  static override shadowRootOptions: ShadowRootInit = { ...PlayerUiElement.shadowRootOptions, delegatesFocus: true };
  static override styles = [
    chapterStyles,
    css`
    :host {
      --_thumb: 0.875em;
      display: block;
      position: relative;
      block-size: 2.5em;
      min-inline-size: 4em;
    }
    .track {
      position: absolute;
      inset-inline: calc(var(--_thumb) / 2);
      inset-block-start: 50%;
      block-size: 0.25em;
      translate: 0 -50%;
      border-radius: 0.125em;
      background: var(--s72-seek-track-color, rgb(255 255 255 / 0.3));
      pointer-events: none;
      overflow: hidden;
    }
    .buffered,
    .played {
      position: absolute;
      inset-block: 0;
    }
    .buffered {
      background: var(--s72-seek-buffered-color, rgb(255 255 255 / 0.6));
    }
    .played {
      inset-inline-start: 0;
      background: var(--s72-accent-color, #e50914);
    }
    input {
      -webkit-appearance: none;
      appearance: none;
      position: relative;
      display: block;
      inline-size: 100%;
      block-size: 100%;
      margin: 0;
      font: inherit;
      background: transparent;
      cursor: pointer;
    }
    input:disabled {
      cursor: default;
    }
    input::-webkit-slider-runnable-track {
      block-size: 100%;
      background: transparent;
    }
    input::-webkit-slider-thumb {
      -webkit-appearance: none;
      inline-size: var(--_thumb);
      block-size: var(--_thumb);
      margin-block-start: calc((2.5em - var(--_thumb)) / 2);
      border-radius: 50%;
      background: var(--s72-accent-color, #e50914);
      border: 0;
    }
    input::-moz-range-thumb {
      inline-size: var(--_thumb);
      block-size: var(--_thumb);
      border-radius: 50%;
      background: var(--s72-accent-color, #e50914);
      border: 0;
    }
    input:disabled::-webkit-slider-thumb {
      visibility: hidden;
    }
    input:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
      border-radius: 0.25em;
    }
    /* A zero-width anchor at the position; the tooltip centres on it (overflowing both sides), the
       seek preview above it (shifted back within the bar near its ends, updated()). */
    .anchor {
      position: absolute;
      inset-block-end: 100%;
      inline-size: 0;
      display: flex;
      flex-direction: column;
      align-items: center;
      pointer-events: none;
    }
    s72-seek-preview {
      flex: none;
    }
    .tooltip {
      flex: none;
      padding: 0.25em 0.5em;
      border-radius: 0.25em;
      background: rgb(0 0 0 / 0.85);
      color: #fff;
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
      direction: ltr;
      unicode-bidi: isolate;
    }
  `,
  ];

  /** Values to render from instead of the store's (a host that renders from properties). */
  @property({ attribute: false }) values: Partial<SeekBarValues> | null = null;
  /** (read-only) Reflects that seeking is not possible now (before load, or `canSeek` false). */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Position shown while the viewer drags (or steps with the keys), seconds, or null. */
  @state() private scrubTime: number | null = null;
  /** Position under the pointer while it hovers over the bar, seconds, or null. */
  @state() private hoverTime: number | null = null;
  // issue 27 item 1
  /** Position the arrow keys asked for, shown until the bar loses the focus or the pointer moves, seconds, or null. */
  @state() private keyTime: number | null = null;

  // DESIGN.md "Timers and I/O are injected"
  /** The injected clock of the drag throttle. */
  clock: Clock = systemClock;
  private readonly seekDelay = new DebounceController(this, SEEK_BAR_DELAY_MS);
  /** Cancels the pending throttled seek; null when none is pending. */
  private throttleTimer: (() => void) | null = null;
  /** `currentTime` at the last update, seconds: a change ends scrubbing once the seek is sent. */
  private lastRenderedTime = Number.NaN;
  /** Cancels the seek watchdog ({@link SEEK_WATCHDOG_MS}); null when none runs. */
  private watchdog: (() => void) | null = null;

  /** The values rendered from: the store's, overridden by `values`. */
  private get view(): SeekBarValues {
    const state: PlayerState = this.state;
    return {
      currentTime: state.currentTime,
      duration: state.duration,
      seekable: state.seekable,
      buffered: state.buffered,
      canSeek: state.canSeek,
      loaded: state.loaded,
      live: state.live,
      chapters: state.chapters,
      ...this.values,
    };
  }

  /** The bar's range, seconds: the seekable range; on VOD `0..duration` once the duration is known. */
  private range(view: SeekBarValues = this.view): { min: number; max: number } {
    const min = view.seekable.start;
    const hasDuration = Number.isFinite(view.duration) && view.duration > 0;
    return { min, max: hasDuration ? view.duration : Math.max(view.seekable.end, min) };
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.clearThrottle();
    this.clearWatchdog();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const view = this.view;
    this.disabled = !view.canSeek || !view.loaded;
    // A seek the player confirmed ends scrubbing.
    if (this.scrubTime !== null && !this.seekDelay.pending && this.throttleTimer === null && view.currentTime !== this.lastRenderedTime) {
      this.scrubTime = null;
      this.clearWatchdog();
    }
    this.lastRenderedTime = view.currentTime;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if ((changed as Map<PropertyKey, unknown>).has('scrubTime')) {
      this.dispatchEvent(new CustomEvent<S72ScrubChange>('s72-scrub-change', { detail: this.scrubTime, bubbles: true }));
    }
    this.keepPreviewInside();
  }

  // issue 27 item 1
  /** Shifts the seek preview (wider than the tooltip) back within the bar near its ends, onto whole pixels. */
  private readonly keepPreviewInside = (): void => {
    const preview = this.renderRoot.querySelector('s72-seek-preview');
    if (!preview) return;
    preview.style.translate = '';
    const box = preview.getBoundingClientRect();
    if (box.width <= 0) return;
    const bar = this.getBoundingClientRect();
    let shift = Math.max(0, bar.left - box.left) - Math.max(0, box.right - bar.right);
    // On whole device pixels: a tile drawn at a fractional offset is resampled (blurred).
    const left = box.left + shift;
    shift += Math.round(left * devicePixelRatio) / devicePixelRatio - left;
    if (shift !== 0) preview.style.translate = `${shift}px 0`;
  };

  protected override render() {
    const view = this.view;
    const { min, max } = this.range(view);
    const i18n = this.i18n;
    const shown = clamp(this.scrubTime ?? view.currentTime, min, max);
    const fraction = (seconds: number) => (max > min ? (clamp(seconds, min, max) - min) / (max - min) : 0);
    const percent = (seconds: number) => `${(fraction(seconds) * 100).toFixed(3)}%`;
    const behindS = view.live ? secondsBehindLiveEdge(shown, { start: view.seekable.start, end: view.seekable.end }) : 0;
    // issue 27 item 2: the chapter at a position, by title (none on live).
    const chapters = view.live ? [] : (view.chapters ?? []);
    const chapterTitle = (seconds: number): string | null => {
      const chapter = chapterAt(chapters, seconds);
      return chapter ? chapterLabel(chapters, chapter, i18n) : null;
    };
    const timeText = view.live
      ? behindS <= LIVE_EDGE_TOLERANCE_S
        ? i18n.t('player.atLiveEdge')
        : i18n.t('player.behindLive', { offset: i18n.spokenTime(behindS) })
      : i18n.t('player.timeOf', { current: i18n.spokenTime(shown), duration: i18n.spokenTime(max) });
    const shownChapter = chapterTitle(shown);
    const valueText = shownChapter ? i18n.t('player.timeInChapter', { time: timeText, chapter: shownChapter }) : timeText;
    const buffered = view.buffered.find((range) => range.start <= view.currentTime + 0.5 && range.end >= view.currentTime);
    const dragging = this.scrubTime !== null && (this.seekDelay.pending || this.throttleTimer !== null);
    const tipTime = dragging ? shown : (this.hoverTime ?? this.keyTime);
    const tipText =
      tipTime === null ? '' : view.live ? `-${formatTime(Math.max(0, view.seekable.end - tipTime))}` : formatTime(tipTime, max);
    return html`
      <div class="track" aria-hidden="true">
        ${buffered
          ? html`<div
              class="buffered"
              part="seek-buffered"
              style="inset-inline-start: ${percent(buffered.start)}; inline-size: calc(${percent(buffered.end)} - ${percent(buffered.start)})"
            ></div>`
          : nothing}
        <div class="played" style="inline-size: ${percent(shown)}"></div>
        ${chapterMarkers(chapters, fraction)}
      </div>
      <input
        part="seek-input"
        type="range"
        aria-label=${i18n.t('player.seek')}
        min=${min}
        max=${max}
        step="any"
        .value=${String(shown)}
        aria-valuetext=${valueText}
        ?disabled=${this.disabled}
        @input=${this.onInput}
        @change=${this.onChange}
        @keydown=${this.onKeydown}
        @pointermove=${this.onPointerMove}
        @pointerleave=${this.onPointerLeave}
        @blur=${this.onBlur}
      />
      ${tipTime === null || this.disabled
        ? nothing
        : html`<div class="anchor" style="inset-inline-start: calc(var(--_thumb) / 2 + (100% - var(--_thumb)) * ${fraction(tipTime)})">
            ${view.live ? nothing : html`<s72-seek-preview exportparts="seek-preview" .time=${tipTime} @s72-seek-preview-layout=${this.keepPreviewInside}></s72-seek-preview>`}
            <div class="tooltip" part="seek-tooltip" aria-hidden="true">${chapterTitleLine(chapterTitle(tipTime))}${tipText}</div>
          </div>`}
    `;
  }

  private inputValue(event: Event): number {
    const { min, max } = this.range();
    return clamp(Number((event.target as HTMLInputElement).value), min, max);
  }

  private onInput(event: Event): void {
    this.clearWatchdog();
    this.scrubTime = this.inputValue(event);
    this.seekDelay.schedule(() => this.commit());
    if (this.throttleTimer === null) {
      const handle = this.clock.setTimeout(() => {
        this.throttleTimer = null;
        if (this.seekDelay.pending) this.requestSeek();
        this.requestUpdate();
      }, SEEK_THROTTLE_MS);
      this.throttleTimer = () => this.clock.clearTimeout(handle);
    }
  }

  private onChange(event: Event): void {
    this.scrubTime = this.inputValue(event);
    this.commit();
  }

  // player-and-client §9 "Seek step 10 s with arrows"
  /**
   * Arrow keys step by `SEEK_STEP_S`, not the
   * range input's 1 %; presses in a row add up from the position they asked for. The horizontal
   * arrows follow the bar's direction (mirrored under RTL). Home and End keep the input's own
   * behaviour (start and end of the seekable range, the live edge on live).
   */
  private onKeydown(event: KeyboardEvent): void {
    const rtl = getComputedStyle(this).direction === 'rtl';
    const sign = { ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1, ArrowDown: -1, ArrowUp: 1 }[event.key];
    if (sign === undefined || this.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    const { min, max } = this.range();
    this.scrubTime = clamp((this.scrubTime ?? this.view.currentTime) + sign * SEEK_STEP_S, min, max);
    // issue 27 item 1: the tooltip and the seek preview follow the keys.
    this.keyTime = this.scrubTime;
    this.commit();
  }

  private onBlur(): void {
    this.keyTime = null;
  }

  private onPointerMove(event: PointerEvent): void {
    const input = event.currentTarget as HTMLInputElement;
    const rect = input.getBoundingClientRect();
    if (rect.width <= 0) return;
    const rtl = getComputedStyle(this).direction === 'rtl';
    const offset = rtl ? rect.right - event.clientX : event.clientX - rect.left;
    const { min, max } = this.range();
    this.hoverTime = min + clamp(offset / rect.width, 0, 1) * (max - min);
    this.keyTime = null;
  }

  private onPointerLeave(): void {
    this.hoverTime = null;
  }

  /** The final seek of a drag or a key press: now, once; the watchdog lets go of it if unconfirmed. */
  private commit(): void {
    this.seekDelay.cancel();
    this.clearThrottle();
    this.requestSeek();
    this.requestUpdate();
    this.clearWatchdog();
    const handle = this.clock.setTimeout(() => {
      this.watchdog = null;
      this.scrubTime = null;
    }, SEEK_WATCHDOG_MS);
    this.watchdog = () => this.clock.clearTimeout(handle);
  }

  private clearWatchdog(): void {
    this.watchdog?.();
    this.watchdog = null;
  }

  private requestSeek(): void {
    const view = this.view;
    if (this.scrubTime === null || !view.canSeek || !view.loaded) return;
    const { min, max } = this.range(view);
    fireRequest(this, 's72-seek-request', clamp(this.scrubTime, min, max));
  }

  private clearThrottle(): void {
    this.throttleTimer?.();
    this.throttleTimer = null;
  }
}

defineElement('s72-seek-bar', S72SeekBar);

declare global {
  interface HTMLElementTagNameMap {
    's72-seek-bar': S72SeekBar;
  }
  interface HTMLElementEventMap {
    's72-scrub-change': CustomEvent<S72ScrubChange>;
  }
}
