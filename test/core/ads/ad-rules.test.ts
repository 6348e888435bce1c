/**
 * Ad rules (core/ads/ad-rules.ts; player-and-client §4 "Ad break", §9 "Ads and watermark"): the
 * cache-buster, VMAP offsets, breaks discarded at or before the resume time, the due mid-roll, the
 * skip-ad button's states and the end of an ad.
 */
import { expect } from '@open-wc/testing';
import {
  AD_MAX_REDIRECTS,
  AD_RESIZE_DEBOUNCE_MS,
  AD_VISIBILITY_CHECK_MS,
  adFinished,
  adTagUrl,
  dueMidroll,
  keptBreaks,
  parseTimeOffset,
  remainingS,
  skipState,
  withCacheBuster,
} from '../../../src-element/core/ads/ad-rules.js';

const BASE = 'https://shop.example/play/';

describe('adTagUrl: a random cache-buster (player-and-client §9)', () => {
  it('adds cb=<8 digits> to a tag without a macro, a new one each call', () => {
    const first = adTagUrl('https://ads.example/vmap?site=s72', BASE, () => 0.12345678);
    expect(first).to.deep.equal({ ok: true, url: 'https://ads.example/vmap?site=s72&cb=12345678' });
    const values = new Set(Array.from({ length: 20 }, () => new URL((adTagUrl('https://ads.example/v', BASE) as { url: string }).url).searchParams.get('cb')));
    expect(values.size).to.be.greaterThan(15);
    for (const v of values) expect(v).to.match(/^\d{8}$/);
  });

  it('fills the tag’s own cache-buster macros instead (and pads small numbers)', () => {
    expect(adTagUrl('https://ads.example/v?correlator=[CACHEBUSTING]&r=%%CACHEBUSTER%%', BASE, () => 0.00000042)).to.deep.equal({
      ok: true,
      url: 'https://ads.example/v?correlator=00000042&r=00000042',
    });
  });

  it('replaces an existing cb, resolves a relative tag against the page, refuses other schemes and junk', () => {
    expect(adTagUrl('/services/ads/vmap?cb=1', BASE, () => 0.5)).to.deep.equal({ ok: true, url: 'https://shop.example/services/ads/vmap?cb=50000000' });
    expect(adTagUrl('javascript:alert(1)', BASE).ok).to.equal(false);
    expect(adTagUrl('', BASE).ok).to.equal(false);
    expect(adTagUrl(42, BASE).ok).to.equal(false);
    expect(adTagUrl('http://[bad', BASE).ok).to.equal(false);
  });
});

describe('withCacheBuster: a fresh number in every cache-buster macro of a pixel URL', () => {
  it('replaces each macro, leaves other macros and URLs without one alone', () => {
    const numbers = [0.1, 0.25];
    const random = () => numbers.shift() ?? 0.5;
    expect(withCacheBuster('https://t.example/p?cb=[CACHEBUSTING]&e=[ERRORCODE]&r=[RANDOM]', random)).to.equal(
      'https://t.example/p?cb=10000000&e=[ERRORCODE]&r=25000000',
    );
    expect(withCacheBuster('https://t.example/p')).to.equal('https://t.example/p');
    expect(withCacheBuster('https://t.example/p?cb=[CACHEBUSTING]')).to.match(/^https:\/\/t\.example\/p\?cb=\d{8}$/);
  });
});

describe('parseTimeOffset (VMAP 1.0 timeOffset)', () => {
  it('reads start, end, clock times and percentages of a known duration', () => {
    expect(parseTimeOffset('start')).to.equal('start');
    expect(parseTimeOffset('end')).to.equal('end');
    expect(parseTimeOffset('00:00:10.500')).to.equal(10.5);
    expect(parseTimeOffset('01:02:03')).to.equal(3723);
    expect(parseTimeOffset('00:00:00')).to.equal('start');
    expect(parseTimeOffset('50%', 120)).to.equal(60);
    expect(parseTimeOffset('100%', 120)).to.equal('end');
  });

  it('drops what it cannot place: positions, percentages without a duration, junk', () => {
    for (const value of ['#1', '50%', '150%', 'soon', '', null, 10, '00:61:00']) expect(parseTimeOffset(value), String(value)).to.equal(null);
  });
});

describe('keptBreaks: breaks at or before the resume time are discarded (player-and-client §4)', () => {
  const breaks = [
    { id: 'post', offset: 'end' as const },
    { id: 'mid30', offset: 30 },
    { id: 'pre', offset: 'start' as const },
    { id: 'mid10', offset: 10 },
  ];

  it('from the beginning: every break, in order (pre, mid-rolls by time, post)', () => {
    expect(keptBreaks(breaks, null).map((b) => b.id)).to.deep.equal(['pre', 'mid10', 'mid30', 'post']);
    expect(keptBreaks(breaks, 0).map((b) => b.id)).to.deep.equal(['pre', 'mid10', 'mid30', 'post']);
  });

  it('resuming at 10 s: the pre-roll and the break at 10 s (at the resume time) are gone', () => {
    expect(keptBreaks(breaks, 10).map((b) => b.id)).to.deep.equal(['mid30', 'post']);
    expect(keptBreaks(breaks, 9.9).map((b) => b.id)).to.deep.equal(['mid10', 'mid30', 'post']);
    expect(keptBreaks(breaks, 45).map((b) => b.id)).to.deep.equal(['post']);
  });
});

describe('dueMidroll', () => {
  const breaks = [
    { id: 'a', offset: 10 },
    { id: 'b', offset: 20 },
    { id: 'pre', offset: 'start' as const },
  ];

  it('plays a break when playback reaches its offset, once', () => {
    expect(dueMidroll(breaks, new Set(), 9.8, 10.05)?.id).to.equal('a');
    expect(dueMidroll(breaks, new Set(['a']), 9.8, 10.05)).to.equal(null);
    expect(dueMidroll(breaks, new Set(), 5, 9.99)).to.equal(null);
  });

  it('a seek past several plays only the last one passed; going back plays none', () => {
    expect(dueMidroll(breaks, new Set(), 2, 25)?.id).to.equal('b');
    expect(dueMidroll(breaks, new Set(), 25, 2)).to.equal(null);
  });
});

describe('skipState: the skip-ad button is disabled until skippable (player-and-client §4)', () => {
  it('counts down whole seconds to the skip offset, then is ready', () => {
    expect(skipState(5, 0)).to.deep.equal({ kind: 'countdown', remainingS: 5 });
    expect(skipState(5, 0.2)).to.deep.equal({ kind: 'countdown', remainingS: 5 });
    expect(skipState(5, 4.01)).to.deep.equal({ kind: 'countdown', remainingS: 1 });
    expect(skipState(5, 5)).to.deep.equal({ kind: 'ready' });
    expect(skipState(0, 0)).to.deep.equal({ kind: 'ready' });
  });

  it('no skip offset (null, -1 from vast-client, NaN): no button', () => {
    for (const value of [null, undefined, -1, Number.NaN]) expect(skipState(value, 3)).to.deep.equal({ kind: 'none' });
  });
});

describe('adFinished and remainingS', () => {
  it('an ad ends at its media end or its declared duration, whichever is first', () => {
    expect(adFinished(3, 6, false)).to.equal(false);
    expect(adFinished(5.8, 6, false)).to.equal(true);
    expect(adFinished(2, 6, true)).to.equal(true);
    expect(adFinished(100, Number.NaN, false)).to.equal(false);
    expect(remainingS(1.2, 6)).to.equal(5);
    expect(remainingS(7, 6)).to.equal(0);
    expect(remainingS(1, Number.NaN)).to.equal(0);
  });

  it('the spec constants', () => {
    expect(AD_MAX_REDIRECTS).to.equal(6);
    expect(AD_VISIBILITY_CHECK_MS).to.equal(1000);
    expect(AD_RESIZE_DEBOUNCE_MS).to.equal(500);
  });
});
