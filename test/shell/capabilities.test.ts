import { expect } from '@open-wc/testing';
import { detectCapabilities } from '../../src-shell/features/play-flow/capabilities.js';
import { installFakeCdm } from '../helpers/fake-cdm.js';

describe('capability probe (this Chromium)', () => {
  it('finds MSE, MP4 and ClearKey, and never rejects', async () => {
    const caps = await detectCapabilities(2000);
    expect(caps.mse).to.equal(true);
    expect(caps.mp4).to.equal(true);
    expect(caps.keySystems).to.include('clearkey');
    expect(caps.keySystems).not.to.include('fairplay');
    expect(caps.nativeHls, 'Chromium on Linux is not Apple WebKit, whatever canPlayType says').to.equal(false);
  });

  it('sees what the CDMs grant through the same probe as the player (fake Widevine + FairPlay)', async () => {
    const cdm = installFakeCdm({ 'com.widevine.alpha': { robustness: ['SW_SECURE_CRYPTO'] }, 'com.apple.fps': {} });
    try {
      const caps = await detectCapabilities(2000);
      expect(caps.keySystems).to.deep.equal(['widevine', 'fairplay', 'clearkey']);
      // FairPlay is granted, but off Apple there is no native HLS to play it with (choose-stream.ts).
      expect(caps.nativeHls).to.equal(false);
    } finally {
      cdm.uninstall();
    }
  });
});
