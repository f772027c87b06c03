import { test as base, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';

const CSP_VIOLATION = /Content Security Policy|Refused to (execute|load|apply|connect|frame)/;

/**
 * The suite's `test`: every test ends with axe on the page it leaves open (specs also check each
 * page they pass through), so a new spec is checked without anyone remembering to add it; and
 * no test may pass while the browser refused something under the Content-Security-Policy (an
 * inline script without its hash, a style or frame from elsewhere).
 */
export const test = base.extend<{ axeOnLastPage: void; noPolicyViolations: void }>({
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
  noPolicyViolations: [
    async ({ page }, use) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && CSP_VIOLATION.test(message.text()))
          refused.push(message.text());
      });
      await use();
      expect(refused, 'the browser refused something under the Content-Security-Policy').toEqual(
        [],
      );
    },
    { auto: true },
  ],
});

export { expect };
