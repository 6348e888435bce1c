/**
 * Starts the demo storefront and prints the URLs to open.
 *
 * Environment: `PORT` (default 8080), `DEMO_CONTROL=0` turns the control API off, `DEMO_LOG=1` logs
 * requests, `DEMO_HOST` changes the interface (default localhost).
 * Run with `node --import tsx demo/server/main.ts` (or `npm run serve`, through main.mjs).
 */
import { createDemoServer, playPageLinks } from './app.js';

const port = Number(process.env['PORT'] ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(process.env['PORT'])}`);
  process.exit(1);
}
const control = process.env['DEMO_CONTROL'] !== '0';

const demo = await createDemoServer({ port, control, logger: process.env['DEMO_LOG'] === '1', host: process.env['DEMO_HOST'] });

const lines = [
  `s72 demo storefront on ${demo.url}/`,
  '',
  'Play page (npm run build first):',
  ...playPageLinks(demo.catalogue).map((l) => `  ${l.label.padEnd(50)} ${demo.url}${l.href}`),
  '',
  `Element page:      ${demo.url}/demo/element.html`,
  `Sign in:           ${demo.url}/signin.html`,
  `Supported devices: ${demo.url}/device-support`,
  control ? `Control API:       ${demo.url}/__demo/  (DEMO_CONTROL=0 turns it off)` : 'Control API:       off (DEMO_CONTROL=0)',
  '',
  'Viewers: demo-adult-token (PIN 1234), demo-nodob-token, demo-minor-token — see demo/CATALOGUE.md',
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
