import { apiPaths } from '@outpost/contracts/api-paths';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The service key the provider's own systems send to the internal API (X-Service-Key). The e2e
 * server is started with it (playwright.config.ts), so tests can act as those systems.
 */
export const E2E_INTERNAL_API_KEY = 'e2e-internal-key-0123456789abcdef';

/** Creates a one-time embedded-usage link for a service, as the provider's systems would. */
export async function createUsageLink(
  request: APIRequestContext,
  serviceid: number,
): Promise<{ otc: string; path: string }> {
  const response = await request.post(apiPaths.internalUsageCodes, {
    headers: { 'X-Service-Key': E2E_INTERNAL_API_KEY },
    data: { serviceid },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { otc: string; url: string } };
  return { otc: body.data.otc, path: new URL(body.data.url).pathname };
}

/**
 * Network operations publish an outage at the tower of Casey's Tenterfield service (TWR-TEN-02),
 * under a fresh title, as the provider's systems would.
 */
export async function publishTowerOutage(
  request: APIRequestContext,
): Promise<{ advisoryid: number; title: string }> {
  const title = `Tower fault ${Date.now()}`;
  const created = await request.post(apiPaths.internalAdvisories, {
    headers: { 'X-Service-Key': E2E_INTERNAL_API_KEY },
    data: {
      title,
      severity: 'High',
      status: 'Investigating',
      started: new Date().toISOString(),
      message: 'The tower lost power.',
      areas: { towers: ['TWR-TEN-02'] },
    },
  });
  expect(created.status()).toBe(200);
  const { advisoryid } = ((await created.json()) as { data: { advisoryid: number } }).data;
  return { advisoryid, title };
}
