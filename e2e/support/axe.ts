// Accessibility check for browser tests: runs axe-core in the page and fails on any serious or critical violation (issue 10, item 18).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** Evaluated rather than added as a <script> tag, which the Content-Security-Policy (no inline script) would block. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Impacts that fail a test; moderate and minor findings are left to review. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Lets finite CSS transitions and animations (a dialog fading in) end, so colours are measured as the user sees them. */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The serious and critical axe-core violations of the page as it is now (dialogs included). The page is
 * checked as a user who asks for reduced motion sees it: a notice that arrives while axe-core runs (the
 * welcome after signing in, a listener's toast) then shows at rest at once, instead of being measured
 * half faded in (its colours blended with the page's: a contrast no user reads).
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await settleAnimations(page);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return results.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      }));
    });
    return violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

/** Throws, naming each rule and element, when axe-core finds a serious or critical violation; `where` names the screen. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  if (violations.length === 0) return;
  const report = violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    ${JSON.stringify(node.target)}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
      return [`  ${violation.impact} ${violation.id}: ${violation.help}`, ...nodes].join('\n');
    })
    .join('\n');
  throw new Error(`axe-core found ${violations.length} serious or critical violation(s) on ${where} (${page.url()}):\n${report}`);
}
