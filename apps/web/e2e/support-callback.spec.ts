import { expectNoSeriousA11yViolations } from './axe';
import { lastOutboxId, newestMessageTo } from './outbox';
import { logIn } from './session';
import { expect, test } from './test';

/**
 * Request a Callback (issue 17, docs/decisions/017) against the real server and its real clock:
 * the holder, on a phone-sized screen in Perth (two hours behind AEST all year), books the first
 * time offered, sees it with its ticket number and in 'Your callbacks', gets the email, then
 * cancels it. The booking is made and cancelled here: the seat is free again afterwards.
 */

test.use({ timezoneId: 'Australia/Perth' });

const HOLDER_EMAIL = 'jordan.citizen@example.com';

test('the holder books a callback in their own time zone and cancels it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await logIn(page, 'holder', 'Jordan');
  const since = await lastOutboxId(page.request);

  await page.goto('/support/callback');
  await expect(page.getByRole('heading', { level: 1, name: 'Request a Callback' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Your callbacks' });
  await expect(list.getByText('You have no callbacks booked.')).toBeVisible();

  // The mobile on the holder's contact details is filled in.
  await expect(page.getByLabel('Number to call')).toHaveValue('0491570156');
  const teams = page.getByRole('group', { name: 'Team' });
  await expect(teams.getByRole('radio', { name: /Technical Support/ })).toBeChecked();

  // Submitting with no time chosen says so.
  await page.getByRole('button', { name: 'Review and book' }).click();
  await expect(page.getByText('Choose a time for the call.')).toBeVisible();

  // The first time offered: Perth's clock two hours behind AEST.
  const times = page.getByRole('group', { name: /^Time on / });
  const first = times.getByRole('radio').first();
  const label = (await first.getAttribute('value')) ?? '';
  expect(label).toMatch(/^\d{4}-\d\d-\d\dT\d\d:[03]0:00\.000Z$/);
  const start = new Date(label);
  const hour12 = (h: number) => (h % 12 === 0 ? 12 : h % 12);
  const aestHour = (start.getUTCHours() + 10) % 24;
  const minutes = String(start.getUTCMinutes()).padStart(2, '0');
  const perth = `${hour12((aestHour + 22) % 24)}:${minutes}`;
  const aest = `${hour12(aestHour)}:${minutes}`;
  await expect(times.locator('label').first()).toContainText(`${perth}`);
  await expect(times.locator('label').first()).toContainText(`${aest}`);
  await expect(times.locator('label').first()).toContainText('AEST');
  await first.check();
  await page.getByLabel('What is the call about?').fill('The dish needs realigning after a storm.');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Review and book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Callback' });
  await expect(dialog.getByRole('heading', { name: 'Check the details' })).toBeVisible();
  await expect(dialog).toContainText('Technical Support');
  await expect(dialog).toContainText(`${perth}`);
  await expect(dialog).toContainText('your time');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Book the call' }).click();

  await expect(dialog.getByRole('heading', { name: 'Callback booked' })).toBeVisible();
  const status = dialog.getByRole('status');
  await expect(status).toContainText('Technical Support will call you on 0491 570 156');
  const ticket = /Your ticket number is (T\d+)\./.exec((await status.textContent()) ?? '')?.[1];
  expect(ticket).toBeTruthy();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // The booking is listed, and confirmed by email in AEST with the Perth time beside it.
  const item = list.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Technical Support, `);
  await expect(item).toContainText(`${aest}`);
  await expect(item).toContainText(`Ticket ${ticket}`);
  const mail = await newestMessageTo(page.request, HOLDER_EMAIL, since);
  expect(mail.subject).toMatch(
    new RegExp(`^Callback booked: Technical Support, .* \\(${ticket}\\)$`),
  );
  expect(mail.body).toContain('your time');
  await expectNoSeriousA11yViolations(page);

  // Cancel it, through the confirm dialog.
  await item.getByRole('button', { name: /^Cancel/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Callback' });
  await expect(confirm).toContainText(`Ticket ${ticket} will be closed.`);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel the callback' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('status')).toContainText('has been cancelled.');
  // It stays on the list a while, with what became of it (decision 059).
  await expect(item).toContainText('Cancelled');
  await expect(item.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
});
