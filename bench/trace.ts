/**
 * Where a candidate's start-up time goes on the page's main thread (issue 12, diagnosis; not part
 * of the measured benchmark): `npm run build`, then
 * `npm run bench:trace -- element [latencyMs]` (candidates: element, play, tuned, shaka, dashjs, mp4).
 *
 * Runs the candidate once (after one warm-up run) like `npm run bench` does, with Chromium's
 * tracing started through the browser endpoint (`Tracing.start` on the pipe: still no DevTools
 * session on the page), and prints, up to the first frame, the renderer main thread's busy time per
 * kind of work (script compile and evaluation per script, function calls per script, style, layout,
 * paint, parsing, garbage collection) and the longest tasks with their start time.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDemoServer } from '../demo/server/app.js';
import { CHROME_FLAGS_AUTOPLAY, CHROME_PATH } from '../test/support/chromium.mjs';
import { CdpPipe } from './cdp-pipe.js';
import { Collector } from './collector.js';
import { CANDIDATES, prepareSite } from './pages.js';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    data?: {
      url?: string;
      frame?: string;
      stackTrace?: Array<{ url?: string }>;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    name?: string;
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-devtools.timeline',
  '__metadata',
  ...(process.env.TRACE_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

async function main(): Promise<void> {
  const key = process.argv[2] ?? 'element';
  const latencyMs = Number(process.argv[3] ?? 0);
  const candidate = CANDIDATES.find((entry) => entry.key === key);
  if (!candidate) throw new Error(`unknown candidate ${key}: one of ${CANDIDATES.map((entry) => entry.key).join(', ')}`);
  const root = await mkdtemp(join(tmpdir(), 's72-trace-'));
  const collector = await Collector.start();
  const site = await prepareSite(root, { collector: collector.url, heapAfterS: 10, seekTargetsS: [50] });
  const demo = await createDemoServer({ port: 0, control: true, paths: site.paths, allowedOrigins: { connect: [new URL(collector.url).origin] } });
  await site.writePages(demo.url);
  const cdp = await CdpPipe.launch(CHROME_PATH, [...CHROME_FLAGS_AUTOPLAY, '--window-size=1920,1080', `--user-data-dir=${join(root, 'profile')}`]);
  const control = async (path: string, body: object) => {
    const response = await fetch(`${demo.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
  };
  const open = async (trace: boolean) => {
    await control('/__demo/reset', {});
    if (latencyMs > 0) await control('/__demo/latency', { path: '/*', ms: latencyMs });
    const run = randomUUID();
    const url = `${demo.url}${candidate.path}?bench-run=${run}&bench-mode=timed${candidate.hash ?? ''}`;
    const { browserContextId } = await cdp.send<{ browserContextId: string }>('Target.createBrowserContext');
    const report = collector.expect(run, 30_000);
    const events: TraceEvent[] = [];
    let complete: Promise<void> = Promise.resolve();
    if (trace) {
      complete = new Promise<void>((resolve) => {
        cdp.onEvent((method, params) => {
          if (method === 'Tracing.dataCollected') events.push(...(params as { value: TraceEvent[] }).value);
          if (method === 'Tracing.tracingComplete') resolve();
        });
      });
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
    }
    await cdp.send('Target.createTarget', { url, browserContextId });
    const result = await report;
    if (trace) {
      await sleep(200);
      await cdp.send('Tracing.end');
      await complete;
    }
    await cdp.send('Target.disposeBrowserContext', { browserContextId });
    await sleep(500);
    return { result: result.result, events };
  };
  try {
    await open(false);
    const { result, events } = await open(true);
    analyse(events, result.ttffMs);
    process.stdout.write(`time to first frame ${result.ttffMs.toFixed(0)} ms (${candidate.label}, ${latencyMs} ms per request)\n`);
  } finally {
    await cdp.close();
    await demo.close();
    await collector.close();
    await rm(root, { recursive: true, force: true });
  }
}

/** Prints the renderer main thread's work up to the first frame (see the module comment). */
function analyse(events: TraceEvent[], ttffMs: number): void {
  const threadName = new Map<string, string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name') threadName.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  }
  // The page's navigation start: the renderer's `navigationStart` mark of the measured frame.
  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data && 'documentLoaderURL' in (event.args.data as object) && String((event.args.data as { documentLoaderURL?: string }).documentLoaderURL).includes('bench-run'));
  if (!navigation) throw new Error('no navigationStart in the trace');
  const main = `${navigation.pid}:${navigation.tid}`;
  const origin = navigation.ts;
  const end = origin + ttffMs * 1000;
  const onMain = events.filter((event) => `${event.pid}:${event.tid}` === main && event.ph === 'X' && event.ts >= origin && event.ts <= end);
  const tasks = onMain.filter((event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');
  const busy = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000;
  process.stdout.write(`main thread (${threadName.get(main) ?? main}) busy ${busy.toFixed(0)} ms of ${ttffMs.toFixed(0)} ms to the first frame\n`);
  const byKind = new Map<string, number>();
  const add = (kind: string, us: number) => byKind.set(kind, (byKind.get(kind) ?? 0) + us / 1000);
  const script = (event: TraceEvent) => {
    const url = event.args?.data?.url ?? '';
    return url ? url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60) : '?';
  };
  for (const event of onMain) {
    switch (event.name) {
      case 'v8.compile':
      case 'v8.compileModule':
      case 'CompileScript':
        add(`compile ${script(event)}`, event.dur ?? 0);
        break;
      case 'EvaluateScript':
      case 'v8.evaluateModule':
        add(`evaluate ${script(event)}`, event.dur ?? 0);
        break;
      case 'FunctionCall':
        add(`call ${script(event)}`, event.dur ?? 0);
        break;
      case 'UpdateLayoutTree':
      case 'RecalculateStyles':
        add('style', event.dur ?? 0);
        break;
      case 'Layout':
        add('layout', event.dur ?? 0);
        break;
      case 'Paint':
      case 'PrePaint':
      case 'Commit':
        add('paint/commit', event.dur ?? 0);
        break;
      case 'ParseHTML':
        add('parse HTML', event.dur ?? 0);
        break;
      case 'MinorGC':
      case 'MajorGC':
      case 'V8.GC_SCAVENGER':
        add('gc', event.dur ?? 0);
        break;
      default:
        break;
    }
  }
  for (const [kind, ms] of [...byKind].sort((a, b) => b[1] - a[1])) {
    if (ms >= 1) process.stdout.write(`  ${ms.toFixed(1).padStart(7)} ms  ${kind}\n`);
  }
  if (process.env.TRACE_NAMES) {
    const names = new Map<string, number>();
    for (const event of onMain) names.set(event.name, (names.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    for (const [name, ms] of [...names].sort((a, b) => b[1] - a[1]).slice(0, 40)) process.stdout.write(`    ${ms.toFixed(1).padStart(7)}  ${name}\n`);
  }
  if (process.env.TRACE_PROFILE) profile(events, main, origin, end);
  process.stdout.write('longest tasks (start ms: duration ms, what ran in them):\n');
  for (const task of [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 12).sort((a, b) => a.ts - b.ts)) {
    const inside = onMain
      .filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0) && (event.dur ?? 0) > (task.dur ?? 0) * 0.2)
      .filter((event) => !['RunTask', 'ThreadControllerImpl::RunTask', 'RunMicrotasks'].includes(event.name))
      .slice(0, 4)
      .map((event) => `${event.name}${event.args?.data?.url ? ` ${script(event)}` : ''} ${((event.dur ?? 0) / 1000).toFixed(0)}`);
    process.stdout.write(`  ${((task.ts - origin) / 1000).toFixed(0).padStart(5)}: ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)}  ${inside.join(' | ')}\n`);
  }
}

/** Sampled CPU time up to the first frame by script and by function (self time), ms. */
function profile(events: TraceEvent[], main: string, origin: number, end: number): void {
  const [pid] = main.split(':');
  const nodes = new Map<number, ProfileNode>();
  const bySelf = new Map<string, number>();
  const byScript = new Map<string, number>();
  const chunks = events.filter((event) => event.name === 'ProfileChunk' && String(event.pid) === pid);
  const start = events.find((event) => event.name === 'Profile' && String(event.pid) === pid && `${event.pid}:${event.tid}` === main);
  let time = start?.args?.data?.startTime ?? 0;
  for (const chunk of chunks) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      time += deltas[i] ?? 0;
      const delta = (deltas[i + 1] ?? 0) / 1000;
      if (time < origin || time > end) continue;
      const node = nodes.get(samples[i]!);
      if (!node) continue;
      const frame = node.callFrame;
      const url = (frame.url ?? '').replace(/^https?:\/\/[^/]+/, '') || `(${frame.functionName || 'program'})`;
      bySelf.set(`${frame.functionName || '(anonymous)'} ${url}:${frame.lineNumber ?? 0}:${frame.columnNumber ?? 0}`, (bySelf.get(`${frame.functionName || '(anonymous)'} ${url}:${frame.lineNumber ?? 0}:${frame.columnNumber ?? 0}`) ?? 0) + delta);
      byScript.set(url, (byScript.get(url) ?? 0) + delta);
    }
  }
  // TRACE_DUMP=file.json: every function's self time, for mapping through the source maps.
  if (process.env.TRACE_DUMP) writeFileSync(process.env.TRACE_DUMP, JSON.stringify([...bySelf]));
  process.stdout.write('sampled self time by script (ms):\n');
  for (const [url, ms] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 12)) process.stdout.write(`  ${ms.toFixed(1).padStart(7)}  ${url}\n`);
  process.stdout.write('sampled self time by function (ms):\n');
  for (const [name, ms] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 30)) process.stdout.write(`  ${ms.toFixed(1).padStart(7)}  ${name}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
