import { expect } from '@open-wc/testing';
import { ENGINE_ERROR_TABLE, mapEngineError, textTrackFailure, type EngineErrorLike } from '../../../src-element/core/engine/map-engine-error.js';

/** shaka's BAD_HTTP_STATUS data: [uri, status, responseText, headers, requestType]. */
const badStatus = (status: number, requestType = 1, body = '', headers: Record<string, string> = {}): EngineErrorLike => ({
  category: 1,
  code: 1001,
  severity: 2,
  data: ['https://cdn.example/seg.m4s', status, body, headers, requestType],
});
const licenceFailure = (inner: EngineErrorLike): EngineErrorLike => ({ category: 6, code: 6007, severity: 2, data: [inner] });

// play-page §8 "Playback error mapping": one case per row of the table, in table order.
const cases: Array<{ trigger: string; error: EngineErrorLike; code: string; category: string }> = [
  { trigger: 'status 450', error: badStatus(450), code: 'too_many_devices', category: 'network' },
  { trigger: 'status 451', error: licenceFailure(badStatus(451, 2)), code: 'too_many_streams', category: 'network' },
  {
    trigger: 'licence 403',
    error: licenceFailure(badStatus(403, 2, JSON.stringify({ code: 'license_denied', reason: 'Rental-Expired' }))),
    code: 'license_rental_expired',
    category: 'drm',
  },
  { trigger: 'any other licence failure', error: licenceFailure(badStatus(500, 2)), code: 'license_request_failure', category: 'drm' },
  { trigger: 'manifest 404 (player-and-client §8 FILE_NOT_FOUND)', error: badStatus(404, 0), code: 'file_not_found', category: 'manifest' },
  {
    trigger: 'network codes 1001-1003 (no HTTP status: offline, timeout, aborted)',
    error: { category: 1, code: 1002, severity: 2, data: ['https://cdn.example/seg.m4s', new Error('offline'), 1] },
    code: 'network_error',
    category: 'network',
  },
  { trigger: 'other 1001', error: badStatus(503), code: 'bad_http_status_503', category: 'network' },
  { trigger: '4001', error: { category: 4, code: 4001, severity: 2, data: ['manifest.mpd'] }, code: 'invalid_file_xml', category: 'manifest' },
  {
    trigger: 'manifest not supported (player-and-client §8 FILE_NOT_FOUND)',
    error: { category: 4, code: 4000, severity: 2, data: ['movie.xyz'] },
    code: 'file_not_found',
    category: 'manifest',
  },
  {
    trigger: 'content the browser cannot play',
    error: { category: 4, code: 4032, severity: 2, data: [] },
    code: 'content_not_supported',
    category: 'manifest',
  },
  { trigger: 'DRM codes 6000-6003', error: { category: 6, code: 6001, severity: 2, data: [] }, code: 'drm_failed', category: 'drm' },
  { trigger: '6014', error: { category: 6, code: 6014, severity: 2, data: [] }, code: 'content_expired', category: 'drm' },
  { trigger: '6006 or 6008', error: { category: 6, code: 6008, severity: 2, data: [] }, code: 'drm_version_not_supported', category: 'drm' },
  {
    trigger: '3016 with a DRM system message',
    error: { category: 3, code: 3016, severity: 2, data: [3, 0, 'PIPELINE_ERROR_DECRYPT: failed to decrypt video'] },
    code: 'drm_failed',
    category: 'drm',
  },
  {
    trigger: '3016',
    error: { category: 3, code: 3016, severity: 2, data: [3, 0, 'PIPELINE_ERROR_DECODE: VDA error'] },
    code: 'decode_error',
    category: 'playback',
  },
  { trigger: 'any other DRM error', error: { category: 6, code: 6012, severity: 2, data: [] }, code: 'drm_failed', category: 'drm' },
  { trigger: 'any other network error', error: { category: 1, code: 1010, severity: 2, data: [] }, code: 'network_error', category: 'network' },
  { trigger: 'anything else', error: { category: 3, code: 3014, severity: 2, data: [] }, code: 'playback_error', category: 'playback' },
];

describe('mapEngineError (play-page §8 "Playback error mapping")', () => {
  it('has a test case for every row, in order', () => {
    expect(cases.map((c) => c.trigger)).to.deep.equal(ENGINE_ERROR_TABLE.map((row) => row.trigger));
  });

  for (const { trigger, error, code, category } of cases) {
    it(`${trigger} → ${code}`, () => {
      const mapped = mapEngineError(error);
      expect(mapped.code).to.equal(code);
      expect(mapped.category).to.equal(category);
      expect(mapped.engineCode).to.equal(error.code);
      expect(mapped.cause).to.equal(error);
      // The row that matched is the first one that matches: no earlier row claims this error.
      const first = ENGINE_ERROR_TABLE.findIndex((row) => row.trigger === trigger);
      expect(mapped.message).to.contain(ENGINE_ERROR_TABLE[first]!.trigger);
    });
  }

  it('carries the HTTP status and the request id of the failed response', () => {
    const mapped = mapEngineError(licenceFailure(badStatus(403, 2, '{"reason":"geo"}', { 'X-Request-Id': 'req-42' })));
    expect(mapped.httpStatus).to.equal(403);
    expect(mapped.requestId).to.equal('req-42');
    expect(mapped.code).to.equal('license_geo');
  });

  it('reads a licence 403 without a JSON body as license_forbidden', () => {
    expect(mapEngineError(licenceFailure(badStatus(403, 2, '<html>nope</html>'))).code).to.equal('license_forbidden');
  });

  it('keeps the engine severity (1 = recoverable, else critical)', () => {
    expect(mapEngineError({ category: 1, code: 1002, severity: 1 }).severity).to.equal('recoverable');
    expect(mapEngineError({ category: 1, code: 1002, severity: 2 }).severity).to.equal('critical');
    expect(mapEngineError({ category: 1, code: 1002 }).severity).to.equal('critical');
  });

  it('serialises without its cause (safe for window messages)', () => {
    const json = JSON.parse(JSON.stringify(mapEngineError(badStatus(502))));
    expect(json).to.deep.equal({
      code: 'bad_http_status_502',
      category: 'network',
      severity: 'critical',
      message: json.message,
      httpStatus: 502,
      engineCode: 1001,
    });
  });
});

describe('textTrackFailure: a subtitle file that failed is only logged (player-and-client §8; issue 22 item 1)', () => {
  it('maps like the table, recoverable whatever shaka said, with the track', () => {
    const error = textTrackFailure(badStatus(404, 1, '', { 'x-request-id': 'req-7' }), { language: 'ar', label: 'العربية' });
    expect([error.code, error.category, error.severity, error.httpStatus, error.requestId, error.engineCode]).to.deep.equal([
      'bad_http_status_404',
      'network',
      'recoverable',
      404,
      'req-7',
      1001,
    ]);
    expect(error.data).to.deep.equal({ textTrack: { language: 'ar', label: 'العربية' } });
  });

  it('a dropped connection and an unparsable file too', () => {
    expect(textTrackFailure({ category: 1, code: 1002, severity: 2, data: ['https://cdn/ar.vtt'] }, null)).to.include({ code: 'network_error', severity: 'recoverable' });
    expect(textTrackFailure({ category: 2, code: 2001, severity: 2 }, null)).to.include({ code: 'playback_error', severity: 'recoverable' });
  });
});
