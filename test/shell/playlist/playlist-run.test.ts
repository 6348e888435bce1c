/** The playlist run (play-page §4 "Playlist and action lifecycle", "Playlist item skip policy"). */
import { expect } from '@open-wc/testing';
import type { PlaylistItem, SkipPolicy } from '../../../src-shell/features/playlist/playlist.js';
import {
  ACTION_TRANSITIONS,
  canChangePlayback,
  canSkipCurrent,
  canTransition,
  createPlaylistRun,
  currentAction,
  destroyRun,
  markEnded,
  markPlaying,
  markStarted,
  nextItem,
  playlistPosition,
  skipItem,
  startCurrent,
  type ActionState,
  type PlaybackStatus,
  type PlaylistItemAction,
  type PlaylistRun,
} from '../../../src-shell/features/playlist/playlist-run.js';

const STATES: readonly ActionState[] = ['new', 'stopped', 'starting', 'started', 'stopping', 'destroyed'];
const STATUSES: readonly PlaybackStatus[] = ['not-playing', 'playing', 'complete'];

const item = (id: string, patch: Partial<PlaylistItem> & { ad?: boolean } = {}): PlaylistItem => {
  const { ad, ...rest } = patch;
  return { id, action: { type: 'play', slug: `/film/${id}`, ...(ad ? { playback_mode: 'ad' as const } : {}) }, title: id, has_watched: false, ...rest };
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

const action = (it: PlaylistItem, state: ActionState = 'new', playbackStatus: PlaybackStatus = 'not-playing', watchedInSession = false): PlaylistItemAction => ({
  item: it,
  watchedInSession,
  state,
  playbackStatus,
});

/** A frozen two-item run whose first action is in `state` / `status` (the second is new). */
const runAt = (state: ActionState, status: PlaybackStatus, patch: Partial<PlaylistRun> = {}): PlaylistRun =>
  deepFreeze({ actions: [action(item('a', { skip_policy: 'allowed' }), state, status), action(item('b'))], index: 0, finished: false, ...patch });

describe('playlist run: the action lifecycle table (play-page §4)', () => {
  const allowed = new Set([
    'new→starting',
    'new→destroyed',
    'starting→started',
    'starting→stopping',
    'starting→destroyed',
    'started→stopping',
    'started→destroyed',
    'stopping→stopped',
    'stopping→destroyed',
    'stopped→starting',
    'stopped→destroyed',
  ]);
  for (const from of STATES) {
    for (const to of STATES) {
      const ok = allowed.has(`${from}→${to}`);
      it(`${from} → ${to}: ${ok ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(from, to)).to.equal(ok);
      });
    }
  }

  it('destroyed is final and reachable from every other state', () => {
    expect(ACTION_TRANSITIONS.destroyed).to.deep.equal([]);
    for (const from of STATES.filter((s) => s !== 'destroyed')) expect(canTransition(from, 'destroyed'), from).to.equal(true);
  });

  const playback = new Set(['not-playing→playing', 'not-playing→complete', 'playing→complete', 'playing→not-playing']);
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const ok = playback.has(`${from}→${to}`);
      it(`playback ${from} → ${to}: ${ok ? 'allowed' : 'refused'}`, () => {
        expect(canChangePlayback(from, to)).to.equal(ok);
      });
    }
  }
});

type Op = (run: PlaylistRun) => PlaylistRun;
/** What the first action becomes, and where the run is, after an accepted step. */
interface Outcome {
  state: ActionState;
  status: PlaybackStatus;
  index?: number;
}

/**
 * Every operation from every state and status of the current action (the other action new, the run
 * not over, the item's policy `allowed`): the accepted steps; every other combination is refused
 * (the very same run comes back).
 */
const ACCEPTED: Record<string, { op: Op; from: Record<string, Outcome> }> = {
  startCurrent: {
    op: startCurrent,
    from: Object.fromEntries(
      (['new', 'stopped'] as const).flatMap((s) => STATUSES.map((p) => [`${s}/${p}`, { state: 'starting', status: p }])),
    ),
  },
  markStarted: {
    op: markStarted,
    from: Object.fromEntries(STATUSES.map((p) => [`starting/${p}`, { state: 'started', status: p }])),
  },
  markPlaying: {
    op: markPlaying,
    from: { 'started/not-playing': { state: 'started', status: 'playing' } },
  },
  markEnded: {
    op: markEnded,
    from: {
      'started/not-playing': { state: 'started', status: 'complete' },
      'started/playing': { state: 'started', status: 'complete' },
    },
  },
  nextItem: {
    op: nextItem,
    from: { 'started/complete': { state: 'destroyed', status: 'complete', index: 1 } },
  },
  skipItem: {
    op: skipItem,
    from: {
      'starting/not-playing': { state: 'destroyed', status: 'not-playing', index: 1 },
      'starting/playing': { state: 'destroyed', status: 'not-playing', index: 1 },
      'starting/complete': { state: 'destroyed', status: 'complete', index: 1 },
      'started/not-playing': { state: 'destroyed', status: 'not-playing', index: 1 },
      'started/playing': { state: 'destroyed', status: 'not-playing', index: 1 },
      'started/complete': { state: 'destroyed', status: 'complete', index: 1 },
    },
  },
  destroyRun: {
    op: destroyRun,
    // Never refused here: the second action is still new (see below for a run already destroyed).
    from: Object.fromEntries(
      STATES.flatMap((s) => STATUSES.map((p) => [`${s}/${p}`, { state: 'destroyed', status: p === 'playing' && s !== 'destroyed' ? 'not-playing' : p }])),
    ),
  },
};

describe('playlist run: every operation from every action state (play-page §4)', () => {
  for (const [name, { op, from }] of Object.entries(ACCEPTED)) {
    for (const state of STATES) {
      for (const status of STATUSES) {
        const outcome = from[`${state}/${status}`];
        it(`${name} from ${state}/${status}: ${outcome ? `→ ${outcome.state}/${outcome.status}` : 'refused'}`, () => {
          const run = runAt(state, status);
          const next = op(run);
          if (!outcome) {
            expect(next).to.equal(run);
            return;
          }
          expect(next).to.not.equal(run);
          expect(next.actions[0]).to.deep.include({ state: outcome.state, playbackStatus: outcome.status });
          expect(next.index).to.equal(outcome.index ?? 0);
          expect(next.finished).to.equal(false);
          // The second action is only touched by destroyRun.
          expect(next.actions[1]!.state).to.equal(name === 'destroyRun' ? 'destroyed' : 'new');
        });
      }
    }
  }
});

describe('playlist run: one action at a time, the end of the playlist, leaving the page', () => {
  it('a new run: every action new and not playing, the first current; an empty playlist is over at once', () => {
    const run = createPlaylistRun([{ item: item('a'), watchedInSession: false }, { item: item('b', { has_watched: true }), watchedInSession: true }]);
    expect(run.index).to.equal(0);
    expect(run.finished).to.equal(false);
    expect(run.actions.map((a) => [a.item.id, a.state, a.playbackStatus, a.watchedInSession])).to.deep.equal([
      ['a', 'new', 'not-playing', false],
      ['b', 'new', 'not-playing', true],
    ]);
    const empty = createPlaylistRun([]);
    expect(empty.finished).to.equal(true);
    expect(currentAction(empty)).to.equal(undefined);
    expect(playlistPosition(empty)).to.equal(undefined);
    expect(startCurrent(empty)).to.equal(empty);
    expect(destroyRun(empty)).to.equal(empty);
  });

  it('start is refused while another action still runs', () => {
    for (const other of ['starting', 'started', 'stopping'] as const) {
      const run = deepFreeze({ actions: [action(item('a'), 'destroyed'), action(item('b'), other)], index: 0, finished: false });
      expect(startCurrent(run), other).to.equal(run);
    }
    for (const other of ['new', 'stopped', 'destroyed'] as const) {
      const run = deepFreeze({ actions: [action(item('a')), action(item('b'), other)], index: 0, finished: false });
      expect(currentAction(startCurrent(run))!.state, other).to.equal('starting');
    }
  });

  it('once the playlist is over, start, ended, next and skip are refused; leaving the page still destroys', () => {
    const run = runAt('started', 'playing', { finished: true });
    for (const op of [startCurrent, markEnded, nextItem, skipItem]) expect(op(run), op.name).to.equal(run);
    expect(canSkipCurrent(run)).to.equal(false);
    expect(destroyRun(run).actions.map((a) => a.state)).to.deep.equal(['destroyed', 'destroyed']);
  });

  it('leaving the page twice: a run whose actions are all destroyed is left as it is', () => {
    const gone = destroyRun(runAt('started', 'playing'));
    expect(gone.actions.map((a) => [a.state, a.playbackStatus])).to.deep.equal([
      ['destroyed', 'not-playing'],
      ['destroyed', 'not-playing'],
    ]);
    expect(destroyRun(gone)).to.equal(gone);
    for (const op of [startCurrent, markStarted, markPlaying, markEnded, nextItem, skipItem]) expect(op(gone), op.name).to.equal(gone);
  });

  it('the last item: next ends the playlist and leaves its action as it is (the player stays on it); there is no Skip (nothing to skip to, issue 8)', () => {
    const last = (state: ActionState, status: PlaybackStatus) =>
      deepFreeze({ actions: [action(item('a'), 'destroyed', 'complete'), action(item('b', { skip_policy: 'allowed' }), state, status)], index: 1, finished: false });
    const ended = nextItem(last('started', 'complete'));
    expect(ended).to.deep.include({ index: 1, finished: true });
    expect(ended.actions[1]).to.deep.include({ state: 'started', playbackStatus: 'complete' });
    const playing = last('started', 'playing');
    expect(canSkipCurrent(playing)).to.equal(false);
    expect(playlistPosition(playing)).to.deep.include({ index: 1, count: 2, canSkip: false });
    expect(skipItem(playing)).to.equal(playing);
  });

  it('the only item of a one-item playlist (a title without a playlist of its own) has no Skip, whatever its policy', () => {
    const only = deepFreeze({ actions: [action(item('a', { skip_policy: 'allowed' }), 'started', 'playing')], index: 0, finished: false });
    expect(canSkipCurrent(only)).to.equal(false);
    expect(playlistPosition(only)).to.deep.equal({ itemId: 'a', index: 0, count: 1, canSkip: false });
    expect(skipItem(only)).to.equal(only);
  });

  it('ended makes the item watched (ever and in this session); a skipped item is not watched', () => {
    const ended = markEnded(runAt('started', 'playing'));
    expect(ended.actions[0]!.item.has_watched).to.equal(true);
    expect(ended.actions[0]!.watchedInSession).to.equal(true);
    const skipped = skipItem(runAt('started', 'playing'));
    expect(skipped.actions[0]!.item.has_watched).to.equal(false);
    expect(skipped.actions[0]!.watchedInSession).to.equal(false);
  });

  it('a whole playlist in order: each item starts, plays, completes, and is destroyed before the next starts', () => {
    let run = createPlaylistRun([item('ad', { ad: true }), item('feature')].map((i) => ({ item: i, watchedInSession: false })));
    const log: string[] = [];
    const note = () => log.push(run.actions.map((a) => `${a.item.id}:${a.state}/${a.playbackStatus}`).join(' ') + (run.finished ? ' finished' : ''));
    for (const step of [startCurrent, markStarted, markPlaying, markEnded, nextItem, startCurrent, markStarted, markPlaying, markEnded, nextItem, destroyRun]) {
      run = step(run);
      note();
      const running = run.actions.filter((a) => a.state === 'starting' || a.state === 'started' || a.state === 'stopping');
      expect(running.length, 'one action at a time').to.be.at.most(1);
    }
    expect(log).to.deep.equal([
      'ad:starting/not-playing feature:new/not-playing',
      'ad:started/not-playing feature:new/not-playing',
      'ad:started/playing feature:new/not-playing',
      'ad:started/complete feature:new/not-playing',
      'ad:destroyed/complete feature:new/not-playing',
      'ad:destroyed/complete feature:starting/not-playing',
      'ad:destroyed/complete feature:started/not-playing',
      'ad:destroyed/complete feature:started/playing',
      'ad:destroyed/complete feature:started/complete',
      'ad:destroyed/complete feature:started/complete finished',
      'ad:destroyed/complete feature:destroyed/complete finished',
    ]);
  });
});

describe('playlist run: Skip follows the item skip policy (play-page §4)', () => {
  const cases: Array<[string, Partial<PlaylistItem> & { ad?: boolean }, boolean, boolean]> = [
    // label, item, watched in session, can skip
    ['allowed', { skip_policy: 'allowed' }, false, true],
    ['no policy (not an ad): allowed', {}, false, true],
    ['an ad without a policy, unwatched: must-view-once', { ad: true }, false, false],
    ['an ad without a policy, watched before (has_watched)', { ad: true, has_watched: true }, false, true],
    ['must-view-once, unwatched', { skip_policy: 'must-view-once' }, false, false],
    ['must-view-once, watched before', { skip_policy: 'must-view-once', has_watched: true }, false, true],
    ['must-view-once-per-session, watched before but not in this session', { skip_policy: 'must-view-once-per-session' as SkipPolicy, has_watched: true }, false, false],
    ['must-view-once-per-session, watched in this session', { skip_policy: 'must-view-once-per-session' as SkipPolicy, has_watched: true }, true, true],
  ];
  for (const [label, patch, inSession, expected] of cases) {
    it(`${label}: ${expected ? 'Skip shows' : 'no Skip'}`, () => {
      const run = deepFreeze({ actions: [action(item('x', patch), 'started', 'playing', inSession), action(item('y'))], index: 0, finished: false });
      expect(canSkipCurrent(run)).to.equal(expected);
      expect(playlistPosition(run)).to.deep.equal({ itemId: 'x', index: 0, count: 2, canSkip: expected });
      const skipped = skipItem(run);
      if (expected) expect(skipped.index).to.equal(1);
      else expect(skipped).to.equal(run);
    });
  }

  it('no Skip for an action that does not run, or once the playlist is over', () => {
    for (const state of ['new', 'stopped', 'stopping', 'destroyed'] as const) expect(canSkipCurrent(runAt(state, 'not-playing')), state).to.equal(false);
    expect(playlistPosition(runAt('started', 'complete', { finished: true }))).to.deep.equal({ itemId: 'a', index: 0, count: 2, canSkip: false, finished: true });
  });
});
