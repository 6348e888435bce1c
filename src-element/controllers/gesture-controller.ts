// player-and-client §9 "Controls"
/**
 * Touch gestures on the picture (`core/ui/double-tap.ts`): a
 * double tap on the right seeks +10 s, on the left −10 s, further quick taps add 10 s each; the
 * store's `seekIndicator` row shows the burst's total for {@link SEEK_INDICATOR_MS} after its last
 * seek. A single tap only brings up the controls (the idle controller reacts to the touch itself);
 * it never pauses — the player's own click-to-pause is for mouse and pen (`s72-player.ts`).
 *
 * Only touches that land on the picture count (the video, the subtitle overlay), not on a control.
 * A tap counts at the time the viewer made it (the event's timestamp), not when the page got to it:
 * on a busy page, quick taps handled late are still quick. Timers run on the injected clock;
 * everything stops on `hostDisconnected`.
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import { DoubleTapTracker, SEEK_INDICATOR_MS, tapSide } from '../core/ui/double-tap.js';
import { mediaPosition } from '../core/media-seek.js';
import { fireRequest } from '../events.js';
import { Listeners, type PlayerHost } from './player-host.js';

/** Elements of the player's shadow tree that are "the picture" for a tap. */
const PICTURE = new Set(['video', 's72-subtitle-overlay']);

export class GestureController implements ReactiveController {
  private readonly listeners = new Listeners();
  private readonly taps = new DoubleTapTracker();
  private indicator: { handle: TimerHandle } | null = null;

  constructor(
    private readonly host: PlayerHost,
    private readonly clock: Clock = systemClock,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.listeners.attach(this.host, {
      pointerup: (event) => this.onPointerUp(event as PointerEvent),
      click: (event) => this.onClick(event as PointerEvent),
    });
  }

  hostDisconnected(): void {
    this.listeners.detach();
    if (this.indicator) this.clock.clearTimeout(this.indicator.handle);
    this.indicator = null;
  }

  /** Click-to-pause for mouse and pen, on the video only (a control's click is its own). */
  private onClick(event: PointerEvent): void {
    if (event.pointerType === 'touch') return;
    const target = event.composedPath()[0];
    if (!(target instanceof Element) || target.localName !== 'video') return;
    const state = this.host.store.getState();
    if (state.loaded) fireRequest(this.host, state.paused ? 's72-play-request' : 's72-pause-request');
  }

  private onPointerUp(event: PointerEvent): void {
    if (event.pointerType !== 'touch') return;
    const target = event.composedPath()[0];
    if (!(target instanceof Element) || !PICTURE.has(target.localName)) return;
    const state = this.host.store.getState();
    if (!state.loaded || !state.canSeek) return;
    const box = this.host.getBoundingClientRect();
    const outcome = this.taps.tap(tapSide(event.clientX - box.left, box.width), event.timeStamp);
    if (outcome.kind !== 'seek') return;
    const media = this.host.store.owners.media;
    fireRequest(this.host, 's72-seek-request', (media ? mediaPosition(media) : state.currentTime) + outcome.seconds);
    this.host.store.setUi({ seekIndicator: { seconds: outcome.totalS } });
    if (this.indicator) this.clock.clearTimeout(this.indicator.handle);
    this.indicator = {
      handle: this.clock.setTimeout(() => {
        this.indicator = null;
        this.host.store.setUi({ seekIndicator: null });
      }, SEEK_INDICATOR_MS),
    };
  }
}
