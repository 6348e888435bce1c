/**
 * The demo storefront for end-to-end tests: started in-process on a free port with the control API,
 * serving the built play page (`dist-shell/`, build it first:
 * `npx vite build --config src-shell/vite.config.ts`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDemoServer, type DemoServer, type DemoServerOptions } from '../../../demo/server/app.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Demo viewers (demo/README.md). */
export const TOKENS = {
  adult: 'demo-adult-token',
  noDob: 'demo-nodob-token',
  minor: 'demo-minor-token',
  experimentNew: 'demo-experiment-new-token',
  experimentCurrent: 'demo-experiment-current-token',
} as const;

/** A request the storefront recorded (`GET /__demo/requests`). Header names are lower-case. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  at: string;
  status?: number;
}

export interface Demo {
  /** `http://localhost:PORT`. */
  url: string;
  server: DemoServer;
  /** The play page address of a hash route, e.g. `playUrl('#/film/night-harbour/night-harbour?u=…')`. */
  playUrl(hash: string): string;
  reset(): Promise<void>;
  /** Answers the next `times` requests to `path` with `status` and `body`. */
  fault(rule: { path: string; status: number; body?: unknown; times?: number; method?: string }): Promise<void>;
  /** Requests recorded for a path pattern (exact, or a prefix ending in `*`). */
  requests(pathPattern: string): Promise<RecordedRequest[]>;
  licenceRequests(): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

async function control<T>(base: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/__demo/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`demo control ${path}: HTTP ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Starts the storefront (`options`, e.g. `parentOrigins`, the storefronts that may embed the play
 * page). Fails fast, with the fix, when the play page is not built.
 */
export async function startDemo(options: Pick<DemoServerOptions, 'parentOrigins'> = {}): Promise<Demo> {
  if (!existsSync(`${REPO_ROOT}dist-shell/index.html`)) {
    throw new Error('dist-shell/ is missing: run `npx vite build --config src-shell/vite.config.ts` first');
  }
  // Tests read the recorded tokens: ask for them (they are redacted by default).
  const server = await createDemoServer({ ...options, port: 0, control: { revealTokens: true } });
  const url = server.url;
  return {
    url,
    server,
    playUrl: (hash) => `${url}/play/${hash}`,
    reset: () => control<void>(url, 'reset', {}),
    fault: (rule) => control<void>(url, 'fault', rule),
    requests: async (pattern) =>
      (await control<{ requests: RecordedRequest[] }>(url, `requests?path=${encodeURIComponent(pattern)}`)).requests,
    licenceRequests: async () => (await control<{ requests: RecordedRequest[] }>(url, 'licence-requests')).requests,
    close: () => server.close(),
  };
}
