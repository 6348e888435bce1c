import { css, html, nothing } from 'lit';
import { AD_MUTE_REQUEST, AD_PAUSE_REQUEST, AD_PLAY_REQUEST, AD_SKIP_REQUEST } from '../core/ads/ad-view.js';
import { formatTime } from '../core/format-time.js';
import { defineElement } from '../define.js';
import { icon } from './icons.js';
import { PlayerUiElement } from './player-ui-element.js';

export { AD_MUTE_REQUEST, AD_PAUSE_REQUEST, AD_PLAY_REQUEST, AD_SKIP_REQUEST };

// player-and-client §2 "Hidden ads overlay", §4 "Ad break"
/**
 * @tagname s72-ad-overlay
 * @summary The ads overlay: hidden
 * until an ad break starts; during the break it covers the player with the ad's own `<video>` (a
 * second video, so the film's buffer is kept), an "Ad 1 of 2 · 0:05 left" label and the skip-ad
 * button, disabled with a countdown until the ad is skippable ("Skip ad in 3 seconds"), then
 * "Skip ad". Its own play/pause and mute buttons ("Pause the ad", "Mute the ad"; the player routes
 * the `k`, Space and `m` shortcuts to the same requests) sit at its bottom start, and a click on the
 * ad's picture plays or pauses it. While it shows, everything of the player under it is `inert`
 * (the player sets it), so Tab reaches only these buttons and the skip-ad button. Renders from the
 * store's `ad` row (`AdView`, written by the ads controller); the
 * controller plays the ad in its `video` property. The region is labelled "Advertisement";
 * the skip button's change to ready is said once by the player's one live region
 * (`<s72-announcer>`, core/ui/announcements.ts), not at every second of the countdown.
 *
 * @attr {boolean} active - (read-only) a break is running: the overlay shows
 * @attr {boolean} compact - (read-only) the player is narrow (< 600 px): smaller label and button
 * @fires {CustomEvent<null>} s72-ad-skip-request - the skip-ad button was pressed (bubbles, composed)
 * @fires {CustomEvent<null>} s72-ad-play-request - a play button of a paused ad (or a click on it) was pressed (bubbles, composed)
 * @fires {CustomEvent<null>} s72-ad-pause-request - the pause button (or a click on the playing ad) (bubbles, composed)
 * @fires {CustomEvent<boolean>} s72-ad-mute-request - the mute button; detail: mute (true) or unmute (bubbles, composed)
 * @csspart ad-video - the ad's `<video>`
 * @csspart ad-label - the "Ad 1 of 2 · 0:05 left" label
 * @csspart skip-ad-button - the skip-ad button
 * @csspart ad-play-button - the big play button shown while the ad is paused
 * @csspart ad-controls - the row of the ad's play/pause and mute buttons
 * @csspart ad-play-pause-button - plays or pauses the ad ("Pause the ad" / "Play the ad")
 * @csspart ad-mute-button - mutes or unmutes the ad ("Mute the ad" / "Unmute the ad")
 */
export class S72AdOverlay extends PlayerUiElement {
  static override storeKeys = ['ad'] as const;

  static override styles = css`
    :host {
      position: absolute;
      inset: 0;
      z-index: 5;
      display: none;
      background: #000;
      color: #fff;
      font: 500 var(--s72-control-font-size, 14px) / 1.3 system-ui, sans-serif;
    }
    :host([active]) {
      display: block;
    }
    video {
      position: absolute;
      inset: 0;
      inline-size: 100%;
      block-size: 100%;
      object-fit: contain;
      background: #000;
    }
    .label {
      position: absolute;
      inset-block-start: 0.75rem;
      inset-inline-start: 0.75rem;
      padding: 0.25rem 0.6rem;
      border-radius: 4px;
      background: rgb(0 0 0 / 0.65);
    }
    .skip {
      position: absolute;
      inset-block-end: 4.5rem;
      inset-inline-end: 0;
      min-inline-size: 9rem;
      padding: 0.7rem 1rem;
      border: 1px solid rgb(255 255 255 / 0.6);
      border-inline-end: none;
      background: rgb(0 0 0 / 0.75);
      color: inherit;
      font: inherit;
      cursor: pointer;
    }
    .skip:disabled {
      cursor: default;
      color: rgb(255 255 255 / 0.8);
    }
    /* A white ring with a dark halo: visible over a bright picture as over black. */
    .skip:focus-visible,
    .play:focus-visible,
    .controls button:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
      box-shadow: 0 0 0 5px rgb(0 0 0 / 0.85);
    }
    /* The skip button touches the player's edge: its ring is drawn inside it, never cut off. */
    .skip:focus-visible {
      outline-offset: -5px;
      box-shadow: none;
    }
    .surface {
      position: absolute;
      inset: 0;
      cursor: pointer;
    }
    .controls {
      position: absolute;
      inset-block-end: 0.75rem;
      inset-inline-start: 0.75rem;
      display: flex;
      gap: 0.5rem;
    }
    .controls button {
      display: inline-grid;
      place-items: center;
      inline-size: 2.75rem;
      block-size: 2.75rem;
      padding: 0;
      border: 1px solid rgb(255 255 255 / 0.6);
      border-radius: 50%;
      background: rgb(0 0 0 / 0.75);
      color: #fff;
      cursor: pointer;
    }
    .controls button:hover {
      background: rgb(40 40 40 / 0.9);
    }
    .controls svg {
      inline-size: 1.4rem;
      block-size: 1.4rem;
    }
    .play {
      position: absolute;
      inset: 50% auto auto 50%;
      translate: -50% -50%;
      padding: 0.8rem 1.4rem;
      border: 1px solid rgb(255 255 255 / 0.6);
      border-radius: 999px;
      background: rgb(0 0 0 / 0.75);
      color: #fff;
      font: inherit;
      cursor: pointer;
    }
    .sr {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    :host([compact]) .label {
      font-size: 0.85em;
    }
    :host([compact]) .skip {
      inset-block-end: 3rem;
      min-inline-size: 7rem;
      padding: 0.5rem 0.75rem;
    }
  `;

  /** The ad's `<video>` (the ads controller plays each ad in it). */
  get video(): HTMLVideoElement | null {
    return this.renderRoot?.querySelector('video') ?? null;
  }

  protected override render() {
    const view = this.state.ad;
    const i18n = this.i18n;
    this.toggleAttribute('active', view !== null);
    this.toggleAttribute('compact', view?.compact === true);
    const skip = view?.skip ?? { kind: 'none' as const };
    const label = !view
      ? ''
      : view.phase === 'loading' || view.count === 0
        ? i18n.t('ads.loading')
        : `${view.count > 1 ? i18n.t('ads.position', { index: view.index, count: view.count }) : i18n.t('ads.label')} · ${i18n.t('ads.remaining', { time: formatTime(view.remainingS) })}`;
    const paused = view?.paused === true;
    const muted = view?.muted === true;
    return html`
      <div role="region" aria-label=${i18n.t('ads.region')} ?hidden=${!view}>
        <video part="ad-video" playsinline preload="auto" aria-hidden="true"></video>
        ${view ? html`<div class="surface" aria-hidden="true" @click=${paused ? this.onPlay : this.onPause}></div>` : nothing}
        ${view ? html`<div class="label" part="ad-label">${label}</div>` : nothing}
        ${view && view.phase === 'playing' && view.paused
          ? html`<button class="play" part="ad-play-button" tabindex="-1" @click=${this.onPlay}>${i18n.t('ads.play')}</button>`
          : nothing}
        ${view
          ? html`<div class="controls" part="ad-controls">
              <button
                type="button"
                part="ad-play-pause-button"
                aria-label=${i18n.t(paused ? 'ads.play' : 'ads.pause')}
                @click=${paused ? this.onPlay : this.onPause}
              >
                ${icon(paused ? 'play' : 'pause')}
              </button>
              <button type="button" part="ad-mute-button" aria-label=${i18n.t(muted ? 'ads.unmute' : 'ads.mute')} @click=${this.onMute}>
                ${icon(muted ? 'muted' : 'volume')}
              </button>
            </div>`
          : nothing}
        ${view && skip.kind !== 'none'
          ? html`<button
              class="skip"
              part="skip-ad-button"
              ?disabled=${skip.kind !== 'ready'}
              @click=${this.onSkip}
            >
              ${skip.kind === 'ready' ? i18n.t('ads.skip') : i18n.t('ads.skipIn', { count: skip.remainingS })}
            </button>`
          : nothing}
      </div>
    `;
  }

  private readonly onSkip = (): void => {
    if (this.state.ad?.skip.kind !== 'ready') return;
    this.dispatchEvent(new CustomEvent(AD_SKIP_REQUEST, { detail: null, bubbles: true, composed: true }));
  };

  /** Focuses the ad's play/pause button (the player does, when a break starts with the focus inside it). */
  focusControls(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('[part="ad-play-pause-button"]')?.focus();
  }

  private readonly onPlay = (): void => {
    this.dispatchEvent(new CustomEvent(AD_PLAY_REQUEST, { detail: null, bubbles: true, composed: true }));
  };

  private readonly onPause = (): void => {
    this.dispatchEvent(new CustomEvent(AD_PAUSE_REQUEST, { detail: null, bubbles: true, composed: true }));
  };

  private readonly onMute = (): void => {
    this.dispatchEvent(new CustomEvent(AD_MUTE_REQUEST, { detail: !(this.state.ad?.muted === true), bubbles: true, composed: true }));
  };
}

defineElement('s72-ad-overlay', S72AdOverlay);

declare global {
  interface HTMLElementTagNameMap {
    's72-ad-overlay': S72AdOverlay;
  }
}
