/** The end screen, Up next (player-and-client §2, §7, §9): its suggestions and what a click does. */
export * from './load-suggestions.js';
export * from './end-screen-click.js';
export * from './use-end-screen-suggestions.js';
