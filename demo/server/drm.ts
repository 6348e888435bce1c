/**
 * The demo storefront's Widevine, PlayReady and FairPlay licence endpoints (play-page §7 "DRM
 * licences"; player-and-client §7 "Embedded player"). No real CDM can be licensed here, so they
 * speak the demo licence format the test CDM (`test/helpers/fake-cdm.ts`) speaks, with the paths,
 * methods, headers, query parameters, status codes and bodies the spec and real servers use:
 *
 * - challenge (the CDM's licence request, Widevine/PlayReady body; FairPlay: the SPC): JSON
 *   `{"kids": [base64url key id, …]}`, the shape of an EME ClearKey request;
 * - licence (the answer; FairPlay: the CKC): JSON `{"keySystem", "kids", "deviceId"?}` as bytes.
 *
 * | call | answers |
 * |---|---|
 * | `GET /services/license/widevine/cenc?d=ID` | the service certificate (bytes); 400 `device_id_required` without `d` |
 * | `POST /services/license/widevine/cenc?d=ID` | the licence; 400 `device_id_required` without `d` |
 * | `POST /services/license/playready/cenc` | the licence |
 * | `GET /services/license/fairplay/cenc/cert` | the FairPlay application certificate (bytes) |
 * | `POST /services/license/fairplay/cenc` (form `spc=…`) | `<ckc>base64</ckc>`; 400 `invalid_license_request` without `spc` |
 *
 * Licence calls need the play token of a streams call (`x-play-token` or `x-play-session`; 401
 * without a viewer, 403 `{"reason": "play_token_required"}` with only an auth token), and only the
 * key ids of that token's title: an unknown key id is 403 `{"reason": "unknown_key"}` (the player's
 * `license_unknown_key`), another title's `{"reason": "wrong_title"}`. Every call is recorded
 * (`GET /__demo/license-requests`) and faults are injected with `POST /__demo/fault`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http.js';

/** The demo Widevine service certificate (opaque bytes; a real one is a signed DRM certificate). */
export const WIDEVINE_SERVICE_CERTIFICATE = Buffer.from('S72-DEMO-WIDEVINE-SERVICE-CERTIFICATE');
/** The demo FairPlay application certificate (opaque bytes; a real one is Apple's DER certificate). */
export const FAIRPLAY_CERTIFICATE = Buffer.from('S72-DEMO-FAIRPLAY-APPLICATION-CERTIFICATE');

const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;

export interface DrmLicenceDeps {
  /** Authenticates the caller (401 without a viewer); returns what `onLicensed` needs. */
  authenticate(req: FastifyRequest): unknown;
  /** Parses a `{kids}` challenge (400 `invalid_license_request` when it is not one). */
  parseChallenge(body: unknown): { kids: string[] };
  /**
   * Throws 403 `license_denied` unless every key id (base64url) is one of the caller's title
   * (`reason` `unknown_key` or `wrong_title`).
   */
  checkKeys(caller: unknown, kids: readonly string[]): void;
  /** Called once a licence is issued (a rental's watch window starts, play-page §6). */
  onLicensed(caller: unknown): void;
}

function deviceIdOf(req: FastifyRequest): string {
  const d = (req.query as Record<string, unknown> | undefined)?.['d'];
  if (typeof d !== 'string' || !DEVICE_ID.test(d)) {
    throw new HttpError(400, 'device_id_required', 'Widevine licence and certificate requests need the device id query "d".');
  }
  return d;
}

function octets(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.header('content-type', 'application/octet-stream').header('cache-control', 'no-store').send(bytes);
}

/** Registers the Widevine, PlayReady and FairPlay endpoints (see the module comment). */
export function registerDrmLicences(app: FastifyInstance, deps: DrmLicenceDeps): void {
  const issue = (req: FastifyRequest, keySystem: string, challenge: unknown, deviceId?: string): Buffer => {
    const caller = deps.authenticate(req);
    const { kids } = deps.parseChallenge(challenge);
    deps.checkKeys(caller, kids);
    deps.onLicensed(caller);
    return Buffer.from(JSON.stringify({ keySystem, kids, ...(deviceId ? { deviceId } : {}) }));
  };

  app.get('/services/license/widevine/cenc', async (req, reply) => {
    deviceIdOf(req);
    return octets(reply, WIDEVINE_SERVICE_CERTIFICATE);
  });
  app.post<{ Body: unknown }>('/services/license/widevine/cenc', async (req, reply) => {
    const deviceId = deviceIdOf(req);
    return octets(reply, issue(req, 'com.widevine.alpha', req.body, deviceId));
  });

  app.post<{ Body: unknown }>('/services/license/playready/cenc', async (req, reply) =>
    octets(reply, issue(req, 'com.microsoft.playready', req.body)),
  );

  app.get('/services/license/fairplay/cenc/cert', async (_req, reply) => octets(reply, FAIRPLAY_CERTIFICATE));
  app.post<{ Body: unknown }>('/services/license/fairplay/cenc', async (req, reply) => {
    const text = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : typeof req.body === 'string' ? req.body : '';
    const spc = new URLSearchParams(text).get('spc');
    if (!spc || !/^[A-Za-z0-9+/=]+$/.test(spc.trim())) {
      throw new HttpError(400, 'invalid_license_request', 'The FairPlay licence request needs the form field "spc" (base64).');
    }
    const ckc = issue(req, 'com.apple.fps', Buffer.from(spc, 'base64'));
    return reply.header('content-type', 'text/xml; charset=utf-8').header('cache-control', 'no-store').send(`<ckc>${ckc.toString('base64')}</ckc>`);
  });
}

/** Where the demo manifest proxy answers (player-and-client §7 "Optional manifest proxy"). */
export const MANIFEST_PROXY_PATH = '/services/manifest-proxy';

/**
 * `GET /services/manifest-proxy?url=URL`: the demo manifest proxy. It fetches `URL` from this
 * storefront (only `/media/` paths on the request's own origin: it is not an open proxy) and answers
 * with its status, type and body; a `Range` header is passed on. Any other `url` is 400
 * `invalid_proxy_url`.
 */
export function registerManifestProxy(app: FastifyInstance): void {
  app.get(MANIFEST_PROXY_PATH, async (req, reply) => {
    const raw = (req.query as Record<string, unknown> | undefined)?.['url'];
    const target = (() => {
      try {
        return typeof raw === 'string' ? new URL(raw) : null;
      } catch {
        return null;
      }
    })();
    const origin = `${req.protocol}://${req.host}`;
    if (!target || target.origin !== origin || !target.pathname.startsWith('/media/') || target.pathname.includes('..')) {
      throw new HttpError(400, 'invalid_proxy_url', 'The proxy fetches /media/ URLs of this storefront only.');
    }
    const range = req.headers.range;
    const answer = await app.inject({ method: 'GET', url: target.pathname + target.search, headers: range ? { range } : {} });
    for (const name of ['content-type', 'content-range', 'accept-ranges', 'cache-control']) {
      const value = answer.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  });
}
