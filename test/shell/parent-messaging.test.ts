import { expect } from '@open-wc/testing';
import { createParentMessenger, parentOrigin, parentOriginsOfPage, PARENT_ORIGIN_KEY, type MessagingHost } from '../../src-shell/lib/parent-messaging.js';
import { createJsonStorage, memoryStorage } from '../../src-shell/lib/storage.js';
import { S72Error } from 's72-player/client';

function host(referrer: string, framed = true) {
  const posted: Array<{ message: unknown; targetOrigin: string }> = [];
  const self = {};
  const parent = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
  const h: MessagingHost = { self: framed ? self : parent, parent, referrer };
  return { h, posted };
}

/** The storefront's configured embedding origins (the page's `s72-parent-origins`). */
const SHOP = { allowedOrigins: ['https://shop.example'] };

describe('parent-window messages (DESIGN.md "Window messages")', () => {
  it('posts to the referrer’s origin, never to "*"', () => {
    const { h, posted } = host('https://shop.example/films/night-harbour?x=1');
    const m = createParentMessenger(h, { now: () => 0, ...SHOP });
    expect(m.targetOrigin).to.equal('https://shop.example');
    m.ended('/film/x');
    expect(posted).to.deep.equal([{ message: { event: 's72-player:ended', slug: '/film/x' }, targetOrigin: 'https://shop.example' }]);
  });

  it('posts nothing when not framed or when no referrer origin is known', () => {
    for (const [referrer, framed] of [
      ['https://shop.example/', false],
      ['', true],
      ['not a url', true],
      ['about:blank', true],
    ] as const) {
      const { h, posted } = host(referrer, framed);
      const m = createParentMessenger(h, SHOP);
      m.timeUpdate('/film/x', 1);
      m.ended('/film/x');
      m.error({ code: 'drm_failed' });
      expect(posted, `${referrer} ${framed}`).to.deep.equal([]);
      expect(parentOrigin(h, SHOP)).to.equal(null);
    }
  });

  it('throttles timeupdate to one per second', () => {
    let now = 0;
    const { h, posted } = host('https://shop.example/');
    const m = createParentMessenger(h, { now: () => now, ...SHOP });
    for (let t = 0; t <= 3000; t += 250) {
      now = t;
      m.timeUpdate('/film/x', t / 1000);
    }
    expect(posted.map((p) => p.message)).to.deep.equal([
      { event: 's72-player:timeupdate', slug: '/film/x', currentTime: 0 },
      { event: 's72-player:timeupdate', slug: '/film/x', currentTime: 1 },
      { event: 's72-player:timeupdate', slug: '/film/x', currentTime: 2 },
      { event: 's72-player:timeupdate', slug: '/film/x', currentTime: 3 },
    ]);
  });

  it('sends an error with its code and no token, message or cause', () => {
    const { h, posted } = host('https://shop.example/');
    const error = new S72Error('access_denied', 'token demo-adult-token denied', {
      category: 'client',
      httpStatus: 403,
      requestId: 'req-9',
      cause: { token: 'demo-adult-token' },
      data: { authToken: 'demo-adult-token' },
    });
    createParentMessenger(h, SHOP).error(error, '/film/x');
    expect(posted[0]!.message).to.deep.equal({
      event: 's72-player:error',
      code: 'access_denied',
      slug: '/film/x',
      category: 'client',
      severity: 'critical',
      httpStatus: 403,
      requestId: 'req-9',
    });
    expect(JSON.stringify(posted)).not.to.contain('demo-adult-token');
  });

  it('survives a parent whose postMessage throws', () => {
    let calls = 0;
    const h: MessagingHost = {
      self: {},
      parent: {
        postMessage: () => {
          calls += 1;
          throw new Error('gone');
        },
      },
      referrer: 'https://shop.example/',
    };
    createParentMessenger(h, SHOP).ended('/film/x');
    expect(calls).to.equal(1);
  });

  // issue 25 item 7: one configured list of storefront origins (the page's frame-ancestors).
  it('no configured list: only a parent on the page’s own origin gets messages, any other none', () => {
    const OWN = 'https://store.example';
    const { h, posted } = host('https://shop.example/films');
    const m = createParentMessenger({ ...h, origin: OWN });
    expect(m.targetOrigin).to.equal(null);
    m.ended('/film/x');
    expect(posted).to.deep.equal([]);
    for (const allowedOrigins of [undefined, []]) {
      expect(parentOrigin({ ...h, origin: OWN, ancestorOrigins: ['https://shop.example'] }, { allowedOrigins })).to.equal(null);
      expect(parentOrigin({ ...h, origin: OWN, referrer: `${OWN}/partner` }, { allowedOrigins })).to.equal(OWN);
    }
  });

  it('reads the configured list from the page’s <meta name="s72-parent-origins"> (http(s) origins only)', () => {
    const meta = document.createElement('meta');
    meta.name = 's72-parent-origins';
    meta.content = 'https://shop.example http://127.0.0.1:9000,javascript:alert(1)  https://partner.example/path';
    const doc = document.implementation.createHTMLDocument('play');
    doc.head.append(meta);
    expect(parentOriginsOfPage(doc)).to.deep.equal(['https://shop.example', 'http://127.0.0.1:9000', 'https://partner.example']);
    expect(parentOriginsOfPage(document.implementation.createHTMLDocument('no list'))).to.deep.equal([]);
  });

  describe('parent origin (issue 8: ancestorOrigins, referrer, allow-list, sign-in round trip)', () => {
    const OWN = 'https://store.example';
    const framed = (extra: Partial<MessagingHost>): MessagingHost => ({ self: {}, parent: { postMessage: () => undefined }, referrer: '', origin: OWN, ...extra });

    it('prefers location.ancestorOrigins[0] over the referrer', () => {
      const both = { allowedOrigins: ['https://shop.example', 'https://other.example'] };
      expect(parentOrigin(framed({ ancestorOrigins: ['https://shop.example'], referrer: 'https://other.example/x' }), both)).to.equal('https://shop.example');
      expect(parentOrigin(framed({ ancestorOrigins: [], referrer: 'https://other.example/x' }), both)).to.equal('https://other.example');
      expect(parentOrigin(framed({ ancestorOrigins: ['null'], referrer: '' }), both)).to.equal(null);
    });

    it('checks the origin against the allow-list when one is given (the page’s own origin is always allowed)', () => {
      const policy = { allowedOrigins: ['https://shop.example'] };
      expect(parentOrigin(framed({ ancestorOrigins: ['https://shop.example'] }), policy)).to.equal('https://shop.example');
      expect(parentOrigin(framed({ ancestorOrigins: ['https://evil.example'] }), policy)).to.equal(null);
      expect(parentOrigin(framed({ referrer: 'https://evil.example/page' }), policy)).to.equal(null);
      expect(parentOrigin(framed({ ancestorOrigins: [OWN] }), policy)).to.equal(OWN);
      const { h, posted } = host('https://evil.example/');
      createParentMessenger(h, policy).ended('/film/x');
      expect(posted).to.deep.equal([]);
    });

    it('keeps the parent origin across the 401 → sign-in → back round trip without ancestorOrigins', () => {
      const storage = createJsonStorage(memoryStorage());
      // First load: the referrer is the partner page.
      expect(parentOrigin(framed({ referrer: 'https://shop.example/films', storage }), SHOP)).to.equal('https://shop.example');
      expect(storage.read(PARENT_ORIGIN_KEY)).to.equal('https://shop.example');
      // Back from the storefront's sign-in page: the referrer is our own page, or none.
      expect(parentOrigin(framed({ referrer: `${OWN}/signin.html?from=x`, storage }), SHOP)).to.equal('https://shop.example');
      expect(parentOrigin(framed({ referrer: '', storage }), SHOP)).to.equal('https://shop.example');
    });

    it('a same-origin parent with nothing remembered is the page’s own origin', () => {
      expect(parentOrigin(framed({ referrer: `${OWN}/films` }))).to.equal(OWN);
    });
  });
});
