import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_INTERNAL_API_KEY } from './internal-api';
import { lastOutboxId, newestMessageTo } from './outbox';
import { logIn } from './session';
import { expect, test } from './test';

/**
 * Support tickets (issue 17, docs/decisions/017 "Tickets") against the real server, on a
 * phone-sized screen: Make a Request from a service (the service preselected) with a photo, the
 * number on screen and by email, the ticket in My Tickets, a reply; the desk asks a question and
 * the dashboard flags it; a contact without view-tickets still makes a request but cannot open
 * My Tickets.
 */

const HOLDER_EMAIL = 'jordan.citizen@example.com';
const SERVICE = 'Sky Muster Plus AVC000123456789';
/** A one-pixel PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('support tickets', () => {
  test('a request from a service, in My Tickets, replied to, asked back on the dashboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const subject = `Dropouts in the afternoon ${Date.now() % 100000}`;
    await page.setViewportSize({ width: 360, height: 780 });
    await logIn(page, 'holder', 'Jordan');

    // My Services: the service's Make a Request opens the form with the service chosen.
    await page.goto('/services');
    await page.getByRole('button', { name: `Manage ${SERVICE}` }).click();
    await page.getByRole('menuitem', { name: `Make a Request for ${SERVICE}` }).click();
    await expect(page).toHaveURL(/\/support\/new-ticket\?serviceid=200101$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Make a Request' })).toBeVisible();
    await expect(page.getByLabel('Service')).toHaveValue('200101');
    await expectNoSeriousA11yViolations(page);

    // The rules under the fields, then a complete request with a photo.
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(3);
    await page.getByLabel('What is it about?').selectOption('Technical fault');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Details').fill('The modem drops out for a few minutes most afternoons.');
    await page
      .getByLabel('Attachment (optional)')
      .setInputFiles({ name: 'modem.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText(`modem.png (${PNG.length} bytes)`)).toBeVisible();
    const since = await lastOutboxId(page.request);
    await page.getByRole('button', { name: 'Send request' }).click();
    const created = page.getByRole('heading', { level: 2, name: /^Ticket T\d+ created$/ });
    await expect(created).toBeVisible();
    await expect(created).toBeFocused();
    const number = (await created.textContent())!.replace(/^Ticket (T\d+) created$/, '$1');
    const ticketid = Number(number.slice(1));
    const mail = await newestMessageTo(page.request, HOLDER_EMAIL, since);
    expect(mail.subject).toContain(`we have your request ${number}`);
    await expectNoSeriousA11yViolations(page);

    // The ticket in My Tickets, newest first, with the spec's status label.
    await page.goto('/support/my-tickets');
    await expect(page.getByRole('heading', { level: 1, name: 'My Tickets' })).toBeVisible();
    // At 360 px a list of rows: the subject (the link to the ticket), its number, its status.
    const row = page
      .getByRole('list', { name: 'Your support tickets' })
      .getByRole('listitem')
      .filter({ hasText: subject });
    await expect(row).toContainText(number);
    await expect(row).toContainText('New');
    await expectNoSeriousA11yViolations(page);

    // Its page (the service is named there): the conversation with the photo, and a reply.
    await row.getByRole('link', { name: subject }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ticket', exact: true }),
    ).toBeVisible();
    await expect(page.getByText(number, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: SERVICE })).toBeVisible();
    await expect(page.getByRole('button', { name: /modem\.png/ })).toBeVisible();
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('Your message').fill('It happened again at 3 pm today.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your reply has been sent.' }),
    ).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'It happened again at 3 pm today.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Your message')).toHaveValue('');
    await expectNoSeriousA11yViolations(page);

    // The desk asks a question: the dashboard flags the ticket, which leads to it.
    const asked = await page.request.post(buildPath(apiPaths.internalTicketReply, { ticketid }), {
      headers: { 'X-Service-Key': E2E_INTERNAL_API_KEY },
      data: { message: 'Is the dish in the shade in the afternoon?', status: 'Waiting' },
    });
    expect(asked.status()).toBe(200);
    await page.goto('/');
    const notice = page
      .getByRole('list', { name: 'Needs your attention' })
      .getByRole('link', { name: new RegExp(`Ticket ${number} needs your reply`) });
    await expect(notice).toBeVisible();
    await notice.click();
    await expect(page).toHaveURL(new RegExp(`/support/my-tickets/${ticketid}$`));
    await expect(page.getByText('Attention', { exact: true })).toBeVisible();
    await expect(page.getByText('Is the dish in the shade in the afternoon?')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a contact without view-tickets makes a request but cannot open My Tickets', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await logIn(page, 'limited', 'Riley');
    await page.goto('/support/my-tickets');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/support/new-ticket');
    await expect(page.getByRole('heading', { level: 1, name: 'Make a Request' })).toBeVisible();
    // No service to choose: services are not theirs to see.
    await expect(page.getByLabel('Service')).toHaveCount(0);
    await page.getByLabel('What is it about?').selectOption('Billing question');
    await page.getByLabel('Subject').fill('Who pays the bill?');
    await page.getByLabel('Details').fill('I would like to know which card the bill goes on.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: /^Ticket T\d+ created$/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /View ticket/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});
