import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's own build, read from node_modules: nothing is downloaded while the tests run. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  /** The offending elements (selectors) and axe's explanation for the first ones. */
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe-core on the page as it is and returns its serious and critical violations (WCAG 2.x A
 * and AA and axe's best practices). The page needs a browser opened with `bypassCSP`: the server's
 * Content-Security-Policy refuses inline scripts, and axe goes in as one (`addScriptTag`).
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (
      result.violations as {
        id: string;
        impact: string;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[]
    )
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => ({
          target: node.target.join(' '),
          summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      }));
  });
}

/** The violations as lines a person can act on (the failing assertion prints them). */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((violation) => [
    `${violation.impact} ${violation.id}: ${violation.help}`,
    ...violation.nodes.map((node) => `  ${node.target} — ${node.summary}`),
  ]);
}
