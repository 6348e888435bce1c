// player-and-client §9 "Data client"; play-page §5 "Resume" and §9 "Completion threshold 0.8"
/**
 * Business constants of the domain rules. One place, so the play page and the player read the
 * same numbers. Units are in the names: `_S` seconds, `_DAYS` days, `_MS` milliseconds.
 */

// play-page §5 "Resume"
/** An item is completed when position / duration exceeds this ratio. */
export const COMPLETION_THRESHOLD = 0.8;

/** Continue-watching drops entries last watched more than this many days ago (config `continue_watching_max_age`). */
export const CONTINUE_WATCHING_MAX_AGE_DAYS = 90;

/** Continue-watching keeps at most this many entries (config `continue_watching_max_items`). */
export const CONTINUE_WATCHING_MAX_ITEMS = 12;

/** A film qualifies for continue-watching only when its length is above this, in seconds. */
export const FILM_MIN_LENGTH_S = 120;

/** A fully completed TV show is dropped from continue-watching once last watched more than this many days ago. */
export const SHOW_DROP_AFTER_DAYS = 7;

// player-and-client §2, §9
/** The end screen shows one main suggestion plus up to this many others. */
export const SUGGESTIONS_OTHERS = 3;

/** One day in milliseconds (calendar-free: 24 h). */
export const DAY_MS = 86_400_000;
