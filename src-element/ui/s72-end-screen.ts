import { html } from 'lit';
import { defineElement } from '../define.js';
import { PlayerUiElement } from './player-ui-element.js';

/**
 * @tagname s72-end-screen
 * @summary the end screen, Up next (player-and-client §2, §4). (Placeholder: issue 10 builds it.)
 */
export class S72EndScreen extends PlayerUiElement {
  protected override render() {
    return html``;
  }
}

defineElement('s72-end-screen', S72EndScreen);

declare global {
  interface HTMLElementTagNameMap {
    's72-end-screen': S72EndScreen;
  }
}
