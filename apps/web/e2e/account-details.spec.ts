import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { codeIn, lastOutboxId, newestMessageTo } from './outbox';
import { logIn } from './session';
import { answerStepUp } from './step-up';

/**
 * My Details and Account Preferences against the real server, at 360 px. Changes are made as
 * 'mydetails' (Robin Harper, the holder of an account of its own: apps/server/src/seed/preferences.ts)
 * and put back, so the shared database is left as seeded.
 */

test.use({ viewport: { width: 360, height: 800 } });

const ORIGINAL = { email: 'robin.harper@example.com', mobile: '0491570114' };

function storedUser(page: Page) {
  return page.evaluate(
    () => JSON.parse(window.localStorage.getItem('sm_user') ?? 'null') as Record<string, unknown>,
  );
}

/**
 * Saves a new email and mobile (decision 035): Update, the step-up code from the current email
 * (unless this session stepped up in the last 10 minutes), then the codes sent to the new email
 * and the new mobile, and 'Success!'.
 */
async function saveContact(
  page: Page,
  from: string,
  to: { email: string; mobile: string },
  stepUp: boolean,
) {
  const since = await lastOutboxId(page.request);
  await page.getByLabel('Email').fill(to.email);
  await page.getByLabel('Contact Number').fill(to.mobile);
  await page.getByRole('button', { name: 'Update' }).click();
  if (stepUp) await answerStepUp(page, from, since);
  const dialog = page.getByRole('dialog', { name: 'Update Contact Details' });
  await expect(
    dialog.getByText(
      'We have sent a 6-digit code to your new email address and another to your new mobile. Your details change when you enter them. The codes expire in 10 minutes.',
    ),
  ).toBeVisible();
  const emailCode = codeIn(await newestMessageTo(page.request, to.email, since));
  const smsCode = codeIn(await newestMessageTo(page.request, to.mobile, since));
  // The step's heading takes focus, so a screen reader reads where the codes went.
  await expect(dialog.getByRole('heading', { name: 'Enter the code we sent' })).toBeFocused();
  await dialog.getByLabel(`Code sent to ${to.email}`).fill(emailCode);
  await dialog.getByLabel(`Code sent by SMS to ${to.mobile}`).fill(smsCode);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Success!')).toBeVisible();
  return { dialog, since };
}

test.describe('My Details', () => {
  test('shows the summary, updates the own contact, and keeps the stored name', async ({
    page,
  }) => {
    // Two saves with their codes, a reload and four accessibility checks.
    test.setTimeout(90_000);
    await logIn(page, 'mydetails', 'Robin');
    await page.goto('/account/details');
    await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.locator('dd')).toHaveText(['100011', 'Robin Harper', '0', '$0.00Paid']);
    await expect(page.getByLabel('First name')).toHaveValue('Robin');
    await expect(page.getByLabel('First name')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Email')).toHaveValue(ORIGINAL.email);
    await expectNoSeriousA11yViolations(page);

    // The form's own checks first: nothing is sent.
    await page.getByLabel('Email').fill('robin@example');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Invalid Email address')).toBeVisible();
    const number = page.getByLabel('Contact Number');
    await number.focus();
    await number.press('End');
    await number.pressSequentially('07e55');
    await expect(number).toHaveValue(`${ORIGINAL.mobile}0755`);

    const changed = { email: 'robin.new@example.com', mobile: '0755501234' };
    try {
      const { dialog, since } = await saveContact(page, ORIGINAL.email, changed, true);
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await expect(dialog).toBeHidden();
      expect(await storedUser(page)).toMatchObject({ given_names: 'Robin', surname: 'Harper' });
      // The old email and the old mobile are told, with the number to call.
      const notice = await newestMessageTo(page.request, ORIGINAL.mobile, since);
      expect(notice.body).toContain('login was changed on');
      expect(notice.body).toContain('If you did not, call us on');
      await page.reload();
      await expect(page.getByLabel('Email')).toHaveValue(changed.email);
      await expect(page.getByLabel('Contact Number')).toHaveValue(changed.mobile);
    } finally {
      // The session's step-up is still fresh (10 minutes): only the new codes are asked for.
      const { dialog } = await saveContact(page, changed.email, ORIGINAL, false);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
    }
    await expect(page.getByLabel('Email')).toHaveValue(ORIGINAL.email);
  });

  test('View Permissions shows only the enabled permissions, by section', async ({ page }) => {
    test.setTimeout(45_000);
    await logIn(page, 'viewer', 'Jamie');
    await page.goto('/account/details');
    await page.getByRole('button', { name: 'View Permissions' }).click();
    const dialog = page.getByRole('dialog', { name: 'View Permissions' });
    await expect(dialog.getByRole('region', { name: 'Account' }).getByRole('listitem')).toHaveText([
      'View account details',
      'View alerts',
    ]);
    await expect(dialog.getByRole('region', { name: 'Services' }).getByRole('listitem')).toHaveText(
      ['View services', 'View data usage and data blocks'],
    );
    await expect(dialog.getByRole('region')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'View Permissions' })).toBeFocused();
  });
});

test.describe('Account Preferences', () => {
  async function choose(page: Page, delivery: string, news: boolean) {
    await page.getByRole('radio', { name: delivery }).check();
    await page.getByRole('checkbox', { name: 'News and offers by email' }).setChecked(news);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your preferences have been saved.')).toBeVisible();
  }

  test('a change is saved and shown after a reload', async ({ page }) => {
    // Two saves, a reload and three accessibility checks.
    test.setTimeout(60_000);
    await logIn(page, 'mydetails', 'Robin');
    await page.goto('/account/preferences');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Account Preferences' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Preferences',
      'Alternate Contact',
      'Two Factor Authentication',
      'Notifications in this browser',
      'This device',
    ]);
    await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
    await expect(page.getByText('Off', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    try {
      await choose(page, 'Paper (post)', true);
      await page.reload();
      await expect(page.getByRole('radio', { name: 'Paper (post)' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'News and offers by email' })).toBeChecked();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await choose(page, 'Email', false);
    }
  });
});
