import { expect } from '@open-wc/testing';
import { detectCapabilities } from '../../src-shell/features/play-flow/capabilities.js';

describe('capability probe (this Chromium)', () => {
  it('finds MSE, MP4 and ClearKey, and never rejects', async () => {
    const caps = await detectCapabilities(2000);
    expect(caps.mse).to.equal(true);
    expect(caps.mp4).to.equal(true);
    expect(caps.keySystems).to.include('clearkey');
    expect(caps.keySystems).not.to.include('fairplay');
  });
});
