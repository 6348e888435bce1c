/**
 * The shared token redaction (DESIGN.md "Security rules"): known token values, token-looking text,
 * token keys, and the shapes a deep copy meets.
 */
import { expect } from '@open-wc/testing';
import { REDACTED, isTokenKey, mentionsSecret, redactTokens, redactValue } from '../../src-element/core/redact.js';

describe('redaction (core/redact.ts)', () => {
  const keys: Array<[string, boolean]> = [
    ['authToken', true],
    ['x-auth-token', true],
    ['X-Play-Token', true],
    ['play_token', true],
    ['playSession', true],
    ['x-play-session', true],
    ['authorization', true],
    ['token', true],
    ['password', true],
    ['u', true],
    ['p', true],
    ['slug', false],
    ['url', false],
    ['tokenCount', false],
    ['session_id', false],
  ];
  for (const [key, expected] of keys) {
    it(`isTokenKey(${key}) is ${expected}`, () => expect(isTokenKey(key)).to.equal(expected));
  }

  it('mentionsSecret is the loose rule for untrusted bodies', () => {
    expect(['session_id', 'api_secret', 'Authorised', 'tokenCount'].every(mentionsSecret)).to.equal(true);
    expect(['attempts_remaining', 'reason', 'ms_from'].some(mentionsSecret)).to.equal(false);
  });

  it('replaces known token values anywhere, before the shape rules', () => {
    expect(redactTokens('licence failed for abc-SECRET-123 (abc-SECRET-123)', ['abc-SECRET-123'])).to.equal(
      `licence failed for ${REDACTED} (${REDACTED})`,
    );
    expect(redactTokens('https://cdn/x?u=abc-SECRET-123', ['abc-SECRET-123'])).to.equal(`https://cdn/x?u=${REDACTED}`);
    expect(redactTokens('nothing', ['', undefined])).to.equal('nothing');
  });

  it('copies values deeply without tokens', () => {
    const error = Object.assign(new TypeError('failed for tok-LONG-1'), { code: 'x', authToken: 'tok-LONG-1' });
    const value = {
      slug: '/film/x',
      at: new Date('2030-01-01T00:00:00Z'),
      invalid: new Date(Number.NaN),
      error,
      big: 10n,
      fn: () => 1,
      list: [1, undefined, 'u=tok-LONG-1', () => 2],
      nested: { token: 'drop', keep: { 'x-auth-token': 'drop', ok: true } },
    };
    expect(redactValue(value, { tokens: ['tok-LONG-1'] })).to.deep.equal({
      slug: '/film/x',
      at: '2030-01-01T00:00:00.000Z',
      invalid: null,
      error: { name: 'TypeError', message: `failed for ${REDACTED}`, code: 'x' },
      list: [1, null, `u=${REDACTED}`, null],
      nested: { keep: { ok: true } },
    });
  });

  it('drops what is nested deeper than maxDepth, and marks cycles', () => {
    const deep = { a: { b: { c: { d: 1 } } } };
    expect(redactValue(deep, { maxDepth: 2 })).to.deep.equal({ a: { b: {} } });
    const cycle: Record<string, unknown> = { ok: 1 };
    cycle['self'] = cycle;
    expect(redactValue([cycle, cycle])).to.deep.equal([
      { ok: 1, self: '[circular]' },
      { ok: 1, self: '[circular]' },
    ]);
  });

  it('keeps scalars as they are', () => {
    expect(redactValue(3)).to.equal(3);
    expect(redactValue(null)).to.equal(null);
    expect(redactValue(undefined)).to.equal(undefined);
    expect(redactValue('x-auth-token: abc')).to.equal(`x-auth-token: ${REDACTED}`);
  });
});
