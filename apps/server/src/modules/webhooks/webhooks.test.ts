import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath, adminPaths } from '@outpost/contracts/api-paths';
import { WEBHOOK_MAX_ATTEMPTS } from '@outpost/domain/admin-rules';
import type { OutboundNet } from '../../adapters/outbound-https';
import { isPublicAddress } from '../../adapters/push-hosts';
import { queryRows } from '../../db/client';
import { selfSignedCertificate } from '../../test/self-signed';
import { mintSession, mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { adminErrors } from '../admin/admin.errors';
import { deliverWebhooks, webhookUrlAllowed } from './webhooks.service';

const time = manualClock(new Date('2027-03-01T00:00:00Z'));
let ctx: TestContext;
let adminToken: string;

/** The provider's billing system: an https receiver on loopback standing for bss.example.net. */
type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let answer = 200;
let server: ReturnType<typeof createServer>;
let net: OutboundNet;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  await freshAdmin();
  const { key, cert } = selfSignedCertificate(['DNS:bss.example.net', 'IP:127.0.0.1']);
  server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(answer);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // bss.example.net resolves to the receiver, which stands for a public host.
  net = {
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    addressAllowed: () => true,
    port: (server.address() as AddressInfo).port,
    ca: cert,
  };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
});

/** A staff admin's session, minted at the test clock's now (the clock moves hours on here). */
let adminAt = 0;
const asAdmin = () => ({ 'x-staff-token': adminToken });
async function freshAdmin() {
  if (time.clock().getTime() - adminAt > 20 * 60_000) {
    adminToken = await mintStaffSession(ctx.database.db, 'ada.admin@outpost.example', time.clock());
    adminAt = time.clock().getTime();
  }
}

async function register(body: object) {
  return ctx.app.inject({
    method: 'POST',
    url: adminPaths.adminWebhooks,
    headers: asAdmin(),
    payload: body,
  });
}

/** The holder buys a data block through the portal's prepare and commit. */
async function buyBlock(): Promise<number> {
  const holder = await mintSession(ctx.database.db, 5001, 'live', time.clock());
  const headers = { 'x-user-token': holder.userToken };
  const prepared = await ctx.app.inject({
    method: 'POST',
    url: buildPath(apiPaths.purchaseBlockPrepare, { serviceid: 200101 }),
    headers,
    payload: { dbid: 1 },
  });
  expect(prepared.statusCode, prepared.body).toBe(200);
  const bought = await ctx.app.inject({
    method: 'POST',
    url: buildPath(apiPaths.purchaseBlockCommit, { serviceid: 200101 }),
    headers,
    payload: { dbid: 1, csrf: prepared.json().data.csrf },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json().data.purchaseid as number;
}

/** Checks a delivery's signature as a receiver would, with the endpoint's secret. */
function verify(headers: IncomingHttpHeaders, body: string, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['outpost-signature']));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  return expected === match[2];
}

describe('webhook endpoints', () => {
  it('takes only https addresses on a public host', () => {
    expect(webhookUrlAllowed('https://bss.example.net/outpost/events')).toBe(true);
    expect(webhookUrlAllowed('https://203.0.113.9:8443/hook')).toBe(false); // documentation range
    expect(webhookUrlAllowed('https://8.8.8.8/hook')).toBe(true);
    for (const url of [
      'http://bss.example.net/hook',
      'https://user:pass@bss.example.net/hook',
      'https://localhost/hook',
      'https://127.0.0.1/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://printer.local/hook',
      'https://intranet/hook',
    ])
      expect(webhookUrlAllowed(url), url).toBe(false);
  });

  it('shows the signing secret once and refuses a private address', async () => {
    const made = await register({
      url: 'https://bss.example.net/outpost/events',
      events: ['data_block.purchased', 'contact.added'],
      description: 'Billing system',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await ctx.app.inject({ url: adminPaths.adminWebhooks, headers: asAdmin() });
    expect(list.body).not.toContain(made.json().data.secret);
    expect(list.json().data[0]).toMatchObject({
      url: 'https://bss.example.net/outpost/events',
      events: ['data_block.purchased', 'contact.added'],
      disabled: null,
    });
    const inward = await register({ url: 'https://10.1.2.3/hook', events: ['plan.changed'] });
    expect(inward.statusCode).toBe(400);
    expect(errorOf(inward)).toBe(adminErrors.webhookUrlInvalid);
    // Disabled again, so the next tests start from their own endpoint.
    await ctx.app.inject({
      method: 'DELETE',
      url: buildPath(adminPaths.adminWebhook, { endpointid: made.json().data.endpointid }),
      headers: asAdmin(),
    });
  });
});

describe('delivery', () => {
  let endpointid: number;
  let secret: string;

  beforeAll(async () => {
    const made = await register({
      url: 'https://bss.example.net/outpost/events?source=outpost',
      events: ['data_block.purchased'],
    });
    ({ endpointid, secret } = made.json().data as { endpointid: number; secret: string });
  });

  type Delivery = {
    deliveryid: number;
    status: string;
    attempts: number;
    last_status: number | null;
    last_error: string | null;
    next_attempt: string | null;
  };
  /** The endpoint's deliveries as the console lists them, newest first. */
  async function deliveries(): Promise<Delivery[]> {
    await freshAdmin();
    const res = await ctx.app.inject({
      url: buildPath(adminPaths.adminWebhookDeliveries, { endpointid }),
      headers: asAdmin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Delivery[];
  }

  it('sends a signed event when a customer buys a data block', async () => {
    received.length = 0;
    const purchaseid = await buyBlock();
    // Recorded with the purchase; sent by the job, not in the customer's request.
    expect(received).toHaveLength(0);
    expect(await deliverWebhooks(ctx.database.db, net, time.clock())).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got!.headers['outpost-event']).toBe('data_block.purchased');
    expect(verify(got!.headers, got!.body, secret)).toBe(true);
    expect(verify(got!.headers, got!.body.replace('1500', '1'), secret)).toBe(false);
    const signedAt = Number(/t=(\d+)/.exec(String(got!.headers['outpost-signature']))![1]);
    expect(signedAt).toBe(time.clock().getTime() / 1000);
    const event = JSON.parse(got!.body);
    expect(event).toEqual({
      id: got!.headers['outpost-event-id'],
      type: 'data_block.purchased',
      created: time.clock().toISOString(),
      data: {
        account_id: 100001,
        account_external_id: null,
        service_id: 200101,
        service_external_id: null,
        purchase_id: purchaseid,
        block: 'Data Block 5 GB',
        peak_mb: 5000,
        offpeak_mb: 0,
        price_cents: 1500,
        purchased_by: 5001,
      },
    });
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    // Nothing is sent twice.
    expect(await deliverWebhooks(ctx.database.db, net, time.clock())).toEqual({
      delivered: 0,
      failed: 0,
    });
  });

  it('retries a failed delivery with backoff, then leaves it dead, and a retry sends it again', async () => {
    received.length = 0;
    answer = 500;
    await buyBlock();
    await deliverWebhooks(ctx.database.db, net, time.clock());
    let [latest] = await deliveries();
    expect(latest).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 });
    expect(latest!.last_error).toBe('answered 500');
    expect(latest!.next_attempt).toBe(new Date(time.clock().getTime() + 60_000).toISOString());
    // Not due yet: nothing is sent.
    await deliverWebhooks(ctx.database.db, net, time.clock());
    expect(received).toHaveLength(1);
    for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      time.advance(6 * 60 * 60 * 1000);
      await deliverWebhooks(ctx.database.db, net, time.clock());
    }
    [latest] = await deliveries();
    expect(latest).toMatchObject({ status: 'dead', attempts: WEBHOOK_MAX_ATTEMPTS });
    expect(received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    time.advance(6 * 60 * 60 * 1000);
    await deliverWebhooks(ctx.database.db, net, time.clock());
    expect(received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

    answer = 200;
    await freshAdmin();
    const retry = await ctx.app.inject({
      method: 'POST',
      url: buildPath(adminPaths.adminWebhookDeliveryRetry, { deliveryid: latest!.deliveryid }),
      headers: asAdmin(),
    });
    expect(retry.statusCode).toBe(200);
    await deliverWebhooks(ctx.database.db, net, time.clock());
    [latest] = await deliveries();
    expect(latest).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('never sends to a host that resolves to a private address', async () => {
    received.length = 0;
    await buyBlock();
    const production: OutboundNet = { ...net, addressAllowed: isPublicAddress };
    expect(await deliverWebhooks(ctx.database.db, production, time.clock())).toEqual({
      delivered: 0,
      failed: 1,
    });
    expect(received).toHaveLength(0);
    const [latest] = await deliveries();
    expect(latest!.last_error).toBe('refused: the host does not resolve to a public address');
    // Sent once the host resolves as it should.
    time.advance(60_000);
    await deliverWebhooks(ctx.database.db, net, time.clock());
    expect(received).toHaveLength(1);
  });

  it('records nothing for a rolled-back purchase, nor for a disabled endpoint', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpointid}`,
        )
      )[0]!.n;
    const before = await count();
    const holder = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    // A commit with a csrf that is not one: refused, nothing recorded.
    const refused = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.purchaseBlockCommit, { serviceid: 200101 }),
      headers: { 'x-user-token': holder.userToken },
      payload: { dbid: 1, csrf: 'not-a-prepared-csrf-value' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await count()).toBe(before);
    await freshAdmin();
    const off = await ctx.app.inject({
      method: 'DELETE',
      url: buildPath(adminPaths.adminWebhook, { endpointid }),
      headers: asAdmin(),
    });
    expect(off.json().data.disabled).not.toBeNull();
    await buyBlock();
    expect(await count()).toBe(before);
  });
});

describe('events of the portal', () => {
  it('records a ticket opened, a reply and a plan change for an endpoint subscribed to them', async () => {
    const made = await register({
      url: 'https://bss.example.net/all',
      events: ['ticket.opened', 'ticket.replied', 'plan.changed'],
    });
    const endpointid = made.json().data.endpointid as number;
    const holder = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    const headers = { 'x-user-token': holder.userToken };
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers, payload });
    const prepareCommit = async (prepare: string, commit: string, body: object) => {
      const prepared = await post(prepare, body);
      expect(prepared.statusCode, prepared.body).toBe(200);
      const done = await post(commit, { ...body, csrf: prepared.json().data.csrf });
      expect(done.statusCode, done.body).toBe(200);
      return done.json().data;
    };
    const ticket = await prepareCommit(apiPaths.newTicketPrepare, apiPaths.newTicketCommit, {
      category: 'Technical fault',
      subject: 'No connection since the storm',
      description: 'The modem shows a red light.',
    });
    const reply = await post(
      buildPath(apiPaths.supportTicketReply, { ticketid: ticket.ticketid }),
      { message: 'It is back now.' },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    await prepareCommit(
      buildPath(apiPaths.changePlanPrepare, { serviceid: 200101 }),
      buildPath(apiPaths.changePlanCommit, { serviceid: 200101 }),
      { planid: 24, when: 'Next Period', options: [] },
    );
    const events = await queryRows<{ event: string; data: Record<string, unknown> }>(
      ctx.database.db,
      sql`select event, payload->'data' as data from webhook_deliveries
           where endpoint_id = ${endpointid} order by id`,
    );
    expect(events.map((e) => e.event)).toEqual(['ticket.opened', 'ticket.replied', 'plan.changed']);
    expect(events[0]!.data).toMatchObject({
      account_id: 100001,
      ticket_id: ticket.ticketid,
      subject: 'No connection since the storm',
      source: 'customer',
    });
    expect(events[1]!.data).toMatchObject({ ticket_id: ticket.ticketid, from_customer: true });
    expect(events[2]!.data).toMatchObject({
      service_id: 200101,
      when: 'Next Period',
      cancelled: false,
      requested_by: 5001,
    });
  });
});
