import { css, html, nothing } from 'lit';
import { defineElement } from '../define.js';
import { fireRequest } from '../events.js';
import { icon } from './icons.js';
import { PlayerUiElement } from './player-ui-element.js';

/**
 * @tagname s72-unmute-button
 * @summary "Tap to unmute": shown when autoplay started muted (the browser refused sound, or the
 * page gave `autoplay` with `muted`), until the viewer unmutes or after 10 s of play.
 *
 * A native button labelled by its visible text, so it works with a tap, a click and the keyboard;
 * it stays visible while the controls hide. Activating it sends `s72-mute-request` (`false`), and
 * it goes away once the media is unmuted. It renders nothing while hidden (no Tab stop).
 *
 * @fires {CustomEvent<boolean>} s72-mute-request - the button was activated; detail: `false` (unmute)
 * @csspart unmute-button - the button
 * @cssprop [--s72-unmute-inset-block-start=5rem] - its distance from the top of the player (below the title bar)
 */
export class S72UnmuteButton extends PlayerUiElement {
  static override storeKeys = ['unmuteCue', 'muted'] as const;

  static override styles = css`
    :host {
      position: absolute;
      inset-block-start: var(--s72-unmute-inset-block-start, 5rem);
      inset-inline-start: 0.75rem;
      z-index: 1;
      pointer-events: none;
    }
    button {
      all: unset;
      display: inline-flex;
      align-items: center;
      gap: 0.5em;
      padding: 0.5em 0.875em;
      border-radius: 999px;
      background: #fff;
      color: #111;
      box-shadow: 0 0.125em 0.5em rgb(0 0 0 / 0.4);
      font: 600 var(--s72-control-font-size, var(--_s72-control-font-size, 14px)) / 1.2 system-ui, sans-serif;
      cursor: pointer;
      pointer-events: auto;
    }
    button:hover {
      background: #e6e6e6;
    }
    button:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
    }
    svg {
      inline-size: 1.4em;
      block-size: 1.4em;
    }
  `;

  protected override render() {
    const { unmuteCue, muted } = this.state;
    if (!unmuteCue || !muted) return nothing;
    return html`<button part="unmute-button" @click=${this.onClick}>${icon('muted')}<span>${this.i18n.t('player.tapToUnmute')}</span></button>`;
  }

  private onClick(): void {
    fireRequest(this, 's72-mute-request', false);
  }
}

defineElement('s72-unmute-button', S72UnmuteButton);

declare global {
  interface HTMLElementTagNameMap {
    's72-unmute-button': S72UnmuteButton;
  }
}
