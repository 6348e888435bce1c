// player-and-client §3, §4, §5, §6, §9; play-page §5 "Resume"; §3; §4; §3, §6; §4, §6; §5; play-page §5; §9, §5; §9; §2, §9
/**
 * Domain rules of the content-data client: pure, framework-free functions — no fetch, no DOM, every "now" injected as epoch ms.
 * Dates on the wire are ISO strings; in code, epoch ms. Positions and durations are seconds.
 *
 * | Rule | Module |
 * |---|---|
 * | Age from dob | age.ts |
 * | Ownership buy / rent / plan | ownership.ts |
 * | Library normalising and grouping | library.ts |
 * | Expired, coming soon, watchable now | states.ts |
 * | Availability window, tvod, bundle tvod, PIN inheritance | availability.ts |
 * | Per-user access, player availability | access.ts |
 * | release_date | release-date.ts |
 * | Completion and progress | progress.ts |
 * | Episode order, next watchable episode | episodes.ts |
 * | Continue watching | continue-watching.ts |
 * | Suggestions, Up next | suggestions.ts |
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
