import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { S72Thumbnail, ThumbnailLookup } from '../core/thumbnails.js';
import { defineElement } from '../define.js';
import { PlayerUiElement } from './player-ui-element.js';

// issue 27 item 1
/**
 * @tagname s72-seek-preview
 * @summary The seek preview of `<s72-player>`: the thumbnail of a moment, shown by the seek bar above
 * its time tooltip while the viewer hovers, drags or steps with the arrow keys.
 *
 * The thumbnail comes from the stream's own thumbnail track (a DASH image adaptation set, an HLS
 * image playlist) or a WebVTT storyboard given in `content.thumbnails`, looked up through the
 * player's engine and cached; images are fetched the first time they are needed. Without a
 * thumbnail for the moment it renders nothing (the seek bar shows its time tooltip alone). It is
 * hidden from assistive tech: the seek bar's value text says the time.
 *
 * Inside `<s72-player>` it looks thumbnails up through the player; elsewhere give it `lookup`.
 *
 * @fires {Event} s72-seek-preview-layout - the thumbnail shown changed (or went): its size may have; does not bubble
 * @csspart seek-preview - the thumbnail
 * @cssprop [--s72-seek-preview-width=160px] - the thumbnail's width (its height follows the tile's shape)
 */
export class S72SeekPreview extends PlayerUiElement {
  static override styles = css`
    :host {
      display: block;
      pointer-events: none;
    }
    .thumb {
      --_w: var(--s72-seek-preview-width, 160px);
      inline-size: var(--_w);
      border: 2px solid #fff;
      border-radius: 0.25em;
      background-color: #000;
      background-repeat: no-repeat;
      box-shadow: 0 0 0.5em rgb(0 0 0 / 0.6);
      margin-block-end: 0.25em;
    }
  `;

  /** The moment to preview, seconds; null: none. */
  @property({ attribute: false }) time: number | null = null;
  /** Looks thumbnails up outside a player (inside one, the player's lookup wins). */
  @property({ attribute: false }) lookup: ThumbnailLookup | null = null;

  /** The thumbnail shown (kept while the next one is looked up, so moving does not flicker). */
  @state() private thumbnail: S72Thumbnail | null = null;
  /** Counts lookups: only the answer to the latest is shown. */
  private request = 0;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('time') || changed.has('lookup') || (changed as Map<PropertyKey, unknown>).has('player')) this.look();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // The seek bar keeps the preview within its width once its size is known.
    if ((changed as Map<PropertyKey, unknown>).has('thumbnail')) this.dispatchEvent(new Event('s72-seek-preview-layout'));
  }

  private look(): void {
    const lookup = this.player?.thumbnails ?? this.lookup;
    const time = this.time;
    const request = ++this.request;
    if (time === null || !lookup) {
      this.thumbnail = null;
      return;
    }
    const shown = this.thumbnail;
    if (shown && time >= shown.startTime && time < shown.startTime + shown.duration) return;
    // Never awaited by a seek: the bar seeks on its own; this only redraws when the answer comes.
    lookup(time).then(
      (thumbnail) => {
        if (request === this.request) this.thumbnail = thumbnail;
      },
      () => {
        if (request === this.request) this.thumbnail = null;
      },
    );
  }

  protected override render() {
    const t = this.thumbnail;
    if (!t || t.width <= 0 || t.height <= 0) return nothing;
    // Scaled so the tile is --_w wide: the image, its offset and the box all by the same factor.
    const scale = (pixels: number) => `calc(var(--_w) * ${pixels / t.width})`;
    return html`<div
      class="thumb"
      part="seek-preview"
      aria-hidden="true"
      data-start=${t.startTime}
      style=${styleMap({
        'block-size': scale(t.height),
        'background-image': `url("${t.src}")`,
        'background-size': `${scale(t.imageWidth)} ${scale(t.imageHeight)}`,
        'background-position': `${scale(-t.x)} ${scale(-t.y)}`,
      })}
    ></div>`;
  }
}

defineElement('s72-seek-preview', S72SeekPreview);

declare global {
  interface HTMLElementTagNameMap {
    's72-seek-preview': S72SeekPreview;
  }
}
