import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { lastOutboxId, newestMessageTo } from './outbox';
// The server's PDF text reader, one copy for both suites (a test-only import across the apps).
// eslint-disable-next-line import-x/no-restricted-paths -- test helper, not application code
import { pdfText } from '../../server/src/test/pdf-text';
import { logIn } from './session';

/**
 * The white-label run (issue 20, docs/decisions/030; playwright.brand.config.ts): the server runs
 * with content/brands/second-brand.json, and its name, logo, colours and numbers show on the
 * login page, the dashboard, the Contact page, an invoice PDF and an email, with nothing left of
 * the demo brand (content/brands/outpost-demo.json).
 */

type BrandFile = Record<
  | 'providerName'
  | 'abn'
  | 'address'
  | 'logo'
  | 'helpPhone'
  | 'salesPhone'
  | 'faultsPhone'
  | 'tollFreePhone'
  | 'localPhone'
  | 'internationalPhone'
  | 'whatsappPhone',
  string
> & { colors: { primary: string; onPrimary: string } };
const brands = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../content/brands',
);
const readBrand = (file: string) =>
  JSON.parse(readFileSync(path.join(brands, file), 'utf8')) as BrandFile;
const second = readBrand('second-brand.json');
const first = readBrand('outpost-demo.json');

/** What would give the demo brand away: its name and every number it prints. */
const FIRST_BRAND_MARKS = [
  first.providerName,
  'Outpost',
  first.abn,
  first.address,
  first.helpPhone,
  first.salesPhone,
  first.faultsPhone,
  first.tollFreePhone,
  first.localPhone,
  first.internationalPhone,
  first.whatsappPhone,
];

/** '#1e6b3a' as getComputedStyle gives it: 'rgb(30, 107, 58)'. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** None of the demo brand's marks anywhere in `text`. */
function expectNoFirstBrand(text: string, where: string): void {
  for (const mark of FIRST_BRAND_MARKS) expect(text, `${where} says '${mark}'`).not.toContain(mark);
}

/** The page's text (and title) holds none of the demo brand's marks. */
async function expectPageFreeOfFirstBrand(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expectNoFirstBrand(`${await page.title()}\n${text}`, page.url());
}

/** The header shows the second brand's name and its logo, served from the brand file. */
async function expectBrandMark(page: Page): Promise<void> {
  await expect(page.locator('.brand__name')).toHaveText(second.providerName);
  const logo = page.locator('img.logo-mark');
  await expect(logo).toHaveAttribute('src', /^\/brand\/logo\.svg\?v=[A-Za-z0-9_-]+$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  const served = (await page.request.get((await logo.getAttribute('src')) ?? '')) ?? '';
  expect(served.headers()['content-type']).toBe('image/svg+xml');
  expect(await served.text()).toBe(readFileSync(path.join(brands, second.logo), 'utf8'));
}

test.describe('a second brand', () => {
  test('the login page shows its name, logo and colours, and nothing of the demo brand', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(/Ridgeline Rural Internet$/);
    await expectBrandMark(page);
    // The colours come with the page (no repaint): the server's <style>, under the policy.
    const logIn = page.getByRole('button', { name: 'Log In' });
    await expect(logIn).toHaveCSS('background-color', rgb(second.colors.primary));
    await expect(logIn).toHaveCSS('color', rgb(second.colors.onPrimary));
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
      'content',
      second.colors.primary,
    );
    const rootColour = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    expect(rootColour).toBe(second.colors.primary);
    await expectPageFreeOfFirstBrand(page);
  });

  test('the dashboard, the Contact page and an invoice PDF carry its name and numbers', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await logIn(page, 'holder', 'Jordan');
    await expectBrandMark(page);
    await expectPageFreeOfFirstBrand(page);

    await page.goto('/support/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    for (const phone of [
      second.helpPhone,
      second.faultsPhone,
      second.tollFreePhone,
      second.localPhone,
      second.internationalPhone,
      second.whatsappPhone,
    ])
      await expect(page.getByText(phone, { exact: false }).first()).toBeVisible();
    await expectPageFreeOfFirstBrand(page);

    await page.goto('/billing/invoices');
    const table = page.getByRole('table', { name: 'Invoices and Payments History' });
    const download = page.waitForEvent('download');
    await table
      .getByRole('button', { name: /^Download invoice/ })
      .first()
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ridgeline-invoice-#\d+-\d+\.pdf$/);
    const text = pdfText(await readFile(await file.path())).join('\n');
    expect(text).toContain(second.providerName);
    expect(text).toContain(`ABN ${second.abn}`);
    expect(text).toContain(second.address);
    expect(text).toContain(second.helpPhone);
    expectNoFirstBrand(text, 'the invoice PDF');
  });

  test('an email names it and nothing of the demo brand', async ({ page }) => {
    const since = await lastOutboxId(page.request);
    await page.goto('/forgot-password');
    await page.getByLabel('Email, mobile or username').fill('services');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByRole('status')).toContainText('If those details match an account');
    const message = await newestMessageTo(page.request, 'sam.citizen@example.com', since);
    expect(message.subject).toBe(`Recover access to your ${second.providerName} account`);
    expect(message.body).toContain(`your ${second.providerName} account`);
    expectNoFirstBrand(`${message.subject}\n${message.body}`, 'the recovery email');
  });
});
