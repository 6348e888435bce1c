// player-and-client §2 "debug statistics overlay", §3 "Telemetry post body", §9 "Player version"
/**
 * The package's version: the stats overlay's version label and the `player` field of player
 * telemetry. Injected at build time from package.json's `version` (issue 26: never hand-copied):
 * Rollup (rollup.config.mjs `playerVersion()`), Vite (src-shell/vite.config.ts `define`) and the
 * browser test runner (web-test-runner.config.mjs `define`) replace `__S72_PLAYER_VERSION__`.
 * Code run straight from the sources without a build step (Node tests) reads `development`.
 */
declare const __S72_PLAYER_VERSION__: string | undefined;

export const PLAYER_VERSION: string = typeof __S72_PLAYER_VERSION__ === 'string' ? __S72_PLAYER_VERSION__ : 'development';
