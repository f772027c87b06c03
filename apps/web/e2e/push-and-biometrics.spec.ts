import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Page } from '@playwright/test';
import { E2E_INTERNAL_API_KEY, publishTowerOutage } from './internal-api';
import { lastOutboxId, readOutbox } from './outbox';
import { submitLogin } from './session';
import { expect, test } from './test';

/**
 * Biometric login and push in the app (issue 19; spec 1 sections 4 and 8; docs/decisions/026),
 * in Chromium with the platform forced (the e2e build) and the plugins' in-page fakes
 * (src/lib/native/fakes), driven through localStorage outpost_native_fakes. Its file name sorts
 * after network-status.spec.ts on purpose (one worker, files in order): the outage it publishes
 * would otherwise be the newest advisory in that spec's first pair.
 */

type Platform = 'ios' | 'android';

const BIO_AUTH_ERROR =
  'Unable to authenticate with biometrics. Please log in with username and password.';
const NOT_ENABLED =
  'Biometric authentication is not enabled on your device. Enable it in your settings for a faster login experience.';
const NOT_AVAILABLE =
  'Biometric authentication is not available on this device. Please log in with username and password.';
/** Where the fake secure store keeps the session biometric login reuses. */
const KEPT_SESSION = 'outpost_fake_secure_outpost_biometric_session';

async function openAsApp(page: Page, platform: Platform, fakes: Record<string, unknown> = {}) {
  await page.goto(`/login?platform=${platform}`);
  await page.evaluate((config) => {
    window.localStorage.setItem('sm_privacy_accepted', '1');
    window.localStorage.setItem('outpost_native_fakes', JSON.stringify(config));
  }, fakes);
  await page.goto('/login');
  await expect(page.locator(`.app--${platform}`)).toHaveCount(1);
}

async function setFakes(page: Page, config: Record<string, unknown>): Promise<void> {
  await page.evaluate((value) => {
    window.localStorage.setItem('outpost_native_fakes', JSON.stringify(value));
  }, config);
}

async function logOut(page: Page): Promise<void> {
  await page.goto('/support/more');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

test.describe('Biometric login in the app', () => {
  test('iOS: offered after the first password login; logs in with Face ID; a failed one ends the session with the message', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openAsApp(page, 'ios');
    await submitLogin(page, 'holder');
    const offer = page.getByRole('dialog', { name: 'Biometric Authentication' });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    expect(await storage(page, 'sm_biometric')).toBe('1');
    expect(await storage(page, 'sm_biometric_prompted')).toBe('1');
    await expect.poll(() => storage(page, KEPT_SESSION)).toContain('"REFRESH"');

    // Log Out keeps the session behind biometrics; the login page offers it.
    await logOut(page);
    expect(await storage(page, 'sm_api_token')).toBeNull();
    const biometric = page.getByRole('button', { name: 'Log In with Biometrics' });
    await biometric.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The next password login is not offered biometrics again.
    await logOut(page);
    await submitLogin(page, 'holder');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Not recognised: the stored tokens and the session are cleared, the option turned off.
    await logOut(page);
    await setFakes(page, { biometric: { result: 'failed' } });
    await biometric.click();
    await expect(page.getByText(BIO_AUTH_ERROR)).toBeVisible();
    await expect(biometric).toHaveCount(0);
    expect(await storage(page, 'sm_biometric')).toBeNull();
    expect(await storage(page, KEPT_SESSION)).toBeNull();
    expect(await storage(page, 'sm_api_token')).toBeNull();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
    await expect(biometric).toHaveCount(0);
  });

  test("Android: without enrolled biometrics, 'Enable Biometric Authentication' with 'Go To Settings' and 'Later'", async ({
    page,
  }) => {
    await openAsApp(page, 'android');
    await submitLogin(page, 'holder');
    await page
      .getByRole('dialog', { name: 'Biometric Authentication' })
      .getByRole('button', { name: 'Enable' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    await logOut(page);

    // The fingerprint was removed from the phone since.
    await setFakes(page, { biometric: { available: false } });
    await page.getByRole('button', { name: 'Log In with Biometrics' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable Biometric Authentication' });
    await expect(dialog).toContainText(NOT_ENABLED);
    await dialog.getByRole('button', { name: 'Go To Settings' }).click();
    expect(await page.evaluate(() => window.__outpostNative?.settingsOpened())).toBe(1);
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(NOT_AVAILABLE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In with Biometrics' })).toHaveCount(0);
    expect(await storage(page, 'sm_biometric')).toBeNull();
    expect(await storage(page, KEPT_SESSION)).toBeNull();
  });
});

test.describe('Push in the app', () => {
  test("Android: registers after one 'Invalid device token' retry; an advisory update is pushed; tapping it opens its page", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // The first token handed out is one FCM would refuse; the retry's is a real FCM token.
    await openAsApp(page, 'android', {
      push: { permission: 'prompt', answer: 'granted', invalidTokens: 1 },
    });
    await page.evaluate(() => window.localStorage.setItem('sm_biometric_prompted', '1'));
    await submitLogin(page, 'other');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Casey' })).toBeVisible();

    await expect.poll(() => storage(page, 'sm_push_token')).toMatch(/^fakeInstance2:/);
    const tokens = await page.evaluate(() => window.__outpostNative?.pushTokens() ?? []);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe('not a registration token');
    const device = JSON.parse((await storage(page, 'sm_device')) ?? '{}') as { id: string };
    const userToken = (
      JSON.parse((await storage(page, 'sm_api_token')) ?? '{}') as { token: string }
    ).token;
    const listed = await page.request.get(apiPaths.deviceTokens, {
      headers: { 'X-User-Token': userToken },
    });
    const { devices } = (
      (await listed.json()) as {
        data: { devices: { deviceId: string; token: string; platform: string }[] };
      }
    ).data;
    expect(devices).toEqual([
      expect.objectContaining({ deviceId: device.id, token: tokens[1], platform: 'android' }),
    ]);

    // Casey follows an outage at her tower; network operations resolve it: a push to the phone.
    const headers = { 'X-Service-Key': E2E_INTERNAL_API_KEY };
    const { advisoryid, title } = await publishTowerOutage(page.request);
    await page.goto('/support/network-status');
    const item = page
      .getByRole('list', { name: 'Advisories, newest first' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await item.getByRole('button', { name: 'Subscribe to updates' }).click();
    await expect(item.getByRole('status')).toContainText("You're subscribed.");

    const since = await lastOutboxId(page.request);
    const resolved = await page.request.patch(
      buildPath(apiPaths.internalAdvisory, { advisoryid }),
      { headers, data: { status: 'Resolved' } },
    );
    expect(resolved.status()).toBe(200);
    let body = '';
    await expect
      .poll(async () => {
        const push = (await readOutbox(page.request)).find(
          (m) =>
            m.id > since && (m.channel as string) === 'push' && m.to === `android:${device.id}`,
        );
        body = push?.body ?? '';
        return body;
      })
      .toContain('navigation_url: ');
    const navigationUrl = /navigation_url: (\S+)/.exec(body)?.[1] ?? '';
    expect(navigationUrl).toBe(`/support/network-status#advisory-${advisoryid}`);

    // The user taps the notification (its data carries navigation_url) from another page.
    await page.goto('/billing/invoices');
    // The app's listeners attach once its native layer has loaded: tap until they are there.
    await expect
      .poll(async () => {
        await page.evaluate(
          (url) =>
            window.__outpostNative?.pushActionPerformed({ navigation_url: url, kind: 'advisory' }),
          navigationUrl,
        );
        return page.url();
      })
      .toMatch(new RegExp(`/support/network-status#advisory-${advisoryid}$`));
  });

  test('iOS: refused permission registers nothing and deletes the stored token; a rotated token is sent', async ({
    page,
  }) => {
    await openAsApp(page, 'ios', { push: { permission: 'granted' } });
    await page.evaluate(() => window.localStorage.setItem('sm_biometric_prompted', '1'));
    await submitLogin(page, 'holder');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    await expect.poll(() => storage(page, 'sm_push_token')).toMatch(/^fakeInstance1:/);

    // The provider rotates the token: PATCHed, then stored.
    const patched = page.waitForRequest(
      (r) => r.url().endsWith(apiPaths.deviceToken) && r.method() === 'PATCH',
    );
    const rotated = `fakeInstance1:APA91b-rotated_${'y'.repeat(40)}`;
    await page.evaluate((token) => window.__outpostNative?.refreshPushToken(token), rotated);
    expect((await patched).postDataJSON()).toMatchObject({ token: rotated, platform: 'ios' });
    await expect.poll(() => storage(page, 'sm_push_token')).toBe(rotated);

    // Notifications turned off in the phone's settings: the next start deletes the device.
    await setFakes(page, { push: { permission: 'denied' } });
    const deleted = page.waitForRequest(
      (r) => r.url().endsWith(apiPaths.deviceToken) && r.method() === 'DELETE',
    );
    await page.reload();
    expect((await deleted).postDataJSON()).toMatchObject({ token: rotated });
    await expect.poll(() => storage(page, 'sm_push_token')).toBeNull();
  });
});
