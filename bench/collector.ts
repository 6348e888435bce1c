/**
 * The benchmark's collector: a small HTTP endpoint in the bench process to which each measured page
 * posts its own results (probe.ts, `navigator.sendBeacon`), so nothing has to be read out of the
 * page over DevTools.
 *
 *   const collector = await Collector.start();
 *   const report = collector.expect(runId, 30_000); // before the page is opened
 *   …open `…?bench-run=${runId}` …
 *   const { result, errors } = await report;
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProbeMessage, ProbeResult } from './probe.js';

/** What one run reported: its measurement and the page errors seen before it. */
export interface RunReport {
  result: ProbeResult;
  errors: string[];
}

interface Waiter {
  errors: string[];
  resolve: (report: RunReport) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Largest body accepted, bytes. */
const MAX_BODY_BYTES = 1024 * 1024;

export class RunTimeoutError extends Error {
  constructor(
    readonly timeoutMs: number,
    readonly errors: readonly string[],
  ) {
    super(`no result within ${timeoutMs / 1000} s${errors.length ? ` (page errors: ${errors.join(' | ')})` : ''}`);
    this.name = 'RunTimeoutError';
  }
}

export class Collector {
  private readonly waiters = new Map<string, Waiter>();

  private readonly server: Server = createServer((req, res) => this.handle(req, res));
  private address = '';

  private constructor() {}

  /** Listens on a free loopback port. */
  static async start(): Promise<Collector> {
    const collector = new Collector();
    await new Promise<void>((resolve) => collector.server.listen(0, '127.0.0.1', resolve));
    const { port } = collector.server.address() as AddressInfo;
    collector.address = `http://127.0.0.1:${port}/report`;
    return collector;
  }

  /** Absolute URL the pages post to. */
  get url(): string {
    return this.address;
  }

  /**
   * Resolves with the run's result, or rejects with {@link RunTimeoutError} when none came within
   * `timeoutMs` ms. Call before the page can post.
   */
  expect(run: string, timeoutMs: number): Promise<RunReport> {
    return new Promise<RunReport>((resolve, reject) => {
      const waiter: Waiter = {
        errors: [],
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(run);
          reject(new RunTimeoutError(timeoutMs, waiter.errors));
        }, timeoutMs),
      };
      this.waiters.set(run, waiter);
    });
  }

  /** Stops waiting for `run` (its promise never settles): for a run that could not be started. */
  cancel(run: string): void {
    const waiter = this.waiters.get(run);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.waiters.delete(run);
  }

  async close(): Promise<void> {
    for (const waiter of this.waiters.values()) clearTimeout(waiter.timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    // sendBeacon's text/plain POST needs no preflight; answer one anyway for other callers.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'POST' || req.url !== '/report') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      res.writeHead(204).end();
      try {
        this.receive(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ProbeMessage);
      } catch {
        // A malformed post belongs to no run; the run it was meant for times out.
      }
    });
  }

  /** Messages for runs nobody waits for (a page of a run already over) are dropped. */
  private receive(message: ProbeMessage): void {
    const waiter = this.waiters.get(message.run);
    if (!waiter) return;
    if (message.kind === 'error') {
      waiter.errors.push(message.message);
      return;
    }
    clearTimeout(waiter.timer);
    this.waiters.delete(message.run);
    waiter.resolve({ result: message, errors: waiter.errors });
  }
}
