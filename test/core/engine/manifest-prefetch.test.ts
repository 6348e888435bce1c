/**
 * Start-up path (issue 12 "Levers"): the manifest prefetch (manifest-prefetch.ts) against the real
 * demo storefront, and `<s72-player>` using it: one manifest request per start, the licence and the
 * first segments requested before the licence answers (shaka's preload), and play asked for before
 * `load()` resolves.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src-element/s72-player.js';
import type { S72Player } from '../../../src-element/s72-player.js';
import {
  PREFETCH_MAX_AGE_MS,
  clearPrefetchedManifests,
  prefetchManifest,
  takePrefetchedManifest,
} from '../../../src-element/core/engine/manifest-prefetch.js';
import { ADULT_TOKEN, CLEARKEY_LICENSE_PATH, MEDIA, demoControl, demoUrl, nextEvent, playTokenFor, recordedRequests, resetDemo, until } from '../../helpers/demo.js';

describe('manifest prefetch', function () {
  this.timeout(30_000);

  beforeEach(async () => {
    clearPrefetchedManifests();
    await resetDemo();
  });

  it('fetches once, hands the answer over once, and resolves relative URLs against the document', async () => {
    const url = demoUrl(MEDIA.clearDash);
    prefetchManifest(url);
    prefetchManifest(url); // pending and fresh: no second request
    const taken = await takePrefetchedManifest(url);
    expect(taken, 'the answer').to.not.equal(null);
    expect(taken!.status).to.equal(200);
    expect(taken!.responseUrl).to.equal(url);
    expect(new TextDecoder().decode(taken!.data)).to.contain('<MPD');
    expect(taken!.headers['content-type']).to.match(/dash\+xml|xml/);
    expect(takePrefetchedManifest(url), 'used once').to.equal(undefined);
    expect(await recordedRequests(MEDIA.clearDash)).to.have.length(1);
  });

  it('keeps an HTTP error answer (the engine counts it as its first attempt)', async () => {
    await demoControl('fault', { path: MEDIA.clearDash, status: 404 });
    const url = demoUrl(MEDIA.clearDash);
    prefetchManifest(url);
    const taken = await takePrefetchedManifest(url);
    expect(taken?.status).to.equal(404);
  });

  it('gives nothing for a stale prefetch, an unknown URL, or a non-http(s) URL', async () => {
    const url = demoUrl(MEDIA.clearDash);
    const then = Date.now();
    prefetchManifest(url, then);
    expect(takePrefetchedManifest(url, then + PREFETCH_MAX_AGE_MS + 1), 'stale').to.equal(undefined);
    expect(takePrefetchedManifest(demoUrl('/media/none.mpd'))).to.equal(undefined);
    prefetchManifest('data:application/dash+xml,<MPD/>');
    prefetchManifest('http://[bad');
    expect(takePrefetchedManifest('data:application/dash+xml,<MPD/>')).to.equal(undefined);
  });

  it('answers null when the request gets no answer at all', async () => {
    // Nothing listens on port 9 (discard) here: the fetch rejects.
    prefetchManifest('http://127.0.0.1:9/manifest.mpd');
    expect(await takePrefetchedManifest('http://127.0.0.1:9/manifest.mpd')).to.equal(null);
  });
});

describe('<s72-player> start-up path', function () {
  this.timeout(60_000);

  beforeEach(async () => {
    clearPrefetchedManifests();
    await resetDemo();
  });

  it('requests the manifest once, and the first segments before the licence has answered', async () => {
    // Every licence answer waits 1.5 s: segments asked for in that window were requested in parallel.
    await demoControl('latency', { path: CLEARKEY_LICENSE_PATH, ms: 1_500 });
    // The licence server gives keys to the play token of a streams call (fetched before the player starts).
    const playToken = await playTokenFor('/film/night-harbour');
    const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
    player.config = { drm: { clearkey: { licenseUrl: demoUrl(CLEARKEY_LICENSE_PATH) } } };
    player.content = { slug: '/film/night-harbour', title: 'Night Harbour', authorization: ADULT_TOKEN, playToken, assets: { dash: { url: demoUrl(MEDIA.cencDash), drms: ['clearkey'] } } };
    await until(() => player.currentTime > 0.5, 'playing', 30_000);
    const manifests = await recordedRequests(MEDIA.cencDash);
    expect(manifests, 'one manifest request: the prefetch, taken by the engine').to.have.length(1);
    const [licence] = await recordedRequests(CLEARKEY_LICENSE_PATH);
    const segments = await recordedRequests('/media/feature/dash-cenc/video-*');
    expect(licence, 'a licence request').to.not.equal(undefined);
    const firstSegment = segments.find((request) => /seg-0*1\.m4s/.test(request.path));
    expect(firstSegment, 'the first video segment').to.not.equal(undefined);
    const afterLicenceMs = Date.parse(firstSegment!.at) - Date.parse(licence!.at);
    expect(afterLicenceMs, 'segment asked for while the licence was pending (ms after the licence request)').to.be.below(1_500);
  });

  it('asks to play while the engine still loads (before s72-loaded)', async () => {
    await demoControl('latency', { path: '/media/feature/dash/*', ms: 300 });
    const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
    const video = player.shadowRoot!.querySelector('video')!;
    let playBeforeLoaded = false;
    let loaded = false;
    video.addEventListener('play', () => (playBeforeLoaded = !loaded), { once: true });
    const loadedEvent = nextEvent(player, 's72-loaded');
    player.src = demoUrl(MEDIA.clearDash);
    await loadedEvent;
    loaded = true;
    await until(() => player.currentTime > 0.2, 'playing');
    expect(playBeforeLoaded, 'the play event came before s72-loaded').to.equal(true);
  });
});
