// issue 14; player-and-client §4 "Ad break", §9 "Ads and watermark"
/**
 * Ad rules: the ad tag's
 * cache-buster, break offsets, which breaks are kept and which one is due, the skip-ad button's
 * state, and when an ad has ended. Pure and framework-free (core layer); positions in seconds.
 */

/** VAST wrapper redirects followed at most. */
export const AD_MAX_REDIRECTS = 6;
/** A paused ad resumes once the window is visible, checked this often, ms. */
export const AD_VISIBILITY_CHECK_MS = 1000;
/** Ad resize debounce, ms. */
export const AD_RESIZE_DEBOUNCE_MS = 500;
/** Ad tag and VAST requests give up after this long (the spec names none; IMA's default is 8 s). */
export const AD_REQUEST_TIMEOUT_MS = 8000;
// issue 25 item 4
/** Largest ad tag, VMAP or VAST response read (bytes); a larger one is an ad error. */
export const AD_MAX_RESPONSE_BYTES = 1024 * 1024;
/** An ad whose media has not started this long after it was asked to is a VAST 402 error (media timeout). */
export const AD_MEDIA_TIMEOUT_MS = 8000;
/** The query parameter that carries the ad tag's cache-buster when the tag has no macro for it. */
export const CACHE_BUSTER_PARAM = 'cb';
/** Player widths below this (px) get the compact ad overlay (re-checked on resize, debounced). */
export const AD_COMPACT_WIDTH_PX = 600;

/** Cache-buster macros an ad tag may hold (VAST 4.1 §6.2 `[CACHEBUSTING]`, and the common variants). */
const CACHE_BUSTER_MACROS = /\[CACHEBUSTING\]|\[CACHEBUSTER\]|\[RANDOM\]|%%CACHEBUSTER%%|\{cachebuster\}/gi;

/**
 * `url` with every cache-buster macro replaced by an 8-digit random number (a VMAP tracking pixel:
 * vmap-js fills only `[ERRORCODE]`; vast-client fills VAST pixels itself). Without it a browser
 * answers a pixel URL it already loaded in the page from its image cache and the request is lost.
 *
 * @param random Returns a number in [0, 1) (default `Math.random`).
 */
export function withCacheBuster(url: string, random: () => number = Math.random): string {
  return url.replace(CACHE_BUSTER_MACROS, () => String(Math.floor(random() * 1e8)).padStart(8, '0'));
}

/** Outcome of {@link adTagUrl}: the URL to request, or why the tag is unusable. */
export type AdTagResult = { ok: true; url: string } | { ok: false; reason: string };

// player-and-client §9 "The ad tag gets a random cache-buster"
/**
 * The URL to request for an ad tag, with a random cache-buster: every cache-buster macro of the tag is replaced by an 8-digit
 * random number; a tag without one gets `cb=<number>` added (an existing `cb` is replaced). The tag
 * is resolved against `base` (a relative tag is on the page's origin); only http(s) tags are used.
 *
 * @param random Returns a number in [0, 1) (default `Math.random`).
 */
export function adTagUrl(tag: unknown, base: string, random: () => number = Math.random): AdTagResult {
  if (typeof tag !== 'string' || tag.trim() === '') return { ok: false, reason: 'the ad tag is empty' };
  const buster = String(Math.floor(random() * 1e8)).padStart(8, '0');
  let url: URL;
  try {
    url = new URL(tag.trim().replace(CACHE_BUSTER_MACROS, buster), base);
  } catch {
    return { ok: false, reason: 'the ad tag is not a URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: `the ad tag's scheme ${url.protocol} is not http(s)` };
  if (!new RegExp(CACHE_BUSTER_MACROS.source, 'i').test(tag)) url.searchParams.set(CACHE_BUSTER_PARAM, buster);
  return { ok: true, url: url.href };
}

/** Where a break sits: before the content, after it, or seconds into it. */
export type BreakOffset = 'start' | 'end' | number;

/**
 * Parses a VMAP `timeOffset` (IAB VMAP 1.0 section 2.4.1): `start`, `end`, `hh:mm:ss[.mmm]`, `n%` of
 * `durationS`. Position offsets (`#n`) and anything else: null (the break is dropped). `00:00:00`
 * is `start`.
 */
export function parseTimeOffset(value: unknown, durationS = Number.NaN): BreakOffset | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === 'start' || text === 'end') return text;
  const clock = /^(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)$/.exec(text);
  if (clock) {
    const seconds = Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
    return seconds === 0 ? 'start' : seconds;
  }
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text);
  if (percent && Number.isFinite(durationS) && durationS > 0) {
    const share = Number(percent[1]);
    if (share > 100) return null;
    return share === 0 ? 'start' : share === 100 ? 'end' : (share / 100) * durationS;
  }
  return null;
}

/** A break of the schedule, as the rules see it. */
export interface ScheduledBreak {
  id: string;
  offset: BreakOffset;
}

// player-and-client §4 "Breaks at or before the resume time are discarded"
/**
 * The breaks kept for a playback that starts at `resumeS`: with a resume position (> 0), every break at or before
 * it, the pre-roll included, is dropped; from the beginning, all are kept. Sorted: `start`, the
 * mid-rolls by offset, `end`.
 */
export function keptBreaks<T extends ScheduledBreak>(breaks: readonly T[], resumeS: number | null | undefined): T[] {
  const resume = typeof resumeS === 'number' && Number.isFinite(resumeS) && resumeS > 0 ? resumeS : 0;
  const rank = (b: ScheduledBreak): number => (b.offset === 'start' ? -1 : b.offset === 'end' ? Number.POSITIVE_INFINITY : b.offset);
  return breaks
    .filter((b) => resume === 0 || b.offset === 'end' || (b.offset !== 'start' && b.offset > resume))
    .slice()
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * The mid-roll due when playback moved from `fromS` to `toS` (by playing or by a seek forward):
 * the last not-yet-played break with an offset in `(fromS, toS]`, or null. Moving back plays none.
 */
export function dueMidroll<T extends ScheduledBreak>(breaks: readonly T[], played: ReadonlySet<string>, fromS: number, toS: number): T | null {
  if (!(toS > fromS)) return null;
  let due: T | null = null;
  for (const b of breaks) {
    if (typeof b.offset !== 'number' || played.has(b.id)) continue;
    if (b.offset > fromS && b.offset <= toS && (!due || (due.offset as number) < b.offset)) due = b;
  }
  return due;
}

// player-and-client §4 "The skip-ad button is disabled until skippable"
/** The skip-ad button. */
export type SkipState = { kind: 'none' } | { kind: 'countdown'; remainingS: number } | { kind: 'ready' };

/**
 * The skip-ad button's state `currentS` seconds into an ad whose skip offset is `skipOffsetS`
 * (VAST `skipoffset`; null, negative or NaN: not skippable, no button): a countdown (whole seconds
 * left, rounded up) until the offset, then ready.
 */
export function skipState(skipOffsetS: number | null | undefined, currentS: number): SkipState {
  if (typeof skipOffsetS !== 'number' || !Number.isFinite(skipOffsetS) || skipOffsetS < 0) return { kind: 'none' };
  const at = Number.isFinite(currentS) ? Math.max(0, currentS) : 0;
  if (at >= skipOffsetS) return { kind: 'ready' };
  return { kind: 'countdown', remainingS: Math.max(1, Math.ceil(skipOffsetS - at)) };
}

/**
 * True once an ad has played to its end: the media ended, or it reached the creative's declared
 * duration (VAST `<Duration>`; a media file longer than its creative is cut there). Allows 0.25 s
 * for the last `timeupdate`.
 */
export function adFinished(currentS: number, durationS: number, mediaEnded: boolean): boolean {
  if (mediaEnded) return true;
  return Number.isFinite(durationS) && durationS > 0 && currentS >= durationS - 0.25;
}

/** Seconds left in an ad (whole seconds, rounded up; 0 when unknown). */
export function remainingS(currentS: number, durationS: number): number {
  if (!Number.isFinite(durationS) || durationS <= 0) return 0;
  return Math.max(0, Math.ceil(durationS - Math.max(0, Number.isFinite(currentS) ? currentS : 0)));
}

/**
 * Why an ad tag or break gave nothing to play (thrown by ad-loader.ts; here so the controller can
 * test for it without loading the VAST library).
 */
export class AdLoadError extends Error {
  override readonly name = 'AdLoadError';
  constructor(
    /**
     * `blocked`: the browser never sent the request for an ad-looking URL whose host answers
     * (an ad blocker); `failed`: any other failure.
     */
    readonly kind: 'blocked' | 'failed',
    message: string,
    /** VAST error code (IAB VAST 4.1 section 2.3.6.3), when one applies. */
    readonly vastCode?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
