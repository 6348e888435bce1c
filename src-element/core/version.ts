// player-and-client §2 "debug statistics overlay"
/**
 * The package's version, shown by the stats overlay's version label. Kept equal to package.json's `version` by test/node/version.test.ts (a
 * constant rather than a JSON import, so the element, the CDN build, Vite and the test runner all
 * read it the same way).
 */
export const PLAYER_VERSION = '0.1.0';
