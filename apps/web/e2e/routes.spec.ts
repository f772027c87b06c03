import { fileURLToPath } from 'node:url';
import { type WebRoute, webRoutes } from '@outpost/contracts/web-routes';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { logIn } from './session';

/** What the page's h1 says: its title, apart from the pages that greet or show a content title. */
function heading(route: WebRoute): string {
  if (route.path === '/') return 'Hi Jordan';
  if (route.path === '/xd/:uid') return 'Hello World!';
  // The footer's 'Financial Hardship' link opens the Financial Hardship Policy page.
  if (route.path === '/financial-hardship') return 'Financial Hardship Policy';
  // The Billing page's tabs (spec 3 section 2.3), Unbilled Calls too (it says it is not available).
  if (route.path.startsWith('/billing/')) return 'Billing';
  // A guide shows its own title (the example's).
  if (route.path === '/support/guides/:slug') return GUIDE_EXAMPLE_TITLE;
  return route.title;
}

const GUIDE_EXAMPLE_TITLE = 'What the lights on your satellite modem mean';

/** The document title: the route's, apart from a guide, named by its own title. */
function documentTitle(route: WebRoute): string {
  if (route.path === '/support/guides/:slug') return `${GUIDE_EXAMPLE_TITLE} - Guides`;
  return route.title;
}

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** A file name for a route's screenshot: '/support/guides/:slug' -> 'support-guides-slug'. */
function screenName(route: WebRoute): string {
  return route.path.replace(/^\//, '').replace(/[/:]+/g, '-') || 'dashboard';
}

for (const viewport of VIEWPORTS) {
  test(`every page of the route table renders for the account holder at ${viewport.width} px and passes axe`, async ({
    page,
  }) => {
    // Every page of the route table (more since issue 35), axe and a full-page screenshot each.
    test.setTimeout(300_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await logIn(page, 'holder', 'Jordan');
    const routes = webRoutes.filter((r) => r.access !== 'native' && r.access !== 'public');
    for (const route of routes) {
      const path = route.example ?? route.path;
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: heading(route), exact: true }),
        path,
      ).toBeVisible();
      await expect(page).toHaveTitle(`${documentTitle(route)} | Outpost Demo Broadband`);
      await expectNoSeriousA11yViolations(page);
      // No sideways scrolling on a small phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${path} overflows by ${overflow} px`).toBeLessThanOrEqual(0);
      // Kept by CI under test-results/screens/ so anyone can look at every page.
      await page.screenshot({
        path: fileURLToPath(
          new URL(
            `../../../test-results/screens/${viewport.name}/${screenName(route)}.png`,
            import.meta.url,
          ),
        ),
        fullPage: true,
      });
    }
  });
}

test('logged-out pages render in their layouts and pass axe', async ({ page }) => {
  test.setTimeout(60_000);
  const routes = webRoutes.filter((r) => ['public', 'open', 'basic'].includes(r.access));
  for (const route of routes) {
    const path = route.example ?? route.path;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: route.title }), path).toBeVisible();
    const loginLink = page.getByRole('banner').getByRole('link', { name: 'Login' });
    await expect(loginLink).toHaveCount(route.access === 'basic' ? 0 : 1);
    await expectNoSeriousA11yViolations(page);
  }
});

test('native-only pages send a web visitor home', async ({ page }) => {
  await logIn(page, 'holder', 'Jordan');
  for (const route of webRoutes.filter((r) => r.access === 'native')) {
    await page.goto(route.path);
    await expect(page).toHaveURL('/');
  }
});
