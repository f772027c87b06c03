import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';

/**
 * Issue 35 at 360 px against the real server and its seed: the tab bars, the card form, the
 * usage chart's tooltip and the hourly table, Account Preferences, scheduled maintenance, call
 * barring while its order is open and editing a nickname.
 */

const NARROW = { width: 360, height: 800 };
const LANDLINE = 'Landline 07 5550 0123';
const VOIP = 'VoIP 07 5550 0456';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box on the page').not.toBeNull();
  return found!;
}

async function expectWithinViewport(page: Page, locator: Locator) {
  const { x, width } = await box(locator);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe('narrow screens (issue 35)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(NARROW);
  });

  test('transactions are rows, not cards: three fit in a glance, a credit reads green with its sign', async ({
    page,
  }) => {
    await logIn(page, 'holder', 'Jordan');
    const activity = page
      .getByRole('region', { name: 'Billing Activity' })
      .getByRole('list', { name: 'Billing Activity' });
    const rows = activity.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    // Three transactions were 600 px of cards.
    expect((await box(activity)).height).toBeLessThan(260);
    const payment = rows.filter({ hasText: 'Payment' }).first();
    const credit = payment.locator('.ledger-amount--credit');
    await expect(credit).toHaveText(/^\+\$[\d,]+\.\d\d credit$/);
    expect(await credit.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(20, 81, 43)');
    // The balance is a tap away, and the row's toggle is named by what the row says.
    await expect(payment.getByRole('term')).toHaveCount(0);
    await payment.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(payment.getByRole('term')).toHaveText(['Balance']);

    await page.goto('/billing/invoices');
    const history = page.getByRole('list', { name: 'Invoices and Payments History' });
    await expect(history.getByRole('listitem')).toHaveCount(5);
    const invoice = history.getByRole('listitem').filter({ hasText: 'Invoice' }).first();
    await invoice.locator('summary').click();
    await expect(invoice.getByRole('term')).toHaveText([
      'Transaction #',
      'Description',
      'Account Balance',
    ]);
    await expect(invoice.getByRole('button', { name: /^Download invoice/ })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test('the active tab is in view when a later tab is opened', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/support/contact');
    const support = page.getByRole('navigation', { name: /Support/ });
    const contact = support.getByRole('link', { name: 'Contact' });
    await expect(contact).toHaveAttribute('aria-current', 'page');
    await expectWithinViewport(page, contact);

    await page.goto('/billing/invoices');
    const billing = page.getByRole('navigation', { name: /Billing/ });
    await billing.getByRole('link', { name: 'Recurring Payment Method' }).click();
    const recurring = billing.getByRole('link', { name: 'Recurring Payment Method' });
    await expect(recurring).toHaveAttribute('aria-current', 'page');
    await expectWithinViewport(page, recurring);
  });

  test('the card form lines its inputs up, one under the other', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/billing/one-off-payment');
    await page.getByRole('button', { name: 'Use New Card' }).click();
    await page.getByLabel('Amount').fill('25');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
    const inputs = ['Card number', 'Expiry (MM/YY)', 'CVC'].map((label) => page.getByLabel(label));
    const boxes = await Promise.all(inputs.map(box));
    expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
    expect(new Set(boxes.map((b) => Math.round(b.width))).size).toBe(1);
    for (const b of boxes) expect(b.x + b.width).toBeLessThanOrEqual(NARROW.width);
    // Each label sits right above its own input.
    for (const [i, label] of ['Card number', 'Expiry (MM/YY)', 'CVC'].entries()) {
      const text = await box(page.locator('label', { hasText: label }).first());
      expect(boxes[i]!.y - (text.y + text.height)).toBeLessThan(12);
    }
  });

  test('the usage chart tooltip stays on screen', async ({ page }) => {
    test.setTimeout(60_000);
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services/usage?tab=daily');
    const chart = page.getByRole('figure', { name: 'Daily usage chart' });
    const over = chart.locator('.u-over');
    await expect(over).toBeVisible();
    await over.scrollIntoViewIfNeeded();
    const plot = await box(over);
    const tooltip = chart.locator('.usage-chart__tooltip');
    for (const at of [0.05, 0.5, 0.95]) {
      await page.mouse.move(plot.x + plot.width * at, plot.y + plot.height / 2);
      await expect(tooltip).toBeVisible();
      await expectWithinViewport(page, tooltip);
      // Not cut off by the chart's box either.
      const canvas = await box(chart.locator('.usage-chart__canvas'));
      const tip = await box(tooltip);
      expect(tip.x).toBeGreaterThanOrEqual(canvas.x);
      expect(tip.x + tip.width).toBeLessThanOrEqual(canvas.x + canvas.width + 0.5);
    }
  });

  test('hourly usage is grouped by day, in one unit, and a new page starts at the top', async ({
    page,
  }) => {
    // 99 rows and the closing accessibility check: over 30 s on a loaded 2-core machine.
    test.setTimeout(90_000);
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services/usage?tab=hourly');
    const table = page.getByRole('table', { name: 'Usage by hour, newest first' });
    await expect(table).toBeVisible();
    // Day headings over the hours: 'Sat 28/11/26', each row naming only its hour.
    const days = table.locator('th[scope="rowgroup"]');
    expect(await days.count()).toBeGreaterThanOrEqual(4);
    await expect(days.first()).toHaveText(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d\d\/\d\d\/\d\d$/);
    await expect(table.getByRole('rowheader').nth(1)).toHaveText(/^\d{1,2}:00 [ap]m$/);
    // One unit for every figure column.
    const headers = await table.locator('thead th').allTextContents();
    const units = new Set(headers.slice(1).map((h) => /\((MB|GB|TB)\)$/.exec(h)?.[1]));
    expect(units.size).toBe(1);
    expect(units.has(undefined)).toBe(false);
    // Rows, not four-line cards: 99 hours were 26,375 px tall.
    const { height } = await box(table);
    expect(height).toBeLessThan(6000);
    const row = await box(table.locator('tbody tr:not(.data-table__group)').first());
    expect(row.height).toBeLessThan(60);

    const pages = page.getByRole('navigation', { name: 'Pages of Usage by hour, newest first' });
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The table's top (its caption) is back in view below the sticky header.
    await expect.poll(async () => (await table.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(56);
    const top = await box(table);
    expect(top.y).toBeLessThan(NARROW.height / 2);
  });

  test('Account Preferences: no empty message box, and room between Save and the next card', async ({
    page,
  }) => {
    await logIn(page, 'mydetails', 'Robin');
    await page.goto('/account/preferences');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeVisible();
    const statuses = page.locator('.form-status');
    for (let i = 0; i < (await statuses.count()); i += 1) {
      const status = statuses.nth(i);
      if ((await status.textContent())?.trim() === '') {
        const b = await status.boundingBox();
        expect(b === null || b.height === 0, 'an empty status shows no box').toBe(true);
      }
    }
    const next = page.getByRole('region', { name: 'This device' });
    const saveBox = await box(save);
    const nextBox = await box(next);
    expect(nextBox.y - (saveBox.y + saveBox.height)).toBeGreaterThanOrEqual(8);
  });

  test("scheduled maintenance still to come says 'Starts at'", async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/support/network-status');
    const planned = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: /^Planned maintenance: Sky Muster beam SM-B27/ }),
    });
    await expect(planned).toBeVisible();
    await expect(planned.locator('dt', { hasText: /^Starts at$/ })).toBeVisible();
    await expect(planned.getByText('Started at')).toHaveCount(0);
  });

  test('call barring: the requested mode shows as pending, the current one as current', async ({
    page,
  }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');
    await page.getByRole('button', { name: `Manage ${LANDLINE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Call Barring for ${LANDLINE}` }).click();
    let dialog = page.getByRole('dialog', { name: 'Call Barring' });
    await expect(dialog.getByText(/^Currently: /)).toBeVisible();
    const current = await dialog.getByText(/^Currently: /).textContent();
    await dialog
      .getByRole('radio', { name: 'Bar all outgoing calls except emergency (000 and 112)' })
      .check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/Your ticket number is T\d+/);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('button', { name: `Manage ${LANDLINE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Call Barring for ${LANDLINE}` }).click();
    dialog = page.getByRole('dialog', { name: 'Call Barring' });
    await expect(
      dialog.getByText(
        'Requested: Bar all outgoing calls except emergency (000 and 112) (pending)',
      ),
    ).toBeVisible();
    await expect(dialog.getByText(/^Currently: /)).toHaveText(current!);
    expect(current).not.toContain('all outgoing');
  });

  test('a nickname is edited in place, without removing it first', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');
    const plain = VOIP;
    await page.getByRole('button', { name: `Manage ${plain}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Add Nickname for ${plain}` }).click();
    const add = page.getByRole('dialog', { name: 'Add Nickname' });
    await add.getByRole('textbox', { name: 'Nickname' }).fill('Office');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByRole('status')).toHaveText(`${plain} is now called Office.`);
    await add.getByRole('button', { name: 'Close' }).last().click();

    const named = `Office (${plain})`;
    await page.getByRole('button', { name: `Manage ${named}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Edit Nickname for ${named}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Nickname' });
    const input = edit.getByRole('textbox', { name: 'Nickname' });
    await expect(input).toHaveValue('Office');
    await input.fill('x'.repeat(20) + 'y');
    await expect(input).toHaveValue('x'.repeat(20));
    await input.fill('   ');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(
      edit.getByText('Please enter a nickname, or select Close to leave it as it is.'),
    ).toBeVisible();
    await input.fill('Back office');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('status')).toHaveText(`${plain} is now called Back office.`);
    await edit.getByRole('button', { name: 'Close' }).last().click();
    await expect(
      page.getByRole('button', { name: `Manage Back office (${plain})`, exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: `Manage ${named}`, exact: true })).toHaveCount(0);

    // Leave the service as the other specs expect it.
    await page.getByRole('button', { name: `Manage Back office (${plain})`, exact: true }).click();
    await page
      .getByRole('menuitem', { name: `Remove Nickname for Back office (${plain})` })
      .click();
    const remove = page.getByRole('dialog', { name: 'Remove Nickname' });
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(remove.getByRole('status')).toBeVisible();
    await remove.getByRole('button', { name: 'Close' }).last().click();
  });
});
