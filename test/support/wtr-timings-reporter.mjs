// A web-test-runner reporter that prints, when the run stops, how long each browser test file took
// (slowest first): from the moment its session started loading in the browser to its end.
import { writeSync } from 'node:fs';
import { timingsTable } from './timings-table.mjs';

/** @returns {import('@web/test-runner').Reporter} */
export function timingsReporter() {
  /** @type {Map<string, number>} */
  const startedAt = new Map();
  /** @type {Map<string, number>} */
  const finishedAt = new Map();
  let runStarted = 0;
  /** @param {import('@web/test-runner').TestSuiteResult | undefined} suite */
  const count = (suite) => {
    if (!suite) return { tests: 0, failed: 0 };
    let tests = 0;
    let failed = 0;
    for (const test of suite.tests) {
      if (test.skipped) continue;
      tests += 1;
      if (!test.passed) failed += 1;
    }
    for (const child of suite.suites) {
      const inner = count(child);
      tests += inner.tests;
      failed += inner.failed;
    }
    return { tests, failed };
  };
  return {
    start({ sessions, startTime }) {
      runStarted = performance.now() - Math.max(0, Date.now() - startTime);
      // The first files may be starting already when reporters start: they count from the run's start.
      for (const session of sessions.all()) {
        if (session.status !== 'SCHEDULED') startedAt.set(session.id, runStarted);
      }
      sessions.on('session-status-updated', (session) => {
        if (session.status === 'INITIALIZING' && !startedAt.has(session.id)) startedAt.set(session.id, performance.now());
        if (session.status === 'FINISHED') finishedAt.set(session.id, performance.now());
      });
    },
    stop({ sessions }) {
      const rows = sessions
        .filter((session) => startedAt.has(session.id) && finishedAt.has(session.id))
        .map((session) => {
          const { tests, failed } = count(session.testResults);
          return {
            file: session.testFile,
            seconds: (finishedAt.get(session.id) - startedAt.get(session.id)) / 1000,
            tests,
            failed: failed + (session.passed === false && failed === 0 ? 1 : 0),
          };
        });
      const table = timingsTable('Browser test files', rows, { wallSeconds: (performance.now() - runStarted) / 1000 });
      // After the runner's own last lines (its summary is written once the reporters stopped).
      process.once('exit', () => writeSync(1, table));
    },
  };
}
