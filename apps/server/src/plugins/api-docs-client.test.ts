import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintStaffSession } from '../test/sessions';
import { runGeneratedClient } from '../test/generated-client';
import type { TestContext } from '../test/test-app';
import { createTestContext, loginAs } from '../test/test-app';

// A client as a provider's developer would write it: types generated from the live document by
// openapi-typescript, calls made with openapi-fetch. The @ts-expect-error lines prove the types
// are real (an unknown path or a missing field does not compile).
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: process.env.BASE_URL });

async function main(): Promise<void> {
  const login = await client.POST('/api/portal/users/login/', {
    body: { username: 'holder', password: 'Outpost-demo-1' },
  });
  if (!login.data) throw new Error('login refused: ' + login.error?.data.error);
  const user = login.data.data.user;
  const token = login.data.data.tokens.find((t) => t.type === 'USER')?.token ?? '';
  const dashboard = await client.GET('/api/portal/users/current/dashboard/', {
    headers: { 'X-User-Token': token },
  });
  if (!dashboard.data) throw new Error('dashboard refused: ' + dashboard.error?.data.error);
  const data = dashboard.data.data;
  const services: string[] = data.services.map((s) => s.service_name);
  const balance: number | undefined = data.account?.balance.amount;
  const mayChangePlan: boolean = data.permissions.links['change-plan'];
  // The provider's systems: the admin API with an API key (decision 051).
  const found = await client.GET('/api/admin/v1/accounts/', {
    params: { query: { q: '0755500123' } },
    headers: { Authorization: 'Bearer ' + (process.env.API_KEY ?? '') },
  });
  if (!found.data) throw new Error('search refused: ' + found.error?.data.error);
  const accounts: number[] = found.data.data.map((a) => a.accountid);
  console.log(
    JSON.stringify({ greeting: user.given_names, services, balance, mayChangePlan, accounts }),
  );
}

async function neverRun(): Promise<void> {
  // @ts-expect-error the document has no such path
  await client.GET('/api/portal/no-such-path/');
  // @ts-expect-error login needs a password
  await client.POST('/api/portal/users/login/', { body: { username: 'holder' } });
  // @ts-expect-error a key's scopes are read and provisioning only
  await client.POST('/api/admin/v1/api-keys/', { body: { name: 'x', scopes: ['keys'] } });
}
void neverRun;

await main();
`;

let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => ctx.close());

describe('a generated client (openapi-typescript + openapi-fetch)', () => {
  it('type-checks against the live document, logs in and reads the dashboard', async () => {
    // An API key, made by a staff admin as the console does.
    const apiKey = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/v1/api-keys/',
        headers: {
          'x-staff-token': await mintStaffSession(ctx.database.db, 'ada.admin@outpost.example'),
        },
        payload: { name: 'Client', scopes: ['read'] },
      })
    ).json().data as { key: string };
    const { diagnostics, stdout } = await runGeneratedClient(baseUrl, CLIENT, {
      API_KEY: apiKey.key,
    });
    expect(diagnostics).toEqual([]);
    const read = JSON.parse(stdout) as {
      greeting: string;
      services: string[];
      balance: number;
      mayChangePlan: boolean;
      accounts: number[];
    };

    // What the client read is the holder's dashboard as the API gives it.
    const session = await loginAs(ctx.app, 'holder');
    const expected = (
      await ctx.app.inject({
        url: '/api/portal/users/current/dashboard/',
        headers: { 'x-user-token': session.userToken },
      })
    ).json().data;
    expect(read.greeting).toBe('Jordan');
    expect(read.services).toEqual(
      expected.services.map((s: { service_name: string }) => s.service_name),
    );
    expect(read.services.length).toBeGreaterThan(0);
    expect(read.balance).toBe(expected.account.balance.amount);
    expect(read.mayChangePlan).toBe(true);
    expect(read.accounts).toEqual([100001]);
  }, 60_000);
});
