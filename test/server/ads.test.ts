// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- @dailymotion/vmap ships no types; they are declared beside the element (tsconfig.node.json does not include src-element)
/// <reference path="../../src-element/core/ads/vmap-module.d.ts" />
/**
 * The demo ad server (demo/server/ads.ts, issue 14): its VAST and VMAP documents as the player's
 * parsers read them (@dailymotion/vast-client, @dailymotion/vmap, fetching from the real server),
 * the wrapper chain, the failing answers, and the tracking record of the control API.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { VASTClient } from '@dailymotion/vast-client';
import VMAP from '@dailymotion/vmap';
import { DOMParser } from '@xmldom/xmldom';
import { fetchJson, useDemoServer } from './helpers.js';

const demo = useDemoServer();

beforeEach(async () => {
  assert.equal((await fetchJson(`${demo.url}/__demo/reset`, { method: 'POST' })).status, 200);
});

type Any = any;

async function vast(path: string, options: Record<string, unknown> = {}): Promise<Any> {
  return new VASTClient().get(`${demo.url}${path}`, { resolveAll: true, ...options });
}

describe('demo ad server: VAST', () => {
  test('pre-roll: one inline linear ad, 6 s, skippable after 4 s, an MP4 on the storefront, every pixel', async () => {
    const response = await vast('/services/ads/vast/preroll');
    assert.equal(response.ads.length, 1);
    const ad = response.ads[0];
    assert.equal(ad.id, 'preroll');
    assert.deepEqual(
      ad.impressionURLTemplates.map((t: Any) => t.url),
      [`${demo.url}/services/ads/track/preroll/impression?cb=[CACHEBUSTING]`],
    );
    const linear = ad.creatives.find((c: Any) => c.type === 'linear');
    assert.equal(linear.duration, 6);
    assert.equal(linear.skipDelay, 4);
    assert.equal(linear.mediaFiles[0].fileURL, `${demo.url}/media/feature/mp4/feature.mp4`);
    assert.equal(linear.mediaFiles[0].mimeType, 'video/mp4');
    for (const event of ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'skip']) {
      assert.equal(linear.trackingEvents[event]?.[0], `${demo.url}/services/ads/track/preroll/${event}?cb=[CACHEBUSTING]`, event);
    }
    const media = await fetch(linear.mediaFiles[0].fileURL, { headers: { range: 'bytes=0-99' } });
    assert.equal(media.status, 206);
  });

  test('mid-roll skippable after 2 s; noskip has no skip offset; d and skip override', async () => {
    const mid = (await vast('/services/ads/vast/midroll')).ads[0].creatives[0];
    assert.equal(mid.skipDelay, 2);
    const noskip = (await vast('/services/ads/vast/noskip')).ads[0].creatives[0];
    assert.equal(noskip.skipDelay, -1); // the library's "not skippable"
    const custom = (await vast('/services/ads/vast/preroll?d=3&skip=none')).ads[0].creatives[0];
    assert.equal(custom.duration, 3);
    assert.equal(custom.skipDelay, -1);
    assert.equal((await fetch(`${demo.url}/services/ads/vast/preroll?d=0`)).status, 400);
    assert.equal((await fetch(`${demo.url}/services/ads/vast/nothing`)).status, 404);
    assert.equal((await fetch(`${demo.url}/services/ads/vast/constructor`)).status, 404);
  });

  test('wrapper chain: 3 wrappers resolve to the pre-roll with every wrapper impression merged', async () => {
    const response = await vast('/services/ads/vast/wrapper/3', { wrapperLimit: 7 });
    assert.equal(response.ads.length, 1);
    const ad = response.ads[0];
    assert.equal(ad.creatives[0].duration, 6);
    assert.deepEqual(
      ad.impressionURLTemplates.map((t: Any) => t.url).sort(),
      ['preroll', 'wrapper-1', 'wrapper-2', 'wrapper-3'].map((id) => `${demo.url}/services/ads/track/${id}/impression?cb=[CACHEBUSTING]`).sort(),
    );
    const fetched = (await fetchJson(`${demo.url}/__demo/requests?path=/services/ads/vast/*`)).body.requests.map((r: Any) => r.path);
    assert.deepEqual(fetched, ['/services/ads/vast/wrapper/3', '/services/ads/vast/wrapper/2', '/services/ads/vast/wrapper/1', '/services/ads/vast/wrapper/0']);
  });

  test('empty VAST: no ads; the error answer is HTTP 500', async () => {
    const empty = await vast('/services/ads/vast/empty');
    assert.equal(empty.ads.length, 0);
    assert.equal((await fetch(`${demo.url}/services/ads/vast/error`)).status, 500);
    const broken = (await vast('/services/ads/vast/broken')).ads[0].creatives[0];
    assert.equal((await fetch(broken.mediaFiles[0].fileURL)).status, 404);
  });

  test('cross-origin pages may read the documents (CORS, like every /services/ path)', async () => {
    const res = await fetch(`${demo.url}/services/ads/vast/preroll`, { headers: { origin: 'http://localhost:1' } });
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:1');
  });
});

describe('demo ad server: VMAP', () => {
  test('breaks=start:preroll,10:midroll,end:noskip → three linear breaks with their ad tags', async () => {
    const res = await fetch(`${demo.url}/services/ads/vmap?breaks=start:preroll,10:midroll,end:noskip&d=3`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/xml/);
    const doc = new DOMParser().parseFromString(await res.text(), 'text/xml');
    const parsed: Any = new VMAP(doc);
    assert.deepEqual(
      parsed.adBreaks.map((b: Any) => [b.timeOffset, b.breakType, b.adSource.adTagURI.uri]),
      [
        ['start', 'linear', `${demo.url}/services/ads/vast/preroll?d=3`],
        ['00:00:10.000', 'linear', `${demo.url}/services/ads/vast/midroll?d=3`],
        ['end', 'linear', `${demo.url}/services/ads/vast/noskip?d=3`],
      ],
    );
    assert.equal((await fetch(`${demo.url}/services/ads/vmap?breaks=start:nothing`)).status, 400);
    assert.equal((await fetch(`${demo.url}/services/ads/vmap?breaks=-1:preroll`)).status, 400);
  });
});

describe('demo ad server: tracking', () => {
  test('pixels answer a GIF and GET /__demo/ad-tracking lists them in order with error codes', async () => {
    const pixel = await fetch(`${demo.url}/services/ads/track/preroll/impression`);
    assert.equal(pixel.status, 200);
    assert.equal(pixel.headers.get('content-type'), 'image/gif');
    await fetch(`${demo.url}/services/ads/track/preroll/error?code=405`);
    const { body } = await fetchJson(`${demo.url}/__demo/ad-tracking`);
    assert.deepEqual(
      body.events.map((e: Any) => [e.ad, e.event, e.code]),
      [
        ['preroll', 'impression', null],
        ['preroll', 'error', '405'],
      ],
    );
  });
});

describe('demo ad server: ad pod', () => {
  test('vast/pod: two ads with sequence 1 and 2, each with its own pixels', async () => {
    const response = await vast('/services/ads/vast/pod?d=2');
    assert.deepEqual(
      response.ads.map((ad: Any) => [ad.id, ad.sequence, ad.creatives[0].duration, ad.creatives[0].skipDelay]),
      [
        ['pod-1', '1', 2, -1],
        ['pod-2', '2', 2, 2],
      ],
    );
  });
});
