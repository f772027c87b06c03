import { messages } from '@outpost/contracts/messages';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';

/**
 * Payment methods and one-off payments against the real server and its embedded sandbox gateway
 * (apps/server/src/seed): 'other' (Casey) holds account 100003, which starts with no payment method
 * and an unpaid invoice. The tests run in order on that account: the card added first is the one
 * the saved-card payment uses.
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 });

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
}

/** The one-off payment's new-card screens up to the card form, for `amount` dollars. */
async function startNewCardPayment(page: Page, amount: string) {
  await page.goto('/billing/one-off-payment');
  await page.getByRole('button', { name: 'Use New Card' }).click();
  const field = page.getByLabel('Amount');
  await field.fill(amount);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
}

test.describe('Billing: payment methods and one-off payments', () => {
  test('the holder adds a card and a bank account, makes each default in turn, and the dashboard follows', async ({
    page,
  }) => {
    await logIn(page, 'other', 'Casey');
    await page.goto('/billing/recurring-payment-method');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByText('Not Yet Set')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add Card' }).click();
    const addCard = page.getByRole('dialog', { name: 'Add Card' });
    await addCard.locator('summary', { hasText: 'Test card numbers' }).click();
    await expect(addCard.getByText('4242424242424242', { exact: true })).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await expectNoSeriousA11yViolations(page);
    await addCard.getByRole('button', { name: 'Save Card' }).click();
    await expect(addCard.getByRole('status')).toHaveText('Your card was successfully added.');
    await addCard.getByRole('button', { name: 'Close' }).last().click();

    // The first method becomes the default.
    await expect(page.getByText('Automatic debit from Credit Card')).toBeVisible();
    const card = page.getByRole('region', { name: /^Credit Card/ });
    await expect(card.getByText('Visa ending in 4242')).toBeVisible();
    await expect(card.getByText('12/30')).toBeVisible();

    await page.getByRole('button', { name: 'Add Account' }).click();
    const addBank = page.getByRole('dialog', { name: 'Add Account' });
    await addBank.getByLabel('Account holder name').fill('Casey Citizen');
    await addBank.getByLabel('Email').fill('casey@example.com');
    await addBank.getByLabel('BSB').fill('000000');
    await addBank.getByLabel('Account number').fill('000123456');
    await addBank.getByRole('button', { name: 'Save Account' }).click();
    await expect(addBank.getByRole('status')).toHaveText(
      'Your bank account was successfully added.',
    );
    await addBank.getByRole('button', { name: 'Close' }).last().click();
    const bank = page.getByRole('region', { name: /^Direct Debit/ });
    await expect(bank.getByText('Casey Citizen')).toBeVisible();
    await expect(bank.getByText('ending in 3456')).toBeVisible();

    await page.getByRole('button', { name: 'Make Default (Direct Debit)' }).click();
    await expect(page.getByText(messages.billing.defaultUpdated)).toBeVisible();
    await expect(page.getByText('Automatic debit from Bank Account')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Card' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Account' })).toBeVisible();

    // Through the app (no reload): the dashboard's cached data was invalidated by the change.
    await page.getByRole('banner').getByRole('link', { name: 'Outpost Demo Broadband' }).click();
    const summary = page.getByRole('region', { name: 'Account Summary' });
    await expect(summary).toContainText('Bank Debit');

    await page.goto('/billing/recurring-payment-method');
    await page.getByRole('button', { name: 'Make Default (Credit Card)' }).click();
    await expect(page.getByText('Automatic debit from Credit Card')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Account Summary' })).toContainText(
      'Credit Card',
    );
  });

  test("a declined card shows the status table's message and changes nothing", async ({ page }) => {
    await logIn(page, 'other', 'Casey');
    await page.goto('/billing/recurring-payment-method');
    await page.getByRole('button', { name: 'Update Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Card' });
    await fillCard(page, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Save Card' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Your card was declined by your bank.');
    await expect(dialog.getByRole('heading', { name: 'Card declined' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(
      page.getByRole('region', { name: /^Credit Card/ }).getByText('Visa ending in 4242'),
    ).toBeVisible();
  });

  test('a one-off payment with a new card is approved and lowers the balance on the invoices page', async ({
    page,
  }) => {
    await logIn(page, 'other', 'Casey');
    await page.goto('/billing/one-off-payment');
    await expect(page.getByLabel('Save this card for future automatic payments')).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Use New Card' }).click();
    // Prefilled with the amount owing.
    await expect(page.getByLabel('Amount')).toHaveValue(/^\d+\.\d\d$/);
    const owing = Number(await page.getByLabel('Amount').inputValue());
    expect(owing).toBeGreaterThan(5);
    await page.getByLabel('Amount').fill('5');
    await page.getByRole('button', { name: 'Next' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Pay now' }).click();

    const result = page.getByRole('dialog', { name: 'Payment Approved' });
    await expect(result).toContainText('Amount: $5.00');
    await expect(result).toContainText(/Reference: PX\d{7}/);
    await expectNoSeriousA11yViolations(page);
    await result.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('button', { name: 'Use New Card' })).toBeVisible();

    await page.goto('/billing/invoices');
    const table = page.getByRole('table', { name: 'Invoices and Payments History' });
    const newest = table.getByRole('row').nth(1);
    await expect(newest).toContainText('Payment');
    await expect(newest).toContainText('$5.00');
    await expect(newest).toContainText(`-$${(owing - 5).toFixed(2)}`);
  });

  test('a one-off payment with the saved card is approved', async ({ page }) => {
    await logIn(page, 'other', 'Casey');
    await page.goto('/billing/one-off-payment');
    await page.getByRole('button', { name: 'Use Existing Card' }).click();
    await expect(
      page.getByText('The amount will be deducted from your card ending in 4242.'),
    ).toBeVisible();
    await page.getByLabel('Amount').fill('2');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Confirm Payment' }).click();
    const result = page.getByRole('dialog', { name: 'Payment Approved' });
    await expect(result).toContainText('Amount: $2.00');
    await expect(result).toContainText(/Reference: PX\d{7}/);
    await expect(result).toContainText('Visa ending in 4242');
  });

  test('a card whose bank answers late leaves the payment pending', async ({ page }) => {
    await logIn(page, 'other', 'Casey');
    await startNewCardPayment(page, '1');
    await fillCard(page, '4000 0000 0000 7726');
    await page.getByRole('button', { name: 'Pay now' }).click();
    const result = page.getByRole('dialog', { name: 'Payment Pending' });
    await expect(result).toContainText(messages.billing.pending);
    await expect(result).toContainText('Amount: $1.00');
  });

  test('at 360 px a failed authentication reads plainly, its title once, and Try again keeps the amount and the new card', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, 'other', 'Casey');
    await startNewCardPayment(page, '12.50');
    await fillCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('button', { name: 'Fail authentication' }).click();

    const result = page.getByRole('dialog', { name: 'Payment Declined' });
    await expect(result).toContainText('Amount: $12.50');
    await expect(result).toContainText(
      "Your payment of $12.50 was declined. Your bank could not confirm the payment with you. Try again and complete your bank's check when it appears, or try another card.",
    );
    await expect(result).not.toContainText('PaymentMethod');
    await expect(result.getByText('Payment Declined', { exact: true })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await result.getByRole('button', { name: 'Try again' }).click();

    await expect(result).toBeHidden();
    await expect(
      page.getByRole('heading', { name: 'How much would you like to pay?' }),
    ).toBeVisible();
    await expect(page.getByLabel('Amount')).toHaveValue('12.50');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Pay $12.50 by card' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  });

  test("a card that needs the bank's authentication goes there and comes back approved", async ({
    page,
  }) => {
    await logIn(page, 'other', 'Casey');
    await startNewCardPayment(page, '3');
    await fillCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(
      page.getByRole('heading', { name: 'Sandbox bank: confirm it is you' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    const result = page.getByRole('dialog', { name: 'Payment Approved' });
    await expect(result).toContainText('Amount: $3.00');
    await expect(page).toHaveURL('/billing/one-off-payment');
    expect(
      await page.evaluate(() => window.sessionStorage.getItem('outpost-one-off-payment')),
    ).toBeNull();
    await result.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('button', { name: 'Use New Card' })).toBeVisible();
  });
});
