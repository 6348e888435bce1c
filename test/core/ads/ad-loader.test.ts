/**
 * The ad loader (core/ads/ad-loader.ts) in Chromium against the demo ad server: VMAP and VAST tags
 * through @dailymotion/vmap and @dailymotion/vast-client, the 6-redirect wrapper limit
 * (player-and-client §9), a blocked request (that URL never answers while its host does: the
 * control API drops the connection) versus an HTTP error, a down host, CORS, `javascript:` and a
 * body over 1 MiB (issue 25), the `Referer`, and the VAST error pixels the library fires (checked
 * in the server's record).
 */
import { expect } from '@open-wc/testing';
import { AdLoadError, loadAdSchedule, loadBreak } from '../../../src-element/core/ads/ad-loader.js';
import { demoControl, demoUrl, resetDemo } from '../../helpers/demo.js';

interface AdEvent {
  ad: string;
  event: string;
  code: string | null;
}
const tracking = async (): Promise<AdEvent[]> => (await demoControl<{ events: AdEvent[] }>('ad-tracking')).events;

/** Polls the server's tracking record until `predicate` holds (pixels are fire-and-forget images). */
async function trackedUntil(predicate: (events: AdEvent[]) => boolean, timeoutMs = 5000): Promise<AdEvent[]> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const events = await tracking();
    if (predicate(events) || performance.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function loadError(promise: Promise<unknown>): Promise<AdLoadError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AdLoadError) return error;
    throw error;
  }
  throw new Error('expected an AdLoadError');
}

describe('loadAdSchedule / loadBreak (real demo ad server)', () => {
  beforeEach(() => resetDemo());

  it('a VMAP tag gives its breaks; each break’s VAST resolves to a playable linear ad', async () => {
    const breaks = await loadAdSchedule(demoUrl('/services/ads/vmap?breaks=start:preroll,10:midroll,end:noskip'), Number.NaN);
    expect(breaks.map((b) => [b.id, b.offset, b.tagUrl])).to.deep.equal([
      ['break-1', 'start', demoUrl('/services/ads/vast/preroll')],
      ['break-2', 10, demoUrl('/services/ads/vast/midroll')],
      ['break-3', 'end', demoUrl('/services/ads/vast/noskip')],
    ]);
    const mid = await loadBreak(breaks[1]!);
    expect(mid.ads).to.have.length(1);
    expect(mid.ads[0]).to.include({ mediaUrl: demoUrl('/media/feature/mp4/feature.mp4'), durationS: 6, skipOffsetS: 2, title: 'Demo mid-roll' });
    const noskip = await loadBreak(breaks[2]!);
    expect(noskip.ads[0]!.skipOffsetS).to.equal(null);
  });

  it('VMAP percentage offsets are resolved with the duration known when the tag arrives; unknown → dropped', async () => {
    const tag = demoUrl('/services/ads/vmap?breaks=start:preroll,50%25:midroll');
    const known = await loadAdSchedule(tag, () => 60);
    expect(known.map((b) => b.offset)).to.deep.equal(['start', 30]);
    const unknown = await loadAdSchedule(tag, Number.NaN);
    expect(unknown.map((b) => b.offset)).to.deep.equal(['start']);
  });

  it('a VAST tag is one pre-roll', async () => {
    const breaks = await loadAdSchedule(demoUrl('/services/ads/vast/preroll?cb=1'), Number.NaN);
    expect(breaks).to.have.length(1);
    expect(breaks[0]!.offset).to.equal('start');
    const loaded = await loadBreak(breaks[0]!);
    expect(loaded.ads[0]!.skipOffsetS).to.equal(4);
  });

  it('an ad pod: its ads in sequence order', async () => {
    const loaded = await loadBreak({ id: 'p', offset: 'start', tagUrl: demoUrl('/services/ads/vast/pod?d=2'), vast: null });
    expect(loaded.ads.map((ad) => [ad.title, ad.skipOffsetS])).to.deep.equal([
      ['Demo unskippable ad', null],
      ['Demo mid-roll', 2],
    ]);
  });

  it('6 wrapper redirects are followed; a 7th is not (VAST 302 pixel)', async () => {
    const six = await loadBreak({ id: 'w6', offset: 'start', tagUrl: demoUrl('/services/ads/vast/wrapper/6'), vast: null });
    expect(six.ads).to.have.length(1);
    expect(six.ads[0]!.title).to.equal('Demo pre-roll');
    await resetDemo();
    const seven = await loadBreak({ id: 'w7', offset: 'start', tagUrl: demoUrl('/services/ads/vast/wrapper/7'), vast: null });
    expect(seven.ads).to.have.length(0);
    const fetched = (await demoControl<{ requests: { path: string }[] }>('requests?path=/services/ads/vast/*')).requests.map((r) => r.path);
    expect(fetched).to.deep.equal([7, 6, 5, 4, 3, 2, 1].map((n) => `/services/ads/vast/wrapper/${n}`));
    const events = await trackedUntil((list) => list.some((e) => e.event === 'error'));
    expect(events.filter((e) => e.event === 'error').map((e) => e.code)).to.include('302');
  });

  it('an empty VAST: no ads, and its 303 (no ad) error pixel', async () => {
    const loaded = await loadBreak({ id: 'e', offset: 'start', tagUrl: demoUrl('/services/ads/vast/empty'), vast: null });
    expect(loaded.ads).to.have.length(0);
    const events = await trackedUntil((list) => list.some((e) => e.ad === 'empty'));
    expect(events.map((e) => [e.ad, e.event, e.code])).to.deep.include(['empty', 'error', '303']);
  });

  // The demo's stand-in for an ad blocker: that one ad URL never answers (the connection is
  // dropped, with or without CORS) while its host answers (issue 25 item 5).
  it('the tag request blocked (that URL never answers, its host does) → blocked; HTTP 500 or junk → failed', async () => {
    await demoControl('fault', { path: '/services/ads/vmap', status: 0 });
    const blocked = await loadError(loadAdSchedule(demoUrl('/services/ads/vmap?breaks=start:preroll'), Number.NaN));
    expect(blocked.kind).to.equal('blocked');
    const failed = await loadError(loadAdSchedule(demoUrl('/services/ads/vast/error'), Number.NaN));
    expect(failed.kind).to.equal('failed');
    expect(failed.message).to.contain('500');
    const junk = await loadError(loadAdSchedule(demoUrl('/services/ads/track/x/y'), Number.NaN));
    expect(junk.kind).to.equal('failed');
  });

  it('a break whose own VAST request is blocked → blocked; one answering 500 → failed', async () => {
    await demoControl('fault', { path: '/services/ads/vast/midroll', status: 0 });
    const blocked = await loadError(loadBreak({ id: 'b', offset: 10, tagUrl: demoUrl('/services/ads/vast/midroll'), vast: null }));
    expect(blocked.kind).to.equal('blocked');
    const failed = await loadError(loadBreak({ id: 'f', offset: 10, tagUrl: demoUrl('/services/ads/vast/error'), vast: null }));
    expect(failed.kind).to.equal('failed');
  });

  // issue 25 item 4: a 8 MiB VAST (the cap is 1 MiB) is refused, as a tag and at the end of a wrapper chain.
  it('an ad response over 1 MiB is an ad error (failed), as the tag, a break and a wrapper', async () => {
    const tag = await loadError(loadAdSchedule(demoUrl('/services/ads/vast/huge?mb=8'), Number.NaN));
    expect(tag.kind).to.equal('failed');
    expect(tag.message).to.contain('larger than 1048576 bytes');
    const [huge] = await loadAdSchedule(demoUrl('/services/ads/vmap?breaks=start:huge&mb=8'), Number.NaN);
    const broken = await loadError(loadBreak(huge!));
    expect(broken.kind).to.equal('failed');
    expect(broken.message).to.contain('larger than');
    // A wrapper's VAST too: the chain gives no ad, and the wrapper's error pixel fires.
    const wrapped = await loadBreak({ id: 'w', offset: 'start', tagUrl: demoUrl('/services/ads/vast/wrapper/2?to=huge&mb=8'), vast: null });
    expect(wrapped.ads).to.have.length(0);
    const events = await trackedUntil((list) => list.some((e) => e.event === 'error'));
    expect(events.filter((e) => e.event === 'error').map((e) => e.ad)).to.include('wrapper-1');
  });

  // issue 25 item 5: only a request never sent for an ad URL whose host answers is "blocked".
  it('a down host, a CORS refusal or a javascript: URL is failed (an ad error), not blocked', async () => {
    const down = await loadError(loadAdSchedule('http://127.0.0.1:1/services/ads/vmap?breaks=start:preroll', Number.NaN));
    expect(down.kind).to.equal('failed');
    const breaks = await loadAdSchedule(demoUrl('/services/ads/vmap?breaks=start:down,5:nocors,10:javascript'), Number.NaN);
    expect(breaks.map((b) => b.tagUrl?.split(':')[0])).to.deep.equal(['http', 'http', 'javascript']);
    for (const adBreak of breaks) {
      const error = await loadError(loadBreak(adBreak));
      expect([adBreak.tagUrl, error.kind]).to.deep.equal([adBreak.tagUrl, 'failed']);
    }
    // The CORS-refused VAST was answered by the server (the browser sent it).
    expect((await demoControl<{ requests: unknown[] }>('requests?path=/services/ads/vast/nocors')).requests.length).to.be.at.least(1);
    const nocorsTag = await loadError(loadAdSchedule(demoUrl('/services/ads/vast/nocors'), Number.NaN));
    expect(nocorsTag.kind).to.equal('failed');
  });

  // issue 25 item 6: the page's own referrer policy holds; at most the page's origin is sent.
  it('ad requests send at most the page origin as Referer, and nothing under a no-referrer page', async () => {
    const page = location.href;
    history.replaceState(null, '', `${location.pathname}${location.search}${location.search ? '&' : '?'}token=secret-page-token`);
    const meta = document.createElement('meta');
    try {
      const [adBreak] = await loadAdSchedule(demoUrl('/services/ads/vmap?breaks=start:wrapper-1'), Number.NaN);
      await loadBreak(adBreak!);
      const referers = async (): Promise<unknown[]> =>
        (await demoControl<{ requests: { headers: Record<string, unknown> }[] }>('requests?path=/services/ads/v*')).requests.map((r) => r.headers['referer']);
      const sent = await referers();
      expect(sent).to.have.length(3);
      expect(sent).to.deep.equal(sent.map(() => `${location.origin}/`));
      await resetDemo();
      meta.name = 'referrer';
      meta.content = 'no-referrer';
      document.head.append(meta);
      const [again] = await loadAdSchedule(demoUrl('/services/ads/vmap?breaks=start:wrapper-1'), Number.NaN);
      await loadBreak(again!);
      expect(await referers()).to.deep.equal([undefined, undefined, undefined]);
    } finally {
      meta.remove();
      history.replaceState(null, '', page);
    }
  });
});
