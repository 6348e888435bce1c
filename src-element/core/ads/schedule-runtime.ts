// play-page §8
/**
 * The ads' lazily loaded chunk (ads-controller.ts imports it on the first ad tag): ad-loader.ts with
 * vast-client and vmap. A module of its own so the chunk's file name says nothing about ads that a
 * content blocker's URL filters (`/ad-loader.`, `/ads/`) would match before the ad request itself
 * is even made; a blocked ad request is then reported as such (`adblocked_content`).
 */
export * from './ad-loader.js';
