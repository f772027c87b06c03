import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';

/**
 * The dashboard, alerts, news and legal pages against the real server and its seed
 * (apps/server/src/seed): holder/Jordan has every permission on account 100001 (Visa ending in
 * 4242, one Sky Muster Plus service with usage, the invoice alert of the current period);
 * billing/Alex only billing; limited/Riley nothing; ten news posts, three of them Tips.
 */

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The seeded alert the invoice run sends (checked against GET /users/current/alerts/). */
const INVOICE_ALERT =
  /^Your invoice #100001-013 for \$\d+\.\d\d is ready\. It is due on \d\d\/\d\d\/\d\d\.$/;

test.describe('dashboard', () => {
  test('the account holder sees every card with its figures', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, 'holder', 'Jordan');
    await expect(page.getByText(/^Account ID:/)).toHaveText('Account ID: 100001');

    const summary = card(page, 'Account Summary');
    await expect(summary).toContainText('Credit Card');
    await expect(summary).toContainText(/Balance\$[\d,]+\.\d\d(Paid|Owing|In Credit)/);
    await expect(summary).toContainText(/Period end date\d\d\/\d\d\/\d\d/);
    await expect(summary.getByRole('link', { name: 'View Current Bill' })).toHaveAttribute(
      'href',
      '/billing/invoices',
    );
    await expect(summary.getByRole('link', { name: 'Update Payment' })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'View Services' })).toBeVisible();

    const usage = card(page, 'Usage');
    await expect(usage.getByRole('combobox', { name: 'Plan' })).toHaveValue('200101');
    await expect(usage.getByRole('progressbar', { name: 'Peak data used' })).toHaveAttribute(
      'aria-valuetext',
      /^\d+% \([\d.]+ [MG]B of [\d.]+ GB\)$/,
    );
    await expect(usage).toContainText(/Days remaining\d+/);
    await expect(usage.getByRole('link', { name: 'View Detailed Usage' })).toBeVisible();

    // At 360 px a list of rows: type, date and the amount (a credit green, with its sign).
    const activity = card(page, 'Billing Activity').getByRole('list', {
      name: 'Billing Activity',
    });
    await expect(activity.getByRole('listitem')).toHaveCount(3);
    await expect(
      card(page, 'Billing Activity').getByRole('link', { name: 'View Billing Activity' }),
    ).toBeVisible();

    const support = card(page, 'Support');
    await expect(support.getByRole('link', { name: 'Browse Guides' })).toBeVisible();
    await expect(support.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(support.getByRole('link', { name: 'Live Chat' })).toHaveCount(0);

    const news = card(page, 'News & Updates');
    await expect(news.getByRole('heading', { level: 3 })).toHaveCount(2);
    await expect(
      news.getByRole('link', { name: 'Welcome to your new customer portal' }),
    ).toHaveAttribute('href', '/news/welcome-to-the-portal');
    await expect(news.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/news');
    await expect(page.locator('img.ad-slot')).toHaveCount(3);
    await expect(page.locator('img.ad-slot').first()).toBeHidden();

    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Buy Data Block opens the services feature's modal for the chosen plan.
    await usage.getByRole('button', { name: 'Buy Data Block' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy a Data Block' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: /^Data Block/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a contact with only billing permissions sees Account Summary and Billing Activity, not Usage', async ({
    page,
  }) => {
    await logIn(page, 'billing', 'Alex');
    await expect(card(page, 'Account Summary')).toContainText('Credit Card');
    await expect(card(page, 'Billing Activity').getByRole('row')).toHaveCount(4);
    await expect(card(page, 'Usage')).toHaveCount(0);
    await expect(
      card(page, 'Account Summary').getByRole('link', { name: 'View Services' }),
    ).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: /^Alerts/ })).toHaveCount(0);
  });

  test('a contact without permissions sees none of the three cards, and the Account ID', async ({
    page,
  }) => {
    await logIn(page, 'limited', 'Riley');
    await expect(card(page, 'Support')).toBeVisible();
    await expect(page.getByText(/^Account ID:/)).toHaveText('Account ID: 100001');
    for (const name of ['Account Summary', 'Usage', 'Billing Activity']) {
      await expect(card(page, name)).toHaveCount(0);
    }
    await expect(card(page, 'News & Updates').getByRole('heading', { level: 3 })).toHaveCount(2);
  });

  test('the account holder marks the invoice alert read, and it stays read', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    // The seeded text, as the server gives it.
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('sm_api_token') ?? '{}') as { token?: string }).token,
    );
    const api = await page.request.get('/api/portal/users/current/alerts/', {
      headers: { 'X-User-Token': token ?? '' },
    });
    const alerts = ((await api.json()) as { data: { message: string }[] }).data;
    expect(alerts).toHaveLength(1);
    const seeded = alerts[0]!.message.replace(/<[^>]+>/g, '');
    expect(seeded).toMatch(INVOICE_ALERT);

    const header = page.getByRole('banner');
    const bell = header.getByRole('button', { name: /^Alerts, \d+ unread$/ });
    await expect(bell).toHaveAccessibleName('Alerts, 1 unread');
    await bell.click();
    const item = header.getByRole('listitem').filter({ hasText: 'Account Update' });
    await expect(item).toContainText(seeded);
    await expect(item.getByRole('time')).toHaveText(/ago$|^yesterday$/);
    await expectNoSeriousA11yViolations(page);

    await item.getByRole('button', { name: 'Mark as read' }).click();
    await expect(header.getByText("You've caught up")).toBeVisible();
    await expect(bell).toHaveAccessibleName('Alerts, 0 unread');
    await page.keyboard.press('Escape');
    await expect(bell).toBeFocused();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    await expect(bell).toHaveAccessibleName('Alerts, 0 unread');
  });
});

test.describe('news', () => {
  test('pages of 8, the Tips filter, a post and back', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    const titles = page.locator('.news-grid').getByRole('heading', { level: 3 });
    await expect(titles).toHaveCount(8);
    await expect(page.getByText('Showing 1–8 of 10 posts')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const pages = page.getByRole('navigation', { name: 'Pages of News' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/news?page=2');
    await expect(titles).toHaveCount(2);

    await page
      .getByRole('navigation', { name: 'News categories' })
      .getByRole('link', { name: 'Tips' })
      .click();
    await expect(page).toHaveURL('/news?c=Tips');
    await expect(titles).toHaveCount(3);
    await expect(pages).toHaveCount(0);

    await page.reload();
    await expect(titles).toHaveCount(3);

    await page
      .getByRole('link', { name: 'Storm season checklist for satellite customers' })
      .click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Storm season checklist for satellite customers',
      }),
    ).toBeVisible();
    await expect(page.getByText('Keep the dish clear of branches')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Back to News' }).click();
    await expect(page).toHaveURL('/news?c=Tips');
    await expect(titles).toHaveCount(3);
  });
});

test.describe('legal and help pages', () => {
  test('the legal pages under Legal Resources, logged in', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    for (const [path, title] of [
      ['/support/privacy-policy', 'Privacy Policy'],
      ['/support/financial-hardship-policy', 'Financial Hardship Policy'],
      ['/support/outpost-customer-terms', 'Customer Terms'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Legal Resources' });
      await expect(nav.getByRole('link')).toHaveText([
        'Customer Terms',
        'Privacy Policy',
        'Financial Hardship Policy',
      ]);
      await expect(nav.getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('.content-body h2').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    await page.goto('/support/terms-of-use');
    await expect(page.getByRole('heading', { name: 'ERROR 404! Page not found' })).toBeVisible();
  });

  test('the footer pages and the phone conditions, logged out and in', async ({ page }) => {
    const footerPages = [
      ['/help-center', 'Help Centre'],
      ['/terms-of-use', 'Terms of Use'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/financial-hardship', 'Financial Hardship Policy'],
    ] as const;
    for (const [path, title] of footerPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(page.locator('.content-body')).not.toBeEmpty();
      await expectNoSeriousA11yViolations(page);
    }

    await page.goto('/basic/landline-trasnfer-terms');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Phone Conditions of Service' }),
    ).toBeVisible();
    await expect(page.locator('.content-body h2')).toHaveCount(10);
    await expect(page.locator('.content-body h2').first()).toHaveText(/^1\. /);
    // The brand's faults line (FAULTS_PHONE, here the default), filled into the content.
    await expect(page.locator('.content-body')).toContainText(
      'Report a fault by phone, to our faults line on 1300 975 709.',
    );
    await expectNoSeriousA11yViolations(page);

    await logIn(page, 'holder', 'Jordan');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
});
