import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './test-app';
import { createTestContext } from './test-app';
import { adminPaths } from '@outpost/contracts/api-paths';
import { mintStaffSession } from './sessions';

let ctx: TestContext;
const SERVICE_KEY = 'internal-service-key-for-the-log-test-0001';

beforeAll(async () => {
  ctx = await createTestContext({ env: { LOG_LEVEL: 'trace', INTERNAL_API_KEY: SERVICE_KEY } });
});
afterAll(async () => ctx.close());

describe('logs', () => {
  it('never contain a password, token or verification code', async () => {
    const secrets: string[] = ['Outpost-demo-1', 'Wrong-Passw0rd-xyz', '493817'];
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/login/',
      payload: { username: 'holder', password: 'Outpost-demo-1' },
    });
    expect(login.statusCode).toBe(200);
    const tokens = (login.json().data.tokens as { token: string }[]).map((t) => t.token);
    secrets.push(...tokens);

    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/login/',
      payload: { username: 'billing', password: 'Wrong-Passw0rd-xyz' },
    });
    expect(failed.statusCode).toBe(401);

    // A code check: the two-factor login with a verification code.
    const twoFactor = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/login/',
      payload: { username: 'twofactor', password: 'Outpost-demo-1', verification: '493817' },
    });
    expect(twoFactor.statusCode).toBe(401);

    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/current/refresh/',
      headers: { 'x-refresh-token': tokens[1]! },
    });
    expect(refreshed.statusCode).toBe(200);
    secrets.push(...(refreshed.json().data.tokens as { token: string }[]).map((t) => t.token));

    const me = await ctx.app.inject({
      url: '/api/portal/users/current/',
      headers: { 'x-user-token': secrets.at(-2)! },
    });
    expect(me.statusCode).toBe(200);

    // Embedded usage: the provider's service key, the one-time code and the token it buys.
    secrets.push(SERVICE_KEY);
    const otc = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/usage/codes/',
      headers: { 'x-service-key': SERVICE_KEY },
      payload: { serviceid: 200101 },
    });
    expect(otc.statusCode).toBe(200);
    const code = otc.json().data.otc as string;
    secrets.push(code);
    const usage = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/usageONLYlogin/',
      payload: { otc: code },
    });
    expect(usage.statusCode).toBe(200);
    secrets.push(usage.json().data.tokens[0].token as string);

    // The admin API: a staff session makes an API key, which then calls (decision 051).
    const staffToken = await mintStaffSession(ctx.database.db, 'ada.admin@outpost.example');
    secrets.push(staffToken);
    const made = await ctx.app.inject({
      method: 'POST',
      url: adminPaths.adminApiKeys,
      headers: { 'x-staff-token': staffToken },
      payload: { name: 'Log test', scopes: ['read'] },
    });
    expect(made.statusCode).toBe(200);
    const apiKey = made.json().data.key as string;
    secrets.push(apiKey);
    const search = await ctx.app.inject({
      url: adminPaths.adminAccounts,
      query: { q: 'Citizen' },
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(search.statusCode).toBe(200);

    const log = ctx.logLines.join('\n');
    expect(ctx.logLines.length).toBeGreaterThan(5); // the logger really captured the requests
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
