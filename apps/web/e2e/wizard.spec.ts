import { expect, test } from './test';
import { logIn } from './session';

/**
 * The one wizard flow in a real browser: the phone's (or browser's) Back button steps a wizard
 * back, then closes it, and only then leaves the page; nothing is bought on the way. (Back to
 * another document, a page the visitor came from outside the portal, cannot be held.)
 */
test('browser Back steps the Buy a Data Block wizard back, closes it, then leaves the page', async ({
  page,
}) => {
  await logIn(page, 'holder', 'Jordan');
  await page.goto('/services');
  await page
    .getByRole('navigation', { name: 'My Services sections' })
    .getByRole('link', { name: 'Data Blocks' })
    .click();
  await expect(page).toHaveURL('/services/data-blocks');
  await page.getByRole('button', { name: 'Buy Data Block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy a Data Block' });
  await dialog.getByRole('button', { name: 'Select Data Block 5 GB' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm' })).toBeFocused();

  await page.goBack();
  await expect(dialog.getByRole('heading', { name: 'Select Data Block' })).toBeFocused();
  await expect(page).toHaveURL('/services/data-blocks');

  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL('/services/data-blocks');
  await expect(page.getByRole('button', { name: 'Buy Data Block' })).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'My Services' })).toBeVisible();
});
