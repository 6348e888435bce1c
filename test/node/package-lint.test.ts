/**
 * The packed package passes the two package linters third parties use (issue 24 "The package"):
 * - publint (package.json fields, exports conditions, the files they point at are in the tarball),
 *   strict: a warning is an error;
 * - Are the Types Wrong (`attw`): every entry point ("s72-player", "/react", "/client", "/cdn")
 *   resolves to JavaScript and to its type declarations under the node10, node16 (from ESM) and
 *   bundler module resolutions. The one rule ignored is `cjs-resolves-to-esm`: the package is
 *   ESM-only on purpose, so a CommonJS `require()` under node16 gets "use a dynamic import".
 * Both run on the tarball `npm pack` makes, i.e. exactly what a user installs.
 * Needs `npm run build:lib` first (the test command builds).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const packDir = mkdtempSync(join(tmpdir(), 's72-package-lint-'));
after(() => rmSync(packDir, { recursive: true, force: true }));

const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
) as Array<{ filename: string }>;
const TARBALL = join(packDir, packed!.filename);

test('publint (strict) reports nothing on the packed package', async () => {
  const bytes = readFileSync(TARBALL);
  const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const { messages, pkg } = await publint({ pkgDir: 'package', pack: { tarball }, strict: true, level: 'warning' });
  assert.deepEqual(
    messages.map((message) => `${message.type} ${message.code}: ${formatMessage(message, pkg, { color: false })}`),
    [],
  );
});

interface AttwEntrypoint {
  resolutions: Record<string, { resolution?: { fileName?: string; isTypeScript?: boolean } }>;
}
interface AttwReport {
  analysis: { problems: Array<{ kind: string; entrypoint?: string; resolutionKind?: string }>; entrypoints: Record<string, AttwEntrypoint> };
  problems?: Record<string, unknown>;
}

test('attw: every entry point resolves to JavaScript and its types under node10, node16 and bundler resolution', () => {
  let output: string;
  let failed = false;
  try {
    output = execFileSync(
      process.execPath,
      [`${ROOT}node_modules/@arethetypeswrong/cli/dist/index.js`, TARBALL, '--format', 'json', '--ignore-rules', 'cjs-resolves-to-esm'],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    // attw exits 1 when it finds a problem; the JSON report is still on stdout.
    failed = true;
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as AttwReport;
  const entrypoints = Object.keys(report.analysis.entrypoints).sort();
  assert.deepEqual(entrypoints, ['.', './cdn', './client', './custom-elements.json', './package.json', './react']);
  const problems = report.analysis.problems
    .filter((problem) => problem.kind !== 'CJSResolvesToESM')
    .map((problem) => `${problem.entrypoint ?? ''} ${problem.resolutionKind ?? ''}: ${problem.kind}`);
  assert.deepEqual(problems, []);
  assert.equal(failed, false, 'attw exited with an error');
  // Each code entry point has declarations under every resolution (not only "no problem found").
  for (const entry of ['.', './react', './client', './cdn']) {
    for (const kind of ['node10', 'node16-esm', 'bundler']) {
      const resolution = report.analysis.entrypoints[entry]!.resolutions[kind]?.resolution;
      assert.ok(resolution?.isTypeScript && resolution.fileName?.endsWith('.d.ts'), `${entry} (${kind}) resolves to ${resolution?.fileName}`);
    }
  }
});
