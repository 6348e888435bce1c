/** A hand-driven `Clock` for timing tests (the injected clock, `src-element/core/clock.ts`). */
import type { Clock } from 's72-player/client';

/** A hand-driven clock: `tick(ms)` runs the timers that fall due, in order. */
export function manualClock(start = 1_000_000): Clock & { tick(ms: number): void; pending(): number } {
  let now = start;
  let id = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, delayMs) {
      timers.set(++id, { at: now + Math.max(0, delayMs), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    tick(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
