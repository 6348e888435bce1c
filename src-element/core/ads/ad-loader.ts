// issue 14; play-page §3 `ad_tag`; player-and-client §7 "Ad errors are reported as telemetry and playback continues", §9 "Ad SDK redirects 6"; play-page §8
/**
 * Loads an ad tag. Parsing is the libraries':
 * VMAP by `@dailymotion/vmap`, VAST (wrapper chains, error pixels) by `@dailymotion/vast-client`.
 * This module only fetches the tag, picks the parser by the document's root and turns the result
 * into breaks and playable linear ads.
 *
 * - A VMAP tag: one break per linear `<vmap:AdBreak>` (its `AdTagURI` fetched when the break comes,
 *   or its inline `VASTAdData`).
 * - A VAST tag: one pre-roll with the tag's ads.
 * - Every ad request (the tag, a break's VAST, each wrapper) goes through one fetch: http(s) only,
 *   no cookies, at most the page's origin as `Referer` under the page's own referrer policy, a
 *   body of at most 1 MiB (`AD_MAX_RESPONSE_BYTES`).
 * - A request the browser never sent for a URL an ad blocker would match (its host answers
 *   otherwise) → {@link AdLoadError} `blocked` (the player reports `adblocked_content`).
 *   A down host, a CORS refusal, a non-http(s) URL, an HTTP error, a timeout, a body too large or
 *   a document neither parser reads → `failed` (an ad error: content plays on).
 */
import { VASTClient, VASTTracker } from '@dailymotion/vast-client/dist/vast-client.js';
import VMAP from '@dailymotion/vmap/dist/vmap-js.js';
import { AD_MAX_REDIRECTS, AD_MAX_RESPONSE_BYTES, AD_REQUEST_TIMEOUT_MS, AdLoadError, parseTimeOffset, withCacheBuster, type BreakOffset, type ScheduledBreak } from './ad-rules.js';

export { AdLoadError };

/** A break of the schedule: where it sits, and where its ads come from. */
export interface AdBreak extends ScheduledBreak {
  /** A VAST tag to fetch when the break comes, or null. */
  tagUrl: string | null;
  /** An inline VAST document (a VAST tag, or VMAP `VASTAdData`), or null. */
  vast: Document | null;
  /** Fires the VMAP break's tracking pixels (`breakStart`, `breakEnd`, `error`); absent for a VAST tag. */
  track?: (event: 'breakStart' | 'breakEnd' | 'error', code?: number) => void;
}

/** The parts of a vast-client creative the player reads. */
export interface VastLinearCreative {
  type: string;
  duration: number;
  /** Seconds; -1 or null: not skippable. */
  skipDelay: number | null;
  mediaFiles: { fileURL: string | null; mimeType: string | null; deliveryType: string | null; width: number; height: number; bitrate: number }[];
  trackingEvents: Record<string, string[]>;
}

/** One linear ad ready to play. */
export interface PlayableAd {
  /** The vast-client ad (for its tracker). */
  ad: unknown;
  creative: VastLinearCreative;
  mediaUrl: string;
  /** Declared duration, seconds. */
  durationS: number;
  /** Skip offset, seconds, or null: not skippable. */
  skipOffsetS: number | null;
  title: string;
}

export interface AdLoaderOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Whether the browser plays a MIME type (default: a `<video>`'s `canPlayType`). */
  canPlay?: (mimeType: string) => boolean;
  /** Largest response read, bytes (default {@link AD_MAX_RESPONSE_BYTES}). */
  maxResponseBytes?: number;
}

/** `@dailymotion/vast-client`'s `wrapperLimit` counts the root document: 6 redirects = 7. */
const WRAPPER_LIMIT = AD_MAX_REDIRECTS + 1;

const defaultCanPlay = (mimeType: string): boolean =>
  typeof document !== 'undefined' && document.createElement('video').canPlayType(mimeType) !== '';

// issue 25 item 5: the generic words of ad blockers' filter lists (EasyList `/ads/`, `vast`, ad hosts).
const AD_BLOCKER_WORDS =
  /(?:^|[^a-z0-9])(?:ads?|adv|advert\w*|adserv\w*|adtags?|ad_?tag|vast\d*|vmap|preroll|midroll|doubleclick|googlesyndication|imasdk|pagead\d*|adsystem|adnxs|spotx\w*)(?:[^a-z0-9]|$)/i;

/** Whether an ad blocker's URL filters would match `url` (the generic words of their lists). */
function looksLikeAdUrl(url: string): boolean {
  return AD_BLOCKER_WORDS.test(url);
}

/**
 * The request's `referrer` (issue 25 item 6): at most the page's origin, under the page's own
 * referrer policy (no `referrerPolicy` is set, so a stricter page policy holds). Never the page's
 * path or query; nothing from an https page to an http URL, nor from an opaque origin.
 */
function adReferrer(url: URL): string {
  const page = globalThis.location;
  if (!page || page.origin === 'null' || !/^https?:$/.test(page.protocol)) return '';
  if (page.protocol === 'https:' && url.protocol === 'http:') return '';
  return `${page.origin}/`;
}

/** The fetch options of every ad request: no cookies, no cache, at most the page's origin as referrer. */
function adRequestInit(url: URL, signal: AbortSignal): RequestInit {
  return { credentials: 'omit', cache: 'no-store', signal, referrer: adReferrer(url) };
}

/**
 * Why an ad request got no HTTP answer (fetch's TypeError, WHATWG Fetch "network error"). It is
 * `blocked` (an ad blocker) only when the browser never sent it: the URL is one an ad blocker's
 * filters match, the same URL gets no answer without CORS either (so it is not a CORS refusal),
 * and its host answers a neutral request (so the host is not down). Anything else is `failed`.
 */
async function networkFailureKind(url: URL, fetchFn: typeof globalThis.fetch, signal: AbortSignal): Promise<'blocked' | 'failed'> {
  if (!looksLikeAdUrl(url.href)) return 'failed';
  const answers = (href: string): Promise<boolean> =>
    fetchFn(href, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer', signal }).then(
      () => true,
      () => false,
    );
  if (await answers(url.href)) return 'failed';
  if (!(await answers(new URL('/', url).href))) return 'failed';
  return 'blocked';
}

/** The body of `response` as text, refused past `maxBytes` (declared or read): an ad error. */
async function cappedText(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = (): AdLoadError => new AdLoadError('failed', `the ad response is larger than ${maxBytes} bytes`, 100);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Fetches an ad XML document (the tag, a VMAP break's VAST, a wrapper's next VAST): http(s) only,
 * at most {@link AD_MAX_RESPONSE_BYTES}, within the request timeout. No HTTP answer → see
 * {@link networkFailureKind}; an HTTP error, a timeout, a body too large or not XML → `failed`.
 */
async function fetchXml(href: string, options: AdLoaderOptions, signal?: AbortSignal): Promise<Document> {
  let url: URL;
  try {
    url = new URL(href);
  } catch (error) {
    throw new AdLoadError('failed', 'the ad URL is not a URL', 301, { cause: error });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AdLoadError('failed', `the ad URL's scheme ${url.protocol} is not http(s)`, 301);
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? AD_REQUEST_TIMEOUT_MS);
  const abort = (): void => timeout.abort();
  signal?.addEventListener('abort', abort, { once: true });
  let text: string;
  try {
    let response: Response;
    try {
      response = await fetchFn(url.href, adRequestInit(url, timeout.signal));
    } catch (error) {
      if (timeout.signal.aborted) throw new AdLoadError('failed', signal?.aborted ? 'the ad request was cancelled' : 'the ad request timed out', 301, { cause: error });
      const kind = await networkFailureKind(url, fetchFn, timeout.signal);
      throw new AdLoadError(kind, kind === 'blocked' ? 'the ad request was blocked (never sent)' : 'the ad request got no answer', 301, { cause: error });
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      throw new AdLoadError('failed', `the ad request answered HTTP ${response.status}`, 301);
    }
    try {
      text = await cappedText(response, options.maxResponseBytes ?? AD_MAX_RESPONSE_BYTES);
    } catch (error) {
      if (error instanceof AdLoadError) throw error;
      throw new AdLoadError('failed', timeout.signal.aborted ? 'the ad response timed out' : 'the ad response could not be read', 301, { cause: error });
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  if (doc.getElementsByTagName('parsererror').length > 0 || !doc.documentElement) {
    throw new AdLoadError('failed', 'the ad response is not XML', 100);
  }
  return doc;
}

/**
 * Fetches the ad tag and returns its breaks (not yet filtered by the resume time: `keptBreaks`).
 * `durationS` resolves VMAP percentage offsets: a number, or a function read once the tag has
 * arrived (the content's duration by then); NaN (unknown) drops percentage breaks (VMAP error 1002).
 *
 * @throws {AdLoadError}
 */
export async function loadAdSchedule(tagUrl: string, durationS: number | (() => number), options: AdLoaderOptions = {}, signal?: AbortSignal): Promise<AdBreak[]> {
  const doc = await fetchXml(tagUrl, options, signal);
  const root = doc.documentElement.localName;
  if (root === 'VAST') return [{ id: 'vast', offset: 'start', tagUrl: null, vast: doc }];
  if (root !== 'VMAP') throw new AdLoadError('failed', `the ad response is neither VAST nor VMAP (<${root}>)`, 100);
  let vmap: VMAP;
  try {
    vmap = new VMAP(doc);
  } catch (error) {
    throw new AdLoadError('failed', 'the VMAP document could not be read', 1000, { cause: error });
  }
  const breaks: AdBreak[] = [];
  const duration = typeof durationS === 'function' ? durationS() : durationS;
  vmap.adBreaks.forEach((adBreak, index) => {
    // Cache-buster macros in the break's pixels get a fresh number per request (vmap-js leaves them).
    adBreak.tracker = (uri) => {
      new Image().src = withCacheBuster(uri);
    };
    const offset: BreakOffset | null = parseTimeOffset(adBreak.timeOffset, duration);
    // Linear breaks only (breakType is a comma list: linear, nonlinear, display).
    const linear = (adBreak.breakType ?? 'linear').split(',').some((type) => type.trim() === 'linear');
    const source = adBreak.adSource;
    const tag = source?.adTagURI?.uri?.trim() || null;
    const inline = source?.vastAdData ?? null;
    if (offset === null || !linear || (!tag && !inline)) {
      adBreak.track('error', 1002);
      return;
    }
    let vast: Document | null = null;
    if (!tag && inline) {
      vast = document.implementation.createDocument(null, null, null);
      vast.appendChild(vast.importNode(inline, true));
    }
    breaks.push({
      id: adBreak.breakId || `break-${index + 1}`,
      offset,
      tagUrl: tag ? new URL(tag, tagUrl).href : null,
      vast,
      track: (event, code) => adBreak.track(event, code),
    });
  });
  return breaks;
}

/** What the player reads of vast-client's VASTResponse (IAB VAST 4.1 `<Ad>` → `creatives`). */
interface VastResponseShape {
  ads?: { title?: unknown; sequence?: unknown; creatives?: VastLinearCreative[] }[];
}

/** An ad pod's ads in `sequence` order (VAST 4.1 §2.3.3); ads without one keep their place after them. */
function podOrder<T extends { sequence?: unknown }>(ads: readonly T[]): T[] {
  const rank = (ad: T): number => (Number.isFinite(Number(ad.sequence)) && ad.sequence !== null && ad.sequence !== '' ? Number(ad.sequence) : Number.POSITIVE_INFINITY);
  return ads.map((ad, index) => ({ ad, index })).sort((a, b) => rank(a.ad) - rank(b.ad) || a.index - b.index).map(({ ad }) => ad);
}

/** A vast-client parse of one break: the client (for trackers) and its linear ads. */
export interface LoadedBreak {
  client: VASTClient;
  ads: PlayableAd[];
}

/**
 * Resolves a break's VAST (its tag or inline document), following at most 6 wrapper redirects,
 * and returns the linear ads the browser can play. vast-client fires the VAST error pixels of what
 * it rejects (no ad 303, wrapper limit 302, wrapper timeout 301, no media 403).
 *
 * @throws {AdLoadError} `blocked` when the break's own tag got no answer; `failed` otherwise.
 */
export async function loadBreak(adBreak: AdBreak, options: AdLoaderOptions = {}): Promise<LoadedBreak> {
  const client = new VASTClient();
  // Every VAST fetch (the break's tag and each wrapper) is ours: capped, referrer, blocked or failed.
  const urlHandler = {
    get: async (url: string): Promise<{ xml?: Document; error?: AdLoadError; statusCode?: number | null; details?: { byteLength: number; statusCode: number } }> => {
      try {
        const xml = await fetchXml(url, options);
        return { xml, details: { byteLength: 0, statusCode: 200 } };
      } catch (error) {
        const failure = error instanceof AdLoadError ? error : new AdLoadError('failed', String(error), 301, { cause: error });
        return { error: failure, statusCode: null };
      }
    },
  };
  const parseOptions = { wrapperLimit: WRAPPER_LIMIT, resolveAll: true, timeout: options.timeoutMs ?? AD_REQUEST_TIMEOUT_MS, withCredentials: false, urlHandler };
  let blocked = false;
  // vast-client reports each fetch; the break's own tag (depth 0) never sent is blocked.
  const onResolved = (data: { wrapperDepth?: number; error?: unknown }): void => {
    if ((data.wrapperDepth ?? 0) === 0 && data.error instanceof AdLoadError && data.error.kind === 'blocked') blocked = true;
  };
  client.getParser().on('VAST-resolved', onResolved);
  let response: VastResponseShape;
  try {
    // vast-client's VASTResponse is untyped: read through the shape the player needs.
    response = (adBreak.vast ? await client.parseVAST(adBreak.vast, parseOptions) : await client.get(adBreak.tagUrl ?? '', parseOptions)) as VastResponseShape;
  } catch (error) {
    throw new AdLoadError(blocked ? 'blocked' : 'failed', `the break's VAST could not be loaded: ${String((error as Error)?.message ?? error)}`, 301, { cause: error });
  } finally {
    client.getParser().off('VAST-resolved', onResolved);
  }
  const canPlay = options.canPlay ?? defaultCanPlay;
  const ads: PlayableAd[] = [];
  for (const ad of podOrder(response?.ads ?? [])) {
    const creative = (ad.creatives ?? []).find((c) => c.type === 'linear');
    if (!creative) continue;
    const media = creative.mediaFiles.find(
      (file) => file.fileURL && (file.deliveryType ?? 'progressive') === 'progressive' && file.mimeType && canPlay(file.mimeType),
    );
    if (!media?.fileURL) continue;
    ads.push({
      ad,
      creative,
      mediaUrl: media.fileURL,
      durationS: Number(creative.duration),
      skipOffsetS: typeof creative.skipDelay === 'number' && creative.skipDelay >= 0 ? creative.skipDelay : null,
      title: typeof ad.title === 'string' ? ad.title : '',
    });
  }
  return { client, ads };
}

/** vast-client's tracker, for the controller (which loads this module only when a source has an ad tag). */
export { VASTTracker };
