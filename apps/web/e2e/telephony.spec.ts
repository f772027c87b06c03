import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';

/**
 * Call barring and landline options (issue 18; docs/decisions/021) against the real server and
 * its seed: the holder's landline 200103 has both flags. Each change is an order with a ticket
 * whose number the success step shows and My Tickets lists.
 */

const LANDLINE = 'Landline 07 5550 0123';

test.describe('call barring and landline options', () => {
  test('the holder changes call barring on a small phone and sees the ticket', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');
    await page.getByRole('button', { name: `Manage ${LANDLINE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Call Barring for ${LANDLINE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Call Barring' });
    await expect(dialog.getByText('Currently: No call barring')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This field is required');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('radio', { name: 'Bar premium rate numbers (19x)' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Call barring is free.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const status = dialog.getByRole('status');
    await expect(status).toHaveText(
      /^We have your request\. Your ticket number is T\d+; you can follow it in My Tickets\.$/,
    );
    await expectNoSeriousA11yViolations(page);
    const number = /T(\d+)/.exec((await status.textContent()) ?? '')![1]!;
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await page.goto(`/support/my-tickets/${number}`);
    await expect(page.getByText('Call barring change (07 5550 0123)').first()).toBeVisible();
  });

  test('the holder turns on call forwarding, whose number is then required', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');
    await page.getByRole('button', { name: `Manage ${LANDLINE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Landline Options for ${LANDLINE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Landline Options' });
    const forwarding = dialog.getByRole('checkbox', { name: 'Call forwarding' });
    await expect(forwarding).not.toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Forward calls to' })).toHaveCount(0);
    await expect(dialog.getByText('$3.00 per month')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await forwarding.check();
    const forwardTo = dialog.getByRole('textbox', { name: 'Forward calls to' });
    await expect(forwardTo).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This field is required');
    await expect(forwardTo).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await forwardTo.fill('0412345678');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('The monthly charge starts on your next invoice.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/Your ticket number is T\d+/);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // Opened again, the option is on with its number.
    await page.getByRole('button', { name: `Manage ${LANDLINE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Landline Options for ${LANDLINE}` }).click();
    await expect(
      page.getByRole('dialog', { name: 'Landline Options' }).getByRole('checkbox', {
        name: 'Call forwarding',
      }),
    ).toBeChecked();
    await expect(
      page
        .getByRole('dialog', { name: 'Landline Options' })
        .getByRole('textbox', { name: 'Forward calls to' }),
    ).toHaveValue('0412345678');
  });

  test('services (change-plan, no purchase-products) sees the options without the pack it may not buy', async ({
    page,
  }) => {
    // `services` holds change-plan but not purchase-products.
    await logIn(page, 'services', 'Sam');
    await page.goto('/services');
    await page.getByRole('button', { name: `Manage ${LANDLINE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Landline Options for ${LANDLINE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Landline Options' });
    await expect(dialog.getByRole('checkbox', { name: 'Voicemail' })).toBeVisible();
    await expect(dialog.getByText('International calling pack')).toHaveCount(0);
  });

  test('viewer, without change-plan, sees no Call Barring or Landline Options', async ({
    page,
  }) => {
    await logIn(page, 'viewer', 'Jamie');
    await page.goto('/services');
    const manage = page.getByRole('button', { name: `Manage ${LANDLINE}`, exact: true });
    await expect(page.getByText(LANDLINE).first()).toBeVisible();
    if ((await manage.count()) > 0) {
      await manage.click();
      await expect(
        page.getByRole('menuitem', { name: /Call Barring|Landline Options/ }),
      ).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    await expect(page.getByRole('button', { name: /Call Barring|Landline Options/ })).toHaveCount(
      0,
    );
  });
});
