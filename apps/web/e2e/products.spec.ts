import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';

/**
 * Purchase a product (issue 18; spec 2 sections 2-6 and 9) against the real server and its seed:
 * Order Now on the holder's Sky Muster Plus service, a router with a billing address other than
 * the shipping one, the order's ticket in My Tickets. Each order is a new ticket of its own
 * (nothing seeded changes).
 */

const SKY_MUSTER = 'Sky Muster Plus AVC000123456789';

test.describe('purchase a product', () => {
  test('the holder orders a router on a small phone, billed elsewhere, and follows its ticket', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services');
    await page.getByRole('button', { name: `Manage ${SKY_MUSTER}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Order Now for ${SKY_MUSTER}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase a Product' });

    // 1. The catalogue: every picture arrives (the seed's names match the files).
    const radios = dialog.getByRole('radio');
    await expect(radios.first()).toBeVisible();
    const pictures = dialog.getByRole('img');
    for (let i = 0; i < (await pictures.count()); i += 1) {
      const picture = pictures.nth(i);
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(320);
    }
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This field is required');
    await expectNoSeriousA11yViolations(page);
    const router = dialog.getByRole('radio', { name: /Router/ }).first();
    const product = (await router.getAttribute('aria-labelledby'))!;
    const name = (await dialog.locator(`[id="${product}"]`).textContent())!;
    await router.check();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // 2. The address: shipping starts from the service's; billing elsewhere.
    await expect(dialog.getByRole('heading', { name: 'Address' })).toBeFocused();
    const shipping = dialog.getByRole('group', { name: 'Shipping address' });
    await expect(shipping.getByLabel('Shipping Address line 1')).not.toHaveValue('');
    await dialog
      .getByRole('checkbox', { name: 'Billing address same as shipping address' })
      .uncheck();
    const billing = dialog.getByRole('group', { name: 'Billing address' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(billing.getByText('Billing Address is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await billing.getByLabel('Billing Address line 1').fill('PO Box 77');
    await billing.getByLabel('Suburb').fill('Toowoomba');
    await billing.getByLabel('State').selectOption('QLD');
    await billing.getByLabel('Postcode').fill('2000');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(billing.getByText('This postcode is not in QLD.')).toBeVisible();
    await billing.getByLabel('Postcode').fill('4350');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // 3. Confirm.
    await expect(dialog.getByRole('heading', { name: 'Confirm' })).toBeFocused();
    await expect(dialog.getByText(new RegExp(`^${name} \\(`))).toBeVisible();
    await expect(dialog.getByText('PO Box 77')).toBeVisible();
    await expect(dialog.getByText('Toowoomba QLD 4350')).toBeVisible();
    await expect(dialog.getByText('Expected delivery within 10 business days.')).toBeVisible();
    await expect(
      dialog.getByText(/^The price of \$[\d,]+\.\d\d is charged on your next invoice\.$/),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: /^Confirm/ }).click();

    // 4. Success, with the order and ticket numbers.
    const status = dialog.getByRole('status');
    await expect(status).toHaveText(
      /^Thank you for your order\. Your order number is \d+ and your ticket number is T\d+\.$/,
    );
    await expectNoSeriousA11yViolations(page);
    const number = /T\d+/.exec((await status.textContent()) ?? '')![0];
    await dialog.getByRole('link', { name: `Follow ticket ${number} in My Tickets` }).click();
    await expect(page).toHaveURL(new RegExp(`/support/my-tickets/${number.slice(1)}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ticket', exact: true }),
    ).toBeVisible();
    await expect(page.getByText(number, { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('services (no purchase-products) is not offered Order Now', async ({ page }) => {
    await logIn(page, 'services', 'Sam');
    await page.goto('/services');
    await expect(page.getByText(SKY_MUSTER).first()).toBeVisible();
    const manage = page.getByRole('button', { name: `Manage ${SKY_MUSTER}`, exact: true });
    if ((await manage.count()) > 0) {
      await manage.click();
      await expect(page.getByRole('menuitem').first()).toBeVisible();
      await expect(page.getByRole('menuitem', { name: /Order Now/ })).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    await expect(page.getByRole('button', { name: /Order Now/ })).toHaveCount(0);
  });
});
