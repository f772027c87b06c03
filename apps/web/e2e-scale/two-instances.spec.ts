import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn, submitLogin } from '../e2e/session';
import { INSTANCES, type InstanceName, SERVED_BY } from './ports';

/**
 * The core journeys with the browser's requests alternating between two instances on one
 * PostgreSQL database and Redis (two-instances.ts; docs/decisions/029), and the state they must
 * share: sessions and login limits. Each test uses its own demo login. Plain Playwright `test`:
 * accessibility and the Content-Security-Policy are the main suite's (e2e/test.ts), not this run's.
 */

const direct = (name: InstanceName, path: string) => `http://127.0.0.1:${INSTANCES[name]}${path}`;

/** Which instances answered the page's API calls (the proxy names each in x-outpost-instance). */
function instancesServing(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (response) => {
    const servedBy = response.headers()[SERVED_BY];
    if (servedBy && new URL(response.url()).pathname.startsWith('/api/')) seen.add(servedBy);
  });
  return seen;
}

async function userToken(request: APIRequestContext, name: InstanceName, username: string) {
  const response = await request.post(direct(name, apiPaths.login), {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { tokens: { type: string; token: string }[] } };
  return body.data.tokens.find((t) => t.type === 'USER')!.token;
}

test.describe('two instances behind one address', () => {
  test('the holder logs in and reads the dashboard, served by both instances', async ({ page }) => {
    const seen = instancesServing(page);
    await logIn(page, 'holder', 'Jordan');
    await expect(page.getByText(/^Account ID:/)).toHaveText('Account ID: 100001');
    const usage = page.getByRole('region', { name: 'Usage', exact: true });
    await expect(usage.getByRole('progressbar', { name: 'Peak data used' })).toBeVisible();
    await page.goto('/billing/invoices');
    await expect(
      page.getByRole('table', { name: 'Invoices and Payments History' }).getByRole('row'),
    ).not.toHaveCount(0);
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  test('the holder buys a data block and sees it applying', async ({ page }) => {
    const seen = instancesServing(page);
    await logIn(page, 'holder', 'Jordan');
    await page.goto('/services/data-blocks');
    await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('200101');
    await page.getByRole('button', { name: 'Buy Data Block' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy a Data Block' });
    await dialog.getByRole('button', { name: 'Select Data Block 10 GB' }).click();
    await expect(dialog).toContainText('Price$25.00');
    await dialog.getByRole('button', { name: 'Confirm and buy Data Block 10 GB' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'You have bought Data Block 10 GB for $25.00.',
    );
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    const newest = page
      .getByRole('table', { name: 'Data blocks purchased for Sky Muster Plus AVC000123456789' })
      .getByRole('row')
      .nth(1);
    await expect(newest).toContainText('Data Block 10 GB');
    await expect(newest.getByRole('cell', { name: 'Applying' })).toBeVisible();
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  test('a customer pays a bill with a new card and the payment shows on the invoices page', async ({
    page,
  }) => {
    await logIn(page, 'other', 'Casey');
    await page.goto('/billing/one-off-payment');
    await page.getByRole('button', { name: 'Use New Card' }).click();
    await page.getByLabel('Amount').fill('5');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay now' }).click();
    const result = page.getByRole('dialog', { name: 'Payment Approved' });
    await expect(result).toContainText('Amount: $5.00');
    await expect(result).toContainText(/Reference: PX\d{7}/);
    await result.getByRole('button', { name: 'Close' }).last().click();

    await page.goto('/billing/invoices');
    const newest = page
      .getByRole('table', { name: 'Invoices and Payments History' })
      .getByRole('row')
      .nth(1);
    await expect(newest).toContainText('Payment');
    await expect(newest).toContainText('$5.00');
  });

  test('a session made on one instance works on the other, and logging out there ends it on both', async ({
    request,
  }) => {
    const token = await userToken(request, 'a', 'billing');
    const headers = { 'x-user-token': token };
    const onB = await request.get(direct('b', apiPaths.dashboard), { headers });
    expect(onB.status()).toBe(200);

    expect((await request.post(direct('b', apiPaths.logout), { headers })).status()).toBe(200);
    const onA = await request.get(direct('a', apiPaths.dashboard), { headers });
    expect(onA.status()).toBe(401);
    expect(((await onA.json()) as { data: { error: string } }).data.error).toBe(
      serverErrors.unauthenticated,
    );
  });

  test('login attempts count across both instances: the sixth is refused whichever answers', async ({
    page,
    request,
  }) => {
    // Five wrong passwords for one username, spread over A and B.
    for (const name of ['a', 'b', 'a', 'b', 'a'] as const) {
      const response = await request.post(direct(name, apiPaths.login), {
        data: { username: 'services', password: 'not-the-password' },
      });
      expect(response.status()).toBe(401);
    }
    // Then the right one, in the browser through the proxy: refused by the shared count.
    await page.goto('/login');
    await submitLogin(page, 'services');
    await expect(page.getByText(serverErrors.loginRateLimited)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});
