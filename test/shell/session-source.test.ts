import { expect } from '@open-wc/testing';
import { createSessionSource, type SessionHost } from '../../src-shell/features/play-session/session-source.js';
import { PLAY_SESSION_KEY } from '../../src-shell/features/play-session/play-session.js';
import { createJsonStorage, memoryStorage } from '../../src-shell/lib/storage.js';

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
    const source = createSessionSource({ host, storage: createJsonStorage(backend), policy, now: () => 1 });
    expect(host.replaced).to.deep.equal(['https://store.example/play/#/film/night-harbour/night-harbour?t=30']);
    const stored = JSON.parse(backend.dump()[PLAY_SESSION_KEY]!);
    expect(stored).to.deep.include({ authToken: 'demo-adult-token', playToken: 'pt', itemToPlay: '/film/night-harbour', startTime: 30 });
    expect(source.getSnapshot().session).to.deep.include({ authToken: 'demo-adult-token' });
    source.destroy();
  });

  it('does not touch the address when there is no token in it', () => {
    const host = fakeHost('https://store.example/play/#/film/x?t=3');
    createSessionSource({ host, storage: createJsonStorage(memoryStorage()), policy }).destroy();
    expect(host.replaced).to.deep.equal([]);
  });

  it('re-reads the session on hashchange, keeps the stored token, and notifies subscribers', () => {
    const host = fakeHost('https://store.example/play/#/film/a?u=tok');
    const source = createSessionSource({ host, storage: createJsonStorage(memoryStorage()), policy });
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
    const source = createSessionSource({ host, storage: createJsonStorage(memoryStorage()), policy });
    expect(source.getSnapshot().session).to.equal(null);
    source.destroy();
  });

  it('uses the stored session for an empty hash', () => {
    const backend = memoryStorage();
    const storage = createJsonStorage(backend);
    createSessionSource({ host: fakeHost('https://store.example/play/#/film/a?u=tok'), storage, policy }).destroy();
    const source = createSessionSource({ host: fakeHost('https://store.example/play/'), storage, policy });
    expect(source.getSnapshot().session).to.deep.include({ itemToPlay: '/film/a', authToken: 'tok' });
    source.destroy();
  });

  it('ignores unusable stored JSON', () => {
    const storage = createJsonStorage(memoryStorage({ [PLAY_SESSION_KEY]: '{"broken' }));
    const source = createSessionSource({ host: fakeHost('https://store.example/play/'), storage, policy });
    expect(source.getSnapshot().session).to.equal(null);
    source.destroy();
  });

  it('#/device-support keeps the stored session as it is (it is not a play route)', () => {
    const backend = memoryStorage();
    const storage = createJsonStorage(backend);
    createSessionSource({ host: fakeHost('https://store.example/play/#/film/a?u=tok'), storage, policy }).destroy();
    const before = backend.dump()[PLAY_SESSION_KEY];
    const source = createSessionSource({ host: fakeHost('https://store.example/play/#/device-support'), storage, policy });
    expect(backend.dump()[PLAY_SESSION_KEY]).to.equal(before);
    expect(source.getSnapshot().session).to.deep.include({ itemToPlay: '/film/a' });
    source.destroy();
  });
});
