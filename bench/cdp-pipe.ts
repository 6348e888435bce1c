/**
 * A minimal Chrome DevTools Protocol client over `--remote-debugging-pipe` (the benchmark's way to
 * drive Chromium without attaching DevTools to any page).
 *
 * Chromium reads commands from its fd 3 and writes answers and events to its fd 4; each message is
 * one JSON object followed by a NUL byte. This client sends browser-level commands only (no
 * `sessionId`): it never attaches to a page target, so the measured pages run as viewers see them.
 *
 *   const cdp = await CdpPipe.launch('/usr/bin/chromium', ['--headless=new']);
 *   const { product } = await cdp.send<{ product: string }>('Browser.getVersion');
 *   await cdp.close();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface CdpMessage {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** How long {@link CdpPipe.close} waits for Chromium to exit after `Browser.close`, ms. */
const CLOSE_TIMEOUT_MS = 5_000;

export class CdpPipe {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(method: string, params: unknown) => void>();
  private buffered = '';
  private exited = false;
  private readonly exit: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    fromBrowser.setEncoding('utf8');
    fromBrowser.on('data', (chunk: string) => this.receive(chunk));
    this.exit = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exited = true;
        this.failAll(new Error(`Chromium exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`));
        resolve();
      });
    });
  }

  /**
   * Starts `executable` with `args` plus `--remote-debugging-pipe` and waits until it answers
   * `Browser.getVersion`. Chromium's own stderr is kept and shown only if it fails to start.
   */
  static async launch(executable: string, args: readonly string[]): Promise<CdpPipe> {
    const child = spawn(executable, [...args, '--remote-debugging-pipe'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    });
    const [, , stderr, toBrowser, fromBrowser] = child.stdio as [null, null, Readable, Writable, Readable];
    let log = '';
    const keepLog = (chunk: Buffer): void => {
      log = (log + chunk.toString('utf8')).slice(-4_000);
    };
    stderr.on('data', keepLog);
    const spawned = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    await spawned;
    const cdp = new CdpPipe(child, toBrowser, fromBrowser);
    try {
      await cdp.send('Browser.getVersion');
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`Chromium did not start: ${(error as Error).message}\n${log}`, { cause: error });
    }
    stderr.off('data', keepLog);
    stderr.resume(); // keep draining, so a chatty browser never blocks on a full pipe
    return cdp;
  }

  /** Sends a browser-level command and resolves with its `result` (rejects with its `error`). */
  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`${method}: Chromium has exited`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (result: unknown) => void, reject });
      this.toBrowser.write(`${JSON.stringify({ id, method, params })}\0`);
    });
  }

  /** `Browser.close`, then waits for the process to exit (killing it after a few seconds). */
  async close(): Promise<void> {
    if (this.exited) return;
    await this.send('Browser.close').catch(() => undefined);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
    await this.exit;
    clearTimeout(timer);
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    let end: number;
    while ((end = this.buffered.indexOf('\0')) !== -1) {
      const text = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 1);
      this.dispatch(JSON.parse(text) as CdpMessage);
    }
  }

  /** Calls `listener` with every event the browser sends (method, params); returns the remover. */
  onEvent(listener: (method: string, params: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Answers settle their command; events go to the {@link onEvent} listeners. */
  private dispatch(message: CdpMessage): void {
    if (message.id === undefined) {
      if (message.method) for (const listener of this.listeners) listener(message.method, message.params);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.error) pending.reject(new Error(`${pending.method}: ${message.error.message} (${message.error.code})`));
    else pending.resolve(message.result);
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
