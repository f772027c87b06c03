import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { logIn } from './session';

/**
 * The offline-first shell (docs/decisions/031) against the real server and the built app: the
 * service worker (Workbox, src/sw.ts), last-known data per user in IndexedDB
 * (lib/query-persist.ts), the offline banner and the actions that need the server.
 * holder/Jordan (account 100001) and other/Casey (another account) are seeded users.
 */

test.use({ serviceWorkers: 'allow' });
// Installing a worker precaches about a hundred files: slower than a page on a busy machine.
test.describe.configure({ timeout: 90_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const swFile = path.join(here, '..', 'dist', 'sw.js');

const OFFLINE_BANNER = /^Offline - showing data from (\d{1,2} [A-Z][a-z]{2}, )?\d{1,2}:\d\d [ap]m$/;
const OFFLINE_REASON =
  "You're offline. This needs a connection: try again when you're back online.";
const NOT_KEPT = 'This has not been saved on this device yet. Connect to the internet to load it.';

/**
 * Waits until the app's service worker controls the page (it claims pages on its first install):
 * for the page's 'controllerchange', however long the install takes on a busy machine (the test's
 * own time limit applies).
 */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller) resolve();
        else navigator.serviceWorker.addEventListener('controllerchange', () => resolve());
      }),
  );
}

/** The browser's service worker versions: each one's status by its id, kept current. */
async function workerVersions(page: Page): Promise<Map<string, string>> {
  const statuses = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) statuses.set(v.versionId, v.status);
  });
  // Enabling reports every version there is (as events, soon after).
  await cdp.send('ServiceWorker.enable');
  return statuses;
}

/**
 * The query keys kept in IndexedDB for the user, by key (`user:<id>`). Never creates the database:
 * one opened here before the app's first save would have no 'queries' store, and the app's every
 * save would then fail for the rest of the test (its store is created only with the database).
 */
function keptQueries(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string[]>>((resolve) => {
        const open = indexedDB.open('outpost-last-known');
        // No database yet: abandoning the upgrade leaves none (onerror answers).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve({});
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) {
            db.close();
            resolve({});
            return;
          }
          const store = db.transaction('queries').objectStore('queries');
          const all: Record<string, string[]> = {};
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) {
              db.close();
              resolve(all);
              return;
            }
            const value = at.value as { state: { queries: { queryKey: unknown[] }[] } };
            all[String(at.key)] = value.state.queries.map((q) => q.queryKey.join('/'));
            at.continue();
          };
        };
      }),
  );
}

/**
 * Waits for the save that keeps `part` (a query key, joined by '/'): call it once the page shows
 * that query's data. The persister writes a second after the data changes; the e2e build marks
 * the page 'saved' once every change is written (lib/query-persist.ts), so this waits for that
 * save, not for a time, and then reads what the device holds.
 */
async function keptFor(page: Page, part: string): Promise<void> {
  await expect
    .poll(async () =>
      (await saveState(page)) === 'saved'
        ? Object.values(await keptQueries(page))
            .flat()
            .join(' ')
        : `(${await saveState(page)})`,
    )
    .toContain(part);
}

/** The e2e build's save marker: 'saving', 'saved', 'failed', or null (nothing is being kept). */
function saveState(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('data-last-known');
}

/** Waits until every change to the page's data is written to the device. */
async function allKept(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-last-known', 'saved');
}

/** Jordan signed in, the worker in control, and the dashboard's data kept on the device. */
async function holderWithKeptDashboard(page: Page): Promise<void> {
  await logIn(page, 'holder', 'Jordan');
  await controlled(page);
  await expect(page.getByText(/^Account ID:/)).toHaveText('Account ID: 100001');
  await keptFor(page, 'users/current/dashboard');
}

test.describe('offline-first shell', () => {
  test('offline, the dashboard and usage reload with last-known data and the banner; buying waits', async ({
    page,
    context,
  }) => {
    await holderWithKeptDashboard(page);

    await page.goto('/services/usage');
    await expect(page.getByRole('progressbar', { name: 'Peak data used' })).toBeVisible();
    await keptFor(page, 'usage/session');
    await page.goto('/services/data-blocks');
    await expect(page.getByRole('button', { name: 'Buy Data Block' })).toBeEnabled();
    await keptFor(page, 'services/list');

    await context.setOffline(true);
    await page.goto('/services/usage');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Peak data used' })).toBeVisible();
    await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

    await page.goto('/');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
    await expect(page.getByText(/^Account ID:/)).toHaveText('Account ID: 100001');
    await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

    // A purchase needs the server: disabled, saying why, instead of failing.
    await page.goto('/services/data-blocks');
    await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
    const buy = page.getByRole('button', { name: 'Buy Data Block' });
    await expect(buy).toBeDisabled();
    await expect(buy).toHaveAccessibleDescription(OFFLINE_REASON);
    await expect(page.getByText(OFFLINE_REASON)).toBeVisible();

    // Back online: the action is there again, and the banner is gone.
    await context.setOffline(false);
    await expect(buy).toBeEnabled();
    await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);
  });

  test('offline, pages never opened: Outages & Network Status has what the dashboard kept; My Details and One-Off Payment say nothing is kept, not a spinner', async ({
    page,
    context,
  }) => {
    // Only the dashboard is visited: it keeps the network status's first page too, fetched once
    // the dashboard's own data is in.
    const networkStatus = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/portal/support/networkstatus/',
    );
    await holderWithKeptDashboard(page);
    await networkStatus;
    await keptFor(page, 'support/networkstatus');

    await context.setOffline(true);
    await page.goto('/support/network-status');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Outages & Network Status' }),
    ).toBeVisible();
    const advisories = page.getByRole('list', { name: 'Advisories, newest first' });
    await expect(advisories.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
    await expect(page.getByText(NOT_KEPT)).toHaveCount(0);

    await page.goto('/account/details');
    await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: NOT_KEPT })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveCount(0);

    await page.goto('/billing/one-off-payment');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay with your saved card' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: NOT_KEPT })).toBeVisible();
    await expect(page.getByText('Loading saved cards...')).toHaveCount(0);
    await context.setOffline(false);
  });

  test('online but nothing gets through: last-known data and the banner, buying waits, until the server answers again', async ({
    page,
    context,
  }) => {
    await holderWithKeptDashboard(page);
    await page.goto('/services/data-blocks');
    await expect(page.getByRole('button', { name: 'Buy Data Block' })).toBeEnabled();
    await keptFor(page, 'services/list');

    // The browser still says online (a satellite modem whose link is down): every API request
    // fails without an answer, the page's and the service worker's.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect(page.getByText(/^Account ID:/)).toHaveText('Account ID: 100001');
    await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

    await page.getByRole('link', { name: 'Data Blocks' }).first().click();
    const buy = page.getByRole('button', { name: 'Buy Data Block' });
    await expect(buy).toBeDisabled();
    await expect(buy).toHaveAccessibleDescription(OFFLINE_REASON);

    // The link is back: the next probe (at most 15 s away) finds the server.
    await context.unroute('**/api/**');
    await expect(buy).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);
  });

  test('after a logout, a different user sees nothing of the first', async ({ page, context }) => {
    await holderWithKeptDashboard(page);
    const holderKeys = Object.keys(await keptQueries(page));
    expect(holderKeys).toHaveLength(1);

    await page.getByRole('banner').getByRole('button', { name: 'Jordan Citizen' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect.poll(() => keptQueries(page)).toEqual({});

    await logIn(page, 'other', 'Casey');
    await expect(page.getByText(/^Account ID:/)).toBeVisible();
    await keptFor(page, 'users/current/dashboard');
    expect(Object.keys(await keptQueries(page))).not.toContain(holderKeys[0]);
    // Offline, the second user's pages show their own data only.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi Casey' })).toBeVisible();
    await expect(page.getByText(/^Account ID:/)).not.toHaveText('Account ID: 100001');
    await expect(page.getByText('Jordan')).toHaveCount(0);
    await context.setOffline(false);
  });

  test('offline, every route of the menu renders from the cache', async ({ page, context }) => {
    test.setTimeout(240_000);
    await logIn(page, 'holder', 'Jordan');
    await controlled(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const hrefs = new Set<string>(['/']);
    for (const link of await menu.locator('a[href^="/"]').all())
      hrefs.add((await link.getAttribute('href')) ?? '/');
    const groups = menu.getByRole('button');
    for (let i = 0; i < (await groups.count()); i += 1) {
      await groups.nth(i).click();
      const panelId = await groups.nth(i).getAttribute('aria-controls');
      for (const link of await page.locator(`[id="${panelId}"] a[href^="/"]`).all())
        hrefs.add((await link.getAttribute('href')) ?? '/');
      await groups.nth(i).click();
    }
    expect(hrefs.size).toBeGreaterThan(5);

    // Once online (each page's data kept before the next page is loaded: the kept data is written
    // a second after it changes, and leaving the page sooner would lose that write), then each
    // again with the network cut.
    const headings = new Map<string, string>();
    for (const href of hrefs) {
      await page.goto(href);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      headings.set(href, (await h1.textContent()) ?? '');
      await allKept(page);
    }

    await context.setOffline(true);
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1 }), href).toHaveText(headings.get(href)!);
      await expect(page.getByText('Something went wrong'), href).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: /^Offline - / }), href).toBeVisible();
    }
    await context.setOffline(false);
  });

  test("a new deploy's service worker installs in the background and takes over on the next visit", async ({
    page,
    context,
  }) => {
    await logIn(page, 'holder', 'Jordan');
    await controlled(page);
    const firstVersion = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
    expect(firstVersion).toMatch(/\/sw\.js$/);
    // The first visit under a worker remembers its version (no note: nothing was updated).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('outpost-sw-version')))
      .not.toBeNull();
    await expect(page.getByText('Updated', { exact: true })).toHaveCount(0);
    const before = await page.evaluate(() => localStorage.getItem('outpost-sw-version'));

    // A new deploy: a worker with another precache list (one asset's revision changed).
    const original = readFileSync(swFile, 'utf8');
    try {
      const next = original.replace(/"revision":"([0-9a-f]+)"/, '"revision":"$1e2e"');
      expect(next).not.toBe(original);
      writeFileSync(swFile, next);

      // This visit finds it and installs it in the background; it waits, not taking over mid-task.
      await page.goto('/services');
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const registration = await navigator.serviceWorker.getRegistration();
              await registration?.update().catch(() => undefined);
              return registration?.waiting !== null && registration?.waiting !== undefined;
            }),
          { timeout: 60_000 },
        )
        .toBe(true);
      await expect(page.getByText('Updated', { exact: true })).toHaveCount(0);

      // The next visit (the old tab closed): the new version serves it, with a quiet note. The
      // browser activates the waiting worker once the closed tab's client is gone, a moment after
      // close() returns; a visit in that moment would still be the old version's.
      const next2 = await context.newPage();
      const versions = await workerVersions(next2);
      const waitingId = () => [...versions].find(([, status]) => status === 'installed')?.[0];
      await expect.poll(waitingId, 'the new version waits').toBeDefined();
      const newVersion = waitingId()!;
      await page.close();
      await expect.poll(() => versions.get(newVersion)).toBe('activated');
      await next2.goto('/');
      await expect(next2.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeVisible();
      await expect(next2.getByText('Updated', { exact: true })).toBeVisible();
      const after = await next2.evaluate(() => localStorage.getItem('outpost-sw-version'));
      expect(after).not.toBe(before);
    } finally {
      writeFileSync(swFile, original);
    }
  });
});
