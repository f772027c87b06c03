import { expect, test } from './test';
import { logIn } from './session';

/**
 * Live Chat on the web (docs/decisions/038), against the e2e server, which has no chat licence:
 * the usage pages' help card shows the other ways to reach us in place (no redirect), and
 * nothing of the chat provider is requested or let into the page's policy. With a licence, the
 * widget loads only when chat is opened: components/live-chat-entry.test.tsx; the policy with
 * the provider's origins: apps/server/src/plugins/security.test.ts.
 */

const LIVE_CHAT_OFF =
  'Live chat is not available right now. You can still reach us by phone or send us a message.';

test('without a chat licence, Live Chat on Data Usage shows the contact options in place', async ({
  page,
}) => {
  const chatRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('livechatinc')) chatRequests.push(request.url());
  });
  await logIn(page, 'holder', 'Jordan');
  const response = await page.goto('/services/usage');
  expect(response?.headers()['content-security-policy']).not.toContain('livechatinc');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeVisible();

  const chat = page.getByRole('button', { name: 'Live Chat' });
  await chat.click();
  await expect(chat).toHaveAttribute('aria-expanded', 'true');
  const options = page.locator('.live-chat__off');
  await expect(options.getByText(LIVE_CHAT_OFF)).toBeVisible();
  await expect(options.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
    'href',
    'tel:1300975707',
  );
  await expect(
    options.getByRole('link', { name: 'Contact options and opening hours' }),
  ).toBeVisible();
  // Still on Data Usage: not sent to the dashboard.
  await expect(page).toHaveURL(/\/services\/usage/);
  await expect(page.getByRole('heading', { level: 1, name: 'Data Usage' })).toBeVisible();
  expect(chatRequests).toEqual([]);

  // At 360 px the options fit without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
