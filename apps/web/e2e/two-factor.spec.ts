import { expect, test } from './test';
import * as OTPAuth from 'otpauth';
import { expectNoSeriousA11yViolations } from './axe';
import { codeIn, lastOutboxId, newestMessageTo } from './outbox';
import { submitLogin } from './session';

test.describe('two-factor login', () => {
  test('an SMS code completes the login of a two-factor user', async ({ page }) => {
    const since = await lastOutboxId(page.request);
    await page.goto('/login');
    await submitLogin(page, 'twofactor');

    // Asked for a code: information (a status), not an error.
    await expect(page.getByRole('status')).toContainText('Two-factor authentication is required. ');
    const code = page.getByLabel('Verification code');
    await expect(code).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    const sms = await newestMessageTo(page.request, '0491570110', since);
    expect(sms.channel).toBe('sms');
    await code.fill(codeIn(sms));
    await page.getByRole('button', { name: 'Log In' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Mai' })).toBeVisible();
  });

  test('a wrong code is refused with the two-factor message, and the field stays', async ({
    page,
  }) => {
    await page.goto('/login');
    await submitLogin(page, 'twofactor');
    await expect(page.getByLabel('Verification code')).toBeVisible();

    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Log In' }).click();

    await expect(page.getByRole('alert')).toContainText('Two-factor authentication is required.');
    await expect(page.getByRole('alert')).toContainText('Extended validation');
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await expect(page).toHaveURL('/login');
  });

  test('an authenticator app code completes the login', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'authapp');
    // Asked for a code: information (a status), not an error.
    await expect(page.getByRole('status')).toContainText('Two-factor authentication is required. ');

    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    await page.getByLabel('Verification code').fill(totp.generate());
    await page.getByRole('button', { name: 'Log In' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Hi / })).toBeVisible();
  });
});
