/**
 * Starts the demo storefront and prints the URLs to open.
 *
 * Environment: `PORT` (default 8080), `DEMO_CONTROL=0` turns the control API off, `DEMO_LOG=1` logs
 * requests, `DEMO_HOST` changes the interface (default localhost; the control API stays off on
 * any non-loopback host), `DEMO_CONNECT_ORIGINS` / `DEMO_IMG_ORIGINS` add origins to the play page's
 * CSP `connect-src` / `img-src`.
 * Run with `node --import tsx demo/server/main.ts` (or `npm run serve`, through main.mjs).
 */
import { createDemoServer, playPageLinks } from './app.js';

const port = Number(process.env['PORT'] ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(process.env['PORT'])}`);
  process.exit(1);
}
// Unset: on when the host is loopback (the control API never listens elsewhere); DEMO_CONTROL=1 on
// another host is refused with a message.
const controlEnv = process.env['DEMO_CONTROL'];
let demo: Awaited<ReturnType<typeof createDemoServer>>;
try {
  demo = await createDemoServer({
    port,
    ...(controlEnv === undefined ? {} : { control: controlEnv !== '0' }),
    logger: process.env['DEMO_LOG'] === '1',
    host: process.env['DEMO_HOST'],
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const control = demo.control;

const lines = [
  `s72 demo storefront on ${demo.url}/`,
  '',
  'Play page (npm run build first):',
  ...playPageLinks(demo.catalogue).map((l) => `  ${l.label.padEnd(50)} ${demo.url}${l.href}`),
  '',
  `Element page:      ${demo.url}/demo/element.html`,
  `Live controls:     ${demo.url}/demo/live.html`,
  `Sign in:           ${demo.url}/signin.html`,
  `Supported devices: ${demo.url}/device-support`,
  control ? `Control API:       ${demo.url}/__demo/  (DEMO_CONTROL=0 turns it off)` : 'Control API:       off (DEMO_CONTROL=0 or a non-loopback DEMO_HOST)',
  '',
  'Viewers: demo-adult-token (PIN 1234), demo-nodob-token, demo-minor-token, demo-solo-token (one stream) — see demo/CATALOGUE.md',
  'Live Gala goes live 60 s after start (or POST /__demo/reset) and ends 10 min later: /demo/live.html reschedules it.',
];
console.log(lines.join('\n'));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing the demo storefront`);
    demo.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
