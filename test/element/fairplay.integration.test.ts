/**
 * FairPlay (core/drm/fairplay.ts; player-and-client §7 "Embedded player", play-page §7, §8) against
 * the demo storefront, through the fake CDM (Chromium has no FairPlay CDM and no native HLS player
 * with FairPlay here): the certificate fetched as bytes, `spc=…` posted as a form with the licence
 * headers, the key unwrapped from `<ckc>…</ckc>` into the session; the modern EME path
 * (`com.apple.fps`, `encrypted` events) and the legacy WebKit path (`WebKitMediaKeys`,
 * `webkitneedkey`); licence and certificate errors mapped as for every key system.
 */
import { expect } from '@open-wc/testing';
import { contentIdOf, legacyInitData, unwrapCkc, FairPlayDrm } from '../../src-element/core/drm/fairplay.js';
import { keySystemSupport } from '../../src-element/core/drm/capabilities.js';
import type { S72Error } from '../../src-element/core/errors.js';
import { installFakeCdm, type FakeCdm } from '../helpers/fake-cdm.js';
import { demoControl, demoUrl, playTokenFor, recordedRequests, resetDemo, until } from '../helpers/demo.js';

const LICENCE = '/services/license/fairplay/cenc';
const CERT = '/services/license/fairplay/cenc/cert';
const KID_HEX = '733732706c617965722d6b6964303031';
const KID = 'czcycGxheWVyLWtpZDAwMQ';

/** FairPlay init data as Safari gives it: the `skd://` URI in UTF-16LE. */
function skdInitData(uri = `skd://${KID_HEX}`): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(uri.length * 2);
  for (let i = 0; i < uri.length; i++) bytes[i * 2] = uri.charCodeAt(i);
  return bytes;
}

describe('FairPlay helpers', () => {
  it('unwrapCkc decodes the <ckc> payload; no tags or bad base64 → null', () => {
    expect(new TextDecoder().decode(unwrapCkc('<ckc>aGVsbG8=</ckc>')!)).to.equal('hello');
    expect(new TextDecoder().decode(unwrapCkc('<?xml?>\n<CKC> aGVsbG8= </CKC>')!)).to.equal('hello');
    expect(unwrapCkc('aGVsbG8=')).to.equal(null);
    expect(unwrapCkc('<ckc>%%%</ckc>')).to.equal(null);
    expect(unwrapCkc('<ckc></ckc>')).to.equal(null);
  });

  it('contentIdOf reads the skd:// URI (UTF-16 or UTF-8)', () => {
    expect(contentIdOf(skdInitData('skd://asset-42'))).to.equal('asset-42');
    expect(contentIdOf(new TextEncoder().encode('skd://asset-7'))).to.equal('asset-7');
    expect(contentIdOf(new Uint8Array([1, 2, 3]))).to.equal('');
  });

  it('legacyInitData lays out [initData][u32 id length][id UTF-16LE][u32 cert length][cert]', () => {
    const out = legacyInitData(new Uint8Array([9, 9]), 'ab', new Uint8Array([7, 7, 7]));
    expect([...out]).to.deep.equal([9, 9, 4, 0, 0, 0, 97, 0, 98, 0, 3, 0, 0, 0, 7, 7, 7]);
  });
});

describe('FairPlay against the demo storefront (fake CDM)', function () {
  this.timeout(20_000);
  let cdm: FakeCdm | null = null;
  let drm: FairPlayDrm | null = null;
  const errors: S72Error[] = [];

  /** The play token of a streams call for night-harbour: the licence server's keys need one. */
  let playToken = '';
  beforeEach(async () => {
    await resetDemo();
    errors.length = 0;
    playToken = await playTokenFor('/film/night-harbour');
  });
  afterEach(async () => {
    await drm?.destroy();
    drm = null;
    cdm?.uninstall();
    cdm = null;
  });

  async function start(headers: Record<string, string> = { 'x-play-token': playToken }): Promise<HTMLVideoElement> {
    const video = document.createElement('video');
    const support = (await keySystemSupport(['fairplay'])).fairplay;
    expect(support, 'FairPlay granted by the fake CDM').to.not.equal(undefined);
    drm = new FairPlayDrm(video, support!, {
      certificateUrl: demoUrl(CERT),
      licenseUrl: demoUrl(LICENCE),
      headers: () => headers,
      onError: (error) => errors.push(error),
    });
    await drm.start();
    return video;
  }

  it('modern EME: certificate → MediaKeys; encrypted (skd) → spc form POST with the play token → ckc into the session', async () => {
    cdm = installFakeCdm({ 'com.apple.fps': {} });
    const video = await start();
    expect(cdm.serverCertificates).to.deep.equal(['S72-DEMO-FAIRPLAY-APPLICATION-CERTIFICATE']);
    video.dispatchEvent(new MediaEncryptedEvent('encrypted', { initDataType: 'skd', initData: skdInitData().buffer }));
    await until(() => Boolean(cdm!.sessions[0]?.statuses.size), 'the key is usable');
    const session = cdm.sessions[0]!;
    expect(session.keySystem).to.equal('com.apple.fps');
    expect(JSON.parse(session.updates[0]!)).to.deep.equal({ keySystem: 'com.apple.fps', kids: [KID] });
    const [certRequest] = await recordedRequests(CERT);
    expect(certRequest!.method).to.equal('GET');
    const [licence] = await recordedRequests(LICENCE);
    expect(licence!.headers['content-type']).to.equal('application/x-www-form-urlencoded');
    expect(licence!.headers['x-play-token']).to.equal(playToken);
    expect(errors).to.deep.equal([]);
    await drm!.destroy();
    expect(session.closed, 'destroy closes the session').to.equal(true);
  });

  it('the play token is sent instead of the auth token when there is one', async () => {
    cdm = installFakeCdm({ 'com.apple.fps': {} });
    const video = await start({ 'x-play-token': 'p.q.r' });
    video.dispatchEvent(new MediaEncryptedEvent('encrypted', { initDataType: 'skd', initData: skdInitData().buffer }));
    await until(() => errors.length > 0, 'the unknown play token is refused');
    const [licence] = await recordedRequests(LICENCE);
    expect(licence!.headers['x-play-token']).to.equal('p.q.r');
    expect(errors[0]!.code).to.equal('license_request_failure');
    expect(errors[0]!.httpStatus).to.equal(401);
  });

  it('legacy WebKit: webkitneedkey → session with the concatenated init data → spc → ckc', async () => {
    cdm = installFakeCdm({}, { legacyWebKit: true });
    const support = (await keySystemSupport(['fairplay'])).fairplay;
    expect(support).to.deep.include({ keySystem: 'com.apple.fps.1_0', api: 'webkit' });
    const video = await start();
    video.dispatchEvent(Object.assign(new Event('webkitneedkey'), { initData: skdInitData() }));
    await until(() => Boolean(cdm!.sessions[0]?.statuses.size), 'the key is usable');
    expect(cdm.sessions[0]!.kids).to.deep.equal([KID]);
    expect((video as HTMLVideoElement & { webkitKeys?: { keySystem: string } }).webkitKeys?.keySystem).to.equal('com.apple.fps.1_0');
  });

  for (const [status, body, expected] of [
    [403, { reason: 'rental_expired' }, 'license_rental_expired'],
    [500, { code: 'oops' }, 'license_request_failure'],
  ] as const) {
    it(`licence ${status} → ${expected} with the HTTP status and request id`, async () => {
      cdm = installFakeCdm({ 'com.apple.fps': {} });
      await demoControl('fault', { path: LICENCE, method: 'POST', status, body });
      const video = await start();
      video.dispatchEvent(new MediaEncryptedEvent('encrypted', { initDataType: 'skd', initData: skdInitData().buffer }));
      await until(() => errors.length > 0, 'the error');
      expect(errors[0]).to.include({ code: expected, category: 'drm', httpStatus: status });
      expect(errors[0]!.requestId).to.match(/^[0-9a-f-]{36}$/);
    });
  }

  it('a 200 without <ckc> → license_request_failure; a certificate 404 → drm_failed from start()', async () => {
    cdm = installFakeCdm({ 'com.apple.fps': {} });
    await demoControl('fault', { path: LICENCE, method: 'POST', status: 200, body: { nothing: true } });
    const video = await start();
    video.dispatchEvent(new MediaEncryptedEvent('encrypted', { initDataType: 'skd', initData: skdInitData().buffer }));
    await until(() => errors.length > 0, 'the error');
    expect(errors[0]!.code).to.equal('license_request_failure');

    await drm!.destroy();
    await demoControl('fault', { path: CERT, status: 404 });
    const support = (await keySystemSupport(['fairplay'])).fairplay!;
    drm = new FairPlayDrm(document.createElement('video'), support, {
      certificateUrl: demoUrl(CERT),
      licenseUrl: demoUrl(LICENCE),
      headers: () => ({}),
      onError: (error) => errors.push(error),
    });
    let thrown: S72Error | null = null;
    await drm.start().catch((error: S72Error) => (thrown = error));
    expect(thrown).to.include({ code: 'drm_failed', httpStatus: 404 });
  });
});
