/** core/play-token.ts: the middle segment is decoded; `tlmtry` off disables telemetry (player-and-client §5). */
import { expect } from '@open-wc/testing';
import { decodePlayToken, telemetryAllowed } from '../../src-element/core/play-token.js';

const b64url = (value: unknown): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (payload: unknown): string => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

describe('play token', () => {
  it('decodes the middle segment (base64url, unpadded, non-ASCII text)', () => {
    expect(decodePlayToken(token({ uid: 7, tlmtry: true, delpol: 'é?>' }))).to.deep.equal({ uid: 7, tlmtry: true, delpol: 'é?>' });
  });

  for (const bad of [null, undefined, '', '   ', 'a.b', 'a.b.c.d', 'a.!!!.c', `a.${b64url([1])}.c`, `a.${b64url('x')}.c`]) {
    it(`returns null for ${JSON.stringify(bad)}`, () => {
      expect(decodePlayToken(bad)).to.equal(null);
    });
  }

  const rows: [string, unknown, boolean][] = [
    ['tlmtry true', { tlmtry: true }, true],
    ['tlmtry absent', {}, true],
    ['tlmtry false', { tlmtry: false }, false],
    ['tlmtry 0', { tlmtry: 0 }, false],
    ['tlmtry "false"', { tlmtry: 'false' }, false],
  ];
  for (const [name, payload, allowed] of rows) {
    it(`telemetry allowed: ${name} → ${allowed}`, () => {
      expect(telemetryAllowed(token(payload))).to.equal(allowed);
    });
  }
  it('telemetry allowed for an undecodable token (the spec only turns it off when the token says so)', () => {
    expect(telemetryAllowed('opaque')).to.equal(true);
  });
});
