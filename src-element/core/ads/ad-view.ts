// player-and-client §2 "Hidden ads overlay", §4 "Ad break"
/**
 * What the ads overlay shows: null while
 * no break runs; during a break, the ad's place in the break, the seconds left and the skip-ad
 * button's state. Written by the ads controller with `PlayerStore.setUi({ad})`. Framework-free.
 */
import type { SkipState } from './ad-rules.js';

export interface AdView {
  /** `loading`: the break's VAST is being fetched; `playing`: an ad plays (or waits to). */
  phase: 'loading' | 'playing';
  /** 1-based place of the ad in its break, and the break's number of ads (0 while loading). */
  index: number;
  count: number;
  /** Whole seconds left in the ad. */
  remainingS: number;
  /** The skip-ad button: absent, counting down (disabled), or ready. */
  skip: SkipState;
  /** The ad video is paused (the overlay offers play). */
  paused: boolean;
  /** The ad video is muted (the overlay's mute button says "Unmute the ad"). */
  muted: boolean;
  /** The player is narrow (< 600 px; re-checked on resize, debounced 500 ms): the compact layout. */
  compact: boolean;
}

/** Sent (bubbling, composed) by the skip-ad button; the ads controller skips the ad. */
export const AD_SKIP_REQUEST = 's72-ad-skip-request';
/** Sent by the overlay's play button (and the `k` / Space shortcuts) while the ad is paused; the ads controller plays it. */
export const AD_PLAY_REQUEST = 's72-ad-play-request';
/** Sent by the overlay's pause button (and the `k` / Space shortcuts); the ads controller pauses the ad. */
export const AD_PAUSE_REQUEST = 's72-ad-pause-request';
/** Sent by the overlay's mute button (and the `m` shortcut), detail: mute (true) or unmute (false). */
export const AD_MUTE_REQUEST = 's72-ad-mute-request';
