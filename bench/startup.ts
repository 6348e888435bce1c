/**
 * Start-up benchmark (issue 12 "The benchmark", issue 23's targets): `npm run build`, then
 * `npm run bench` (`BENCH_RUNS=15 npm run bench` for more rounds; default 9).
 *
 * Candidates (pages.ts), all on the demo storefront, same-origin, muted autoplay of the same
 * 4-rendition ClearKey DASH title: `<s72-player>` from the CDN build on a plain page, the hosted play
 * page (full flow), tuned shaka (the same shaka version run as issue 23's recipe says: the reference
 * the element is judged against), bare shaka-player and dash.js with their defaults, and a plain
 * `<video src=mp4>` as the floor.
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
 *   - One extra run per candidate at 0 ms reads the JS heap after 10 s of playback and times three
 *     seeks (median).
 *
 * Prints the tables (markdown, also written to bench/results/latest.md): medians and their ratios to
 * tuned shaka and to dash.js, the JS fetched before the first frame and loaded in all, the heap and
 * the seeks, the machine's load average at the start and the end, and issue 23's target checks.
 * Exits 0 whether or not the targets hold (it is a report); 1 when a run failed, timed out or its
 * page reported an error.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
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
/**
 * Extra run: seek targets, s, in this order (the title is 60 s long; the shaka candidates buffer at
 * most 15 s ahead, so by 10 s none is buffered, and 34 s is behind what 42 s buffers forward).
 */
const SEEK_TARGETS_S = [50, 42, 34];
/** Browser window, px: a full-HD desktop, so no player is held below 1080p by its size. */
const WINDOW_SIZE = '1920,1080';
const RESULTS_FILE = new URL('./results/latest.md', import.meta.url);

const KIB = 1024;
const MIB = 1024 * 1024;

/** Issue 23's targets. */
const TARGET = {
  /** Element TTFF ÷ tuned-shaka TTFF (ratio of medians), at most, at every latency. */
  elementVsTuned: 1.1,
  /** Element TTFF ÷ dash.js TTFF (ratio of medians) at {@link TARGET.elementVsDashjsAtMs}, at most. */
  elementVsDashjs: 0.85,
  elementVsDashjsAtMs: 50,
  /** Element first frame height, px, at least. */
  elementHeightPx: 720,
  /**
   * Play page TTFF − element TTFF (medians), ms, at most, by latency per request: two round trips at
   * 50 ms (the flow's two dependent rounds of API calls), 100 ms at 0 ms.
   */
  playOverElementMs: { 0: 100, 50: 100 } as Record<number, number>,
  /** Element + engine JS fetched before the first frame, KiB gzip, at most. */
  elementJsKib: 200,
  /** Play page JS fetched before the first frame, KiB gzip, at most. */
  playJsKib: 320,
  /** Element live heap after 10 s of playback ÷ bare shaka's in the same bench, at most. */
  elementHeapVsShaka: 1.3,
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
  /** Script URLs whose response had ended by the first frame. */
  jsBeforeFirstFrame: string[];
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
        if (round > 0) {
          bench.samples.push({ candidate: candidate.key, latencyMs, ttffMs: result.ttffMs, height: result.height, jsBeforeFirstFrame: result.scriptsBeforeFirstFrame });
        }
      }
    }
  }
  for (const candidate of measured()) {
    const result = await bench.run(candidate, 0, 'extra', 'heap/seek');
    if (!result) continue;
    const seeks = (result.seeks ?? []).map(([, ms]) => ms.toFixed(0)).join(', ');
    process.stderr.write(`heap/seek      0 ms  ${plain(candidate).padEnd(13)} heap ${mib(result.heapBytes)} MiB (live ${mib(result.liveHeapBytes)})  seeks ${seeks} ms\n`);
    bench.extras.set(candidate.key, result);
  }
}

/** The candidates measured: all of them, or those `BENCH_ONLY` names. */
function measured(): readonly Candidate[] {
  return ONLY ? CANDIDATES.filter((candidate) => ONLY.has(candidate.key)) : CANDIDATES;
}

/**
 * gzip -9 size of each URL's body, fetched from the storefront, KiB. Scripts from other origins
 * (the play page's Cast sender script from gstatic, which this lab cannot reach and which loads
 * after the first frame) are not sized: they are left out of the sums and named on stderr.
 */
async function gzipKib(urls: Iterable<string>, storefrontOrigin: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const external = new Set<string>();
  for (const url of urls) {
    if (sizes.has(url)) continue;
    if (new URL(url).origin !== storefrontOrigin) {
      external.add(url);
      continue;
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    sizes.set(url, gzipSync(body, { level: 9 }).length / KIB);
  }
  for (const url of external) process.stderr.write(`not sized (another origin): ${url}\n`);
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

/** Median of an extra run's seek times, ms. */
function seekMedian(extra: ProbeResult): number | undefined {
  return extra.seeks?.length ? median(extra.seeks.map(([, ms]) => ms)) : undefined;
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
  /** Per run: KiB gzip of the scripts whose response had ended by the first frame. */
  jsBeforeKib: number[];
}

interface Results {
  date: string;
  chromium: string;
  /** Library versions (`shaka-player 5.2.x, dash.js 4.7.4`). */
  libraries: string;
  cpu: string;
  /** `os.loadavg()` (1, 5, 15 min) when the bench started and when it ended. */
  load: { start: number[]; end: number[] };
  /** Wall time of the measuring, s. */
  durationS: number;
  cells: Map<string, Cell>;
  medians: Map<string, number>;
  /** All scripts each candidate's pages loaded, over all its runs, KiB gzip. */
  jsKib: Map<CandidateKey, number>;
  fileKib: Map<string, number>;
  /** Per script URL: in how many counted runs its response had ended by the first frame. */
  beforeFirstFrameRuns: Map<string, number>;
  /** Counted runs per candidate. */
  runs: Map<CandidateKey, number>;
  elementWithoutEngineKib: number;
  bench: Bench;
}

const cellKey = (candidate: CandidateKey, latencyMs: number): string => `${candidate}@${latencyMs}`;

function collect(bench: Bench, fileKib: Map<string, number>, chromium: string, libraries: string, load: Results['load'], durationS: number): Results {
  const sum = (urls: Iterable<string>): number => [...urls].reduce((total, url) => total + (fileKib.get(url) ?? 0), 0);
  const cells = new Map<string, Cell>();
  const beforeFirstFrameRuns = new Map<string, number>();
  const runs = new Map<CandidateKey, number>();
  for (const sample of bench.samples) {
    const key = cellKey(sample.candidate, sample.latencyMs);
    const cell = cells.get(key) ?? { ttff: [], heights: [], jsBeforeKib: [] };
    cell.ttff.push(sample.ttffMs);
    cell.heights.push(sample.height);
    cell.jsBeforeKib.push(sum(new Set(sample.jsBeforeFirstFrame)));
    cells.set(key, cell);
    for (const url of new Set(sample.jsBeforeFirstFrame)) beforeFirstFrameRuns.set(url, (beforeFirstFrameRuns.get(url) ?? 0) + 1);
    runs.set(sample.candidate, (runs.get(sample.candidate) ?? 0) + 1);
  }
  const medians = new Map([...cells].map(([key, cell]) => [key, median(cell.ttff)]));
  const jsKib = new Map(CANDIDATES.map((c) => [c.key, sum(bench.scripts.get(c.key) ?? [])]));
  const elementScripts = [...(bench.scripts.get('element') ?? [])];
  const cpu = cpus();
  return {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    chromium,
    libraries,
    cpu: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
    load,
    durationS,
    cells,
    medians,
    jsKib,
    fileKib,
    beforeFirstFrameRuns,
    runs,
    elementWithoutEngineKib: sum(elementScripts.filter((url) => !isEngineChunk(url))),
    bench,
  };
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)];
}

/** `median (min–max)` of KiB figures, or the one figure when they are all equal. */
function kibSpread(values: readonly number[]): string {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low.toFixed(1) === high.toFixed(1) ? low.toFixed(1) : `${median(values).toFixed(1)} (${low.toFixed(1)}–${high.toFixed(1)})`;
}

/** Whether the 1-min load average exceeded the number of cores at the start or the end. */
function loaded(load: Results['load']): boolean {
  return Math.max(load.start[0]!, load.end[0]!) > cpus().length;
}

/** Load averages as `1-min / 5-min / 15-min`. */
function loadText(values: readonly number[]): string {
  return values.map((value) => value.toFixed(2)).join(' / ');
}

/** The report, as markdown. */
function render(r: Results): string {
  const out: string[] = [];
  out.push(`## Start-up benchmark (\`npm run bench\`)`, '');
  out.push(
    `- Date: ${r.date}`,
    `- Machine: ${r.cpu}, Node ${process.version}`,
    `- Load average (1 / 5 / 15 min, \`os.loadavg()\`): ${loadText(r.load.start)} at the start, ${loadText(r.load.end)} at the end ` +
      `(${cpus().length} cores); measuring took ${(r.durationS / 60).toFixed(1)} min`,
    ...(loaded(r.load)
      ? [
          `- **A loaded machine** (load average above its ${cpus().length} cores): the candidates compete with other work for the CPU, ` +
            'so the times, and even the ratios of one run, move a lot; judge the targets on a run on a quiet machine.',
        ]
      : []),
    `- Browser: ${r.chromium}, headless, window ${WINDOW_SIZE.replace(',', '×')}, driven over --remote-debugging-pipe (no DevTools attached to the pages)`,
    `- Libraries: ${r.libraries}`,
    `- BENCH_RUNS=${RUNS}: interleaved rounds (every candidate once per round at each latency, order rotated) after 1 warm-up round; ` +
      `a fresh browser context (cold cache) per run; latency added by the storefront to every request.`,
    '',
  );

  out.push('### Time to first frame (ms from navigation start)', '');
  const rows: string[][] = [];
  for (const latencyMs of LATENCIES_MS) {
    const tuned = r.medians.get(cellKey('tuned', latencyMs));
    const dashjs = r.medians.get(cellKey('dashjs', latencyMs));
    for (const candidate of CANDIDATES) {
      const cell = r.cells.get(cellKey(candidate.key, latencyMs));
      if (!cell) {
        rows.push([`${latencyMs} ms`, candidate.label, 'no data', '', '', '', '', '']);
        continue;
      }
      const med = median(cell.ttff);
      const count = cell.ttff.length < RUNS ? ` n=${cell.ttff.length}` : '';
      const spread = `${med.toFixed(0)} (${Math.min(...cell.ttff).toFixed(0)}–${Math.max(...cell.ttff).toFixed(0)})${count}`;
      const ratio = (reference: number | undefined): string => (reference === undefined ? 'n/a' : (med / reference).toFixed(2));
      const low = Math.min(...cell.heights);
      const high = Math.max(...cell.heights);
      const height = low === high ? `${low}` : `${mode(cell.heights)} (${low}–${high})`;
      rows.push([
        `${latencyMs} ms`,
        candidate.label,
        spread,
        ratio(tuned),
        ratio(dashjs),
        height,
        kibSpread(cell.jsBeforeKib),
        r.jsKib.get(candidate.key)!.toFixed(1),
      ]);
    }
  }
  out.push(
    ...table(
      ['latency / request', 'candidate', 'median (min–max) ms', '÷ tuned shaka', '÷ dash.js', 'first frame height px', 'JS KiB gz before first frame', 'JS KiB gz loaded'],
      rows,
    ),
    '',
  );
  out.push(
    `Ratios: of medians. JS KiB gz: gzip -9 of the candidate's scripts (resource timing), summed; ` +
      `before first frame: those whose response had ended by the first frame, per run (median (min–max) over the runs); ` +
      `loaded: every script its pages loaded in any run, the 10-s run included. ` +
      `\`<s72-player>\` without the engine (its CDN chunks other than shaka's, all loaded): **${r.elementWithoutEngineKib.toFixed(1)} KiB gz**.`,
    '',
  );
  const fileRows: string[][] = [];
  for (const candidate of CANDIDATES) {
    const runs = r.runs.get(candidate.key) ?? 0;
    for (const url of [...(r.bench.scripts.get(candidate.key) ?? [])].sort()) {
      fileRows.push([candidate.label, `\`${fileName(url)}\``, (r.fileKib.get(url) ?? 0).toFixed(1), `${r.beforeFirstFrameRuns.get(url) ?? 0}/${runs}`]);
    }
  }
  out.push(...table(['candidate', 'script', 'KiB gz', 'fetched before the first frame (runs)'], fileRows), '');

  out.push(`### After ${HEAP_AFTER_S} s of playback (0 ms latency, one run each)`, '');
  const shakaLive = r.bench.extras.get('shaka')?.liveHeapBytes;
  const extraRows = CANDIDATES.map((candidate) => {
    const extra = r.bench.extras.get(candidate.key);
    if (!extra) return [candidate.label, 'no data', 'no data', '', 'no data', ''];
    const vsShaka = extra.liveHeapBytes !== undefined && shakaLive ? (extra.liveHeapBytes / shakaLive).toFixed(2) : 'n/a';
    const seeks = extra.seeks ?? [];
    const each = seeks.map(([target, ms, buffered]) => `${target} s: ${ms.toFixed(1)}${buffered ? ' (buffered)' : ''}`).join(', ');
    return [candidate.label, mib(extra.heapBytes), mib(extra.liveHeapBytes), vsShaka, seekMedian(extra)?.toFixed(1) ?? 'no data', each];
  });
  out.push(
    ...table(
      ['candidate', 'JS heap in use MiB', 'live JS heap after full GCs MiB', 'live ÷ bare shaka', 'seek → first frame ms, median', 'each seek: target, ms'],
      extraRows,
    ),
    '',
    'JS heap in use: `performance.memory.usedJSHeapSize` as read (garbage included: it depends on when V8 last collected). Live: the same after full `gc()`s (`--js-flags=--expose-gc`; repeated until it falls by less than 64 KiB, as one can leave 1.5–2 MiB the next frees), what the page holds; the heap target is judged on it. ' +
      `Seeks: after the heap, to ${SEEK_TARGETS_S.join(', ')} s in turn, 1 s apart; from the seek to the first frame within 0.5 s of the target; "(buffered)": the target was buffered when sought.`,
    '',
  );

  out.push('### Targets (issue 23)', '');
  out.push(...targets(r).map((line) => `- ${line}`), '');

  if (r.bench.failures.length > 0) {
    out.push('### Failed runs and page errors', '');
    out.push(...r.bench.failures.map((f) => `- ${f.run}: ${f.message}`), '');
  }
  return out.join('\n');
}

/** PASS/FAIL lines of issue 23's targets. */
function targets(r: Results): string[] {
  const verdict = (ok: boolean | undefined): string => (ok === undefined ? 'FAIL (no data)' : ok ? 'PASS' : 'FAIL');
  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  const signed = (value: number): string => `${value >= 0 ? '+' : ''}${ms(value)}`;
  const lines: string[] = [];
  const ratioLine = (reference: CandidateKey, referenceLabel: string, limit: number, latencyMs: number): string => {
    const element = r.medians.get(cellKey('element', latencyMs));
    const other = r.medians.get(cellKey(reference, latencyMs));
    const ratio = element !== undefined && other !== undefined ? element / other : undefined;
    return (
      `${verdict(ratio === undefined ? undefined : ratio <= limit)} \`<s72-player>\` TTFF ≤ ${limit.toFixed(2)}× ${referenceLabel} at ${latencyMs} ms: ` +
      (ratio === undefined ? 'no data' : `${ratio.toFixed(3)}× (${ms(element!)} vs ${ms(other!)})`)
    );
  };
  for (const latencyMs of LATENCIES_MS) lines.push(ratioLine('tuned', 'tuned shaka', TARGET.elementVsTuned, latencyMs));
  lines.push(ratioLine('dashjs', 'dash.js', TARGET.elementVsDashjs, TARGET.elementVsDashjsAtMs));

  // JS before the first frame: judged on the larger of the latencies' medians.
  const jsBefore = (key: CandidateKey): { kib: number; text: string } | undefined => {
    const perLatency = LATENCIES_MS.flatMap((latencyMs) => {
      const cell = r.cells.get(cellKey(key, latencyMs));
      return cell ? [{ latencyMs, kib: median(cell.jsBeforeKib) }] : [];
    });
    if (perLatency.length === 0) return undefined;
    return {
      kib: Math.max(...perLatency.map((entry) => entry.kib)),
      text: perLatency.map((entry) => `${entry.kib.toFixed(1)} KiB at ${entry.latencyMs} ms`).join(', '),
    };
  };
  const elementJs = jsBefore('element');
  lines.push(
    `${verdict(elementJs && elementJs.kib <= TARGET.elementJsKib)} \`<s72-player>\` + engine JS fetched before the first frame ≤ ${TARGET.elementJsKib} KiB gz: ` +
      `${elementJs?.text ?? 'no data'} (median of the runs; all loaded: ${r.jsKib.get('element')!.toFixed(1)} KiB)`,
  );
  const playJs = jsBefore('play');
  lines.push(
    `${verdict(playJs && playJs.kib <= TARGET.playJsKib)} play page JS fetched before the first frame ≤ ${TARGET.playJsKib} KiB gz: ` +
      `${playJs?.text ?? 'no data'} (median of the runs; all loaded: ${r.jsKib.get('play')!.toFixed(1)} KiB)`,
  );

  for (const latencyMs of [...LATENCIES_MS].reverse()) {
    const limit = TARGET.playOverElementMs[latencyMs]!;
    const play = r.medians.get(cellKey('play', latencyMs));
    const element = r.medians.get(cellKey('element', latencyMs));
    const over = play !== undefined && element !== undefined ? play - element : undefined;
    const what = latencyMs > 0 ? `${limit / latencyMs} round trips (${limit} ms)` : `${limit} ms`;
    lines.push(
      `${verdict(over === undefined ? undefined : over <= limit)} play page TTFF ≤ \`<s72-player>\` + ${what} at ${latencyMs} ms: ` +
        (over === undefined ? 'no data' : `${signed(over)} (${ms(play!)} vs ${ms(element!)})`),
    );
  }

  const extra = r.bench.extras.get('element');
  const heap = extra?.liveHeapBytes;
  const shakaHeap = r.bench.extras.get('shaka')?.liveHeapBytes;
  const heapRatio = heap !== undefined && shakaHeap ? heap / shakaHeap : undefined;
  lines.push(
    `${verdict(heapRatio === undefined ? undefined : heapRatio <= TARGET.elementHeapVsShaka)} \`<s72-player>\` live JS heap after ${HEAP_AFTER_S} s ≤ ${TARGET.elementHeapVsShaka}× bare shaka's: ` +
      (heapRatio === undefined ? 'no data' : `${heapRatio.toFixed(2)}× (${mib(heap)} vs ${mib(shakaHeap)} MiB)`),
  );
  const seekMs = extra && seekMedian(extra);
  const bufferedSeeks = extra?.seeks?.filter(([, , buffered]) => buffered).length ?? 0;
  lines.push(
    `${verdict(seekMs === undefined ? undefined : seekMs <= TARGET.elementSeekMs)} \`<s72-player>\` seek → first new frame ≤ ${TARGET.elementSeekMs} ms at 0 ms: ` +
      (seekMs === undefined
        ? 'no data'
        : `${seekMs.toFixed(1)} ms (median of ${extra!.seeks!.length}${bufferedSeeks ? `, ${bufferedSeeks} to a buffered target` : ''})`),
  );
  const heights = LATENCIES_MS.flatMap((latencyMs) => r.cells.get(cellKey('element', latencyMs))?.heights ?? []);
  const lowest = heights.length ? Math.min(...heights) : undefined;
  lines.push(
    `${verdict(lowest === undefined ? undefined : lowest >= TARGET.elementHeightPx)} \`<s72-player>\` first frame ≥ ${TARGET.elementHeightPx}p: ` +
      (lowest === undefined ? 'no data' : `lowest ${lowest}p over ${heights.length} runs`),
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
    const site = await prepareSite(root, { collector: collector.url, heapAfterS: HEAP_AFTER_S, seekTargetsS: SEEK_TARGETS_S });
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
    const loadAtStart = loadavg();
    const startedMs = performance.now();
    try {
      await measureAll(bench);
    } catch (error) {
      if (!(error instanceof StopBench)) throw error;
      process.stderr.write(`Stopped: ${error.message}.\n`);
    }
    const load = { start: loadAtStart, end: loadavg() };
    const durationS = (performance.now() - startedMs) / 1000;
    await bench.prepareServer(0);
    const urls = [...bench.scripts.values(), ...bench.samples.map((sample) => sample.jsBeforeFirstFrame)].flatMap((list) => [...list]);
    const libraries = `shaka-player ${await packageVersion('shaka-player')}, dash.js ${await packageVersion('dashjs')}`;
    const results = collect(bench, await gzipKib(urls, new URL(demo.url).origin), chromium, libraries, load, durationS);
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
