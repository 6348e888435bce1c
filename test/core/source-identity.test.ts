import { expect } from '@open-wc/testing';
import { sourceIdentity, type SourceIdentityInput } from '../../src-element/core/source-identity.js';

const input = (overrides: Partial<SourceIdentityInput> = {}): SourceIdentityInput => ({
  content: { slug: '/film/a', title: 'A', assets: { dash: { url: '/a.mpd', drms: ['clearkey'] } }, playToken: 'p1' },
  config: { drm: { clearkey: { licenseUrl: '/licence' } }, title: 'A' },
  src: null,
  licenseUrl: null,
  keySystem: null,
  authToken: null,
  ...overrides,
});

describe('sourceIdentity', () => {
  it('is equal for equal objects built again, whatever their key order', () => {
    const reordered = input({
      content: { playToken: 'p1', assets: { dash: { drms: ['clearkey'], url: '/a.mpd' } }, title: 'A', slug: '/film/a' },
      config: { title: 'A', drm: { clearkey: { licenseUrl: '/licence' } } },
    });
    expect(sourceIdentity(reordered)).to.equal(sourceIdentity(input()));
  });

  it('ignores what does not identify the source: titles, images, in-place configuration', () => {
    const base = sourceIdentity(input());
    expect(sourceIdentity(input({ content: { ...(input().content as object), title: 'B', images: { thumb: '/t.jpg' } } }))).to.equal(base);
    expect(sourceIdentity(input({ config: { drm: { clearkey: { licenseUrl: '/licence' } }, title: 'B', seeking: false, heartbeat: { uri: '/hb', intervalMs: 60_000 } } }))).to.equal(base);
  });

  it('changes with the asset URL, key systems, tokens, licence servers, retries and the element attributes', () => {
    const base = sourceIdentity(input());
    const content = input().content as Record<string, unknown>;
    const changed = [
      input({ content: { ...content, assets: { dash: { url: '/b.mpd', drms: ['clearkey'] } } } }),
      input({ content: { ...content, assets: { dash: { url: '/a.mpd', drms: ['widevine'] } } } }),
      input({ content: { ...content, playToken: 'p2' } }),
      input({ content: { ...content, authorization: 'viewer' } }),
      input({ content: { ...content, adTag: '/vast.xml' } }),
      input({ config: { drm: { clearkey: { licenseUrl: '/other' } } } }),
      input({ config: { drm: { clearkey: { licenseUrl: '/licence' } }, network: { maxAttempts: 1 } } }),
      input({ src: '/x.mpd' }),
      input({ licenseUrl: '/l' }),
      input({ keySystem: 'clearkey' }),
      input({ authToken: 't' }),
    ].map(sourceIdentity);
    for (const identity of changed) expect(identity).to.not.equal(base);
    expect(new Set(changed).size).to.equal(changed.length);
  });

  it('keeps values that are not objects, so a bad config followed by a good one is a change', () => {
    expect(sourceIdentity(input({ config: 'nope' }))).to.not.equal(sourceIdentity(input({ config: {} })));
  });
});
