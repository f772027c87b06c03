import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test as suiteTest } from './test';
import { logIn } from './session';
import { VISUAL_CLOCK_START } from './visual-clock';

/**
 * The visual regression suite (issue 41; docs/styles.md "Visual regression"; run by
 * playwright.visual.config.ts on a server of its own): every main route at a small phone's width
 * and a laptop's, full page, compared with its baseline in e2e/visual-baselines/. A change to the
 * look fails here until the baselines are regenerated (npm run test:visual:update) and the new
 * pictures are reviewed in the commit.
 *
 * The same pictures every day: the seed is relative to the server's start, and the server's clock
 * starts at a fixed instant (CLOCK_START, e2e/visual-clock.ts) as does the browser's (page.clock),
 * so periods, bills, hourly usage, charts and days left are the same on every run. What still
 * moves while the suite runs, or could come from the database's own clock, is masked: dates, times
 * and relative times (see markVolatile), `<time>` elements and anything marked
 * `data-visual-mask`. Every picture is also written, unmasked, to test-results/visual/screens/
 * (kept by CI), whether it matched or not.
 */

/**
 * The suite's test (the Content-Security-Policy check) without the axe run on the last page:
 * these pages are all checked by axe in e2e/routes.spec.ts, and the time goes to the pictures.
 */
const test = suiteTest.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from the pattern
  axeOnLastPage: async ({}, use) => {
    await use();
  },
});

const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENS = path.resolve(here, '../../../test-results/visual/screens');

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
] as const;

type Route = { name: string; path: string };

/** The seeded holder, Jordan (account 100001): every permission, services, tickets, referrals. */
const HOLDER_ROUTES: Route[] = [
  { name: 'dashboard', path: '/' },
  { name: 'services', path: '/services' },
  { name: 'usage', path: '/services/usage' },
  { name: 'data-blocks', path: '/services/data-blocks' },
  { name: 'invoices', path: '/billing/invoices' },
  { name: 'one-off-payment', path: '/billing/one-off-payment' },
  { name: 'account-details', path: '/account/details' },
  { name: 'account-permissions', path: '/account/permissions' },
  { name: 'account-security', path: '/account/security' },
  { name: 'guides', path: '/support/guides' },
  { name: 'my-tickets', path: '/support/my-tickets' },
  { name: 'ticket', path: '/support/my-tickets/240001' },
  { name: 'network-status', path: '/support/network-status' },
  { name: 'news', path: '/news' },
  { name: 'rewards', path: '/rewards/get-started' },
  { name: 'not-found', path: '/no-such-page' },
];

/** Casey (`other`, account 100003): owes money, and has no tickets (the empty state). */
const OTHER_ROUTES: Route[] = [
  { name: 'dashboard', path: '/' },
  { name: 'invoices', path: '/billing/invoices' },
  { name: 'my-tickets-empty', path: '/support/my-tickets' },
];

const PUBLIC_ROUTES: Route[] = [{ name: 'login', path: '/login' }];

/**
 * Waits until the page has its data on screen: no request in flight, no skeleton, spinner or busy
 * region left, the fonts loaded; then marks what depends on the day (markVolatile).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(
    page.locator('[aria-busy="true"], .loading-state, [class*="skeleton"]').filter({
      visible: true,
    }),
  ).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(markVolatile);
}

/**
 * In the page: covers each run of text that names a date or a time with a transparent box marked
 * `data-visual-mask-box` (the screenshot's mask paints over it), without touching the page's own
 * elements or layout. The server's clock runs on from CLOCK_START while the suite runs (times of
 * day, 'N minutes ago' move), and a row the database stamps itself (now()) carries today's date.
 */
function markVolatile(): void {
  const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';
  const WEEKDAY = '(?:Mon|Tue|Tues|Wed|Wednes|Thu|Thur|Thurs|Fri|Sat|Satur|Sun)(?:day)?\\b';
  const PATTERNS = [
    /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, // 12/12/26
    /\b\d{4}-\d{2}-\d{2}\b/g, // 2026-12-12
    /\b\d{1,2}:\d{2}(?::\d{2})?\s?(?:[ap]\.?m\.?)?/gi, // 3:00 pm
    /\b\d{1,2}\s?[ap]\.?m\.?\b/gi, // 3 pm
    new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}(?:\\s+\\d{4})?`, 'g'), // 12 Dec 2026
    new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?`, 'g'), // Dec 12, 2026
    new RegExp(`\\b${WEEKDAY}`, 'g'), // Monday
    /\b(?:\d+|an?|one)\s+(?:second|minute|hour|day|week|month|year)s?\s+(?:ago|left|remaining)\b/gi,
    /\bin\s+(?:\d+|an?)\s+(?:second|minute|hour|day|week|month|year)s?\b/gi,
    /\b(?:yesterday|today|tomorrow|just now)\b/gi,
  ];

  document.querySelectorAll('[data-visual-mask-box]').forEach((box) => box.remove());
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const parent = node.parentElement;
    if (!text.trim() || !parent || parent.closest('script, style, [aria-hidden="true"] svg'))
      continue;
    for (const pattern of PATTERNS) {
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        ranges.push(range);
        if (match[0].length === 0) pattern.lastIndex += 1;
      }
    }
  }
  const origin = document.documentElement.getBoundingClientRect();
  for (const range of ranges) {
    for (const rect of Array.from(range.getClientRects())) {
      if (rect.width === 0 || rect.height === 0) continue;
      const box = document.createElement('div');
      box.setAttribute('data-visual-mask-box', '');
      box.setAttribute('aria-hidden', 'true');
      // Page coordinates: the html element is the containing block of an absolute box at the
      // end of the body unless the body is positioned (it is not).
      Object.assign(box.style, {
        position: 'absolute',
        left: `${rect.left - origin.left - 1}px`,
        top: `${rect.top - origin.top - 1}px`,
        width: `${rect.width + 2}px`,
        height: `${rect.height + 2}px`,
        pointerEvents: 'none',
        background: 'transparent',
        margin: '0',
        padding: '0',
        border: '0',
      });
      document.body.append(box);
    }
  }
}

/** What the mask paints over, besides the boxes of markVolatile. */
function masks(page: Page): Locator[] {
  return [page.locator('[data-visual-mask], [data-visual-mask-box], time')];
}

async function compare(page: Page, route: Route, prefix: string, width: number): Promise<void> {
  const name = `${prefix}-${route.name}-${width}`;
  await page.goto(route.path);
  await settle(page);
  await expect
    .soft(page, `${route.path} at ${width} px`)
    .toHaveScreenshot(`${name}.png`, { fullPage: true, mask: masks(page) });
  // The picture as a person sees it (nothing masked), kept by CI whether it matched or not.
  await page.evaluate(() =>
    document.querySelectorAll('[data-visual-mask-box]').forEach((box) => box.remove()),
  );
  await page.screenshot({
    path: path.join(SCREENS, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

test.beforeAll(() => {
  mkdirSync(SCREENS, { recursive: true });
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    // The browser's today is the server's (playwright.visual.config.ts starts its clock there).
    test.beforeEach(async ({ page }) => {
      await page.clock.install({ time: new Date(VISUAL_CLOCK_START) });
    });

    test('the account holder (Jordan): every main page', async ({ page }) => {
      test.setTimeout(240_000);
      await logIn(page, 'holder', 'Jordan');
      for (const route of HOLDER_ROUTES) await compare(page, route, 'holder', viewport.width);
    });

    test('a customer who owes money (Casey): dashboard, invoices, no tickets', async ({ page }) => {
      await logIn(page, 'other', 'Casey');
      for (const route of OTHER_ROUTES) await compare(page, route, 'other', viewport.width);
    });

    test('logged out: the login page', async ({ page }) => {
      for (const route of PUBLIC_ROUTES) await compare(page, route, 'public', viewport.width);
    });
  });
}
