import { test as base, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';

/**
 * The suite's `test`: every test ends with axe on the page it leaves open (specs also check each
 * page they pass through), so a new spec is checked without anyone remembering to add it.
 */
export const test = base.extend<{ axeOnLastPage: void }>({
  axeOnLastPage: [
    async ({ page }, use) => {
      await use();
      if (!page.isClosed() && page.url().startsWith('http')) {
        await page.waitForLoadState('domcontentloaded');
        await expectNoSeriousA11yViolations(page);
      }
    },
    { auto: true },
  ],
});

export { expect };
