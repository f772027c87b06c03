import { apiPaths } from '@outpost/contracts/api-paths';
import type { APIRequestContext, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { DEMO_PASSWORD, logIn, submitLogin } from './session';

/**
 * Staff access against the real server (docs/decisions/025): a staff member signs in with the
 * demo authenticator secret and makes signed single-use links; the portal opens them as a
 * staff-assisted session (with the banner) or one service's usage; /xd auto-logs the holder in.
 */

const STAFF_EMAIL = 'sam.support@outpost.example';
const STAFF_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const ACCOUNT = 100001;
const SKY_MUSTER_SERVICE = 200101;
const LANDLINE = 'Landline 07 5550 0123';
const BANNER = 'Viewing as Jordan Citizen - staff: Sam Support';

// A code works once per time step: one staff sign-in serves the whole file.
let staffToken: string | null = null;

async function signInStaff(request: APIRequestContext): Promise<string> {
  if (staffToken) return staffToken;
  const code = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(STAFF_TOTP_SECRET),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate();
  const res = await request.post(apiPaths.staffLogin, {
    data: { email: STAFF_EMAIL, password: DEMO_PASSWORD, code },
  });
  expect(res.status(), await res.text()).toBe(200);
  staffToken = ((await res.json()) as { data: { token: string } }).data.token;
  return staffToken;
}

/** A fresh staff link, as the path and query the portal opens. */
async function staffLink(request: APIRequestContext, body: object): Promise<string> {
  const token = await signInStaff(request);
  const res = await request.post(apiPaths.staffLinks, {
    headers: { 'X-Staff-Token': token },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
  const url = new URL(((await res.json()) as { data: { url: string } }).data.url);
  return `${url.pathname}${url.search}`;
}

async function expectBanner(page: Page): Promise<void> {
  const banner = page.getByRole('status').filter({ hasText: BANNER });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Changes your staff role may not make will be refused.');
}

test.describe('staff access', () => {
  test('a login link opens the dashboard as the customer, changes are refused, and the link works once', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const link = await staffLink(request, { purpose: 'login', accountid: ACCOUNT });
    await page.goto(link);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    await expectBanner(page);
    // The banner takes its own space above the header, never over it.
    const bannerBox = await page.getByRole('status').filter({ hasText: BANNER }).boundingBox();
    const headerBox = await page.getByRole('banner').boundingBox();
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(headerBox!.y + 1);
    await expectNoSeriousA11yViolations(page);

    // A support role may not name a service: the server's refusal shows in the dialog.
    await page.goto('/services');
    await expectBanner(page);
    await page.getByRole('button', { name: `Manage ${LANDLINE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Add Nickname for ${LANDLINE}` }).click();
    const add = page.getByRole('dialog', { name: 'Add Nickname' });
    await add.getByRole('textbox', { name: 'Nickname' }).fill('Staff tried');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByRole('alert')).toContainText(
      'Error: this is a staff-assisted session, and your staff role may not make this change.',
    );
    await expectNoSeriousA11yViolations(page);
    await add.getByRole('button', { name: 'Close' }).last().click();

    // The same link again: refused, plainly.
    await page.goto(link);
    await expect(
      page.getByText(
        'This staff link is not valid, has expired or was already used. Ask for a new link.',
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a usage link shows that service's usage with the banner", async ({ page, request }) => {
    const link = await staffLink(request, { purpose: 'usage', serviceid: SKY_MUSTER_SERVICE });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Summary' })).toBeVisible();
    await expectBanner(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('/xd logs the account holder in again and says Hello World!', async ({ page }) => {
    await logIn(page, 'holder', 'Jordan');
    await page.goto(`/xd/${ACCOUNT}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello World!' })).toBeVisible();
    await expect(page.getByText(/Viewing as/)).toHaveCount(0);
  });

  test('/xd sends a user who is not the account holder to /', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'services');
    await expect(page).toHaveURL('/');
    await page.goto(`/xd/${ACCOUNT}`);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello World!' })).toHaveCount(0);
  });
});
