import { expect } from '@open-wc/testing';
import { safeRedirectUrl, urlUnderPrefix, withQuery } from '../../src-shell/lib/safe-url.js';

describe('redirect validation (`from`, DESIGN.md "Security rules")', () => {
  const origin = 'https://store.example';
  const accepted: Array<[string, string]> = [
    ['/account', 'https://store.example/account'],
    ['https://store.example/films?x=1#top', 'https://store.example/films?x=1#top'],
    ['account', 'https://store.example/account'],
    ['HTTPS://STORE.EXAMPLE/a', 'https://store.example/a'],
  ];
  for (const [from, expected] of accepted) {
    it(`accepts ${from}`, () => expect(safeRedirectUrl(from, origin)).to.equal(expected));
  }
  const rejected = [
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://store.example.evil.example/',
    'https://user:pass@store.example/',
    'http://store.example/',
    'https://store.example:8443/',
    '',
    '   ',
  ];
  for (const from of rejected) {
    it(`rejects ${JSON.stringify(from)}`, () => expect(safeRedirectUrl(from, origin)).to.equal(null));
  }
  it('accepts an origin on the allow-list', () => {
    expect(safeRedirectUrl('https://shop.example/x', origin, ['https://shop.example'])).to.equal('https://shop.example/x');
    expect(safeRedirectUrl('https://evil.example/x', origin, ['https://shop.example'])).to.equal(null);
  });
  it('withQuery adds parameters and keeps the existing ones', () => {
    expect(withQuery('https://store.example/a?b=1', { prompt: 'player_unavailable', slug: '/film/x' })).to.equal(
      'https://store.example/a?b=1&prompt=player_unavailable&slug=%2Ffilm%2Fx',
    );
  });
});

describe('urlUnderPrefix (issue 8: m only on a configured telemetry endpoint)', () => {
  const origin = 'https://store.example';
  const prefixes = ['/services/license/play_telemetry', 'https://telemetry.example/v1/'];
  it('accepts the prefix itself and paths below it, with a query', () => {
    expect(urlUnderPrefix('/services/license/play_telemetry?via=m', origin, prefixes)).to.equal(
      'https://store.example/services/license/play_telemetry?via=m',
    );
    expect(urlUnderPrefix('https://store.example/services/license/play_telemetry/batch', origin, prefixes)).to.equal(
      'https://store.example/services/license/play_telemetry/batch',
    );
    expect(urlUnderPrefix('https://telemetry.example/v1/collect', origin, prefixes)).to.equal('https://telemetry.example/v1/collect');
  });
  it('refuses other same-origin paths (the PIN check), look-alike and climbing paths, other origins', () => {
    for (const bad of [
      '/services/users/v1/user_pin_codes/verify',
      'https://store.example/services/license/play_telemetry_x',
      '/services/license/play_telemetry/../heartbeat',
      '/services/license/play_telemetry/%2e%2e/heartbeat',
      '/services/license/play_telemetry/..%2fheartbeat',
      '/services/license/play_telemetry\\..\\heartbeat',
      'https://evil.example/services/license/play_telemetry',
      'https://telemetry.example/v2/collect',
      'https://telemetry.example.evil.example/v1/collect',
      'https://user:pw@telemetry.example/v1/collect',
      'javascript:alert(1)',
      '',
    ]) {
      expect(urlUnderPrefix(bad, origin, prefixes), bad).to.equal(null);
    }
  });
  it('nothing is allowed with no prefixes', () => {
    expect(urlUnderPrefix('/services/license/play_telemetry', origin, [])).to.equal(null);
  });
});
