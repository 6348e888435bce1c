/** Shared helpers of the demo storefront tests: one server per test file, real fetch. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before } from 'node:test';
import { createDemoServer, type DemoServer, type DemoServerOptions } from '../../demo/server/app.js';

export const ADULT = 'demo-adult-token';
export const NODOB = 'demo-nodob-token';
export const MINOR = 'demo-minor-token';
export const SOLO = 'demo-solo-token';

/** Demo ClearKey KID / key, base64url without padding. */
export const KID_B64URL = Buffer.from('733732706c617965722d6b6964303031', 'hex').toString('base64url');
export const KEY_B64URL = Buffer.from('733732706c617965722d6b6579303031', 'hex').toString('base64url');

/**
 * Starts a demo server for the current test file (port 0, control on unless asked) and closes it
 * after the file. Read `.url` / `.server` inside tests.
 */
export function useDemoServer(opts: DemoServerOptions = {}): { readonly url: string; readonly server: DemoServer } {
  let server: DemoServer | undefined;
  before(async () => {
    server = await createDemoServer({ port: 0, control: true, ...opts });
  });
  after(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error('demo server not started');
      return server.url;
    },
    get server() {
      if (!server) throw new Error('demo server not started');
      return server;
    },
  };
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch + JSON body (null when the body is empty). */
export async function fetchJson<T = any>(url: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** POST with a JSON body. */
export function postJson<T = any>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  return fetchJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Creates a throw-away folder holding the given files (path → content). */
export function fixtureDir(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 's72-demo-test-'));
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return root;
}

/**
 * A play token for `slug` from a real streams call (the licence server issues keys only to the play
 * token of a streams call, for that title's key ids).
 */
export async function playTokenFor(url: string, slug: string, authToken: string = ADULT): Promise<string> {
  const res = await fetchJson(`${url}/services/playback/streams${slug}`, { method: 'POST', headers: { 'x-auth-token': authToken } });
  if (res.status !== 200) throw new Error(`streams ${slug}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.play_token as string;
}

/** Decodes the middle segment of a play token. */
export function decodeTokenPayload(token: string): Record<string, unknown> {
  const middle = token.split('.')[1];
  if (middle === undefined) throw new Error(`not a three-part token: ${token}`);
  return JSON.parse(Buffer.from(middle, 'base64url').toString('utf8')) as Record<string, unknown>;
}
