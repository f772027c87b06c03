import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn, mainMenuItems, submitLogin } from './session';

test.describe('application shell', () => {
  test('the account holder sees the whole shell', async ({ page }) => {
    // A login, three accessibility checks and every menu: over 30 s on a loaded 2-core machine.
    test.setTimeout(60_000);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page).toHaveTitle('Log In | Outpost Demo Broadband');
    await expectNoSeriousA11yViolations(page);

    await submitLogin(page, 'holder');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('Dashboard | Outpost Demo Broadband');

    expect(await mainMenuItems(page)).toEqual([
      'Dashboard',
      'Rewards',
      'News',
      'Services',
      'Data Usage',
      'Data Blocks',
      'Invoices',
      'One-Off Payment',
      'Recurring Payment Method',
      'Guides',
      'My Tickets',
      'Outages & Network Status',
      'Contact',
    ]);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Billing' }).click();
    await expect(menu.getByText('Unbilled Calls')).toHaveAttribute('aria-disabled', 'true');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Outages & Network Status' })).toBeVisible();
    // The holder's alerts (the seeded invoice alert, unless another spec marked it read).
    await header.getByRole('button', { name: /^Alerts/ }).click();
    const alertsHeading = header.getByRole('heading', { name: 'Alerts' });
    await expect(alertsHeading).toBeVisible();
    await expect(
      header.getByText("You've caught up").or(header.getByText('Account Update')).first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const userMenu = header.getByRole('button', { name: 'Jordan Citizen' });
    await userMenu.click();
    await expect(alertsHeading).toBeHidden();
    for (const name of ['My Profile', 'Permissions', 'Preferences', 'Security']) {
      await expect(header.getByRole('link', { name })).toBeVisible();
    }
    await expect(header.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(userMenu).toHaveAttribute('aria-expanded', 'false');
    await expect(userMenu).toBeFocused();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute(
      'href',
      '/support/privacy-policy',
    );
    await expect(footer.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Outpost Demo Broadband`);

    await menu.getByRole('button', { name: 'My Services' }).click();
    await menu.getByRole('link', { name: 'Data Usage' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeVisible();
    await expect(page).toHaveURL('/services/usage');
    // The menu shows where the user is: the page marked, its group open.
    await expect(menu.getByRole('button', { name: 'My Services' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(menu.getByRole('link', { name: 'Data Usage' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('a contact without permissions does not see the gated items and is kept out of them', async ({
    page,
  }) => {
    await logIn(page, 'limited', 'Riley');

    expect(await mainMenuItems(page)).toEqual([
      'Dashboard',
      'Rewards',
      'News',
      'Guides',
      'Outages & Network Status',
      'Contact',
    ]);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: /^Alerts/ })).toHaveCount(0);
    await header.getByRole('button', { name: 'Riley Citizen' }).click();
    // Their own details are always theirs (docs/decisions/039).
    await expect(header.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Permissions' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Preferences' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/billing/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Riley' })).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('a logged-out visit to a protected page returns there after login', async ({ page }) => {
    await page.goto('/services');
    await expect(page).toHaveURL('/login?redirect=%2Fservices');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();

    await submitLogin(page, 'holder');

    await expect(page.getByRole('heading', { level: 1, name: 'My Services' })).toBeVisible();
    await expect(page).toHaveURL('/services');
    await expectNoSeriousA11yViolations(page);
  });

  test('unknown paths show the not-found page in the layout that matches the session', async ({
    page,
  }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'ERROR 404! Page not found' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await logIn(page, 'holder', 'Jordan');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'ERROR 404! Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('logging out returns to the login page and protected pages need a new login', async ({
    page,
  }) => {
    await logIn(page, 'holder', 'Jordan');

    await page.getByRole('banner').getByRole('button', { name: 'Jordan Citizen' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();

    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('sm_api_token'))).toBeNull();

    await page.goto('/billing/invoices');
    await expect(page).toHaveURL('/login?redirect=%2Fbilling%2Finvoices');
  });

  test('a wrong password shows the bad-credentials message', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'holder', 'not-the-password');

    await expect(page.getByRole('alert')).toHaveText(
      "We could not verify the supplied Username and/or Password. If unsure of your Username or Password, please click the 'Can't login?' link",
    );
    await expect(page).toHaveURL('/login');
    await expectNoSeriousA11yViolations(page);
  });

  test('two-factor users are asked for their verification code', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Verification code')).toHaveCount(0);

    await submitLogin(page, 'twofactor');

    // Asked for a code: information (a status), not an error.
    await expect(page.getByRole('status')).toContainText('Two-factor authentication is required. ');
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expect(page.getByLabel('Verification code')).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('on a phone-sized screen the menu is a drawer behind the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await expectNoSeriousA11yViolations(page);
    await submitLogin(page, 'holder');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await menu.getByRole('link', { name: 'News' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await expect(menu).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  test('the skip link moves to the main content', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});
