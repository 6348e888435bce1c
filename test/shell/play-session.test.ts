import { expect } from '@open-wc/testing';
import { parseHash } from '../../src-shell/features/play-session/parse-route.js';
import {
  buildPlaySession,
  parseRedirect,
  parseStartTime,
  PLAY_SESSION_KEY,
  readStoredSession,
  sanitizeStoredSession,
  signOutStoredSession,
  PLAY_REDIRECT_KEY,
  sessionFieldsFromQuery,
  storeSession,
  storeUserId,
} from '../../src-shell/features/play-session/play-session.js';
import { createJsonStorage, memoryStorage } from '../../src-shell/lib/storage.js';
import type { PlaySession } from '../../src-shell/types/play-session.js';

const policy = { origin: 'https://store.example' };
const NOW = 1_700_000_000_000;

function build(hash: string, stored?: PlaySession): PlaySession | null {
  const { route, params } = parseHash(hash);
  return buildPlaySession({ route, params, stored, policy, now: NOW });
}

describe('play session (play-page §2 query parameters, §3 "Play session")', () => {
  it('m: an absolute http(s) URL or a path on the storefront; a protocol-relative or script one is dropped', () => {
    expect(build('#/film/x?m=%2Fservices%2Flicense%2Fplay_telemetry')!.telemetryUrl).to.equal('/services/license/play_telemetry');
    expect(build('#/film/x?m=https%3A%2F%2Ft.example%2Fe')!.telemetryUrl).to.equal('https://t.example/e');
    expect(build('#/film/x?m=%2F%2Fevil.example%2Fe')!.telemetryUrl).to.equal(undefined);
    expect(build('#/film/x?m=javascript%3Aalert(1)')!.telemetryUrl).to.equal(undefined);
  });

  describe('bypassCache (play-page §3, §6): switched by the address or the configuration', () => {
    it('bypassCache=true / 1 switches it on; false / 0 off; absent leaves it unset', () => {
      expect(build('#/film/x?bypassCache=true')!.bypassCache).to.equal(true);
      expect(build('#/film/x?bypassCache=1')!.bypassCache).to.equal(true);
      expect(build('#/film/x?bypassCache=false')!.bypassCache).to.equal(false);
      expect(build('#/film/x?bypassCache=0')!.bypassCache).to.equal(false);
      expect(build('#/film/x?u=tok')!.bypassCache).to.equal(undefined);
    });

    it('the address wins over the stored choice and the preferences; without it the stored choice is kept', () => {
      const stored = { ...build('#/film/x?bypassCache=true')!, bypassCache: true };
      const { route, params } = parseHash('#/film/x?bypassCache=false');
      const off = buildPlaySession({ route, params, stored, preferences: { bypassCache: true }, policy, now: NOW })!;
      expect(off.bypassCache).to.equal(false);
      expect(build('#/film/y', stored)!.bypassCache).to.equal(true);
    });

    it('the configured default applies only when nothing else says', () => {
      const at = (hash: string, stored?: PlaySession) => {
        const { route, params } = parseHash(hash);
        return buildPlaySession({ route, params, stored, policy, now: NOW, bypassCacheDefault: true })!;
      };
      expect(at('#/film/x').bypassCache).to.equal(true);
      expect(at('#/film/x?bypassCache=false').bypassCache).to.equal(false);
      expect(at('#/film/x', { ...build('#/film/x')!, bypassCache: false }).bypassCache).to.equal(false);
      expect(build('#/film/x')!.bypassCache).to.equal(undefined);
    });
  });

  it('maps every query parameter to its session field', () => {
    const session = build(
      '#/film/night-harbour/night-harbour?t=30&u=%20tok%20&p=play&m=https%3A%2F%2Ft.example%2Fe&nav=false&from=%2Faccount' +
        '&airplay=false&cast=false&autoplay=false&seeking=false&rates=true',
    )!;
    expect(session).to.deep.include({
      item: '/film/night-harbour',
      itemToPlay: '/film/night-harbour',
      startTime: 30,
      authToken: 'tok',
      playToken: 'play',
      telemetryUrl: 'https://t.example/e',
      showNavbar: false,
      redirectUrl: 'https://store.example/account',
      airplayEnabled: false,
      castEnabled: false,
      autoplay: false,
      seekingEnabled: false,
      playbackRatesEnabled: true,
      time: NOW,
    });
  });

  // play-page §2: `from` absent means the sign-in page (resolved by the flow, which knows the
  // configuration), so the session leaves `redirectUrl` out; issue 8: this used to assert `null` (none).
  it('defaults: every feature on, rates off, from absent (no redirectUrl), no start time', () => {
    const session = build('#/film/x')!;
    expect(session).to.deep.include({
      showNavbar: true,
      airplayEnabled: true,
      castEnabled: true,
      autoplay: true,
      seekingEnabled: true,
      playbackRatesEnabled: false,
    });
    expect(session).not.to.have.property('redirectUrl');
    expect(build('#/film/x?from=')!.redirectUrl).to.equal(null);
    expect(session).not.to.have.property('startTime');
    expect(session).not.to.have.property('authToken');
  });

  it('sets item to the parent slug: film of a bonus, season of an episode or season bonus', () => {
    expect(build('#/film/x/bonus/1/extra')).to.deep.include({ item: '/film/x', itemToPlay: '/film/x/bonus/1' });
    expect(build('#/tv/s/season/1/episode/2')).to.deep.include({ item: '/tv/s/season/1', itemToPlay: '/tv/s/season/1/episode/2' });
    expect(build('#/tv/s/season/1/bonus/1')).to.deep.include({ item: '/tv/s/season/1', itemToPlay: '/tv/s/season/1/bonus/1' });
    expect(build('#/tv/s/season/1')).to.deep.include({ item: '/tv/s/season/1', itemToPlay: '/tv/s/season/1' });
  });

  it('keeps an unparseable path as the item (the flow reports invalid_slug)', () => {
    expect(build('#/film/x/foo/bar?u=t')).to.deep.include({ item: '/film/x/foo/bar', itemToPlay: '/film/x/foo/bar' });
  });

  it('trims tokens and ignores blank ones (play-page §5)', () => {
    expect(build('#/film/x?u=%20%20abc%09&p=%20')).to.deep.include({ authToken: 'abc' });
    expect(build('#/film/x?u=%20%20&p=%20')).not.to.have.property('authToken');
    expect(build('#/film/x?p=%20')).not.to.have.property('playToken');
  });

  it('ignores a bad start time', () => {
    for (const t of ['-1', 'abc', '', 'Infinity']) expect(parseStartTime(t), t).to.equal(undefined);
    expect(parseStartTime('12.5')).to.equal(12.5);
    expect(parseStartTime('0')).to.equal(0);
  });

  describe('from', () => {
    it('an empty from means none', () => expect(parseRedirect('', policy)).to.equal(null));
    it('a same-origin from is kept, absolute', () =>
      expect(parseRedirect('/x', policy)).to.equal('https://store.example/x'));
    it('an off-site from is ignored', () => {
      expect(parseRedirect('https://evil.example/', policy)).to.equal(undefined);
      expect(build('#/film/x?from=https%3A%2F%2Fevil.example%2F')!.redirectUrl).to.equal(null);
    });
    it('an allow-listed from is kept', () => {
      const fields = sessionFieldsFromQuery(new Map([['from', 'https://shop.example/a']]), {
        origin: 'https://store.example',
        allowedOrigins: ['https://shop.example'],
      });
      expect(fields.redirectUrl).to.equal('https://shop.example/a');
    });
  });

  describe('with a stored session', () => {
    const stored: PlaySession = {
      item: '/film/x',
      itemToPlay: '/film/x',
      authToken: 'stored-auth',
      playToken: 'stored-play',
      userId: '1001',
      showNavbar: false,
      redirectUrl: null,
      airplayEnabled: true,
      castEnabled: true,
      autoplay: true,
      seekingEnabled: true,
      playbackRatesEnabled: false,
      lastSelectedTextLanguage: 'ar',
    };

    it('no route and no query: the stored session as is', () => {
      expect(build('', stored)).to.equal(stored);
      expect(build('#/', stored)).to.equal(stored);
    });

    it('no route, nothing stored: no session (the viewer goes home)', () => {
      expect(build('')).to.equal(null);
    });

    it('a query without a route: a session without an item when nothing is stored', () => {
      const session = build('#/?u=tok')!;
      expect(session.authToken).to.equal('tok');
      expect(session).not.to.have.property('item');
    });

    it('keeps the stored auth token when the address has none (reload after the token was removed)', () => {
      const session = build('#/film/x/title?t=5', stored)!;
      expect(session).to.deep.include({ authToken: 'stored-auth', playToken: 'stored-play', userId: '1001', startTime: 5 });
      expect(session.showNavbar).to.equal(true);
      expect(session.lastSelectedTextLanguage).to.equal('ar');
    });

    it('keeps the stored play token only for the same item', () => {
      const session = build('#/film/other', stored)!;
      expect(session.authToken).to.equal('stored-auth');
      expect(session).not.to.have.property('playToken');
    });

    it('new tokens in the address win, and drop the stored user id of another token', () => {
      const session = build('#/film/x?u=new-auth&p=new-play', stored)!;
      expect(session).to.deep.include({ authToken: 'new-auth', playToken: 'new-play' });
      expect(session).not.to.have.property('userId');
    });
  });

  describe('storage under playSession', () => {
    it('stores and reads back a session', () => {
      const backend = memoryStorage();
      const local = memoryStorage();
      const storage = { session: createJsonStorage(backend), preferences: createJsonStorage(local) };
      const session = { ...build('#/film/x?u=tok&t=3')!, lastSelectedTextLanguage: 'ar' };
      storeSession(storage, session);
      expect(JSON.parse(backend.dump()[PLAY_SESSION_KEY]!)).to.deep.equal(session);
      expect(readStoredSession(storage, policy, NOW)).to.deep.equal(session);
      // issue 8 "Tokens at rest": localStorage keeps the preferences only.
      expect(JSON.parse(local.dump()[PLAY_SESSION_KEY]!)).to.deep.equal({ lastSelectedTextLanguage: 'ar' });
    });

    it('ignores bad stored JSON instead of crashing', () => {
      for (const raw of ['{not json', 'null', '42', '"str"', '[1,2]']) {
        const storage = { session: createJsonStorage(memoryStorage({ [PLAY_SESSION_KEY]: raw })), preferences: createJsonStorage(memoryStorage()) };
        expect(readStoredSession(storage, policy, NOW), raw).to.equal(undefined);
      }
    });

    it('a stored session keeps from absent apart from from empty (play-page §2)', () => {
      expect(sanitizeStoredSession({ itemToPlay: '/film/x' }, policy)).not.to.have.property('redirectUrl');
      expect(sanitizeStoredSession({ itemToPlay: '/film/x', redirectUrl: null }, policy)!.redirectUrl).to.equal(null);
    });

    it('drops stored fields of the wrong type and re-validates the stored redirect', () => {
      const session = sanitizeStoredSession(
        { item: 5, itemToPlay: '/film/x', authToken: ' t ', startTime: -3, showNavbar: 'no', redirectUrl: 'https://evil.example/' },
        policy,
      )!;
      expect(session).not.to.have.property('item');
      expect(session).not.to.have.property('startTime');
      expect(session).to.deep.include({ itemToPlay: '/film/x', authToken: 't', showNavbar: true, redirectUrl: null });
    });

    it('survives a storage that throws', () => {
      const throwing = {
        getItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
        removeItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
      };
      const storage = createJsonStorage(throwing);
      expect(storage.read(PLAY_SESSION_KEY)).to.equal(undefined);
      expect(storage.write(PLAY_SESSION_KEY, {})).to.equal(false);
      storage.remove(PLAY_SESSION_KEY);
    });
  });

  describe('sign out (play-page §6) with tokens at rest in the tab only (issue 8)', () => {
    it('clears the tokens and user of the tab session and stores the token-free redirect in localStorage', () => {
      const tab = memoryStorage();
      const local = memoryStorage();
      const stores = { session: createJsonStorage(tab), preferences: createJsonStorage(local) };
      storeSession(stores, { ...build('#/film/x?u=tok&p=pt')!, userId: '7' });
      signOutStoredSession(stores, policy, 'https://store.example/play/#/film/x', NOW);
      const stored = JSON.parse(tab.dump()[PLAY_SESSION_KEY]!) as Record<string, unknown>;
      expect(stored).not.to.have.any.keys('authToken', 'playToken', 'userId');
      expect(stored['itemToPlay']).to.equal('/film/x');
      expect(JSON.parse(local.dump()[PLAY_REDIRECT_KEY]!)).to.equal('https://store.example/play/#/film/x');
      expect(JSON.stringify(local.dump())).not.to.include('tok');
    });

    it('storeUserId records the viewer id in the session of the same auth token only (play-page §3 userId)', () => {
      const tab = memoryStorage();
      const stores = { session: createJsonStorage(tab), preferences: createJsonStorage(memoryStorage()) };
      storeSession(stores, build('#/film/x?u=tok')!);
      storeUserId(stores, policy, 'other-token', '9', NOW);
      expect(JSON.parse(tab.dump()[PLAY_SESSION_KEY]!)).not.to.have.property('userId');
      storeUserId(stores, policy, 'tok', '1001', NOW);
      expect(JSON.parse(tab.dump()[PLAY_SESSION_KEY]!)).to.include({ authToken: 'tok', userId: '1001' });
      // The next load of the same viewer keeps it; a 401 clears it with the token.
      expect(build('#/film/y', readStoredSession(stores, policy, NOW))!.userId).to.equal('1001');
      signOutStoredSession(stores, policy, 'https://store.example/play/#/film/x', NOW);
      expect(JSON.parse(tab.dump()[PLAY_SESSION_KEY]!)).not.to.have.any.keys('authToken', 'userId');
    });
  });
});
