/**
 * The hosted API reference (issue 24 "Done when"): the demo storefront serves, at `/docs/`, the page
 * scripts/api-docs.ts generates from custom-elements.json, and in Chromium it shows every attribute,
 * property, method, event, slot, part and CSS custom property of the manifest with a description
 * that names no internal material (spec sections, internal files, issues); it passes axe (WCAG 2.2
 * A/AA) and reads on a 390 px phone without sideways scrolling. Needs `npm run build:lib` first
 * (the test command builds).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createDemoServer, type DemoServer } from '../../demo/server/app.js';
import { SECTIONS, apiDocsHtml, rowId, sectionEntries, type Manifest } from '../../scripts/api-docs.js';
import { formatViolations, runAxe } from '../e2e/support/axe.js';
import { launchChromium } from '../e2e/support/browser.js';

const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as Manifest;
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
const player = manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === 's72-player')!;

/** What a public description must not mention: material only the project's developers can read. */
const INTERNAL = [/§\d/, /play-page/, /player-and-client/, /DESIGN\.md/, /STYLE\.md/, /issue \d+/i, /controllers\//, /core\//];
const internalIn = (text: string): string[] => INTERNAL.filter((pattern) => pattern.test(text)).map(String);

let demo: DemoServer;
let browser: Browser;
before(async () => {
  demo = await createDemoServer({ port: 0, control: false });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await demo?.close();
});

test('/docs/ serves the reference generated from the current custom-elements.json', async () => {
  const res = await fetch(`${demo.url}/docs/`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  assert.equal(await res.text(), apiDocsHtml(manifest, pkg), 'dist-docs/index.html is out of date: run npm run api-docs');
  const bare = await fetch(`${demo.url}/docs`, { redirect: 'manual' });
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.get('location'), '/docs/');
});

test('every attribute, property, method, event, slot, part and CSS property is on the page with a description free of internal references', async () => {
  const entries = sectionEntries(player);
  for (const key of ['attributes', 'properties', 'methods', 'events', 'slots', 'cssParts', 'cssProperties'] as const) {
    assert.ok(entries[key].length > 0, `the manifest has ${key}`);
  }
  const expected = SECTIONS.flatMap((section) => entries[section.key].map((entry) => ({ id: rowId(section.id, entry.name), label: `${section.title}: ${entry.name}` })));
  const page = await browser.newPage();
  try {
    await page.goto(`${demo.url}/docs/`);
    const rows = await page.evaluate(
      (ids) =>
        ids.map((id) => {
          const row = document.getElementById(id);
          return { id, found: Boolean(row), name: row?.querySelector('td')?.textContent ?? '', description: row?.querySelector('td.desc')?.textContent?.trim() ?? '' };
        }),
      expected.map((entry) => entry.id),
    );
    const problems: string[] = [];
    rows.forEach((row, i) => {
      const { label } = expected[i]!;
      if (!row.found) problems.push(`${label}: not on the page`);
      else if (!row.description) problems.push(`${label}: no description`);
      else if (internalIn(row.description).length > 0) problems.push(`${label}: "${row.description}" names ${internalIn(row.description).join(', ')}`);
    });
    assert.deepEqual(problems, []);
    // One row per entry: nothing else is listed, nothing twice.
    assert.equal(await page.locator('tbody tr').count(), expected.length);
    const text = await page.evaluate(() => document.body.innerText);
    assert.deepEqual(internalIn(text), [], 'the page (summary and description included) names internal material');
    for (const name of ['license-url', 's72-error', 'timeupdate', 'error-{code}', 'play-button', '--s72-accent-color', 'preloadContent']) {
      assert.ok(text.includes(name), `${name} is on the page`);
    }
  } finally {
    await page.close();
  }
});

test('the reference passes axe (WCAG 2.2 A/AA) and reads on a 390 px phone without sideways scrolling', async () => {
  for (const width of [1280, 390]) {
    const page = await browser.newPage({ viewport: { width, height: 844 } });
    try {
      await page.goto(`${demo.url}/docs/`);
      const { violations } = await runAxe(page);
      assert.deepEqual(violations.map((violation) => violation.id), [], `${width} px:\n${formatViolations(violations)}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${width} px: the page scrolls sideways by ${overflow} px`);
      // Headings in order: one h1, the element's h2, a h3 per section.
      const headings = await page.locator('h1, h2, h3').evaluateAll((nodes) => nodes.map((node) => node.tagName));
      assert.equal(headings[0], 'H1');
      assert.equal(headings.filter((tag) => tag === 'H3').length, SECTIONS.length);
    } finally {
      await page.close();
    }
  }
});

test('manifest text is escaped: markup in a description is shown as text', () => {
  const hostile: Manifest = {
    modules: [
      {
        declarations: [
          {
            name: 'X',
            tagName: 'x-<b>',
            description: 'see `<img src=x onerror=alert(1)>` and <script>alert(2)</script>',
            attributes: [{ name: 'a"><svg onload=alert(3)>', description: '<iframe src="javascript:alert(4)">', type: { text: 'Array<string>' } }],
          },
        ],
      },
    ],
  };
  const html = apiDocsHtml(hostile, { name: 'p<q>', version: '1' });
  for (const raw of ['<img', '<script>alert', '<svg', '<iframe', '<b>', 'Array<string>', 'p<q>']) assert.ok(!html.includes(raw), `${raw} is not escaped`);
  assert.ok(html.includes('<code>&lt;img src=x onerror=alert(1)&gt;</code>'));
  assert.ok(html.includes('&lt;script&gt;alert(2)&lt;/script&gt;'));
});
