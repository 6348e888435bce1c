/**
 * The demo storefront's ad server (issue 14; player-and-client §2, §4, §7, §9; play-page §3
 * `ad_tag`): VAST 4.1 and VMAP 1.0 documents for the player's ads, and tracking pixels.
 *
 * Under `/services/ads/` so the storefront's CORS applies (the element tests' page is on another
 * origin). Ad media is the demo feature's progressive MP4 (`/media/feature/mp4/feature.mp4`, 60 s):
 * each creative declares a shorter `<Duration>` and the player ends the ad there (an ad ends at its
 * media's end or at its declared duration, whichever comes first).
 *
 * | Path | Answer |
 * |---|---|
 * | `GET /services/ads/vast/preroll` | linear, 6 s, skippable after 4 s |
 * | `GET /services/ads/vast/midroll` | linear, 6 s, skippable after 2 s |
 * | `GET /services/ads/vast/noskip` | linear, 5 s, not skippable |
 * | `GET /services/ads/vast/broken` | linear whose media file is 404 (a media error: VAST error 405) |
 * | `GET /services/ads/vast/pod` | an ad pod: `pod-1` (as noskip), then `pod-2` (as midroll) |
 * | `GET /services/ads/vast/empty` | an empty VAST (no ad: VAST error 303 pixel) |
 * | `GET /services/ads/vast/error` | HTTP 500 (an ad request error) |
 * | `GET /services/ads/vast/wrapper/{n}` | a wrapper pointing at `wrapper/{n-1}`; `wrapper/0` is the pre-roll |
 * | `GET /services/ads/vast/huge?mb={n}` | a valid pre-roll VAST padded with an XML comment to `n` MiB (1-256, default 8), chunked (no `Content-Length`) |
 * | `GET /services/ads/vast/nocors` | the pre-roll VAST without CORS headers (a cross-origin page cannot read it) |
 * | `GET /services/ads/vmap?breaks=start:preroll,10:midroll,end:noskip` | VMAP: one break per entry (`start`, `end` or seconds), each an `AdTagURI` to `vast/{name}` |
 * | `GET /services/ads/track/{ad}/{event}` | tracking pixel (1×1 GIF); `error` takes `?code=` |
 *
 * Faulty ad URLs for VMAP `breaks=` (issue 25): `down` (an `AdTagURI` on a loopback port nothing
 * listens on: the connection is refused), `nocors` (`vast/nocors`, cross-origin from the element
 * tests' page; `nocors` on the play page's own origin points at the same path on the other loopback
 * name, `127.0.0.1` ⇄ `localhost`), `javascript` (a `javascript:` `AdTagURI`), `huge` (`vast/huge`).
 * `vast/wrapper/{n}?to=huge` ends its chain at `vast/huge` instead of the pre-roll. A test points
 * the play page's own tag at one of them with a one-time `302` fault on `/services/ads/vmap`.
 *
 * Every VAST answer takes `?d=` (the declared duration, seconds, 1-60) and `?skip=` (the skip
 * offset, seconds; `none` for no skip). Tracking requests are recorded like every request, and
 * `GET /__demo/ad-tracking` lists them as `{ad, event, code, at}` (control API only).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http.js';
import type { DemoState } from './state.js';

export const ADS_BASE_PATH = '/services/ads';
export const AD_TRACK_PATH = `${ADS_BASE_PATH}/track/`;
/** The media every demo creative plays (demo/media/README.md). */
export const AD_MEDIA_PATH = '/media/feature/mp4/feature.mp4';
/** Deepest wrapper chain the endpoint serves (the player follows at most 6 redirects). */
export const MAX_DEMO_WRAPPER_DEPTH = 10;

interface LinearSpec {
  durationS: number;
  /** Skip offset, seconds, or null: not skippable. */
  skipS: number | null;
  title: string;
  media: string;
}

const LINEAR_ADS: Readonly<Record<string, LinearSpec>> = Object.freeze({
  preroll: { durationS: 6, skipS: 4, title: 'Demo pre-roll', media: AD_MEDIA_PATH },
  midroll: { durationS: 6, skipS: 2, title: 'Demo mid-roll', media: AD_MEDIA_PATH },
  noskip: { durationS: 5, skipS: null, title: 'Demo unskippable ad', media: AD_MEDIA_PATH },
  broken: { durationS: 5, skipS: null, title: 'Demo ad with missing media', media: '/media/ads/missing.mp4' },
});

/** Names `vmap?breaks=` may use: the linear ads, `pod`, `empty`, `error`, `wrapper-{n}` and the faulty URLs. */
const AD_NAME = /^(preroll|midroll|noskip|broken|pod|empty|error|wrapper-\d{1,2}|down|nocors|javascript|huge)$/;
/** A loopback port nothing listens on (the `down` break: connection refused). */
const DOWN_PORT = 1;
/** Largest `vast/huge?mb=` (MiB). */
const MAX_HUGE_MB = 256;

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const xmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `HH:MM:SS.mmm` of a number of seconds (VAST `Duration`, `skipoffset`; VMAP `timeOffset`). */
export function vastTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}

function intParam(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new HttpError(400, 'invalid_query', `"${name}" must be a number from ${min} to ${max}.`);
  return n;
}

/** The tracking URL of one event of ad `id` (VAST macros left for the player to fill). */
/**
 * A tracking pixel's URL template, with the VAST `[CACHEBUSTING]` macro (IAB VAST 4.1 §6.2) as real
 * ad servers put it: without it a browser answers a pixel it already loaded in the same page from
 * its image cache, and the request never reaches the server (a second ad of the same id).
 * `query`: more parameters (the error pixel's `code=[ERRORCODE]`).
 */
function trackUrl(base: string, id: string, event: string, query = ''): string {
  return `${base}${AD_TRACK_PATH}${id}/${event}?${query ? `${query}&` : ''}cb=[CACHEBUSTING]`;
}

/** One inline linear `<Ad>` (IAB VAST 4.1 §3.4, §3.9); `sequence` places it in an ad pod. */
function inlineAd(base: string, id: string, spec: LinearSpec, sequence?: number): string {
  const track = (event: string): string => `<Tracking event="${event}"><![CDATA[${trackUrl(base, id, event)}]]></Tracking>`;
  const skip = spec.skipS === null ? '' : ` skipoffset="${vastTime(spec.skipS)}"`;
  return `  <Ad id="${xmlEscape(id)}"${sequence === undefined ? '' : ` sequence="${sequence}"`}>
    <InLine>
      <AdSystem version="1">s72 demo ad server</AdSystem>
      <AdServingId>${xmlEscape(id)}-serving</AdServingId>
      <AdTitle>${xmlEscape(spec.title)}</AdTitle>
      <Impression id="imp"><![CDATA[${trackUrl(base, id, 'impression')}]]></Impression>
      <Error><![CDATA[${trackUrl(base, id, 'error', 'code=[ERRORCODE]')}]]></Error>
      <Creatives>
        <Creative id="${xmlEscape(id)}-creative" sequence="1">
          <Linear${skip}>
            <Duration>${vastTime(spec.durationS)}</Duration>
            <TrackingEvents>
              ${['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'skip', 'pause', 'resume', 'mute', 'unmute'].map(track).join('\n              ')}
            </TrackingEvents>
            <MediaFiles>
              <MediaFile id="${xmlEscape(id)}-mp4" delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="256"><![CDATA[${base}${spec.media}]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>`;
}

/** A VAST 4.1 document with one inline linear ad. */
export function linearVast(base: string, id: string, spec: LinearSpec): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
${inlineAd(base, id, spec)}
</VAST>
`;
}

/** A VAST 4.1 ad pod (§2.3.3): the given ads with `sequence` 1, 2, … played one after the other. */
export function podVast(base: string, ads: readonly { id: string; spec: LinearSpec }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
${ads.map((ad, i) => inlineAd(base, ad.id, ad.spec, i + 1)).join('\n')}
</VAST>
`;
}

/** A VAST wrapper (VAST 4.1 §3.5) pointing at `next`, with its own impression and error pixels. */
export function wrapperVast(base: string, id: string, next: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
  <Ad id="${xmlEscape(id)}">
    <Wrapper>
      <AdSystem version="1">s72 demo ad server</AdSystem>
      <Impression><![CDATA[${trackUrl(base, id, 'impression')}]]></Impression>
      <Error><![CDATA[${trackUrl(base, id, 'error', 'code=[ERRORCODE]')}]]></Error>
      <VASTAdTagURI><![CDATA[${next}]]></VASTAdTagURI>
    </Wrapper>
  </Ad>
</VAST>
`;
}

/** An empty VAST (no ad, VAST 4.1 §2.3.1.2): its `<Error>` is the "no ad" (303) pixel. */
export function emptyVast(base: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
  <Error><![CDATA[${trackUrl(base, 'empty', 'error', 'code=[ERRORCODE]')}]]></Error>
</VAST>
`;
}

/** One break of a VMAP document: `start`, `end` or seconds into the content, and the ad to play. */
export interface VmapBreakSpec {
  /** `start`, `end`, seconds, or a percentage of the content (`50%`). */
  offset: 'start' | 'end' | number | `${number}%`;
  ad: string;
}

/** Parses `vmap?breaks=` (`start:preroll,10:midroll,50%:midroll,end:noskip`). */
export function parseBreaks(value: unknown): VmapBreakSpec[] {
  const text = typeof value === 'string' && value.trim() ? value : 'start:preroll';
  return text.split(',').map((entry) => {
    const [offset = '', ad = ''] = entry.trim().split(':');
    if (!AD_NAME.test(ad)) throw new HttpError(400, 'invalid_query', `Unknown ad "${ad}" in "breaks".`);
    if (offset === 'start' || offset === 'end') return { offset, ad };
    if (/^\d{1,3}(\.\d+)?%$/.test(offset) && Number.parseFloat(offset) <= 100) return { offset: offset as `${number}%`, ad };
    const seconds = Number(offset);
    if (!offset || !Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) {
      throw new HttpError(400, 'invalid_query', `Bad offset "${offset}" in "breaks": start, end or seconds.`);
    }
    return { offset: seconds, ad };
  });
}

/** A VMAP 1.0 document (IAB VMAP 1.0 §2.4): one linear break per spec, its ads by `AdTagURI`. */
export function vmap(base: string, breaks: readonly VmapBreakSpec[], query = '', pageOrigin: string | null = null): string {
  const tagOf = (ad: string): string => {
    if (ad === 'javascript') return 'javascript:alert(document.domain)';
    if (ad === 'down') return `http://127.0.0.1:${DOWN_PORT}${ADS_BASE_PATH}/vast/preroll`;
    if (ad === 'nocors') return `${otherLoopback(base, pageOrigin)}${ADS_BASE_PATH}/vast/nocors${query}`;
    const wrapper = /^wrapper-(\d+)$/.exec(ad);
    return `${base}${ADS_BASE_PATH}/vast/${wrapper ? `wrapper/${wrapper[1]}` : ad}${query}`;
  };
  const items = breaks.map((b, i) => {
    const offset = typeof b.offset === 'number' ? vastTime(b.offset) : b.offset;
    return `  <vmap:AdBreak timeOffset="${offset}" breakType="linear" breakId="break-${i + 1}">
    <vmap:AdSource id="source-${i + 1}" allowMultipleAds="false" followRedirects="true">
      <vmap:AdTagURI templateType="vast4"><![CDATA[${tagOf(b.ad)}]]></vmap:AdTagURI>
    </vmap:AdSource>
    <vmap:TrackingEvents>
      <vmap:Tracking event="breakStart"><![CDATA[${trackUrl(base, `break-${i + 1}`, 'breakStart')}]]></vmap:Tracking>
      <vmap:Tracking event="breakEnd"><![CDATA[${trackUrl(base, `break-${i + 1}`, 'breakEnd')}]]></vmap:Tracking>
    </vmap:TrackingEvents>
  </vmap:AdBreak>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
${items.join('\n')}
</vmap:VMAP>
`;
}

/**
 * The ad server's origin as a page on `pageOrigin` must reach it cross-origin: the same port on
 * the other loopback name (`localhost` ⇄ `127.0.0.1`) when the page is on the ad server's own
 * origin, else the ad server itself.
 */
function otherLoopback(base: string, pageOrigin: string | null): string {
  if (pageOrigin !== base) return base;
  const url = new URL(base);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
}

/** A valid pre-roll VAST padded with an XML comment to `mb` MiB, streamed in 64 KiB chunks. */
function hugeVast(base: string, spec: LinearSpec, mb: number): Readable {
  const [head = '', tail = ''] = linearVast(base, 'huge', spec).split('\n<VAST');
  const chunk = 'x'.repeat(64 * 1024);
  let left = Math.ceil((mb * 1024 * 1024) / chunk.length);
  return Readable.from(
    (function* () {
      yield `${head}\n<!-- `;
      while (left-- > 0) yield chunk;
      yield ` -->\n<VAST${tail}`;
    })(),
  );
}

/** One tracking request as `GET /__demo/ad-tracking` lists it. */
export interface AdTrackingEvent {
  ad: string;
  event: string;
  /** `?code=` of an error pixel, else null. */
  code: string | null;
  /** ISO time it arrived (server clock). */
  at: string;
}

/** The tracking requests the storefront recorded, oldest first. */
export function adTrackingEvents(state: DemoState): AdTrackingEvent[] {
  return state.recordings
    .filter((r) => r.method === 'GET' && r.path.startsWith(AD_TRACK_PATH))
    .map((r) => {
      const [ad = '', event = ''] = r.path.slice(AD_TRACK_PATH.length).split('/');
      const code = r.query['code'];
      return { ad, event, code: typeof code === 'string' ? code : null, at: r.at };
    });
}

function sendXml(reply: FastifyReply, xml: string): FastifyReply {
  return reply.header('cache-control', 'no-store').type('application/xml; charset=utf-8').send(xml);
}

/** Passes `d` and `skip` on to the next document of a chain. */
function passOn(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const key of ['d', 'skip', 'to', 'mb']) if (typeof query[key] === 'string') params.set(key, query[key] as string);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A linear ad's spec with the query's `d` and `skip` applied. */
function linearSpec(name: string, query: Record<string, unknown>): LinearSpec {
  const spec = Object.hasOwn(LINEAR_ADS, name) ? LINEAR_ADS[name] : undefined;
  if (!spec) throw new HttpError(404, 'not_found', `No demo ad "${name}".`);
  const durationS = intParam(query['d'], 'd', 1, 60) ?? spec.durationS;
  const skipRaw = query['skip'];
  const skipS = skipRaw === 'none' ? null : (intParam(skipRaw, 'skip', 0, 60) ?? spec.skipS);
  return { ...spec, durationS, skipS };
}

/** Registers the ad server's routes. */
export function registerAds(app: FastifyInstance): void {
  type Query = Record<string, unknown>;

  app.get<{ Params: { name: string }; Querystring: Query }>(`${ADS_BASE_PATH}/vast/:name`, async (req, reply) => {
    const base = origin(req);
    const name = req.params.name;
    if (name === 'empty') return sendXml(reply, emptyVast(base));
    if (name === 'pod') {
      return sendXml(reply, podVast(base, [{ id: 'pod-1', spec: linearSpec('noskip', req.query) }, { id: 'pod-2', spec: linearSpec('midroll', req.query) }]));
    }
    if (name === 'error') throw new HttpError(500, 'ad_server_error', 'The demo ad server failed on purpose.');
    if (name === 'huge') {
      const mb = intParam(req.query['mb'], 'mb', 1, MAX_HUGE_MB) ?? 8;
      return reply.header('cache-control', 'no-store').type('application/xml; charset=utf-8').send(hugeVast(base, linearSpec('preroll', req.query), mb));
    }
    if (name === 'nocors') {
      for (const header of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers']) reply.removeHeader(header);
      return sendXml(reply, linearVast(base, 'nocors', linearSpec('preroll', req.query)));
    }
    return sendXml(reply, linearVast(base, name, linearSpec(name, req.query)));
  });

  app.get<{ Params: { depth: string }; Querystring: Query }>(`${ADS_BASE_PATH}/vast/wrapper/:depth`, async (req, reply) => {
    const depth = intParam(req.params.depth, 'depth', 0, MAX_DEMO_WRAPPER_DEPTH);
    if (depth === undefined) throw new HttpError(400, 'invalid_query', 'Bad wrapper depth.');
    const base = origin(req);
    const query = passOn(req.query);
    if (depth === 0 && req.query['to'] === 'huge') {
      const mb = intParam(req.query['mb'], 'mb', 1, MAX_HUGE_MB) ?? 8;
      return reply.header('cache-control', 'no-store').type('application/xml; charset=utf-8').send(hugeVast(base, linearSpec('preroll', req.query), mb));
    }
    if (depth === 0) return sendXml(reply, linearVast(base, 'preroll', linearSpec('preroll', req.query)));
    return sendXml(reply, wrapperVast(base, `wrapper-${depth}`, `${base}${ADS_BASE_PATH}/vast/wrapper/${depth - 1}${query}`));
  });

  app.get<{ Querystring: Query }>(`${ADS_BASE_PATH}/vmap`, async (req, reply) => {
    const page = typeof req.headers.origin === 'string' ? req.headers.origin : null;
    return sendXml(reply, vmap(origin(req), parseBreaks(req.query['breaks']), passOn(req.query), page ?? origin(req)));
  });

  app.get<{ Params: { '*': string } }>(`${AD_TRACK_PATH}*`, async (_req, reply) => {
    return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
  });
}

/** `GET /__demo/ad-tracking`: the recorded tracking requests (control API only). */
export function registerAdsControl(app: FastifyInstance, state: DemoState): void {
  app.get('/__demo/ad-tracking', async () => ({ events: adTrackingEvents(state) }));
}
