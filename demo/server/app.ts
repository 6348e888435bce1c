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
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { REPO_ROOT, loadCatalogue, type Catalogue } from './catalogue.js';
import { registerControl } from './control.js';
import {
  HttpError,
  PLAY_CSP,
  applyCors,
  applyPreflight,
  codeForStatus,
  isCorsPath,
  mimeTypeOf,
  pathOf,
} from './http.js';
import { registerServices } from './services.js';
import { DemoState, type RecordedRequest } from './state.js';

export * from './catalogue.js';
export { HttpError, PLAY_CSP, mimeTypeOf } from './http.js';
export { FEATURE_TOGGLES, MAX_AVAILABILITY_ITEMS, PIN_MAX_ATTEMPTS, SUPPORTED_DEVICES, decodePlayToken, parseLicenceBody } from './services.js';
export { DemoState, matchPath } from './state.js';
export type { FaultRule, LatencyRule, LibraryEntryState, PlayTokenInfo, ProgressState, RecordedRequest } from './state.js';

/** Folders the storefront serves; each defaults to its place in the repository. */
export interface DemoPaths {
  /** Built play page (`npm run build:shell`), served at `/play/`. */
  shell: string;
  /** Library build (`npm run build:lib`), served at `/dist/`. */
  dist: string;
  /** Demo media (`npm run media`), served at `/media/`. */
  media: string;
  /** Static pages, served at `/`. */
  public: string;
}

export interface DemoServerOptions {
  /** Port to listen on; 0 picks a free one. Default 8080. */
  port?: number;
  /** Interface to listen on. Default `localhost` (so `http://localhost:PORT` works in Chromium). */
  host?: string;
  /** Mount the `/__demo/` control API. Default: `process.env.DEMO_CONTROL !== '0'`. */
  control?: boolean;
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
  close(): Promise<void>;
}

export const DEFAULT_PATHS: Readonly<DemoPaths> = Object.freeze({
  shell: join(REPO_ROOT, 'dist-shell'),
  dist: join(REPO_ROOT, 'dist'),
  media: join(REPO_ROOT, 'demo', 'media'),
  public: join(REPO_ROOT, 'demo', 'public'),
});

const SHELL_MISSING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Play page not built</title></head>
<body><h1>The play page is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm run build:shell</code>) to create <code>dist-shell/</code>, then reload.</p>
</body></html>
`;

/** Turns a parsed body into what the recorder keeps: JSON when it parses (also for text and bytes), else text. */
function recordableBody(body: unknown): unknown {
  if (body === undefined) return null;
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
  if (typeof text !== 'string') return body;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function createDemoServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  const port = opts.port ?? 8080;
  const host = opts.host ?? 'localhost';
  const control = opts.control ?? process.env['DEMO_CONTROL'] !== '0';
  const paths: DemoPaths = { ...DEFAULT_PATHS, ...opts.paths };
  const catalogue = loadCatalogue(opts.cataloguePath);
  const state = new DemoState(catalogue, opts.now ?? Date.now);

  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: () => randomUUID(),
    // The streams/playlist/live paths carry slugs with slashes; keep them verbatim.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    forceCloseConnections: true,
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
      reply.header('content-security-policy', PLAY_CSP);
      reply.header('referrer-policy', 'no-referrer');
    }
    const cors = isCorsPath(path);
    if (cors) applyCors(req, reply);
    if (cors && req.method === 'OPTIONS') {
      applyPreflight(reply);
      reply.code(204).send();
      return reply;
    }
    // The control API itself is never recorded, delayed or faulted.
    if (path === '/__demo' || path.startsWith('/__demo/')) return;

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
    if (record) record.body = recordableBody(req.body);
  });

  app.addHook('onResponse', async (req, reply) => {
    const record = recordings.get(req);
    if (record) record.status = reply.statusCode;
  });

  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    const record = recordings.get(req);
    if (record && record.body === null && rawBodies.has(req)) record.body = rawBodies.get(req) ?? null;
    if (error instanceof HttpError) {
      reply.code(error.statusCode).send({ code: error.code, message: error.message, ...error.extra });
      return;
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
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
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', paths.shell);
    }
    return reply.sendFile(relative(file), paths.shell);
  });

  app.get<{ Params: { '*': string } }>('/dist/*', async (req, reply) => reply.sendFile(relative(req.params['*']), paths.dist));
  app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => reply.sendFile(relative(req.params['*']), paths.media));

  registerServices(app, state);
  if (control) registerControl(app, state);

  app.get('/', async (_req, reply) => reply.sendFile('index.html', paths.public));
  // play-page §2 "/device-support": the play page's own route lists the matrix (a static copy stays at /device-support.html).
  app.get('/device-support', async (_req, reply) => reply.redirect('/play/#/device-support', 302));
  app.get<{ Params: { '*': string } }>('/*', async (req, reply) => {
    const file = req.params['*'];
    if (file.startsWith('__demo')) return reply.callNotFound();
    return reply.sendFile(relative(file.endsWith('/') ? `${file}index.html` : file), paths.public);
  });

  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const urlHost = ['localhost', '127.0.0.1', '::1', '::', '0.0.0.0'].includes(host) ? 'localhost' : host;

  return {
    url: `http://${urlHost}:${actualPort}`,
    app,
    state,
    catalogue,
    close: async () => {
      await app.close();
    },
  };
}
