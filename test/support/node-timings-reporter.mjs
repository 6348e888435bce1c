// A `node --test` reporter that prints, at the end of the run, how long each test file took
// (slowest first): `npm run test:e2e` uses it next to the spec reporter.
import { timingsTable } from './timings-table.mjs';

export default async function* nodeTimingsReporter(source) {
  const started = performance.now();
  /** @type {Map<string, { file: string; seconds: number; tests: number; failed: number }>} */
  const files = new Map();
  const row = (file) => {
    let entry = files.get(file);
    if (!entry) files.set(file, (entry = { file, seconds: 0, tests: 0, failed: 0 }));
    return entry;
  };
  for await (const event of source) {
    const { type, data } = event;
    if (!data?.file) continue;
    // Each file is a test of its own named by its path (process isolation): its duration is the
    // file's wall time, start-up and hooks included.
    if (type === 'test:complete' && data.name === data.file) {
      row(data.file).seconds = (data.details?.duration_ms ?? 0) / 1000;
    } else if ((type === 'test:pass' || type === 'test:fail') && data.name !== data.file && data.details?.type !== 'suite') {
      const entry = row(data.file);
      entry.tests += 1;
      if (type === 'test:fail') entry.failed += 1;
    }
  }
  yield timingsTable('Node/e2e test files', [...files.values()], { wallSeconds: (performance.now() - started) / 1000 });
}
