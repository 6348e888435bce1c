import { html } from 'lit';
import { defineElement } from '../define.js';
import { PlayerUiElement } from './player-ui-element.js';

/**
 * @tagname s72-announcer
 * @summary the player's one polite live region: play/pause, seek targets, volume and track changes. (Placeholder: issue 10 builds it.)
 */
export class S72Announcer extends PlayerUiElement {
  protected override render() {
    return html``;
  }
}

defineElement('s72-announcer', S72Announcer);

declare global {
  interface HTMLElementTagNameMap {
    's72-announcer': S72Announcer;
  }
}
