import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What a browser test checks of each screen it passes through, so that one pass over the screens proves
 * them all: nothing scrolls sideways (on a phone: docs/product/overview.md#navigation) and the page has
 * broken none of its own Content-Security-Policy (docs/product/auth.md#forged-requests), no eval, inline
 * handler or foreign source.
 */
export type ScreenCheck = (ready: Locator, label: string) => Promise<void>;

/**
 * Watches every page `page` opens from now on (set before the first one) for policy violations, from its
 * first script on; the answer checks the screen shown now, once `ready` is on it.
 */
export async function watchScreens(page: Page): Promise<ScreenCheck> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${location.pathname}: ${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return async (ready, label) => {
    await expect(ready, label).toBeVisible();
    const shown = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      violations: (window as unknown as { cspViolations: string[] }).cspViolations,
    }));
    expect(shown.width, `${label} is ${shown.width} px wide`).toBeLessThanOrEqual(shown.viewport);
    expect(shown.violations, label).toEqual([]);
  };
}

/** How far the screen's own content (`main`) is wider than its box: 0 or less when it fits. */
export async function mainOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : Number.NaN;
  });
}
