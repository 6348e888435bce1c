/**
 * The browser (ES module) builds of the two ad libraries, imported by path: their packages have no
 * `exports`/`module` field, so a bundler or the test server resolving `main` would get the Node
 * (CommonJS) build.
 */
declare module '@dailymotion/vast-client/dist/vast-client.js' {
  export * from '@dailymotion/vast-client';
}
declare module '@dailymotion/vmap/dist/vmap-js.js' {
  export { default } from '@dailymotion/vmap';
  export type { VMAPAdBreak, VMAPAdSource } from '@dailymotion/vmap';
}

/**
 * Types of `@dailymotion/vmap` 3.x (the package ships none): the parts the ad loader reads.
 * Source: github.com/dailymotion/vmap-js `src/vmap.js`, `src/adbreak.js`, `src/adsource.js`.
 */
declare module '@dailymotion/vmap' {
  export interface VMAPAdSource {
    id: string | null;
    allowMultipleAds: string | null;
    followRedirects: string | null;
    /** The first element child of `<VASTAdData>` (an inline VAST document's root), or null. */
    vastAdData: Element | null;
    adTagURI: { templateType: string | null; uri: string } | null;
    customData: Element | null;
  }
  export interface VMAPAdBreak {
    timeOffset: string | null;
    breakType: string | null;
    breakId: string | null;
    repeatAfter: string | null;
    adSource: VMAPAdSource | null;
    trackingEvents: { event: string | null; uri: string }[];
    /** Fires the break's tracking pixels for `event` (`breakStart`, `breakEnd`, `error`). */
    track(event: string, errorCode?: number | string): void;
    /** Requests one tracking URL (an `Image`); replaceable per break. */
    tracker(uri: string): void;
  }
  /** Parses a VMAP document; throws `Error('Not a VMAP document')` for anything else. */
  export default class VMAP {
    constructor(xml: Document);
    version: string | null;
    adBreaks: VMAPAdBreak[];
    extensions: unknown[];
  }
}
