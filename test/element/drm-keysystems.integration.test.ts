/**
 * Widevine and PlayReady in a real `<s72-player>` against the demo storefront, through the fake CDM
 * (test/helpers/fake-cdm.ts: Chromium has no Widevine or PlayReady CDM here; issue 11):
 * play-page §7 "DRM licences" (Widevine `d` and service certificate, PlayReady path, licence
 * headers), player-and-client §4 (PlayReady before Widevine when more secure), §5 (software-secure
 * limit), play-page §8 (licence errors with request ids), §7 manifest proxy (clear DASH, real playback).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { keySystemSupport, probeKeySystem } from '../../src-element/core/drm/capabilities.js';
import { DEVICE_ID_KEY } from '../../src-element/core/drm/device-id.js';
import type { S72Error } from '../../src-element/core/errors.js';
import type { S72Content, S72PlayerConfig } from '../../src-element/core/types.js';
import { installFakeCdm, type FakeCdm } from '../helpers/fake-cdm.js';
import { ADULT_TOKEN, MEDIA, demoControl, demoUrl, nextEvent, playTokenFor, recordedRequests, resetDemo, until } from '../helpers/demo.js';

const WIDEVINE = '/services/license/widevine/cenc';
const PLAYREADY = '/services/license/playready/cenc';
const KID = 'czcycGxheWVyLWtpZDAwMQ';

describe('Widevine and PlayReady (fake CDM, demo storefront)', function () {
  this.timeout(30_000);
  let cdm: FakeCdm | null = null;
  /** The play token of a streams call for night-harbour: the licence server's keys need one. */
  let playToken = '';

  beforeEach(async () => {
    await resetDemo();
    localStorage.removeItem(DEVICE_ID_KEY);
    playToken = await playTokenFor('/film/night-harbour');
  });
  afterEach(() => {
    cdm?.uninstall();
    cdm = null;
  });

  const content = (drms: ('widevine' | 'playready')[], extra: Partial<S72Content> = {}): S72Content => ({
    slug: '/film/night-harbour',
    assets: { dash: { url: demoUrl(MEDIA.cencDash), drms } },
    authorization: ADULT_TOKEN,
    playToken,
    ...extra,
  });
  const config = (extra: S72PlayerConfig = {}): S72PlayerConfig => ({
    drm: { widevine: { licenseUrl: demoUrl(WIDEVINE) }, playready: { licenseUrl: demoUrl(PLAYREADY) } },
    network: { maxAttempts: 1, baseDelayMs: 50 },
    ...extra,
  });
  async function player(c: S72Content, cfg: S72PlayerConfig): Promise<S72Player> {
    const element = await fixture<S72Player>(html`<s72-player muted .content=${c} .config=${cfg}></s72-player>`);
    return element;
  }
  const licenced = () =>
    until(() => Boolean(cdm?.sessions.some((session) => session.statuses.size > 0)), 'a licence reached the CDM').catch((error: Error) => {
      throw new Error(`${error.message}; CDM access requests: ${JSON.stringify(cdm?.accessRequests)}`);
    });

  it('probes robustness from the most secure down: Widevine SW_SECURE_DECODE is level 2, PlayReady 3000 level 5', async () => {
    cdm = installFakeCdm({
      'com.widevine.alpha': { robustness: ['SW_SECURE_DECODE', 'SW_SECURE_CRYPTO'] },
      'com.microsoft.playready.recommendation': { robustness: ['3000', '2000'] },
    });
    const support = await keySystemSupport(['widevine', 'playready', 'fairplay']);
    expect(support.widevine).to.deep.include({ keySystem: 'com.widevine.alpha', robustness: 'SW_SECURE_DECODE', level: 2 });
    expect(support.playready).to.deep.include({ keySystem: 'com.microsoft.playready.recommendation', robustness: '3000', level: 5 });
    expect(support.fairplay).to.equal(undefined);
    const widevineAsked = cdm.accessRequests.filter((request) => request.keySystem === 'com.widevine.alpha').map((r) => r.robustness[0]);
    // First whether the key system is there at all (no robustness), then the levels, most secure first.
    expect(widevineAsked).to.deep.equal(['', 'HW_SECURE_ALL', 'HW_SECURE_DECODE', 'HW_SECURE_CRYPTO', 'SW_SECURE_DECODE']);
  });

  it('a key system the browser lacks costs one access request per key-system string, not one per robustness level', async () => {
    cdm = installFakeCdm({ 'com.microsoft.playready.recommendation': { robustness: ['2000'] } });
    expect(await probeKeySystem('widevine')).to.equal(null);
    const widevineAsked = cdm.accessRequests.filter((request) => request.keySystem === 'com.widevine.alpha');
    expect(widevineAsked.map((request) => request.robustness[0])).to.deep.equal(['']);
  });

  it('Widevine: the service certificate, then the licence, both with the stable device id d and the play token', async () => {
    cdm = installFakeCdm({ 'com.widevine.alpha': { robustness: ['HW_SECURE_ALL'] } });
    await player(content(['widevine']), config());
    await licenced();
    const requests = await recordedRequests(WIDEVINE);
    const d = localStorage.getItem(DEVICE_ID_KEY);
    expect(d, 'device id stored').to.match(/^[0-9a-f-]{36}$/);
    expect(requests.map((r) => r.method)).to.deep.equal(['GET', 'POST']);
    for (const request of requests) expect(request.query).to.deep.equal({ d });
    expect(requests[1]!.headers['x-play-token']).to.equal(playToken);
    expect(cdm.serverCertificates).to.deep.equal(['S72-DEMO-WIDEVINE-SERVICE-CERTIFICATE']);
    const session = cdm.sessions.find((s) => s.statuses.size > 0)!;
    expect(session.keySystem).to.equal('com.widevine.alpha');
    expect(session.kids).to.deep.equal([KID]);
    expect(JSON.parse(session.updates[0]!)).to.deep.equal({ keySystem: 'com.widevine.alpha', kids: [KID], deviceId: d });

    // A second player (a reload) sends the same device id.
    await resetDemo();
    await player(content(['widevine']), config());
    await until(() => cdm!.sessions.filter((s) => s.statuses.size > 0).length === 2, 'second licence');
    expect((await recordedRequests(WIDEVINE)).map((r) => r.query['d'])).to.deep.equal([d, d]);
  });

  it('PlayReady before Widevine when its security level is higher (3000 over SW_SECURE_CRYPTO)', async () => {
    cdm = installFakeCdm({
      'com.widevine.alpha': { robustness: ['SW_SECURE_CRYPTO'] },
      'com.microsoft.playready.recommendation': { robustness: ['3000'] },
    });
    await player(content(['widevine', 'playready']), config());
    await licenced();
    expect((await recordedRequests(PLAYREADY)).map((r) => [r.method, r.headers['x-play-token']])).to.deep.equal([['POST', playToken]]);
    expect(await recordedRequests(WIDEVINE)).to.deep.equal([]);
    expect(cdm.sessions.find((s) => s.statuses.size > 0)!.keySystem).to.equal('com.microsoft.playready.recommendation');
  });

  it('Widevine first when PlayReady is not more secure (HW_SECURE_ALL over 2000)', async () => {
    cdm = installFakeCdm({
      'com.widevine.alpha': { robustness: ['HW_SECURE_ALL'] },
      'com.microsoft.playready.recommendation': { robustness: ['2000'] },
    });
    await player(content(['playready', 'widevine']), config());
    await licenced();
    expect((await recordedRequests(WIDEVINE)).map((r) => r.method)).to.deep.equal(['GET', 'POST']);
    expect(await recordedRequests(PLAYREADY)).to.deep.equal([]);
  });

  it('the play token goes on licence requests instead of the auth token', async () => {
    cdm = installFakeCdm({ 'com.microsoft.playready': {} });
    await player(content(['playready'], { playToken: 'a.b.c' }), config());
    const [request] = await waitForRecorded(PLAYREADY);
    expect(request!.headers['x-play-token']).to.equal('a.b.c');
    expect(request!.headers['x-auth-token']).to.equal(undefined);
  });

  it('software-secure limit: Widevine below level 3 under a studio policy plays at most 719 lines', async () => {
    cdm = installFakeCdm({ 'com.widevine.alpha': { robustness: ['SW_SECURE_DECODE'] } });
    const limited = await player(content(['widevine']), config({ drm: { ...config().drm, studioPolicy: true } }));
    await nextEvent(limited, 's72-loaded');
    expect(Math.max(...limited.tracks.video.map((track) => track.height ?? 0))).to.equal(360);
    limited.remove();

    const free = await player(content(['widevine']), config());
    await nextEvent(free, 's72-loaded');
    expect(Math.max(...free.tracks.video.map((track) => track.height ?? 0))).to.equal(1080);
  });

  it('hardware-secure Widevine under a studio policy is not limited', async () => {
    cdm = installFakeCdm({ 'com.widevine.alpha': { robustness: ['HW_SECURE_CRYPTO'] } });
    const element = await player(content(['widevine']), config({ drm: { ...config().drm, studioPolicy: true } }));
    await nextEvent(element, 's72-loaded');
    expect(Math.max(...element.tracks.video.map((track) => track.height ?? 0))).to.equal(1080);
  });

  for (const [key, status, body, expected] of [
    ['widevine', 403, { code: 'license_denied', reason: 'rental_expired' }, 'license_rental_expired'],
    ['widevine', 500, { code: 'oops' }, 'license_request_failure'],
    ['playready', 403, { reason: 'concurrent_streams' }, 'license_concurrent_streams'],
    ['playready', 502, { code: 'bad_gateway' }, 'license_request_failure'],
  ] as const) {
    it(`${key} licence ${status} → ${expected}, with the HTTP status and the response's request id`, async () => {
      cdm = installFakeCdm(key === 'widevine' ? { 'com.widevine.alpha': {} } : { 'com.microsoft.playready': {} });
      await demoControl('fault', { path: key === 'widevine' ? WIDEVINE : PLAYREADY, method: 'POST', status, body });
      const element = await player(content([key]), config());
      const error = (await nextEvent<CustomEvent<S72Error>>(element, 's72-error')).detail;
      expect(error.code).to.equal(expected);
      expect(error.category).to.equal('drm');
      expect(error.httpStatus).to.equal(status);
      expect(error.requestId).to.match(/^[0-9a-f-]{36}$/);
    });
  }

  it('a DRM title whose key systems this browser lacks → content_not_supported', async () => {
    cdm = installFakeCdm({});
    const element = await player(content(['widevine', 'playready']), config());
    const error = (await nextEvent<CustomEvent<S72Error>>(element, 's72-error')).detail;
    expect(error.code).to.equal('content_not_supported');
  });

  it('manifest proxy: the manifest and segments are requested as its url parameter, and the title plays', async () => {
    const proxy = demoUrl('/services/manifest-proxy');
    const element = await fixture<S72Player>(
      html`<s72-player muted autoplay .config=${{ manifestProxyServerUri: proxy }} src=${demoUrl(MEDIA.clearDash)}></s72-player>`,
    );
    await nextEvent(element, 's72-loaded');
    await until(() => element.currentTime > 0.5, 'plays through the proxy');
    const proxied = (await recordedRequests('/services/manifest-proxy')).map((r) => r.query['url'] ?? '');
    expect(proxied[0]).to.equal(demoUrl(MEDIA.clearDash));
    expect(proxied.some((url) => /\/init\.m4s$/.test(url)), 'init segments').to.equal(true);
    expect(proxied.some((url) => /seg-\d+\.m4s$/.test(url)), 'media segments').to.equal(true);
  });
});

async function waitForRecorded(path: string): Promise<Awaited<ReturnType<typeof recordedRequests>>> {
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    const requests = (await recordedRequests(path)).filter((r) => r.method === 'POST');
    if (requests.length) return requests;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no POST to ${path}`);
}
