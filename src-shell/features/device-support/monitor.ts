/**
 * Rechecks device support every 2 s (play-page §9 "Device support recheck 2 s") and calls back when
 * the result changes (the browser window was moved to another mode, the toggles changed, a
 * restriction now applies). Timers are injected (DESIGN.md "Timers and I/O are injected").
 */
import { systemClock, type Clock } from 's72-player/client';
import { sameSupport, type DeviceSupport } from './device-support.js';

/** play-page §9. */
export const DEVICE_SUPPORT_RECHECK_MS = 2_000;

export interface DeviceSupportMonitorOptions {
  /** One check; may be async (e.g. `async () => checkDeviceSupport(await detectDevice(), …)`). */
  check: () => DeviceSupport | Promise<DeviceSupport>;
  /** Called with the first result and then on every change. */
  onChange: (support: DeviceSupport, previous: DeviceSupport | undefined) => void;
  /** Called when a check throws; the monitor keeps going. */
  onError?: (error: unknown) => void;
  /** Recheck interval, ms. Default {@link DEVICE_SUPPORT_RECHECK_MS}. */
  intervalMs?: number;
  /** The timers; default the shared `systemClock` (globals looked up on every call, sinon-friendly). */
  clock?: Clock;
}

export class DeviceSupportMonitor {
  #options: DeviceSupportMonitorOptions;
  #clock: Clock;
  #timer: unknown;
  #running = false;
  #current: DeviceSupport | undefined;
  #generation = 0;

  constructor(options: DeviceSupportMonitorOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  /** The latest result, once the first check has finished. */
  get current(): DeviceSupport | undefined {
    return this.#current;
  }

  get running(): boolean {
    return this.#running;
  }

  /** Checks now, then every {@link DEVICE_SUPPORT_RECHECK_MS}. Resolves after the first check. */
  start(): Promise<void> {
    if (this.#running) return Promise.resolve();
    this.#running = true;
    return this.#tick(++this.#generation);
  }

  /** Stops rechecking; a check in flight is ignored. */
  stop(): void {
    this.#running = false;
    this.#generation++;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #tick(generation: number): Promise<void> {
    this.#timer = undefined;
    try {
      const next = await this.#options.check();
      if (generation !== this.#generation) return;
      const previous = this.#current;
      if (!sameSupport(previous, next)) {
        this.#current = next;
        this.#options.onChange(next, previous);
      }
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#options.onError?.(error);
    }
    if (!this.#running || generation !== this.#generation) return;
    this.#timer = this.#clock.setTimeout(() => void this.#tick(generation), this.#options.intervalMs ?? DEVICE_SUPPORT_RECHECK_MS);
  }
}
