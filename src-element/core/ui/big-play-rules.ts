// player-and-client §2 "Big play button: before first play; hidden while playing, casting or AirPlaying; after the video ends or a load, shown for 3 s"
/**
 * When the big play button shows. Pure.
 */

// §2
/** After the video ends or a load, the button shows this long, ms. */
export const BIG_PLAY_AFTER_MS = 3000;

export interface BigPlayFacts {
  loaded: boolean;
  /** A critical error shows (its panel has its own retry). */
  error: boolean;
  paused: boolean;
  /** Played at least once since the source loaded. */
  played: boolean;
  /** Playing on a Cast receiver or over AirPlay (the remote device has its own controls). */
  remote: boolean;
  /** The video ended or a source loaded less than {@link BIG_PLAY_AFTER_MS} ago. */
  withinAfterWindow: boolean;
}

/** True when the big play button shows. */
export function bigPlayShows(facts: BigPlayFacts): boolean {
  if (!facts.loaded || facts.error || facts.remote || !facts.paused) return false;
  return !facts.played || facts.withinAfterWindow;
}
