/**
 * The state store (core/player-store.ts): every row of PLAYER_STATE, driven through its real owner
 * (a real <video> playing the demo MP4, a real document) where one exists here, and through a small
 * stand-in owner where the real state cannot be produced in a headless test (fullscreen without a
 * user gesture, a live duration, an engine's track list).
 */
import { expect } from '@open-wc/testing';
import { EngineEmitter, type Engine, type EngineEventMap } from '../../src-element/core/engine/engine.js';
import { S72Error } from '../../src-element/core/errors.js';
import {
  PLAYER_STATE,
  createPlayerStore,
  sameValue,
  type PlayerStateKey,
  type PlayerStore,
  type StateOwners,
} from '../../src-element/core/player-store.js';
import { DEFAULT_SUBTITLE_PREFERENCES, type AirPlayState } from '../../src-element/core/ui/ui-state.js';
import { INITIAL_CAST_STATE, type CastState } from '../../src-element/core/cast/cast-state.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

/** A <video> on the demo MP4, muted (Chromium's autoplay policy), metadata loaded. */
async function realVideo(): Promise<HTMLVideoElement> {
  const video = document.createElement('video');
  video.muted = true;
  video.crossOrigin = 'anonymous';
  document.body.append(video);
  const loaded = nextEvent(video, 'loadedmetadata');
  video.src = demoUrl(MEDIA.mp4);
  await loaded;
  return video;
}

/** An engine stand-in: the store only calls seekRange(), the track lists and on(). */
function engineStandIn(tracks = { audio: 0 }) {
  const emitter = new EngineEmitter();
  const audio = () =>
    Array.from({ length: tracks.audio }, (_, index) => ({ id: `a${index}`, language: 'en', label: 'English', roles: [], active: index === 0 }));
  const engine = {
    name: 'stand-in',
    seekRange: () => ({ start: 5, end: 50 }),
    audioTracks: audio,
    textTracks: () => [],
    videoTracks: () => [],
    on: emitter.on.bind(emitter),
  } as unknown as Engine;
  return { engine, emit: <K extends keyof EngineEventMap>(type: K, detail: EngineEventMap[K]) => emitter.emit(type, detail) };
}

/** A document stand-in for the fullscreen rows (a real one cannot go fullscreen without a gesture). */
function documentStandIn(fullscreenElement: Element | null, fullscreenEnabled = true) {
  const target = new EventTarget() as EventTarget & { fullscreenElement: Element | null; fullscreenEnabled: boolean };
  target.fullscreenElement = fullscreenElement;
  target.fullscreenEnabled = fullscreenEnabled;
  return target;
}

interface RowCase {
  /** Owners to start from (the store is connected after). */
  owners(): Promise<StateOwners> | StateOwners;
  /** The value before `act`. */
  before: unknown;
  /** Changes the owner so that it confirms a new value (an owner event, or setSession). */
  act(store: PlayerStore): Promise<void> | void;
  /** The value after (a predicate, for values that depend on the media). */
  after: (value: unknown) => boolean;
}

const ROWS: Record<PlayerStateKey, RowCase> = {
  paused: {
    owners: async () => ({ media: await realVideo() }),
    before: true,
    act: async ({ owners }) => void (await owners.media!.play()),
    after: (value) => value === false,
  },
  currentTime: {
    owners: async () => ({ media: await realVideo() }),
    before: 0,
    act: async ({ owners }) => {
      owners.media!.currentTime = 12;
      await nextEvent(owners.media!, 'seeked');
    },
    after: (value) => Math.abs((value as number) - 12) < 0.5,
  },
  duration: {
    owners: () => ({ media: document.createElement('video') }),
    before: Number.NaN,
    act: async (store) => {
      const video = store.owners.media as HTMLVideoElement;
      video.muted = true;
      video.src = demoUrl(MEDIA.mp4);
      await nextEvent(video, 'durationchange');
    },
    after: (value) => Math.abs((value as number) - 60) < 1,
  },
  seekable: {
    owners: () => ({ media: document.createElement('video') }),
    before: { start: 0, end: 0 },
    act: async (store) => {
      const { engine } = engineStandIn();
      store.setOwners({ engine });
    },
    after: (value) => sameValue(value, { start: 5, end: 50 }),
  },
  buffered: {
    owners: () => ({ media: document.createElement('video') }),
    before: [],
    act: async (store) => {
      const video = store.owners.media as HTMLVideoElement;
      video.src = demoUrl(MEDIA.mp4);
      await until(() => video.buffered.length > 0 && store.getState().buffered.length > 0, 'buffered data');
    },
    after: (value) => (value as Array<{ end: number }>)[0]!.end > 0,
  },
  buffering: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setSession({ buffering: true }),
    after: (value) => value === true,
  },
  bufferingState: {
    owners: () => ({}),
    before: 'ok',
    act: (store) => store.setSession({ bufferingState: 'recovering' }),
    after: (value) => value === 'recovering',
  },
  ended: {
    owners: async () => ({ media: await realVideo() }),
    before: false,
    act: async ({ owners }) => {
      const video = owners.media!;
      video.currentTime = video.duration - 0.3;
      await nextEvent(video, 'seeked');
      const ended = nextEvent(video, 'ended');
      await video.play();
      await ended;
    },
    after: (value) => value === true,
  },
  played: {
    owners: async () => ({ media: await realVideo() }),
    before: false,
    act: async ({ owners }) => {
      const playing = nextEvent(owners.media!, 'playing');
      await owners.media!.play();
      await playing;
      await nextEvent(owners.media!, 'timeupdate');
    },
    after: (value) => value === true,
  },
  volume: {
    owners: () => ({ media: document.createElement('video') }),
    before: 1,
    act: async ({ owners }) => {
      owners.media!.volume = 0.25;
      await nextEvent(owners.media!, 'volumechange');
    },
    after: (value) => value === 0.25,
  },
  muted: {
    owners: () => ({ media: document.createElement('video') }),
    before: false,
    act: async ({ owners }) => {
      owners.media!.muted = true;
      await nextEvent(owners.media!, 'volumechange');
    },
    after: (value) => value === true,
  },
  playbackRate: {
    owners: async () => ({ media: await realVideo() }),
    before: 1,
    act: async ({ owners }) => {
      owners.media!.playbackRate = 1.5;
      await nextEvent(owners.media!, 'ratechange');
    },
    after: (value) => value === 1.5,
  },
  fullscreen: {
    owners: () => {
      const host = document.createElement('div');
      return { fullscreenElement: host, document: documentStandIn(null) as unknown as Document };
    },
    before: false,
    act: ({ owners }) => {
      const doc = owners.document as unknown as ReturnType<typeof documentStandIn>;
      doc.fullscreenElement = owners.fullscreenElement!;
      doc.dispatchEvent(new Event('fullscreenchange'));
    },
    after: (value) => value === true,
  },
  canFullscreen: {
    owners: () => ({ document: documentStandIn(null, false) as unknown as Document }),
    before: false,
    act: (store) => store.setOwners({ document }),
    after: (value) => value === document.fullscreenEnabled,
  },
  rateMenu: {
    owners: () => ({ config: {} }),
    before: false,
    act: (store) => store.setOwners({ config: { playbackRates: true } }),
    after: (value) => value === true,
  },
  canSeek: {
    owners: () => ({ config: {} }),
    before: true,
    act: (store) => store.setOwners({ config: { seeking: false } }),
    after: (value) => value === false,
  },
  loaded: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setSession({ loaded: true }),
    after: (value) => value === true,
  },
  live: {
    owners: () => {
      // A live duration needs a live stream (issue 9); a media stand-in announces Infinity.
      const media = new EventTarget() as EventTarget & { duration: number };
      media.duration = Number.NaN;
      return { media: media as unknown as HTMLMediaElement };
    },
    before: false,
    act: ({ owners }) => {
      (owners.media as unknown as { duration: number }).duration = Number.POSITIVE_INFINITY;
      owners.media!.dispatchEvent(new Event('durationchange'));
    },
    after: (value) => value === true,
  },
  tracks: {
    owners: () => ({ session: { loaded: true, buffering: false, bufferingState: 'ok', error: null } }),
    before: { audio: [], text: [], video: [] },
    act: (store) => {
      const counts = { audio: 1 };
      const { engine, emit } = engineStandIn(counts);
      store.setOwners({ engine });
      counts.audio = 2;
      emit('tracks', undefined);
    },
    after: (value) => (value as { audio: unknown[] }).audio.length === 2,
  },
  // issue 27 item 2: the engine's chapters, read again when it says its tracks changed
  chapters: {
    owners: () => ({ session: { loaded: true, buffering: false, bufferingState: 'ok', error: null } }),
    before: [],
    act: (store) => {
      const { engine, emit } = engineStandIn();
      let chapters: { startTime: number; endTime: number; title: string }[] = [];
      (engine as { chapters?: () => unknown }).chapters = () => chapters;
      store.setOwners({ engine });
      chapters = [{ startTime: 0, endTime: 12, title: 'Opening' }];
      emit('tracks', undefined);
    },
    after: (value) => sameValue(value, [{ startTime: 0, endTime: 12, title: 'Opening' }]),
  },
  liveStatus: {
    owners: () => ({}),
    before: null,
    act: (store) => store.setSession({ liveStatus: 'live' }),
    after: (value) => value === 'live',
  },
  controlsVisible: {
    owners: () => ({}),
    before: true,
    act: (store) => store.setUi({ controlsVisible: false }),
    after: (value) => value === false,
  },
  menuOpen: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setUi({ menuOpen: true }),
    after: (value) => value === true,
  },
  debug: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setUi({ debug: true }),
    after: (value) => value === true,
  },
  bigPlay: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setUi({ bigPlay: true }),
    after: (value) => value === true,
  },
  endScreen: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setUi({ endScreen: true }),
    after: (value) => value === true,
  },
  subtitlePreferences: {
    owners: () => ({}),
    before: DEFAULT_SUBTITLE_PREFERENCES,
    act: (store) => store.setUi({ subtitlePreferences: { ...DEFAULT_SUBTITLE_PREFERENCES, subtitleTextColor: 'yellow' } }),
    after: (value) => (value as { subtitleTextColor: string }).subtitleTextColor === 'yellow',
  },
  suggestions: {
    owners: () => ({}),
    before: [],
    act: (store) => store.setUi({ suggestions: [{ slug: '/film/a', title: 'A', source: 'recommendation' }] }),
    after: (value) => (value as unknown[]).length === 1,
  },
  stats: {
    owners: () => ({}),
    before: null,
    act: (store) =>
      store.setUi({
        stats: { state: 'paused', width: 1, height: 1, streamBandwidth: 1, estimatedBandwidth: 1, bufferAheadS: 1, droppedFrames: 0, decodedFrames: 0, engine: 'x', history: [] },
      }),
    after: (value) => (value as { state: string } | null)?.state === 'paused',
  },
  seekIndicator: {
    owners: () => ({}),
    before: null,
    act: (store) => store.setUi({ seekIndicator: { seconds: -20 } }),
    after: (value) => (value as { seconds: number } | null)?.seconds === -20,
  },
  textTrackChoice: {
    owners: () => ({}),
    before: null,
    act: (store) => store.setUi({ textTrackChoice: 'off' }),
    after: (value) => value === 'off',
  },
  cast: {
    owners: () => ({}),
    before: INITIAL_CAST_STATE,
    act: (store) => store.setUi({ cast: { ...INITIAL_CAST_STATE, connectionStatus: 'CONNECTED', friendlyName: 'TV' } }),
    after: (value) => (value as CastState).connectionStatus === 'CONNECTED',
  },
  airplay: {
    owners: () => ({}),
    before: { available: false, active: false },
    act: (store) => store.setUi({ airplay: { available: true, active: true } }),
    after: (value) => (value as AirPlayState).active,
  },
  ad: {
    owners: () => ({}),
    before: null,
    act: (store) => store.setUi({ ad: { phase: 'playing', index: 1, count: 2, remainingS: 5, skip: { kind: 'countdown', remainingS: 3 }, paused: false, muted: false, compact: false } }),
    after: (value) => (value as { remainingS: number } | null)?.remainingS === 5,
  },
  unmuteCue: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setUi({ unmuteCue: true }),
    after: (value) => value === true,
  },
  adBreak: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setUi({ ad: { phase: 'loading', index: 0, count: 0, remainingS: 0, skip: { kind: 'none' }, paused: false, muted: false, compact: false } }),
    after: (value) => value === true,
  },
  adItem: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setUi({ adItem: true }),
    after: (value) => value === true,
  },
  mediaInformation: {
    owners: () => ({}),
    before: null,
    act: (store) => store.setUi({ mediaInformation: { title: 'Night Harbour' } }),
    after: (value) => (value as { title?: string } | null)?.title === 'Night Harbour',
  },
  adBlocked: {
    owners: () => ({}),
    before: false,
    act: (store) => store.setSession({ adBlocked: true }),
    after: (value) => value === true,
  },
  videoWidth: {
    owners: () => ({ media: document.body.appendChild(Object.assign(document.createElement('video'), { muted: true })) }),
    before: 0,
    act: async ({ owners }) => {
      const loaded = nextEvent(owners.media!, 'loadedmetadata');
      owners.media!.src = demoUrl(MEDIA.mp4);
      await loaded;
    },
    after: (value) => typeof value === 'number' && value > 0,
  },
  videoHeight: {
    owners: () => ({ media: document.body.appendChild(Object.assign(document.createElement('video'), { muted: true })) }),
    before: 0,
    act: async ({ owners }) => {
      const loaded = nextEvent(owners.media!, 'loadedmetadata');
      owners.media!.src = demoUrl(MEDIA.mp4);
      await loaded;
    },
    after: (value) => typeof value === 'number' && value > 0,
  },
  title: {
    owners: () => ({ config: {} }),
    before: '',
    act: (store) => store.setOwners({ config: { title: 'Night Harbour' } }),
    after: (value) => value === 'Night Harbour',
  },
  subtitle: {
    owners: () => ({ config: {} }),
    before: '',
    act: (store) => store.setOwners({ config: { subtitle: 'Episode 1' } }),
    after: (value) => value === 'Episode 1',
  },
  backUrl: {
    owners: () => ({ config: {} }),
    before: '',
    act: (store) => store.setOwners({ config: { navigateBackUrl: '/browse' } }),
    after: (value) => value === '/browse',
  },
  playerTrack: {
    owners: () => ({ config: {} }),
    before: 'current',
    act: (store) => store.setOwners({ config: { playerTrack: 'new' } }),
    after: (value) => value === 'new',
  },
  showSubtitleSettings: {
    owners: () => ({ config: {} }),
    before: true,
    act: (store) => store.setOwners({ config: { showSubtitleSettings: false } }),
    after: (value) => value === false,
  },
  endScreenTimingS: {
    owners: () => ({ config: {} }),
    before: 20,
    act: (store) => store.setOwners({ config: { endScreen: { timingS: 0.2 } } }),
    after: (value) => value === 1,
  },
  endScreenOrientation: {
    owners: () => ({ config: {} }),
    before: 'landscape',
    act: (store) => store.setOwners({ config: { endScreen: { orientation: 'portrait' } } }),
    after: (value) => value === 'portrait',
  },
  error: {
    owners: () => ({}),
    before: null,
    act: (store) => store.setSession({ error: new S72Error('drm_failed', 'x', { category: 'drm' }) }),
    after: (value) => (value as S72Error | null)?.code === 'drm_failed',
  },
};

describe('player store (core/player-store.ts)', function () {
  this.timeout(30_000);
  const stores: PlayerStore[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) {
      store.disconnect();
      const media = store.owners.media;
      if (media instanceof HTMLMediaElement) {
        media.pause();
        media.removeAttribute('src');
        media.load();
        media.remove();
      }
    }
  });

  async function connected(owners: StateOwners): Promise<PlayerStore> {
    const store = createPlayerStore(owners);
    stores.push(store);
    store.connect();
    return store;
  }

  it('has a test case for every row of the state table', () => {
    expect(Object.keys(ROWS).sort()).to.deep.equal(Object.keys(PLAYER_STATE).sort());
  });

  it('reads every row without throwing when every owner is missing', () => {
    const state = createPlayerStore().getState();
    expect(Object.keys(state).sort()).to.deep.equal(Object.keys(PLAYER_STATE).sort());
  });

  for (const [key, row] of Object.entries(ROWS) as Array<[PlayerStateKey, RowCase]>) {
    it(`${key}: read from its owner, committed when the owner confirms, listeners told`, async () => {
      const store = await connected(await row.owners());
      expect(sameValue(store.getState()[key], row.before), `${key} before: ${JSON.stringify(store.getState()[key])}`).to.equal(true);
      const changes: PlayerStateKey[][] = [];
      store.subscribe((_state, changed) => changes.push([...changed]));
      await row.act(store);
      await until(() => row.after(store.getState()[key]), `${key} after the owner confirmed`);
      expect(changes.some((keys) => keys.includes(key)), `${key} reported as changed`).to.equal(true);
    });
  }

  it('is not optimistic: a change shows only once the media confirms it with its event', async () => {
    const video = document.createElement('video');
    const store = await connected({ media: video });
    video.volume = 0.5;
    expect(store.getState().volume).to.equal(1);
    await nextEvent(video, 'volumechange');
    expect(store.getState().volume).to.equal(0.5);
  });

  it('gives frozen snapshots, and a new one only when a value changed', async () => {
    const video = document.createElement('video');
    const store = await connected({ media: video, engine: engineStandIn().engine });
    const first = store.getState();
    expect(Object.isFrozen(first)).to.equal(true);
    expect(Object.isFrozen(first.seekable)).to.equal(true);
    const listener: string[] = [];
    store.subscribe(() => listener.push('changed'));
    video.dispatchEvent(new Event('volumechange')); // nothing changed
    store.refresh();
    expect(listener).to.deep.equal([]);
    expect(store.getState()).to.equal(first);
  });

  it('stops listening on disconnect and resumes on connect', async () => {
    const video = document.createElement('video');
    const store = await connected({ media: video });
    store.disconnect();
    video.muted = true;
    await nextEvent(video, 'volumechange');
    expect(store.getState().muted).to.equal(false);
    store.connect();
    expect(store.getState().muted).to.equal(true);
    video.muted = false;
    await nextEvent(video, 'volumechange');
    expect(store.getState().muted).to.equal(false);
  });

  it('follows a new media owner and drops the old one', async () => {
    const first = document.createElement('video');
    const second = document.createElement('video');
    const store = await connected({ media: first });
    store.setOwners({ media: second });
    first.muted = true;
    await nextEvent(first, 'volumechange');
    expect(store.getState().muted).to.equal(false);
    second.volume = 0.3;
    await nextEvent(second, 'volumechange');
    expect(store.getState().volume).to.equal(0.3);
  });

  it('canSeek is false during an ad break and during a playlist ad item (issue 22 item 6)', () => {
    const store = createPlayerStore({ config: {} });
    expect(store.getState().canSeek).to.equal(true);
    store.setUi({ adItem: true });
    expect(store.getState().canSeek, 'ad item').to.equal(false);
    store.setUi({ adItem: false, ad: { phase: 'loading', index: 0, count: 0, remainingS: 0, skip: { kind: 'none' }, paused: false, muted: false, compact: false } });
    expect(store.getState().canSeek, 'ad break').to.equal(false);
    store.setUi({ ad: null });
    expect(store.getState().canSeek).to.equal(true);
  });

  it('compares NaN, ranges and track lists by value', () => {
    expect(sameValue(Number.NaN, Number.NaN)).to.equal(true);
    expect(sameValue({ start: 0, end: 1 }, { start: 0, end: 1 })).to.equal(true);
    expect(sameValue([{ start: 0, end: 1 }], [{ start: 0, end: 2 }])).to.equal(false);
    const error = new S72Error('drm_failed', 'x', { category: 'drm' });
    expect(sameValue(error, new S72Error('drm_failed', 'x', { category: 'drm' }))).to.equal(false);
  });
});
