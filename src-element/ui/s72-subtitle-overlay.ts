import { css, html, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import { isRtlLanguage } from '../core/ui/text-track-choice.js';
import type { SubtitleBackground, SubtitlePreferences, SubtitleTextColor, SubtitleTextSize } from '../core/ui/ui-state.js';
import { defineElement } from '../define.js';
import { PlayerUiElement } from './player-ui-element.js';

/** A rectangle in CSS pixels, relative to the overlay's box. */
export interface PictureRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where the picture of a `videoWidth` × `videoHeight` video is drawn in a `boxWidth` × `boxHeight`
 * box with `object-fit: contain` (the player's `<video>`): centred, as large as fits, so the bars
 * (letterbox above and below, pillarbox left and right) are left out. Before the video size is
 * known (0), the whole box. Pure.
 */
export function pictureRect(boxWidth: number, boxHeight: number, videoWidth: number, videoHeight: number): PictureRect {
  if (!(boxWidth > 0 && boxHeight > 0)) return { left: 0, top: 0, width: 0, height: 0 };
  if (!(videoWidth > 0 && videoHeight > 0)) return { left: 0, top: 0, width: boxWidth, height: boxHeight };
  const scale = Math.min(boxWidth / videoWidth, boxHeight / videoHeight);
  const width = videoWidth * scale;
  const height = videoHeight * scale;
  return { left: (boxWidth - width) / 2, top: (boxHeight - height) / 2, width, height };
}

// player-and-client §3 "User preferences"
/** Text colour of each preference value. */
const TEXT_COLORS: Readonly<Record<SubtitleTextColor, string>> = Object.freeze({ white: '#fff', yellow: '#ffeb3b' });
/** Background behind the cue text of each preference value; `none` gets an outline instead (`SUBTITLE_EDGE_SHADOW`). */
const BACKGROUNDS: Readonly<Record<SubtitleBackground, string>> = Object.freeze({
  none: 'transparent',
  black: '#000',
  'transparent-panel': 'rgb(0 0 0 / 0.6)',
});
/** One side of the outline: 0.06 em, at least 1 px. */
const edgeOffset = (sign: number): string => (sign === 0 ? '0' : sign > 0 ? 'max(1px, 0.06em)' : 'calc(-1 * max(1px, 0.06em))');
/**
 * The edge of the text when there is no background (the default style): a thin black outline all
 * round the glyphs (eight hard shadows, 0.06 em, at least 1 px) and a soft drop shadow, as the major
 * services draw white subtitles, so the text stays legible over a white picture. It follows the text size.
 */
export const SUBTITLE_EDGE_SHADOW: string = [
  ...[
    [-1, -1],
    [0, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [0, 1],
    [1, 1],
  ].map(([x, y]) => `${edgeOffset(x!)} ${edgeOffset(y!)} 0 #000`),
  '0.06em 0.1em 0.25em rgb(0 0 0 / 0.8)',
].join(', ');
/** Text size of each preference value, times the base size (`--s72-subtitle-font-size`). */
const SIZE_SCALES: Readonly<Record<SubtitleTextSize, number>> = Object.freeze({ sm: 0.75, md: 1, lg: 1.35 });

/** The custom properties the preferences set on the picture (read by the cue styles). */
export function subtitleStyleProperties(preferences: SubtitlePreferences): Record<string, string> {
  return {
    '--_s72-subtitle-color': TEXT_COLORS[preferences.subtitleTextColor] ?? TEXT_COLORS.white,
    '--_s72-subtitle-background': BACKGROUNDS[preferences.subtitleBackground] ?? BACKGROUNDS.none,
    '--_s72-subtitle-size-scale': String(SIZE_SCALES[preferences.subtitleTextSize] ?? 1),
    '--_s72-subtitle-shadow': preferences.subtitleBackground === 'none' ? SUBTITLE_EDGE_SHADOW : 'none',
  };
}

// player-and-client §2 "Subtitle overlay sized to the video", §3 "User preferences", §9 "RTL subtitle languages"
/**
 * @tagname s72-subtitle-overlay
 * @summary The subtitle overlay: the engine draws the cues of the text track
 * showing into `textContainer` (shaka's `UITextDisplayer`), an element
 * sized and placed over the video *picture*, not the letterbox, so cue positions and sizes follow
 * the picture. The rectangle follows the player's size (a `ResizeObserver`) and the video's
 * (`videoWidth` / `videoHeight`).
 *
 * Styled by the viewer's subtitle preferences (text colour white/yellow, background
 * none/black/transparent panel, size sm/md/lg): they set `--_s72-subtitle-color`,
 * `--_s72-subtitle-background` and `--_s72-subtitle-size-scale` on the picture. Without a
 * background (the default) the text has a black outline and a drop shadow, legible over a white
 * picture. Cues of an Arabic,
 * Hebrew, Persian or Urdu track are laid out right to left. While the controls show, the cues are
 * lifted above the control bar (only as far as the bar overlaps the picture). It takes no clicks.
 *
 * @csspart picture - the rectangle over the video picture the cues are drawn in (on
 *   `<s72-player>` the whole overlay is the part `subtitles`)
 * @cssprop [--s72-subtitle-font-size=clamp(14px, 5.5cqh, 50px)] - the text size of the `md` preference
 *   (sm is 0.75 of it, lg 1.35); by default the player's form-factor size (`--_s72-subtitle-font-size`,
 *   when its styles set one), else 5.5 % of the picture height, 14–50 px
 * @cssprop [--s72-subtitle-font-family=system-ui, sans-serif] - cue font
 * @cssprop [--s72-subtitle-controls-height=calc(var(--_s72-control-font-size, 14px) * 4)] - how far the cues are lifted while the controls show (in `<s72-player>`: the control bar's height, 6.5 × the control font size on handheld players, where it has two rows)
 */
export class S72SubtitleOverlay extends PlayerUiElement {
  static override storeKeys = ['videoWidth', 'videoHeight', 'subtitlePreferences', 'tracks', 'controlsVisible'] as const;

  static override styles = css`
    :host {
      position: absolute;
      inset: 0;
      display: block;
      pointer-events: none;
      overflow: hidden;
    }
    .picture {
      position: absolute;
      container-type: size;
      font-family: var(--s72-subtitle-font-family, system-ui, sans-serif);
      line-height: 1.3;
      color: var(--_s72-subtitle-color, #fff);
    }
    .shaka-text-container {
      position: absolute;
      inset: 0;
      inset-block-end: var(--_lift, 0px);
      box-sizing: border-box;
      padding: 0 4% 2%;
      /* The page's size, else the player's per form factor (--_s72-subtitle-font-size), else 5.5 % of the picture. */
      font-size: calc(var(--s72-subtitle-font-size, var(--_s72-subtitle-font-size, clamp(14px, 5.5cqh, 50px))) * var(--_s72-subtitle-size-scale, 1));
      transition: inset-block-end 0.25s ease;
    }
    /* The viewer's preferences win over the cues' own colours and shaka's default 80 % black. */
    .shaka-text-container span {
      color: var(--_s72-subtitle-color, #fff) !important;
      background-color: var(--_s72-subtitle-background, transparent) !important;
      text-shadow: var(--_s72-subtitle-shadow, none) !important;
      padding: 0 0.25em;
      box-decoration-break: clone;
      -webkit-box-decoration-break: clone;
    }
    .picture[dir='rtl'] .shaka-text-container,
    .picture[dir='rtl'] .shaka-text-container * {
      direction: rtl !important;
    }
    @media (prefers-reduced-motion: reduce) {
      .shaka-text-container {
        transition: none;
      }
    }
  `;

  /**
   * The element the engine draws cues into (shaka's video container for `UITextDisplayer`); it
   * exists from construction, so the engine can be given it before the first render.
   */
  readonly textContainer: HTMLDivElement = document.createElement('div');

  /** The overlay's own size (the player's box), CSS pixels. */
  @state() private box = { width: 0, height: 0 };
  private readonly resizeObserver = new ResizeObserver((entries) => {
    const rect = entries[entries.length - 1]?.contentRect;
    if (rect && (rect.width !== this.box.width || rect.height !== this.box.height)) this.box = { width: rect.width, height: rect.height };
  });

  constructor() {
    super();
    this.textContainer.className = 'picture';
    this.textContainer.setAttribute('part', 'picture');
  }

  /** The rectangle of the video picture the cues are drawn in, relative to the overlay. */
  get picture(): PictureRect {
    const { videoWidth, videoHeight } = this.state;
    return pictureRect(this.box.width, this.box.height, videoWidth, videoHeight);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resizeObserver.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver.disconnect();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const state = this.state;
    const rect = this.picture;
    const style = this.textContainer.style;
    style.left = `${rect.left}px`;
    style.top = `${rect.top}px`;
    style.width = `${rect.width}px`;
    style.height = `${rect.height}px`;
    for (const [name, value] of Object.entries(subtitleStyleProperties(state.subtitlePreferences))) style.setProperty(name, value);
    // Lift the cues above the control bar, minus the letterbox band below the picture it already covers.
    const band = Math.max(0, this.box.height - rect.top - rect.height);
    style.setProperty(
      '--_lift',
      state.controlsVisible
        ? `max(0px, calc(var(--s72-subtitle-controls-height, var(--_s72-controls-height, calc(var(--_s72-control-font-size, 14px) * 4))) - ${band}px))`
        : '0px',
    );
    const active = state.tracks.text.find((track) => track.active);
    this.textContainer.dir = isRtlLanguage(active?.language) ? 'rtl' : 'ltr';
  }

  protected override render() {
    return html`${this.textContainer}`;
  }
}

defineElement('s72-subtitle-overlay', S72SubtitleOverlay);

declare global {
  interface HTMLElementTagNameMap {
    's72-subtitle-overlay': S72SubtitleOverlay;
  }
}
