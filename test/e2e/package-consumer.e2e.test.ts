/**
 * The package as a third party adopts it: `npm pack`, the tarball installed into a fresh Vite +
 * React + TypeScript app (test/fixtures/consumer-app, with React 19 and with React 18), type-checked
 * with `skipLibCheck: false`, built with Vite, and played in Chromium from the built app against the
 * demo storefront. Needs the library built (`npm run build:lib`; `npm test` builds first) and the
 * npm registry (the app installs React and the package's dependencies like any app would).
 *
 * What the app does (src/main.tsx): the README's pattern, `content` and `config` written inline in
 * a component that re-renders 4×/s, must load the source once and play; a source that cannot play
 * fires `onError`; the plain `<s72-player>` tag in JSX type-checks and upgrades.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { Browser } from 'playwright-core';
import { launchChromium, newPage } from './support/browser.js';
import { REPO_ROOT, startDemo, type Demo } from './support/demo.js';

const run = promisify(execFile);
const BIN = join(REPO_ROOT, 'node_modules', '.bin');
const CENC_MANIFEST = '/media/feature/dash-cenc/manifest.mpd';

/** Runs a command in `cwd`; on failure the error carries its output. */
async function sh(cwd: string, file: string, args: string[], timeoutMs = 300_000): Promise<string> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' } });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`, { cause: error });
  }
}

let work: string;
let tarball: string;
let demo: Demo;
let browser: Browser;

const REACT_VERSIONS = ['19', '18'] as const;
/** Each app's directory once the packed package and its React are installed in it. */
const installs = new Map<(typeof REACT_VERSIONS)[number], Promise<string>>();

/** A copy of the consumer app with the packed package and React `react` installed. */
async function installApp(react: (typeof REACT_VERSIONS)[number]): Promise<string> {
  const app = join(work, `app-react-${react}`);
  cpSync(join(REPO_ROOT, 'test/fixtures/consumer-app'), app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `consumer-react-${react}`, private: true, type: 'module' }, null, 2));
  await sh(app, 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball, `react@${react}`, `react-dom@${react}`, `@types/react@${react}`, `@types/react-dom@${react}`]);
  return app;
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 's72-consumer-'));
  const packed = JSON.parse(await sh(REPO_ROOT, 'npm', ['pack', '--json', '--pack-destination', work])) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(work, packed[0]!.filename);
  const files = packed[0]!.files.map((file) => file.path);
  // What ships: the built files, the manifest, the licence, the docs; no sources, no tests.
  assert.deepEqual(files.filter((path) => !path.startsWith('dist/')).sort(), ['CHANGELOG.md', 'LICENSE', 'README.md', 'custom-elements.json', 'package.json']);
  assert.deepEqual(files.filter((path) => /(^|\/)(src-element|src-shell|test|demo)\//.test(path) && !path.startsWith('dist/types/')), []);
  assert.deepEqual(files.filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts')), []);
  // Both apps install side by side (mostly waiting on the registry and the disk) while the
  // storefront and the browser start; each suite below awaits its own.
  for (const react of REACT_VERSIONS) {
    const installing = installApp(react);
    installing.catch(() => undefined); // awaited (and reported) by its suite's `before`
    installs.set(react, installing);
  }
  demo = await startDemo();
  browser = await launchChromium();
});

after(async () => {
  await Promise.allSettled(installs.values()); // nothing left writing into `work`
  await browser?.close();
  await demo?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

for (const react of REACT_VERSIONS) {
  describe(`a Vite + React ${react} + TypeScript app using the packed package`, { timeout: 600_000 }, () => {
    let app: string;

    before(async () => {
      app = await installs.get(react)!;
    });

    test('installs without peer conflicts and type-checks with skipLibCheck: false (the props, the plain tag in JSX)', async () => {
      await sh(app, join(BIN, 'tsc'), ['-p', 'tsconfig.json']);
    });

    test('builds with Vite, and in Chromium: one manifest and one licence request for inline content re-rendered 4×/s, playing; onError on a broken source; the plain tag upgraded', async () => {
      await sh(app, process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error']);
      assert.ok(readdirSync(join(app, 'dist/assets')).some((file) => file.endsWith('.js')));
      const server = Fastify();
      await server.register(fastifyStatic, { root: join(app, 'dist') });
      const address = await server.listen({ port: 0, host: '127.0.0.1' });
      await demo.reset();
      const { context, page, log } = await newPage(browser);
      try {
        await page.goto(`${address}/?demo=${encodeURIComponent(demo.url)}`);
        // The film: playing well after the parent re-rendered many times.
        await page.waitForFunction(() => {
          const state = (window as unknown as { consumer: { renders: number; time: number } }).consumer;
          return state.renders >= 16 && state.time > 1;
        }, undefined, { timeout: 60_000, polling: 250 });
        const manifests = (await demo.requests(CENC_MANIFEST)).filter((request) => request.query['broken'] === undefined);
        assert.equal(manifests.length, 1, 'one manifest request for the inline content');
        // With the play token of the app's streams call (the licence server gives keys only to one).
        const licences = (await demo.licenceRequests()).filter((request) => typeof request.headers['x-play-token'] === 'string');
        assert.equal(licences.length, 1, 'one licence request for the inline content');
        // The broken source: onError fired with the player's lastError.
        await page.waitForFunction(() => (window as unknown as { consumer: { errors: string[] } }).consumer.errors.length > 0, undefined, { timeout: 30_000 });
        const errors = await page.evaluate(() => (window as unknown as { consumer: { errors: string[] } }).consumer.errors);
        assert.equal(errors.length, 1, `onError once: ${errors.join()}`);
        assert.notEqual(errors[0], 'no lastError');
        // The plain tag in JSX: upgraded, with its attributes read.
        const plain = await page.evaluate(() => {
          const element = document.getElementById('plain') as (HTMLElement & { src: string | null; startTime: number | null }) | null;
          return { upgraded: Boolean(element?.shadowRoot), src: element?.src ?? null, startTime: element?.startTime ?? null };
        });
        assert.equal(plain.upgraded, true);
        assert.match(plain.src ?? '', /\/media\/feature\/dash\/manifest\.mpd$/);
        assert.equal(plain.startTime, 2);
        assert.deepEqual(log.errors.filter((line) => !/Failed to load resource|licen[cs]e/i.test(line)), []);
      } finally {
        await context.close();
        await server.close();
      }
    });
  });
}
