import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';

/**
 * My Services against the real server and its seeded database (apps/server/src/seed/services.ts):
 * the holder's account has 200101 (Sky Muster Plus, Sky Muster Plus 50, a change to 100 scheduled),
 * 200102 (Fixed Wireless, pending), 200103 (Landline) and 200104 (VoIP). Each test works on its own
 * service, so the tests do not depend on their order.
 */

const SKY_MUSTER = 'Sky Muster Plus AVC000123456789';
const LANDLINE = 'Landline 07 5550 0123';

test.describe('My Services', () => {
  test('the holder buys a data block from Data Blocks and sees it applying, at its price', async ({
    page,
  }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services/data-blocks');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Blocks' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'My Services sections' });
    await expect(tabs.getByRole('link', { name: 'Data Blocks' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // The chosen plan is kept in the address and survives a reload.
    const plan = page.getByRole('combobox', { name: 'Plan' });
    await expect(plan).toHaveValue('200101');
    await plan.selectOption('200102');
    await expect(page).toHaveURL('/services/data-blocks?service=200102');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('200102');
    // Pending: nothing to buy yet.
    await expect(page.getByRole('button', { name: 'Buy Data Block' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Plan' }).selectOption('200101');

    await page.getByRole('button', { name: 'Buy Data Block' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy a Data Block' });
    await dialog.getByRole('button', { name: 'Select Data Block 10 GB' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm' })).toBeVisible();
    await expect(dialog).toContainText('Price$25.00');
    await expect(dialog).toContainText('Data blocks cannot be refunded or credited.');
    await expect(dialog).toContainText(
      'The data can take up to two and a half hours to be added to your service.',
    );
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Confirm and buy Data Block 10 GB' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'You have bought Data Block 10 GB for $25.00.',
    );
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);

    const purchases = page.getByRole('table', {
      name: `Data blocks purchased for ${SKY_MUSTER}`,
    });
    // Newest first.
    const newest = purchases.getByRole('row').nth(1);
    await expect(newest).toContainText('Data Block 10 GB');
    await expect(newest.getByRole('cell', { name: '$25.00' })).toBeVisible();
    await expect(newest.getByRole('cell', { name: 'Applying' })).toBeVisible();
  });

  test('on a small phone, each data block is a row with its details a tap away, and blocks of earlier periods read Expired', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services/data-blocks?service=200101');
    // The plan picker names the service first, its AVC id after.
    const plan = page.getByRole('combobox', { name: 'Plan' });
    await expect(plan.locator('option:checked')).toHaveText(
      'Sky Muster Plus at 12 Wattle Rd, Longreach QLD · Sky Muster Plus 50 · AVC000123456789',
    );
    const purchases = page.getByRole('list', {
      name: `Data blocks purchased for ${SKY_MUSTER}`,
    });
    // The seed bought two blocks in earlier periods: the oldest rows.
    const rows = purchases.getByRole('listitem');
    const oldest = rows.last();
    await expect(oldest.getByText('Expired', { exact: true })).toBeVisible();
    await expect(rows.nth((await rows.count()) - 2).getByText('Expired')).toBeVisible();
    await expect(oldest.getByText('Active', { exact: true })).toHaveCount(0);

    // A row: the block, its date and its status on one short row; the rest opens under it.
    const row = (await oldest.boundingBox())!;
    expect(row.width).toBeLessThanOrEqual(360);
    expect(row.height).toBeLessThan(90);
    await expect(oldest.getByRole('term')).toHaveCount(0);
    await oldest.locator('summary').click();
    await expect(oldest.getByRole('term')).toHaveText([
      'Peak data',
      'Off-Peak data',
      'Price',
      'Expires',
    ]);
    await expectNoSeriousA11yViolations(page);
  });

  test('the holder schedules a plan change for the next period, sees it upcoming, then cancels it', async ({
    page,
  }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'My Services' })).toBeVisible();

    // View usage is the row's button; the other actions are in its Manage menu.
    await expect(
      page.getByRole('link', { name: `View usage for ${SKY_MUSTER}`, exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: `Manage ${SKY_MUSTER}`, exact: true }).click();
    await expect(page.getByRole('menu', { name: `Manage ${SKY_MUSTER}` })).toBeVisible();
    await page.getByRole('menuitem', { name: `Change Plan for ${SKY_MUSTER}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Plan' });
    await expect(dialog.getByRole('heading', { name: 'Select Plan' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Plans' }).getByRole('listitem')).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);

    // Plan 150 is offered from the next period only; choosing it replaces the scheduled change.
    await dialog.getByRole('button', { name: 'Downgrade to Sky Muster Plus 150' }).click();
    await expect(dialog.getByRole('heading', { name: 'Review Options' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Next Period' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Current Period' })).toHaveCount(0);
    await expect(dialog).toContainText('Early termination fee for a 30 day plan: $0.00');
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      'Your plan will change to Sky Muster Plus 150 on',
    );
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    const upcoming = page.getByRole('table', { name: 'Upcoming Plan Changes' });
    const row = upcoming.getByRole('row').filter({ hasText: 'AVC000123456789' });
    await expect(row).toContainText('Sky Muster Plus 150');
    await expect(row).toContainText('150 GB Peak');

    await row.getByRole('button', { name: `Cancel change for ${SKY_MUSTER}` }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Plan Change' });
    await expect(cancel).toContainText('is due to change to Sky Muster Plus 150');
    await cancel.getByRole('button', { name: 'Yes, cancel the change' }).click();
    await expect(cancel.getByRole('status')).toHaveText(
      'The upcoming plan change has been cancelled. You stay on Sky Muster Plus 50.',
    );
    await cancel.getByRole('button', { name: 'Close' }).last().click();

    await expect(page.getByRole('heading', { name: 'Upcoming Plan Changes' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Manage My Services' })).toContainText(
      'Sky Muster Plus 50',
    );
  });

  test('the holder names a service on a small phone, then removes the name', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');

    // From the keyboard, as the Manage menu button pattern has it.
    const manage = page.getByRole('button', { name: `Manage ${LANDLINE}`, exact: true });
    await manage.focus();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('menuitem', { name: `Add Nickname for ${LANDLINE}` }),
    ).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Add Nickname' });
    const input = add.getByRole('textbox', { name: 'Nickname' });
    await expect(input).toBeFocused();
    await input.fill('Kitchen phone');
    await expect(add.getByText('7 characters remaining')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByRole('status')).toHaveText(`${LANDLINE} is now called Kitchen phone.`);
    await add.getByRole('button', { name: 'Close' }).last().click();

    const named = `Kitchen phone (${LANDLINE})`;
    // Focus is back on the row's Manage button, whose menu now offers the removal.
    const manageNamed = page.getByRole('button', { name: `Manage ${named}`, exact: true });
    await expect(manageNamed).toBeFocused();
    await manageNamed.click();
    const remove = page.getByRole('menuitem', { name: `Remove Nickname for ${named}` });
    await expect(remove).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Manage My Services' })
        .getByRole('listitem')
        .filter({ hasText: 'Kitchen phone' }),
    ).toBeVisible();

    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Remove Nickname' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm.getByRole('status')).toHaveText(
      `The nickname has been removed from ${LANDLINE}.`,
    );
    await confirm.getByRole('button', { name: 'Close' }).last().click();
    await manage.click();
    await expect(
      page.getByRole('menuitem', { name: `Add Nickname for ${LANDLINE}` }),
    ).toBeVisible();
    await expect(page.getByText('Kitchen phone')).toHaveCount(0);
  });

  test('a contact without change-plan sees no Change Plan button and the server refuses the call', async ({
    page,
  }) => {
    // `viewer` may see services and usage, not change them (docs/decisions/004).
    await logIn(page, 'viewer', 'Jamie');
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'My Services' })).toBeVisible();
    await expect(page.getByText(SKY_MUSTER).first()).toBeVisible();
    // Every Manage menu open: none offers a change.
    const menus = page.getByRole('button', { name: /^Manage / });
    for (let i = 0; i < (await menus.count()); i += 1) {
      await menus.nth(i).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expect(page.getByRole('menuitem', { name: /Make a Request/ })).toBeVisible();
      await expect(
        page.getByRole('menuitem', { name: /Change Plan|Buy Data Block|Nickname/ }),
      ).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    await expect(
      page.getByRole('button', { name: /Change Plan|Buy Data Block|Nickname/ }),
    ).toHaveCount(0);

    // The same session asking the server directly is refused.
    const token = await page.evaluate(() => {
      const stored = JSON.parse(window.localStorage.getItem('sm_api_token') ?? '{}') as {
        token?: string;
      };
      return stored.token ?? '';
    });
    expect(token).not.toBe('');
    const refused = await page.request.post(
      buildPath(apiPaths.changePlanPrepare, { serviceid: 200101 }),
      {
        headers: { 'X-User-Token': token },
        data: { planid: 24, when: 'Next Period', options: [] },
      },
    );
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      data: { error: 'Invalid request: you do not have permission to do this.' },
    });
  });

  test('a contact without view-services is sent home from My Services', async ({ page }) => {
    await logIn(page, 'billing', 'Alex');
    await page.goto('/services');
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', {
        name: 'My Services',
      }),
    ).toHaveCount(0);
  });
});
