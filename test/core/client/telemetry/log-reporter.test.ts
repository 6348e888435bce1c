/**
 * Log reporter (player-and-client §5, §7, §9 "Controls" last bullet) and token redaction
 * (DESIGN.md "Security rules").
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  LOG_DEFAULT_LEVEL,
  LOG_ENHANCE_TIMEOUT_MS,
  LOG_LEVELS,
  LogReporter,
  type LogLevel,
  type LogPayload,
  type LogReporterOptions,
} from '../../../../src-element/core/client/telemetry/index.js';
import { REDACTED, redactTokens, redactValue } from '../../../../src-element/core/redact.js';
import { isS72Error } from '../../../../src-element/core/errors.js';

const URL_ = 'https://logs.example/inputs/abc/tag/http/';

/** The body a fetch stub received: the code under test always sends JSON text. */
function bodyText(init: RequestInit | undefined): string {
  const body = init?.body;
  if (typeof body !== 'string') throw new Error(`expected a JSON text body, got ${typeof body}`);
  return body;
}

function fakeFetch(respond: () => Response | Promise<Response> = () => new Response('', { status: 200 })) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return respond();
  };
  const payload = (i: number) => JSON.parse(bodyText(calls[i]!.init)) as LogPayload;
  return { fetch, calls, payload };
}

describe('LogReporter (player-and-client §5, §7, §9)', () => {
  let clock: sinon.SinonFakeTimers;
  let warn: sinon.SinonSpy;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00.000Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    warn = sinon.spy();
  });
  afterEach(() => clock.restore());

  const make = (f: ReturnType<typeof fakeFetch>, options: Partial<LogReporterOptions> = {}) =>
    new LogReporter({ url: URL_, tags: ['s72-player'], fetch: f.fetch, console: { warn }, ...options });

  it('has the levels debug < log < warn < error and defaults to error', async () => {
    expect(LOG_LEVELS).to.deep.equal(['debug', 'log', 'warn', 'error']);
    expect(LOG_DEFAULT_LEVEL).to.equal('error');
    const f = fakeFetch();
    const reporter = make(f);
    expect(reporter.level).to.equal('error');
    await reporter.debug('d');
    await reporter.log('l');
    await reporter.warn('w');
    expect(f.calls).to.have.length(0);
    await reporter.error('e');
    expect(f.calls).to.have.length(1);
    expect(f.payload(0)).to.include({ level: 'error', message: 'e' });
  });

  it('sends exactly the messages at or above its level (one row per level)', async () => {
    for (const level of LOG_LEVELS) {
      const f = fakeFetch();
      const reporter = make(f, { level });
      for (const at of LOG_LEVELS) await reporter[at](`at ${at}`);
      const sent = f.calls.map((_, i) => f.payload(i).level);
      expect(sent, level).to.deep.equal(LOG_LEVELS.slice(LOG_LEVELS.indexOf(level)));
    }
  });

  it('lets the level change later, ignoring unknown levels', async () => {
    const f = fakeFetch();
    const reporter = make(f);
    reporter.level = 'debug';
    reporter.level = 'verbose' as LogLevel;
    expect(reporter.level).to.equal('debug');
    await reporter.debug('now sent');
    expect(f.calls).to.have.length(1);
  });

  it('requires at least one tag, with a typed error', () => {
    const f = fakeFetch();
    for (const tags of [[], [''], ['  '], undefined, 'tag', [3]]) {
      let thrown: unknown;
      try {
        new LogReporter({ url: URL_, fetch: f.fetch, tags } as unknown as LogReporterOptions);
      } catch (error) {
        thrown = error;
      }
      expect(isS72Error(thrown), JSON.stringify(tags)).to.equal(true);
      expect(thrown).to.include({ category: 'client', code: 'invalid_config' });
    }
    expect(() => new LogReporter({ url: URL_, fetch: f.fetch, tags: ['a'] })).not.to.throw();
  });

  it('POSTs the payload as text/plain to the log service URL', async () => {
    const f = fakeFetch();
    const reporter = make(f, { tags: ['s72-player', 'play-page'] });
    await reporter.error('Playback failed', { code: 'drm_failed' }, 42);
    const { url, init } = f.calls[0]!;
    expect(url).to.equal(URL_);
    expect(init.method).to.equal('POST');
    expect(new Headers(init.headers).get('content-type')).to.equal('text/plain');
    expect(typeof init.body).to.equal('string');
    expect(f.payload(0)).to.deep.equal({
      level: 'error',
      tags: ['s72-player', 'play-page'],
      message: 'Playback failed {"code":"drm_failed"} 42',
      timestamp: '2030-01-01T00:00:00.000Z',
    });
  });

  it('sends the enhanced payload when the enhancement answers in time', async () => {
    const f = fakeFetch();
    const reporter = make(f, {
      enhance: async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, 9_000));
        return { ...payload, device: { os: 'Linux' } };
      },
    });
    const done = reporter.error('x');
    await clock.tickAsync(9_000);
    await done;
    expect(f.payload(0)).to.deep.include({ message: 'x', device: { os: 'Linux' } });
  });

  it('sends the unenhanced payload when the enhancement takes 10 s', async () => {
    expect(LOG_ENHANCE_TIMEOUT_MS).to.equal(10_000);
    const f = fakeFetch();
    const reporter = make(f, { enhance: () => new Promise<LogPayload>(() => {}) });
    const done = reporter.error('slow');
    await clock.tickAsync(LOG_ENHANCE_TIMEOUT_MS - 1);
    expect(f.calls).to.have.length(0);
    await clock.tickAsync(1);
    await done;
    expect(f.calls).to.have.length(1);
    expect(f.payload(0)).to.deep.equal({
      level: 'error',
      tags: ['s72-player'],
      message: 'slow',
      timestamp: '2030-01-01T00:00:00.000Z',
    });
    expect(clock.countTimers()).to.equal(0);
  });

  it('sends the unenhanced payload when the enhancement fails', async () => {
    const f = fakeFetch();
    const reporter = make(f, {
      enhance: () => {
        throw new Error('no device info');
      },
    });
    await reporter.error('x');
    expect(f.payload(0)).to.deep.equal({ level: 'error', tags: ['s72-player'], message: 'x', timestamp: '2030-01-01T00:00:00.000Z' });
    expect(clock.countTimers()).to.equal(0);
  });

  it('never sends tokens, also from the enhancement', async () => {
    const f = fakeFetch();
    const reporter = make(f, { enhance: (p) => ({ ...p, request: 'x-play-session=SECRET7', authToken: 'SECRET8' }) });
    await reporter.error(
      'request failed: x-auth-token: SECRET1',
      { headers: { 'X-Play-Token': 'SECRET2', 'x-auth-token': 'SECRET3' } },
      'https://store.example/play/#/film/x/y?u=SECRET4&p=SECRET5&from=home',
      new Error('fetch /p?u=SECRET6 failed'),
    );
    const body = bodyText(f.calls[0]!.init);
    expect(body).not.to.match(/SECRET/);
    expect(body).to.include(`?u=${REDACTED}&p=${REDACTED}&from=home`);
    expect(body).to.include(`x-auth-token: ${REDACTED}`);
  });

  it('swallows post failures (network, HTTP, a throwing fetch) and warns only once', async () => {
    const failing = [
      fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))),
      fakeFetch(() => new Response('', { status: 500 })),
    ];
    for (const f of failing) {
      warn.resetHistory();
      const reporter = make(f);
      await reporter.error('a');
      await reporter.error('b');
      expect(f.calls).to.have.length(2);
      expect(warn.callCount).to.equal(1);
    }
    const throwing = new LogReporter({
      url: URL_,
      tags: ['t'],
      console: { warn },
      fetch: () => {
        throw new Error('x-auth-token: SECRET');
      },
    });
    await throwing.error('c');
    expect(String(warn.lastCall.args[0])).not.to.include('SECRET');
  });
});

describe('redactTokens / redactValue (DESIGN.md "Security rules")', () => {
  const rows: Array<[string, string]> = [
    ['x-auth-token: abc', `x-auth-token: ${REDACTED}`],
    ['X-Play-Token=abc.def-ghi', `X-Play-Token=${REDACTED}`],
    ['{"x-auth-token":"abc","a":1}', `{"x-auth-token":"${REDACTED}","a":1}`],
    ['{\\"x-play-token\\":\\"abc\\"}', `{\\"x-play-token\\":\\"${REDACTED}\\"}`],
    ['authToken=abc; playToken: "def"', `authToken=${REDACTED}; playToken: "${REDACTED}"`],
    ['Authorization: Bearer abc', `Authorization: Bearer ${REDACTED}`],
    ['/play/#/film/x?u=abc&p=def', `/play/#/film/x?u=${REDACTED}&p=${REDACTED}`],
    ['?menu=1&up=2&u=3', `?menu=1&up=2&u=${REDACTED}`],
    ['nothing to hide', 'nothing to hide'],
  ];
  for (const [input, output] of rows) {
    it(`redacts ${input}`, () => {
      expect(redactTokens(input)).to.equal(output);
      expect(redactTokens(output), 'idempotent').to.equal(output);
    });
  }

  it('drops token keys from objects, deeply, and survives cycles', () => {
    const value: Record<string, unknown> = { slug: '/film/x', authToken: 'a', nested: [{ 'x-play-token': 'b', ok: 1 }] };
    value['self'] = value;
    expect(redactValue(value)).to.deep.equal({ slug: '/film/x', nested: [{ ok: 1 }], self: '[circular]' });
  });
});
