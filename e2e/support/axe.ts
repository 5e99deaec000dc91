// axe-core in the page (through @axe-core/playwright) and the shop's accessibility gate: zero
// serious or critical violations. Every finding (any impact) is also appended to
// e2e/artifacts/axe-report.json so the minor and moderate ones can be triaged per remote.
import { AxeBuilder } from '@axe-core/playwright';
import type { AxeResults, Result } from 'axe-core';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from './stackState';

/** WCAG 2.2 A and AA plus axe's best practices (headings, landmarks, regions). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
export const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's explanation for the first node (which attribute or value is wrong). */
  summary: string;
  /** Which app owns the nodes (from the route and the page's landmarks). */
  owner: string;
}

/** The app whose markup the node belongs to: header/footer are the shell's, main the route's. */
function ownerOf(target: string, routeOwner: string): string {
  if (/cart-mini|mini-basket|basket-count/.test(target)) return 'cart';
  if (/^(header|footer|\.site-header|\.site-footer|\.skip-link|\.app-shell)/.test(target))
    return 'shell';
  if (/remote-fallback|page-skeleton|error-screen|global-error|override-notice/.test(target))
    return 'shell';
  return routeOwner;
}

function findingsOf(violations: Result[], routeOwner: string): AxeFinding[] {
  return violations.map((violation) => {
    const targets = violation.nodes.map((node) => node.target.map(String).join(' >> '));
    return {
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets,
      summary: (violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      owner: ownerOf(targets[0] ?? '', routeOwner),
    };
  });
}

export function formatFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `  [${finding.impact}] ${finding.id} (${finding.owner}): ${finding.help}\n` +
        (finding.summary ? `      ${finding.summary}\n` : '') +
        finding.targets.map((target) => `      ${target}`).join('\n'),
    )
    .join('\n');
}

/**
 * Runs axe on the whole page as it is now, with motion reduced: a toast fading in or out has
 * colours blended with the page's for a moment, which axe measured as poor contrast (text the
 * shopper never reads at rest). The toaster drops its transitions under reduced motion, so every
 * element is at its own colours; the page's own setting is restored after.
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  const reduced = await page.evaluate(
    () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    return await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  } finally {
    await page.emulateMedia({ reducedMotion: reduced ? 'reduce' : 'no-preference' });
  }
}

/**
 * Fails when the page has a serious or critical violation; the error lists every violation
 * (id, impact, owner, targets). Returns all findings for further checks.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  routeOwner: string,
): Promise<AxeFinding[]> {
  const results = await runAxe(page);
  const findings = findingsOf(results.violations, routeOwner);
  mkdirSync(ARTIFACTS, { recursive: true });
  appendFileSync(
    join(ARTIFACTS, 'axe-report.json'),
    `${JSON.stringify({ label, url: page.url(), findings })}\n`,
  );
  const blocking = findings.filter((finding) => BLOCKING_IMPACTS.has(finding.impact));
  if (blocking.length > 0) {
    throw new Error(
      `${label}: ${blocking.length} serious/critical accessibility violation(s) ` +
        `(${findings.length} in all):\n${formatFindings(findings)}`,
    );
  }
  return findings;
}

/** Rendered h1 elements (visually hidden ones count: screen readers announce them). */
export async function renderedH1s(page: Page): Promise<string[]> {
  return page
    .locator('h1')
    .evaluateAll((headings) =>
      headings
        .filter((heading) => heading.checkVisibility({ visibilityProperty: true }))
        .map((heading) => (heading.textContent ?? '').trim()),
    );
}
