/**
 * core/watermark/watermark-rules.ts: the viewer id from the play token (player-and-client §3
 * "session {uid, s72usr}"), the corner every 15 minutes (§9), the error (§8, DESIGN.md "Errors").
 */
import { expect } from '@open-wc/testing';
import {
  cornerAt,
  msUntilNextCorner,
  viewerIdOf,
  WATERMARK_CHECK_INTERVAL_MS,
  WATERMARK_CORNER_INTERVAL_MS,
  watermarkTampered,
} from '../../../src-element/core/watermark/watermark-rules.js';
import { resolvePlaySession } from '../../../src-element/core/session/play-session.js';

/** The watermark's viewer id for a play token alone (no page session). */
const viewerIdFrom = (playToken: string | null | undefined): string | null => viewerIdOf(resolvePlaySession(playToken, null));

const b64url = (value: unknown): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (payload: unknown): string => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;
const MINUTE_MS = 60_000;

describe('watermark rules', () => {
  it('has the constants of player-and-client §9', () => {
    expect(WATERMARK_CHECK_INTERVAL_MS).to.equal(500);
    expect(WATERMARK_CORNER_INTERVAL_MS).to.equal(15 * 60 * 1000);
  });

  describe('viewerIdFrom', () => {
    const rows: Array<[string, string | null, string | null]> = [
      ['s72usr first', token({ uid: 7, s72usr: 'user-42' }), 'user-42'],
      ['uid when no s72usr', token({ uid: 7 }), '7'],
      ['a numeric s72usr', token({ s72usr: 1234 }), '1234'],
      ['a blank s72usr falls back to uid', token({ s72usr: '  ', uid: 'u-1' }), 'u-1'],
      ['trimmed', token({ s72usr: '  v9 ' }), 'v9'],
      ['no viewer in the token', token({ token: 'session', tlmtry: true }), null],
      ['an object is not an id', token({ s72usr: { id: 1 } }), null],
      ['a non-finite number is not an id', `${b64url({})}.${btoa('{"uid":1e999}')}.s`, null],
      ['no token', null, null],
      ['a malformed token', 'not-a-token', null],
    ];
    for (const [name, input, expected] of rows) {
      it(`${name} → ${String(expected)}`, () => {
        expect(viewerIdFrom(input)).to.equal(expected);
      });
    }
    it('cuts an id longer than 64 characters', () => {
      expect(viewerIdFrom(token({ s72usr: 'x'.repeat(100) }))).to.equal('x'.repeat(64));
    });
  });

  describe('cornerAt', () => {
    it('starts top-start and moves clockwise every 15 minutes, round and round', () => {
      expect(cornerAt(0)).to.equal('top-start');
      expect(cornerAt(15 * MINUTE_MS - 1)).to.equal('top-start');
      expect(cornerAt(15 * MINUTE_MS)).to.equal('top-end');
      expect(cornerAt(30 * MINUTE_MS)).to.equal('bottom-end');
      expect(cornerAt(45 * MINUTE_MS)).to.equal('bottom-start');
      expect(cornerAt(60 * MINUTE_MS)).to.equal('top-start');
      expect(cornerAt(75 * MINUTE_MS + 1)).to.equal('top-end');
    });
    it('treats negative or non-finite time as the start', () => {
      expect(cornerAt(-5)).to.equal('top-start');
      expect(cornerAt(Number.NaN)).to.equal('top-start');
      expect(cornerAt(Number.POSITIVE_INFINITY)).to.equal('top-start');
    });
    it('msUntilNextCorner counts down to the next 15-minute mark (always > 0)', () => {
      expect(msUntilNextCorner(0)).to.equal(15 * MINUTE_MS);
      expect(msUntilNextCorner(14 * MINUTE_MS)).to.equal(MINUTE_MS);
      expect(msUntilNextCorner(15 * MINUTE_MS)).to.equal(15 * MINUTE_MS);
      expect(msUntilNextCorner(-1)).to.equal(15 * MINUTE_MS);
    });
  });

  it('watermarkTampered is a critical error of category watermark with the reason', () => {
    const error = watermarkTampered('covered', 'covered by <div>');
    expect(error.code).to.equal('watermark_tampered');
    expect(error.category).to.equal('watermark');
    expect(error.severity).to.equal('critical');
    expect(error.data).to.deep.equal({ reason: 'covered', detail: 'covered by <div>' });
  });
});
