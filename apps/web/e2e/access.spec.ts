import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { codeIn, lastOutboxId, newestMessageTo } from './outbox';
import { DEMO_PASSWORD, logIn } from './session';
import { expect, test } from './test';

/**
 * What a contact may open, and what they are told when they may not (issue 35,
 * docs/decisions/039), against the real server at 360 px.
 */

test.use({ viewport: { width: 360, height: 800 } });
// A login, a few pages and accessibility checks: over 30 s on a loaded 2-core machine.
test.describe.configure({ timeout: 60_000 });

const HOLDER_EMAIL = 'jordan.citizen@example.com';
const VIEWER = 5008; // Jamie Citizen: view-account, view-alerts, view-services, view-activity

/** The holder's API session with a fresh step-up (the code from the outbox), for a permission change. */
async function holderWithStepUp(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post(apiPaths.login, {
    data: { username: 'holder', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { tokens } = (
    (await login.json()) as { data: { tokens: { type: string; token: string }[] } }
  ).data;
  const headers = { 'X-User-Token': tokens.find((t) => t.type === 'USER')!.token };
  const since = await lastOutboxId(request);
  expect((await request.post(apiPaths.stepUpSend, { headers, data: {} })).status()).toBe(200);
  const code = codeIn(await newestMessageTo(request, HOLDER_EMAIL, since));
  expect((await request.post(apiPaths.stepUpVerify, { headers, data: { code } })).status()).toBe(
    200,
  );
  return headers;
}

async function setViewerViewServices(
  request: APIRequestContext,
  headers: Record<string, string>,
  enabled: 0 | 1,
): Promise<void> {
  const res = await request.patch(buildPath(apiPaths.contactPermissions, { userid: VIEWER }), {
    headers,
    data: [{ permission: 'view-services', enabled }],
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('access', () => {
  test('a page the contact may not open brings them to the dashboard, saying why once', async ({
    page,
  }) => {
    await logIn(page, 'limited', 'Riley');
    await page.goto('/billing/invoices');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Riley' })).toBeVisible();
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Your account holder has not given you access to Billing.' });
    await expect(notice).toHaveText('Your account holder has not given you access to Billing.');
    await expectNoSeriousA11yViolations(page);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);

    // Not said again on a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Riley' })).toBeVisible();
    await expect(
      page.getByText('Your account holder has not given you access to Billing.'),
    ).toHaveCount(0);
  });

  test('a contact without permissions opens My Details and sees their own email and mobile', async ({
    page,
  }) => {
    await logIn(page, 'limited', 'Riley');
    await page.goto('/account/details');
    await expect(page).toHaveURL('/account/details');
    await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your contact details' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('riley.citizen@example.com');
    await expect(page.getByLabel('Contact Number')).toHaveValue('0491570159');
    // The account's Summary is not theirs to see.
    await expect(page.getByRole('heading', { name: 'Summary' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test('a contact with view-activity but not view-services sees Data Usage and Data Blocks', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const holder = await holderWithStepUp(page.request);
    await setViewerViewServices(page.request, holder, 0);
    try {
      await logIn(page, 'viewer', 'Jamie');
      await page.goto('/services/usage');
      await expect(page.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('200101');
      await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(
        page.getByText(/^Usage last updated: \d\d\/\d\d\/\d\d \d{1,2}:00 [ap]m/),
      ).toBeVisible();
      await expect(page.getByText('There was a problem loading data from server')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      await page.goto('/services/data-blocks');
      await expect(page.getByRole('heading', { level: 1, name: 'Data Blocks' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('200101');
      await expect(page.getByRole('heading', { name: 'Data blocks purchased' })).toBeVisible();
      await expect(page.getByText('There was a problem loading data from server')).toHaveCount(0);

      // My Services itself stays closed to them: the dashboard says why.
      await page.goto('/services');
      await expect(page).toHaveURL('/');
      await expect(
        page.getByText('Your account holder has not given you access to My Services.'),
      ).toBeVisible();
    } finally {
      await setViewerViewServices(page.request, holder, 1);
    }
  });
});
