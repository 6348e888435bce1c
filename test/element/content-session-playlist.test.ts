/**
 * The content's `session` and `playlist`, and the configuration's `embeddedPlayer` and
 * `shakaVersion` (player-and-client §3 "Content" session {token, uid, olv, delpol, tlmtry, s72usr},
 * playlist {slug, mainContentStartTime}; "Player configuration" shakaVersion, embeddedPlayer; §5
 * "The player-session token is decoded from its middle segment", "disabled when the play token says
 * telemetry is off"; §7 "Cast playlist start message"; §8 "badConfig when a playlist is loaded
 * without the embedded player").
 *
 * Real `<s72-player>` elements against the real demo storefront: ClearKey DASH whose licence the
 * storefront gives only to a streams call's play token, player telemetry recorded by the
 * storefront, the watermark, the demo MP4; casting through the fake Cast framework
 * (test/helpers/fake-cast.ts).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Error } from '../../src-element/core/errors.js';
import type { S72Content, S72PlayerConfig } from '../../src-element/core/types.js';
import type { S72CastChange } from '../../src-element/events.js';
import { resolveSources } from '../../src-element/core/engine/choose-source.js';
import { watermarkControllerOf } from '../../src-element/controllers/watermark-controller.js';
import { FakeCast } from '../helpers/fake-cast.js';
import {
  ADULT_TOKEN,
  CLEARKEY_LICENSE_PATH,
  MEDIA,
  demoControl,
  demoUrl,
  nextEvent,
  playTokenFor,
  recordedRequests,
  resetDemo,
  until,
  type RecordedRequest,
} from '../helpers/demo.js';

const b64url = (value: unknown): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenWith = (payload: unknown): string => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mp4 = () => ({ mp4: { url: demoUrl(MEDIA.mp4) } });

async function mount(content: S72Content | null, config: S72PlayerConfig = {}, attrs: { autoplay?: boolean; startTime?: number } = {}) {
  const errors: S72Error[] = [];
  const player = await fixture<S72Player>(
    html`<s72-player muted ?autoplay=${attrs.autoplay ?? true} .startTime=${attrs.startTime ?? null} @s72-error=${(e: CustomEvent<S72Error>) => errors.push(e.detail)} .config=${config} .content=${content} style="inline-size: 640px"></s72-player>`,
  );
  return { player, errors };
}

const codes = (errors: readonly S72Error[]) => errors.map((e) => `${e.code}: ${e.message}`).join('; ');

describe('content.session, content.playlist, config.embeddedPlayer and config.shakaVersion', function () {
  this.timeout(60_000);
  beforeEach(resetDemo);

  describe('content.session', () => {
    it('session.token alone is the play token: the storefront gives the ClearKey licence for it, and the film plays', async () => {
      const token = await playTokenFor('/film/night-harbour');
      const { player, errors } = await mount(
        { slug: '/film/night-harbour', authorization: ADULT_TOKEN, session: { token }, assets: { dash: { url: demoUrl(MEDIA.cencDash), drms: ['clearkey'] } } },
        { drm: { clearkey: { licenseUrl: demoUrl(CLEARKEY_LICENSE_PATH) } }, network: { maxAttempts: 1, baseDelayMs: 0 } },
      );
      await until(() => player.currentTime > 0.5, () => `playing (errors: ${codes(errors)})`, 30_000);
      expect(player.playToken).to.equal(token);
      const licences = (await recordedRequests(CLEARKEY_LICENSE_PATH)).filter((r) => r.method === 'POST');
      expect(licences.length).to.be.at.least(1);
      expect(licences[0]!.headers['x-play-token']).to.equal(token);
      expect(licences[0]!.status).to.equal(200);
      // The token's own fields (the storefront signed them) make the session.
      expect(player.playSession).to.deep.include({ token, delpol: 'standard', telemetry: true, olv: 0 });
      expect(player.playSession.sources.s72usr).to.equal('token');
    });

    it('content.playToken wins over session.token when both are given', async () => {
      const { player } = await mount({ slug: '/film/x', playToken: 'the-play-token', session: { token: 'the-session-token' }, assets: mp4() }, {}, { autoplay: false });
      expect(player.playToken).to.equal('the-play-token');
      player.content = { slug: '/film/x', session: { token: 'the-session-token' }, assets: mp4() };
      expect(player.playToken).to.equal('the-session-token');
    });

    describe('player telemetry follows the session (posted to the demo storefront)', () => {
      const posts = async (): Promise<RecordedRequest[]> =>
        (await demoControl<{ requests: RecordedRequest[] }>('telemetry')).requests.filter((r) => r.method === 'POST' && r.path === '/services/license/player_telemetry');
      const config: S72PlayerConfig = { telemetry: { uri: demoUrl('/services/license/player_telemetry'), intervalMs: 1000 } };

      it('session.tlmtry false without a token to decode: no telemetry while playing', async () => {
        const { player } = await mount({ slug: '/film/clear-skies', authorization: ADULT_TOKEN, session: { tlmtry: false }, assets: mp4() }, config);
        await until(() => player.currentTime > 0.5, 'playback', 30_000);
        expect(player.playSession.telemetry).to.equal(false);
        await sleep(3_000);
        expect(player.paused).to.equal(false);
        expect(await posts(), 'no post').to.deep.equal([]);
        expect(player.sessionStats.telemetrySent).to.equal(0);
      });

      it('session.tlmtry true (and absent): telemetry with the auth token; a token whose own tlmtry is true wins over session.tlmtry false', async () => {
        const { player } = await mount({ slug: '/film/clear-skies', authorization: ADULT_TOKEN, session: { tlmtry: true }, assets: mp4() }, config);
        await until(() => player.sessionStats.telemetrySent >= 1, 'a post with the session telemetry on', 15_000);
        const token = await playTokenFor('/film/clear-skies');
        player.content = { slug: '/film/clear-skies', authorization: ADULT_TOKEN, session: { token, tlmtry: false }, assets: mp4() };
        await until(() => player.playToken === token, 'the new content');
        expect(player.playSession.telemetry, "the token's tlmtry: true").to.equal(true);
        await until(() => player.currentTime > 0.5, 'playback', 30_000);
        for (let i = 0; i < 30 && !(await posts()).some((post) => post.headers['x-play-session'] === token); i++) await sleep(500);
        expect((await posts()).some((post) => post.headers['x-play-session'] === token), 'a post with the token').to.equal(true);
      });
    });

    it('the watermark draws session.s72usr (no token); a token naming a viewer wins over the session', async () => {
      const { player } = await mount({ slug: '/film/w', session: { s72usr: 'viewer-from-session', uid: 7 }, assets: mp4() });
      await until(() => watermarkControllerOf(player)?.drawnViewerId === 'viewer-from-session', () => `drawn: ${watermarkControllerOf(player)?.drawnViewerId}`);
      player.content = { slug: '/film/w', session: { uid: 7 }, assets: mp4() };
      await until(() => watermarkControllerOf(player)?.drawnViewerId === '7', () => `uid drawn: ${watermarkControllerOf(player)?.drawnViewerId}`);
      player.content = { slug: '/film/w', playToken: tokenWith({ s72usr: 'viewer-from-token' }), session: { s72usr: 'viewer-from-session' }, assets: mp4() };
      await until(() => watermarkControllerOf(player)?.drawnViewerId === 'viewer-from-token', () => `token wins: ${watermarkControllerOf(player)?.drawnViewerId}`);
      player.content = { slug: '/film/w', assets: mp4() };
      await until(() => watermarkControllerOf(player)?.drawnViewerId === null, 'no viewer, no watermark');
    });

    it("session.delpol 'studio' applies the studio policy to the sources; a token's own delpol wins", () => {
      const input = (content: S72Content) => ({ content, config: {}, baseUrl: location.href });
      const dash = { dash: { url: demoUrl(MEDIA.cencDash), drms: ['widevine' as const] } };
      expect(resolveSources(input({ slug: '/film/s', session: { delpol: 'studio' }, assets: dash }))[0]!.studioPolicy).to.equal(true);
      expect(resolveSources(input({ slug: '/film/s', session: { delpol: 'standard' }, assets: dash }))[0]!.studioPolicy).to.equal(undefined);
      const standardToken = tokenWith({ delpol: 'standard' });
      expect(resolveSources(input({ slug: '/film/s', playToken: standardToken, session: { delpol: 'studio' }, assets: dash }))[0]!.studioPolicy).to.equal(undefined);
    });

    it('invalid shapes: typed invalid_config errors, the bad part ignored, playback goes on', async () => {
      const { player, errors } = await mount({ slug: '/film/x', session: 'token-text' as never, assets: mp4() });
      await until(() => errors.some((e) => e.code === 'invalid_config' && /content\.session must be an object/.test(e.message)), () => codes(errors));
      expect(errors[0]).to.include({ category: 'client', severity: 'recoverable' });
      errors.length = 0;
      player.content = { slug: '/film/x', session: { token: 42, uid: {}, olv: 'high', delpol: 1, tlmtry: 'no', s72usr: ' ' } as never, assets: mp4() };
      await until(() => errors.length >= 6, () => codes(errors));
      expect(errors.map((e) => e.code)).to.deep.equal(Array(6).fill('invalid_config'));
      for (const field of ['token', 'uid', 'olv', 'delpol', 'tlmtry', 's72usr']) {
        expect(errors.some((e) => e.message.startsWith(`content.session.${field} must be`)), field).to.equal(true);
      }
      expect(player.playSession).to.deep.include({ token: null, uid: null, olv: null, delpol: null, telemetry: true, s72usr: null });
      await until(() => player.currentTime > 0.3, 'plays on', 30_000);
    });
  });

  describe('content.playlist', () => {
    const SLUG = '/film/night-harbour';

    // Clear DASH: the engine starts an MSE source where it is asked to (its first segments fetched from there).
    const dash = () => ({ dash: { url: demoUrl(MEDIA.clearDash) } });
    const firstPlayingAt = async (player: S72Player): Promise<number> => {
      await nextEvent(player, 'playing', 30_000);
      return player.currentTime;
    };

    it('the main content starts at mainContentStartTime; another item of the playlist (an ad) at 0; start-time wins', async () => {
      const main = await mount({ slug: SLUG, playlist: { slug: SLUG, mainContentStartTime: 6 }, assets: dash() });
      expect(await firstPlayingAt(main.player)).to.be.within(5.9, 7);

      const ad = await mount({ slug: '/film/night-harbour-trailer', playlist: { slug: SLUG, mainContentStartTime: 6 }, assets: dash() });
      expect(await firstPlayingAt(ad.player)).to.be.below(1);

      const pinned = await mount({ slug: SLUG, playlist: { slug: SLUG, mainContentStartTime: 6 }, assets: dash() }, {}, { startTime: 2 });
      expect(await firstPlayingAt(pinned.player)).to.be.within(1.9, 3);
    });

    it('invalid shapes: invalid_config for the playlist and its start, the playlist (or its start) ignored', async () => {
      const { player, errors } = await mount({ slug: SLUG, playlist: { slug: '  ', mainContentStartTime: 6 }, assets: dash() });
      await until(() => errors.some((e) => /content\.playlist\.slug must be/.test(e.message)), () => codes(errors));
      expect(await firstPlayingAt(player), 'no playlist: the start is not used').to.be.below(1);
      const second = await mount({ slug: SLUG, playlist: { slug: SLUG, mainContentStartTime: -3 }, assets: mp4() });
      await until(() => second.errors.some((e) => /mainContentStartTime must be a number of seconds >= 0/.test(e.message)), () => codes(second.errors));
      const third = await mount({ slug: SLUG, playlist: [] as never, assets: mp4() });
      await until(() => third.errors.some((e) => e.code === 'invalid_config' && /content\.playlist must be an object/.test(e.message)), () => codes(third.errors));
    });
  });

  describe('casting a playlist (fake Cast framework)', () => {
    const SLUG = '/film/night-harbour';
    const CAST = { cast: { enabled: true, appId: 'ABCD1234' } };
    let fake: FakeCast;
    beforeEach(() => {
      FakeCast.uninstall();
      fake = new FakeCast();
    });
    afterEach(() => FakeCast.uninstall());

    const castButton = (player: S72Player) =>
      player.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-cast-button')!.shadowRoot!.querySelector<HTMLButtonElement>('[part="cast-button"]')!;

    async function castPlayer(content: S72Content, config: S72PlayerConfig) {
      const errors: S72Error[] = [];
      const changes: S72CastChange[] = [];
      const player = await fixture<S72Player>(
        html`<s72-player muted .castSdkLoader=${fake.loader} .config=${config} .content=${content} @s72-error=${(e: CustomEvent<S72Error>) => errors.push(e.detail)} @s72-cast-change=${(e: CustomEvent<S72CastChange>) => changes.push(e.detail)}></s72-player>`,
      );
      await nextEvent(player, 's72-loaded');
      await until(() => !castButton(player).hidden, 'the cast button');
      return { player, errors, changes };
    }

    it('from an ad item with the embedded player: the receiver gets the playlist slug at mainContentStartTime, and reports it as nowPlaying.playlistSlug', async () => {
      const { player, changes } = await castPlayer(
        { slug: '/film/night-harbour-ad', authorization: 'viewer-token', playlist: { slug: SLUG, mainContentStartTime: 42 }, assets: mp4() },
        { ...CAST, embeddedPlayer: true },
      );
      castButton(player).click();
      await until(() => fake.receiver.messages('PLAYLIST_START').length === 1, 'the start message');
      expect(fake.receiver.messages('PLAYLIST_START')[0]).to.deep.include({ slug: SLUG, playFrom: 42 });
      await until(() => changes.some((c) => c.nowPlaying?.playlistSlug === SLUG), () => `cast changes: ${JSON.stringify(changes.at(-1))}`);
    });

    it('the main content with the embedded player: the playlist slug at the local position', async () => {
      const { player } = await castPlayer({ slug: SLUG, playlist: { slug: SLUG, mainContentStartTime: 42 }, assets: mp4() }, { ...CAST, embeddedPlayer: true });
      player.currentTime = 3;
      await nextEvent(player, 'seeked');
      castButton(player).click();
      await until(() => fake.receiver.messages('PLAYLIST_START').length === 1, 'the start message');
      const [start] = fake.receiver.messages('PLAYLIST_START');
      expect(start!['slug']).to.equal(SLUG);
      expect(start!['playFrom']).to.be.closeTo(3, 0.5);
    });

    it('a playlist without the embedded player: bad_config (badConfig), nothing is cast; without a playlist the item casts', async () => {
      const { player, errors } = await castPlayer({ slug: '/film/night-harbour-ad', playlist: { slug: SLUG, mainContentStartTime: 42 }, assets: mp4() }, CAST);
      castButton(player).click();
      await until(() => errors.some((e) => e.code === 'bad_config'), () => codes(errors));
      const error = errors.find((e) => e.code === 'bad_config')!;
      expect(error).to.include({ category: 'cast', severity: 'recoverable' });
      expect(error.data).to.deep.include({ kind: 'badConfig', reason: 'playlist-without-embedded-player', playlistSlug: SLUG });
      await sleep(500);
      expect(fake.receiver.messages('PLAYLIST_START')).to.deep.equal([]);
      expect(player.lastError, 'local playback unaffected').to.equal(null);

      // The same player, the item without a playlist (the same source: nothing reloads): it casts,
      // no embedded player needed.
      player.content = { slug: '/film/night-harbour-ad', assets: mp4() };
      await player.updateComplete;
      player.dispatchEvent(new CustomEvent('s72-cast-request', { detail: { action: 'load' }, bubbles: true, composed: true }));
      await until(() => fake.receiver.messages('PLAYLIST_START').length === 1, 'the item is cast');
      expect(fake.receiver.messages('PLAYLIST_START')[0]!['slug']).to.equal('/film/night-harbour-ad');
    });
  });

  describe('config.embeddedPlayer and config.shakaVersion', () => {
    it('shakaVersion of another shaka: invalid_config naming both once the source loads; the bundled one plays on', async () => {
      const { player, errors } = await mount({ slug: '/film/x', assets: mp4() }, { shakaVersion: '4.7' });
      await nextEvent(player, 's72-loaded');
      await until(() => errors.some((e) => e.code === 'invalid_config' && e.data['shakaVersion'] === '4.7'), () => codes(errors));
      const error = errors.find((e) => e.data['shakaVersion'] === '4.7')!;
      expect(error.data['engineVersion']).to.match(/^v5\.2\.\d+/);
      expect(error.severity).to.equal('recoverable');
      await until(() => player.currentTime > 0.3, 'plays on', 30_000);
    });

    it('shakaVersion of the bundled shaka ("5", "v5.2"): no error', async () => {
      for (const shakaVersion of ['5', 'v5.2']) {
        const { player, errors } = await mount({ slug: '/film/x', assets: mp4() }, { shakaVersion }, { autoplay: false });
        await nextEvent(player, 's72-loaded');
        await sleep(100);
        expect(errors, shakaVersion).to.deep.equal([]);
      }
    });

    it('invalid shapes: invalid_config for embeddedPlayer and shakaVersion', async () => {
      const { errors } = await mount({ slug: '/film/x', assets: mp4() }, { embeddedPlayer: 'yes' as never, shakaVersion: 5 as never }, { autoplay: false });
      await until(() => errors.length >= 2, () => codes(errors));
      expect(errors.map((e) => e.code)).to.deep.equal(['invalid_config', 'invalid_config']);
      expect(errors[0]!.message).to.match(/config\.embeddedPlayer must be a boolean/);
      expect(errors[1]!.message).to.match(/config\.shakaVersion must be a version/);
    });
  });
});
