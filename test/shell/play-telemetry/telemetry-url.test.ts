import { expect } from '@open-wc/testing';
import {
  allowedTelemetryUrl,
  DEFAULT_PLAY_TELEMETRY_URL_PREFIXES,
  PLAY_TELEMETRY_URLS_KEY,
  telemetryUrlPrefixes,
} from '../../../src-shell/features/play-telemetry/index.js';

describe('m (telemetry url, play-page §2) against the configured prefixes (issue 8)', () => {
  const origin = 'https://store.example';
  it('defaults to the storefront telemetry endpoint only', () => {
    expect(telemetryUrlPrefixes(undefined)).to.deep.equal(DEFAULT_PLAY_TELEMETRY_URL_PREFIXES);
    expect(allowedTelemetryUrl('/services/license/play_telemetry?via=m', origin, undefined)).to.equal(
      'https://store.example/services/license/play_telemetry?via=m',
    );
    expect(allowedTelemetryUrl('https://store.example/services/users/v1/user_pin_codes/verify', origin, {})).to.equal(undefined);
    expect(allowedTelemetryUrl(undefined, origin, {})).to.equal(undefined);
  });
  it('reads play_telemetry_urls as a list or a comma-separated string', () => {
    const list = { [PLAY_TELEMETRY_URLS_KEY]: ['https://t.example/collect', 7, ' '] };
    expect(telemetryUrlPrefixes(list)).to.deep.equal(['https://t.example/collect']);
    expect(allowedTelemetryUrl('https://t.example/collect/a', origin, list)).to.equal('https://t.example/collect/a');
    expect(allowedTelemetryUrl('/services/license/play_telemetry', origin, list)).to.equal(undefined);
    const csv = { [PLAY_TELEMETRY_URLS_KEY]: '/a/, https://t.example/b' };
    expect(telemetryUrlPrefixes(csv)).to.deep.equal(['/a/', 'https://t.example/b']);
  });
});
