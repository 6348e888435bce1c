/**
 * Heartbeat (controllers/heartbeat-controller.ts; play-page §7, §8; player-and-client §5, §7, §8).
 * First the controller on a small host with sinon fake timers and a scripted fetch (every rule and
 * answer, timing exact); then `<s72-player>` with a real play token from a real streams call,
 * beating against the real demo storefront, with 451 and 403 injected through `/__demo/fault`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { HeartbeatController } from '../../src-element/controllers/heartbeat-controller.js';
import type { S72Content } from '../../src-element/core/types.js';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { ADULT_TOKEN, demoControl, demoUrl, resetDemo, until, type RecordedRequest } from '../helpers/demo.js';
import { sessionHost, type SessionTestHost } from '../helpers/session-host.js';

const URI = 'https://store.example/services/license/heartbeat';
const INTERVAL_MS = 30_000;
const TOKEN = 'header.payload.signature';
/** The demo viewer limited to one stream (`max_streams: 1`). */
const SOLO_TOKEN = 'demo-solo-token';

/** A fetch that answers each call with the next status of `statuses` (then 200); `0` rejects (no answer). */
function scriptedFetch(...statuses: number[]) {
  return sinon.stub<Parameters<typeof fetch>, ReturnType<typeof fetch>>().callsFake(() => {
    const status = statuses.shift() ?? 200;
    if (status === 0) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(status === 204 ? null : '{}', { status, headers: { 'x-request-id': `req-${status}` } }));
  });
}

describe('heartbeat', function () {
  this.timeout(60_000);

  describe('HeartbeatController (fake timers, scripted fetch)', () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.UTC(2026, 10, 23) });
    });
    afterEach(() => sinon.restore());

    async function setup(fetch = scriptedFetch(), casting = false) {
      let controller!: HeartbeatController;
      const host = await sessionHost((element) => {
        element.effectiveConfig = { heartbeat: { uri: URI, intervalMs: INTERVAL_MS } };
        element.playToken = TOKEN;
        controller = new HeartbeatController(element, { fetch, isCasting: () => casting });
      });
      expect(await controller.ready, 'the heartbeat chunk (heartbeat-session.ts), loaded for config.heartbeat').to.not.equal(null);
      return { host, controller, fetch };
    }
    const play = async (host: SessionTestHost) => {
      await host.media.play();
      await clock.tickAsync(0);
    };

    it('beats as soon as the loaded source plays, then every intervalMs, with x-play-session and no body', async () => {
      const { host, controller, fetch } = await setup();
      await clock.tickAsync(INTERVAL_MS * 2);
      expect(fetch.callCount, 'nothing before load').to.equal(0);
      host.load();
      await clock.tickAsync(INTERVAL_MS);
      expect(fetch.callCount, 'loaded but paused: nothing').to.equal(0);
      await play(host);
      expect(fetch.callCount, 'at once when playback starts').to.equal(1);
      const [url, init] = fetch.firstCall.args;
      expect(url).to.equal(URI);
      expect(init?.method).to.equal('POST');
      expect(init?.headers).to.deep.equal({ 'x-play-session': TOKEN });
      expect(init?.body).to.equal(undefined);
      await clock.tickAsync(INTERVAL_MS - 1);
      expect(fetch.callCount).to.equal(1);
      await clock.tickAsync(1);
      expect(fetch.callCount, 'one interval later').to.equal(2);
      await clock.tickAsync(INTERVAL_MS * 3);
      expect(fetch.callCount).to.equal(5);
      expect(controller.sent, 'beats answered 2xx').to.equal(5);
    });

    it('is skipped while paused and beats again when playing resumes (at once when due)', async () => {
      const { host, fetch } = await setup();
      host.load();
      await play(host);
      host.media.pause();
      await clock.tickAsync(INTERVAL_MS * 3);
      expect(fetch.callCount, 'none while paused').to.equal(1);
      await play(host);
      expect(fetch.callCount, 'due: at once').to.equal(2);
      host.media.pause();
      await clock.tickAsync(1_000);
      await play(host);
      expect(fetch.callCount, 'not due yet: no extra beat').to.equal(2);
      await clock.tickAsync(INTERVAL_MS);
      expect(fetch.callCount).to.equal(3);
    });

    it('is skipped while casting (the cast hook) and without a play token', async () => {
      const casting = await setup(scriptedFetch(), true);
      casting.host.load();
      await play(casting.host);
      await clock.tickAsync(INTERVAL_MS * 2);
      expect(casting.fetch.callCount, 'casting').to.equal(0);

      const blank = await setup();
      blank.host.playToken = '  ';
      blank.host.load();
      await play(blank.host);
      await clock.tickAsync(INTERVAL_MS * 2);
      expect(blank.fetch.callCount, 'blank token').to.equal(0);
      blank.host.playToken = TOKEN; // e.g. updatePlayToken(): the token in force is read at each beat
      await clock.tickAsync(INTERVAL_MS);
      expect(blank.fetch.callCount).to.equal(1);
    });

    it('451: too_many_streams (category heartbeat, critical, request id), the media paused', async () => {
      const { host, controller, fetch } = await setup(scriptedFetch(451));
      host.load();
      await play(host);
      expect(host.errors).to.have.length(1);
      const [error] = host.errors;
      expect(error).to.include({ code: 'too_many_streams', category: 'heartbeat', severity: 'critical', httpStatus: 451, requestId: 'req-451' });
      expect(error!.data).to.deep.equal({ reason: 'HEARTBEAT_TOO_MANY_STREAMS' });
      expect(host.media.paused, 'playback stops').to.equal(true);
      expect(controller.sent).to.equal(0);
      await clock.tickAsync(INTERVAL_MS * 2);
      expect(fetch.callCount, 'paused on the error: no beats').to.equal(1);
    });

    it('403: content_expired (critical) and the heartbeat stops for the source', async () => {
      const { host, fetch } = await setup(scriptedFetch(403));
      host.load();
      await play(host);
      expect(host.errors.map((error) => [error.code, error.category, error.severity, error.httpStatus])).to.deep.equal([
        ['content_expired', 'heartbeat', 'critical', 403],
      ]);
      expect(host.errors[0]!.data).to.deep.equal({ reason: 'HEARTBEAT_FORBIDDEN' });
      expect(host.media.paused).to.equal(true);
      host.load(); // "Try again": reloaded and playing
      await play(host);
      await clock.tickAsync(INTERVAL_MS * 3);
      expect(fetch.callCount, 'no beat after a 403').to.equal(1);
      host.content = { slug: '/film/clear-skies', assets: {} }; // a new source starts over
      host.requestUpdate();
      await host.updateComplete;
      await clock.tickAsync(INTERVAL_MS);
      expect(fetch.callCount, 'the old session ends (a stop); no beat before the new source is loaded').to.equal(2);
      expect(fetch.secondCall.args[1]?.body).to.equal('{"state":"stopped"}');
      host.store.setSession({ loaded: false }); // the engine reloads
      host.load();
      await clock.tickAsync(0);
      expect(fetch.callCount, 'at once: the new source plays').to.equal(3);
      expect(fetch.thirdCall.args[1]?.body).to.equal(undefined);
    });

    it('5xx and network failures are ignored: the next beat tries again', async () => {
      const { host, controller, fetch } = await setup(scriptedFetch(503, 0, 500));
      host.load();
      await play(host);
      await clock.tickAsync(INTERVAL_MS * 3);
      expect(fetch.callCount).to.equal(4);
      expect(host.errors).to.deep.equal([]);
      expect(host.media.paused).to.equal(false);
      expect(controller.sent, 'only the fourth was answered 2xx').to.equal(1);
    });

    /** The stop calls among `fetch`'s calls: [uri, init] of each `{"state":"stopped"}`. */
    const stops = (fetch: sinon.SinonStub<Parameters<typeof globalThis.fetch>, ReturnType<typeof globalThis.fetch>>) =>
      fetch.getCalls().filter((call) => call.args[1]?.body !== undefined);
    const expectStop = (call: { args: Parameters<typeof globalThis.fetch> } | undefined, token = TOKEN) => {
      expect(call, 'a stop was sent').to.not.equal(undefined);
      const [url, init] = call!.args;
      expect(url).to.equal(URI);
      expect(init?.method).to.equal('POST');
      expect(init?.headers).to.deep.equal({ 'x-play-session': token, 'content-type': 'application/json' });
      expect(init?.body).to.equal('{"state":"stopped"}');
      expect(init?.keepalive, 'survives the page').to.equal(true);
    };

    it('removal ends the session (a keepalive stop); re-inserted and playing, it beats again at once (issue 22 item 4)', async () => {
      const { host, fetch } = await setup();
      host.load();
      await play(host);
      const parent = host.parentElement!;
      host.remove();
      await clock.tickAsync(0);
      expect(fetch.callCount, 'the beat, then the stop').to.equal(2);
      expectStop(fetch.secondCall);
      await clock.tickAsync(INTERVAL_MS * 3);
      expect(fetch.callCount, 'nothing more while removed').to.equal(2);
      parent.append(host);
      await clock.tickAsync(0);
      expect(fetch.callCount, 'a new session: a beat at once').to.equal(3);
      expect(fetch.thirdCall.args[1]?.body, 'an ordinary beat').to.equal(undefined);
      await clock.tickAsync(INTERVAL_MS);
      expect(fetch.callCount, 'then every intervalMs').to.equal(4);
      expect(stops(fetch)).to.have.length(1);
    });

    it('a move in the page (disconnect and connect in one task) keeps the session: no stop', async () => {
      const { host, fetch } = await setup();
      host.load();
      await play(host);
      const parent = host.parentElement!;
      host.remove();
      parent.append(host);
      await clock.tickAsync(0);
      expect(fetch.callCount, 'not due: nothing at once').to.equal(1);
      await clock.tickAsync(INTERVAL_MS);
      expect(fetch.callCount).to.equal(2);
      expect(stops(fetch)).to.have.length(0);
    });

    it('nothing to end when no beat went out (removed before playing)', async () => {
      const { host, fetch } = await setup();
      host.load();
      host.remove();
      await clock.tickAsync(INTERVAL_MS);
      expect(fetch.callCount).to.equal(0);
    });

    it('pagehide ends the session at once; back from the back-forward cache it beats again at once', async () => {
      const { host, fetch } = await setup();
      host.load();
      await play(host);
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
      expect(fetch.callCount, 'the stop goes in the pagehide task').to.equal(2);
      expectStop(fetch.secondCall);
      await clock.tickAsync(INTERVAL_MS * 2);
      expect(fetch.callCount, 'hidden: no beats').to.equal(2);
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      await clock.tickAsync(0);
      expect(fetch.callCount, 'shown again while playing: a beat at once').to.equal(3);
      expect(fetch.thirdCall.args[1]?.body).to.equal(undefined);
      host.remove();
      await clock.tickAsync(0);
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      expect(stops(fetch), 'one stop per session; a removed player no longer listens').to.have.length(2);
    });

    it('a new source ends the old session with its own token before the new one beats', async () => {
      let answer!: (response: Response) => void;
      const fetch = sinon.stub<Parameters<typeof globalThis.fetch>, ReturnType<typeof globalThis.fetch>>().callsFake(
        (_url, init) => (init?.body ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(new Response('{}'))),
      );
      const { host } = await setup(fetch);
      host.load();
      await play(host);
      host.content = { slug: '/film/clear-skies', assets: {} };
      host.playToken = 'next.play.token';
      host.requestUpdate();
      await host.updateComplete;
      await clock.tickAsync(0);
      expect(fetch.callCount).to.equal(2);
      expectStop(fetch.secondCall, TOKEN);
      host.store.setSession({ loaded: false }); // the engine loads the new source
      host.load();
      await clock.tickAsync(0);
      expect(fetch.callCount, 'the new session waits for the stop of the old one').to.equal(2);
      answer(new Response('{"status":"ok"}'));
      await clock.tickAsync(0);
      expect(fetch.callCount).to.equal(3);
      expect(fetch.thirdCall.args[1]?.headers).to.deep.equal({ 'x-play-session': 'next.play.token' });
    });

    it('a new play token in force ends the old token’s session first', async () => {
      const { host, fetch } = await setup();
      host.load();
      await play(host);
      host.playToken = 'fresh.play.token'; // updatePlayToken()
      await clock.tickAsync(INTERVAL_MS);
      expect(fetch.callCount).to.equal(3);
      expectStop(fetch.secondCall, TOKEN);
      expect(fetch.thirdCall.args[1]?.headers).to.deep.equal({ 'x-play-session': 'fresh.play.token' });
    });

    it('a stop waits for the beat on its way (the storefront gets them in order)', async () => {
      let answer!: (response: Response) => void;
      const fetch = sinon.stub<Parameters<typeof globalThis.fetch>, ReturnType<typeof globalThis.fetch>>().callsFake(
        (_url, init) => (init?.body ? Promise.resolve(new Response('{}')) : new Promise<Response>((resolve) => (answer = resolve))),
      );
      const { host } = await setup(fetch);
      host.load();
      await play(host);
      host.remove();
      await clock.tickAsync(0);
      expect(fetch.callCount, 'the beat is still on its way').to.equal(1);
      answer(new Response('{}'));
      await clock.tickAsync(0);
      expect(fetch.callCount).to.equal(2);
      expectStop(fetch.secondCall);
    });

    it('an answer on its way during a move still acts (403 after the player moved in the page)', async () => {
      let answer!: (response: Response) => void;
      const fetch = sinon.stub<Parameters<typeof globalThis.fetch>, ReturnType<typeof globalThis.fetch>>().callsFake(
        () => new Promise<Response>((resolve) => (answer = resolve)),
      );
      const { host } = await setup(fetch);
      host.load();
      await play(host);
      expect(fetch.callCount).to.equal(1);
      const parent = host.parentElement!;
      host.remove();
      parent.append(host);
      answer(new Response('{}', { status: 403 }));
      await clock.tickAsync(0);
      expect(host.errors.map((error) => error.code)).to.deep.equal(['content_expired']);
    });
  });

  describe('<s72-player> against the demo storefront', () => {
    beforeEach(resetDemo);

    /** Content from a real streams call: the real play token, the clear DASH stream it names. */
    async function streamsContent(slug = '/film/clear-skies', authToken = ADULT_TOKEN): Promise<S72Content> {
      const answer = (await fetch(demoUrl(`/services/playback/streams${slug}`), {
        method: 'POST',
        headers: { 'x-auth-token': authToken },
      }).then((response) => response.json())) as { play_token: string; streams: Array<{ url: string; encoding_type: string }> };
      const dash = answer.streams.find((stream) => stream.encoding_type === 'dash')!;
      return { slug, authorization: authToken, playToken: answer.play_token, assets: { dash: { url: dash.url } } };
    }

    async function mount(content: S72Content): Promise<S72Player> {
      const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
      player.config = { heartbeat: { uri: demoUrl('/services/license/heartbeat'), intervalMs: 1000 } };
      player.content = content;
      return player;
    }

    const heartbeats = async (): Promise<RecordedRequest[]> =>
      (await demoControl<{ requests: RecordedRequest[] }>('heartbeats')).requests.filter((request) => request.method === 'POST');
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /**
     * The stops of these players' tokens the storefront recorded, once there are `count` of them
     * (polled, 10 s at most; the players of earlier tests send theirs when they are removed).
     */
    async function recordedStops(count: number, ...players: S72Player[]): Promise<RecordedRequest[]> {
      const tokens = players.map((player) => player.content?.playToken);
      for (let polls = 0; ; polls++) {
        const stops = (await heartbeats()).filter(
          (request) => JSON.stringify(request.body) === '{"state":"stopped"}' && tokens.includes(request.headers['x-play-session'] as string),
        );
        if (stops.length >= count || polls >= 100) return stops;
        await sleep(100);
      }
    }

    it('beats with x-play-session while playing, none while paused', async () => {
      const content = await streamsContent();
      const player = await mount(content);
      await until(() => player.currentTime > 0.5, 'playback', 30_000);
      await sleep(2_300);
      const playing = await heartbeats();
      expect(playing.length, 'a beat at start and one a second').to.be.within(2, 5);
      for (const beat of playing) {
        expect(beat.headers['x-play-session']).to.equal(content.playToken);
        expect(beat.headers['x-auth-token']).to.equal(undefined);
        expect(JSON.stringify(beat.query)).not.to.contain(content.playToken!);
      }
      player.pause();
      // Compared once paused (while playing, a beat can leave between the two reads), after the
      // answer of a beat still on its way has reached the player.
      let atPause = (await heartbeats()).length;
      for (const deadline = performance.now() + 5_000; player.sessionStats.heartbeatsSent !== atPause && performance.now() < deadline; ) {
        await sleep(100);
        atPause = (await heartbeats()).length;
      }
      expect(player.sessionStats.heartbeatsSent, 'every beat the player counted reached the storefront').to.equal(atPause);
      await sleep(2_500);
      expect((await heartbeats()).length, 'none while paused').to.equal(atPause);
      await player.play();
      await until(() => player.sessionStats.heartbeatsSent > atPause, 'a beat when playing again', 5_000);
    });

    it('removed or its page hidden, the player frees its stream: a one-stream viewer plays the next title at once (issue 22 item 4)', async () => {
      const first = await mount(await streamsContent('/film/clear-skies', SOLO_TOKEN));
      await until(() => first.sessionStats.heartbeatsSent >= 1, 'a first accepted beat', 30_000);
      first.remove();
      await recordedStops(1, first);
      const second = await mount(await streamsContent('/film/clear-skies', SOLO_TOKEN));
      await until(() => second.sessionStats.heartbeatsSent >= 1 || second.lastError !== null, 'a beat of the next title', 30_000);
      expect(second.lastError?.code, 'not too_many_streams').to.equal(undefined);
      const stops = await recordedStops(1, first, second);
      expect(stops, 'one stop, for the removed player').to.have.length(1);
      expect(stops[0]!.headers['x-play-session']).to.equal(first.content!.playToken);
      expect(stops[0]!.headers['content-type']).to.match(/^application\/json/);

      // The page is left (pagehide): the second player's stream ends too; a third title plays.
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      expect((await recordedStops(2, first, second))[1]!.headers['x-play-session']).to.equal(second.content!.playToken);
      const third = await mount(await streamsContent('/film/clear-skies', SOLO_TOKEN));
      await until(() => third.sessionStats.heartbeatsSent >= 1 || third.lastError !== null, 'a beat of the third title', 30_000);
      expect(third.lastError?.code, 'not too_many_streams').to.equal(undefined);
      await until(() => third.currentTime > 0.5, 'the third title plays', 30_000);
    });

    it('451: the error panel says too_many_streams and playback stops', async () => {
      await demoControl('fault', { path: '/services/license/heartbeat', status: 451, body: { code: 'too_many_streams' } });
      const player = await mount(await streamsContent());
      await until(() => player.lastError?.code === 'too_many_streams', 'too_many_streams', 30_000);
      expect(player.lastError).to.include({ category: 'heartbeat', severity: 'critical', httpStatus: 451 });
      expect(player.lastError!.requestId, 'the x-request-id of the 451').to.be.a('string').and.not.equal('');
      const panel = player.shadowRoot!.querySelector('[part="error"]')!;
      expect(panel.querySelector('code')!.textContent).to.equal('too_many_streams');
      expect(player.paused).to.equal(true);
    });

    it('403: content_expired, and no more heartbeats', async () => {
      const player = await mount(await streamsContent());
      await until(() => player.sessionStats.heartbeatsSent >= 1, 'a first accepted beat', 30_000);
      await demoControl('fault', { path: '/services/license/heartbeat', status: 403, body: { code: 'content_expired' } });
      await until(() => player.lastError?.code === 'content_expired', 'content_expired', 10_000);
      expect(player.lastError).to.include({ category: 'heartbeat', httpStatus: 403 });
      expect(player.shadowRoot!.querySelector('[part="error"] code')!.textContent).to.equal('content_expired');
      const count = (await heartbeats()).length;
      player.retry(); // "Try again": the same source plays again, the heartbeat stays stopped
      await until(() => !player.lastError && !player.paused && player.currentTime > 0.5, 'playing again', 30_000);
      await sleep(2_500);
      expect((await heartbeats()).length, 'the heartbeat stopped').to.equal(count);
    });
  });
});
