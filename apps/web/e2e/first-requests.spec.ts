import type { Page } from '@playwright/test';
import { FIRST_REQUESTS_GLOBAL, firstRequests } from '@outpost/contracts/first-requests';
import { expect, test } from './test';
import { logIn } from './session';

/**
 * Data in the first round trip (docs/decisions/032): index.html's inline script starts each
 * route's first API GETs (packages/contracts first-requests.ts) beside the scripts, and the app
 * takes those answers instead of asking again. A path the page does not ask for exactly (a
 * missing query string, a renamed endpoint) would show here as a second request, or as a request
 * the page never needed.
 */

/** Every API GET the page sends from now on, as path + query. */
function apiGets(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/'))
      seen.push(url.pathname + url.search);
  });
  return seen;
}

const count = (list: string[], item: string) => list.filter((x) => x === item).length;

test.describe.configure({ timeout: 90_000 });

test('each route asks for its first data once: index.html starts it and the page takes it', async ({
  page,
}) => {
  await logIn(page, 'holder', 'Jordan');
  for (const [route, requests] of Object.entries(firstRequests)) {
    await test.step(route, async () => {
      // A new page, as a visit typed into the address bar (not the app's own navigation).
      const visit = await page.context().newPage();
      const seen = apiGets(visit);
      await visit.goto(route);
      await expect(visit.getByRole('heading', { level: 1 })).toBeVisible();
      expect(
        await visit.evaluate((name) => name in window, FIRST_REQUESTS_GLOBAL),
        `${route}: index.html started its data`,
      ).toBe(true);
      await visit.waitForLoadState('networkidle');
      for (const { path } of requests)
        expect(count(seen, path), `${route}: requests for ${path}`).toBe(1);
      // And the app took every answer (src/lib/preload.ts removes what it takes): none was a
      // request the page did not need.
      const untaken = await visit.evaluate(
        (name) => Object.keys((window as unknown as Record<string, { r: object }>)[name]?.r ?? {}),
        FIRST_REQUESTS_GLOBAL,
      );
      expect(untaken, `${route}: answers the page did not take`).toEqual([]);
      await visit.close();
    });
  }
});

test("a route's data the user may not see is not started for them", async ({ page }) => {
  // limited/Riley holds none of the optional permissions: /billing/invoices sends them away, and
  // the transactions the holder's visit starts are not asked for.
  await logIn(page, 'limited', 'Riley');
  const visit = await page.context().newPage();
  const seen = apiGets(visit);
  await visit.goto('/billing/invoices');
  await expect(visit).toHaveURL(/\/$/);
  await visit.waitForLoadState('networkidle');
  expect(seen).not.toContain('/api/portal/billing/transactions/');
  expect(count(seen, '/api/portal/users/current/dashboard/')).toBe(1);
  await visit.close();
});
