/**
 * The storefront under a flood of bad bodies (not part of `npm test`): `npm run bench:abuse`.
 *
 * Starts the demo storefront in its own process (`node demo/server/main.mjs`, loopback, a free
 * port) and times the `/services` calls of a play-page start (configuration, toggles, user,
 * metadata, availability, streams, ClearKey licence, heartbeat) — quiet, then while `FLOOD`
 * (default 6) concurrent workers post bad bodies in a loop: a 1 MiB nested JSON body to the licence
 * endpoint without a token, a 512 KiB nested telemetry batch with one, a 1 MiB body to the log
 * service (the flood runs in a process of its own, so it does not slow the timing client). Rounds
 * alternate quiet / flood (`RUNS`, default 3, each `STARTS` starts, default 20), so
 * a loaded machine affects both alike. Prints p50 / p99 of a whole start and of its slowest call,
 * and how the bad bodies were answered. Bounded: loopback only, at most `FLOOD` requests in flight.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env['RUNS'] ?? 3);
const STARTS = Number(process.env['STARTS'] ?? 20);
const FLOOD = Number(process.env['FLOOD'] ?? 6);
const TOKEN = 'demo-adult-token';
const KID = Buffer.from('733732706c617965722d6b6964303031', 'hex').toString('base64url');
const MiB = 1024 * 1024;
const nested = (bytes: number): string => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);
const BAD: { path: string; headers: Record<string, string>; body: string }[] = [
  { path: '/services/license/clearkey', headers: { 'content-type': 'application/json' }, body: nested(MiB) },
  { path: '/services/telemetry/v1/event', headers: { 'content-type': 'application/json', 'x-auth-token': TOKEN }, body: nested(512 * 1024) },
  { path: '/services/log', headers: { 'content-type': 'text/plain' }, body: nested(MiB) },
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../demo/server/main.mjs', import.meta.url));
  const child = spawn(process.execPath, [main], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${url}/services/meta/configuration`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, stop: () => child.kill() };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the storefront did not start');
}

/** One play-page start: the duration of the whole sequence and of its slowest call, in ms. */
async function playPageStart(url: string): Promise<{ totalMs: number; slowestMs: number }> {
  const auth = { 'x-auth-token': TOKEN };
  let slowestMs = 0;
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, init);
    await res.arrayBuffer();
    slowestMs = Math.max(slowestMs, performance.now() - started);
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return res;
  };
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const started = performance.now();
  await Promise.all(
    ['/services/meta/configuration', '/services/content/configuration', '/services/meta/feature_toggles', '/services/users/detail/users'].map((p) =>
      call(p, { headers: auth }),
    ),
  );
  await call('/services/meta/v2/film/night-harbour/show_multiple', { headers: auth });
  await call('/services/content/v1/availabilities?items=/film/night-harbour', { headers: auth });
  const t0 = performance.now();
  const streams = await post('/services/playback/streams/film/night-harbour', {}, auth);
  const { play_token: playToken } = (await streams.json()) as { play_token: string };
  slowestMs = Math.max(slowestMs, performance.now() - t0);
  const play = { 'x-play-token': playToken };
  for (const [path, body] of [
    ['/services/license/clearkey', { kids: [KID], type: 'temporary' }],
    ['/services/license/heartbeat', {}],
  ] as const) {
    const t = performance.now();
    const res = await post(path, body, play);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    slowestMs = Math.max(slowestMs, performance.now() - t);
  }
  const totalMs = performance.now() - started;
  await (await post('/services/license/heartbeat', { state: 'stopped' }, play)).arrayBuffer();
  return { totalMs, slowestMs };
}

/** The flood process (`ABUSE_FLOOD_URL` set): `FLOOD` workers post bad bodies until killed. */
async function flood(url: string): Promise<never> {
  const counts = new Map<number, number>();
  const report = () => process.send?.(Object.fromEntries(counts));
  setInterval(report, 200).unref();
  await Promise.all(
    Array.from({ length: FLOOD }, async (_, w) => {
      for (let i = w; ; i++) {
        const bad = BAD[i % BAD.length]!;
        const status = await fetch(`${url}${bad.path}`, { method: 'POST', headers: bad.headers, body: bad.body }).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
        counts.set(status, (counts.get(status) ?? 0) + 1);
      }
    }),
  );
  throw new Error('unreachable');
}

/** Starts the flood process; resolves once its first bad bodies were answered. */
async function startFlood(url: string, counts: Map<number, number>): Promise<() => Promise<void>> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self], { env: { ...process.env, ABUSE_FLOOD_URL: url }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let latest: Record<string, number> = {};
  await new Promise<void>((resolve) => {
    child.on('message', (m) => {
      latest = m as Record<string, number>;
      if (Object.keys(latest).length > 0) resolve();
    });
  });
  return async () => {
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
    for (const [status, n] of Object.entries(latest)) counts.set(Number(status), (counts.get(Number(status)) ?? 0) + n);
  };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function main(): Promise<void> {
  const server = await startServer();
  const results = { quiet: { total: [] as number[], slowest: [] as number[] }, flood: { total: [] as number[], slowest: [] as number[] } };
  const badStatuses = new Map<number, number>();
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const mode of ['quiet', 'flood'] as const) {
        const stopFlood = mode === 'flood' ? await startFlood(server.url, badStatuses) : null;
        for (let i = 0; i < STARTS; i++) {
          const { totalMs, slowestMs } = await playPageStart(server.url);
          results[mode].total.push(totalMs);
          results[mode].slowest.push(slowestMs);
        }
        await stopFlood?.();
      }
    }
  } finally {
    server.stop();
  }
  console.log(`play-page start /services calls, ${RUNS} × ${STARTS} starts per mode, flood of ${FLOOD} workers`);
  console.log('mode    start p50  start p99  slowest-call p50  slowest-call p99   (ms)');
  for (const mode of ['quiet', 'flood'] as const) {
    const r = results[mode];
    const f = (n: number) => n.toFixed(1).padStart(9);
    console.log(`${mode.padEnd(6)} ${f(percentile(r.total, 50))}  ${f(percentile(r.total, 99))}  ${f(percentile(r.slowest, 50)).padStart(16)}  ${f(percentile(r.slowest, 99)).padStart(16)}`);
  }
  console.log(`bad bodies answered: ${[...badStatuses].map(([s, n]) => `${n} × ${s === 0 ? 'connection error' : s}`).join(', ')}`);
}

const floodUrl = process.env['ABUSE_FLOOD_URL'];
if (floodUrl) await flood(floodUrl);
else await main();
