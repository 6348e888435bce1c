/**
 * The Google Cast sender script as the e2e pages get it: this lab has no network, so
 * `https://www.gstatic.com/cv/js/sender/…` is answered with the fake Cast framework
 * (test/helpers/fake-cast.ts, the real SDK interface), bundled once per process. It installs itself
 * the way the real script does (globals, then `window.__onGCastApiAvailable(true)`) and is reachable
 * as `window.__fakeCast`. The demo storefront enables casting (issue 26), so every play page loads
 * it, as a viewer's browser loads Google's. Like a browser on a network without Cast devices, it
 * finds none (NO_DEVICES_AVAILABLE: no cast button); test/e2e/cast.e2e.test.ts brings its own
 * sender, with a receiver.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the real sender script comes from (`CAST_SDK_URL`). */
export const CAST_SENDER_ROUTE = 'https://www.gstatic.com/cv/js/sender/**';

const ENTRY = `
import { FakeCast } from './test/helpers/fake-cast.ts';
const fake = new FakeCast();
fake.devicesAvailable = false;
window.__fakeCast = fake;
fake.injector(document.currentScript ? document.currentScript.src : 'cast_sender.js');
`;

let bundle: Promise<string> | null = null;

/** The bundled fake sender script. */
export function fakeCastSender(): Promise<string> {
  return (bundle ??= build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'ts', sourcefile: 'fake-cast-sender.ts' },
    bundle: true,
    format: 'iife',
    write: false,
    tsconfig: `${ROOT}tsconfig.json`,
    logLevel: 'warning',
  }).then((result) => result.outputFiles[0]!.text));
}
