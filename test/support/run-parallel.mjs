// Runs npm scripts side by side (`node test/support/run-parallel.mjs typecheck lint`): each one's
// output is printed whole when it ends (no interleaved lines), then how long each took; exits with
// the first non-zero code. `npm test` uses it for the checks that need nothing from each other.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const started = performance.now();
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const chunks = [];
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk) => chunks.push(chunk));
        child.stderr.on('data', (chunk) => chunks.push(chunk));
        child.on('close', (code, signal) => {
          const seconds = (performance.now() - started) / 1000;
          process.stdout.write(`\n== npm run ${script}: ${code === 0 ? 'ok' : `failed (${signal ?? code})`}, ${seconds.toFixed(1)} s\n`);
          process.stdout.write(Buffer.concat(chunks));
          resolve({ script, code: code ?? 1 });
        });
      }),
  ),
);
const failed = results.find((result) => result.code !== 0);
process.exitCode = failed ? failed.code : 0;
