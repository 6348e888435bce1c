/**
 * The request map (core/request-map.ts): one case per row, acting on a real <video> playing the
 * demo MP4; the state a handler reads comes from a real store over that video.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { createPlayerStore, type PlayerStore } from '../../src-element/core/player-store.js';
import {
  REQUEST_MAP,
  handleRequest,
  type RequestContext,
  type S72RequestEventName,
} from '../../src-element/core/request-map.js';
import { EngineEmitter, type Engine } from '../../src-element/core/engine/engine.js';
import type { PlayerUi } from '../../src-element/core/ui/ui-state.js';
import { LIVE_EDGE_SEEK_OFFSET_S } from '../../src-element/core/live/live-edge.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

interface Harness {
  video: HTMLVideoElement;
  store: PlayerStore;
  play: sinon.SinonSpy;
  setFullscreen: sinon.SinonSpy;
  send(type: string, detail?: unknown): boolean;
}

async function harness({ loaded = true, seeking = true, playbackRates = true } = {}): Promise<Harness> {
  const video = document.createElement('video');
  video.muted = true;
  document.body.append(video);
  const metadata = nextEvent(video, 'loadedmetadata');
  video.src = demoUrl(MEDIA.mp4);
  await metadata;
  const store = createPlayerStore({ media: video, config: { seeking, playbackRates } });
  store.setSession({ loaded });
  store.connect();
  const play = sinon.spy(() => video.play());
  const setFullscreen = sinon.spy();
  const setUi = (ui: Partial<PlayerUi>) => store.setUi(ui);
  const context = (): RequestContext => ({ owners: store.owners, state: store.getState(), play, setFullscreen, setUi });
  return { video, store, play, setFullscreen, send: (type, detail) => handleRequest(context(), type, detail) };
}

type Case = { name: string; run: (h: Harness) => Promise<void> };

/**
 * An engine stand-in with two tracks of each kind (the demo MP4 has one of each; track switching on
 * real media is tested in test/element/s72-player-tracks.integration.test.ts): records the calls.
 */
function trackEngine(h: Harness) {
  const calls: Array<[string, string | null]> = [];
  const emitter = new EngineEmitter();
  const track = (id: string) => ({ id, language: 'en', label: id, roles: [], kind: 'subtitles', width: 1, height: 1, bandwidth: 1, active: false });
  const engine = {
    name: 'stand-in',
    seekRange: () => ({ start: 0, end: 60 }),
    audioTracks: () => [track('a1'), track('a2')],
    textTracks: () => [track('t1'), track('t2')],
    videoTracks: () => [track('v1'), track('v2')],
    selectAudioTrack: (id: string) => calls.push(['audio', id]),
    selectTextTrack: (id: string | null) => calls.push(['text', id]),
    selectVideoTrack: (id: string | null) => calls.push(['video', id]),
    on: emitter.on.bind(emitter),
  } as unknown as Engine;
  h.store.setOwners({ engine });
  return calls;
}
const CASES: Record<S72RequestEventName, Case[]> = {
  's72-play-request': [
    {
      name: 'plays through the playback-start logic once loaded',
      run: async (h) => {
        h.send('s72-play-request');
        expect(h.play.calledOnce).to.equal(true);
        await until(() => !h.video.paused, 'playing');
      },
    },
  ],
  's72-pause-request': [
    {
      name: 'pauses the media',
      run: async (h) => {
        await h.video.play();
        h.send('s72-pause-request');
        expect(h.video.paused).to.equal(true);
      },
    },
  ],
  's72-seek-request': [
    {
      name: 'seeks to the position, in seconds',
      run: async (h) => {
        h.send('s72-seek-request', 20);
        expect(h.video.currentTime).to.be.closeTo(20, 0.5);
      },
    },
    {
      name: 'clamps to the seekable range (player-and-client §5)',
      run: async (h) => {
        h.send('s72-seek-request', 10_000);
        expect(h.video.currentTime).to.be.at.most(h.video.duration);
        h.send('s72-seek-request', -5);
        expect(h.video.currentTime).to.equal(0);
      },
    },
    {
      name: 'ignores a position that is not a number',
      run: async (h) => {
        h.send('s72-seek-request', 7);
        h.send('s72-seek-request', Number.NaN);
        h.send('s72-seek-request', 'ten');
        expect(h.video.currentTime).to.be.closeTo(7, 0.5);
      },
    },
  ],
  's72-mute-request': [
    {
      name: 'mutes and unmutes',
      run: async (h) => {
        h.send('s72-mute-request', false);
        expect(h.video.muted).to.equal(false);
        h.send('s72-mute-request', true);
        expect(h.video.muted).to.equal(true);
      },
    },
  ],
  's72-volume-request': [
    {
      name: 'sets the volume, clamped to 0..1, and a volume above 0 unmutes',
      run: async (h) => {
        h.send('s72-volume-request', 0.4);
        expect(h.video.volume).to.equal(0.4);
        expect(h.video.muted).to.equal(false);
        h.send('s72-volume-request', 7);
        expect(h.video.volume).to.equal(1);
        h.send('s72-volume-request', -1);
        expect(h.video.volume).to.equal(0);
        h.send('s72-volume-request', Number.NaN);
        expect(h.video.volume).to.equal(0);
      },
    },
  ],
  's72-fullscreen-request': [
    {
      name: 'asks the host to enter or leave fullscreen',
      run: async (h) => {
        h.send('s72-fullscreen-request', true);
        h.send('s72-fullscreen-request', false);
        expect(h.setFullscreen.args).to.deep.equal([[true], [false]]);
      },
    },
  ],
  's72-rate-request': [
    {
      name: 'sets one of the offered rates, ignores any other value',
      run: async (h) => {
        h.send('s72-rate-request', 1.5);
        expect(h.video.playbackRate).to.equal(1.5);
        h.send('s72-rate-request', 16);
        h.send('s72-rate-request', -1);
        h.send('s72-rate-request', '2');
        expect(h.video.playbackRate).to.equal(1.5);
      },
    },
  ],
  's72-seek-to-live-request': [
    {
      name: 'live only: seeks just before the end of the seekable range (the live edge)',
      run: async (h) => {
        h.send('s72-seek-to-live-request');
        expect(h.video.currentTime, 'not live: nothing').to.equal(0);
        // A live source cannot come from the demo MP4: the state says live, the seek is real.
        const live = { ...h.store.getState(), live: true, seekable: { start: 10, end: 50 } };
        handleRequest({ owners: h.store.owners, state: live, play: h.play, setFullscreen: h.setFullscreen, setUi: () => undefined }, 's72-seek-to-live-request', undefined);
        expect(h.video.currentTime).to.equal(50 - LIVE_EDGE_SEEK_OFFSET_S);
        h.video.currentTime = 0;
        handleRequest({ owners: h.store.owners, state: { ...live, canSeek: false }, play: h.play, setFullscreen: h.setFullscreen, setUi: () => undefined }, 's72-seek-to-live-request', undefined);
        expect(h.video.currentTime, 'seeking=false: nothing').to.equal(0);
      },
    },
  ],
  's72-audio-track-request': [
    {
      name: 'switches to a known audio track; unknown ids and non-strings are ignored',
      run: async (h) => {
        const calls = trackEngine(h);
        h.send('s72-audio-track-request', 'a2');
        h.send('s72-audio-track-request', 'nope');
        h.send('s72-audio-track-request', 2);
        expect(calls).to.deep.equal([['audio', 'a2']]);
      },
    },
  ],
  's72-text-track-request': [
    {
      name: 'shows a known text track, or hides subtitles with null',
      run: async (h) => {
        const calls = trackEngine(h);
        h.send('s72-text-track-request', 't1');
        h.send('s72-text-track-request', null);
        h.send('s72-text-track-request', 'nope');
        h.send('s72-text-track-request', undefined);
        expect(calls).to.deep.equal([['text', 't1'], ['text', null]]);
      },
    },
  ],
  's72-captions-toggle-request': [
    {
      name: 'with no track showing, shows the remembered track (else the first); the C key (player-and-client §9)',
      run: async (h) => {
        const calls = trackEngine(h);
        h.send('s72-captions-toggle-request');
        h.store.setUi({ textTrackChoice: { language: 'en', kind: 'subtitles' } });
        h.send('s72-captions-toggle-request');
        expect(calls).to.deep.equal([['text', 't1'], ['text', 't1']]);
      },
    },
  ],
  's72-quality-request': [
    {
      name: 'pins a known rendition, or returns to Auto with null',
      run: async (h) => {
        const calls = trackEngine(h);
        h.send('s72-quality-request', 'v2');
        h.send('s72-quality-request', null);
        h.send('s72-quality-request', 'v9');
        expect(calls).to.deep.equal([['video', 'v2'], ['video', null]]);
      },
    },
  ],
  's72-preferences-request': [
    {
      name: 'merges valid preferences; drops unknown fields and values',
      run: async (h) => {
        h.send('s72-preferences-request', { subtitleTextColor: 'yellow', subtitleTextSize: 'huge', other: 1 });
        expect(h.store.getState().subtitlePreferences).to.deep.equal({
          subtitleTextColor: 'yellow',
          subtitleBackground: 'none',
          subtitleTextSize: 'md',
        });
        h.send('s72-preferences-request', 'lg');
        h.send('s72-preferences-request', { subtitleBackground: 'transparent-panel' });
        expect(h.store.getState().subtitlePreferences.subtitleBackground).to.equal('transparent-panel');
        expect(h.store.getState().subtitlePreferences.subtitleTextColor).to.equal('yellow');
      },
    },
  ],
  's72-frame-step-request': [
    {
      name: 'steps 0.04 s while paused; nothing while playing or for other details',
      run: async (h) => {
        h.video.currentTime = 10;
        await nextEvent(h.video, 'seeked');
        h.send('s72-frame-step-request', 1);
        expect(h.video.currentTime).to.be.closeTo(10.04, 0.001);
        h.send('s72-frame-step-request', -1);
        h.send('s72-frame-step-request', -1);
        expect(h.video.currentTime).to.be.closeTo(9.96, 0.001);
        h.send('s72-frame-step-request', 5);
        expect(h.video.currentTime).to.be.closeTo(9.96, 0.001);
        await h.video.play();
        const playing = h.video.currentTime;
        h.send('s72-frame-step-request', 1);
        expect(h.video.currentTime - playing).to.be.below(0.04);
      },
    },
  ],
  's72-debug-request': [
    {
      name: 'turns debug mode on and off',
      run: async (h) => {
        h.send('s72-debug-request', true);
        expect(h.store.getState().debug).to.equal(true);
        h.send('s72-debug-request', false);
        expect(h.store.getState().debug).to.equal(false);
      },
    },
  ],
  's72-menu-request': [
    {
      name: 'records a menu open or closed',
      run: async (h) => {
        h.send('s72-menu-request', true);
        expect(h.store.getState().menuOpen).to.equal(true);
        h.send('s72-menu-request', false);
        expect(h.store.getState().menuOpen).to.equal(false);
      },
    },
  ],
  's72-end-screen-close-request': [
    {
      name: 'hides the end screen',
      run: async (h) => {
        h.store.setUi({ endScreen: true });
        h.send('s72-end-screen-close-request');
        expect(h.store.getState().endScreen).to.equal(false);
      },
    },
  ],
  's72-cast-request': [
    {
      name: 'passes well-formed commands to the cast controller; malformed ones are ignored',
      run: async (h) => {
        const cast = sinon.spy();
        const context: RequestContext = { owners: h.store.owners, state: h.store.getState(), play: h.play, setFullscreen: h.setFullscreen, setUi: (ui) => h.store.setUi(ui), cast };
        for (const detail of [{ action: 'start' }, { action: 'volume', level: 0.5 }, { action: 'load', mode: 'beginning' }]) handleRequest(context, 's72-cast-request', detail);
        for (const detail of [null, 'start', { action: 'explode' }, { action: 'volume', level: 'loud' }, { action: 'seek' }, { action: 'mute', muted: 1 }]) handleRequest(context, 's72-cast-request', detail);
        expect(cast.args.map((a) => (a[0] as { action: string }).action)).to.deep.equal(['start', 'volume', 'load']);
        expect(h.send('s72-cast-request', { action: 'start' }), 'no cast controller: nothing happens').to.equal(true);
      },
    },
  ],
  's72-airplay-request': [
    {
      name: 'opens the AirPlay picker through the host',
      run: async (h) => {
        const airplay = sinon.spy();
        const context: RequestContext = { owners: h.store.owners, state: h.store.getState(), play: h.play, setFullscreen: h.setFullscreen, setUi: (ui) => h.store.setUi(ui), airplay };
        handleRequest(context, 's72-airplay-request', undefined);
        expect(airplay.callCount).to.equal(1);
      },
    },
  ],
};

describe('request map (core/request-map.ts)', function () {
  this.timeout(30_000);
  let current: Harness | undefined;
  afterEach(() => {
    current?.store.disconnect();
    current?.video.pause();
    current?.video.remove();
    current = undefined;
  });

  it('has test cases for every request', () => {
    expect(Object.keys(CASES).sort()).to.deep.equal(Object.keys(REQUEST_MAP).sort());
  });

  for (const [type, cases] of Object.entries(CASES)) {
    for (const { name, run } of cases) {
      it(`${type}: ${name}`, async () => {
        current = await harness();
        await run(current);
      });
    }
  }

  it('play does nothing until the source is loaded (player-and-client §5)', async () => {
    current = await harness({ loaded: false });
    current.send('s72-play-request');
    expect(current.play.called).to.equal(false);
  });

  it('seek does nothing when seeking is disabled (play-page §2 seeking=false)', async () => {
    current = await harness({ seeking: false });
    current.send('s72-seek-request', 30);
    expect(current.video.currentTime).to.equal(0);
  });

  it('rate does nothing while the rate menu is off (play-page §2 rates)', async () => {
    current = await harness({ playbackRates: false });
    current.send('s72-rate-request', 2);
    expect(current.video.playbackRate).to.equal(1);
  });

  it('ignores unknown request types', async () => {
    current = await harness();
    expect(current.send('s72-rewind-request', 1)).to.equal(false);
    expect(current.send('toString')).to.equal(false);
  });
});
