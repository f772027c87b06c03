import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { queryRows } from '../../db/client';
import { mintSession, mintStaffSession } from '../../test/sessions';
import { pdfText } from '../../test/pdf-text';
import type { TestContext } from '../../test/test-app';
import {
  createTestContext,
  errorOf,
  manualClock,
  QUEENSLAND_BUSINESS_FILE,
} from '../../test/test-app';
import { adminErrors } from './admin.errors';

/**
 * The staff console's customer view (issue 39, decision 054): each service's period against its
 * allowances, data blocks and what is to come; the saved ways to pay; orders and callbacks; and
 * the customer's invoices as PDFs for staff.
 */

const KEY = 'customer-view-internal-key-0000000001';
const MB = 1_000_000;
// Noon in Brisbane on 10 May 2027; the service's periods start at Brisbane midnight on 2 May.
const time = manualClock(new Date('2027-05-10T02:00:00Z'));
const PERIOD_START = '2027-05-01T14:00:00.000Z';
const PERIOD_END = '2027-05-31T14:00:00.000Z';
let ctx: TestContext;
let staff: Record<string, string>;
let accountid: number;
let holder: number;
let skyMuster: number;
let pending: number;

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: staff });
const post = (url: string, payload: object, key: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...staff, 'idempotency-key': key },
    payload,
  });
const run = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { INTERNAL_API_KEY: KEY, BUSINESS_FILE: QUEENSLAND_BUSINESS_FILE },
  });
  staff = {
    'x-staff-token': await mintStaffSession(
      ctx.database.db,
      'sam.support@outpost.example',
      time.clock(),
    ),
  };
  const admin = {
    'x-staff-token': await mintStaffSession(
      ctx.database.db,
      'ada.admin@outpost.example',
      time.clock(),
    ),
  };
  const made = await ctx.app.inject({
    method: 'POST',
    url: adminPaths.adminAccounts,
    headers: { ...admin, 'idempotency-key': 'view-account-0001' },
    payload: {
      name: 'Viewpoint Station',
      holder: {
        title: 'Mr',
        given_names: 'Vic',
        surname: 'Viewer',
        email: 'vic.viewer@example.net',
        mobile: '0491570555',
        date_of_birth: '1970-06-07',
      },
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  accountid = made.json().data.account.accountid;
  holder = made.json().data.account.contacts[0].userid;
  const service = (identifier: string, technology: string, plan_id: number, status: string) =>
    ctx.app.inject({
      method: 'POST',
      url: buildPath(adminPaths.adminAccountServices, { accountid }),
      headers: { ...admin, 'idempotency-key': `view-service-${identifier}` },
      payload: {
        technology,
        plan_id,
        identifier,
        address: { line: '1 Lookout Road', suburb: 'Stanthorpe', state: 'QLD', postcode: '4380' },
        satellite_beam: 'B-12',
        status,
        start: '2027-04-01T14:00:00Z',
      },
    });
  // Sky Muster 45: 45,000 MB peak and 65,000 MB off-peak a period.
  const sky = await service('AVC000777000001', 'Sky Muster', 12, 'active');
  expect(sky.statusCode, sky.body).toBe(200);
  skyMuster = sky.json().data.serviceid;
  const later = await service('AVC000777000002', 'Sky Muster', 12, 'pending');
  pending = later.json().data.serviceid;
});
afterAll(async () => ctx.close());

const ingest = (records: object[]) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.internalUsageRecords,
    headers: { 'x-service-key': KEY },
    payload: { records },
  });
const usageRecord = (hour: string, fields: Record<string, number>) => ({
  serviceid: skyMuster,
  hour,
  metered_down: 0,
  metered_up: 0,
  unmetered_down: 0,
  unmetered_up: 0,
  shaped: 0,
  ...fields,
});

describe("the customer view's services", () => {
  it("shows this period's usage against the allowances with the blocks bought, the next plan and a scheduled cancellation", async () => {
    // 6pm Brisbane (peak): 1,500.5 MB down and 250 MB up; 2am (off-peak): 700 MB; unmetered 30 MB.
    const sent = await ingest([
      usageRecord('2027-05-05T08:00:00Z', { metered_down: 1500.5 * MB, metered_up: 250 * MB }),
      usageRecord('2027-05-04T16:00:00Z', { metered_down: 700 * MB, unmetered_down: 30 * MB }),
      // The period before: not this period's.
      usageRecord('2027-04-20T08:00:00Z', { metered_down: 9999 * MB }),
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const [block] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from data_blocks order by id limit 1`,
    );
    // A block this period (5,000 MB peak, $15.00) and one of the period before.
    await run(sql`insert into data_block_purchases
        (service_id, block_id, name, peak_mb, offpeak_mb, price_cents, purchased_at, period_start,
         expires_at)
      values (${skyMuster}, ${block!.id}, '5 GB Data Block', 5000, 0, 1500,
              '2027-05-06T01:00:00Z', ${PERIOD_START}, ${PERIOD_END}),
             (${skyMuster}, ${block!.id}, '10 GB Data Block', 10000, 0, 2500,
              '2027-04-25T01:00:00Z', '2027-04-01T14:00:00Z', ${PERIOD_START})`);
    // Sky Muster 60 from the next period, as the customer asked.
    await run(sql`insert into plan_changes (service_id, requested_by, from_plan_id, to_plan_id,
                                             "when", status, requested_at, effective_at)
                  values (${skyMuster}, ${holder}, 12, 13, 'Next Period', 'scheduled',
                          '2027-05-07T00:00:00Z', ${PERIOD_END})`);
    await run(sql`update services set next_plan_id = 13 where id = ${skyMuster}`);
    const cancel = await post(
      buildPath(adminPaths.adminCancelService, { accountid, serviceid: pending }),
      { reason: 'Not needed after all', on: '2027-06-15' },
      'view-cancel-0001',
    );
    // Cancelling is provisioning's: the support member may not, an admin may.
    expect(cancel.statusCode).toBe(403);
    const admin = await mintStaffSession(
      ctx.database.db,
      'ada.admin@outpost.example',
      time.clock(),
    );
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: buildPath(adminPaths.adminCancelService, { accountid, serviceid: pending }),
      headers: { 'x-staff-token': admin, 'idempotency-key': 'view-cancel-0002' },
      payload: { reason: 'Not needed after all', on: '2027-06-15' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const res = await get(buildPath(adminPaths.adminAccount, { accountid }));
    expect(res.statusCode, res.body).toBe(200);
    const [sky, later] = res.json().data.services;
    expect(sky).toEqual({
      serviceid: skyMuster,
      type: 'Broadband',
      technology: 'Sky Muster',
      identifier: 'AVC000777000001',
      nickname: null,
      status: 'active',
      plan: 'Sky Muster 45',
      address: '1 Lookout Road, Stanthorpe QLD 4380',
      usage: {
        period_start: PERIOD_START,
        period_end: PERIOD_END,
        unlimited: false,
        peak_label: 'Anytime',
        peak: {
          used_mb: 1750.5,
          plan_mb: 45_000,
          blocks_mb: 5000,
          total_mb: 50_000,
          remaining_mb: 48_249.5,
        },
        offpeak: {
          used_mb: 700,
          plan_mb: 65_000,
          blocks_mb: 0,
          total_mb: 65_000,
          remaining_mb: 64_300,
        },
        unmetered_mb: 30,
      },
      blocks: [
        {
          purchase_id: expect.any(Number),
          name: '5 GB Data Block',
          peak_mb: 5000,
          offpeak_mb: 0,
          price_cents: 1500,
          purchased: '2027-05-06T01:00:00.000Z',
        },
      ],
      next_plan: { plan: 'Sky Muster 60', when: 'Next Period', from: PERIOD_END },
      cancels_on: null,
    });
    // A pending service has no usage yet; its cancellation waits for the day asked for.
    expect(later).toMatchObject({
      status: 'pending',
      usage: null,
      blocks: [],
      next_plan: null,
      cancels_on: '2027-06-14T14:00:00.000Z',
    });

    // The same numbers the customer's own usage page shows.
    const customer = await mintSession(ctx.database.db, holder, 'live', time.clock());
    await run(sql`update users set role_status = 'Active' where id = ${holder}`);
    const own = await ctx.app.inject({
      method: 'GET',
      url: buildPath(apiPaths.activitySummary, { serviceid: skyMuster }),
      headers: { 'x-user-token': customer.userToken },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({
      usedPeakQuota: 1750.5,
      usedOffPeakQuota: 700,
      totalPeakQuota: 50_000,
      remainingPeakQuota: 48_249.5,
      blocksPeakQuota: 5000,
    });
  });
});

describe("the customer view's payment methods", () => {
  it('shows the brand, last 4, expiry and which is the default, and nothing else of the card or bank', async () => {
    await run(sql`insert into paymethods (account_id, method, status, display, card_type,
                    card_last4, card_expires, bank_name, bank_account, gateway_customer_id,
                    card_payment_method_id, bank_payment_method_id)
                  values (${accountid}, 'Automatic debit from Credit Card', 'Active',
                          'Mastercard ending in 4444', 'mastercard', '4444', '09/29',
                          'Bank of Stanthorpe', '062-000 ****6789', 'cus_SECRET123',
                          'pm_CARDSECRET', 'pm_BANKSECRET')`);
    const res = await get(buildPath(adminPaths.adminAccount, { accountid }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment_methods).toEqual([
      { kind: 'card', brand: 'Mastercard', last4: '4444', expires: '09/29', default: true },
      {
        kind: 'bank',
        brand: 'Bank of Stanthorpe',
        last4: '6789',
        expires: null,
        default: false,
      },
    ]);
    for (const secret of ['cus_SECRET123', 'pm_CARDSECRET', 'pm_BANKSECRET', '062-000', 'display'])
      expect(res.body).not.toContain(secret);
  });

  it('lists none for a customer who has saved none', async () => {
    await run(sql`delete from paymethods where account_id = ${accountid}`);
    const res = await get(buildPath(adminPaths.adminAccount, { accountid }));
    expect(res.json().data.payment_methods).toEqual([]);
  });
});

describe("the customer view's orders and callbacks", () => {
  it('lists orders with what was ordered, and callbacks with the slot, team and status', async () => {
    const [ticket] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into tickets (account_id, created_by, category, subject, source, created_at,
                               updated_at)
          values (${accountid}, ${holder}, 'Sales', 'Product order: Mesh router', 'order',
                  '2027-05-08T03:00:00Z', '2027-05-08T03:00:00Z'),
                 (${accountid}, ${holder}, 'Technical', 'Callback: no signal since Tuesday',
                  'callback', '2027-05-09T03:00:00Z', '2027-05-09T03:00:00Z')
          returning id`,
    );
    const callbackTicket = ticket!.id + 1;
    await run(sql`insert into orders (kind, account_id, user_id, payload, status, ticket_id,
                                       price_cents, created_at, updated_at)
                  values ('product', ${accountid}, ${holder}, '{"product": 3}', 'in-progress',
                          ${ticket!.id}, 24900, '2027-05-08T03:00:00Z', '2027-05-08T03:00:00Z')`);
    await run(sql`insert into callback_bookings (account_id, user_id, team, slot_start, phone,
                                                  reason, ticket_id, created_at)
                  values (${accountid}, ${holder}, 'technical', '2027-05-11T00:30:00Z',
                          '0491570555', 'No signal since Tuesday', ${callbackTicket},
                          '2027-05-09T03:00:00Z')`);
    const res = await get(buildPath(adminPaths.adminAccountActivity, { accountid }));
    expect(res.statusCode, res.body).toBe(200);
    const { orders, callbacks } = res.json().data;
    expect(orders).toEqual([
      {
        order_id: expect.any(Number),
        kind: 'product',
        subject: 'Product order: Mesh router',
        service: null,
        status: 'in-progress',
        price_cents: 24900,
        monthly_cents: null,
        ticket_id: ticket!.id,
        created: '2027-05-08T03:00:00.000Z',
      },
    ]);
    expect(callbacks).toEqual([
      {
        callback_id: expect.any(Number),
        contact: 'Vic Viewer',
        slot: '2027-05-11T00:30:00.000Z',
        team: 'technical',
        reason: 'No signal since Tuesday',
        phone: '0491570555',
        status: 'booked',
        ticket_id: callbackTicket,
      },
    ]);
  });
});

describe('invoices as PDF for staff', () => {
  it("sends the customer's own tax invoice, and 404 for an invoice of another account", async () => {
    const [invoice] = await queryRows<{ id: number; number: string }>(
      ctx.database.db,
      sql`select id, number from invoices where account_id = 100001 order by id desc limit 1`,
    );
    const res = await get(
      buildPath(adminPaths.adminInvoicePdf, { accountid: 100001, invoiceid: invoice!.id }),
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toContain(`${invoice!.number}`);
    const text = pdfText(res.rawPayload).join(' ');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(invoice!.number);

    // The very document the customer downloads.
    const customer = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    const own = await ctx.app.inject({
      method: 'GET',
      url: buildPath(apiPaths.invoicePdf, { invoiceid: invoice!.id }),
      headers: { 'x-user-token': customer.userToken },
    });
    expect(own.statusCode).toBe(200);
    expect(pdfText(own.rawPayload)).toEqual(pdfText(res.rawPayload));

    const theirs = await get(
      buildPath(adminPaths.adminInvoicePdf, { accountid, invoiceid: invoice!.id }),
    );
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs)).toBe(adminErrors.invoiceMissing);
    const none = await get(
      buildPath(adminPaths.adminInvoicePdf, { accountid: 100001, invoiceid: 999_999 }),
    );
    expect(none.statusCode).toBe(404);
  });

  it('audits each staff download with the account it belongs to', async () => {
    const [invoice] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from invoices where account_id = 100001 order by id limit 1`,
    );
    const url = buildPath(adminPaths.adminInvoicePdf, {
      accountid: 100001,
      invoiceid: invoice!.id,
    });
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    // The audit row is written as the answer goes out.
    let rows: { route: string; status: number }[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i += 1) {
      rows = await queryRows<{ route: string; status: number }>(
        ctx.database.db,
        sql`select route, status from staff_audit
             where account_id = 100001 and action = 'admin-request'
               and route = ${adminPaths.adminInvoicePdf}`,
      );
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(rows[0]).toEqual({ route: adminPaths.adminInvoicePdf, status: 200 });
  });
});
