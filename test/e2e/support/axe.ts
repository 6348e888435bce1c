/**
 * axe-core in a Playwright page (issue 10 "Accessibility": 0 violations of WCAG 2.2 A/AA in every
 * state). Injects `node_modules/axe-core/axe.min.js` into the page's main world and runs it on the
 * whole document; axe walks open shadow roots itself, so the controls inside `<s72-player>` (and
 * the surfaces nested in its shadow tree) are checked too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

/** The rule tags run: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = Object.freeze(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);

/** axe's source, read once. */
let axeSource: string | undefined;

/** One failing element of a violation. */
export interface AxeNode {
  /**
   * Where it is: one selector per shadow-root step (`['s72-player', 's72-control-bar', 'button']`
   * is a button inside the control bar's shadow root inside the player's).
   */
  target: string[];
  /** Its outer HTML, shortened by axe. */
  html: string;
  /** What to fix, as axe words it. */
  failureSummary: string;
}

/** One broken rule and the elements that break it. */
export interface AxeViolation {
  /** The axe rule id, e.g. `color-contrast`, `button-name`. */
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/** What one axe run found. */
export interface AxeReport {
  violations: AxeViolation[];
  /**
   * Elements inside `<s72-player>`'s shadow tree that axe checked and found fine (rule passes), as
   * target paths: proof that the run looked inside the player, not only at the page around it.
   */
  checkedInPlayer: number;
}

/** Options of {@link runAxe}. */
export interface RunAxeOptions {
  /** Rule ids not to run, each with the reason in the caller's comment. Default none. */
  disableRules?: readonly string[];
}

/**
 * Runs axe (the {@link WCAG_TAGS} rules) on the document of `target`, shadow DOM included, and
 * returns the violations with their targets. axe is injected once per document.
 */
export async function runAxe(target: Page | Frame, options: RunAxeOptions = {}): Promise<AxeReport> {
  const loaded = await target.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  // Evaluated through the DevTools protocol, not a <script>: the play page's CSP (script-src 'self')
  // would block an injected script tag, and the test must not weaken that policy.
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!loaded) await target.evaluate(`${axeSource}\n;void 0`);
  return target.evaluate(
    async ({ tags, disabled }) => {
      interface RawNode {
        target: unknown[];
        html: string;
        failureSummary?: string;
      }
      interface RawResult {
        id: string;
        impact?: string | null;
        help: string;
        helpUrl: string;
        nodes: RawNode[];
      }
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: RawResult[]; passes: RawResult[] }> } }).axe;
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
      });
      // A shadow-DOM target is an array of selectors, the first one naming the host in the page.
      const inPlayer = results.passes
        .flatMap((result) => result.nodes)
        .filter((node) => Array.isArray(node.target[0]) && String((node.target[0] as unknown[])[0]).includes('s72-player'));
      const violations = results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({
          target: node.target.flat().map(String),
          html: node.html,
          failureSummary: node.failureSummary ?? '',
        })),
      }));
      return { violations, checkedInPlayer: inPlayer.length };
    },
    { tags: [...WCAG_TAGS], disabled: [...(options.disableRules ?? [])] },
  );
}

/** A readable report of violations for an assertion message: rule, element path, html and fix. */
export function formatViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `[${violation.id}] ${violation.help} (${violation.impact ?? 'n/a'})\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' >>> ')}\n      ${node.html}\n      ${node.failureSummary.replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
}
