/**
 * A stand-in for a third-party storefront page that embeds the play page in an iframe, served by
 * a tiny HTTP server on 127.0.0.1 (a different origin from the demo's `http://localhost:PORT`).
 *
 * A real loopback server, not a `page.route` on a made-up public host: Chromium's Local Network
 * Access checks block a public page from framing a localhost one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ParentPage {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  /** The address of a parent page framing `src`; the page records every message in `window.received`. */
  pageUrl(src: string): string;
  close(): Promise<void>;
}

/** One received window message, as recorded by the parent page. */
export interface ReceivedMessage {
  origin: string;
  data: Record<string, unknown>;
  /** Epoch ms. */
  at: number;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const RECORDER = `window.received = [];
addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data, at: Date.now() }));`;

export async function startParentPage(): Promise<ParentPage> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/recorder.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(RECORDER);
      return;
    }
    const src = url.searchParams.get('src') ?? 'about:blank';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><script src="/recorder.js"></script></head><body>
      <h1>Partner storefront</h1>
      <iframe id="player" src="${escapeAttr(src)}" width="960" height="540"
        allow="encrypted-media; autoplay; fullscreen; picture-in-picture"></iframe>
    </body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    pageUrl: (src) => `${origin}/partner/films?src=${encodeURIComponent(src)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
