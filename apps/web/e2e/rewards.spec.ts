import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';
import { expect, test } from './test';

/**
 * Referral rewards (docs/decisions/020) against the real server and the seeded holder: three
 * referrals (invited, connected, credited) and the code CZN4W8RD. Phone-sized, axe on each page.
 */
test.describe('referral rewards', () => {
  test('the holder finds their code, copies it, reads the FAQ and sees their referrals', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 360, height: 780 });
    await logIn(page, 'holder', 'Jordan');

    // The way in: Refer a Friend on the dashboard's Support card.
    await page.getByRole('link', { name: 'Refer a Friend' }).click();
    await expect(page).toHaveURL(/\/rewards\/get-started$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: '$50 credit for you and $50 off for every friend you refer',
      }),
    ).toBeVisible();
    const share = page.getByRole('region', { name: 'Your referral code' });
    await expect(share.getByText('CZN4W8RD', { exact: true })).toBeVisible();
    await expect(
      share.getByText('https://www.example.com/get-connected?ref=CZN4W8RD'),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'How it works' }).getByRole('listitem'),
    ).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);

    await share.getByRole('button', { name: 'Copy code' }).click();
    await expect(share.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(share.getByRole('status')).toHaveText('Referral code copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('CZN4W8RD');

    // The FAQ, from content: questions as disclosures.
    const tabs = page.getByRole('navigation', { name: 'Rewards sections' });
    await tabs.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards FAQ' })).toBeVisible();
    const question = page.getByRole('heading', { level: 2, name: 'When do I get my credit?' });
    await expect(question).toBeVisible();
    await expect(page.getByText(/stayed connected for the number of days/)).toBeHidden();
    await question.click();
    await expect(page.getByText(/stayed connected for the number of days/)).toBeVisible();
    await expect(page.getByText(/Call us on 1300 975 7\d\d/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Active Referrals: the seeded three, names masked, newest first.
    await tabs.getByRole('link', { name: 'Active Referrals' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Active Referrals' })).toBeVisible();
    // At 360 px a list of rows: name, date and status; the credit a tap away.
    const table = page.getByRole('list', { name: 'Active Referrals' });
    const rows = table.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Jane C.');
    await expect(rows.nth(0)).toContainText('Invited');
    await expect(rows.nth(1)).toContainText('Sam D.');
    await expect(rows.nth(1)).toContainText('Connected');
    await expect(rows.nth(2)).toContainText('Alex B.');
    await expect(rows.nth(2)).toContainText('Credited');
    await expect(rows.nth(2)).toContainText('$50.00');
    await expect(table).not.toContainText('Cooper');
    await expectNoSeriousA11yViolations(page);
  });

  test('a contact without view-referrals sees Get Started but not Active Referrals', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await logIn(page, 'limited', 'Riley');
    await page.goto('/rewards/get-started');
    await expect(page.getByText('CZN4W8RD', { exact: true })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Rewards sections' });
    await expect(tabs.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Active Referrals' })).toHaveCount(0);
    await page.goto('/rewards/active-referrals');
    await expect(page).toHaveURL(/\/$/);
  });
});
