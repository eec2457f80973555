import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * A scan run by `axe.run` in the page itself (AxeBuilder's legacy mode). Its default runs each frame's part
 * and then finishes the run in a new blank page, a renderer of its own per scan, which made a scan cost
 * twice as much; the legacy mode gives up only cross-origin frames, and the app has none. It collects the
 * violations alone: axe then skips building a selector for every element that passed, the end of a scan
 * that is longest on a large screen such as Settings (axe-core's `resultTypes` option).
 */
const scanOf = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/** axe on the page as it is now: every rule, no serious or critical violation, each listed with its elements. */
export async function expectNoSeriousViolations(page: Page) {
  expectNoSerious(await scanOf(page).analyze());
}

/**
 * The same scan limited to the part of the page matching `selector`: for a dialog opened over a screen
 * that another scan of the same test covers, so axe spends its time on what the dialog added.
 */
export async function expectNoSeriousViolationsIn(page: Page, selector: string) {
  expectNoSerious(await scanOf(page).include(selector).analyze());
}

function expectNoSerious(results: Awaited<ReturnType<AxeBuilder['analyze']>>) {
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
