// player-and-client §2 "debug statistics overlay", §4 "Playback states in the stats overlay", §9 "refreshed every 0.5 s, graph spans 120 s"
/**
 * The stats overlay's rules. Pure (core layer).
 */
import type { StatsPlaybackState, StatsSample } from './ui-state.js';

// §9
/** The overlay refreshes this often, ms. */
export const STATS_INTERVAL_MS = 500;
// §9
/** The graph spans this much time, ms. */
export const STATS_HISTORY_MS = 120_000;

/** What the playback state is decided from. */
export interface StatsStateFacts {
  /** A source is being loaded (engine attached, media not loaded yet). */
  loading: boolean;
  loaded: boolean;
  seeking: boolean;
  ended: boolean;
  paused: boolean;
}

// §4
/**
 * Seeking, ended, not loaded, loading, paused, playing — the first that holds, in that order
 * (a seek while loaded wins over paused or playing; before load, loading or not loaded).
 */
export function statsPlaybackState(facts: StatsStateFacts): StatsPlaybackState {
  if (!facts.loaded) return facts.loading ? 'loading' : 'not loaded';
  if (facts.seeking) return 'seeking';
  if (facts.ended) return 'ended';
  return facts.paused ? 'paused' : 'playing';
}

/** `history` with `sample` appended and samples older than {@link STATS_HISTORY_MS} before it dropped. */
export function pushSample(history: readonly StatsSample[], sample: StatsSample): StatsSample[] {
  const from = sample.atMs - STATS_HISTORY_MS;
  return [...history.filter((old) => old.atMs >= from && old.atMs <= sample.atMs), sample];
}

/** Seconds of `buffered` ahead of `position` (0 when the position is not in a buffered range). */
export function bufferAhead(buffered: TimeRanges | null | undefined, position: number): number {
  if (!buffered) return 0;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= position + 0.1 && position < buffered.end(i)) return buffered.end(i) - position;
  }
  return 0;
}
