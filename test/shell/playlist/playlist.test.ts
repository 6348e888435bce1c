import { expect } from '@open-wc/testing';
import { isS72Error, type S72Error } from 's72-player/client';
import { memoryStorage } from '../../../src-shell/lib/storage.js';
import {
  canSkip,
  effectiveSkipPolicy,
  fetchPlaylist,
  validatePlaylist,
  type PlaylistItem,
} from '../../../src-shell/features/playlist/playlist.js';
import { WATCHED_STORAGE_KEY, WatchedTracker } from '../../../src-shell/features/playlist/watched.js';
import { ADULT_TOKEN, demoControl, demoOrigin, resetDemo } from '../../helpers/demo.js';

const item = (id: string, patch: Partial<PlaylistItem> & { slug?: string; ad?: boolean } = {}): PlaylistItem => {
  const { slug, ad, ...rest } = patch;
  return {
    id,
    action: { type: 'play', slug: slug ?? `/film/${id}`, ...(ad ? { playback_mode: 'ad' as const } : {}) },
    title: id,
    has_watched: false,
    ...rest,
  };
};

function rejection(fn: () => unknown): S72Error {
  try {
    fn();
  } catch (error) {
    if (isS72Error(error)) return error;
    throw error;
  }
  throw new Error('expected an S72Error');
}

describe('playlist validation (play-page §5)', () => {
  const valid = { id: 'a', action: { type: 'play', slug: '/film/a' }, title: 'A', skip_policy: 'allowed', has_watched: false };

  for (const [label, input, reason] of [
    ['not an object (null)', null, 'not_an_object'],
    ['not an object (array)', [valid], 'not_an_object'],
    ['not an object (string)', 'items', 'not_an_object'],
    ['no items array', { items: 'x' }, 'items_not_an_array'],
    ['missing items', {}, 'items_not_an_array'],
    ['an item that is not an object', { items: [valid, 3] }, 'item_not_an_object'],
    ['an item without an id', { items: [{ action: { type: 'play', slug: '/film/a' } }] }, 'missing_id'],
    ['an item with an empty id', { items: [{ id: '  ', action: { type: 'play', slug: '/film/a' } }] }, 'missing_id'],
    ['duplicate ids', { items: [valid, { ...valid }] }, 'duplicate_id'],
    ['duplicate ids across number and string', { items: [{ ...valid, id: 1 }, { ...valid, id: '1' }] }, 'duplicate_id'],
    ['an item without an action', { items: [{ id: 'a', title: 'A' }] }, 'missing_action'],
    ['an action that is not an object', { items: [{ id: 'a', action: 'play' }] }, 'missing_action'],
    ['a play action without a slug', { items: [{ id: 'a', action: { type: 'play' } }] }, 'missing_slug'],
  ] as const) {
    it(`rejects ${label} with a typed error`, () => {
      const error = rejection(() => validatePlaylist(input));
      expect(error.code).to.equal('malformed_response');
      expect(error.category).to.equal('client');
      expect(error.data.reason).to.equal(reason);
    });
  }

  it('an empty playlist is a warning, not an error', () => {
    const { playlist, warnings } = validatePlaylist({ items: [] });
    expect(playlist.items).to.deep.equal([]);
    expect(warnings).to.deep.equal([{ code: 'empty_playlist' }]);
  });

  it('an unknown action type is a warning and the item is left out', () => {
    const { playlist, warnings } = validatePlaylist({ items: [valid, { id: 'b', action: { type: 'quiz', slug: '/x' } }] });
    expect(playlist.items.map((i) => i.id)).to.deep.equal(['a']);
    expect(warnings).to.deep.equal([{ code: 'unknown_action_type', id: 'b', type: 'quiz' }]);
  });

  it('keeps a valid playlist in order, ids as strings, ad mode and policy', () => {
    const { playlist, warnings } = validatePlaylist({
      items: [
        { id: 7, action: { type: 'play', slug: '/film/ad', playback_mode: 'ad' }, title: 'Ad', has_watched: true },
        { id: 'live', action: { type: 'live', slug: '/film/live' }, title: 'Live', skip_policy: 'must-view-once-per-session' },
        { id: 'x', action: { type: 'play', slug: '/film/x' }, skip_policy: 'sometimes' },
      ],
    });
    expect(playlist.items).to.deep.equal([
      { id: '7', action: { type: 'play', slug: '/film/ad', playback_mode: 'ad' }, title: 'Ad', has_watched: true },
      { id: 'live', action: { type: 'live', slug: '/film/live' }, title: 'Live', skip_policy: 'must-view-once-per-session', has_watched: false },
      { id: 'x', action: { type: 'play', slug: '/film/x' }, title: '', has_watched: false },
    ]);
    expect(warnings).to.deep.equal([{ code: 'unknown_skip_policy', id: 'x', policy: 'sometimes' }]);
  });
});

describe('playlist skip policy (play-page §4)', () => {
  it('ad items default to must-view-once; others to allowed; an explicit policy wins', () => {
    expect(effectiveSkipPolicy(item('ad', { ad: true }))).to.equal('must-view-once');
    expect(effectiveSkipPolicy(item('film'))).to.equal('allowed');
    expect(effectiveSkipPolicy(item('ad', { ad: true, skip_policy: 'allowed' }))).to.equal('allowed');
  });

  it('allowed: skippable at once', () => {
    expect(canSkip(item('a', { skip_policy: 'allowed' }), new WatchedTracker())).to.equal(true);
  });

  it('an ad without a policy is not skippable until watched', () => {
    const watched = new WatchedTracker();
    const ad = item('ad', { ad: true });
    expect(canSkip(ad, watched)).to.equal(false);
    watched.markWatched(ad);
    expect(canSkip(ad, watched)).to.equal(true);
  });

  it('must-view-once: skippable after watched — this session, a stored record, or the server has_watched', () => {
    const policy = { skip_policy: 'must-view-once' as const };
    const storage = memoryStorage();
    const first = new WatchedTracker({ storage });
    expect(canSkip(item('a', policy), first)).to.equal(false);
    first.markWatched(item('a', policy));
    expect(canSkip(item('a', policy), first)).to.equal(true);
    // A new session (page load) with the same storage: still watched.
    expect(canSkip(item('a', policy), new WatchedTracker({ storage }))).to.equal(true);
    expect(canSkip(item('b', { ...policy, has_watched: true }), new WatchedTracker())).to.equal(true);
  });

  it('must-view-once-per-session: only a watch in this session counts', () => {
    const policy = { skip_policy: 'must-view-once-per-session' as const };
    const storage = memoryStorage();
    const session1 = new WatchedTracker({ storage });
    const it1 = item('a', { ...policy, has_watched: true });
    expect(canSkip(it1, session1), 'server has_watched does not count').to.equal(false);
    session1.markWatched(it1);
    expect(canSkip(it1, session1)).to.equal(true);
    const session2 = new WatchedTracker({ storage });
    expect(canSkip(it1, session2), 'a new session').to.equal(false);
    session1.resetSession();
    expect(canSkip(it1, session1)).to.equal(false);
  });

  it('bad stored data is ignored', () => {
    for (const raw of ['{not json', '{"a":1}', '42', 'null']) {
      const watched = new WatchedTracker({ storage: memoryStorage({ [WATCHED_STORAGE_KEY]: raw }) });
      expect(watched.hasWatched(item('a')), raw).to.equal(false);
    }
    const mixed = new WatchedTracker({ storage: memoryStorage({ [WATCHED_STORAGE_KEY]: JSON.stringify(['/film/a', 3, null]) }) });
    expect(mixed.hasWatched(item('a'))).to.equal(true);
  });

  it('storage that throws does not break tracking', () => {
    const storage = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('full'); }, removeItem: () => undefined };
    const watched = new WatchedTracker({ storage });
    watched.markWatched(item('a'));
    expect(watched.hasWatched(item('a'))).to.equal(true);
  });
});

describe('fetchPlaylist against the storefront', () => {
  beforeEach(() => resetDemo());

  const http = (token = ADULT_TOKEN) => ({ baseUrl: demoOrigin(), fetch: (input: string, init?: RequestInit) => globalThis.fetch(input, init), authToken: token });

  it('fetches and validates /film/sponsored-feature: the ad first (must-view-once), then the feature', async () => {
    const { playlist, warnings } = await fetchPlaylist('/film/sponsored-feature', http());
    expect(warnings).to.deep.equal([]);
    expect(playlist.items.length).to.equal(2);
    const [ad, feature] = playlist.items;
    expect(ad!.action).to.deep.equal({ type: 'play', slug: '/film/demo-ad', playback_mode: 'ad' });
    expect(effectiveSkipPolicy(ad!)).to.equal('must-view-once');
    expect(effectiveSkipPolicy(feature!)).to.equal('allowed');
    expect(canSkip(ad!, new WatchedTracker())).to.equal(ad!.has_watched);

    const recorded = await demoControl<{ requests: { method: string; headers: Record<string, string> }[] }>(
      `requests?path=${encodeURIComponent('/services/playback/playlist/film/sponsored-feature')}`,
    );
    expect(recorded.requests.at(-1)!.method).to.equal('POST');
    expect(recorded.requests.at(-1)!.headers['x-auth-token']).to.equal(ADULT_TOKEN);
  });

  it('a 401 without a viewer and a fault answer are S72Errors', async () => {
    try {
      await fetchPlaylist('/film/sponsored-feature', http('nobody'));
      expect.fail('should reject');
    } catch (error) {
      expect(isS72Error(error) && error.code).to.equal('unauthorized');
    }
    await demoControl('fault', { path: '/services/playback/playlist/*', status: 200, body: { items: 'nope' }, times: 1 });
    try {
      await fetchPlaylist('/film/sponsored-feature', http());
      expect.fail('should reject');
    } catch (error) {
      expect(isS72Error(error) && error.code).to.equal('malformed_response');
    }
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const pending = fetchPlaylist('/film/sponsored-feature', { ...http(), signal: controller.signal });
    controller.abort();
    try {
      await pending;
      expect.fail('should reject');
    } catch (error) {
      expect(isS72Error(error) && error.code).to.equal('request_aborted');
    }
  });
});
