import { gzipSync } from 'node:zlib';
import { expect, test } from './test';

/** Target from the foundation issue: the login route's JavaScript, gzip, React included. */
const LOGIN_JS_BUDGET_BYTES = 150 * 1024;

test('the login page loads at most 150 KiB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
      scripts.set(response.url(), await response.body());
    }
  });

  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();

  const gzipped = [...scripts.values()].reduce(
    (sum, body) => sum + gzipSync(body, { level: 9 }).length,
    0,
  );
  test.info().annotations.push({
    type: 'login JS',
    description: `${scripts.size} files, ${(gzipped / 1024).toFixed(1)} KiB gzip`,
  });
  expect(gzipped).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});

test("the page's own code is preloaded together with the main chunk", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  // Added by the inline script in index.html, before the main chunk runs the router.
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/login-"]')).toHaveCount(1);
});
