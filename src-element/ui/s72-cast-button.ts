import { css, html } from 'lit';
import { Airplay, Cast } from 'lucide';
import { castButtonShows, isCasting } from '../core/cast/cast-state.js';
import type { PlayerStateKey } from '../core/player-store.js';
import { defineElement } from '../define.js';
import { fireRequest } from '../events.js';
import { iconOf } from './icons.js';
import { PlayerUiElement } from './player-ui-element.js';

const CAST_ICON = iconOf(Cast);
const AIRPLAY_ICON = iconOf(Airplay);

// player-and-client §1 "casting, AirPlay"; play-page §2 `cast`
/**
 * @tagname s72-cast-button
 * @summary The control bar's cast and AirPlay buttons (`airplay`).
 *
 * The cast button shows once the Cast SDK is loaded and a device may be reachable (not UNAVAILABLE,
 * not NO_DEVICES_AVAILABLE); pressed while casting, it stops casting. When casting is enabled but
 * cannot work (no receiver app id configured, or the Cast sender script failed to load) the button
 * shows disabled (`aria-disabled`), labelled "Cast unavailable", with the reason as its accessible
 * description and as a tooltip on hover and focus. The AirPlay button shows only
 * while an AirPlay target is available and AirPlay is not disabled. Both only send requests
 * (`s72-cast-request`, `s72-airplay-request`).
 *
 * @fires {CustomEvent<S72CastCommand>} s72-cast-request - `{action: 'start'}` or `{action: 'stop'}`
 * @fires {CustomEvent} s72-airplay-request - opens the AirPlay picker
 * @csspart cast-button - the cast button (`aria-pressed` while casting; `aria-disabled` when casting is unavailable)
 * @csspart cast-unavailable - the reason casting is unavailable, shown on hover and focus of the disabled cast button
 * @csspart airplay-button - the AirPlay button
 */
export class S72CastButton extends PlayerUiElement {
  static override storeKeys: readonly PlayerStateKey[] = ['cast', 'airplay'];
  static override styles = css`
    :host {
      display: contents;
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
    button:hover {
      background: rgb(255 255 255 / 0.12);
    }
    button:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
    }
    button[aria-pressed='true'] {
      color: var(--s72-accent-color, #e50914);
    }
    svg {
      inline-size: 1.7em;
      block-size: 1.7em;
    }
    button[aria-disabled='true'] {
      opacity: 0.5;
      cursor: not-allowed;
    }
    .unavailable {
      position: relative;
      display: inline-grid;
      flex: none;
    }
    .why {
      position: absolute;
      inset-block-end: calc(100% + 0.5em);
      inset-inline-end: 0;
      inline-size: max-content;
      max-inline-size: 16em;
      padding: 0.375em 0.625em;
      border-radius: 0.375em;
      background: rgb(0 0 0 / 0.85);
      color: #fff;
      font-size: 0.8125em;
      line-height: 1.3;
      pointer-events: none;
      opacity: 0;
      visibility: hidden;
    }
    .unavailable:hover .why,
    .unavailable:focus-within .why {
      opacity: 1;
      visibility: visible;
    }
    [hidden] {
      display: none !important;
    }
  `;

  protected override render() {
    const { cast, airplay } = this.state;
    const casting = isCasting(cast) || cast.isChoosingTarget;
    const t = this.i18n.t.bind(this.i18n);
    // player-and-client §5: enabled but no app id / no SDK: shown disabled, with the reason.
    const castButton = cast.unavailable
      ? html`<span class="unavailable">
          <button part="cast-button" aria-label=${t('cast.unavailable')} aria-disabled="true" aria-describedby="cast-why">${CAST_ICON}</button>
          <span class="why" id="cast-why" part="cast-unavailable" role="tooltip">${t(`cast.unavailable.${cast.unavailable}`)}</span>
        </span>`
      : html`<button
          part="cast-button"
          aria-label=${t(casting ? 'cast.stop' : 'cast.start')}
          aria-pressed=${casting ? 'true' : 'false'}
          ?hidden=${!castButtonShows(cast)}
          @click=${this.onCast}
        >
          ${CAST_ICON}
        </button>`;
    return html`
      ${castButton}
      <button part="airplay-button" aria-label=${t('airplay.start')} aria-pressed=${airplay.active ? 'true' : 'false'} ?hidden=${!airplay.available} @click=${this.onAirPlay}>
        ${AIRPLAY_ICON}
      </button>
    `;
  }

  private onCast(): void {
    fireRequest(this, 's72-cast-request', { action: isCasting(this.state.cast) ? 'stop' : 'start' });
  }

  private onAirPlay(): void {
    fireRequest(this, 's72-airplay-request');
  }
}

defineElement('s72-cast-button', S72CastButton);

declare global {
  interface HTMLElementTagNameMap {
    's72-cast-button': S72CastButton;
  }
}
