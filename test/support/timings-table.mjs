// Per-file timings printed at the end of a test run (the Node/e2e reporter and the browser-test
// reporter share this table), so that a CI log shows where the suite's time goes.
import { relative } from 'node:path';

/** How many of the slowest files the table lists (TEST_TIMINGS_TOP=0: all of them). */
const TOP = Number(process.env.TEST_TIMINGS_TOP ?? 25);

/**
 * A table of files, slowest first: wall seconds from the file's start to its end (with files run
 * concurrently, these overlap: their sum is more than the run took), share of the summed time and
 * number of tests.
 * @param {string} title
 * @param {Array<{ file: string; seconds: number; tests: number; failed?: number }>} rows
 * @param {{ wallSeconds?: number }} [options]
 */
export function timingsTable(title, rows, { wallSeconds } = {}) {
  const sorted = [...rows].sort((a, b) => b.seconds - a.seconds);
  const total = sorted.reduce((sum, row) => sum + row.seconds, 0);
  const shown = TOP > 0 ? sorted.slice(0, TOP) : sorted;
  const names = shown.map((row) => relative(process.cwd(), row.file) || row.file);
  const width = Math.max(4, ...names.map((name) => name.length));
  const lines = [
    '',
    `== ${title}: ${sorted.length} files, ${total.toFixed(1)} s summed` +
      (wallSeconds === undefined ? '' : `, ${wallSeconds.toFixed(1)} s wall`) +
      (shown.length < sorted.length ? ` (the ${shown.length} slowest; TEST_TIMINGS_TOP=0 lists all)` : ''),
    `${'file'.padEnd(width)}  ${'seconds'.padStart(8)}  ${'share'.padStart(6)}  ${'tests'.padStart(5)}`,
  ];
  shown.forEach((row, i) => {
    const share = total > 0 ? `${((100 * row.seconds) / total).toFixed(1)} %` : '';
    const failed = row.failed ? `  (${row.failed} failed)` : '';
    lines.push(`${names[i].padEnd(width)}  ${row.seconds.toFixed(1).padStart(8)}  ${share.padStart(6)}  ${String(row.tests).padStart(5)}${failed}`);
  });
  return `${lines.join('\n')}\n`;
}
