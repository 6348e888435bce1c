/**
 * A fake of WebKit's AirPlay API for Chromium tests (Safari only has it; there are no AirPlay
 * targets here): `window.WebKitPlaybackTargetAvailabilityEvent` (an `Event` with `availability`:
 * `available` | `not-available`), `HTMLVideoElement.prototype.webkitShowPlaybackTargetPicker()`, and
 * `webkitCurrentPlaybackTargetIsWireless` with its `webkitcurrentplaybacktargetiswirelesschanged`
 * event. As in Safari, adding a `webkitplaybacktargetavailabilitychanged` listener gets the current
 * availability at once (asynchronously). The picker "connects" to a target unless `cancelPicker`.
 */

const AVAILABILITY = 'webkitplaybacktargetavailabilitychanged';
const WIRELESS = 'webkitcurrentplaybacktargetiswirelesschanged';

class FakeTargetAvailabilityEvent extends Event {
  readonly availability: string;
  constructor(type: string, init: EventInit & { availability?: string } = {}) {
    super(type, init);
    this.availability = init.availability ?? 'not-available';
  }
}

export class FakeAirPlay {
  availability: 'available' | 'not-available' = 'not-available';
  /** True: the viewer closes the picker without choosing. */
  cancelPicker = false;
  readonly pickerCalls: HTMLVideoElement[] = [];
  private readonly wireless = new WeakMap<HTMLMediaElement, boolean>();
  private readonly videos = new Set<HTMLMediaElement>();
  private originalAdd: typeof HTMLMediaElement.prototype.addEventListener | null = null;

  install(): void {
    const showPicker = (video: HTMLVideoElement): void => {
      this.pickerCalls.push(video);
      if (!this.cancelPicker) this.setWireless(video, true);
    };
    const isWireless = (video: HTMLMediaElement): boolean => this.wireless.get(video) ?? false;
    const listening = (video: HTMLMediaElement): void => {
      this.videos.add(video);
      queueMicrotask(() => video.dispatchEvent(new FakeTargetAvailabilityEvent(AVAILABILITY, { availability: this.availability })));
    };
    const g = window as unknown as Record<string, unknown>;
    g['WebKitPlaybackTargetAvailabilityEvent'] = FakeTargetAvailabilityEvent;
    const proto = HTMLMediaElement.prototype as unknown as Record<string, unknown>;
    proto['webkitShowPlaybackTargetPicker'] = function (this: HTMLVideoElement) {
      showPicker(this);
    };
    Object.defineProperty(HTMLMediaElement.prototype, 'webkitCurrentPlaybackTargetIsWireless', {
      configurable: true,
      get(this: HTMLMediaElement) {
        return isWireless(this);
      },
    });
    const add = HTMLMediaElement.prototype.addEventListener;
    this.originalAdd = add;
    HTMLMediaElement.prototype.addEventListener = function (this: HTMLMediaElement, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      add.call(this, type, listener as EventListenerOrEventListenerObject, options);
      if (type === AVAILABILITY) listening(this);
    } as typeof HTMLMediaElement.prototype.addEventListener;
  }

  /** A target appears or goes away: every listening video hears it. */
  setAvailability(availability: 'available' | 'not-available'): void {
    this.availability = availability;
    for (const video of this.videos) video.dispatchEvent(new FakeTargetAvailabilityEvent(AVAILABILITY, { availability }));
  }

  /** Playback moves to (true) or back from (false) the AirPlay target. */
  setWireless(video: HTMLMediaElement, wireless: boolean): void {
    this.wireless.set(video, wireless);
    video.dispatchEvent(new Event(WIRELESS));
  }

  uninstall(): void {
    const g = window as unknown as Record<string, unknown>;
    delete g['WebKitPlaybackTargetAvailabilityEvent'];
    const proto = HTMLMediaElement.prototype as unknown as Record<string, unknown>;
    delete proto['webkitShowPlaybackTargetPicker'];
    delete proto['webkitCurrentPlaybackTargetIsWireless'];
    if (this.originalAdd) HTMLMediaElement.prototype.addEventListener = this.originalAdd;
    this.originalAdd = null;
    this.videos.clear();
  }
}
