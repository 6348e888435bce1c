import { css, html, nothing } from 'lit';
import { defineElement } from '../define.js';
import { icon } from './icons.js';
import { PlayerUiElement } from './player-ui-element.js';

// player-and-client §9 "the seek icon shows 500 ms"
/**
 * @tagname s72-seek-indicator
 * @summary The touch seek indicator: the
 * rewind or fast-forward icon and the seconds a burst of double taps moved ("+20 s"), on the side
 * that was tapped, from the store's `seekIndicator` row. Decorative: the announcer says the seek.
 *
 * @attr {'forward' | 'back'} side - (read-only) the side of the last seek: `forward` (right) or `back` (left)
 * @csspart seek-indicator - the indicator bubble
 * @cssprop [--s72-seek-indicator-background=rgb(0 0 0 / 0.6)] - behind the icon and the seconds
 */
export class S72SeekIndicator extends PlayerUiElement {
  static override storeKeys = ['seekIndicator'] as const;

  static override styles = css`
    :host {
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      padding: 0 12%;
      pointer-events: none;
      /* The sides are physical, like the taps. */
      direction: ltr;
    }
    :host([side='forward']) {
      justify-content: flex-end;
    }
    .bubble {
      display: grid;
      place-items: center;
      gap: 0.25rem;
      padding: 1rem 1.25rem;
      border-radius: 999px;
      color: #fff;
      background: var(--s72-seek-indicator-background, rgb(0 0 0 / 0.6));
      font: 600 1rem/1 system-ui, sans-serif;
    }
    svg {
      inline-size: 2rem;
      block-size: 2rem;
    }
  `;

  protected override render() {
    const indicator = this.state.seekIndicator;
    this.setAttribute('side', indicator && indicator.seconds > 0 ? 'forward' : 'back');
    if (!indicator) return nothing;
    const forward = indicator.seconds > 0;
    return html`<div class="bubble" part="seek-indicator" aria-hidden="true">
      ${icon(forward ? 'seek-forward' : 'seek-back')}<span>${forward ? '+' : '−'}${Math.abs(indicator.seconds)} s</span>
    </div>`;
  }
}

defineElement('s72-seek-indicator', S72SeekIndicator);

declare global {
  interface HTMLElementTagNameMap {
    's72-seek-indicator': S72SeekIndicator;
  }
}
