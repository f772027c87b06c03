import { readFile } from 'node:fs/promises';
import { zoneAbbreviation, zoneDescription } from '@outpost/domain/time/names';
import { expect, test } from './test';
import { logIn } from './session';

/**
 * A provider in Victoria (issue 36; playwright.brand.config.ts runs the server with
 * content/business/victoria.json): the Contact page, the callback times and the usage reports go by
 * Melbourne's clock, daylight saving included, and its hours; a customer's browser in Melbourne.
 */
const MEL = 'Australia/Melbourne';
test.use({ timezoneId: MEL });

const TECHNICAL = 'Monday to Friday 8am-7pm; weekends 9am-5pm; public holidays closed';
const SALES = 'Monday to Friday 9am-5pm; weekends and public holidays closed';

/** The wall clock in Melbourne of an instant: weekday (0 Sunday), hour and minute. */
function melbourne(instant: Date) {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: MEL,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { weekday, hour: Number(get('hour')), minute: Number(get('minute')) };
}

test('the Contact page gives the Victorian hours and the zone of the day', async ({ page }) => {
  await logIn(page, 'holder', 'Jordan');
  await page.goto('/support/contact');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toContainText(SALES);
  await expect(table.getByRole('row').nth(2)).toContainText(TECHNICAL);
  await expect(
    page.getByText(`The time zone is ${zoneDescription(new Date(), MEL)}.`),
  ).toBeVisible();
});

test("callback times are Melbourne's: its hours, its lead time and its zone's name", async ({
  page,
}) => {
  await logIn(page, 'holder', 'Jordan');
  await page.goto('/support/callback');
  await expect(page.getByText(TECHNICAL)).toBeVisible();
  const times = page.getByRole('group', { name: /^Time on / });
  const first = times.getByRole('radio').first();
  const start = new Date((await first.getAttribute('value')) ?? '');
  // The business file's lead time is an hour (Queensland's is 30 minutes).
  expect(start.getTime()).toBeGreaterThanOrEqual(Date.now() + 55 * 60_000);
  const wall = melbourne(start);
  const weekend = wall.weekday === 0 || wall.weekday === 6;
  expect(wall.hour).toBeGreaterThanOrEqual(weekend ? 9 : 8);
  expect(wall.hour).toBeLessThan(weekend ? 17 : 19);
  // The caller is in Melbourne: one time, named by the zone that day (AEDT in summer).
  const clock = `${wall.hour % 12 || 12}:${String(wall.minute).padStart(2, '0')} ${wall.hour < 12 ? 'am' : 'pm'}`;
  const label = times.locator('label').first();
  await expect(label).toContainText(`${clock}${zoneAbbreviation(start, MEL)}`);
  await expect(label).not.toContainText('your time');
});

test('usage is counted in Melbourne time: the hour column, the update time and the report', async ({
  page,
}) => {
  await logIn(page, 'holder', 'Jordan');
  await page.goto('/services/usage?service=200101&tab=hourly&chart=usage');
  await expect(page.getByText(/^Usage last updated: .*\(Melbourne time\)$/)).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Usage by hour, newest first' })
      .getByRole('columnheader', { name: 'Hour (Melbourne time)' }),
  ).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^Local time \(Melbourne\),/);
  // The period starts at midnight on Melbourne's clock: its first hour reads 00:00.
  const hours = lines
    .slice(1)
    .map((l) => l.slice(0, 16))
    .sort();
  expect(hours[0]).toMatch(/^\d{4}-\d\d-\d\d 00:00$/);
});
