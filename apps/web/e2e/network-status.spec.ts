import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_INTERNAL_API_KEY, publishTowerOutage } from './internal-api';
import { lastOutboxId, newestMessageTo } from './outbox';
import { logIn } from './session';
import { expect, test } from './test';

/**
 * Outages & Network Status (issue 17, docs/decisions/019) against the real server and its seeded
 * advisories (apps/server/src/seed/advisories.ts): the holder sees the Longreach outage flagged
 * on the dashboard and on the page ('Affects your service at 12 Wattle Rd'), loads more
 * advisories two at a time, and subscribes to the outage's updates (then unsubscribes, so the
 * seeded state is as it was).
 */

const LONGREACH = 'Outage: Longreach exchange and tower TWR-LRE-01';
const AFFECTS = 'Affects your service at 12 Wattle Rd';

function advisories(page: Page) {
  return page.getByRole('list', { name: 'Advisories, newest first' }).getByRole('listitem');
}

test.describe('network status', () => {
  test('the holder sees the affected-service flag, loads more advisories and subscribes', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await logIn(page, 'holder', 'Jordan');

    // The dashboard's notice, which leads to the advisory on the page.
    const notices = page.getByRole('list', { name: 'Needs your attention' });
    const notice = notices.getByRole('link', { name: new RegExp(LONGREACH) });
    await expect(notice).toContainText(AFFECTS);
    await notice.click();
    await expect(page).toHaveURL(/\/support\/network-status#advisory-2$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Outages & Network Status' }),
    ).toBeVisible();

    // The first pair, newest first: the beam maintenance to come, then the Longreach outage.
    await expect(advisories(page)).toHaveCount(2);
    const outage = advisories(page).filter({ has: page.getByRole('heading', { name: LONGREACH }) });
    await expect(outage).toBeFocused();
    await expect(outage).toContainText(AFFECTS);
    await expect(outage).toContainText('Investigating');
    await expect(outage.getByRole('definition').first()).toHaveText('High');
    await expect(outage).toContainText(/Started at\s*\d\d\/\d\d\/\d\d \d{1,2}:\d\d [ap]m AEST/);
    await expect(outage).toContainText('Expected end time');
    await expect(advisories(page).first()).not.toContainText('Affects your service');
    await expectNoSeriousA11yViolations(page);

    // Load More: two more per click, then no button once all six are shown.
    const loadMore = page.getByRole('button', { name: 'Load More' });
    await loadMore.click();
    await expect(advisories(page)).toHaveCount(4);
    const slow = advisories(page).nth(2);
    await expect(slow).toBeFocused();
    await expect(slow).toContainText('Slower evening speeds on Sky Muster beam SM-B12');
    await expect(slow).not.toContainText('Expected end time'); // no end set
    await loadMore.click();
    await expect(advisories(page)).toHaveCount(6);
    await expect(loadMore).toBeHidden();
    await expect(advisories(page).nth(5)).toContainText('Resolved');
    await expectNoSeriousA11yViolations(page);

    // Subscribe to the outage's updates; the server keeps it (a reload shows it).
    await outage.getByRole('button', { name: 'Subscribe to updates' }).click();
    await expect(outage.getByRole('status')).toHaveText(
      "You're subscribed. We'll tell you when this advisory is updated.",
    );
    await expect(outage.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    await page.reload();
    const again = advisories(page).filter({ has: page.getByRole('heading', { name: LONGREACH }) });
    await expect(again.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    await again.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(again.getByRole('status')).toHaveText(
      "You're unsubscribed. We won't send you updates about this advisory.",
    );
    await expect(again.getByRole('button', { name: 'Subscribe to updates' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a contact who may not see services gets no flag', async ({ page }) => {
    await logIn(page, 'billing', 'Alex');
    await page.goto('/support/network-status');
    await expect(advisories(page)).toHaveCount(2);
    await expect(page.getByText(AFFECTS)).toHaveCount(0);
  });

  test('an update of a followed advisory reaches the customer as an alert and an email', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const headers = { 'X-Service-Key': E2E_INTERNAL_API_KEY };
    await logIn(page, 'other', 'Casey');

    // Network operations publish an outage at the tower of Casey's Tenterfield service.
    const { advisoryid, title } = await publishTowerOutage(page.request);

    await page.goto('/support/network-status');
    const item = advisories(page).filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item).toContainText('Affects your service at 3 Quarry Rd');
    await item.getByRole('button', { name: 'Subscribe to updates' }).click();
    await expect(item.getByRole('status')).toHaveText(
      "You're subscribed. We'll tell you when this advisory is updated.",
    );

    // Resolved: an email (Casey's preferences: in the portal and by email) and an in-app alert.
    const since = await lastOutboxId(page.request);
    const resolved = await page.request.patch(
      buildPath(apiPaths.internalAdvisory, { advisoryid }),
      { headers, data: { status: 'Resolved' } },
    );
    expect(resolved.status()).toBe(200);
    const mail = await newestMessageTo(page.request, 'casey.walker@example.com', since);
    expect(mail.body).toContain(`Network update: ${title}. It is resolved.`);

    await page.reload();
    await expect(item).toContainText('Resolved');
    await expect(item).not.toContainText('Affects your service');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /^Alerts, \d+ unread$/ }).click();
    await expect(
      header.getByRole('listitem').filter({ hasText: `Network update: ${title}. It is resolved.` }),
    ).toBeVisible();
  });
});
