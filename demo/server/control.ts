/**
 * Test-control API under `/__demo/` (DESIGN.md "The demo storefront"): reset, latency, faults,
 * recorded requests, live status, clock and availability overrides. Registered only when control is
 * on (`DEMO_CONTROL` is not '0') and the host is loopback; otherwise every `/__demo/` path answers
 * 404. Same-origin (or an explicit allow-list, app.ts) only; recorded token headers, PINs and
 * tokens in bodies and queries are redacted unless a read asks with `?tokens=1`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseSlug, toIso, type LiveStatus } from './catalogue.js';
import { REDACTED as CORE_REDACTED, isTokenKey, redactTokens } from '../../src-element/core/redact.js';
import { HttpError } from './http.js';
import { matchPath, type DemoState, type RecordedRequest } from './state.js';

const LICENCE_PREFIX = '/services/license/';
const HEARTBEAT_PATH = '/services/license/heartbeat';
const TELEMETRY_PATHS = ['/services/license/play_telemetry', '/services/license/player_telemetry', '/services/telemetry/v1/event'];
/** Longest `startsInMs` / `durationMs` of `/__demo/live-schedule` (a week). */
const MAX_SCHEDULE_MS = 7 * 86_400_000;

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_body', 'Expected a JSON object body.');
  }
  return body as Record<string, unknown>;
}

function pathPattern(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) {
    throw new HttpError(400, 'invalid_path', '"path" must be an absolute path, optionally ending with *.');
  }
  return value;
}

function methodOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !/^[A-Za-z]+$/.test(value)) throw new HttpError(400, 'invalid_method', 'Bad "method".');
  return value.toUpperCase();
}

/** Headers that carry credentials: answered as `[redacted]` unless the read asks for tokens. */
export const TOKEN_HEADERS: readonly string[] = [
  'x-auth-token',
  'x-play-token',
  'x-play-session',
  'authorization',
  'proxy-authorization',
  'cookie',
];
export const REDACTED = CORE_REDACTED;

/**
 * Body and query keys whose values are secrets: the token names of the player's own redaction
 * (`token`, `authToken`, `x-play-token`, `play_session`, `u`, `p`, `password`…) and PINs.
 */
export function isSecretKey(key: string): boolean {
  return isTokenKey(key) || /^(?:pin|pin_?code)$/i.test(key);
}

/** A play token (a JWT: three base64url parts, the first two JSON) anywhere in a text. */
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
/** Deepest nesting of a recorded body that is copied; deeper values read back as `[redacted]`. */
const REDACT_MAX_DEPTH = 32;

/**
 * A copy of `value` without secrets: the values of {@link isSecretKey} keys become `[redacted]`
 * (the key stays, so a test still sees that it was sent), and every string loses the known token
 * values, play tokens (by their JWT shape) and token-looking text (`x-auth-token: …`, `?u=…`).
 */
export function redactSecrets(value: unknown, knownTokens: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return redactTokens(value, knownTokens).replace(JWT, REDACTED);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= REDACT_MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, knownTokens, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) && item !== null && item !== undefined ? REDACTED : redactSecrets(item, knownTokens, depth + 1);
  }
  return out;
}

/**
 * A copy of a recording without secrets: token headers ({@link TOKEN_HEADERS}) read `[redacted]`,
 * and so do PINs, tokens in bodies (log lines, telemetry) and token query parameters
 * ({@link redactSecrets}). `knownTokens` are the viewers' auth tokens.
 */
export function redactRecording(record: RecordedRequest, knownTokens: readonly string[] = []): RecordedRequest {
  const headers = { ...record.headers };
  for (const name of TOKEN_HEADERS) if (headers[name] !== undefined) headers[name] = REDACTED;
  return {
    ...record,
    path: redactTokens(record.path, knownTokens),
    headers,
    query: redactSecrets(record.query, knownTokens) as Record<string, unknown>,
    body: redactSecrets(record.body, knownTokens),
  };
}

export interface RegisterControlOptions {
  /** Answer recorded token headers as they came, without `?tokens=1`. */
  revealTokens?: boolean;
}

export function registerControl(app: FastifyInstance, state: DemoState, options: RegisterControlOptions = {}): void {
  const wantsTokens = (req: FastifyRequest): boolean =>
    options.revealTokens === true || (req.query as Record<string, unknown> | undefined)?.['tokens'] === '1';
  const list = (req: FastifyRequest, filter: (r: RecordedRequest) => boolean) => {
    const requests = state.recordings.filter(filter);
    if (wantsTokens(req)) return { requests };
    const known = state.catalogue.viewers.map((v) => v.token);
    return { requests: requests.map((r) => redactRecording(r, known)) };
  };

  app.get('/__demo/', async () => ({
    endpoints: {
      'POST /__demo/reset': 'restore all in-memory state',
      'POST /__demo/latency': '{ path, ms, method? } delay matching requests (path exact or prefix ending with *; ms 0 removes)',
      'POST /__demo/fault': '{ path, status, body?, times?, method?, headers?, probability? } answer matching requests with status (0 = drop the connection); probability 0..1 faults that share of them',
      'GET /__demo/requests?path=&method=&tokens=1': 'recorded requests (token headers, PINs, body and query tokens redacted unless tokens=1)',
      'GET /__demo/licence-requests?tokens=1': 'recorded licence requests',
      'GET /__demo/heartbeats?tokens=1': 'recorded heartbeats',
      'GET /__demo/telemetry?tokens=1': 'recorded telemetry posts',
      'POST /__demo/live-status': '{ slug, status: planned|live|completed } set the status now (clears the schedule)',
      'POST /__demo/live-schedule':
        '{ slug, startsInMs, durationMs? } go live at now+startsInMs (negative: already live), complete durationMs later (absent/null: never)',
      'POST /__demo/clock': '{ offsetMs } shift the server clock',
      'POST /__demo/availability': '{ slug, fromInMs?, toInMs? } override an availability window relative to now (null = open)',
      'GET /__demo/state': 'clock, faults, latencies, live status',
    },
  }));

  app.post('/__demo/reset', async () => {
    state.reset();
    return { status: 'ok' };
  });

  app.post<{ Body: unknown }>('/__demo/latency', async (req) => {
    const body = objectBody(req.body);
    const path = pathPattern(body['path']);
    const ms = body['ms'];
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 600_000) {
      throw new HttpError(400, 'invalid_ms', '"ms" must be a number of milliseconds between 0 and 600000.');
    }
    const method = methodOf(body['method']);
    state.latencies = state.latencies.filter((r) => !(r.path === path && r.method === method));
    if (ms > 0) state.latencies.push({ path, ms, method });
    return { latencies: state.latencies };
  });

  app.post<{ Body: unknown }>('/__demo/fault', async (req) => {
    const body = objectBody(req.body);
    const path = pathPattern(body['path']);
    const status = body['status'];
    if (typeof status !== 'number' || !Number.isInteger(status) || (status !== 0 && (status < 200 || status > 599))) {
      throw new HttpError(400, 'invalid_status', '"status" must be 0 (drop the connection) or an HTTP status 200-599.');
    }
    const times = body['times'];
    if (times !== undefined && times !== null && (typeof times !== 'number' || !Number.isInteger(times) || times < 1)) {
      throw new HttpError(400, 'invalid_times', '"times" must be a positive integer.');
    }
    const headers = body['headers'];
    if (
      headers !== undefined &&
      headers !== null &&
      (typeof headers !== 'object' || Array.isArray(headers) || !Object.values(headers).every((h) => typeof h === 'string'))
    ) {
      throw new HttpError(400, 'invalid_headers', '"headers" must be an object of strings.');
    }
    const probability = body['probability'];
    if (probability !== undefined && probability !== null && (typeof probability !== 'number' || !(probability > 0 && probability <= 1))) {
      throw new HttpError(400, 'invalid_probability', '"probability" must be a number in (0, 1].');
    }
    const rule = {
      ...(headers ? { headers: headers as Record<string, string> } : {}),
      path,
      status,
      body: body['body'] === undefined ? { code: 'demo_fault', message: 'Fault injected by the demo control API.' } : body['body'],
      remaining: typeof times === 'number' ? times : null,
      method: methodOf(body['method']),
      ...(probability === undefined || probability === null ? {} : { probability }),
    };
    state.faults.push(rule);
    return { faults: state.faults };
  });

  app.get<{ Querystring: { path?: string; method?: string } }>('/__demo/requests', async (req) => {
    const pattern = req.query.path;
    const method = req.query.method ? req.query.method.toUpperCase() : null;
    return list(req, (r) => (!pattern || matchPath(pattern, r.path)) && (!method || r.method === method));
  });

  const licenceRequests = async (req: FastifyRequest) =>
    list(
      req,
      (r) =>
        r.path.startsWith(LICENCE_PREFIX) &&
        r.path !== HEARTBEAT_PATH &&
        !TELEMETRY_PATHS.includes(r.path) &&
        r.method !== 'OPTIONS',
    );
  app.get('/__demo/licence-requests', licenceRequests);
  app.get('/__demo/license-requests', licenceRequests);
  app.get('/__demo/heartbeats', async (req) => list(req, (r) => r.path === HEARTBEAT_PATH));
  app.get('/__demo/telemetry', async (req) => list(req, (r) => TELEMETRY_PATHS.includes(r.path)));

  app.post<{ Body: unknown }>('/__demo/live-status', async (req) => {
    const body = objectBody(req.body);
    const slug = typeof body['slug'] === 'string' ? normaliseSlug(body['slug']) : null;
    const stored = slug ? state.live.get(slug) : undefined;
    // Start from where a schedule has taken the event, then stop following the schedule.
    const live = slug ? state.liveStatus(slug) : undefined;
    if (!slug || !stored || !live) throw new HttpError(404, 'not_a_live_stream', 'No live event with that slug.');
    const raw = body['status'];
    const status: LiveStatus | null =
      raw === 'planned' || raw === 'live' || raw === 'completed' ? raw : raw === 'ended' ? 'completed' : null;
    if (!status) throw new HttpError(400, 'invalid_status', '"status" must be planned, live or completed.');
    const now = state.now();
    live.status = status;
    if (status === 'planned') {
      live.started_at = null;
      live.completed_at = null;
    } else if (status === 'live') {
      live.started_at ??= now;
      live.completed_at = null;
    } else {
      live.started_at ??= now;
      live.completed_at = now;
    }
    live.schedule = null;
    state.live.set(slug, live);
    return { slug, live: { status: live.status, started_at: toIso(live.started_at), completed_at: toIso(live.completed_at) } };
  });

  app.post<{ Body: unknown }>('/__demo/live-schedule', async (req) => {
    const body = objectBody(req.body);
    const slug = typeof body['slug'] === 'string' ? normaliseSlug(body['slug']) : null;
    const live = slug ? state.live.get(slug) : undefined;
    if (!slug || !live) throw new HttpError(404, 'not_a_live_stream', 'No live event with that slug.');
    const startsInMs = body['startsInMs'];
    if (typeof startsInMs !== 'number' || !Number.isFinite(startsInMs) || Math.abs(startsInMs) > MAX_SCHEDULE_MS) {
      throw new HttpError(400, 'invalid_body', `"startsInMs" must be a number of ms from now (at most ${MAX_SCHEDULE_MS} either way).`);
    }
    const durationMs = body['durationMs'];
    if (
      durationMs !== undefined &&
      durationMs !== null &&
      (typeof durationMs !== 'number' || !Number.isFinite(durationMs) || durationMs <= 0 || durationMs > MAX_SCHEDULE_MS)
    ) {
      throw new HttpError(400, 'invalid_body', `"durationMs" must be a positive number of ms (at most ${MAX_SCHEDULE_MS}), or null.`);
    }
    const start = state.now() + startsInMs;
    live.schedule = { start, end: typeof durationMs === 'number' ? start + durationMs : null };
    const now = state.liveStatus(slug) ?? live;
    return {
      slug,
      starts_at: toIso(live.schedule.start),
      ends_at: toIso(live.schedule.end),
      live: { status: now.status, started_at: toIso(now.started_at), completed_at: toIso(now.completed_at) },
    };
  });

  app.post<{ Body: unknown }>('/__demo/clock', async (req) => {
    const body = objectBody(req.body);
    const offsetMs = body['offsetMs'];
    if (typeof offsetMs !== 'number' || !Number.isFinite(offsetMs)) {
      throw new HttpError(400, 'invalid_offset', '"offsetMs" must be a number.');
    }
    state.clockOffsetMs = offsetMs;
    return { offsetMs, now: new Date(state.now()).toISOString() };
  });

  app.post<{ Body: unknown }>('/__demo/availability', async (req) => {
    const body = objectBody(req.body);
    const slug = typeof body['slug'] === 'string' ? normaliseSlug(body['slug']) : null;
    const node = slug ? state.index.get(slug) : undefined;
    if (!node) throw new HttpError(404, 'slug_not_found', 'Unknown slug.');
    const now = state.now();
    const override = { ...state.availabilityOverrides.get(node.slug) };
    for (const [key, field] of [
      ['fromInMs', 'from'],
      ['toInMs', 'to'],
    ] as const) {
      if (!(key in body)) continue;
      const value = body[key];
      if (value === null) override[field] = null;
      else if (typeof value === 'number' && Number.isFinite(value)) override[field] = now + value;
      else throw new HttpError(400, 'invalid_body', `"${key}" must be a number of ms from now, or null.`);
    }
    state.availabilityOverrides.set(node.slug, override);
    const window = state.window(node);
    return { slug: node.slug, from: toIso(window.from), to: toIso(window.to) };
  });

  app.get('/__demo/state', async () => ({
    now: new Date(state.now()).toISOString(),
    anchor: new Date(state.anchorMs).toISOString(),
    clockOffsetMs: state.clockOffsetMs,
    faults: state.faults,
    latencies: state.latencies,
    live: Object.fromEntries(
      [...state.live.keys()].map((slug) => {
        const l = state.liveStatus(slug);
        return [
          slug,
          {
            status: l?.status,
            started_at: toIso(l?.started_at ?? null),
            completed_at: toIso(l?.completed_at ?? null),
            schedule: l?.schedule ? { start: toIso(l.schedule.start), end: toIso(l.schedule.end) } : null,
          },
        ];
      }),
    ),
    stream_sessions: state.streamSessions.size,
    recordings: state.recordings.length,
  }));
}
