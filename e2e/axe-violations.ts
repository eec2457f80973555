import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on the page as it is now: every rule, no serious or critical violation, each listed with its elements.
 * It collects the violations alone: axe then skips building a selector for every element that passed, the
 * end of a scan that is longest on a large screen such as Settings (axe-core's `resultTypes` option).
 */
export async function expectNoSeriousViolations(page: Page) {
  expectNoSerious(await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze());
}

/**
 * The same scan limited to the part of the page matching `selector`: for a dialog opened over a screen
 * that another scan of the same test covers, so axe spends its time on what the dialog added.
 */
export async function expectNoSeriousViolationsIn(page: Page, selector: string) {
  expectNoSerious(
    await new AxeBuilder({ page })
      .include(selector)
      .options({ resultTypes: ['violations'] })
      .analyze(),
  );
}

function expectNoSerious(results: Awaited<ReturnType<AxeBuilder['analyze']>>) {
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
