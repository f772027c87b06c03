import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath, adminPaths } from '@outpost/contracts/api-paths';
import { runGeneratedClient } from '../../test/generated-client';
import { selfSignedCertificate } from '../../test/self-signed';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext } from '../../test/test-app';
import { deliverWebhooks } from '../webhooks/webhooks.service';

/**
 * Issue 39's integration, end to end: a provider's billing system, written against a client
 * generated from the OpenAPI document (openapi-typescript + openapi-fetch), creates a customer and
 * a service with an API key; when that customer buys a data block in the portal, the system's
 * endpoint receives the signed webhook.
 */
const BSS = `import createClient from 'openapi-fetch';
import { randomUUID } from 'node:crypto';
import type { paths } from './schema';

const client = createClient<paths>({
  baseUrl: process.env.BASE_URL,
  headers: { Authorization: 'Bearer ' + (process.env.API_KEY ?? '') },
});

async function main(): Promise<void> {
  const plans = await client.GET('/api/admin/v1/plans/');
  if (!plans.data) throw new Error('plans refused: ' + plans.error?.data.error);
  const plan = plans.data.data.find((p) => p.technology === 'Sky Muster Plus' && p.selectable);
  if (!plan) throw new Error('no Sky Muster Plus plan');
  const account = await client.PUT('/api/admin/v1/accounts/external/{external_id}/', {
    params: { path: { external_id: 'BSS-CUST-42' } },
    body: {
      name: 'Integration Downs',
      holder: {
        title: 'Mr',
        given_names: 'Lou',
        surname: 'Integration',
        email: 'lou.integration@example.com',
        mobile: '0400777042',
        date_of_birth: '1965-07-08',
      },
    },
  });
  if (!account.data) throw new Error('account refused: ' + account.error?.data.error);
  const accountid = account.data.data.account.accountid;
  const service = await client.POST('/api/admin/v1/accounts/{accountid}/services/', {
    params: {
      path: { accountid: String(accountid) },
      header: { 'idempotency-key': randomUUID() },
    },
    body: {
      external_id: 'BSS-SVC-42',
      technology: 'Sky Muster Plus',
      plan_id: plan.planid,
      identifier: 'AVC000424242424',
      address: { line: '42 Mulga Road', suburb: 'Winton', state: 'QLD', postcode: '4735' },
      satellite_beam: 'B12',
      status: 'active',
    },
  });
  if (!service.data) throw new Error('service refused: ' + service.error?.data.error);
  console.log(
    JSON.stringify({
      accountid,
      created: account.data.data.created,
      holder: account.data.data.account.contacts[0]?.userid,
      serviceid: service.data.data.serviceid,
    }),
  );
}

await main();
`;

let ctx: TestContext;
let baseUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: ReturnType<typeof createServer>;
let ca: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const certificate = selfSignedCertificate(['DNS:bss.example.net', 'IP:127.0.0.1']);
  ca = certificate.cert;
  receiver = createServer(certificate, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await ctx.close();
});

describe("a provider's billing system on the admin API", () => {
  it('provisions a customer with a generated client and hears of their data block, signed', async () => {
    // The provider's admin makes the key and registers the endpoint, as in the console.
    const staff = {
      'x-staff-token': await mintStaffSession(ctx.database.db, 'ada.admin@outpost.example'),
    };
    const key = await ctx.app.inject({
      method: 'POST',
      url: adminPaths.adminApiKeys,
      headers: staff,
      payload: { name: 'BSS', scopes: ['read', 'provisioning'] },
    });
    const endpoint = await ctx.app.inject({
      method: 'POST',
      url: adminPaths.adminWebhooks,
      headers: staff,
      payload: { url: 'https://bss.example.net/outpost', events: ['data_block.purchased'] },
    });
    const secret = endpoint.json().data.secret as string;

    const { diagnostics, stdout } = await runGeneratedClient(baseUrl, BSS, {
      API_KEY: key.json().data.key as string,
    });
    expect(diagnostics).toEqual([]);
    const made = JSON.parse(stdout) as {
      accountid: number;
      created: boolean;
      holder: number;
      serviceid: number;
    };
    expect(made.created).toBe(true);

    // The new holder opens the invitation's link (signed in by it), then buys a block.
    const [invitation] = await queryRows<{ body: string }>(
      ctx.database.db,
      sql`select body from outbox where "to" = 'lou.integration@example.com' order by id desc`,
    );
    const link = new URL(/(https?:\/\/\S+)/.exec(invitation!.body)![1]!);
    const verify = {
      method: 'username',
      username: link.searchParams.get('username')!,
      code: link.searchParams.get('code')!,
    };
    const verifyPrepared = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.recoverVerifyPrepare,
      payload: verify,
    });
    const opened = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.recoverVerifyCommit,
      payload: { ...verify, csrf: verifyPrepared.json().data.csrf },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.user).toMatchObject({ user_id: made.holder });
    const userToken = (opened.json().data.tokens as { type: string; token: string }[]).find(
      (t) => t.type === 'USER',
    )!.token;
    const headers = { 'x-user-token': userToken };
    const prepared = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.purchaseBlockPrepare, { serviceid: made.serviceid }),
      headers,
      payload: { dbid: 2 },
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const bought = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.purchaseBlockCommit, { serviceid: made.serviceid }),
      headers,
      payload: { dbid: 2, csrf: prepared.json().data.csrf },
    });
    expect(bought.statusCode, bought.body).toBe(200);

    // The job sends it (bss.example.net resolving to the local receiver, taken as public).
    const net = {
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      addressAllowed: () => true,
      port: (receiver.address() as AddressInfo).port,
      ca,
    };
    expect(await deliverWebhooks(ctx.database.db, net, new Date())).toEqual({
      delivered: 1,
      failed: 0,
    });
    const [got] = received;
    const [, t, mac] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(String(got!.headers['outpost-signature']))!;
    expect(createHmac('sha256', secret).update(`${t}.${got!.body}`).digest('hex')).toBe(mac);
    expect(JSON.parse(got!.body)).toMatchObject({
      type: 'data_block.purchased',
      data: {
        account_id: made.accountid,
        account_external_id: 'BSS-CUST-42',
        service_id: made.serviceid,
        service_external_id: 'BSS-SVC-42',
        block: 'Data Block 10 GB',
        price_cents: 2500,
      },
    });
  }, 60_000);
});
