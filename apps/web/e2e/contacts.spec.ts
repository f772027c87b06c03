import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { lastOutboxId, newestMessageTo, recoveryLink } from './outbox';
import { logIn } from './session';
import { answerStepUp } from './step-up';
import { expect, test } from './test';

/**
 * Contacts and permissions (issue 16) against the real server: the holder adds a contact (a
 * one-time code from the outbox for the step-up), the contact accepts the emailed invitation and
 * sees only what was granted, the holder grants more (the contact's next page load shows it), then
 * removes them (their session ends). The contact is made here and removed here: the seeded
 * personas stay as they were.
 */

const HOLDER_EMAIL = 'jordan.citizen@example.com';
const CONTACT_PASSWORD = 'Tenant-Passw0rd-2026';

/** The links of the main menu, closed groups included, in the order they stand. */
function menuLinks(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' }).locator('a');
}

/** Answers the step-up dialog with the code the server just sent to the holder. */
const answerHolderStepUp = (page: Page, since: number) => answerStepUp(page, HOLDER_EMAIL, since);

test.describe('contacts and permissions', () => {
  test('the holder adds a contact, who accepts, sees what was granted, gets more and is removed', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const email = `e2e.tenant.${stamp}@example.com`;
    const surname = `Tenant${stamp % 100000}`;
    const name = `Robin ${surname}`;
    let userid: number | null = null;
    let removed = false;

    // The holder, on a phone-sized screen: the contacts are a list, one row each, the details and
    // the actions a tap away.
    await page.setViewportSize({ width: 360, height: 780 });
    await logIn(page, 'holder', 'Jordan');
    try {
      await page.goto('/account/permissions');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Account Permissions' }),
      ).toBeVisible();
      const table = page.getByRole('list', { name: 'Contacts' });
      const own = table.getByRole('listitem').filter({ hasText: 'Jordan Citizen' });
      await expect(own).toContainText('(you)');
      // No actions on the caller's own row, even opened.
      await own.locator('summary').click();
      await expect(own.getByRole('term')).toContainText(['Email', 'Mobile', 'Role']);
      await expect(own.getByRole('button')).toHaveCount(0);
      // The email, in full, breaks only after its '@' or a dot.
      const ownEmail = own.getByRole('definition').first();
      await expect(ownEmail).toContainText('@');
      expect(await ownEmail.evaluate((dd) => getComputedStyle(dd).overflowWrap)).toBe('break-word');
      // A list: nothing wider than the screen.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await expectNoSeriousA11yViolations(page);

      // ---- Add Contact
      await page.getByRole('button', { name: 'Add Contact' }).click();
      const wizard = page.getByRole('dialog', { name: 'Add Contact' });
      await expect(wizard.getByText('Step 1 of 3')).toBeVisible();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect(wizard.getByLabel('First name')).toHaveAccessibleDescription(
        'This field is required',
      );
      await expectNoSeriousA11yViolations(page);
      await wizard.getByLabel('Title').selectOption('Ms');
      await wizard.getByLabel('First name').fill('Robin');
      await wizard.getByLabel('Last name').fill(surname);
      await wizard.getByLabel('Date of birth').fill('1990-05-17');
      await wizard.getByLabel('Email').fill(email);
      await wizard.getByLabel(/^Contact number/).fill('0491570199');
      await wizard.getByRole('button', { name: 'Next' }).click();

      await expect(wizard.getByRole('heading', { name: 'Roles & Permissions' })).toBeFocused();
      await expect(wizard.getByLabel(/^Relationship/)).toBeDisabled();
      await wizard.getByLabel('Role').selectOption('General Contact');
      await wizard.getByLabel(/^Relationship/).selectOption('Tenant');
      // The role's defaults are ticked; this contact gets no usage pages.
      await expect(wizard.getByLabel('View services')).toBeChecked();
      await wizard.getByLabel('View data usage and data blocks').uncheck();
      await expectNoSeriousA11yViolations(page);
      await wizard.getByRole('button', { name: 'Next' }).click();

      await expect(wizard.getByRole('heading', { name: 'Confirm' })).toBeFocused();
      await expect(wizard).toContainText(`NameMs Robin ${surname}`);
      await expectNoSeriousA11yViolations(page);
      const since = await lastOutboxId(page.request);
      const created = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' &&
          r.url().endsWith(apiPaths.contacts) &&
          r.status() === 200,
      );
      await wizard.getByRole('button', { name: 'Add Contact' }).click();
      await answerHolderStepUp(page, since);
      const answer = (await (await created).json()) as { data: { userid: number } };
      userid = answer.data.userid;
      await expect(wizard.getByRole('status')).toHaveText(
        'That person has been added to your account.',
      );
      await expect(wizard).toContainText(`We have emailed ${email} an invitation`);
      await expectNoSeriousA11yViolations(page);
      await wizard.getByRole('button', { name: 'Close' }).last().click();
      const row = table.getByRole('listitem').filter({ hasText: name });
      await expect(row).toContainText('Invited');
      // Its actions are a tap away.
      await row.locator('summary').click();

      // ---- The contact accepts the invitation and sets their own password.
      const invitation = await newestMessageTo(page.request, email, since);
      const link = recoveryLink(invitation);
      const contactContext = await browser.newContext();
      const contactPage = await contactContext.newPage();
      try {
        await contactPage.goto(`${link.pathname}${link.search}`);
        await expect(
          contactPage.getByRole('heading', { level: 1, name: 'Verify Access' }),
        ).toBeVisible();
        await contactPage.getByRole('button', { name: 'Verify Access' }).click();
        const forced = contactPage.getByRole('dialog', { name: 'Please update your password' });
        await forced.getByLabel('New password', { exact: true }).fill(CONTACT_PASSWORD);
        await forced.getByLabel('Confirm password', { exact: true }).fill(CONTACT_PASSWORD);
        await forced.getByRole('button', { name: 'Save' }).click();
        await expect(contactPage).toHaveURL('/', { timeout: 10_000 });
        await expect(
          contactPage.getByRole('heading', { level: 1, name: 'Hi Robin' }),
        ).toBeVisible();
        // Only what was granted: services, but no usage pages and no billing.
        await expect(menuLinks(contactPage)).toHaveText([
          'Dashboard',
          'Services',
          'Guides',
          'My Tickets',
          'Outages & Network Status',
          'Contact',
          'Rewards',
          'News',
        ]);
        await contactPage.goto('/account/permissions');
        await expect(contactPage).toHaveURL('/');

        // ---- The holder gives them the usage pages.
        await row.getByRole('button', { name: `Permissions of ${name}` }).click();
        const update = page.getByRole('dialog', { name: 'Update Permissions' });
        await expect(update.getByLabel('View services')).toBeChecked();
        await update.getByLabel('View data usage and data blocks').check();
        await expectNoSeriousA11yViolations(page);
        await update.getByRole('button', { name: 'Next' }).click();
        await expect(update).toContainText('GiveView data usage and data blocks');
        await update.getByRole('button', { name: 'Save' }).click();
        await expect(update.getByRole('status')).toHaveText(
          'Those permission updates have been saved and are effective right now.',
        );
        await update.getByRole('button', { name: 'Close' }).last().click();

        // Their next page load shows it.
        await contactPage.goto('/');
        await expect(menuLinks(contactPage)).toHaveText([
          'Dashboard',
          'Services',
          'Data Usage',
          'Data Blocks',
          'Guides',
          'My Tickets',
          'Outages & Network Status',
          'Contact',
          'Rewards',
          'News',
        ]);

        // ---- The holder removes them; their session ends.
        await row.getByRole('button', { name: `Remove ${name}` }).click();
        const remove = page.getByRole('dialog', { name: 'Remove Contact' });
        await expect(remove).toContainText('Would you like to proceed with this change?');
        await expectNoSeriousA11yViolations(page);
        await remove.getByRole('button', { name: `Remove ${name}` }).click();
        await expect(page.getByRole('status').filter({ hasText: 'removed' })).toHaveText(
          'That person has been removed from your account.',
        );
        removed = true;
        await expect(row).toHaveCount(0);

        await contactPage.goto('/services');
        await expect(contactPage).toHaveURL(/\/login/);
      } finally {
        await contactContext.close();
      }
    } finally {
      // A failure half-way must not leave the holder's account with an extra contact.
      if (userid !== null && !removed) await removeByApi(page, userid);
    }
  });

  test('a contact without edit-users cannot reach the page', async ({ page }) => {
    await logIn(page, 'limited', 'Riley');
    await page.goto('/account/permissions');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Riley' })).toBeVisible();
  });
});

/** Removes a contact with the holder's session (the step-up of the test is still fresh). */
async function removeByApi(page: Page, userid: number): Promise<void> {
  const token = await page.evaluate(() => {
    const raw = window.localStorage.getItem('sm_api_token');
    return raw ? (JSON.parse(raw) as { token: string }).token : '';
  });
  await page.request.delete(buildPath(apiPaths.contact, { userid }), {
    headers: { 'X-User-Token': token },
  });
}
