import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { createUsageLink } from './internal-api';
import { logIn } from './session';

/**
 * Data Usage against the real server and its seed (apps/server/src/seed/usage.ts): 13 months of
 * hourly usage for the holder's Sky Muster Plus service 200101 ('Sky Muster Plus 50', 50 GB Peak,
 * off-peak unmetered); `other` has 200301 (Fixed Wireless, limitless).
 */

const REPORTS = ['Summary', 'Usage Planner', 'Hourly', 'Daily', 'Monthly'] as const;

test.describe('Data Usage', () => {
  test('the holder opens every report: its table, and a chart on Hourly, Daily and Monthly', async ({
    page,
  }) => {
    // Every report and an accessibility check each: over 30 s on a loaded 2-core machine.
    test.setTimeout(60_000);
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services/usage');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'My Services sections' }).getByRole('link', {
        name: 'Data Usage',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('200101');
    const tabs = page.getByRole('tablist', { name: 'Usage reports' }).getByRole('tab');
    await expect(tabs).toHaveText([...REPORTS]);
    await expect(
      page.getByText(/^Usage last updated: \d\d\/\d\d\/\d\d \d{1,2}:00 [ap]m/),
    ).toBeVisible();

    // Summary (the first report): the allowance, the pace bar and the summary table.
    await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('progressbar', { name: 'Peak data used' })).toHaveAttribute(
      'aria-valuetext',
      /^Used: \d+%$/,
    );
    await expect(page.getByText(/^\d+% elapsed \(30 days\)$/).first()).toBeVisible();
    await expect(
      page.getByText('Off-Peak data is unmetered between midnight and 4pm.'),
    ).toBeVisible();
    const summary = page.getByRole('table', { name: 'Usage summary for this period' });
    await expect(summary.getByRole('rowheader', { name: 'Peak data' })).toBeVisible();
    await expect(summary.getByRole('columnheader', { name: 'Plan allowance (GB)' })).toBeVisible();
    await expect(summary.getByRole('row').nth(1)).toContainText('50.00');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Usage Planner' }).click();
    await expect(
      page.getByRole('heading', { name: 'What counts against your plan' }),
    ).toBeVisible();
    await expect(page.getByText('Average daily use so far')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    for (const [name, table] of [
      ['Hourly', 'Usage by hour, newest first'],
      ['Daily', 'Usage by day, newest first'],
      ['Monthly', 'Usage by month, newest first'],
    ] as const) {
      await page.getByRole('tab', { name }).click();
      await expect(page).toHaveURL(new RegExp(`tab=${name.toLowerCase()}`));
      const rows = page.getByRole('table', { name: table }).getByRole('row');
      await expect(rows.nth(1)).toBeVisible();
      const chart = page.getByRole('figure', { name: `${name} usage chart` });
      await expect(chart.locator('canvas')).toBeVisible();
      await expect(chart.getByRole('list', { name: 'Legend' })).toContainText('Peak');
      if (name === 'Monthly') await expect(rows).toHaveCount(14);
      await expectNoSeriousA11yViolations(page);
    }

    // Hovering the chart shows the figures of the row under the pointer.
    const over = page.getByRole('figure', { name: 'Monthly usage chart' }).locator('.u-over');
    const box = (await over.boundingBox())!;
    await over.hover({ position: { x: box.width - 10, y: box.height / 2 } });
    const tooltip = page.locator('.usage-chart__tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(/Peak: [\d.]+ (GB|MB)/);

    // The tab and chart type survive a reload.
    // URL-driven state: click, then wait for the radio (check() demands it at once).
    const uploadDownload = page.getByRole('radio', { name: 'Upload / Download' });
    await uploadDownload.click();
    await expect(uploadDownload).toBeChecked();
    await expect(page).toHaveURL(/tab=monthly&chart=usage/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('radio', { name: 'Upload / Download' })).toBeChecked();
    await expect(
      page
        .getByRole('table', { name: 'Usage by month, newest first' })
        .getByRole('columnheader', { name: /^Downloaded \(/ }),
    ).toBeVisible();
  });

  test('Download Report on Daily saves the report of the chart type shown', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services/usage?service=200101&tab=daily&chart=usage');
    const button = page.getByRole('button', { name: 'Download Report' });

    const usageDownload = page.waitForEvent('download');
    await button.click();
    const usage = await usageDownload;
    expect(usage.suggestedFilename()).toBe('report-day-usage-AVC000123456789.csv');
    const usageCsv = await readFile((await usage.path())!, 'utf8');
    expect(usageCsv.split('\r\n')[0]).toBe(
      'Local time (Brisbane),Downloaded (MB),Uploaded (MB),UnmeteredDownloaded (MB),UnmeteredUploaded (MB)',
    );
    expect(usageCsv.split('\r\n')[1]).toMatch(/^\d{4}-\d\d-\d\d 00:00,[\d.]+,/);
    await expect(page.getByText('Report downloaded successfully.')).toBeVisible();

    // The chart type lives in the URL: the radio is checked once the navigation has happened.
    const peak = page.getByRole('radio', { name: 'Peak / Off-Peak' });
    await peak.click();
    await expect(peak).toBeChecked();
    const consumptionDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Report' }).click();
    const consumption = await consumptionDownload;
    expect(consumption.suggestedFilename()).toBe('report-day-consumption-AVC000123456789.csv');
    const consumptionCsv = await readFile((await consumption.path())!, 'utf8');
    expect(consumptionCsv.split('\r\n')[0]).toBe(
      'Local time (Brisbane),Peak (MB),Off-peak (MB),Shaped (MB),Unmetered (MB)',
    );
  });

  test('a limitless plan opens on Hourly with the usage chart, without Summary or Usage Planner', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, 'other', 'Casey');
    await page.goto('/services/usage?service=200301');
    await expect(page.getByRole('tab', { name: 'Hourly' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tablist', { name: 'Usage reports' }).getByRole('tab')).toHaveText([
      'Hourly',
      'Daily',
      'Monthly',
    ]);
    await expect(page.getByRole('radio', { name: 'Upload / Download' })).toBeChecked();
    await expect(
      page.getByRole('figure', { name: 'Hourly usage chart' }).locator('canvas'),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('an embedded usage link shows its service once, then is refused', async ({
    page,
    context,
  }) => {
    const link = await createUsageLink(page.request, 200101);
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeVisible();
    await expect(page.getByText('Sky Muster Plus 50')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('progressbar', { name: 'Peak data used' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'My Services sections' })).toHaveCount(0);
    // No session: the usage-only token stays with this page.
    expect(await page.evaluate(() => window.localStorage.getItem('sm_api_token'))).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('sm_default_service'))).toBe(
      '200101',
    );

    await page.getByRole('tab', { name: 'Daily' }).click();
    await expect(
      page.getByRole('figure', { name: 'Daily usage chart' }).locator('canvas'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const again = await context.newPage();
    await again.goto(link.path);
    await expect(again.getByRole('alert')).toHaveText(
      'Error: this usage link has expired or was already used. Please ask for a new link.',
    );
    await expectNoSeriousA11yViolations(again);
  });
});
