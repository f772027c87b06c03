import { expect, type Page } from '@playwright/test';

/** The seeded demo users' password (apps/server seed). */
export const DEMO_PASSWORD = 'Outpost-demo-1';

/** Fills the login form already on screen and submits it. */
export async function submitLogin(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Opens /login, logs in and waits for the dashboard. */
export async function logIn(page: Page, username: string, greeting: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, username);
  await expect(page.getByRole('heading', { level: 1, name: `Hi ${greeting}` })).toBeVisible();
}

/** The names of the main menu's links, opening each group in turn (as a user would). */
export async function mainMenuItems(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const names = await menu.locator(':scope > ul > li > a').allTextContents();
  const groups = menu.getByRole('button');
  for (let i = 0; i < (await groups.count()); i += 1) {
    const group = groups.nth(i);
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    const panelId = await group.getAttribute('aria-controls');
    names.push(...(await page.locator(`[id="${panelId}"] a`).allTextContents()));
  }
  return names;
}
