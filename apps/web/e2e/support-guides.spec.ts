import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';
import { expect, test } from './test';

/**
 * Guides and Contact (issue 17) against the real server and the seeded content: search the
 * guides, open one and come back; the Contact page's hours and numbers. On a phone-sized screen.
 */
test.describe('support guides and contact', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await logIn(page, 'limited', 'Riley');
  });

  test('searches the guides, opens one and goes back to the same results', async ({ page }) => {
    await page.goto('/support/guides');
    await expect(page.getByRole('heading', { level: 1, name: 'Guides' })).toBeVisible();
    const gettingStarted = page.getByRole('region', { name: 'Getting started with satellite' });
    await expect(gettingStarted.getByRole('link')).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'Phone' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await gettingStarted.getByRole('button', { name: /^Show 3 more/ }).click();
    await expect(gettingStarted.getByRole('link')).toHaveCount(8);
    // A link item opens its download (a small PDF served with the app) in a new tab.
    const pdf = gettingStarted.getByRole('link', { name: /Satellite quick-start guide \(PDF\)/ });
    await expect(pdf).toHaveAttribute('target', '_blank');
    const download = await page.request.get((await pdf.getAttribute('href')) ?? '');
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('application/pdf');

    // Two characters search nothing; 'rain' (sent after the pause) finds the rain fade guide.
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/portal/support/guides/') searches.push(url.search);
    });
    const search = page.getByLabel('Search guides');
    await search.fill('ra');
    await page.waitForTimeout(800);
    expect(searches).toEqual([]);
    await search.fill('rain');
    const first = page.locator('.guides__category').first().getByRole('link').first();
    await expect(first).toHaveText('Rain fade: why heavy rain interrupts satellite');
    expect(searches).toEqual(['?s=rain']);
    await expect(page).toHaveURL(/\/support\/guides\?s=rain$/);
    await expectNoSeriousA11yViolations(page);

    await first.click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Rain fade: why heavy rain interrupts satellite',
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'What you will notice' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Guides' })).toHaveAttribute(
      'href',
      '/support/guides?s=rain',
    );
    await expect(page).toHaveTitle(/^Rain fade: why heavy rain interrupts satellite - Guides \|/);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Back to Guides' }).click();
    await expect(page.getByLabel('Search guides')).toHaveValue('rain');
    await expect(page.locator('.guides__category').first().getByRole('link').first()).toHaveText(
      'Rain fade: why heavy rain interrupts satellite',
    );

    // A search with no match.
    await page.getByLabel('Search guides').fill('xylophone');
    await expect(page.getByText('No entries found.')).toBeVisible();
  });

  test('Back returns to the page before the guide', async ({ page }) => {
    await page.goto('/support/guides');
    await page.getByRole('link', { name: 'Reading your invoice' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Reading your invoice' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/support\/guides$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Guides' })).toBeVisible();
  });

  test('the Contact page shows both teams’ hours and the numbers', async ({ page }) => {
    await page.goto('/support/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    const hours = page.getByRole('table');
    await expect(hours.getByRole('row', { name: /Sales & Accounts/ })).toContainText(
      'Monday to Friday 8am-6pm; Saturdays (sales only) 9am-5pm; public holidays closed',
    );
    await expect(hours.getByRole('row', { name: /Technical Support/ })).toContainText(
      'Monday to Friday 8am-8pm; weekends 8am-6pm; public holidays closed',
    );
    await expect(page.getByText('The time zone is AEST (UTC+10).')).toBeVisible();
    await expect(page.getByRole('link', { name: '1800 160 401' })).toHaveAttribute(
      'href',
      'tel:1800160401',
    );
    await expect(page.getByRole('link', { name: '07 5550 1234' })).toHaveAttribute(
      'href',
      'tel:0755501234',
    );
    await expect(page.getByRole('link', { name: '+61 7 5550 1234' })).toHaveAttribute(
      'href',
      'tel:+61755501234',
    );
    await expect(page.getByRole('link', { name: /\+61 491 570 156/ })).toHaveAttribute(
      'href',
      'https://wa.me/61491570156',
    );
    await expect(page.getByRole('link', { name: 'Request a callback' })).toHaveAttribute(
      'href',
      '/support/callback',
    );
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
});
