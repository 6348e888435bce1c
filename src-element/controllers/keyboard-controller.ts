// player-and-client §9 "Controls"; issue 22
/**
 * Keyboard shortcuts: Space/K play-pause, ←/→ and J/L seek 10 s,
 * ↑/↓ volume, comma/period step one frame (0.04 s) back/forward while paused, M mute, F fullscreen,
 * C subtitles on/off, Escape closes the end screen. During an ad break (the ads overlay covers the player)
 * Space/K play or pause the ad and M mutes it (the overlay's own requests), F still toggles fullscreen,
 * and every other shortcut does nothing: the film under the ad cannot be sought or played.
 * Seeks are refused during a playlist's ad item too (the store's `canSeek`). Each key becomes the same request event a control would send,
 * so it goes through the one request map. Keys typed into a control keep their native meaning
 * (Space on a button, arrows on a slider, anything in a text field the page slotted in); the
 * settings menu stops the keys it uses. Listens on the host from `hostConnected` to
 * `hostDisconnected`: only the player holding the focus reacts (two players on a page never both do).
 */
import type { ReactiveController } from 'lit';
import { AD_MUTE_REQUEST, AD_PAUSE_REQUEST, AD_PLAY_REQUEST } from '../core/ads/ad-view.js';
import { fireRequest } from '../events.js';
import { mediaPosition } from '../core/media-seek.js';
import { Listeners, type PlayerHost } from './player-host.js';

// player-and-client §9 "Controls"
/** Seek step with the arrow keys, J and L, in seconds. */
export const SEEK_STEP_S = 10;
/** Volume step of the up/down arrow keys (0..1 scale). */
export const VOLUME_STEP = 0.1;

export class KeyboardController implements ReactiveController {
  private readonly listeners = new Listeners();

  constructor(private readonly host: PlayerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.listeners.attach(this.host, { keydown: (event) => this.onKeyDown(event as KeyboardEvent) });
  }

  hostDisconnected(): void {
    this.listeners.detach();
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const origin = event.composedPath()[0];
    if (isTextField(origin)) return;
    const onSlider = origin instanceof HTMLInputElement;
    const onButton = origin instanceof HTMLButtonElement;
    const state = this.host.store.getState();
    const media = this.host.store.owners.media;
    // The live position, not the last timeupdate: repeated presses add up.
    const position = media ? mediaPosition(media) : state.currentTime;
    const key = event.key.toLowerCase();
    // The media's own flag: the store's follows on the next `pause` event.
    const paused = media?.paused ?? state.paused;
    const seekBy = (seconds: number) => fireRequest(this.host, 's72-seek-request', position + seconds);
    const volumeBy = (step: number) => fireRequest(this.host, 's72-volume-request', (media?.volume ?? state.volume) + step);
    const togglePlay = () => {
      if (!state.loaded) return;
      if (media?.paused ?? state.paused) fireRequest(this.host, 's72-play-request');
      else fireRequest(this.host, 's72-pause-request');
    };
    const actions: Record<string, (() => void) | undefined> = {
      ' ': onButton ? undefined : togglePlay,
      k: togglePlay,
      arrowleft: onSlider ? undefined : () => seekBy(-SEEK_STEP_S),
      arrowright: onSlider ? undefined : () => seekBy(SEEK_STEP_S),
      j: () => seekBy(-SEEK_STEP_S),
      l: () => seekBy(SEEK_STEP_S),
      arrowup: onSlider ? undefined : () => volumeBy(VOLUME_STEP),
      arrowdown: onSlider ? undefined : () => volumeBy(-VOLUME_STEP),
      m: () => fireRequest(this.host, 's72-mute-request', !(media?.muted ?? state.muted)),
      f: () => fireRequest(this.host, 's72-fullscreen-request', !state.fullscreen),
      ',': paused ? () => fireRequest(this.host, 's72-frame-step-request', -1) : undefined,
      '.': paused ? () => fireRequest(this.host, 's72-frame-step-request', 1) : undefined,
      c: state.tracks.text.length > 0 ? () => fireRequest(this.host, 's72-captions-toggle-request') : undefined,
      escape: state.endScreen ? () => fireRequest(this.host, 's72-end-screen-close-request') : undefined,
    };
    const ad = state.ad;
    if (ad) {
      // An ad break: the ad's own play/pause and mute; the film's shortcuts are swallowed.
      const adRequest = (type: string, detail: unknown = null) => () =>
        this.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
      const toggleAd = adRequest(ad.paused ? AD_PLAY_REQUEST : AD_PAUSE_REQUEST);
      const adActions: Record<string, (() => void) | undefined> = {
        ' ': onButton ? undefined : toggleAd,
        k: toggleAd,
        m: adRequest(AD_MUTE_REQUEST, !ad.muted),
        f: actions['f'],
      };
      const adAction = adActions[key];
      if (!adAction && !actions[key]) return;
      adAction?.();
      event.preventDefault();
      return;
    }
    const action = actions[key];
    if (!action) return;
    action();
    event.preventDefault();
  }
}

/** A field that takes typed text: its keys are the viewer's text, never shortcuts. */
function isTextField(target: EventTarget | undefined): boolean {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['range', 'checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target instanceof HTMLElement && target.isContentEditable;
}
