import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { logIn } from './session';

/**
 * The look, as a reviewer sees it: the dashboard, My Services and Data Usage of the seeded holder
 * at a small phone's width (360 px) and a laptop's (1280 px), each page once its data is on
 * screen. Written to test-results/screenshots/ (kept by CI with the other results); the set taken
 * before the redesign is in docs/screenshots/before/.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(here, '../../../test-results/screenshots');

const WIDTHS = [360, 1280] as const;

const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'dashboard',
    path: '/',
    ready: async (page) => {
      await expect(
        page.getByRole('region', { name: 'Usage', exact: true }).getByRole('progressbar').first(),
      ).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'News & Updates' }).getByRole('heading', { level: 3 }),
      ).toHaveCount(2);
    },
  },
  {
    name: 'services',
    path: '/services',
    ready: async (page) => {
      // A table from 769 px, a list of rows below.
      const services = page.getByRole('table', { name: 'Manage My Services' }).getByRole('row');
      const rows = page.getByRole('list', { name: 'Manage My Services' }).getByRole('listitem');
      await expect(services.nth(1).or(rows.first())).toBeVisible();
    },
  },
  {
    name: 'usage',
    path: '/services/usage',
    ready: async (page) => {
      await expect(
        page
          .getByRole('table', { name: 'Usage summary for this period' })
          .or(page.getByRole('list', { name: 'Usage summary for this period' })),
      ).toBeVisible();
    },
  },
];

test.describe('screenshots', () => {
  for (const width of WIDTHS) {
    test(`the dashboard, services and usage pages at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 769 ? 740 : 800 });
      await logIn(page, 'holder', 'Jordan');
      for (const target of PAGES) {
        await page.goto(target.path);
        await target.ready(page);
        // Fonts are the system's, but let any late layout settle before the picture.
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({
          path: path.join(OUT, `${target.name}-${width}.png`),
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
        });
      }
    });
  }
});
