import { css, html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { CAST_PANEL_FADE_MS, DEFAULT_MANAGE_DEVICES_URL } from '../core/cast/cast-constants.js';
import { castScreen, showsReplay, type CastState } from '../core/cast/cast-state.js';
import { formatTime } from '../core/format-time.js';
import type { MessageKey } from '../core/i18n/index.js';
import type { PlayerStateKey } from '../core/player-store.js';
import { defineElement } from '../define.js';
import { fireRequest } from '../events.js';
import type { S72CastCommand } from '../core/cast/cast-commands.js';
import { icon } from './icons.js';
import { PlayerUiElement } from './player-ui-element.js';

// player-and-client §2 "Cast controls panel and a choose-device prompt"; §4 "Cast panel", §8 "Messages on screen"; play-page §2 "Casting to {receiver}"
/**
 * @tagname s72-cast-panel
 * @summary The cast panel over the player ("Cast error screens").
 *
 * It fades in 200 ms after it is mounted and shows one screen of the cast state (`castScreen`):
 * the choose-device prompt while the picker is open, "connecting", "Casting to {receiver}" over the
 * poster while the receiver gets ready and while it plays (with the cast controls: play/pause,
 * time, mute, volume, skip ad during a break, replay when finished, stop casting), an error screen
 * (too-many-devices, output-restricted, unsupported-chromecast-device, unknown-error: its message,
 * the manage-devices link, "Try again" and replay), or "connection lost" with Reconnect (reloads
 * the page). Receiver text (its name, the title) is rendered as text. Every action is an
 * `s72-cast-request`. The status lines are not live regions (the player keeps one polite live
 * region, the announcer); the error screens and "connection lost" are `role="alert"`.
 *
 * @fires {CustomEvent<S72CastCommand>} s72-cast-request - play-pause, volume, mute, skip-ad, load (Try again / replay), stop, reconnect
 * @csspart cast-panel - the panel
 * @csspart cast-status - "Casting to {receiver}" (and the other status lines)
 * @csspart cast-controls - the cast controls
 * @csspart cast-play-button - play/pause on the receiver
 * @csspart cast-mute-button - mute the receiver
 * @csspart cast-volume - the receiver's volume slider (changes reach it at most every 500 ms)
 * @csspart cast-error - an error screen (`data-screen` names it)
 * @csspart manage-devices - the manage-devices link of the error screens
 * @csspart cast-retry - "Try again"
 * @csspart cast-replay - replay (finished or on an error screen)
 * @csspart cast-reconnect - Reconnect (connection lost)
 * @csspart cast-stop - stop casting
 * @csspart skip-ad - skip the ad (disabled until skippable)
 */
export class S72CastPanel extends PlayerUiElement {
  static override storeKeys: readonly PlayerStateKey[] = ['cast'];
  static override styles = css`
    :host {
      position: absolute;
      inset: 0;
      display: block;
      color: #fff;
      font: 500 var(--s72-control-font-size, var(--_s72-control-font-size, 14px)) / 1.4 system-ui, sans-serif;
    }
    .panel {
      position: absolute;
      inset: 0;
      display: grid;
      place-content: center;
      justify-items: center;
      gap: 0.75em;
      padding: 1.5em;
      text-align: center;
      background: rgb(0 0 0 / 0.88);
      isolation: isolate;
      opacity: 0;
      transition: opacity 200ms ease-out;
      box-sizing: border-box;
    }
    .panel.shown {
      opacity: 1;
    }
    .poster {
      position: absolute;
      inset: 0;
      inline-size: 100%;
      block-size: 100%;
      object-fit: cover;
      opacity: 0.15;
      z-index: -1;
    }
    .status {
      margin: 0;
      font-size: 1.3em;
      font-weight: 700;
    }
    p {
      margin: 0;
      max-inline-size: 36em;
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5em;
      align-items: center;
      justify-content: center;
    }
    button,
    a {
      font: inherit;
      color: inherit;
      background: rgb(255 255 255 / 0.14);
      border: 1px solid rgb(255 255 255 / 0.5);
      border-radius: 0.375em;
      padding: 0.5em 0.9em;
      cursor: pointer;
      text-decoration: none;
      display: inline-flex;
      gap: 0.4em;
      align-items: center;
    }
    button:disabled {
      opacity: 0.5;
      cursor: default;
    }
    button:focus-visible,
    a:focus-visible,
    input:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
    }
    svg {
      inline-size: 1.3em;
      block-size: 1.3em;
    }
    input[type='range'] {
      accent-color: var(--s72-accent-color, #e50914);
      inline-size: 6em;
    }
    .time {
      direction: ltr;
      unicode-bidi: isolate;
      font-variant-numeric: tabular-nums;
    }
  `;

  // player-and-client §2
  /** The manage-devices link of the error screens (default `/devices.html`). */
  @property({ attribute: 'manage-devices-url' }) manageDevicesUrl: string = DEFAULT_MANAGE_DEVICES_URL;
  /** The poster shown behind "Casting to {receiver}". */
  @property() poster: string | null = null;
  // §4 "fades in 200 ms after mount"
  /** True 200 ms after mount. */
  @state() private shown = false;
  private fadeTimer: ReturnType<typeof setTimeout> | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.shown = false;
    this.fadeTimer = setTimeout(() => {
      this.fadeTimer = null;
      this.shown = true;
    }, CAST_PANEL_FADE_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.fadeTimer !== null) clearTimeout(this.fadeTimer);
    this.fadeTimer = null;
  }

  protected override render() {
    const cast = this.state.cast;
    const screen = castScreen(cast);
    if (screen === 'none') return nothing;
    const t = (key: MessageKey, params?: Record<string, string | number>) => this.i18n.t(key, params);
    const poster = this.poster && (screen === 'casting' || screen === 'initializing' || screen === 'error-screen');
    return html`
      <div class=${this.shown ? 'panel shown' : 'panel'} part="cast-panel" role="region" aria-label=${t('cast.panel')} data-screen=${screen}>
        ${poster ? html`<img class="poster" src=${this.poster!} alt="" />` : nothing}
        ${this.screen(screen, cast, t)}
      </div>
    `;
  }

  private screen(screen: ReturnType<typeof castScreen>, cast: CastState, t: (key: MessageKey, params?: Record<string, string | number>) => string): TemplateResult {
    const castingTo = html`<p class="status" part="cast-status">
      ${cast.friendlyName ? t('cast.castingTo', { receiver: cast.friendlyName }) : t('cast.castingToDevice')}
    </p>`;
    const stop = html`<button part="cast-stop" @click=${() => this.send({ action: 'stop' })}>${t('cast.stop')}</button>`;
    const replay = showsReplay(cast)
      ? html`<button part="cast-replay" @click=${() => this.send({ action: 'load', mode: 'beginning' })}>${icon('retry')} ${t('cast.replay')}</button>`
      : nothing;
    switch (screen) {
      case 'choose-device':
        return html`<p class="status" part="cast-status">${t('cast.chooseDevice')}</p>`;
      case 'connecting':
        return html`<p class="status" part="cast-status">${t('cast.connecting')}</p>`;
      case 'connection-lost':
        return html`<div part="cast-error" data-screen="connection-lost" role="alert">
          <p>${t('cast.connectionLost')}</p>
          <div class="row"><button part="cast-reconnect" @click=${() => this.send({ action: 'reconnect' })}>${t('cast.reconnect')}</button></div>
        </div>`;
      case 'error-screen': {
        const name = cast.errorScreen!;
        const wake = name === 'unknown-error' && cast.deviceInfo?.androidTv && cast.deviceInfo.remoteInput;
        return html`${castingTo}
          <div part="cast-error" data-screen=${name} role="alert">
            <p>${t(`cast.error.${name}`)}${wake ? html` <span class="wake">${t('cast.error.wakeWithRemote')}</span>` : nothing}</p>
          </div>
          <div class="row">
            <a part="manage-devices" href=${this.manageDevicesUrl} target="_top">${t('cast.manageDevices')}</a>
            <button part="cast-retry" @click=${() => this.send({ action: 'load', mode: 'resume' })}>${t('player.retry')}</button>
            ${replay} ${stop}
          </div>`;
      }
      case 'initializing':
        return html`${castingTo}<p>${t('cast.initializing')}</p><div class="row">${stop}</div>`;
      default:
        return html`${castingTo}${cast.nowPlaying?.title ? html`<p class="title">${cast.nowPlaying.title}</p>` : nothing}${this.controls(cast, t)}`;
    }
  }

  private controls(cast: CastState, t: (key: MessageKey, params?: Record<string, string | number>) => string): TemplateResult {
    const playing = cast.appState === 'PLAYING' || cast.appState === 'BUFFERING';
    const volumePercent = Math.round((cast.muted ? 0 : cast.volumeLevel) * 100);
    return html`<div class="row" part="cast-controls">
      ${showsReplay(cast)
        ? html`<button part="cast-replay" @click=${() => this.send({ action: 'load', mode: 'beginning' })}>${icon('retry')} ${t('cast.replay')}</button>`
        : html`<button part="cast-play-button" aria-label=${t(playing ? 'player.pause' : 'player.play')} @click=${() => this.send({ action: 'play-pause' })}>
            ${icon(playing ? 'pause' : 'play')}
          </button>`}
      <span class="time">${formatTime(cast.currentTime, cast.duration)}${cast.duration > 0 ? ` / ${formatTime(cast.duration)}` : ''}</span>
      <button part="cast-mute-button" aria-label=${t(cast.muted ? 'player.unmute' : 'player.mute')} @click=${() => this.send({ action: 'mute', muted: !cast.muted })}>
        ${icon(cast.muted ? 'muted' : 'volume')}
      </button>
      <input
        part="cast-volume"
        type="range"
        min="0"
        max="100"
        step="1"
        aria-label=${t('player.volume')}
        .value=${String(volumePercent)}
        aria-valuetext=${t('player.volumePercent', { percent: volumePercent })}
        @input=${(event: Event) => this.send({ action: 'volume', level: Number((event.target as HTMLInputElement).value) / 100 })}
      />
      ${cast.ad.isPlayingBreak
        ? html`<button part="skip-ad" ?disabled=${!cast.ad.canSkipAd} @click=${() => this.send({ action: 'skip-ad' })}>${t('cast.skipAd')}</button>`
        : nothing}
      <button part="cast-stop" @click=${() => this.send({ action: 'stop' })}>${t('cast.stop')}</button>
    </div>`;
  }

  private send(command: S72CastCommand): void {
    fireRequest(this, 's72-cast-request', command);
  }
}

defineElement('s72-cast-panel', S72CastPanel);

declare global {
  interface HTMLElementTagNameMap {
    's72-cast-panel': S72CastPanel;
  }
}
