/**
 * Accessibility checks for the journeys: axe-core's WCAG 2.0 and 2.1 A and AA rules run on the
 * page as a person sees it, with every violation printed readably when there is one.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { untilStill } from './harness';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per violation, then one per element it was found on with what axe says to fix. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) =>
          `    ${node.target.join(' ')}\n      ${node.html}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
      );
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length})\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * Runs axe on the page (or on `within`, a CSS selector) and asserts no violation. A page with
 * frames must come from `browser.newContext()`: axe then opens a page of its own in that context.
 * The assertion is soft: the test goes on to the next screen and fails at its end with every
 * report.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  within?: string,
): Promise<void> {
  let builder = new AxeBuilder({ page })
    // WCAG 2.1's 2.5.3 (Label in Name): axe counts the rule as experimental and runs it only when
    // asked. (options() replaces every option, so it comes before withTags.)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(AXE_TAGS);
  if (within) builder = builder.include(within);
  // Colours are judged as they end up: a dialog fading in is not yet its own colour.
  await untilStill(page);
  // A page without frames is checked by one axe.run in it (legacy mode): the same rules on the
  // same document, without the blank page the frame-by-frame mode opens to join frames' results
  // (less than half the time). A page with frames is checked frame by frame.
  builder = builder.setLegacyMode(page.frames().length === 1);
  const { violations } = await builder.analyze();
  const report = violations.length ? `\n${label}:\n${describeViolations(violations)}` : '';
  expect.soft(report, `axe found violations on ${label}`).toBe('');
}
