import { html } from 'lit';
import { defineElement } from '../define.js';
import { PlayerUiElement } from './player-ui-element.js';

/**
 * @tagname s72-stats-overlay
 * @summary the debug statistics overlay (player-and-client §2, §4, §9). (Placeholder: issue 10 builds it.)
 */
export class S72StatsOverlay extends PlayerUiElement {
  protected override render() {
    return html``;
  }
}

defineElement('s72-stats-overlay', S72StatsOverlay);

declare global {
  interface HTMLElementTagNameMap {
    's72-stats-overlay': S72StatsOverlay;
  }
}
