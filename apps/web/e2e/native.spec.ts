import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { logIn, submitLogin } from './session';

/**
 * The native app's paths in Chromium (issue 19): the e2e build (`npm run build:e2e -w @outpost/web`,
 * which npm run test:e2e and .ci/run use) lets localStorage sm_platform force ios or android, and
 * swaps each Capacitor plugin for its in-page fake (src/lib/native/fakes), driven through
 * localStorage outpost_native_fakes and read through window.__outpostNative.
 */

type Platform = 'ios' | 'android';

/** Every page load of this page runs as the app on `platform`, privacy policy already accepted. */
async function asApp(page: Page, platform: Platform): Promise<void> {
  await page.addInitScript((forced) => {
    window.localStorage.setItem('sm_platform', forced);
    window.localStorage.setItem('sm_privacy_accepted', '1');
    // Offered biometric login already (e2e/push-and-biometrics.spec.ts covers the offer).
    window.localStorage.setItem('sm_biometric_prompted', '1');
  }, platform);
}

async function logInAsApp(page: Page, platform: Platform): Promise<void> {
  await asApp(page, platform);
  await page.goto('/login');
  await expect(
    page.locator(`.app--${platform}`),
    'the platform was not forced: run the e2e build (npm run build:e2e -w @outpost/web)',
  ).toHaveCount(1);
  await submitLogin(page, 'holder');
  await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
  await page.waitForFunction(() => window.__outpostNative !== undefined);
}

async function setFakes(page: Page, config: Record<string, unknown>): Promise<void> {
  await page.evaluate((value) => {
    window.localStorage.setItem('outpost_native_fakes', JSON.stringify(value));
  }, config);
}

test.describe('The native app', () => {
  test('iOS shell: bottom bar, no hamburger, a back arrow away from home, the status bar offset', async ({
    page,
  }) => {
    await logInAsApp(page, 'ios');

    const bar = page.getByRole('navigation', { name: 'Quick navigation' });
    await expect(bar.getByRole('link')).toHaveText([
      'Home',
      'My Services',
      'Billing',
      'Profile',
      'More',
    ]);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    // The status bar's height (the fake's 47 px) above the header's content.
    await expect(page.locator('.app-header')).toHaveCSS('padding-top', '47px');

    await bar.getByRole('link', { name: 'My Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    const back = page.getByRole('button', { name: 'Back' });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);

    // A link to another site opens in the in-app browser, not in the app's web view.
    await page.goto('/support/contact');
    await page.getByRole('link', { name: /^\+61 491 570 156/ }).click();
    await expect(page).toHaveURL(/\/support\/contact$/);
    expect(await page.evaluate(() => window.__outpostNative?.browserOpened())).toEqual([
      'https://wa.me/61491570156',
    ]);
  });

  test('Android: no status bar offset; the more menu, live chat and Log Out; the web is sent home', async ({
    page,
    browser,
  }) => {
    await logInAsApp(page, 'android');
    await expect(page.locator('.app-header')).toHaveCSS('padding-top', '0px');

    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'More' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
    const support = page.getByRole('button', { name: 'Support' });
    await support.click();
    await expect(support).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Live Chat' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Live Chat' })).toBeVisible();
    // No licence in this build: a plain message and the other ways to reach us.
    await expect(
      page.getByText('Live chat is not available right now.', { exact: false }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Contact options and opening hours' }),
    ).toBeVisible();

    // A web visitor (no forced platform) is sent home from both routes.
    const web = await browser.newPage();
    await logIn(web, 'holder', 'Jordan');
    for (const path of ['/support/more', '/support/live-chat']) {
      await web.goto(path);
      await expect(web.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
      await expect(web).toHaveURL(/\/$/);
    }
    await web.close();

    await page.goto('/support/more');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an invoice PDF is saved to the documents directory and opened; a refused permission says so', async ({
    page,
  }) => {
    await logInAsApp(page, 'ios');
    await page.goto('/billing/invoices');
    const table = page.getByRole('table', { name: 'Invoices and Payments History' });
    const download = table.getByRole('button', { name: /^Download invoice/ }).first();
    await download.click();
    await expect(page.getByText('Invoice downloaded successfully.')).toBeVisible();

    const saved = await page.evaluate(() => window.__outpostNative?.documents() ?? []);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toMatch(/^outpost-invoice-#\d+-\d+\.pdf$/);
    expect(saved[0]?.size).toBeGreaterThan(500);
    const opened = await page.evaluate(() => window.__outpostNative?.opened() ?? []);
    expect(opened).toEqual([{ uri: saved[0]?.uri, contentType: 'application/pdf' }]);

    await setFakes(page, { files: { permission: 'denied' } });
    await download.click();
    await expect(page.getByText('Permission denied for file saving.')).toBeVisible();
  });

  test('the review prompt comes 10 s after data is viewed, at 5 sessions, once', async ({
    page,
  }) => {
    await page.clock.install();
    await logInAsApp(page, 'android');
    // The launch was the first session; three resumes later, the next launch is the fifth.
    await page.evaluate(() => {
      for (let i = 0; i < 3; i += 1) window.__outpostNative?.resume();
    });
    expect(await page.evaluate(() => window.localStorage.getItem('sm_session_count'))).toBe('4');
    await page.clock.runFor(12_000);
    expect(await page.evaluate(() => window.__outpostNative?.reviewRequests())).toBe(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    // The dashboard's data is on screen: that is the data viewed.
    await expect(
      page
        .getByRole('region', { name: 'Account Summary' })
        .getByRole('link', { name: 'View Services' }),
    ).toBeVisible();
    await page.waitForFunction(() => window.localStorage.getItem('sm_session_count') === '5');
    await page.clock.runFor(9_000);
    expect(await page.evaluate(() => window.__outpostNative?.reviewRequests())).toBe(0);
    await page.clock.runFor(1_500);
    expect(await page.evaluate(() => window.__outpostNative?.reviewRequests())).toBe(1);
    expect(await page.evaluate(() => window.localStorage.getItem('sm_review_shown'))).toBe('1');

    // The next launch (the sixth session) views data again: asked once only, never again.
    await page.goto('/services/usage');
    await page.waitForFunction(() => window.localStorage.getItem('sm_session_count') === '6');
    await page.clock.runFor(12_000);
    expect(await page.evaluate(() => window.__outpostNative?.reviewRequests())).toBe(0);
  });

  test('a bottom sheet cannot be dragged closed while saving, and can be after', async ({
    page,
  }) => {
    await logInAsApp(page, 'ios');
    await page.goto('/services');
    await page.getByRole('button', { name: 'Manage Landline 07 5550 0123', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add Nickname for Landline 07 5550 0123' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add Nickname' });
    await expect(sheet).toHaveClass(/modal--sheet/);
    await sheet.getByRole('textbox', { name: 'Nickname' }).fill('Sheet test');

    // Hold the save on the wire, then let it fail: nothing is changed on the account.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/setnickname/prepare/', async (route) => {
      await held;
      await route.abort('failed');
    });
    await sheet.getByRole('button', { name: 'Save' }).click();
    await expect(sheet).toHaveAttribute('aria-busy', 'true');

    const handle = sheet.getByTestId('sheet-handle');
    const box = await handle.boundingBox();
    if (!box) throw new Error('no sheet handle');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 300, { steps: 5 });
    await expect(sheet).toHaveCSS('transform', 'none');
    await page.mouse.up();
    await expect(sheet).toBeVisible();

    release();
    await expect(sheet).not.toHaveAttribute('aria-busy', 'true');
    // The failure shows on the form; the sheet grows upwards, so the handle is found again after.
    await expect(sheet.getByRole('alert')).toBeVisible();
    const again = await handle.boundingBox();
    if (!again) throw new Error('no sheet handle');
    await page.mouse.move(again.x + again.width / 2, again.y + again.height / 2);
    await page.mouse.down();
    await page.mouse.move(again.x + again.width / 2, again.y + 300, { steps: 5 });
    await page.mouse.up();
    await expect(sheet).toHaveCount(0);
    await page.unroute('**/setnickname/prepare/');
  });
});
