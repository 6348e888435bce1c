import { isS72Error, type S72Error } from '../../src-element/core/errors.js';

/**
 * Browser-test access to the real demo storefront started by web-test-runner.config.mjs.
 * Its origin is injected as `window.S72_DEMO_ORIGIN`.
 */
declare global {
  interface Window {
    S72_DEMO_ORIGIN: string;
  }
}

export const demoOrigin = (): string => window.S72_DEMO_ORIGIN;
export const demoUrl = (path: string): string => new URL(path, window.S72_DEMO_ORIGIN).href;

/** The demo viewer with everything (demo/README.md). */
export const ADULT_TOKEN = 'demo-adult-token';

/** Demo media paths (demo/media/README.md). */
export const MEDIA = {
  cencDash: '/media/feature/dash-cenc/manifest.mpd',
  clearDash: '/media/feature/dash/manifest.mpd',
  hls: '/media/feature/hls/master.m3u8',
  mp4: '/media/feature/mp4/feature.mp4',
  poster: '/media/feature/poster.jpg',
} as const;

export const CLEARKEY_LICENSE_PATH = '/services/license/clearkey';

/**
 * A play token for `slug` from a real streams call of the demo storefront, whose licence server
 * gives keys only to the play token of a streams call, for that title's key ids
 * (`/film/night-harbour`: the ClearKey DASH film, `MEDIA.cencDash`).
 */
export async function playTokenFor(slug = '/film/night-harbour', authToken: string = ADULT_TOKEN): Promise<string> {
  const response = await fetch(demoUrl(`/services/playback/streams${slug}`), { method: 'POST', headers: { 'x-auth-token': authToken } });
  if (!response.ok) throw new Error(`streams ${slug}: HTTP ${response.status}`);
  return ((await response.json()) as { play_token: string }).play_token;
}

/** Calls the `/__demo/` control API; POST when a body is given. */
export async function demoControl<T = unknown>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(demoUrl(`/__demo/${path}`), {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`demo control ${path}: HTTP ${response.status}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const resetDemo = (): Promise<unknown> => demoControl('reset', {});

/** A request the storefront recorded (`GET /__demo/requests`); header names lower-case, tokens included. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  /** ISO time the request arrived (server clock). */
  at: string;
  /** Response status, once answered. */
  status?: number;
}

/** Requests recorded for a path, exact or a prefix ending with `*`, oldest first. */
export async function recordedRequests(pattern: string): Promise<RecordedRequest[]> {
  return (await demoControl<{ requests: RecordedRequest[] }>(`requests?path=${pattern}`)).requests;
}

/** Awaits `promise`, expecting it to reject with an `S72Error`, and returns that error. */
export async function rejection(promise: Promise<unknown>): Promise<S72Error> {
  try {
    await promise;
  } catch (error) {
    if (!isS72Error(error)) throw new Error(`expected an S72Error, got ${String(error)}`, { cause: error });
    return error;
  }
  throw new Error('expected a rejection');
}

/** Resolves with the next `type` event on `target`, or rejects after `timeoutMs`. */
export function nextEvent<E extends Event = Event>(target: EventTarget, type: string, timeoutMs = 20_000): Promise<E> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
    target.addEventListener(
      type,
      (event) => {
        clearTimeout(timer);
        resolve(event as E);
      },
      { once: true },
    );
  });
}

/**
 * Polls `predicate` every 50 ms until true, or rejects after `timeoutMs` with `message` (a function
 * is called then, so the message can describe the state at the timeout).
 */
export async function until(predicate: () => boolean, message: string | (() => string), timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!predicate()) {
    if (performance.now() > deadline) throw new Error(`timed out: ${typeof message === 'function' ? message() : message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
