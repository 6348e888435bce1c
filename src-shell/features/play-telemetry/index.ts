/** Play telemetry (play-page §7, §9): public API for the play flow. */
export * from './play-telemetry.js';
export * from './telemetry-url.js';
