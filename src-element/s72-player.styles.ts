// DESIGN.md "Inside the player"
/**
 * Styles of `<s72-player>`. Logical properties throughout, so the
 * layout mirrors under `dir="rtl"`.
 */
import { css } from 'lit';

export const playerStyles = css`
    .frame {
      display: contents;
    }
    :host {
      display: block;
      position: relative;
      aspect-ratio: 16 / 9;
      background: var(--s72-background, #000);
      color: #fff;
      overflow: hidden;
      contain: content;
      /* The form factors below follow the player's own width, not the viewport's. */
      container: s72-player / inline-size;
    }
    :host([hidden]) {
      display: none;
    }
    :host(:fullscreen) {
      aspect-ratio: auto;
    }
    video {
      position: absolute;
      inset: 0;
      inline-size: 100%;
      block-size: 100%;
      object-fit: contain;
      background: inherit;
    }
    s72-control-bar {
      position: absolute;
      inset-inline: 0;
      inset-block-end: 0;
    }
    s72-title-bar {
      position: absolute;
      inset-inline: 0;
      inset-block-start: 0;
    }
    /*
     * The version label sits just above the control bar's end, where the seek bar's tooltip and
     * preview rise near the bar's end: it gives way while the pointer is over the controls.
     */
    s72-control-bar:hover ~ s72-stats-overlay::part(version) {
      visibility: hidden;
    }
    /*
     * [idle] Auto-hide (controllers/idle-controller.ts, player-and-client §9): hidden controls fade
     * out, take no clicks (a click reaches the video) and the cursor hides; they stay focusable, so
     * Tab brings them back.
     */
    s72-control-bar,
    s72-title-bar {
      transition: opacity 0.25s ease;
    }
    :host([controls-hidden]) s72-control-bar,
    :host([controls-hidden]) s72-title-bar {
      opacity: 0;
      pointer-events: none;
    }
    :host([controls-hidden]) {
      cursor: none;
    }
    @media (prefers-reduced-motion: reduce) {
      s72-control-bar,
      s72-title-bar {
        transition: none;
      }
    }
    /*
     * [form-factors] Font sizes by the player's width (player-and-client §9 "Font size breakpoints
     * per form factor"): handheld < 600 px, desktop 600–1599 px, smart-tv >= 1600 px. The page's
     * --s72-control-font-size / --s72-title-font-size / --s72-subtitle-font-size win over these (one
     * size at every width).
     */
    .frame {
      --_s72-control-font-size: 14px;
      --_s72-title-font-size: 18px;
      --_s72-subtitle-font-size: 16px;
      /* The control bar's height: two rows on handheld players (the seek bar above the buttons). */
      --_s72-controls-height: calc(var(--s72-control-font-size, var(--_s72-control-font-size)) * 6.5);
    }
    @container s72-player (min-width: 600px) {
      .frame {
        --_s72-controls-height: calc(var(--s72-control-font-size, var(--_s72-control-font-size)) * 4);
        --_s72-control-font-size: 16px;
        --_s72-title-font-size: 24px;
        --_s72-subtitle-font-size: 24px;
      }
    }
    @container s72-player (min-width: 1600px) {
      .frame {
        --_s72-control-font-size: 28px;
        --_s72-title-font-size: 50px;
        --_s72-subtitle-font-size: 40px;
      }
    }
    .spinner {
      position: absolute;
      inset: 50% auto auto 50%;
      inline-size: 3rem;
      block-size: 3rem;
      margin: -1.5rem 0 0 -1.5rem;
      border: 0.3rem solid rgb(255 255 255 / 0.25);
      border-block-start-color: #fff;
      border-radius: 50%;
      animation: spin 0.9s linear infinite;
      pointer-events: none;
    }
    @keyframes spin {
      to {
        transform: rotate(1turn);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .spinner {
        animation-duration: 3s;
      }
    }
    .big-play {
      all: unset;
      position: absolute;
      inset: 50% auto auto 50%;
      transform: translate(-50%, -50%);
      display: grid;
      place-items: center;
      inline-size: 4.5rem;
      block-size: 4.5rem;
      border-radius: 50%;
      background: rgb(0 0 0 / 0.6);
      cursor: pointer;
    }
    .big-play:focus-visible {
      outline: 3px solid var(--s72-focus-color, #fff);
      outline-offset: 3px;
    }
    .big-play svg {
      inline-size: 2.25rem;
      block-size: 2.25rem;
    }
    .error {
      position: absolute;
      inset: 0;
      display: grid;
      place-content: center;
      justify-items: center;
      gap: 0.75rem;
      padding: 1rem;
      text-align: center;
      background: rgb(0 0 0 / 0.85);
      font: 1rem/1.4 system-ui, sans-serif;
    }
    .error code {
      opacity: 0.75;
    }
    .error button:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
    }
    .error button {
      font: inherit;
      padding: 0.5rem 1rem;
      border-radius: 0.375rem;
      border: 0;
      background: var(--s72-accent-color, #e50914);
      color: #fff;
      cursor: pointer;
    }
    [hidden] {
      display: none !important;
    }
`;
