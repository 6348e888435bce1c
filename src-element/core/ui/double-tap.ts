// player-and-client §9 "Controls"
/**
 * Touch double-tap seeking (double-tap right (x ≥ 0.6 of the width)
 * seeks +10 s, left (x ≤ 0.4) −10 s; tap window 1000 ms; taps within 250 ms accumulate; the seek
 * icon shows 500 ms). Pure: times come in as arguments.
 *
 * A second tap on the same side within {@link TAP_WINDOW_MS} of the first is a double tap: one seek
 * of {@link DOUBLE_TAP_SEEK_S}. While the burst goes on, every further tap on that side within
 * {@link TAP_ACCUMULATE_MS} of the previous one seeks another 10 s. Anything else (a tap in the
 * middle, on the other side, or later) starts over as a single tap.
 */

export const DOUBLE_TAP_SEEK_S = 10;
export const TAP_WINDOW_MS = 1000;
export const TAP_ACCUMULATE_MS = 250;
export const SEEK_INDICATOR_MS = 500;
/** Fractions of the width: at or right of this is the forward side… */
export const FORWARD_FROM = 0.6;
/** …at or left of this the back side. */
export const BACK_TO = 0.4;

export type TapSide = 'back' | 'middle' | 'forward';

/** The side of a tap at `x` (px from the left edge) on a player `width` px wide. */
export function tapSide(x: number, width: number): TapSide {
  if (!(width > 0)) return 'middle';
  const at = x / width;
  if (at >= FORWARD_FROM) return 'forward';
  if (at <= BACK_TO) return 'back';
  return 'middle';
}

/** What a tap does: nothing special (a single tap), or a seek of `seconds` (`totalS` so far in the burst). */
export type TapOutcome = { kind: 'single' } | { kind: 'seek'; seconds: number; totalS: number };

export class DoubleTapTracker {
  private lastSide: TapSide | null = null;
  private lastAtMs = Number.NEGATIVE_INFINITY;
  private seeks = 0;

  /** Records a tap on `side` at `atMs` (ms) and says what it does. */
  tap(side: TapSide, atMs: number): TapOutcome {
    const gap = atMs - this.lastAtMs;
    const continues = side !== 'middle' && side === this.lastSide && gap >= 0 && gap <= (this.seeks > 0 ? TAP_ACCUMULATE_MS : TAP_WINDOW_MS);
    this.lastAtMs = atMs;
    this.lastSide = side;
    if (!continues) {
      this.seeks = 0;
      return { kind: 'single' };
    }
    this.seeks++;
    const seconds = side === 'forward' ? DOUBLE_TAP_SEEK_S : -DOUBLE_TAP_SEEK_S;
    return { kind: 'seek', seconds, totalS: seconds * this.seeks };
  }
}
