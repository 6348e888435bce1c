// DESIGN.md "Timers and I/O are injected"
/**
 * The one injectable clock of the client, the element and the shell. Every class with a timer takes a {@link Clock} and defaults to
 * {@link systemClock}.
 *
 * {@link systemClock} looks the global timer functions and `Date.now` up on every call, never at
 * import time, so sinon fake timers installed after a module was loaded (or after an object was
 * built) still drive it.
 *
 * Units: epoch milliseconds for `now()`, milliseconds for every delay (`…Ms`).
 *
 * Framework-free (core layer).
 */

/** An opaque timer handle, as returned by {@link Clock.setTimeout}; only pass it back to the clock. */
export type TimerHandle = unknown;

/** Wall-clock time and one-shot timers. */
export interface Clock {
  /** Current time, epoch ms. */
  now(): number;
  /** Calls `callback` once after `delayMs` ms; returns a handle for {@link Clock.clearTimeout}. */
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  /** Cancels a pending {@link Clock.setTimeout}; a spent or unknown handle is ignored. */
  clearTimeout(handle: TimerHandle): void;
}

/** A {@link Clock} that also has repeating timers. */
export interface IntervalClock extends Clock {
  /** Calls `callback` every `intervalMs` ms until cleared. */
  setInterval(callback: () => void, intervalMs: number): TimerHandle;
  /** Cancels a {@link IntervalClock.setInterval}. */
  clearInterval(handle: TimerHandle): void;
}

type GlobalTimer = ReturnType<typeof globalThis.setTimeout>;

/** The global timers and `Date.now`, looked up on every call (sinon fake timers are honoured). */
export const systemClock: IntervalClock = Object.freeze({
  now: () => Date.now(),
  setTimeout: (callback: () => void, delayMs: number) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle: TimerHandle) => globalThis.clearTimeout(handle as GlobalTimer),
  setInterval: (callback: () => void, intervalMs: number) => globalThis.setInterval(callback, intervalMs),
  clearInterval: (handle: TimerHandle) => globalThis.clearInterval(handle as GlobalTimer),
});

/**
 * Waits `delayMs` ms on `clock`. When `signal` aborts first (or has already aborted), the timer is
 * cleared and the promise rejects with `signal.reason`.
 *
 * @example await sleepMs(1_000, { clock, signal });
 */
export function sleepMs(delayMs: number, options: { clock?: Clock; signal?: AbortSignal | undefined } = {}): Promise<void> {
  const clock = options.clock ?? systemClock;
  const { signal } = options;
  return new Promise<void>((resolve, reject) => {
    // The abort reason is passed on as given (AbortSignal semantics), whatever its type.
    if (signal?.aborted) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clock.clearTimeout(timer);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      reject(signal?.reason);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, delayMs));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
