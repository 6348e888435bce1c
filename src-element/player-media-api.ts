/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging --
   the PlayerMediaApi interface below only adds typed overloads of addEventListener and
   removeEventListener, which the class inherits; it declares no member the class lacks. */
// player-and-client §5
/**
 * The `HTMLMediaElement`-like part of `<s72-player>`'s public API (positions in seconds, volume
 * 0..1), read live from the inner `<video>` like the media element itself, and typed listeners for
 * the one event map (`S72PlayerEventMap`). Writes go through the request map, so a seek from script
 * is clamped exactly like one from the seek bar.
 */
import { LitElement } from 'lit';
import { clamp } from './core/format-time.js';
import type { PlayerStore } from './core/player-store.js';
import { mediaPosition } from './core/media-seek.js';
import { handleRequest, type RequestContext } from './core/request-map.js';
import type { S72PlayerEventMap } from './events.js';

/**
 * Media events the player re-dispatches from its inner `<video>`, as plain events whose `target` is
 * the player (read `event.target.currentTime`); they do not bubble, like the media element's own:
 *
 * @fires {S72MediaEvent} loadstart - media event: loading of a source began
 * @fires {S72MediaEvent} loadedmetadata - media event: the duration and picture size are known
 * @fires {S72MediaEvent} loadeddata - media event: the first frame at the current position is loaded
 * @fires {S72MediaEvent} durationchange - media event: `duration` changed
 * @fires {S72MediaEvent} canplay - media event: enough data to start playing
 * @fires {S72MediaEvent} play - media event: playback was asked to start (`paused` became false)
 * @fires {S72MediaEvent} pause - media event: playback paused
 * @fires {S72MediaEvent} playing - media event: playback is running (after a start, a pause or buffering)
 * @fires {S72MediaEvent} waiting - media event: playback stopped to wait for data
 * @fires {S72MediaEvent} seeking - media event: a seek started
 * @fires {S72MediaEvent} seeked - media event: a seek finished
 * @fires {S72MediaEvent} timeupdate - media event: `currentTime` changed (several times a second while playing)
 * @fires {S72MediaEvent} ended - media event: playback reached the end
 * @fires {S72MediaEvent} volumechange - media event: `volume` or the muted state changed
 * @fires {S72MediaEvent} ratechange - media event: `playbackRate` changed
 * @fires {S72MediaEvent} progress - media event: more media data was fetched
 * @fires {S72MediaEvent} canplaythrough - media event: playback can probably run to the end without buffering
 * @fires {S72MediaEvent} stalled - media event: media data is not arriving
 * @fires {S72MediaEvent} suspend - media event: fetching media data paused
 * @fires {S72MediaEvent} emptied - media event: the media was reset (e.g. a new source is loading)
 * @fires {S72MediaEvent} abort - media event: fetching media data was aborted
 */
export abstract class PlayerMediaApi extends LitElement {
  /**
   * The state store; its `owners.media` is the `<video>` once rendered.
   * @internal
   */
  abstract readonly store: PlayerStore;
  /** What a request handler may use (owners, confirmed state, the host's actions). */
  protected abstract requestContext(): RequestContext;

  protected get video(): HTMLVideoElement | undefined {
    return (this.store.owners.media as HTMLVideoElement | null | undefined) ?? undefined;
  }

  /**
   * Current position in seconds (0 before anything is loaded). Setting it seeks, clamped to the
   * seekable range (not with the configuration's `seeking: false`; during ads it still seeks: only
   * the viewer's seeks from the controls and keys are refused then).
   */
  get currentTime(): number {
    return this.video ? mediaPosition(this.video) : 0;
  }
  set currentTime(seconds: number) {
    // The page's own seek: an ad break or a playlist's ad item blocks the viewer's seeks (the store's
    // canSeek, issue 22), not the embedding page's; `seeking: false` blocks both.
    const context = this.requestContext();
    const canSeek = context.owners.config?.seeking !== false;
    handleRequest({ ...context, state: { ...context.state, canSeek } }, 's72-seek-request', seconds);
  }
  /** Duration in seconds (read-only); NaN until known, Infinity for a live stream. */
  get duration(): number {
    return this.video?.duration ?? Number.NaN;
  }
  /** True while paused (read-only; true before anything is loaded). Use `play()` and `pause()` to change it. */
  get paused(): boolean {
    return this.video?.paused ?? true;
  }
  /** True once playback reached the end (read-only). */
  get ended(): boolean {
    return this.video?.ended ?? false;
  }
  /** Volume from 0 to 1; other numbers are clamped to that range, non-numbers ignored. */
  get volume(): number {
    return this.video?.volume ?? 1;
  }
  set volume(value: number) {
    if (this.video && Number.isFinite(value)) this.video.volume = clamp(value, 0, 1);
  }
  /** Playback rate (1 is normal speed); values that are not positive numbers are ignored. */
  get playbackRate(): number {
    return this.video?.playbackRate ?? 1;
  }
  set playbackRate(rate: number) {
    if (!this.video || !Number.isFinite(rate) || rate <= 0) return;
    this.video.playbackRate = rate;
    this.store.owners.engine?.setPlaybackRate?.(rate);
  }
  /**
   * Pauses playback. Acts only once the source is loaded with a duration; while it is loading, it
   * cancels the autoplay and any `play()` waiting for the load.
   */
  pause(): void {
    this.requestPause();
  }
  /** What `pause()` does (the host's playback-start logic). */
  protected abstract requestPause(): void;
}

/** Typed listeners: `player.addEventListener('timeupdate', (event) => event.target.currentTime)`. */
export interface PlayerMediaApi {
  addEventListener<K extends keyof S72PlayerEventMap>(
    type: K,
    listener: (this: this, event: S72PlayerEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof S72PlayerEventMap>(
    type: K,
    listener: (this: this, event: S72PlayerEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}
