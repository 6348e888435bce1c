/**
 * A page that names the key system and licence server plays CENC DASH whose manifest signals only
 * other key systems (player-and-client §4 "DRM", issue 26): the demo's film packaged for Widevine
 * and PlayReady only (demo/server/drm-signalling.ts: no ClearKey or W3C common `ContentProtection`,
 * init segments with Widevine and PlayReady PSSH boxes instead of the common one), played with real ClearKey EME in Chromium. The key id
 * comes from the manifest's `cenc:default_KID`, or, when the manifest has none, from the init
 * segment's `tenc` box.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { CLEARKEY_LICENSE_PATH, demoUrl, playTokenFor, recordedRequests, resetDemo, until } from '../helpers/demo.js';

const WIDEVINE_PLAYREADY = '/media/feature/dash-cenc/manifest-widevine-playready.mpd';
const WIDEVINE_PLAYREADY_NO_KID = '/media/feature/dash-cenc/manifest-widevine-playready-no-kid.mpd';
/** The demo film's key id (`73373270-6c61-7965-722d-6b6964303031`), base64url as in a ClearKey licence request. */
const KID = 'czcycGxheWVyLWtpZDAwMQ';

describe('ClearKey named by the page, manifest signalling only Widevine and PlayReady', function () {
  this.timeout(60_000);
  beforeEach(resetDemo);

  async function playsWithClearKey(manifest: string): Promise<void> {
    // The licence server gives keys to the play token of night-harbour's streams call (this is its film).
    const content = { slug: '/film/night-harbour', playToken: await playTokenFor('/film/night-harbour'), assets: { dash: { url: demoUrl(manifest), drms: ['clearkey' as const] } } };
    const player = await fixture<S72Player>(html`
      <s72-player muted autoplay key-system="clearkey" license-url=${demoUrl(CLEARKEY_LICENSE_PATH)} .content=${content}></s72-player>
    `);
    await until(
      () => player.currentTime > 2,
      () => `plays past 2 s: currentTime ${player.currentTime}, error ${JSON.stringify(player.lastError)}`,
      30_000,
    );
    expect(player.lastError).to.equal(null);
    const licences = await recordedRequests(CLEARKEY_LICENSE_PATH);
    expect(licences.length, 'ClearKey licence requests').to.be.greaterThan(0);
    expect(JSON.stringify(licences[0]!.body)).to.contain(KID);
  }

  it("takes the key id from the manifest's cenc:default_KID", async () => {
    await playsWithClearKey(WIDEVINE_PLAYREADY);
  });

  it("takes the key id from the init segment's tenc box when the manifest has none", async () => {
    await playsWithClearKey(WIDEVINE_PLAYREADY_NO_KID);
  });
});
