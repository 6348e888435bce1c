import { html } from 'lit';
import { defineElement } from '../define.js';
import { PlayerUiElement } from './player-ui-element.js';

/**
 * @tagname s72-title-bar
 * @summary the title bar: back button, title and subtitle (player-and-client §2 "Title bar"). (Placeholder: issue 10 builds it.)
 */
export class S72TitleBar extends PlayerUiElement {
  protected override render() {
    return html``;
  }
}

defineElement('s72-title-bar', S72TitleBar);

declare global {
  interface HTMLElementTagNameMap {
    's72-title-bar': S72TitleBar;
  }
}
