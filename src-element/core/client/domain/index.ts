/**
 * Domain rules of the content-data client (player-and-client §3, §4, §5, §6, §9; play-page §5
 * "Resume"): pure, framework-free functions — no fetch, no DOM, every "now" injected as epoch ms.
 * Dates on the wire are ISO strings; in code, epoch ms. Positions and durations are seconds.
 *
 * | Rule | Module |
 * |---|---|
 * | Age from dob (§3) | age.ts |
 * | Ownership buy / rent / plan (§3) | ownership.ts |
 * | Library normalising and grouping (§3) | library.ts |
 * | Expired, coming soon, watchable now (§4) | states.ts |
 * | Availability window, tvod, bundle tvod, PIN inheritance (§3, §6) | availability.ts |
 * | Per-user access, player availability (§4, §6) | access.ts |
 * | release_date (§5) | release-date.ts |
 * | Completion and progress (play-page §5) | progress.ts |
 * | Episode order, next watchable episode (§9, §5) | episodes.ts |
 * | Continue watching (§9) | continue-watching.ts |
 * | Suggestions, Up next (§2, §9) | suggestions.ts |
 */
export * from './constants.js';
export * from './dates.js';
export * from './age.js';
export * from './ownership.js';
export * from './states.js';
export * from './library.js';
export * from './availability.js';
export * from './access.js';
export * from './release-date.js';
export * from './progress.js';
export * from './episodes.js';
export * from './continue-watching.js';
export * from './suggestions.js';
