import { expect } from '@open-wc/testing';
import { createSessionSource, type SessionHost } from '../../src-shell/features/play-session/session-source.js';
import { PLAY_SESSION_KEY, PLAY_SESSION_TTL_MS, type SessionStores } from '../../src-shell/features/play-session/play-session.js';
import { createJsonStorage, memoryStorage, type StorageLike } from '../../src-shell/lib/storage.js';

/** sessionStorage (`session`) and localStorage (`local`) stand-ins. */
function storesOver(session: StorageLike = memoryStorage(), local: StorageLike = memoryStorage()): SessionStores {
  return { session: createJsonStorage(session), preferences: createJsonStorage(local) };
}

/** A fake window: location, history and hashchange. */
function fakeHost(href: string) {
  const listeners = new Set<() => void>();
  const replaced: string[] = [];
  const host: SessionHost & { go(hash: string): void; replaced: string[] } = {
    location: {
      get href() {
        return href;
      },
      get hash() {
        const i = href.indexOf('#');
        return i === -1 ? '' : href.slice(i);
      },
    },
    history: {
      state: null,
      replaceState(_data, _unused, url) {
        replaced.push(url!);
        href = url!;
      },
    },
    addEventListener: (_type, l) => void listeners.add(l),
    removeEventListener: (_type, l) => void listeners.delete(l),
    go(hash) {
      href = href.replace(/#.*$/, '') + hash;
      for (const l of listeners) l();
    },
    replaced,
  };
  return host;
}

describe('session source (play-page §2, §3; token removal)', () => {
  const policy = { origin: 'https://store.example' };

  it('stores the session and removes u and p from the address, keeping the rest', () => {
    const host = fakeHost('https://store.example/play/#/film/night-harbour/night-harbour?u=demo-adult-token&t=30&p=pt');
    const backend = memoryStorage();
    const source = createSessionSource({ host, stores: storesOver(backend), policy, now: () => 1 });
    expect(host.replaced).to.deep.equal(['https://store.example/play/#/film/night-harbour/night-harbour?t=30']);
    const stored = JSON.parse(backend.dump()[PLAY_SESSION_KEY]!);
    expect(stored).to.deep.include({ authToken: 'demo-adult-token', playToken: 'pt', itemToPlay: '/film/night-harbour', startTime: 30 });
    expect(source.getSnapshot().session).to.deep.include({ authToken: 'demo-adult-token' });
    source.destroy();
  });

  it('does not touch the address when there is no token in it', () => {
    const host = fakeHost('https://store.example/play/#/film/x?t=3');
    createSessionSource({ host, stores: storesOver(), policy }).destroy();
    expect(host.replaced).to.deep.equal([]);
  });

  it('re-reads the session on hashchange, keeps the stored token, and notifies subscribers', () => {
    const host = fakeHost('https://store.example/play/#/film/a?u=tok');
    const source = createSessionSource({ host, stores: storesOver(), policy });
    const first = source.getSnapshot();
    expect(source.getSnapshot()).to.equal(first);
    let calls = 0;
    const unsubscribe = source.subscribe(() => calls++);
    host.go('#/film/b/title');
    expect(calls).to.equal(1);
    expect(source.getSnapshot()).not.to.equal(first);
    expect(source.getSnapshot().session).to.deep.include({ itemToPlay: '/film/b', authToken: 'tok' });
    unsubscribe();
    host.go('#/film/c');
    expect(calls).to.equal(1);
    source.destroy();
  });

  it('gives no session for an empty hash with nothing stored', () => {
    const host = fakeHost('https://store.example/play/');
    const source = createSessionSource({ host, stores: storesOver(), policy });
    expect(source.getSnapshot().session).to.equal(null);
    source.destroy();
  });

  it('uses the stored session for an empty hash', () => {
    const backend = memoryStorage();
    const storage = storesOver(backend);
    createSessionSource({ host: fakeHost('https://store.example/play/#/film/a?u=tok'), stores: storage, policy }).destroy();
    const source = createSessionSource({ host: fakeHost('https://store.example/play/'), stores: storage, policy });
    expect(source.getSnapshot().session).to.deep.include({ itemToPlay: '/film/a', authToken: 'tok' });
    source.destroy();
  });

  it('ignores unusable stored JSON', () => {
    const storage = storesOver(memoryStorage({ [PLAY_SESSION_KEY]: '{"broken' }));
    const source = createSessionSource({ host: fakeHost('https://store.example/play/'), stores: storage, policy });
    expect(source.getSnapshot().session).to.equal(null);
    source.destroy();
  });

  it('#/device-support keeps the stored session as it is (it is not a play route)', () => {
    const backend = memoryStorage();
    const storage = storesOver(backend);
    createSessionSource({ host: fakeHost('https://store.example/play/#/film/a?u=tok'), stores: storage, policy }).destroy();
    const before = backend.dump()[PLAY_SESSION_KEY];
    const source = createSessionSource({ host: fakeHost('https://store.example/play/#/device-support'), stores: storage, policy });
    expect(backend.dump()[PLAY_SESSION_KEY]).to.equal(before);
    expect(source.getSnapshot().session).to.deep.include({ itemToPlay: '/film/a' });
    source.destroy();
  });

  describe('tokens at rest (issue 8)', () => {
    it('keeps tokens in the tab storage only: localStorage gets the preferences, never a token', () => {
      const tab = memoryStorage();
      const local = memoryStorage({ [PLAY_SESSION_KEY]: JSON.stringify({ lastSelectedTextLanguage: 'ar' }) });
      const source = createSessionSource({
        host: fakeHost('https://store.example/play/#/film/a?u=tok&p=pt'),
        stores: storesOver(tab, local),
        policy,
      });
      expect(JSON.parse(tab.dump()[PLAY_SESSION_KEY]!)).to.deep.include({ authToken: 'tok', playToken: 'pt' });
      expect(JSON.stringify(local.dump())).not.to.match(/tok|pt|authToken|playToken|userId/);
      expect(JSON.parse(local.dump()[PLAY_SESSION_KEY]!)).to.deep.equal({ lastSelectedTextLanguage: 'ar' });
      expect(source.getSnapshot().session).to.deep.include({ authToken: 'tok', lastSelectedTextLanguage: 'ar' });
      source.destroy();
    });

    it('a link without u in a new tab does not pick up a token left in localStorage, and removes it', () => {
      const legacy = { itemToPlay: '/film/a', item: '/film/a', authToken: 'old', userId: '1', time: 5, lastSelectedAudioLanguage: 'en' };
      const local = memoryStorage({ [PLAY_SESSION_KEY]: JSON.stringify(legacy) });
      const source = createSessionSource({ host: fakeHost('https://store.example/play/#/film/a'), stores: storesOver(memoryStorage(), local), policy, now: () => 10 });
      expect(source.getSnapshot().session).not.to.have.property('authToken');
      expect(source.getSnapshot().session).to.deep.include({ lastSelectedAudioLanguage: 'en' });
      expect(JSON.parse(local.dump()[PLAY_SESSION_KEY]!)).to.deep.equal({ lastSelectedAudioLanguage: 'en' });
      source.destroy();
    });

    it('honours the TTL from time: a stored token older than PLAY_SESSION_TTL_MS is not reused, and reuse does not extend it', () => {
      let now = 1_000;
      const tab = memoryStorage();
      const stores = storesOver(tab);
      createSessionSource({ host: fakeHost('https://store.example/play/#/film/a?u=tok'), stores, policy, now: () => now }).destroy();
      now += PLAY_SESSION_TTL_MS - 1;
      const reused = createSessionSource({ host: fakeHost('https://store.example/play/#/film/a'), stores, policy, now: () => now });
      expect(reused.getSnapshot().session).to.deep.include({ authToken: 'tok', time: 1_000 });
      reused.destroy();
      now += 2;
      const late = createSessionSource({ host: fakeHost('https://store.example/play/#/film/a'), stores, policy, now: () => now });
      expect(late.getSnapshot().session).not.to.have.property('authToken');
      expect(tab.dump()[PLAY_SESSION_KEY]).not.to.include('tok');
      late.destroy();
    });

    it('keeps the session in memory across hash changes when the tab storage is blocked', () => {
      const blocked: StorageLike = {
        getItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
        setItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
        removeItem: () => undefined,
      };
      const local = memoryStorage();
      const host = fakeHost('https://store.example/play/#/film/a?u=tok');
      const source = createSessionSource({ host, stores: storesOver(blocked, local), policy });
      host.go('#/film/b/title');
      expect(source.getSnapshot().session).to.deep.include({ itemToPlay: '/film/b', authToken: 'tok' });
      expect(JSON.stringify(local.dump())).not.to.include('tok');
      source.destroy();
    });
  });
});
