import { html } from 'lit';
import { defineElement } from '../define.js';
import { PlayerUiElement } from './player-ui-element.js';

/**
 * @tagname s72-subtitle-overlay
 * @summary the subtitle overlay, sized to the video picture and styled by the viewer's preferences (player-and-client §2, §3). (Placeholder: issue 10 builds it.)
 */
export class S72SubtitleOverlay extends PlayerUiElement {
  protected override render() {
    return html``;
  }
}

defineElement('s72-subtitle-overlay', S72SubtitleOverlay);

declare global {
  interface HTMLElementTagNameMap {
    's72-subtitle-overlay': S72SubtitleOverlay;
  }
}
