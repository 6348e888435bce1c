/**
 * The clock the telemetry client and the log reporter use (DESIGN.md "Timers and I/O are injected").
 * Tests pass sinon fake timers, or rely on {@link systemClock}, which reads the globals at call time
 * so timers faked after construction are honoured too.
 *
 * Framework-free (core layer).
 */

/** An opaque timer handle, as returned by `setTimeout`. */
export type TimerHandle = unknown;

export interface Clock {
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Epoch ms. */
  now(): number;
}

/** The global timers and `Date.now`, looked up on every call. */
export const systemClock: Clock = {
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
};

/**
 * Exponential, capped retry delay (the shared backoff idea of STYLE.md §7.6, without fuzz):
 * `min(maxDelayMs, baseDelayMs * factor ** (failures - 1))`; `failures <= 0` gives `baseDelayMs`.
 */
export function backoffDelayMs(
  failures: number,
  { baseDelayMs, maxDelayMs, factor = 2 }: { baseDelayMs: number; maxDelayMs: number; factor?: number },
): number {
  const exponent = Math.max(0, failures - 1);
  return Math.min(maxDelayMs, baseDelayMs * factor ** exponent);
}
