/**
 * The demo storefront (DESIGN.md "The demo storefront"): one fastify process serving the built play
 * page, the library build, the demo media with byte ranges and CORS, the `/services/…` API of both
 * specs from `demo/catalogue.json`, a ClearKey licence server and the `/__demo/` test-control API.
 *
 *   const demo = await createDemoServer({ port: 0 });
 *   await fetch(`${demo.url}/services/meta/configuration`);
 *   await demo.close();
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { REPO_ROOT, loadCatalogue, type Catalogue } from './catalogue.js';
import { registerControl } from './control.js';
import { registerForensic } from './forensic.js';
import {
  HttpError,
  PAGE_CSP,
  SIGN_IN_PATH,
  applyCors,
  applyPreflight,
  checkOrigin,
  codeForStatus,
  controlRequestVerdict,
  isControlPath,
  isCorsPath,
  isLoopbackHost,
  mimeTypeOf,
  parentOriginsMeta,
  pathOf,
  playCsp,
  signInCsp,
  type PlayPageOrigins,
} from './http.js';
import { registerDrmSignalling } from './drm-signalling.js';
import { registerLive } from './live.js';
import { authenticate, registerServices } from './services.js';
import { DEFAULT_BODY_LIMIT, MAX_JSON_DEPTH, bodyRuleFor, jsonDepthExceeds } from './limits.js';
import { registerManifestProxy } from './drm.js';
import { registerAds, registerAdsControl } from './ads.js';
import { DemoState, type RecordedRequest } from './state.js';

export * from './catalogue.js';
export { HttpError, PAGE_CSP, PLAY_CSP, isLoopbackHost, mimeTypeOf, playCsp, type PlayPageOrigins } from './http.js';
export {
  FEATURE_TOGGLES,
  HEARTBEAT_FREQUENCY_S,
  MAX_AVAILABILITY_ITEMS,
  PIN_MAX_ATTEMPTS,
  PLAYER_TELEMETRY_FIELDS,
  STREAM_SESSION_TTL_MS,
  SUPPORTED_DEVICES,
  TELEMETRY_TS_MAX_SKEW_MS,
  decodePlayToken,
  parseLicenceBody,
} from './services.js';
export {
  LIVE_BASE_PATH,
  LIVE_DVR_WINDOW_S,
  LIVE_LOOP_SEGMENTS,
  LIVE_MIN_UPDATE_PERIOD_S,
  LIVE_PRESENTATION_DELAY_S,
  LIVE_SEGMENT_S,
  liveManifestPath,
  shiftSegmentTime,
} from './live.js';
export { DemoState, MAX_RECORDED_BYTES, matchPath } from './state.js';
export { BATCH_BODY_LIMIT, DEFAULT_BODY_LIMIT, LICENCE_BODY_LIMIT, MAX_JSON_DEPTH, bodyRuleFor, jsonDepthExceeds } from './limits.js';
export type { FaultRule, LatencyRule, LibraryEntryState, LiveState, PlayTokenInfo, ProgressState, RecordedRequest, StreamSession } from './state.js';

/** Folders the storefront serves; each defaults to its place in the repository. */
export interface DemoPaths {
  /** Built play page (`npm run build:shell`), served at `/play/`. */
  shell: string;
  /** Library build (`npm run build:lib`), served at `/dist/`. */
  dist: string;
  /** API reference generated from the manifest (`npm run build:lib`), served at `/docs/`. */
  docs: string;
  /** Demo media (`npm run media`), served at `/media/`. */
  media: string;
  /** Static pages, served at `/`. */
  public: string;
}

/** Settings of the `/__demo/` control API (`control: true` is `{}`). */
export interface ControlOptions {
  /**
   * Origins besides the storefront's own that may call the control API cross-origin (e.g. a test
   * runner's page). Exact `http(s)://host[:port]` origins only; there is no wildcard.
   */
  origins?: readonly string[];
  /**
   * Recorded token headers (`x-auth-token`, `x-play-token`, `authorization`, `cookie`), PINs, and
   * tokens in bodies (log lines, telemetry) and query parameters are answered as `[redacted]` unless
   * a read asks with `?tokens=1`; true answers them by default (test runs).
   */
  revealTokens?: boolean;
}

export interface DemoServerOptions {
  /** Port to listen on; 0 picks a free one. Default 8080. */
  port?: number;
  /** Interface to listen on. Default `localhost` (so `http://localhost:PORT` works in Chromium). */
  host?: string;
  /**
   * Mount the `/__demo/` control API (loopback hosts only: true on another host throws). Default:
   * on when `process.env.DEMO_CONTROL !== '0'` and the host is loopback.
   */
  control?: boolean | ControlOptions;
  /**
   * Origins the play page may reach besides its own: its CSP `connect-src` and `img-src` are
   * `'self'` plus these lists. Default: `DEMO_CONNECT_ORIGINS` / `DEMO_IMG_ORIGINS` (comma-separated).
   */
  allowedOrigins?: Pick<PlayPageOrigins, 'connect' | 'img'>;
  /**
   * The storefront origins that may embed the play page: one list for its CSP `frame-ancestors`
   * (`'self'` plus these) and for the origins it posts its window messages to (its own plus these,
   * given to it in a `<meta name="s72-parent-origins">`). Default: `DEMO_PARENT_ORIGINS`
   * (comma-separated); unset, same origin only.
   */
  parentOrigins?: readonly string[];
  /** Fastify (pino) request logging. Default false. Tokens travel in headers, which are not logged. */
  logger?: boolean;
  /** Clock in epoch ms (the control API's clock offset is added). Default `Date.now`. */
  now?: () => number;
  /** Catalogue file. Default `demo/catalogue.json`. */
  cataloguePath?: string;
  /** Override served folders (tests). */
  paths?: Partial<DemoPaths>;
}

export interface DemoServer {
  /** `http://localhost:PORT` with the real port. */
  url: string;
  app: FastifyInstance;
  state: DemoState;
  catalogue: Catalogue;
  /** Whether the `/__demo/` control API is mounted. */
  control: boolean;
  /**
   * The play page's Content-Security-Policy as served: the configured origins, the embedding
   * storefronts' `frame-ancestors`, and the Cast sender's paths when the configuration enables casting.
   */
  playCsp: string;
  close(): Promise<void>;
}

export const DEFAULT_PATHS: Readonly<DemoPaths> = Object.freeze({
  shell: join(REPO_ROOT, 'dist-shell'),
  dist: join(REPO_ROOT, 'dist'),
  docs: join(REPO_ROOT, 'dist-docs'),
  media: join(REPO_ROOT, 'demo', 'media'),
  public: join(REPO_ROOT, 'demo', 'public'),
});

const DOCS_MISSING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference not built</title></head>
<body><h1>The API reference is not built yet</h1>
<p>Run <code>npm run build:lib</code> (or <code>npm run api-docs</code> after it) to create <code>dist-docs/</code>, then reload.</p>
</body></html>`;

const SHELL_MISSING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Play page not built</title></head>
<body><h1>The play page is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm run build:shell</code>) to create <code>dist-shell/</code>, then reload.</p>
</body></html>
`;

/** Largest request body the recorder keeps; a larger one is kept as `{ truncated, bytes, head }`. */
export const MAX_RECORDED_BODY_BYTES = 64 * 1024;
const RECORDED_HEAD_CHARS = 1024;

/**
 * Turns a parsed body into what the recorder keeps: JSON when it parses (also for text and bytes),
 * else text; over {@link MAX_RECORDED_BODY_BYTES} (of `raw`, the text as received, when known), a
 * note with its size and first characters.
 */
function recordableBody(body: unknown, raw?: string): unknown {
  if (body === undefined) return null;
  const bytes = raw !== undefined ? Buffer.byteLength(raw) : Buffer.isBuffer(body) ? body.length : typeof body === 'string' ? Buffer.byteLength(body) : 0;
  if (bytes > MAX_RECORDED_BODY_BYTES) {
    const head = raw ?? (Buffer.isBuffer(body) ? body.subarray(0, RECORDED_HEAD_CHARS).toString('utf8') : typeof body === 'string' ? body : JSON.stringify(body));
    return { truncated: true, bytes, head: head.slice(0, RECORDED_HEAD_CHARS) };
  }
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
  if (typeof text !== 'string') return body;
  if (jsonDepthExceeds(text)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function createDemoServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  const port = opts.port ?? 8080;
  const host = opts.host ?? 'localhost';
  const loopback = isLoopbackHost(host);
  const control = opts.control === undefined ? process.env['DEMO_CONTROL'] !== '0' && loopback : opts.control !== false;
  if (control && !loopback) {
    throw new Error(
      `The /__demo/ control API is loopback only (its recordings hold tokens): refusing to mount it on host ${host}. ` +
        'Listen on localhost, or turn it off (DEMO_CONTROL=0).',
    );
  }
  const controlOptions: ControlOptions = typeof opts.control === 'object' ? opts.control : {};
  const controlOrigins = new Set((controlOptions.origins ?? []).map((o) => checkOrigin(o, 'control.origins')));
  const envList = (name: string): string[] | undefined =>
    process.env[name]
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const allowed = opts.allowedOrigins ?? { connect: envList('DEMO_CONNECT_ORIGINS'), img: envList('DEMO_IMG_ORIGINS') };
  const cspOrigins: PlayPageOrigins = {
    connect: (allowed.connect ?? []).map((o) => checkOrigin(o, 'allowedOrigins.connect')),
    img: (allowed.img ?? []).map((o) => checkOrigin(o, 'allowedOrigins.img')),
    // issue 25 item 7: one list for frame-ancestors and the window messages' origins.
    parents: (opts.parentOrigins ?? envList('DEMO_PARENT_ORIGINS') ?? []).map((o) => checkOrigin(o, 'parentOrigins')),
  };
  // The Cast sender's paths join script-src once the configuration is read (before listening).
  let csp = playCsp(cspOrigins);
  const paths: DemoPaths = { ...DEFAULT_PATHS, ...opts.paths };
  const catalogue = loadCatalogue(opts.cataloguePath);
  const state = new DemoState(catalogue, opts.now ?? Date.now);

  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: () => randomUUID(),
    // The streams/playlist/live paths carry slugs with slashes; keep them verbatim.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    forceCloseConnections: true,
    // Per route (limits.ts): the batches may be larger, and some routes authenticate first.
    bodyLimit: DEFAULT_BODY_LIMIT,
  });

  // ---- body limits and auth before the body is read (limits.ts) ---------------------------------
  const authBeforeBody = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      authenticate(state, req); // throws 401 before a byte of the body is read or parsed
    } catch (error) {
      // A large body is not read and discarded to keep the connection alive: it is closed instead
      // (small ones are drained, so a legitimate 401, e.g. play_token_expired, always arrives).
      if (Number(req.headers['content-length'] ?? 0) > DEFAULT_BODY_LIMIT) reply.header('connection', 'close');
      throw error;
    }
  };
  app.addHook('onRoute', (route) => {
    const rule = bodyRuleFor(route.method, route.url);
    route.bodyLimit ??= rule.limit;
    if (rule.auth) route.onRequest = [...(route.onRequest === undefined ? [] : [route.onRequest].flat()), authBeforeBody];
  });

  const recordings = new WeakMap<FastifyRequest, RecordedRequest>();
  const rawBodies = new WeakMap<FastifyRequest, string>();

  // ---- body parsing: lenient JSON (empty body allowed), anything else kept as bytes -------------
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(req, text);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, 'json_too_deep', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'invalid_json', 'The request body is not valid JSON.'), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => {
    done(null, body);
  });

  // ---- every request: id, CSP, CORS, recording, latency, faults --------------------------------
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(req.url);
    reply.header('x-request-id', req.id);
    if (path === '/play' || path.startsWith('/play/')) {
      reply.header('content-security-policy', csp);
      reply.header('referrer-policy', 'no-referrer');
    }
    // The control API: same origin or the allow-list, loopback Host only; never recorded, delayed
    // or faulted.
    if (control && isControlPath(path)) {
      const verdict = controlRequestVerdict(req, controlOrigins);
      if (verdict === 'refused') {
        reply.code(403).send({ code: 'forbidden', message: 'The demo control API answers its own origin only.' });
        return reply;
      }
      if (verdict === 'allowed') {
        applyCors(req, reply);
        if (req.method === 'OPTIONS') {
          applyPreflight(reply);
          reply.code(204).send();
          return reply;
        }
      }
      return;
    }
    const cors = isCorsPath(path);
    if (cors) applyCors(req, reply);
    if (cors && req.method === 'OPTIONS') {
      applyPreflight(reply);
      reply.code(204).send();
      return reply;
    }
    if (isControlPath(path)) return;

    if (req.method !== 'OPTIONS') {
      const record: RecordedRequest = {
        id: req.id,
        method: req.method,
        path,
        query: { ...(req.query as Record<string, unknown>) },
        headers: { ...req.headers },
        body: null,
        at: new Date(state.now()).toISOString(),
      };
      state.record(record);
      recordings.set(req, record);
    }

    const delayMs = state.latencyFor(req.method, path);
    if (delayMs > 0) await sleep(delayMs);

    const fault = state.takeFault(req.method, path);
    if (fault) {
      if (fault.status === 0) {
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      }
      reply.code(fault.status);
      if (fault.headers) reply.headers(fault.headers);
      if (fault.status === 204 || fault.status === 304) reply.send();
      else reply.type('application/json; charset=utf-8').send(JSON.stringify(fault.body));
      return reply;
    }
  });

  app.addHook('preHandler', async (req) => {
    const record = recordings.get(req);
    if (record) state.setRecordedBody(record, recordableBody(req.body, rawBodies.get(req)));
  });

  app.addHook('onResponse', async (req, reply) => {
    const record = recordings.get(req);
    if (record) record.status = reply.statusCode;
  });

  // Baseline security headers on every HTML page; /play/ keeps its own CSP, /signin.html its framing.
  app.addHook('onSend', async (req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    const path = pathOf(req.url);
    if (path === SIGN_IN_PATH) {
      reply.header('content-security-policy', signInCsp(csp));
    } else if (!(path === '/play' || path.startsWith('/play/'))) {
      reply.header('content-security-policy', PAGE_CSP);
      reply.header('x-frame-options', 'SAMEORIGIN'); // browsers without CSP frame-ancestors
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    const record = recordings.get(req);
    const raw = rawBodies.get(req);
    if (record && record.body === null && raw !== undefined) {
      state.setRecordedBody(record, Buffer.byteLength(raw) > MAX_RECORDED_BODY_BYTES ? recordableBody(raw, raw) : raw);
    }
    if (error instanceof HttpError) {
      reply.code(error.statusCode).send({ code: error.code, message: error.message, ...error.extra });
      return;
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 413) reply.header('connection', 'close'); // the unread body is not drained
    if (status >= 500) req.log.error(error);
    reply.code(status).send({ code: codeForStatus(status), message: status >= 500 ? 'Internal server error.' : error.message });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ code: 'not_found', message: `Nothing at ${req.method} ${pathOf(req.url)}.` });
  });

  // ---- static files ----------------------------------------------------------------------------
  await app.register(fastifyStatic, {
    serve: false,
    root: paths.public,
    dotfiles: 'ignore',
    index: false,
    setHeaders: (reply, filePath) => {
      const type = mimeTypeOf(filePath);
      if (type) reply.header('content-type', type);
    },
  });

  /** `'/a/b'` from a wildcard param (`sendFile` refuses `..` and non-canonical paths). */
  const relative = (wildcard: string): string => `/${wildcard}`;

  // The play page (hash-routed): dist-shell/index.html for /play/ and /play/index.html.
  app.get('/play', async (_req, reply) => reply.redirect('/play/', 301));
  app.get<{ Params: { '*': string } }>('/play/*', async (req, reply) => {
    if (!existsSync(join(paths.shell, 'index.html'))) {
      return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(SHELL_MISSING_PAGE);
    }
    const file = req.params['*'];
    if (file === '' || file === 'index.html') {
      // The embedding storefronts the page posts its messages to: the list its frame-ancestors name.
      const html = await readFile(join(paths.shell, 'index.html'), 'utf8');
      const meta = parentOriginsMeta(cspOrigins.parents);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(/<\/head>/i.test(html) ? html.replace(/<\/head>/i, (end) => `  ${meta}\n  ${end}`) : `${meta}\n${html}`);
    }
    return reply.sendFile(relative(file), paths.shell);
  });

  // The API reference (scripts/api-docs.ts): dist-docs/index.html for /docs/.
  app.get('/docs', async (_req, reply) => reply.redirect('/docs/', 301));
  app.get<{ Params: { '*': string } }>('/docs/*', async (req, reply) => {
    if (!existsSync(join(paths.docs, 'index.html'))) {
      return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(DOCS_MISSING_PAGE);
    }
    const file = req.params['*'];
    return reply.sendFile(file === '' ? 'index.html' : relative(file), paths.docs);
  });
  app.get<{ Params: { '*': string } }>('/dist/*', async (req, reply) => reply.sendFile(relative(req.params['*']), paths.dist));
  // The live streams (live.ts) are built on the fly; every other /media/ path is a file.
  registerLive(app, state, paths.media);
  // The demo film packaged for Widevine and PlayReady only (drm-signalling.ts).
  registerDrmSignalling(app, paths.media);
  // The film per play session, A/B forensic variants per segment (forensic.ts, issue 27 item 3).
  registerForensic(app, paths.media);
  app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => reply.sendFile(relative(req.params['*']), paths.media));

  registerServices(app, state);
  registerManifestProxy(app);
  if (control) registerControl(app, state, { revealTokens: controlOptions.revealTokens === true });
  registerAds(app); // issue 14: demo VAST/VMAP ad server
  if (control) registerAdsControl(app, state);

  app.get('/', async (_req, reply) => reply.sendFile('index.html', paths.public));
  // play-page §2 "/device-support": the play page's own route lists the matrix (a static copy stays at /device-support.html).
  app.get('/device-support', async (_req, reply) => reply.redirect('/play/#/device-support', 302));
  app.get<{ Params: { '*': string } }>('/*', async (req, reply) => {
    const file = req.params['*'];
    if (file.startsWith('__demo')) return reply.callNotFound();
    return reply.sendFile(relative(file.endsWith('/') ? `${file}index.html` : file), paths.public);
  });

  // issue 25 item 10: the play page's script-src allows the Cast sender only when the storefront's
  // configuration enables casting (its `cast_enabled`, as the play page reads it).
  const configuration = await app.inject({ method: 'GET', url: '/services/meta/configuration' });
  csp = playCsp({ ...cspOrigins, cast: (configuration.json() as Record<string, unknown>)['cast_enabled'] === true });
  state.reset(); // forget the recording of that internal read

  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const urlHost = ['localhost', '127.0.0.1', '::1', '::', '0.0.0.0'].includes(host) ? 'localhost' : host;

  return {
    url: `http://${urlHost}:${actualPort}`,
    app,
    state,
    catalogue,
    control,
    playCsp: csp,
    close: async () => {
      await app.close();
    },
  };
}
