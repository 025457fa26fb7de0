/**
 * axe-core in the page under test: WCAG 2.2 level A and AA rules, violations of impact `serious`
 * or `critical` turned into one readable line each (page, rule, element, what fails).
 *
 * The script is injected as an inline `<script>`, which the product's CSP (`script-src 'self'`)
 * refuses: contexts that run axe are opened with `bypassCSP: true`.
 */
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue } from 'axe-core';

/** The WCAG 2.2 AA rule sets (A and AA of 2.0, 2.1 and 2.2). */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

/** One element failing one rule on one page or dialog. */
export interface AxeFinding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  target: string;
  html: string;
  summary: string;
}

/** Runs axe on the whole document; returns its serious and critical violations, one per element. */
export async function axeFindings(page: Page, where: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  }
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (ctx: Document, o: object) => Promise<AxeResults> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        html: n.html,
        summary: n.failureSummary ?? '',
      })),
    }));
  }, WCAG_22_AA_TAGS);
  return violations
    .filter((v) => v.impact !== null && FAILING.includes(v.impact))
    .flatMap((v) =>
      v.nodes.map((n) => ({
        where,
        rule: v.id,
        impact: v.impact!,
        help: v.help,
        target: n.target,
        html: n.html.length > 160 ? `${n.html.slice(0, 157)}…` : n.html,
        summary: n.summary.replace(/\s*\n\s*/g, ' '),
      })),
    );
}

/** One paragraph per finding, for a failing test's message. */
export function formatFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `• ${f.where} — ${f.rule} (${f.impact}): ${f.help}\n    element: ${f.target}\n    html: ${f.html}\n    ${f.summary}`,
    )
    .join('\n');
}
