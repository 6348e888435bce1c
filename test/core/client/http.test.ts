import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import { buildHeaders, buildUrl, codeForStatus, request, type FetchLike } from '../../../src-element/core/client/http.js';
import { isS72Error, type S72Error } from '../../../src-element/core/errors.js';

/** A fetch that records its calls and answers with `respond`. */
function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; init: RequestInit; headers: Headers }> = [];
  const fetch: FetchLike = async (url, init = {}) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    return respond(url, init);
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

async function rejection(promise: Promise<unknown>): Promise<S72Error> {
  try {
    await promise;
  } catch (error) {
    expect(isS72Error(error), String(error)).to.equal(true);
    return error as S72Error;
  }
  throw new Error('expected a rejection');
}

const Ok = v.object({ ok: v.boolean() });

describe('client http (play-page §6, §8; player-and-client §7)', () => {
  describe('buildHeaders', () => {
    it('sends x-auth-token when there is only an auth token', () => {
      const h = buildHeaders({ authToken: ' abc ' });
      expect(h.get('x-auth-token')).to.equal('abc');
      expect(h.has('x-play-token')).to.equal(false);
    });
    it('sends x-play-token instead of the auth token when there is a play token', () => {
      const h = buildHeaders({ authToken: 'abc', playToken: 'play' });
      expect(h.get('x-play-token')).to.equal('play');
      expect(h.has('x-auth-token')).to.equal(false);
    });
    it('sends no token header without tokens, and x-bypass-cache when asked', () => {
      const h = buildHeaders({ bypassCache: true });
      expect(h.has('x-auth-token') || h.has('x-play-token')).to.equal(false);
      expect(h.get('x-bypass-cache')).to.equal('true');
      expect(buildHeaders({}).has('x-bypass-cache')).to.equal(false);
    });
  });

  it('buildUrl joins base, path and an encoded query', () => {
    expect(buildUrl('https://s.example/', '/services/x', { items: '/film/a,/film/b' })).to.equal(
      'https://s.example/services/x?items=%2Ffilm%2Fa%2C%2Ffilm%2Fb',
    );
    expect(buildUrl('https://s.example', '/p')).to.equal('https://s.example/p');
  });

  describe('codeForStatus (one row per case)', () => {
    const rows: Array<[number, string | undefined, string]> = [
      [401, undefined, 'unauthorized'],
      [401, 'play_token_expired', 'play_token_expired'],
      [401, 'something_else', 'unauthorized'],
      [403, 'no_user_plan', 'no_user_plan'],
      [403, 'missing_from_library', 'missing_from_library'],
      [403, 'availability_expired', 'availability_expired'],
      [403, undefined, 'access_denied'],
      [403, 'made_up_code', 'access_denied'],
      [404, undefined, 'slug_not_found'],
      [404, 'film_not_found', 'film_not_found'],
      [502, 'anything', 'server_busy'],
      [504, undefined, 'server_busy'],
      [500, undefined, 'bad_http_status_500'],
      [503, undefined, 'bad_http_status_503'],
      [429, undefined, 'bad_http_status_429'],
    ];
    for (const [status, bodyCode, expected] of rows) {
      it(`${status} ${bodyCode ?? '(no code)'} → ${expected}`, () => {
        expect(codeForStatus(status, bodyCode)).to.equal(expected);
      });
    }
    it('uses the caller’s defaults for 404 and 401', () => {
      expect(codeForStatus(404, undefined, { notFoundCode: 'season_not_found' })).to.equal('season_not_found');
      expect(codeForStatus(401, undefined, { unauthorizedCode: 'not_authorized' })).to.equal('not_authorized');
    });
  });

  describe('request()', () => {
    it('GETs the URL with the token header and returns the validated body', async () => {
      const { fetch, calls } = fakeFetch(() => json(200, { ok: true, extra: 1 }));
      const body = await request({ baseUrl: 'https://s.example', fetch, authToken: 'tok' }, { path: '/a' }, Ok);
      expect(body).to.deep.equal({ ok: true });
      expect(calls[0]!.url).to.equal('https://s.example/a');
      expect(calls[0]!.init.method).to.equal('GET');
      expect(calls[0]!.headers.get('x-auth-token')).to.equal('tok');
    });

    it('maps an error answer to S72Error with httpStatus, requestId and the server message', async () => {
      const { fetch } = fakeFetch(() =>
        json(403, { code: 'no_user_plan', message: 'Needs a plan' }, { 'x-request-id': 'req-42' }),
      );
      const error = await rejection(request({ baseUrl: 'https://s.example', fetch }, { path: '/a' }, Ok));
      expect(error).to.include({ code: 'no_user_plan', httpStatus: 403, requestId: 'req-42', message: 'Needs a plan' });
    });

    it('maps 502 to a recoverable server_busy in the network category', async () => {
      const { fetch } = fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
      const error = await rejection(request({ baseUrl: 'https://s.example', fetch }, { path: '/a' }, Ok));
      expect(error).to.include({ code: 'server_busy', category: 'network', severity: 'recoverable', httpStatus: 502 });
    });

    it('maps a failed fetch to network_error', async () => {
      const fetch: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
      const error = await rejection(request({ baseUrl: 'https://s.example', fetch }, { path: '/a' }, Ok));
      expect(error).to.include({ code: 'network_error', category: 'network' });
      expect(error.cause).to.be.instanceOf(TypeError);
    });

    it('rejects with request_aborted when the signal fires', async () => {
      const controller = new AbortController();
      const fetch: FetchLike = (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      const pending = request({ baseUrl: 'https://s.example', fetch }, { path: '/a', signal: controller.signal }, Ok);
      controller.abort();
      const error = await rejection(pending);
      expect(error.code).to.equal('request_aborted');
    });

    it('passes the AbortSignal to fetch', async () => {
      const controller = new AbortController();
      const { fetch, calls } = fakeFetch(() => json(200, { ok: true }));
      await request({ baseUrl: 'https://s.example', fetch }, { path: '/a', signal: controller.signal }, Ok);
      expect(calls[0]!.init.signal).to.equal(controller.signal);
    });

    it('reports a body of the wrong shape as malformed_response, naming the path of the problem', async () => {
      const { fetch } = fakeFetch(() => json(200, { ok: 'yes' }, { 'x-request-id': 'r1' }));
      const error = await rejection(request({ baseUrl: 'https://s.example', fetch }, { path: '/a' }, Ok));
      expect(error).to.include({ code: 'malformed_response', httpStatus: 200, requestId: 'r1' });
      expect(error.message).to.contain('ok');
    });

    it('reports a body that is not JSON as malformed_response', async () => {
      const { fetch } = fakeFetch(() => new Response('not json', { status: 200 }));
      const error = await rejection(request({ baseUrl: 'https://s.example', fetch }, { path: '/a' }, Ok));
      expect(error.code).to.equal('malformed_response');
    });
  });
});
