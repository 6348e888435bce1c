// Integration (issue 23): the shaka build the player uses for DASH (s72-player's own Closure build,
// scripts/build-shaka.ts) plays the CENC demo title with inline ClearKey keys (`drm.clearKeys`),
// which shaka hands to the CDM as a `data:` URI licence: the build carries the data: scheme plugin
// that shaka's stock DASH build leaves out (there, the licence request fails with 6007).
// Media: demo/media/feature/dash-cenc/ (demo/media/README.md).
import { expect } from '@open-wc/testing';
import { importShaka } from '../../src-element/core/engine/shaka-engine.js';
import { demoOrigin } from '../helpers/demo.js';

const shaka = await importShaka('dash');

const KID_HEX = '733732706c617965722d6b6964303031'; // "s72player-kid001"
const KEY_HEX = '733732706c617965722d6b6579303031'; // "s72player-key001"

describe('inline ClearKey keys on the DASH build', () => {
  let video: HTMLVideoElement | null = null;
  let player: InstanceType<typeof shaka.Player> | null = null;

  afterEach(async () => {
    await player?.destroy();
    video?.remove();
    player = null;
    video = null;
  });

  it('decrypts and plays the CENC title past 4 s with keys from drm.clearKeys, no licence server', async function () {
    this.timeout(60_000);
    video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.width = 320;
    document.body.appendChild(video);
    player = new shaka.Player();
    const failures: string[] = [];
    player.addEventListener('error', (event) => failures.push(JSON.stringify((event as CustomEvent<unknown>).detail)));
    const licenceUris: string[] = [];
    player.getNetworkingEngine()!.registerRequestFilter((type, request) => {
      if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) licenceUris.push(...request.uris);
    });
    player.configure({ drm: { clearKeys: { [KID_HEX]: KEY_HEX } } });
    await player.attach(video);

    try {
      await player.load(`${demoOrigin()}/media/feature/dash-cenc/manifest.mpd`);
    } catch (error) {
      failures.push(`load: ${JSON.stringify(error)}`);
    }
    video.play().catch(() => undefined);
    const deadline = performance.now() + 40_000;
    while (video.currentTime <= 4 && failures.length === 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    expect(failures, 'errors').to.deep.equal([]);
    expect(player.keySystem()).to.equal('org.w3.clearkey');
    expect(licenceUris.length, 'the licence was requested').to.be.greaterThan(0);
    expect(licenceUris.every((uri) => uri.startsWith('data:')), `licence URIs: ${licenceUris.join(', ')}`).to.equal(true);
    expect(video.currentTime, 'playback position').to.be.greaterThan(4);
  });
});
