// Browser tests (unit, component, integration) in real Chromium, against the real demo storefront.
// Run through `npm run test:browser`, which loads tsx so this file can start the TypeScript server.
import { createServer } from 'node:net';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { createDemoServer } from './demo/server/app.ts';
import { CHROME_FLAGS, CHROME_PATH } from './test/support/chromium.mjs';
import { reactEsmPlugin } from './test/shell/support/react-esm-plugin.mjs';
import { timingsReporter } from './test/support/wtr-timings-reporter.mjs';

/**
 * The package's own specifiers → its sources, for the play page's modules and their tests (the
 * shell imports the player only through them). Mirrors `paths` in tsconfig.json and `resolve.alias`
 * in src-shell/vite.config.ts; runs before node-resolve, which would pick the built dist/ files.
 */
const PACKAGE_SOURCES = {
  's72-player': '/src-element/index.ts',
  's72-player/react': '/src-element/react/index.ts',
  's72-player/client': '/src-element/core/client/index.ts',
};
const packageSourcesPlugin = () => ({
  name: 's72:package-sources',
  resolveImport: ({ source }) => PACKAGE_SOURCES[source],
});

// The element's DASH engine is s72-player's own Closure build of shaka-player, as in the CDN build
// and the play page (scripts/build-shaka.ts): compiled here when its inputs changed, else reused.
const { buildShakaDash, SHAKA_DASH_SPECIFIER } = await import('./scripts/build-shaka.ts');
await buildShakaDash();
const ownShakaDashBuildPlugin = () => ({
  name: 's72:own-shaka-dash-build',
  resolveImport: ({ source }) => (source === SHAKA_DASH_SPECIFIER ? '/build/shaka/shaka-player.s72-dash.js' : undefined),
});

// Chromium's default autoplay policy is kept on purpose (CHROME_FLAGS, not CHROME_FLAGS_AUTOPLAY):
// tests that play start muted, and the muted-autoplay fallback is tested against the real policy.

// One demo storefront for the whole run, on a free port, control API on; tests read its origin
// from `window.S72_DEMO_ORIGIN` (test/helpers/demo.ts).
// The control API answers only its own origin and an allow-list: the runner's page is on another
// origin, so the runner listens on a known port and that one origin is allowed (tokens unredacted).
const runnerPort = await new Promise((resolve) => {
  const probe = createServer().listen(0, 'localhost', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const demo = await createDemoServer({
  port: Number(process.env.DEMO_TEST_PORT ?? 0),
  control: { origins: [`http://localhost:${runnerPort}`], revealTokens: true },
  logger: false,
});
for (const signal of ['SIGINT', 'SIGTERM', 'exit']) process.once(signal, () => void demo.close());

export default {
  port: runnerPort,
  files: ['test/**/*.test.{ts,tsx}', '!test/e2e/**', '!test/server/**', '!test/node/**'],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  // Per-file timings at the end of the run (slowest first), after the usual report.
  reporters: [defaultReporter(), timingsReporter()],
  concurrency: 1,
  concurrentBrowsers: 1,
  browserStartTimeout: 60_000,
  testsStartTimeout: 60_000,
  testsFinishTimeout: 900_000,
  testFramework: { config: { timeout: 30_000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROME_PATH,
        headless: true,
        args: [...CHROME_FLAGS],
      },
    }),
  ],
  mimeTypes: { '**/*.tsx': 'js' },
  plugins: [
    // React ships CommonJS only: serve it as ES modules (one shared copy).
    reactEsmPlugin(),
    packageSourcesPlugin(),
    ownShakaDashBuildPlugin(),
    esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
  ],
  testRunnerHtml: (testFramework) => `<!doctype html>
    <html><head><meta charset="utf-8"></head><body>
      <script>window.S72_DEMO_ORIGIN = ${JSON.stringify(demo.url)}; window.process = { env: { NODE_ENV: 'development' } };</script>
      <script type="module" src="${testFramework}"></script>
    </body></html>`,
};
