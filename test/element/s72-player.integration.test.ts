/**
 * `<s72-player>` against the real demo storefront: real CENC media, a real ClearKey licence
 * exchange, real HTTP faults injected through `/__demo/`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Error } from '../../src-element/core/errors.js';
import type { S72Content, S72PlayerConfig } from '../../src-element/core/types.js';
import { ADULT_TOKEN, CLEARKEY_LICENSE_PATH, MEDIA, demoControl, demoUrl, nextEvent, playTokenFor, recordedRequests, resetDemo, until } from '../helpers/demo.js';

interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The play token of a streams call for night-harbour (the licence server's keys need one), per test. */
let playToken = '';
const drmContent = (overrides: Partial<S72Content> = {}): S72Content => ({
  slug: '/film/night-harbour',
  title: 'Night Harbour',
  authorization: ADULT_TOKEN,
  playToken,
  assets: { dash: { url: demoUrl(MEDIA.cencDash), drms: ['clearkey'] } },
  ...overrides,
});
const drmConfig = (extra: S72PlayerConfig = {}): S72PlayerConfig => ({
  drm: { clearkey: { licenseUrl: demoUrl(CLEARKEY_LICENSE_PATH) } },
  ...extra,
});
/** No retries, so a failing request fails at once (the default is 5 attempts with backoff). */
const noRetry: S72PlayerConfig = { network: { maxAttempts: 1, baseDelayMs: 0 } };

async function mount(content: S72Content, config: S72PlayerConfig, autoplay = true): Promise<S72Player> {
  const player = await fixture<S72Player>(html`<s72-player muted ?autoplay=${autoplay}></s72-player>`);
  player.config = config;
  player.content = content;
  return player;
}

async function nextError(player: S72Player, timeoutMs = 20_000): Promise<S72Error> {
  return (await nextEvent<CustomEvent<S72Error>>(player, 's72-error', timeoutMs)).detail;
}

describe('<s72-player> with the demo storefront', function () {
  this.timeout(60_000);

  beforeEach(async () => {
    await resetDemo();
    playToken = await playTokenFor('/film/night-harbour');
  });
  afterEach(() => sinon.restore());

  it('plays the CENC DASH stream through a real ClearKey licence request until currentTime passes 3 s', async () => {
    const player = await mount(drmContent(), drmConfig());
    const loaded = await nextEvent<CustomEvent<{ engine: string }>>(player, 's72-loaded');
    expect(loaded.detail.engine).to.equal('shaka');
    await until(() => player.currentTime > 3, 'currentTime > 3 s', 30_000);
    expect(player.paused).to.equal(false);
    expect(player.lastError).to.equal(null);

    const { requests } = await demoControl<{ requests: RecordedRequest[] }>('licence-requests');
    const clearKey = requests.filter((request) => request.path === CLEARKEY_LICENSE_PATH);
    expect(clearKey.length).to.be.greaterThan(0);
    expect(clearKey[0]!.headers['x-play-token']).to.equal(playToken);
  });

  it('without a play token the licence request carries the auth token, and the storefront gives no keys: license_play_token_required', async () => {
    const player = await mount(drmContent({ playToken: undefined }), drmConfig(noRetry));
    const error = await nextError(player, 30_000);
    expect(error.code).to.equal('license_play_token_required');
    expect(error.httpStatus).to.equal(403);
    const [licence] = await recordedRequests(CLEARKEY_LICENSE_PATH);
    expect(licence!.headers['x-auth-token']).to.equal(ADULT_TOKEN);
    expect(player.currentTime).to.equal(0);
  });

  it('DASH plays on the DASH-only shaka build; HLS loads the full build (issue 12: the DASH path does not pay for HLS)', async () => {
    const dash = await mount({ slug: '/film/clear-skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } }, {});
    await nextEvent(dash, 's72-loaded');
    expect(dash.store.owners.engine!.version).to.match(/^v\d+\.\d+\.\d+ \(DASH build\)$/);
    dash.remove();

    const hls = await mount({ slug: '/film/clear-skies', assets: { hls: { url: demoUrl(MEDIA.hls) } } }, {});
    const loaded = await nextEvent<CustomEvent<{ engine: string }>>(hls, 's72-loaded');
    expect(loaded.detail.engine).to.equal('shaka');
    expect(hls.store.owners.engine!.version).to.match(/^v\d+\.\d+\.\d+$/);
    await until(() => hls.currentTime > 1, () => `HLS plays: currentTime ${hls.currentTime}, error ${JSON.stringify(hls.lastError)}`, 30_000);
    expect(hls.lastError).to.equal(null);
  });

  it('sends the play token instead of the auth token on licence requests (play-page §6)', async () => {
    const streams = await fetch(demoUrl('/services/playback/streams/film/night-harbour'), {
      method: 'POST',
      headers: { 'x-auth-token': ADULT_TOKEN },
    }).then((response) => response.json() as Promise<{ play_token: string }>);
    const player = await mount(drmContent({ playToken: streams.play_token }), drmConfig());
    await until(() => player.currentTime > 0.5, 'playback with a play token', 30_000);
    const { requests } = await demoControl<{ requests: RecordedRequest[] }>('licence-requests');
    const last = requests.filter((request) => request.path === CLEARKEY_LICENSE_PATH).at(-1)!;
    expect(last.headers['x-play-token']).to.equal(streams.play_token);
    expect(last.headers['x-auth-token']).to.equal(undefined);
  });

  it('a reload after updatePlayToken() sends the fresh play token on licence requests (play-page §4 "fresh play token")', async () => {
    const streamsCall = () =>
      fetch(demoUrl('/services/playback/streams/film/night-harbour'), { method: 'POST', headers: { 'x-auth-token': ADULT_TOKEN } }).then(
        (response) => response.json() as Promise<{ play_token: string }>,
      );
    const first = await streamsCall();
    const fresh = await streamsCall();
    const player = await mount(drmContent({ playToken: first.play_token }), drmConfig());
    await until(() => player.currentTime > 0.5, 'playback with the first play token', 30_000);
    player.updatePlayToken(fresh.play_token);
    expect(player.playToken).to.equal(fresh.play_token);
    await demoControl('reset', {});
    const reloaded = nextEvent(player, 's72-loaded', 30_000);
    player.retry();
    await reloaded;
    await until(() => player.currentTime > 0.5 && !player.paused, 'playback after the reload', 30_000);
    const { requests } = await demoControl<{ requests: RecordedRequest[] }>('licence-requests');
    const tokens = requests.filter((request) => request.path === CLEARKEY_LICENSE_PATH).map((request) => request.headers['x-play-token']);
    expect(tokens).to.not.be.empty;
    expect(tokens.every((token) => token === fresh.play_token)).to.equal(true);
  });

  it('plain HTML attributes alone (src, license-url, key-system, auth-token): the licence request carries the auth token, which gets no keys', async () => {
    const player = await fixture<S72Player>(html`
      <s72-player
        src=${demoUrl(MEDIA.cencDash)}
        license-url=${demoUrl(CLEARKEY_LICENSE_PATH)}
        key-system="clearkey"
        auth-token=${ADULT_TOKEN}
        poster=${demoUrl(MEDIA.poster)}
        muted
        autoplay
      ></s72-player>
    `);
    // The storefront's licence server gives keys only to the play token of a streams call; a page
    // plays DRM with `content.playToken` (as /demo/element.html does), clear media with `src` alone.
    await until(() => player.lastError !== null, 'the licence refusal', 30_000);
    expect(player.lastError!.code).to.equal('license_play_token_required');
    const [licence] = await recordedRequests(CLEARKEY_LICENSE_PATH);
    expect(licence!.headers['x-auth-token']).to.equal(ADULT_TOKEN);
    const video = player.shadowRoot!.querySelector('video')!;
    expect(video.getAttribute('poster')).to.equal(demoUrl(MEDIA.poster));
  });

  it('starts at start-time (seconds)', async () => {
    const player = await fixture<S72Player>(html`
      <s72-player src=${demoUrl(MEDIA.clearDash)} start-time="20" muted autoplay></s72-player>
    `);
    await nextEvent(player, 's72-loaded');
    await until(() => player.currentTime >= 20, 'position at 20 s');
    expect(player.currentTime).to.be.lessThan(30);
  });

  for (const [kind, url] of [
    ['DASH', MEDIA.clearDash],
    ['progressive MP4', MEDIA.mp4],
  ] as const) {
    it(`${kind}: the first frame played is at start-time, never the film's start`, async () => {
      const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(url)} start-time="20" muted autoplay></s72-player>`);
      const firstPlaying = await new Promise<number>((resolve) => player.addEventListener('playing', () => resolve(player.currentTime), { once: true }));
      expect(firstPlaying, 'position at the first playing event').to.be.within(20, 30);
    });
  }

  it('falls back to muted autoplay when the browser refuses sound', async () => {
    // Chromium's default autoplay policy refuses unmuted playback without a user gesture.
    const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(MEDIA.clearDash)} autoplay></s72-player>`);
    const muted = await nextEvent<CustomEvent>(player, 's72-autoplay-muted');
    expect(muted.detail).to.deep.equal({ muted: true, reason: 'autoplay-policy' });
    await until(() => player.currentTime > 0.5, 'muted autoplay playing');
    expect(player.muted).to.equal(true);
  });

  it('re-dispatches native media events from the host', async () => {
    const player = await mount({ slug: '/film/clear-skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } }, {});
    const seen = new Set<string>();
    for (const type of ['loadedmetadata', 'play', 'playing', 'timeupdate']) player.addEventListener(type, () => seen.add(type));
    await until(() => seen.size === 4, 'loadedmetadata, play, playing and timeupdate on the host');
  });

  it('removing the element destroys the engine and closes its EME sessions', async () => {
    const close = sinon.spy(MediaKeySession.prototype, 'close');
    const player = await mount(drmContent(), drmConfig());
    await until(() => player.currentTime > 0.5, 'DRM playback');
    const video = player.shadowRoot!.querySelector('video')!;
    expect(video.mediaKeys).to.not.equal(null);
    expect(player.engineName).to.equal('shaka');

    player.remove();
    await until(() => close.called, 'MediaKeySession.close()');
    await until(() => video.mediaKeys === null, 'media keys detached from the video');
    expect(player.engineName).to.equal(null);
    expect(video.paused || video.readyState === 0).to.equal(true);
  });

  it('shows the spinner only after 0.25 s of buffering (play-page §9)', async () => {
    await demoControl('latency', { path: '/media/feature/dash/*', ms: 1500 });
    const player = await mount({ slug: '/film/clear-skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } }, {});
    const spinner = player.shadowRoot!.querySelector<HTMLElement>('[part="spinner"]')!;
    await nextEvent(player, 's72-buffering-change');
    const startedAt = performance.now();
    expect(spinner.hidden).to.equal(true);
    await until(() => !spinner.hidden, 'spinner visible while buffering', 10_000);
    expect(performance.now() - startedAt).to.be.at.least(240);
  });

  describe('errors surface as s72-error with the spec codes (play-page §8)', () => {
    it('manifest 404 → file_not_found, with HTTP status and request id', async () => {
      const player = await mount(
        { slug: '/film/x', assets: { dash: { url: demoUrl('/media/feature/no-such/manifest.mpd') } } },
        noRetry,
      );
      const error = await nextError(player);
      expect(error.code).to.equal('file_not_found');
      expect(error.category).to.equal('manifest');
      expect(error.httpStatus).to.equal(404);
      expect(error.engineCode).to.equal(1001);
      expect(error.requestId).to.be.a('string').and.not.equal('');
      expect(player.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('file_not_found');
    });

    it('other HTTP status → bad_http_status_{n}', async () => {
      await demoControl('fault', { path: '/media/feature/dash/*', status: 503 });
      const player = await mount({ slug: '/film/x', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } }, noRetry);
      const error = await nextError(player);
      expect(error.code).to.equal('bad_http_status_503');
      expect(error.httpStatus).to.equal(503);
    });

    it('status 450 → too_many_devices', async () => {
      await demoControl('fault', { path: MEDIA.clearDash, status: 450 });
      const player = await mount({ slug: '/film/x', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } }, noRetry);
      expect((await nextError(player)).code).to.equal('too_many_devices');
    });

    it('network failure (nothing listening) → network_error', async () => {
      const player = await mount({ slug: '/film/x', assets: { dash: { url: 'http://127.0.0.1:9/manifest.mpd' } } }, noRetry);
      const error = await nextError(player);
      expect(error.code).to.equal('network_error');
      expect(error.category).to.equal('network');
    });

    it('licence 403 with a reason → license_{reason}', async () => {
      await demoControl('fault', {
        path: CLEARKEY_LICENSE_PATH,
        status: 403,
        body: { code: 'license_denied', reason: 'rental_expired' },
      });
      const player = await mount(drmContent(), drmConfig(noRetry));
      const error = await nextError(player);
      expect(error.code).to.equal('license_rental_expired');
      expect(error.category).to.equal('drm');
      expect(error.httpStatus).to.equal(403);
    });

    it('any other licence failure → license_request_failure', async () => {
      await demoControl('fault', { path: CLEARKEY_LICENSE_PATH, status: 500 });
      const player = await mount(drmContent(), drmConfig(noRetry));
      expect((await nextError(player)).code).to.equal('license_request_failure');
    });

    it('a key system the browser lacks (Widevine here) → content_not_supported, before any licence request', async () => {
      // The engine choice probes the key systems first (player-and-client §5 "DRM content needs
      // playready or widevine support"); shaka is never asked to try a CDM that is not there.
      const player = await mount(
        drmContent({ assets: { dash: { url: demoUrl(MEDIA.cencDash), drms: ['widevine'] } } }),
        { drm: { widevine: { licenseUrl: demoUrl('/services/license/widevine/cenc') } }, ...noRetry },
      );
      const error = await nextError(player);
      expect(error.code).to.equal('content_not_supported');
      expect(error.category).to.equal('manifest');
      expect(await recordedRequests('/services/license/*')).to.deep.equal([]);
    });

    it('invalid manifest XML → invalid_file_xml', async () => {
      await demoControl('fault', { path: '/media/feature/broken.mpd', status: 200, body: { not: 'xml' } });
      const player = await mount({ slug: '/film/x', assets: { dash: { url: demoUrl('/media/feature/broken.mpd') } } }, noRetry);
      expect((await nextError(player)).code).to.equal('invalid_file_xml');
    });

    it('"Try again" reloads the media after an error', async () => {
      // A 404 (a 5xx would be recovered by a reload on its own: recovery.integration.test.ts).
      await demoControl('fault', { path: MEDIA.clearDash, status: 404, times: 1 });
      const player = await mount({ slug: '/film/x', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } }, noRetry);
      expect((await nextError(player)).code).to.equal('file_not_found');
      const retry = player.shadowRoot!.querySelector<HTMLButtonElement>('[part="error"] button')!;
      expect(retry.textContent).to.contain('Try again');
      retry.click();
      await until(() => player.currentTime > 0.5, 'playback after Try again');
      expect(player.shadowRoot!.querySelector('[part="error"]')).to.equal(null);
    });
  });
});
