import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';

/**
 * The Billing pages read-only against the real server (apps/server/src/seed): the holder's
 * invoices and their PDFs, who sees the Billing tabs, and what each page downloads cold.
 */

test.describe('Billing pages', () => {
  test('the holder downloads an invoice PDF under its file name', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/billing/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Invoices and Payments History' });
    await expect(table).toBeVisible();
    await expect(page.getByLabel('Rows per page')).toHaveValue('5');
    await expect(table.getByRole('row')).toHaveCount(6);
    await expectNoSeriousA11yViolations(page);

    const button = table.getByRole('button', { name: /^Download invoice/ }).first();
    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^outpost-invoice-#\d+-\d+\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expect(page.getByText('Invoice downloaded successfully.')).toBeVisible();
  });

  test('a contact with billing permissions sees the Billing tabs; one without is sent home', async ({
    page,
  }) => {
    await logIn(page, 'billing', 'Alex');
    await page.goto('/billing/one-off-payment');
    const tabs = page.getByRole('navigation', { name: 'Billing sections' });
    await expect(tabs.getByRole('link')).toHaveText([
      'Invoices',
      'One-Off Payment',
      'Recurring Payment Method',
    ]);
    await expect(tabs.getByText('Unbilled Calls')).toHaveAttribute('aria-disabled', 'true');
    await expect(tabs.getByRole('link', { name: 'One-Off Payment' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousA11yViolations(page);
    await tabs.getByRole('link', { name: 'Recurring Payment Method' }).click();
    await expect(page.getByText('Automatic debit from Credit Card')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.evaluate(() => window.localStorage.clear());
    await logIn(page, 'services', 'Sam');
    await page.goto('/billing/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Sam' })).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('what each billing page transfers cold (for the issue note)', async ({ page, context }) => {
    await logIn(page, 'holder', 'Jordan');
    const pages: [string, (p: Page) => Promise<unknown>][] = [
      [
        '/billing/invoices',
        (p) =>
          expect(p.getByRole('table', { name: 'Invoices and Payments History' })).toBeVisible(),
      ],
      [
        '/billing/one-off-payment',
        (p) => expect(p.getByRole('button', { name: 'Use Existing Card' })).toBeVisible(),
      ],
      [
        '/billing/recurring-payment-method',
        (p) => expect(p.getByText('Automatic debit from Credit Card')).toBeVisible(),
      ],
    ];
    for (const [path, ready] of pages) {
      const cold = await context.newPage();
      const cdp = await context.newCDPSession(cold);
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      let bytes = 0;
      let requests = 0;
      cdp.on('Network.loadingFinished', (event) => {
        bytes += event.encodedDataLength;
        requests += 1;
      });
      await cold.goto(path);
      await ready(cold);
      await cold.waitForLoadState('networkidle');
      test.info().annotations.push({
        type: 'cold bytes',
        description: `${path}: ${(bytes / 1024).toFixed(1)} KiB in ${requests} requests`,
      });
      console.log(`cold ${path}: ${(bytes / 1024).toFixed(1)} KiB in ${requests} requests`);
      expect(bytes).toBeGreaterThan(0);
      await cold.close();
    }
  });
});
