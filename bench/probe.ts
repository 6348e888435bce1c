/**
 * The measuring script every benchmark page loads first (`<script src="/bench-probe.js">`), so the
 * page measures itself and no DevTools session is needed (issue 12 "The benchmark").
 *
 * {@link installProbe} runs in the page: the bench serves this file's `installProbe` transpiled to
 * JavaScript ({@link probeScript}), followed by a call with the collector's address. It must stay
 * self-contained (no imports, no references outside its body).
 *
 * Per run (the page address carries `bench-run` and `bench-mode` in its query string) it finds the
 * `<video>` (in the document or in an `<s72-player>`'s open shadow root, polled every animation
 * frame, because the play page creates its player late), and reports to the collector with
 * `navigator.sendBeacon`:
 *   - `timed` mode: the time to first frame, `performance.now()` (ms since navigation start) in the
 *     video's first `requestVideoFrameCallback`, the frame's height, the scripts loaded and those
 *     whose response had ended by then;
 *   - `extra` mode: the same, then `performance.memory.usedJSHeapSize` once the video has played
 *     {@link ProbeConfig.heapAfterS} seconds, then, for each of {@link ProbeConfig.seekTargetsS} in
 *     turn, the time from a seek to the first frame shown near it.
 * Page errors (`error`, `unhandledrejection`, the video's `error`, `<s72-player>`'s critical `s72-error`)
 * are reported as they happen.
 */
import ts from 'typescript';
import { readFile } from 'node:fs/promises';

/** What the bench bakes into the served probe. */
export interface ProbeConfig {
  /** Absolute URL of the collector endpoint (`POST`, JSON body). */
  collector: string;
  /** `extra` mode: media time the video must reach before the heap is read, seconds. */
  heapAfterS: number;
  /**
   * `extra` mode: seek targets, seconds, sought in this order, 1 s apart: each
   * beyond what the players buffer by `heapAfterS` and behind the one before (what a forward
   * buffer from the earlier target does not reach).
   */
  seekTargetsS: number[];
}

/** `timed`: first frame only; `extra`: first frame, heap and seek. */
export type ProbeMode = 'timed' | 'extra';

/** A measurement posted by the probe. */
export interface ProbeResult {
  kind: 'result';
  run: string;
  /** Time to first frame: `performance.now()` in the first video frame callback, ms since navigation start. */
  ttffMs: number;
  /** Height of the first frame, px (the callback's metadata, else `video.videoHeight` at that callback). */
  height: number;
  /** Script URLs (`.js`/`.mjs`) in the page's resource timing when the report was made, the probe excepted. */
  scripts: string[];
  /** Those of {@link scripts} whose response had ended by the first frame (`responseEnd` ≤ {@link ttffMs}). */
  scriptsBeforeFirstFrame: string[];
  /**
   * Every request the page made before the report (resource timing): path and query, start and
   * response end, ms since navigation start. Printed with `BENCH_WATERFALL=1`.
   */
  resources: Array<[path: string, startMs: number, endMs: number]>;
  /** The video's media events until the report: type and time, ms since navigation start (with the waterfall). */
  mediaEvents: Array<[type: string, atMs: number]>;
  /** The page's user-timing marks: name and time, ms since navigation start (with the waterfall). */
  marks: Array<[name: string, atMs: number]>;
  /** `extra` mode: `performance.memory.usedJSHeapSize` after the playback time, bytes. */
  heapBytes?: number;
  /**
   * `extra` mode: the same after full `gc()`s (the browser runs with `--expose-gc`), repeated until
   * the figure stops falling, bytes.
   */
  liveHeapBytes?: number;
  /**
   * `extra` mode, per seek target: the target, s; from the seek call to the first frame within
   * 0.5 s of it, ms; whether it was already buffered when the seek was made.
   */
  seeks?: Array<[targetS: number, ms: number, buffered: boolean]>;
}

/** A page error posted by the probe. */
export interface ProbeError {
  kind: 'error';
  run: string;
  message: string;
}

export type ProbeMessage = ProbeResult | ProbeError;

/** Runs in the page (see the module comment). */
export function installProbe(config: ProbeConfig): void {
  const params = new URLSearchParams(location.search);
  const run = params.get('bench-run');
  const mode = params.get('bench-mode');
  if (run === null) return;

  const send = (message: Record<string, unknown>): void => {
    navigator.sendBeacon(config.collector, JSON.stringify({ run, ...message }));
  };
  const describe = (value: unknown): string => {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  const fail = (message: string): void => send({ kind: 'error', message });

  addEventListener('error', (event) => fail(`error: ${event.message || describe(event.error)}`));
  addEventListener('unhandledrejection', (event) => fail(`unhandled rejection: ${describe(event.reason)}`));
  // Only an error that stops playback fails the run: a recoverable one (the Cast sender script that
  // cannot load in a lab with no internet, say) is what a viewer would not notice.
  addEventListener(
    's72-error',
    (event) => {
      const detail = (event as CustomEvent).detail as { severity?: string } | null;
      if (detail?.severity !== 'recoverable') fail(`s72-error: ${describe(detail)}`);
    },
    true,
  );
  performance.setResourceTimingBufferSize(10_000);
  // A page that reloads itself starts a new time origin: its first frame would look earlier than it was.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation && navigation.type !== 'navigate') fail(`probe: navigation type ${navigation.type}, the time origin is not the first navigation`);

  /** Scripts in the resource timing (the probe excepted) whose response ended by `beforeMs`, ms since navigation start. */
  const scripts = (beforeMs = Infinity): string[] =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => {
        const path = new URL(entry.name).pathname;
        return /\.m?js$/.test(path) && !path.endsWith('/bench-probe.js') && entry.responseEnd <= beforeMs;
      })
      .map((entry) => entry.name);

  const mediaEvents: Array<[string, number]> = [];
  const marks = (): Array<[string, number]> => performance.getEntriesByType('mark').map((entry) => [entry.name, Math.round(entry.startTime)]);
  const resources = (): Array<[string, number, number]> =>
    performance.getEntriesByType('resource').map((entry) => {
      const url = new URL(entry.name);
      return [url.pathname + url.search, Math.round(entry.startTime), Math.round((entry as PerformanceResourceTiming).responseEnd)];
    });

  /** The `<video>` and the element to seek (the `<s72-player>` host, else the video). */
  const find = (): { video: HTMLVideoElement; seekable: { currentTime: number } } | null => {
    for (const host of Array.from(document.querySelectorAll('s72-player'))) {
      const video = host.shadowRoot?.querySelector('video');
      if (video) return { video, seekable: host as unknown as { currentTime: number } };
    }
    const video = document.querySelector('video');
    return video ? { video, seekable: video } : null;
  };

  const nextFrame = (video: HTMLVideoElement): Promise<VideoFrameCallbackMetadata> =>
    new Promise((resolve) => video.requestVideoFrameCallback((_now, metadata) => resolve(metadata)));

  const playedTo = (video: HTMLVideoElement, seconds: number): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (video.currentTime < seconds) return;
        video.removeEventListener('timeupdate', check);
        resolve();
      };
      video.addEventListener('timeupdate', check);
      check();
    });

  const isBuffered = (video: HTMLVideoElement, seconds: number): boolean => {
    for (let i = 0; i < video.buffered.length; i++) {
      if (video.buffered.start(i) <= seconds && seconds <= video.buffered.end(i)) return true;
    }
    return false;
  };

  /** From the seek call to the first frame whose media time is within 0.5 s of the target, ms. */
  const seek = async (video: HTMLVideoElement, seekable: { currentTime: number }, target: number): Promise<number> => {
    const start = performance.now();
    seekable.currentTime = target;
    for (;;) {
      const metadata = await nextFrame(video);
      if (Math.abs(metadata.mediaTime - target) <= 0.5) return performance.now() - start;
    }
  };

  const measure = async (video: HTMLVideoElement, seekable: { currentTime: number }): Promise<void> => {
    // HAVE_CURRENT_DATA already: the first frame may have been shown before the probe saw the video.
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) fail('probe: the video had a frame before the probe found it');
    for (const type of ['emptied', 'loadstart', 'durationchange', 'loadedmetadata', 'loadeddata', 'canplay', 'canplaythrough', 'play', 'playing', 'waiting', 'ratechange', 'seeking', 'seeked']) {
      video.addEventListener(type, () => mediaEvents.push([type, Math.round(performance.now())]));
    }
    video.addEventListener('error', () => fail(`video error: ${video.error?.code ?? '?'} ${video.error?.message ?? ''}`));
    const metadata = await nextFrame(video);
    const ttffMs = performance.now();
    const first = { ttffMs, height: metadata.height || video.videoHeight, scriptsBeforeFirstFrame: scripts(ttffMs) };
    if (mode !== 'extra') {
      send({ kind: 'result', ...first, scripts: scripts(), resources: resources(), mediaEvents, marks: marks() });
      return;
    }
    await playedTo(video, config.heapAfterS);
    // A fresh MemoryInfo per read: each one holds the figures of the moment it was read.
    const usedHeap = (): number | undefined => (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;
    const heapBytes = usedHeap();
    const gc = (globalThis as { gc?: () => void }).gc;
    // One full GC can leave 1.5–2 MiB that the next one frees (seen on shaka's pages, not always):
    // collect until the figure stops falling (by less than 64 KiB), at most 5 times, 100 ms apart.
    let liveHeapBytes: number | undefined;
    for (let i = 0; gc && i < 5; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const before = liveHeapBytes;
      liveHeapBytes = usedHeap();
      if (before !== undefined && liveHeapBytes !== undefined && before - liveHeapBytes < 64 * 1024) break;
    }
    const seeks: Array<[number, number, boolean]> = [];
    for (const target of config.seekTargetsS) {
      if (seeks.length > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
      const buffered = isBuffered(video, target);
      seeks.push([target, await seek(video, seekable, target), buffered]);
    }
    send({ kind: 'result', ...first, heapBytes, liveHeapBytes, seeks, scripts: scripts(), resources: resources(), mediaEvents, marks: marks() });
  };

  const poll = (): void => {
    const found = find();
    if (found) measure(found.video, found.seekable).catch((error: unknown) => fail(`probe: ${describe(error)}`));
    else requestAnimationFrame(poll);
  };
  poll();
}

/**
 * The probe as served (`/bench-probe.js`): {@link installProbe} transpiled to JavaScript and called
 * with `config` at once (a classic script; it defines no global).
 */
export async function probeScript(config: ProbeConfig): Promise<string> {
  const source = await readFile(new URL(import.meta.url), 'utf8');
  const start = source.indexOf('export function installProbe(');
  const end = source.indexOf('\n}\n', start);
  if (start === -1 || end === -1) throw new Error('bench/probe.ts: installProbe not found');
  const fn = source.slice(start + 'export '.length, end + 2);
  const { outputText } = ts.transpileModule(fn, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } });
  return `(${outputText.trim()})(${JSON.stringify(config)});\n`;
}
