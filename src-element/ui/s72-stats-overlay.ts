import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { systemClock, type Clock } from '../core/clock.js';
import { PLAYER_VERSION } from '../core/version.js';
import { defineElement } from '../define.js';
import { fireRequest } from '../events.js';
import { PlayerUiElement } from './player-ui-element.js';

/** The statistics panel's template (its own chunk, fetched the first time debug mode is on). */
type StatsPanelModule = typeof import('./stats-panel.js');

// player-and-client §2 "5 clicks … for anyone"
/** Clicks on the version label that toggle debug mode. */
export const DEBUG_CLICKS = 5;
/** The clicks must fall within this window, ms. */
export const DEBUG_CLICK_WINDOW_MS = 2000;

// player-and-client §2, §4, §9
/**
 * @tagname s72-stats-overlay
 * @summary Debug mode: the statistics panel, and the version label
 * whose 5 clicks turn it on or off, for anyone.
 *
 * The version label (a small button, "s72-player 0.1.0") shows with the controls and hides while a
 * menu is open; 5 clicks within 2 s send `s72-debug-request`. It is not in the Tab order until
 * debug mode is on (then Enter presses count as clicks). While debug mode is on the panel lists the
 * store's `stats` row, refreshed every 0.5 s by the stats controller: playback state (seeking,
 * ended, not loaded, loading, paused, playing), resolution, the variant's and the estimated bit
 * rates, buffer ahead, dropped and decoded frames, engine and version; and a graph of the last
 * 120 s of estimated bandwidth, variant bit rate (Mbps, one scale) and buffer ahead (seconds), drawn
 * as SVG polylines. Close turns debug mode off.
 *
 * @fires {CustomEvent<boolean>} s72-debug-request - 5 clicks on the version label (toggle), or Close (false)
 * @csspart stats-panel - the statistics panel
 * @csspart stats-graph - the graph (an SVG)
 * @csspart version - the version label (a button)
 * @csspart stats-close - the panel's Close button
 * @cssprop [--s72-stats-background=rgb(0 0 0 / 0.85)] - behind the statistics
 * @cssprop [--s72-stats-inset-block-start=4.5rem] - the panel's distance from the top (below the title bar)
 * @cssprop [--s72-stats-bandwidth-color=#4fc3f7] - the estimated bandwidth line
 * @cssprop [--s72-stats-bitrate-color=#ffd54f] - the variant bit rate line
 * @cssprop [--s72-stats-buffer-color=#81c784] - the buffer-ahead line
 */
export class S72StatsOverlay extends PlayerUiElement {
  static override storeKeys = ['debug', 'stats', 'controlsVisible', 'menuOpen', 'playerTrack'] as const;

  static override styles = css`
    :host {
      position: absolute;
      inset: 0;
      z-index: 2;
      pointer-events: none;
      color: #fff;
      font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
    }
    .panel {
      position: absolute;
      inset-block-start: var(--s72-stats-inset-block-start, 4.5rem);
      inset-inline-start: 1rem;
      max-inline-size: min(22rem, calc(100% - 2rem));
      padding: 0.75rem 0.875rem;
      border-radius: 0.5rem;
      background: var(--s72-stats-background, rgb(0 0 0 / 0.85));
      pointer-events: auto;
    }
    header {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 1rem;
      margin-block-end: 0.25rem;
      font-weight: 700;
    }
    dl {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 0.125rem 0.75rem;
      margin: 0;
    }
    dt {
      color: #d0d0d0;
    }
    dd {
      margin: 0;
      font-variant-numeric: tabular-nums;
    }
    svg {
      display: block;
      inline-size: 100%;
      block-size: auto;
      margin-block-start: 0.5rem;
      background: rgb(255 255 255 / 0.06);
      /* Time runs left to right in every language. */
      direction: ltr;
    }
    polyline {
      fill: none;
      stroke-width: 1.5;
      vector-effect: non-scaling-stroke;
    }
    .legend {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 0.75rem;
      margin: 0.25rem 0 0;
      padding: 0;
      list-style: none;
    }
    .legend span {
      display: inline-block;
      inline-size: 0.75rem;
      block-size: 0.2rem;
      margin-inline-end: 0.3rem;
      vertical-align: middle;
    }
    button {
      font: inherit;
      color: inherit;
      cursor: pointer;
      pointer-events: auto;
    }
    button:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
    }
    .close {
      all: unset;
      display: inline-grid;
      place-items: center;
      inline-size: 1.75rem;
      block-size: 1.75rem;
      border-radius: 0.25rem;
      cursor: pointer;
      pointer-events: auto;
    }
    .close svg {
      inline-size: 1rem;
      block-size: 1rem;
      margin: 0;
      background: none;
    }
    .version {
      position: absolute;
      /* Just above the control bar, at its end. */
      inset-block-end: calc(var(--_s72-controls-height, calc(var(--_s72-control-font-size, 14px) * 4)) + var(--_s72-control-font-size, 14px) * 0.25);
      inset-inline-end: 0.75rem;
      padding: 0.125rem 0.375rem;
      border: 0;
      border-radius: 0.25rem;
      background: rgb(0 0 0 / 0.7);
      font-size: 11px;
    }
    [hidden] {
      display: none !important;
    }
  `;

  /** Time source of the 5-click window (tests inject one). */
  @property({ attribute: false }) clock: Clock = systemClock;

  private clicks: number[] = [];
  /** The panel's code: fetched the first time debug mode is on; null before. */
  private panel: Promise<StatsPanelModule | null> | null = null;
  private panelModule: StatsPanelModule | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const { debug } = this.state;
    if (debug && !this.panel) {
      this.panel = import('./stats-panel.js').then(
        (module) => {
          this.panelModule = module;
          this.requestUpdate();
          return module;
        },
        // A debug tool: without its code the panel stays away; the next time debug mode turns on fetches it again.
        () => null,
      );
    } else if (!debug && !this.panelModule) this.panel = null;
  }

  protected override render() {
    const { debug, stats, controlsVisible, menuOpen } = this.state;
    // issue 22 item 15: a Tab stop only in debug mode (it is a tool, not a control), and hidden
    // while a menu is open, so it never shows through or beside the settings menu.
    return html`
      ${debug && stats && this.panelModule ? this.panelModule.statsPanel(stats, this.i18n, this.onClose) : nothing}
      <button
        class="version"
        part="version"
        tabindex=${debug ? nothing : '-1'}
        ?hidden=${(!controlsVisible && !debug) || menuOpen}
        @click=${this.onVersionClick}
      >
        s72-player ${PLAYER_VERSION}${this.state.playerTrack === 'new' ? ' (new)' : ''}
      </button>
    `;
  }

  private onVersionClick = (): void => {
    const now = this.clock.now();
    this.clicks = [...this.clicks.filter((at) => now - at < DEBUG_CLICK_WINDOW_MS), now];
    if (this.clicks.length < DEBUG_CLICKS) return;
    this.clicks = [];
    fireRequest(this, 's72-debug-request', !this.state.debug);
  };

  private onClose = (): void => {
    fireRequest(this, 's72-debug-request', false);
  };
}

defineElement('s72-stats-overlay', S72StatsOverlay);

declare global {
  interface HTMLElementTagNameMap {
    's72-stats-overlay': S72StatsOverlay;
  }
}
