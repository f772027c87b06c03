import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';

/**
 * Landline and VoIP transfers and the new VoIP order (issue 18) against the real server and its
 * seed: the holder's landline 200103 (can_transfer) and VoIP 200104 (can_transfer and
 * can_ordernew). Each order comes with a ticket the thank-you step links to.
 */

const LANDLINE = 'Landline 07 5550 0123';
const VOIP = 'VoIP 07 5550 0456';
const ACK_MESSAGE =
  'Please click more information to see information about Priority Assistance, and tick the box if you agree.';

async function openAction(page: Page, service: string, action: string): Promise<void> {
  const group = page.getByRole('group', { name: `Manage ${service}`, exact: true });
  const item = group.getByRole('button', { name: `${action} for ${service}`, exact: true });
  if ((await item.count()) > 0 && (await item.first().isVisible())) {
    await item.first().click();
    return;
  }
  await page.getByRole('button', { name: `Manage ${service}`, exact: true }).click();
  await page.getByRole('menuitem', { name: `${action} for ${service}`, exact: true }).click();
}

async function fillApplicant(dialog: Locator, number: string | null): Promise<void> {
  if (number !== null) await dialog.getByLabel('Number', { exact: true }).fill(number);
  await dialog.getByLabel('First Name').fill('Jordan');
  await dialog.getByLabel('Last Name').fill('Citizen');
  await dialog.getByLabel('Date of Birth').fill('1970-05-01');
  if (number !== null) {
    const provider = dialog.getByLabel('Current Provider');
    await expect(provider).toBeEnabled();
    await provider.selectOption({ index: 1 });
    await dialog.getByLabel('Account Number').fill('1234567890');
  }
}

/** The thank-you's order and ticket numbers, and the link to the ticket. */
async function expectThankYou(dialog: Locator): Promise<string> {
  const status = dialog.getByRole('status');
  await expect(status).toHaveText(
    /^Thank you\. Your order number is \d+ and your ticket number is T\d+\.$/,
  );
  const number = /T\d+/.exec((await status.textContent()) ?? '')![0];
  await expect(
    dialog.getByRole('link', { name: `View ticket ${number} in My Tickets` }),
  ).toBeVisible();
  return number;
}

test.describe('transfers and new VoIP', () => {
  test('the holder transfers the landline: acknowledgement, I AGREE, a refused application, a reload on Confirm, the ticket', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');
    await openAction(page, LANDLINE, 'Request Transfer');
    const dialog = page.getByRole('dialog', { name: 'Landline Transfer' });
    await expect(dialog.getByText('Step 1 of 4')).toBeVisible();

    // Nothing filled: the spec's messages.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Number is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Current Provider is required')).toBeVisible();
    await expect(dialog.getByLabel('Number', { exact: true })).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await fillApplicant(dialog, '07 4658 1234');
    await expect(dialog.getByText('Number is required', { exact: true })).toHaveCount(0);

    // The box before More Information: the message, and it stays unticked.
    const box = dialog.getByRole('checkbox', {
      name: 'No one at the premises needs Priority Assistance.',
    });
    // By keyboard, as a keyboard-only user would.
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).not.toBeChecked();
    await expect(dialog.getByText(ACK_MESSAGE)).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: 'Details' })).toBeVisible();
    await dialog.getByRole('button', { name: 'More Information' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(/Priority Assistance is a service/)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await expect(dialog.getByText(ACK_MESSAGE)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The service's address, prefilled.
    await expect(dialog.getByRole('heading', { name: 'Service Address' })).toBeVisible();
    await expect(dialog.getByLabel('Address', { exact: true })).not.toHaveValue('');
    await expect(dialog.getByLabel('State')).toHaveValue('QLD');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The terms page inside the step; Next only once I AGREE is typed (lower case will do).
    await expect(dialog.getByRole('heading', { name: 'Terms & Conditions' })).toBeVisible();
    await expect(
      dialog
        .getByRole('region', { name: 'Landline transfer terms' })
        .getByText('A broadband service is required'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0);
    const agree = dialog.getByLabel('Type I AGREE to accept the terms');
    await agree.fill('i agre');
    await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await agree.fill('i agree');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Confirm: a reload keeps the dialog, its step and everything entered.
    await expect(dialog.getByText('Step 4 of 4')).toBeVisible();
    await expect(dialog.getByText('07 4658 1234')).toBeVisible();
    await page.reload();
    await expect(dialog.getByText('Step 4 of 4')).toBeVisible();
    await expect(dialog.getByText('07 4658 1234')).toBeVisible();
    await expect(dialog.getByText('01/05/1970')).toBeVisible();
    await expect(dialog.getByText('Agreed (you typed i agree)')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A refused application: the server's answer is stubbed here (the client checks the same
    // rules, so it never sends one the server refuses); its field error lands on its step.
    await page.route('**/api/portal/services/prepare-order/', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          data: {
            error: 'Please check the application.',
            fields: { 'applicant.date_of_birth': 'The applicant must be 18 or older.' },
          },
        }),
      }),
    );
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(dialog.getByRole('alert').first()).toHaveText('Please check the application.');
    await expect(dialog.getByText('The applicant must be 18 or older.')).toBeVisible();
    await expect(dialog.getByLabel('Date of Birth')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    await page.unroute('**/api/portal/services/prepare-order/');

    // Edited, the error goes; on to the real server.
    await dialog.getByLabel('Date of Birth').fill('1970-05-02');
    await expect(dialog.getByText('The applicant must be 18 or older.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(agree).toHaveValue('i agree');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const number = await expectThankYou(dialog);
    await expectNoSeriousA11yViolations(page);

    // The reload after success starts afresh: nothing kept.
    await dialog.getByRole('link', { name: `View ticket ${number} in My Tickets` }).click();
    await expect(page).toHaveURL(new RegExp(`/support/my-tickets/${number.slice(1)}$`));
    await expect(page.getByText('Landline transfer: 07 4658 1234').first()).toBeVisible();
    await page.goto('/support/my-tickets');
    await expect(page.getByText(number).first()).toBeVisible();
    expect(await page.evaluate(() => Object.keys(window.sessionStorage))).not.toContainEqual(
      expect.stringMatching(/^outpost-wizard:/),
    );
  });

  test('the holder transfers the VoIP number; the same number again is refused', async ({
    page,
  }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');
    const dialog = page.getByRole('dialog', { name: 'VoIP Transfer' });
    const transfer = async () => {
      await openAction(page, VOIP, 'Request Transfer');
      await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
      await expect(dialog.getByRole('checkbox')).toHaveCount(0);
      await fillApplicant(dialog, '07 4658 5678');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByRole('heading', { name: 'Service Address' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
      await expect(
        dialog.getByText('A VoIP transfer after signed forms typically takes 1-2 business days.'),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
    };

    await transfer();
    const number = await expectThankYou(dialog);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/services$/);

    // The server refuses a second transfer of the number while the first is under way (a 409 on
    // prepare): back to the Service Address with its words.
    await transfer();
    await expect(dialog.getByRole('heading', { name: 'Service Address' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(
      `A transfer of this number is already under way (ticket ${number}). We will be in touch.`,
    );
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toHaveCount(0);

    await page.goto('/support/my-tickets');
    await expect(page.getByText(number).first()).toBeVisible();
  });

  test('the holder orders a new VoIP service', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');
    await openAction(page, VOIP, 'New Service');
    const dialog = page.getByRole('dialog', { name: 'New VoIP Service' });
    await expect(dialog.getByText('Step 1 of 2')).toBeVisible();
    await expect(dialog.getByLabel('Number', { exact: true })).toHaveCount(0);
    await dialog.getByLabel('Address', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('First Name is required')).toBeVisible();
    await expect(dialog.getByText('Address is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await fillApplicant(dialog, null);
    await dialog.getByLabel('Address', { exact: true }).fill('7 Eagle St');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('VoIP orders typically take 2-10 business days.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expectThankYou(dialog);
  });

  test('services (no order-services) sees no Request Transfer or New Service', async ({ page }) => {
    await logIn(page, 'services', 'Sam');
    await page.goto('/services');
    await expect(page.getByText(LANDLINE).first()).toBeVisible();
    for (const service of [LANDLINE, VOIP]) {
      const manage = page.getByRole('button', { name: `Manage ${service}`, exact: true });
      if ((await manage.count()) > 0) {
        await manage.click();
        await expect(
          page.getByRole('menuitem', { name: /Request Transfer|New Service/ }),
        ).toHaveCount(0);
        await page.keyboard.press('Escape');
      }
    }
    await expect(page.getByRole('button', { name: /Request Transfer|New Service/ })).toHaveCount(0);
    // Nor does the address open one.
    await page.goto('/services?order=request-transfer&service=200103');
    await expect(page.getByRole('heading', { level: 1, name: 'My Services' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
