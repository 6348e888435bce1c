/**
 * Start-up benchmark (issue 12 "The benchmark"): `npm run build`, then `npm run bench`
 * (`BENCH_RUNS=15 npm run bench` for more rounds; default 9).
 *
 * Candidates (pages.ts), all on the demo storefront, same-origin, muted autoplay of the same
 * 4-rendition ClearKey DASH title: `<s72-player>` from the CDN build on a plain page, the hosted play
 * page (full flow), bare shaka-player and dash.js with their defaults, and a plain `<video src=mp4>`
 * as the floor.
 *
 * Method:
 *   - Chromium is started by this process with `--remote-debugging-pipe` and driven with
 *     browser-level commands only (create/dispose a browser context, create a target, version,
 *     close: cdp-pipe.ts). No DevTools session is ever attached to a measured page: with one, a
 *     caught exception in shaka's device detection costs ~200 ms that viewers never pay.
 *   - Each page measures itself (probe.ts) and posts the result to a collector in this process
 *     (collector.ts).
 *   - Every run gets a fresh browser context (cold HTTP cache, no stored session) and a freshly
 *     reset storefront (`/__demo/reset`, then `/__demo/latency` `{ path: '/*', ms }`, which delays
 *     every request the page makes to it: document, scripts, manifest, segments, licence, /services).
 *   - Interleaved: each round runs every candidate once at each added latency (0 and 50 ms per
 *     request), the candidates' order rotated and the latencies' order alternated per round; one
 *     warm-up round is not counted.
 *   - One extra run per candidate at 0 ms reads the JS heap after 10 s of playback and times a seek.
 *
 * Prints the tables (markdown, also written to bench/results/latest.md) and issue 12's target
 * checks. Exits 0 whether or not the targets hold (it is a report); 1 when a run failed, timed out
 * or its page reported an error.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createDemoServer, type DemoServer } from '../demo/server/app.js';
import { CHROME_FLAGS_AUTOPLAY, CHROME_PATH } from '../test/support/chromium.mjs';
import { CdpPipe } from './cdp-pipe.js';
import { Collector, type RunReport } from './collector.js';
import { CANDIDATES, packageVersion, prepareSite, type Candidate, type CandidateKey } from './pages.js';
import type { ProbeMode, ProbeResult } from './probe.js';

/** Counted rounds (`BENCH_RUNS`, default 9). */
const RUNS = runsFromEnv(process.env.BENCH_RUNS, 9);
/** `BENCH_WATERFALL=1`: print each counted run's requests (path, start–end ms) under its line. */
const WATERFALL = process.env.BENCH_WATERFALL === '1';
/** `BENCH_ONLY=element,dashjs`: measure only these candidates (keys of pages.ts), for diagnosis. */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
/** Added latency per request, ms. */
const LATENCIES_MS = [0, 50] as const;
/** A run that has not reported by then fails, ms. */
const RUN_TIMEOUT_MS = 30_000;
/** The benchmark stops after this many failed runs (the report shows what was measured). */
const MAX_FAILED_RUNS = 5;
/** Pause after a run's context is disposed, so its renderer's teardown does not overlap the next run, ms. */
const SETTLE_MS = 500;
/** Extra run: media time played before the heap is read, s. */
const HEAP_AFTER_S = 10;
/** Extra run: seek target, s (the title is 60 s long; no candidate buffers this far by 10 s). */
const SEEK_TARGET_S = 50;
/** Browser window, px: a full-HD desktop, so no player is held below 1080p by its size. */
const WINDOW_SIZE = '1920,1080';
const RESULTS_FILE = new URL('./results/latest.md', import.meta.url);

const KIB = 1024;
const MIB = 1024 * 1024;

/** Issue 12's targets. */
const TARGET = {
  /** Element TTFF ÷ dash.js TTFF (ratio of medians), at most. */
  elementVsDashjs: 0.75,
  /** Element first frame height, px, at least. */
  elementHeightPx: 720,
  /** Play page TTFF − element TTFF at 50 ms per request, ms (one round trip), at most. */
  playOverElementMs: 50,
  /** Element + engine JS, KiB gzip, at most. */
  elementJsKib: 180,
  /** Whole play page JS, KiB gzip, at most. */
  playJsKib: 300,
  /** Element heap after 10 s of playback, MiB, at most. */
  elementHeapMib: 4,
  /** Element seek → first new frame at 0 ms, ms, at most. */
  elementSeekMs: 60,
} as const;

function runsFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_RUNS must be a positive integer, not ${JSON.stringify(value)}`);
  return runs;
}

/** One counted first-frame measurement. */
interface Sample {
  candidate: CandidateKey;
  latencyMs: number;
  /** Time to first frame, ms since navigation start. */
  ttffMs: number;
  /** First frame height, px. */
  height: number;
}

/** A run that failed, or whose page reported errors. */
interface Failure {
  run: string;
  message: string;
}

class StopBench extends Error {}

/** Drives the runs and keeps what they measured. */
class Bench {
  readonly samples: Sample[] = [];
  readonly extras = new Map<CandidateKey, ProbeResult>();
  /** Script URLs each candidate's pages loaded, over all its runs. */
  readonly scripts = new Map<CandidateKey, Set<string>>();
  readonly failures: Failure[] = [];
  private failedRuns = 0;

  constructor(
    private readonly cdp: CdpPipe,
    private readonly collector: Collector,
    private readonly demo: DemoServer,
  ) {}

  /** Resets the storefront and sets the latency of every request to it, ms. */
  async prepareServer(latencyMs: number): Promise<void> {
    await this.control('/__demo/reset', {});
    if (latencyMs > 0) await this.control('/__demo/latency', { path: '/*', ms: latencyMs });
  }

  /**
   * One run in a fresh browser context; resolves with the page's report, or null when the run failed
   * (recorded in {@link failures}; throws {@link StopBench} after {@link MAX_FAILED_RUNS}).
   */
  async run(candidate: Candidate, latencyMs: number, mode: ProbeMode, label: string): Promise<ProbeResult | null> {
    const name = `${label} ${latencyMs} ms ${plain(candidate)}`;
    let report: RunReport;
    try {
      report = await this.open(candidate, latencyMs, mode);
    } catch (error) {
      this.fail(name, (error as Error).message);
      return null;
    }
    const seen = this.scripts.get(candidate.key) ?? new Set<string>();
    for (const url of report.result.scripts) seen.add(url);
    this.scripts.set(candidate.key, seen);
    if (report.errors.length > 0) this.fail(name, report.errors.join(' | '));
    return report.result;
  }

  private async open(candidate: Candidate, latencyMs: number, mode: ProbeMode): Promise<RunReport> {
    await this.prepareServer(latencyMs);
    const run = randomUUID();
    const url = `${this.demo.url}${candidate.path}?bench-run=${run}&bench-mode=${mode}${candidate.hash ?? ''}`;
    const { browserContextId } = await this.cdp.send<{ browserContextId: string }>('Target.createBrowserContext');
    const report = this.collector.expect(run, RUN_TIMEOUT_MS);
    try {
      await this.cdp.send('Target.createTarget', { url, browserContextId });
      return await report;
    } catch (error) {
      this.collector.cancel(run);
      throw error;
    } finally {
      await this.cdp.send('Target.disposeBrowserContext', { browserContextId });
      await sleep(SETTLE_MS);
    }
  }

  private fail(run: string, message: string): void {
    this.failures.push({ run, message });
    process.stderr.write(`  FAILED ${run}: ${message}\n`);
    if (++this.failedRuns >= MAX_FAILED_RUNS) throw new StopBench(`${MAX_FAILED_RUNS} runs failed`);
  }

  private async control(path: string, body: Record<string, unknown>): Promise<void> {
    const response = await fetch(`${this.demo.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  }
}

/** A candidate's label without markdown. */
function plain(candidate: Candidate): string {
  return candidate.label.replaceAll('`', '');
}

/** `list` rotated left by `by`. */
function rotate<T>(list: readonly T[], by: number): T[] {
  const shift = ((by % list.length) + list.length) % list.length;
  return [...list.slice(shift), ...list.slice(0, shift)];
}

/** The counted rounds, then one extra (heap, seek) run per candidate. */
async function measureAll(bench: Bench): Promise<void> {
  for (let round = 0; round <= RUNS; round++) {
    const label = round === 0 ? 'warm-up' : `round ${round}/${RUNS}`;
    const latencies = round % 2 === 0 ? LATENCIES_MS : [...LATENCIES_MS].reverse();
    for (const latencyMs of latencies) {
      for (const candidate of rotate(measured(), round)) {
        const result = await bench.run(candidate, latencyMs, 'timed', label);
        if (!result) continue;
        process.stderr.write(
          `${label.padEnd(13)} ${String(latencyMs).padStart(2)} ms  ${plain(candidate).padEnd(13)} ${result.ttffMs.toFixed(0).padStart(5)} ms  ${result.height}p\n`,
        );
        if (WATERFALL) {
          const lines = [
            ...(result.resources ?? []).map(([path, start, end]) => [start, `${String(start).padStart(5)}–${String(end).padEnd(5)} ${path.slice(0, 110)}`] as const),
            ...(result.mediaEvents ?? []).map(([type, at]) => [at, `${String(at).padStart(5)}       <video> ${type}`] as const),
            ...(result.marks ?? []).map(([name, at]) => [at, `${String(at).padStart(5)}       mark ${name}`] as const),
          ].sort((a, b) => a[0] - b[0]);
          for (const [, line] of lines) process.stderr.write(`    ${line}\n`);
        }
        if (round > 0) bench.samples.push({ candidate: candidate.key, latencyMs, ttffMs: result.ttffMs, height: result.height });
      }
    }
  }
  for (const candidate of measured()) {
    const result = await bench.run(candidate, 0, 'extra', 'heap/seek');
    if (!result) continue;
    process.stderr.write(
      `heap/seek      0 ms  ${plain(candidate).padEnd(13)} heap ${mib(result.heapBytes)} MiB (live ${mib(result.liveHeapBytes)})  seek ${result.seekMs?.toFixed(0) ?? '?'} ms\n`,
    );
    bench.extras.set(candidate.key, result);
  }
}

/** The candidates measured: all of them, or those `BENCH_ONLY` names. */
function measured(): readonly Candidate[] {
  return ONLY ? CANDIDATES.filter((candidate) => ONLY.has(candidate.key)) : CANDIDATES;
}

/** gzip -9 size of each URL's body, fetched from the storefront, KiB. */
async function gzipKib(urls: Iterable<string>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const url of urls) {
    if (sizes.has(url)) continue;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    sizes.set(url, gzipSync(body, { level: 9 }).length / KIB);
  }
  return sizes;
}

// ---- statistics and formatting ----------------------------------------------------------------

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The most frequent value (the largest of equally frequent ones). */
function mode(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
}

function mib(bytes: number | undefined): string {
  return bytes === undefined ? '?' : (bytes / MIB).toFixed(2);
}

function fileName(url: string): string {
  return new URL(url).pathname;
}

/** Whether a script of the element's CDN build is the engine (shaka-player) chunk. */
function isEngineChunk(url: string): boolean {
  return /\/shaka[^/]*\.js$/.test(new URL(url).pathname);
}

interface Cell {
  ttff: number[];
  heights: number[];
}

interface Results {
  date: string;
  chromium: string;
  /** Library versions (`shaka-player 5.2.x, dash.js 4.7.4`). */
  libraries: string;
  cpu: string;
  cells: Map<string, Cell>;
  medians: Map<string, number>;
  jsKib: Map<CandidateKey, number>;
  fileKib: Map<string, number>;
  elementWithoutEngineKib: number;
  bench: Bench;
}

const cellKey = (candidate: CandidateKey, latencyMs: number): string => `${candidate}@${latencyMs}`;

function collect(bench: Bench, fileKib: Map<string, number>, chromium: string, libraries: string): Results {
  const cells = new Map<string, Cell>();
  for (const sample of bench.samples) {
    const key = cellKey(sample.candidate, sample.latencyMs);
    const cell = cells.get(key) ?? { ttff: [], heights: [] };
    cell.ttff.push(sample.ttffMs);
    cell.heights.push(sample.height);
    cells.set(key, cell);
  }
  const medians = new Map([...cells].map(([key, cell]) => [key, median(cell.ttff)]));
  const sum = (urls: Iterable<string>): number => [...urls].reduce((total, url) => total + (fileKib.get(url) ?? 0), 0);
  const jsKib = new Map(CANDIDATES.map((c) => [c.key, sum(bench.scripts.get(c.key) ?? [])]));
  const elementScripts = [...(bench.scripts.get('element') ?? [])];
  const cpu = cpus();
  return {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    chromium,
    libraries,
    cpu: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
    cells,
    medians,
    jsKib,
    fileKib,
    elementWithoutEngineKib: sum(elementScripts.filter((url) => !isEngineChunk(url))),
    bench,
  };
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)];
}

/** The report, as markdown. */
function render(r: Results): string {
  const out: string[] = [];
  out.push(`## Start-up benchmark (\`npm run bench\`)`, '');
  out.push(
    `- Date: ${r.date}`,
    `- Machine: ${r.cpu}, Node ${process.version}`,
    `- Browser: ${r.chromium}, headless, window ${WINDOW_SIZE.replace(',', '×')}, driven over --remote-debugging-pipe (no DevTools attached to the pages)`,
    `- Libraries: ${r.libraries}`,
    `- RUNS=${RUNS}: interleaved rounds (every candidate once per round at each latency, order rotated) after 1 warm-up round; ` +
      `a fresh browser context (cold cache) per run; latency added by the storefront to every request.`,
    '',
  );

  out.push('### Time to first frame (ms from navigation start)', '');
  const rows: string[][] = [];
  for (const latencyMs of LATENCIES_MS) {
    const dashjs = r.medians.get(cellKey('dashjs', latencyMs));
    for (const candidate of CANDIDATES) {
      const cell = r.cells.get(cellKey(candidate.key, latencyMs));
      if (!cell) {
        rows.push([`${latencyMs} ms`, candidate.label, 'no data', '', '', '']);
        continue;
      }
      const med = median(cell.ttff);
      const count = cell.ttff.length < RUNS ? ` n=${cell.ttff.length}` : '';
      const spread = `${med.toFixed(0)} (${Math.min(...cell.ttff).toFixed(0)}–${Math.max(...cell.ttff).toFixed(0)})${count}`;
      const ratio = dashjs === undefined ? 'n/a' : (med / dashjs).toFixed(2);
      const low = Math.min(...cell.heights);
      const high = Math.max(...cell.heights);
      const height = low === high ? `${low}` : `${mode(cell.heights)} (${low}–${high})`;
      rows.push([`${latencyMs} ms`, candidate.label, spread, ratio, height, r.jsKib.get(candidate.key)!.toFixed(1)]);
    }
  }
  out.push(
    ...table(['latency / request', 'candidate', 'median (min–max) ms', '÷ dash.js', 'first frame height px', 'JS KiB gz'], rows),
    '',
  );
  out.push(
    `JS KiB gz: gzip -9 of every script the candidate's pages loaded (resource timing), summed. ` +
      `\`<s72-player>\` without the engine (its CDN chunks other than shaka's): **${r.elementWithoutEngineKib.toFixed(1)} KiB gz**.`,
    '',
  );
  const fileRows: string[][] = [];
  for (const candidate of CANDIDATES) {
    for (const url of [...(r.bench.scripts.get(candidate.key) ?? [])].sort()) {
      fileRows.push([candidate.label, `\`${fileName(url)}\``, (r.fileKib.get(url) ?? 0).toFixed(1)]);
    }
  }
  out.push(...table(['candidate', 'script', 'KiB gz'], fileRows), '');

  out.push(`### After ${HEAP_AFTER_S} s of playback (0 ms latency, one run each)`, '');
  const extraRows = CANDIDATES.map((candidate) => {
    const extra = r.bench.extras.get(candidate.key);
    if (!extra) return [candidate.label, 'no data', 'no data'];
    const buffered = extra.seekTargetBuffered ? ' (target was buffered)' : '';
    return [candidate.label, mib(extra.heapBytes), mib(extra.liveHeapBytes), `${extra.seekMs?.toFixed(1) ?? '?'}${buffered}`];
  });
  out.push(
    ...table(['candidate', 'JS heap in use MiB', 'live JS heap after a full GC MiB', `seek to ${SEEK_TARGET_S} s → first frame ms`], extraRows),
    '',
    'JS heap in use: `performance.memory.usedJSHeapSize` as read (garbage included: it depends on when V8 last collected). Live: the same right after a full `gc()` (`--js-flags=--expose-gc`), what the page holds; the heap target is judged on it.',
    '',
  );

  out.push('### Targets (issue 12)', '');
  out.push(...targets(r).map((line) => `- ${line}`), '');

  if (r.bench.failures.length > 0) {
    out.push('### Failed runs and page errors', '');
    out.push(...r.bench.failures.map((f) => `- ${f.run}: ${f.message}`), '');
  }
  return out.join('\n');
}

/** PASS/FAIL lines of issue 12's targets. */
function targets(r: Results): string[] {
  const verdict = (ok: boolean | undefined): string => (ok === undefined ? 'FAIL (no data)' : ok ? 'PASS' : 'FAIL');
  const lines: string[] = [];
  for (const latencyMs of LATENCIES_MS) {
    const element = r.medians.get(cellKey('element', latencyMs));
    const dashjs = r.medians.get(cellKey('dashjs', latencyMs));
    const ratio = element !== undefined && dashjs !== undefined ? element / dashjs : undefined;
    lines.push(
      `${verdict(ratio === undefined ? undefined : ratio <= TARGET.elementVsDashjs)} \`<s72-player>\` TTFF ≤ ${TARGET.elementVsDashjs}× dash.js at ${latencyMs} ms: ` +
        (ratio === undefined ? 'no data' : `${ratio.toFixed(3)}× (${element!.toFixed(1)} vs ${dashjs!.toFixed(1)} ms)`),
    );
  }
  const heights = LATENCIES_MS.flatMap((latencyMs) => r.cells.get(cellKey('element', latencyMs))?.heights ?? []);
  const lowest = heights.length ? Math.min(...heights) : undefined;
  lines.push(
    `${verdict(lowest === undefined ? undefined : lowest >= TARGET.elementHeightPx)} \`<s72-player>\` first frame ≥ ${TARGET.elementHeightPx}p: ` +
      (lowest === undefined ? 'no data' : `lowest ${lowest}p over ${heights.length} runs`),
  );
  const play = r.medians.get(cellKey('play', 50));
  const element50 = r.medians.get(cellKey('element', 50));
  const over = play !== undefined && element50 !== undefined ? play - element50 : undefined;
  lines.push(
    `${verdict(over === undefined ? undefined : over <= TARGET.playOverElementMs)} play page TTFF ≤ \`<s72-player>\` + 1 round trip (${TARGET.playOverElementMs} ms) at 50 ms: ` +
      (over === undefined ? 'no data' : `${over >= 0 ? '+' : ''}${over.toFixed(1)} ms (${play!.toFixed(1)} vs ${element50!.toFixed(1)} ms)`),
  );
  const kib = (key: CandidateKey): number | undefined => (r.bench.scripts.get(key)?.size ? r.jsKib.get(key) : undefined);
  const elementJs = kib('element');
  lines.push(
    `${verdict(elementJs === undefined ? undefined : elementJs <= TARGET.elementJsKib)} \`<s72-player>\` + engine JS ≤ ${TARGET.elementJsKib} KiB gz: ` +
      `${elementJs?.toFixed(1) ?? 'no data'} KiB (without the engine: ${r.elementWithoutEngineKib.toFixed(1)} KiB)`,
  );
  const playJs = kib('play');
  lines.push(
    `${verdict(playJs === undefined ? undefined : playJs <= TARGET.playJsKib)} whole play page JS ≤ ${TARGET.playJsKib} KiB gz: ${playJs?.toFixed(1) ?? 'no data'} KiB`,
  );
  const extra = r.bench.extras.get('element');
  const heap = extra?.liveHeapBytes;
  lines.push(
    `${verdict(heap === undefined ? undefined : heap / MIB <= TARGET.elementHeapMib)} \`<s72-player>\` live JS heap after ${HEAP_AFTER_S} s ≤ ${TARGET.elementHeapMib} MiB: ${mib(heap)} MiB (in use before the GC: ${mib(extra?.heapBytes)} MiB)`,
  );
  const seekMs = extra?.seekMs;
  lines.push(
    `${verdict(seekMs === undefined ? undefined : seekMs <= TARGET.elementSeekMs)} \`<s72-player>\` seek → first new frame ≤ ${TARGET.elementSeekMs} ms at 0 ms: ` +
      `${seekMs?.toFixed(1) ?? 'no data'} ms${extra?.seekTargetBuffered ? ' (target was buffered)' : ''}`,
  );
  return lines;
}

// ---- main ---------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const root = await mkdtemp(join(tmpdir(), 's72-bench-'));
  const collector = await Collector.start();
  let demo: DemoServer | undefined;
  let cdp: CdpPipe | undefined;
  try {
    const site = await prepareSite(root, { collector: collector.url, heapAfterS: HEAP_AFTER_S, seekTargetS: SEEK_TARGET_S });
    demo = await createDemoServer({
      port: 0,
      control: true,
      paths: site.paths,
      // The play page's CSP lets it post to the collector (connect-src); nothing else changes.
      allowedOrigins: { connect: [new URL(collector.url).origin] },
    });
    await site.writePages(demo.url);
    cdp = await CdpPipe.launch(CHROME_PATH, [
      ...CHROME_FLAGS_AUTOPLAY,
      '--enable-precise-memory-info',
      // `gc()` for the extra run's live heap (a V8 flag: no DevTools, nothing else changes).
      '--js-flags=--expose-gc',
      `--window-size=${WINDOW_SIZE}`,
      `--user-data-dir=${join(root, 'profile')}`,
    ]);
    const { product } = await cdp.send<{ product: string }>('Browser.getVersion');
    const chromium = `Chromium ${product.replace(/^[^/]*\//, '')}`;

    const bench = new Bench(cdp, collector, demo);
    try {
      await measureAll(bench);
    } catch (error) {
      if (!(error instanceof StopBench)) throw error;
      process.stderr.write(`Stopped: ${error.message}.\n`);
    }
    await bench.prepareServer(0);
    const urls = [...bench.scripts.values()].flatMap((set) => [...set]);
    const libraries = `shaka-player ${await packageVersion('shaka-player')}, dash.js ${await packageVersion('dashjs')}`;
    const results = collect(bench, await gzipKib(urls), chromium, libraries);
    const report = render(results);
    process.stdout.write(`${report}\n`);
    await mkdir(new URL('.', RESULTS_FILE), { recursive: true });
    await writeFile(RESULTS_FILE, `${report}\n`);
    return bench.failures.length > 0 ? 1 : 0;
  } finally {
    await cdp?.close();
    await demo?.close();
    await collector.close();
    await rm(root, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
