import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { AdminOrderView } from '@outpost/contracts/admin';
import type { BarringOption, OrderResult } from '@outpost/contracts/orders';
import { mintStaffSession } from '../../test/sessions';
import { pdfText } from '../../test/pdf-text';
import { errorOf } from '../../test/test-app';
import { HOLDER_EMAIL, SERVICES, ordersTestContext } from '../orders/orders.test-support';
import { createEndpoint } from '../webhooks/webhooks.service';
import { createApiKey } from './api-keys.service';

const { time, context, api, rows, ticketRow, emailsTo } = ordersTestContext(
  'internal-service-key-for-the-admin-orders-test',
);
const { SKY, LANDLINE } = SERVICES;

type Headers = Record<string, string>;
const as: { admin: Headers; support: Headers; key: Headers; readKey: Headers } = {
  admin: {},
  support: {},
  key: {},
  readKey: {},
};
let adminStaffId = 0;
let keyId = 0;

beforeAll(async () => {
  const db = context().database.db;
  const now = time.clock();
  as.admin = { 'x-staff-token': await mintStaffSession(db, 'ada.admin@outpost.example', now) };
  as.support = { 'x-staff-token': await mintStaffSession(db, 'sam.support@outpost.example', now) };
  const key = await createApiKey(db, { name: 'Fulfilment', scopes: ['provisioning'] }, null, now);
  as.key = { authorization: `Bearer ${key.key}` };
  keyId = key.keyid;
  const read = await createApiKey(db, { name: 'Reports', scopes: ['read'] }, null, now);
  as.readKey = { authorization: `Bearer ${read.key}` };
  const [staff] = await rows<{ id: number }>(
    sql`select id from staff_members where email = 'ada.admin@outpost.example'`,
  );
  adminStaffId = staff!.id;
  await createEndpoint(
    db,
    { url: 'https://bss.example.net/outpost/events', events: ['order.status_changed'] },
    null,
    now,
  );
});

// The holder places more orders here than the order mail's hourly limits allow (decision 036):
// each test starts with the limits' counters cleared.
beforeEach(async () => {
  await rows(sql`delete from rate_limits where key like 'msg:order:%'`);
});

// ---- Orders as customers place them (the portal's own routes)

const shipping = {
  shipping_addr_line1: '12 Wattle Rd',
  shipping_addr_line2: 'Gate 2',
  shipping_suburb: 'Longreach',
  shipping_state: 'QLD',
  shipping_postcode: '4730',
};

async function placeProduct(productid = 1): Promise<OrderResult> {
  const res = await api.prepareCommit(
    { prepare: apiPaths.productOrderPrepare, commit: apiPaths.productOrderCommit },
    { serviceid: SKY, productid, ...shipping, billing_same: true },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OrderResult;
}

async function placeBarring(mode: string): Promise<OrderResult> {
  const res = await api.patch(buildPath(apiPaths.service, { serviceid: LANDLINE }), {
    barring_mode: mode,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OrderResult;
}

const application = {
  type: 'Telephony',
  technology: 'Landline',
  telephony: {
    is_transfer: 1,
    transfer: {
      phone_number: '07 4658 1234',
      current_provider: 'telstra',
      account_number: 'ACC-88123',
    },
  },
  applicant: { given_names: 'Jordan', surname: 'Citizen', date_of_birth: '1970-05-01' },
  address: { street_address: '12 Wattle Rd', suburb: 'Longreach', state: 'QLD', postcode: '4730' },
};

async function placeLandlineTransfer(): Promise<OrderResult> {
  const res = await api.prepareCommit(
    { prepare: apiPaths.prepareOrder, commit: apiPaths.commitOrder },
    {
      serviceid: LANDLINE,
      application,
      agreement: 'I agree',
      agreed_at: time.clock().toISOString(),
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OrderResult;
}

// ---- The admin API

const get = (url: string, headers: Headers = as.admin, query: Record<string, string> = {}) =>
  context().app.inject({ method: 'GET', url, headers, query });

const move = (
  orderid: number,
  body: object,
  headers: Headers = as.admin,
  key = `move-${randomUUID()}`,
) =>
  context().app.inject({
    method: 'POST',
    url: buildPath(adminPaths.adminMoveOrder, { orderid }),
    headers: { ...headers, 'idempotency-key': key },
    payload: body,
  });

const queue = async (query: Record<string, string> = {}) => {
  const res = await get(adminPaths.adminOrders, as.readKey, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { orderid: number; status: string }[]; has_more: boolean };
};

const moveAudit = (orderid: number) =>
  rows<{ staff_id: number | null; api_key_id: number | null; detail: string }>(
    sql`select staff_id, api_key_id, detail from staff_audit
         where action = 'order-moved' and detail like ${`order ${orderid} %`} order by id`,
  );

/** The order.status_changed events recorded for an order, oldest first (their data). */
const movedEvents = async (orderid: number) =>
  (
    await rows<{ payload: { type: string; data: Record<string, unknown> } }>(
      sql`select payload from webhook_deliveries where event = 'order.status_changed'
           and payload->'data'->>'order_id' = ${String(orderid)} order by id`,
    )
  ).map((r) => r.payload.data);

const mailsAbout = async (ticketid: number) =>
  (await emailsTo(HOLDER_EMAIL))
    .filter((m) => m.subject!.includes(`(ticket T${ticketid})`))
    .map((m) => ({ subject: m.subject, body: m.body }))
    .reverse();

describe('the queue', () => {
  it('lists waiting orders the oldest first, by status and kind, a page at a time', async () => {
    const first = await placeProduct(1);
    time.advance(60_000);
    const barring = await placeBarring('premium');
    time.advance(60_000);
    const last = await placeProduct(2);

    const all = await queue();
    expect(all.data.map((o) => o.orderid)).toEqual([first.orderid, barring.orderid, last.orderid]);
    expect(all.has_more).toBe(false);
    expect(all.data[0]).toEqual({
      orderid: first.orderid,
      kind: 'product',
      status: 'received',
      subject: 'Product order: Wi-Fi 6 Router',
      account: { accountid: 100001, name: expect.any(String) },
      service: { serviceid: SKY, identifier: expect.any(String) },
      ticket_id: first.ticketid,
      price_cents: 14900,
      monthly_cents: null,
      created: '2027-01-10T00:00:00.000Z',
      updated: '2027-01-10T00:00:00.000Z',
    });
    expect((await queue({ kind: 'product' })).data.map((o) => o.orderid)).toEqual([
      first.orderid,
      last.orderid,
    ]);
    expect((await queue({ kind: 'telephony' })).data.map((o) => o.orderid)).toEqual([
      barring.orderid,
    ]);
    const page1 = await queue({ limit: '2' });
    expect(page1.data.map((o) => o.orderid)).toEqual([first.orderid, barring.orderid]);
    expect(page1.has_more).toBe(true);
    const page2 = await queue({ limit: '2', offset: '2' });
    expect(page2.data.map((o) => o.orderid)).toEqual([last.orderid]);
    expect(page2.has_more).toBe(false);

    // Moved on: still waiting while in progress; done ones the latest moved first.
    expect((await move(first.orderid, { status: 'in-progress' })).statusCode).toBe(200);
    time.advance(60_000);
    expect((await move(barring.orderid, { status: 'in-progress' })).statusCode).toBe(200);
    expect((await move(barring.orderid, { status: 'completed' })).statusCode).toBe(200);
    time.advance(60_000);
    expect(
      (await move(last.orderid, { status: 'rejected', reason: 'Out of stock' })).statusCode,
    ).toBe(200);
    expect((await queue()).data.map((o) => o.orderid)).toEqual([first.orderid]);
    expect((await queue({ status: 'received' })).data).toEqual([]);
    expect((await queue({ status: 'in-progress' })).data.map((o) => o.orderid)).toEqual([
      first.orderid,
    ]);
    expect((await queue({ status: 'rejected' })).data.map((o) => o.orderid)).toEqual([
      last.orderid,
    ]);
    expect((await queue({ status: 'completed', kind: 'product' })).data).toEqual([]);
    expect((await queue({ status: 'completed' })).data.map((o) => o.orderid)).toEqual([
      barring.orderid,
    ]);
  });

  it('shows an order with its payload, the agreement typed and when, its ticket, account and service', async () => {
    const order = await placeLandlineTransfer();
    const res = await get(buildPath(adminPaths.adminOrder, { orderid: order.orderid }), as.support);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data as AdminOrderView;
    expect(view).toMatchObject({
      orderid: order.orderid,
      kind: 'landline-transfer',
      status: 'received',
      subject: 'Landline transfer: 07 4658 1234',
      payload: application,
      agreement: { text: 'I agree', agreed_at: time.clock().toISOString() },
      reason: null,
      ticket: { ticket_id: order.ticketid, number: order.number, status: 'New' },
      account: { accountid: 100001, external_id: null },
      service: {
        serviceid: LANDLINE,
        identifier: '0755500123',
        technology: 'Landline',
        status: 'active',
        external_id: null,
      },
      ordered_by: { userid: 5001, name: 'Jordan Citizen' },
    });
    // An order without agreement evidence says so.
    const product = await placeProduct(3);
    const plain = await get(buildPath(adminPaths.adminOrder, { orderid: product.orderid }));
    expect(plain.json().data.agreement).toBeNull();
    expect(plain.json().data.payload).toEqual({ productid: 3, ...shipping, billing_same: true });

    const missing = await get(buildPath(adminPaths.adminOrder, { orderid: 999_999 }));
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Invalid request: there is no such order.');
  });
});

describe('moving an order', () => {
  it('moves received, in progress, completed: the ticket follows, the customer is emailed, the audit names who', async () => {
    const order = await placeProduct(1);
    const started = await move(order.orderid, { status: 'in-progress' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({
      orderid: order.orderid,
      status: 'in-progress',
      ticket: { ticket_id: order.ticketid, status: 'Open' },
    });
    expect((await ticketRow(order.ticketid)).status).toBe('Open');

    const done = await move(order.orderid, { status: 'completed' }, as.key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('completed');
    expect((await ticketRow(order.ticketid)).status).toBe('Resolved');

    const link = `https://portal.example.net/support/my-tickets/${order.ticketid}`;
    const footer = [
      '',
      `Please quote the ticket number ${order.number} if you call us. You can follow it in My Tickets:`,
      link,
      '',
      'The Outpost Demo Broadband team',
    ];
    expect(await mailsAbout(order.ticketid)).toEqual([
      {
        subject: `Outpost Demo Broadband: we have your order (ticket ${order.number})`,
        body: expect.any(String),
      },
      {
        subject: `Outpost Demo Broadband: we are working on your order (ticket ${order.number})`,
        body: [
          'Hello Jordan,',
          '',
          `We are now working on your order ${order.orderid}.`,
          ...footer,
        ].join('\n'),
      },
      {
        subject: `Outpost Demo Broadband: your order is complete (ticket ${order.number})`,
        body: ['Hello Jordan,', '', `Your order ${order.orderid} is complete.`, ...footer].join(
          '\n',
        ),
      },
    ]);
    expect(await moveAudit(order.orderid)).toEqual([
      {
        staff_id: adminStaffId,
        api_key_id: null,
        detail: `order ${order.orderid} received to in-progress`,
      },
      {
        staff_id: null,
        api_key_id: keyId,
        detail: `order ${order.orderid} in-progress to completed`,
      },
    ]);
    // order.status_changed for each move, in its transaction.
    expect(await movedEvents(order.orderid)).toEqual([
      {
        account_id: 100001,
        account_external_id: null,
        service_id: SKY,
        service_external_id: null,
        order_id: order.orderid,
        kind: 'product',
        from: 'received',
        to: 'in-progress',
        reason: null,
        ticket_id: order.ticketid,
      },
      expect.objectContaining({ from: 'in-progress', to: 'completed', reason: null }),
    ]);
  });

  it('rejects with a reason: on the ticket, in the email, and a barring mode never applied', async () => {
    const order = await placeBarring('all-outgoing');
    expect((await move(order.orderid, { status: 'in-progress' })).statusCode).toBe(200);
    const res = await move(order.orderid, {
      status: 'rejected',
      reason: '  The exchange cannot bar this line.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      reason: 'The exchange cannot bar this line.',
      ticket: { status: 'Resolved' },
    });
    const [message] = await rows<{ body: string; author_name: string; from_customer: boolean }>(
      sql`select body, author_name, from_customer from ticket_messages
           where ticket_id = ${order.ticketid} order by id desc limit 1`,
    );
    expect(message).toEqual({
      body: 'We could not complete this order: The exchange cannot bar this line.',
      author_name: 'Support team',
      from_customer: false,
    });
    const mails = await mailsAbout(order.ticketid);
    expect(mails.at(-1)!.subject).toBe(
      `Outpost Demo Broadband: we could not complete your order (ticket ${order.number})`,
    );
    expect(mails.at(-1)!.body).toContain(
      `We could not complete your order ${order.orderid}: The exchange cannot bar this line.`,
    );
    expect((await moveAudit(order.orderid)).at(-1)!.detail).toBe(
      `order ${order.orderid} in-progress to rejected: The exchange cannot bar this line.`,
    );
    expect((await movedEvents(order.orderid)).at(-1)).toEqual({
      account_id: 100001,
      account_external_id: null,
      service_id: LANDLINE,
      service_external_id: null,
      order_id: order.orderid,
      kind: 'call-barring',
      from: 'in-progress',
      to: 'rejected',
      reason: 'The exchange cannot bar this line.',
      ticket_id: order.ticketid,
    });
    // The mode is neither current nor still shown as requested.
    const options = (
      await api.get(buildPath(apiPaths.barringOptions, { serviceid: LANDLINE }))
    ).json().data as BarringOption[];
    expect(options.find((o) => o.value === 'all-outgoing')).toMatchObject({
      selected: false,
      requested: false,
    });
  });

  it('refuses a move the order may not make, with the reason, and changes nothing', async () => {
    const order = await placeProduct(4);
    const mailsBefore = (await mailsAbout(order.ticketid)).length;
    const refusals: [object, number, string][] = [
      [
        { status: 'completed' },
        409,
        'Invalid request: an order that is received cannot move to completed; it can move to in-progress or rejected.',
      ],
      [
        { status: 'rejected' },
        400,
        'Invalid request: a rejected order needs a reason, which the customer is told.',
      ],
      [
        { status: 'in-progress', reason: 'Because' },
        400,
        'Invalid request: only a rejection takes a reason.',
      ],
      [
        { status: 'received' },
        400,
        'Invalid request: status is not valid (Invalid option: expected one of "in-progress"|"completed"|"rejected").',
      ],
    ];
    for (const [body, status, message] of refusals) {
      const res = await move(order.orderid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(res)).toEqual(message);
    }
    expect((await move(order.orderid, { status: 'in-progress' })).statusCode).toBe(200);
    const again = await move(order.orderid, { status: 'in-progress' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Invalid request: this order is already in-progress.');
    expect((await move(order.orderid, { status: 'completed' })).statusCode).toBe(200);
    const after = await move(order.orderid, { status: 'rejected', reason: 'Changed our mind' });
    expect(after.statusCode).toBe(409);
    expect(errorOf(after)).toBe('Invalid request: this order is completed: it moves no further.');

    const missing = await move(999_999, { status: 'in-progress' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Invalid request: there is no such order.');
    // Only the two moves made mailed the customer and were audited.
    expect((await mailsAbout(order.ticketid)).length).toBe(mailsBefore + 2);
    expect((await moveAudit(order.orderid)).map((a) => a.detail)).toEqual([
      `order ${order.orderid} received to in-progress`,
      `order ${order.orderid} in-progress to completed`,
    ]);
    expect((await movedEvents(order.orderid)).map((e) => `${e.from} -> ${e.to}`)).toEqual([
      'received -> in-progress',
      'in-progress -> completed',
    ]);
    expect((await ticketRow(order.ticketid)).status).toBe('Resolved');
  });

  it('needs provisioning: support staff and read keys may look but not move', async () => {
    const order = await placeProduct(5);
    for (const who of [as.support, as.readKey]) {
      const res = await move(order.orderid, { status: 'in-progress' }, who);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe('Invalid request: your staff role or API key may not do this.');
    }
    expect((await ticketRow(order.ticketid)).status).toBe('New');
  });

  it('answers a retried move with its first result, and mails once', async () => {
    const order = await placeProduct(1);
    const key = `retry-${randomUUID()}`;
    const first = await move(order.orderid, { status: 'in-progress' }, as.admin, key);
    const retry = await move(order.orderid, { status: 'in-progress' }, as.admin, key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await mailsAbout(order.ticketid)).length).toBe(2);
    expect((await moveAudit(order.orderid)).length).toBe(1);
    expect(await movedEvents(order.orderid)).toHaveLength(1);
  });

  it('makes one move of 20 at once: the others are refused with 409', async () => {
    const order = await placeProduct(2);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        move(order.orderid, { status: 'in-progress' }, i % 2 === 0 ? as.admin : as.key),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(errorOf(res)).toBe('Invalid request: this order is already in-progress.');
    expect((await mailsAbout(order.ticketid)).length).toBe(2);
    expect((await moveAudit(order.orderid)).length).toBe(1);
    expect(await movedEvents(order.orderid)).toEqual([
      expect.objectContaining({ from: 'received', to: 'in-progress' }),
    ]);
    expect((await ticketRow(order.ticketid)).status).toBe('Open');
  });
});

describe('the packing slip', () => {
  it("prints a product order's ship-to, article, quantity, order number and date", async () => {
    const order = await placeProduct(1);
    const res = await get(
      buildPath(adminPaths.adminPackingSlip, { orderid: order.orderid }),
      as.readKey,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toContain(
      `filename="outpost-packing-slip-${order.orderid}.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    expect(text).toEqual(
      expect.arrayContaining([
        'Packing Slip',
        'Ship to',
        'Jordan Citizen',
        '12 Wattle Rd',
        'Gate 2',
        'Longreach QLD 4730',
        'Order number',
        String(order.orderid),
        'Order date',
        '10/01/27',
        'Article',
        'Quantity',
        'OP-RT-AX1800',
        'Wi-Fi 6 Router (Outpost AX1800)',
        '1',
      ]),
    );
  });

  it('is for product orders only', async () => {
    const order = await placeBarring('international');
    const res = await get(buildPath(adminPaths.adminPackingSlip, { orderid: order.orderid }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(
      'Invalid request: only a product order has a packing slip; this one is call-barring.',
    );
    const missing = await get(buildPath(adminPaths.adminPackingSlip, { orderid: 999_999 }));
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Invalid request: there is no such order.');
  });
});
