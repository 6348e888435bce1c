/** Playlists and play telemetry in the play-flow machine (play-page §4 skip policy and lifecycle, §7). */
import { expect } from '@open-wc/testing';
import { S72Error } from 's72-player/client';
import {
  type FlowEvent,
  type PlaylistEntry,
  type Transition,
} from '../../src-shell/features/play-flow/machine.js';
import type { PlaylistItem } from '../../src-shell/features/playlist/index.js';
import { availability, CHROME, FILM, NOW, session, streams } from './fixtures.js';
import { last, run } from './support/machine.js';

const playing = (t: Transition) => {
  if (t.state.status !== 'playing') throw new Error(`expected playing, got ${t.state.status}`);
  return t.state;
};

const AD: PlaylistItem = { id: 'ad-1', action: { type: 'play', slug: '/film/demo-ad', playback_mode: 'ad' }, title: 'Our sponsor', has_watched: false };
const MAIN: PlaylistItem = { id: 'main', action: { type: 'play', slug: '/film/night-harbour' }, title: 'Night Harbour', skip_policy: 'allowed', has_watched: false };
const entry = (item: PlaylistItem, watchedInSession = false): PlaylistEntry => ({ item, watchedInSession });

const loaded = (playlist?: PlaylistEntry[]): FlowEvent => ({
  type: 'item-loaded',
  metadata: { kind: 'film', film: FILM },
  availabilities: [availability('/film/night-harbour')],
  configuration: {},
  capabilities: CHROME,
  now: NOW,
  ...(playlist ? { playlist } : {}),
});
const streamsLoaded: FlowEvent = { type: 'streams-loaded', response: streams(), now: NOW };

describe('play-flow machine: playlists (play-page §4, §5)', () => {
  it('the first playlist item (the ad) is streamed first, through the normal streams call', () => {
    const t = last(run([{ type: 'start', session: session() }, loaded([entry(AD), entry(MAIN)])]));
    expect(t.state).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(t.commands).to.have.length(1);
    expect(t.commands[0]).to.deep.include({ type: 'load-streams', slug: '/film/demo-ad' });
  });

  it('an unwatched ad (must-view-once by default) plays with its own slug and title, no Skip, no `t`', () => {
    const ts = run([{ type: 'start', session: session({ startTime: 30 }) }, loaded([entry(AD), entry(MAIN)]), streamsLoaded]);
    const state = playing(last(ts));
    expect(state.playback).to.deep.include({ slug: '/film/demo-ad', title: 'Our sponsor' });
    expect(state.playback.startTime).to.equal(undefined);
    expect(state.playback.content.slug).to.equal('/film/demo-ad');
    // The player is told it is an ad item: no seeking in it, an "Ad" label (issue 22 items 6, 7).
    expect(state.playback.content.playbackMode).to.equal('ad');
    expect(state.playback.playlist).to.deep.equal({ itemId: 'ad-1', index: 0, count: 2, canSkip: false });
    expect(last(ts).commands).to.deep.equal([{ type: 'track', event: 'player-opened', slug: '/film/demo-ad' }]);
  });

  it('Skip is refused while the ad may not be skipped', () => {
    const ts = run([{ type: 'start', session: session() }, loaded([entry(AD), entry(MAIN)]), streamsLoaded, { type: 'skip-requested' }]);
    expect(playing(last(ts)).playback.slug).to.equal('/film/demo-ad');
    expect(last(ts).commands).to.deep.equal([]);
  });

  it('the ad ends: it becomes watched, the next item streams, then plays with `t`', () => {
    const ts = run([
      { type: 'start', session: session({ startTime: 30 }) },
      loaded([entry(AD), entry(MAIN)]),
      streamsLoaded,
      { type: 'item-ended' },
    ]);
    const ended = last(ts);
    expect(ended.state).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(ended.commands[0]).to.deep.equal({ type: 'mark-watched', item: AD });
    expect(ended.commands[1]).to.deep.include({ type: 'load-streams', slug: '/film/night-harbour' });
    const main = last(run([streamsLoaded], ended.state));
    const state = playing(main);
    expect(state.playback).to.deep.include({ slug: '/film/night-harbour', title: 'Night Harbour', startTime: 30 });
    expect(state.playback.content.playbackMode, 'the feature is no ad').to.equal(undefined);
    // The last item: nothing to skip to, so no Skip (issue 8).
    expect(state.playback.playlist).to.deep.equal({ itemId: 'main', index: 1, count: 2, canSkip: false });
    expect(main.commands).to.deep.equal([{ type: 'track', event: 'player-opened', slug: '/film/night-harbour' }]);
  });

  it('the last item ends: the playlist finishes (playlist-finished telemetry) and stays on the player', () => {
    const ts = run([
      { type: 'start', session: session() },
      loaded([entry(AD), entry(MAIN)]),
      streamsLoaded,
      { type: 'item-ended' },
      streamsLoaded,
      { type: 'item-ended' },
    ]);
    const t = last(ts);
    expect(t.commands).to.deep.equal([
      { type: 'mark-watched', item: MAIN },
      { type: 'track', event: 'playlist-finished', slug: '/film/night-harbour' },
    ]);
    expect(playing(t).playback.playlist).to.deep.include({ finished: true, canSkip: false });
    // A later `ended` does nothing more.
    expect(last(run([{ type: 'item-ended' }], t.state)).commands).to.deep.equal([]);
  });

  it('a watched ad (has_watched) shows Skip, and Skip goes to the next item without marking it watched', () => {
    const ts = run([
      { type: 'start', session: session() },
      loaded([entry({ ...AD, has_watched: true }), entry(MAIN)]),
      streamsLoaded,
    ]);
    expect(playing(last(ts)).playback.playlist?.canSkip).to.equal(true);
    const skipped = last(run([{ type: 'skip-requested' }], last(ts).state));
    expect(skipped.state).to.deep.include({ status: 'loading', phase: 'streams' });
    expect(skipped.commands).to.have.length(1);
    expect(skipped.commands[0]).to.deep.include({ type: 'load-streams', slug: '/film/night-harbour' });
  });

  it('must-view-once-per-session: watched before but not in this session → no Skip; watched this session → Skip', () => {
    const perSession: PlaylistItem = { ...AD, skip_policy: 'must-view-once-per-session', has_watched: true };
    const before = run([{ type: 'start', session: session() }, loaded([entry(perSession), entry(MAIN)]), streamsLoaded]);
    expect(playing(last(before)).playback.playlist?.canSkip).to.equal(false);
    const during = run([{ type: 'start', session: session() }, loaded([entry(perSession, true), entry(MAIN)]), streamsLoaded]);
    expect(playing(last(during)).playback.playlist?.canSkip).to.equal(true);
  });

  it('without a playlist the item plays as before and `ended` changes nothing', () => {
    const ts = run([{ type: 'start', session: session() }, loaded(), streamsLoaded, { type: 'item-ended' }]);
    const state = playing(last(ts));
    expect(state.playback.playlist).to.equal(undefined);
    expect(last(ts).commands).to.deep.equal([]);
  });
});

describe('play-flow machine: the playlist run it holds (play-page §4 "Playlist and action lifecycle")', () => {
  /** `item:state/status` of every action of the run in the state's context. */
  const actions = (t: Transition): string[] => {
    const s = t.state;
    const ctx = s.status === 'playing' || s.status === 'resume-prompt' ? s.context : s.status === 'loading' && s.phase !== 'item' ? s : undefined;
    return (ctx?.playlist?.actions ?? []).map((a) => `${a.item.id}:${a.state}/${a.playbackStatus}`);
  };
  const start = (playlist = [entry(AD), entry(MAIN)]) => run([{ type: 'start', session: session() }, loaded(playlist)]);

  it('the streams call starts the action, the player shows it started, `playing` and `ended` set the playback status', () => {
    const ts = start();
    expect(actions(last(ts))).to.deep.equal(['ad-1:starting/not-playing', 'main:new/not-playing']);
    const shown = run([streamsLoaded], last(ts).state);
    expect(actions(last(shown))).to.deep.equal(['ad-1:started/not-playing', 'main:new/not-playing']);
    const playingNow = last(run([{ type: 'item-playing' }], last(shown).state));
    expect(actions(playingNow)).to.deep.equal(['ad-1:started/playing', 'main:new/not-playing']);
    expect(playingNow.commands).to.deep.equal([]);
    // A second `playing` (after a pause) changes nothing: the same state comes back.
    const again = last(run([{ type: 'item-playing' }], playingNow.state));
    expect(again.state).to.equal(playingNow.state);
    const ended = last(run([{ type: 'item-ended' }], playingNow.state));
    expect(actions(ended)).to.deep.equal(['ad-1:destroyed/complete', 'main:starting/not-playing']);
  });

  it('the resume prompt holds the action starting; choosing shows the player and starts it', () => {
    const prompt = last(
      run(
        [
          {
            type: 'streams-loaded',
            response: streams({ playback_progress: { play_position: 600, length: 3600, completed: false, last_played_at: '2026-01-10T00:00:00Z' } }),
            now: NOW,
          },
        ],
        last(run([{ type: 'start', session: session() }, { ...loaded([entry(MAIN)]), configuration: { player_resume: true } } as FlowEvent])).state,
      ),
    );
    expect(prompt.state.status).to.equal('resume-prompt');
    expect(actions(prompt)).to.deep.equal(['main:starting/not-playing']);
    expect(actions(last(run([{ type: 'resume-chosen', resume: false }], prompt.state)))).to.deep.equal(['main:started/not-playing']);
  });

  it('leaving the page destroys every action; later player events change nothing', () => {
    const ts = run([
      { type: 'start', session: session() },
      loaded([entry({ ...AD, has_watched: true }), entry(MAIN)]),
      streamsLoaded,
      { type: 'item-playing' },
      { type: 'page-left' },
    ]);
    const left = last(ts);
    expect(actions(left)).to.deep.equal(['ad-1:destroyed/not-playing', 'main:destroyed/not-playing']);
    expect(left.commands).to.deep.equal([]);
    expect(playing(left).playback.playlist?.canSkip).to.equal(false);
    for (const event of [{ type: 'item-ended' }, { type: 'skip-requested' }, { type: 'item-playing' }, { type: 'page-left' }] as FlowEvent[]) {
      const t = last(run([event], left.state));
      expect(t.state, event.type).to.equal(left.state);
      expect(t.commands).to.deep.equal([]);
    }
  });

  it('without a playlist, `playing` and leaving the page change nothing', () => {
    const t = last(run([{ type: 'start', session: session() }, loaded(), streamsLoaded]));
    for (const event of [{ type: 'item-playing' }, { type: 'page-left' }] as FlowEvent[]) expect(last(run([event], t.state)).state).to.equal(t.state);
  });

  it('the last (only) item has no Skip: a skip request changes nothing (issue 8: nothing to skip to)', () => {
    const ts = run([{ type: 'start', session: session() }, loaded([entry(MAIN)]), streamsLoaded]);
    expect(playing(last(ts)).playback.playlist).to.deep.equal({ itemId: 'main', index: 0, count: 1, canSkip: false });
    const t = last(run([{ type: 'skip-requested' }], last(ts).state));
    expect(t.commands).to.deep.equal([]);
    expect(t.state).to.equal(last(ts).state);
  });
});

describe('play-flow machine: play telemetry commands (play-page §7)', () => {
  it('a critical player error queues player-error with the error data, then shows the error', () => {
    const error = new S72Error('drm_failed', 'Licence refused', { category: 'drm', httpStatus: 403, requestId: 'req-9' });
    const ts = run([{ type: 'start', session: session() }, loaded(), streamsLoaded, { type: 'playback-failed', error }]);
    const t = last(ts);
    expect(t.state.status).to.equal('error');
    expect(t.commands).to.have.length(1);
    expect(t.commands[0]).to.deep.include({ type: 'track', event: 'player-error', slug: '/film/night-harbour' });
    const command = t.commands[0]!;
    expect(command.type === 'track' && command.data).to.deep.include({ code: 'drm_failed', requestId: 'req-9' });
  });

  it('player-opened is queued once per item: the resume choice opens the player', () => {
    const s = session();
    const prompt = run([
      { type: 'start', session: s },
      { ...loaded(), configuration: { player_resume: true } } as FlowEvent,
      {
        type: 'streams-loaded',
        response: streams({ playback_progress: { play_position: 600, length: 3600, completed: false, last_played_at: '2026-01-10T00:00:00Z' } }),
        now: NOW,
      },
    ]);
    expect(last(prompt).state.status).to.equal('resume-prompt');
    expect(last(prompt).commands).to.deep.equal([]);
    const chosen = last(run([{ type: 'resume-chosen', resume: true }], last(prompt).state));
    expect(chosen.commands).to.deep.equal([{ type: 'track', event: 'player-opened', slug: '/film/night-harbour' }]);
  });
});
