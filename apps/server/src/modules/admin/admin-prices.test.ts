import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { AvailablePlan } from '@outpost/contracts/services';
import { formatDate } from '@outpost/domain/format';
import { DAY_MS } from '@outpost/domain/services';
import { zonedInstant } from '@outpost/domain/time/zoned';
import { queryRows, withTransaction } from '../../db/client';
import { mintStaffSession } from '../../test/sessions';
import { pdfText } from '../../test/pdf-text';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf, manualClock } from '../../test/test-app';
import { issueInvoice } from '../billing/invoices.service';

/** Future-dated plan prices (docs/decisions/055), on both databases. */

const SMP = 200101; // the holder's Sky Muster Plus service
const HOLDER = 5001;

// 10:00 on 1 March 2027 in Brisbane.
const time = manualClock(new Date('2027-03-01T00:00:00Z'));
let ctx: TestContext;
const api = apiFor(() => ctx, HOLDER);

/** An admin's staff session at the clock's time (a month later needs a new one). */
const adminHeaders = async () => ({
  'x-staff-token': await mintStaffSession(
    ctx.database.db,
    'ada.admin@outpost.example',
    time.clock(),
  ),
});

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
});
afterAll(async () => ctx.close());

let keys = 0;
const schedule = async (
  planid: number,
  body: object,
  options: { key?: string; headers?: Record<string, string> } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: buildPath(adminPaths.adminPlanPriceChanges, { planid }),
    headers: {
      ...(options.headers ?? (await adminHeaders())),
      'idempotency-key': options.key ?? `price-test-${(keys += 1)}-0000`,
    },
    payload: body,
  });

const withdraw = async (planid: number, changeid: number) =>
  ctx.app.inject({
    method: 'DELETE',
    url: buildPath(adminPaths.adminPlanPriceChange, { planid, changeid }),
    headers: await adminHeaders(),
  });

const newPlan = async (name: string, price_cents: number) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: adminPaths.adminPlans,
    headers: await adminHeaders(),
    payload: {
      name,
      technology: 'Sky Muster Plus',
      price_cents,
      peak_quota_mb: 50000,
      offpeak_quota_mb: 0,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.planid as number;
};

let customers = 0;
/** A new customer with one active service on the plan, its first period starting at `start`. */
async function customerOn(planid: number, start: Date): Promise<number> {
  customers += 1;
  const headers = await adminHeaders();
  const account = await ctx.app.inject({
    method: 'POST',
    url: adminPaths.adminAccounts,
    headers: { ...headers, 'idempotency-key': `price-account-${customers}-0000` },
    payload: {
      name: `Price Station ${customers}`,
      holder: {
        title: 'Ms',
        given_names: 'Pat',
        surname: 'Price',
        email: `pat.price${customers}@example.com`,
        mobile: `049157100${customers}`,
        date_of_birth: '1970-01-01',
      },
    },
  });
  expect(account.statusCode, account.body).toBe(200);
  const accountid = account.json().data.account.accountid as number;
  const service = await ctx.app.inject({
    method: 'POST',
    url: buildPath(adminPaths.adminAccountServices, { accountid }),
    headers: { ...headers, 'idempotency-key': `price-service-${customers}-0000` },
    payload: {
      technology: 'Sky Muster Plus',
      plan_id: planid,
      identifier: `AVC00055500${customers}`,
      address: { line: '1 Price Road', suburb: 'Roma', state: 'QLD', postcode: '4455' },
      status: 'active',
      start: start.toISOString(),
    },
  });
  expect(service.statusCode, service.body).toBe(200);
  return accountid;
}

/** The service line of the account's invoice for the period starting at `start`, raised at `now`. */
async function billedAt(accountId: number, start: Date, now: Date) {
  const invoice = await withTransaction(ctx.database.db, (tx) =>
    issueInvoice(tx, accountId, start, now),
  );
  const lines = await queryRows<{ kind: string; amount_cents: number }>(
    ctx.database.db,
    sql`select kind, amount_cents from invoice_lines where invoice_id = ${invoice!.id}`,
  );
  return { total: invoice!.totalCents, lines };
}

describe('future-dated plan prices', () => {
  it('schedules a new price that the plan shows, once per Idempotency-Key, naming who', async () => {
    const planid = await newPlan('Sky Muster Plus 50 (prices A)', 5000);
    const res = await schedule(
      planid,
      { price_cents: 5500, effective: '2027-04-01' },
      {
        key: 'price-once-0001',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json().data;
    expect(plan.price_cents).toBe(5000);
    expect(plan.price_changes).toEqual([
      {
        changeid: expect.any(Number),
        price_cents: 5500,
        effective: '2027-04-01',
        scheduled: '2027-03-01T00:00:00.000Z',
        scheduled_by: 'Ada Admin',
      },
    ]);
    const again = await schedule(
      planid,
      { price_cents: 5500, effective: '2027-04-01' },
      {
        key: 'price-once-0001',
      },
    );
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.price_changes).toHaveLength(1);
    // The catalogue lists it too.
    const list = await ctx.app.inject({
      method: 'GET',
      url: adminPaths.adminPlans,
      headers: await adminHeaders(),
    });
    expect(
      list.json().data.find((p: { planid: number }) => p.planid === planid).price_changes,
    ).toEqual(plan.price_changes);
  });

  it('bills a period starting before the day at the old price and one starting on or after it at the new', async () => {
    const planid = await newPlan('Sky Muster Plus 50 (prices B)', 5000);
    expect(
      (await schedule(planid, { price_cents: 5500, effective: '2027-04-01' })).statusCode,
    ).toBe(200);
    const day = zonedInstant('2027-04-01'); // the start of the day in the provider's zone
    const before = new Date(day.getTime() - 60_000); // 23:59 the day before
    const on = new Date(day.getTime() + 9 * 60 * 60_000); // 09:00 on the day
    const after = new Date(day.getTime() + 20 * DAY_MS);
    const [a, b, c] = [
      await customerOn(planid, before),
      await customerOn(planid, on),
      await customerOn(planid, after),
    ];
    // Each invoice raised late (a month after the day): no job had to run on the day.
    const late = new Date(day.getTime() + 29 * DAY_MS);
    expect(await billedAt(a, before, late)).toEqual({
      total: 5000,
      lines: [{ kind: 'service', amount_cents: 5000 }],
    });
    expect(await billedAt(b, on, late)).toEqual({
      total: 5500,
      lines: [{ kind: 'service', amount_cents: 5500 }],
    });
    expect(await billedAt(c, after, late)).toEqual({
      total: 5500,
      lines: [{ kind: 'service', amount_cents: 5500 }],
    });
  });

  it('keeps an invoice already raised at its amount, and the next period pays the new price', async () => {
    const planid = await newPlan('Sky Muster Plus 50 (prices C)', 5000);
    const start = new Date(time.clock().getTime() + DAY_MS);
    const account = await customerOn(planid, start);
    expect((await billedAt(account, start, start)).total).toBe(5000);
    expect(
      (await schedule(planid, { price_cents: 4500, effective: '2027-03-10' })).statusCode,
    ).toBe(200);
    const [raised] = await queryRows<{ total_cents: number }>(
      ctx.database.db,
      sql`select total_cents from invoices where account_id = ${account}`,
    );
    expect(raised!.total_cents).toBe(5000);
    const next = new Date(start.getTime() + 30 * DAY_MS);
    expect((await billedAt(account, next, next)).total).toBe(4500);
  });

  it('withdraws a change before its day, so it never applies', async () => {
    const planid = await newPlan('Sky Muster Plus 50 (prices D)', 5000);
    const made = (await schedule(planid, { price_cents: 6000, effective: '2027-05-01' })).json()
      .data.price_changes[0];
    const res = await withdraw(planid, made.changeid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ price_cents: 5000, price_changes: [] });
    // Withdrawing again changes nothing.
    expect((await withdraw(planid, made.changeid)).statusCode).toBe(200);
    const start = zonedInstant('2027-05-02');
    const account = await customerOn(planid, start);
    expect((await billedAt(account, start, start)).total).toBe(5000);
    // Another plan's change is not this plan's.
    const other = await newPlan('Sky Muster Plus 50 (prices E)', 5000);
    const missing = await withdraw(other, made.changeid);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Invalid request: this plan has no such price change.');
  });

  it('refuses a day that is not later than today, a second change on a day, and no change', async () => {
    const planid = await newPlan('Sky Muster Plus 50 (prices F)', 5000);
    const today = await schedule(planid, { price_cents: 5500, effective: '2027-03-01' });
    expect(today.statusCode).toBe(400);
    expect(errorOf(today)).toBe(
      'Invalid request: A price change takes effect from tomorrow or a later day.',
    );
    const past = await schedule(planid, { price_cents: 5500, effective: '2027-02-01' });
    expect(errorOf(past)).toBe(
      'Invalid request: A price change takes effect from tomorrow or a later day.',
    );
    const far = await schedule(planid, { price_cents: 5500, effective: '2029-03-02' });
    expect(errorOf(far)).toBe(
      'Invalid request: A price change can be scheduled up to two years ahead.',
    );
    expect(
      (await schedule(planid, { price_cents: 5500, effective: '2027-03-02' })).statusCode,
    ).toBe(200);
    const twice = await schedule(planid, { price_cents: 5900, effective: '2027-03-02' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(
      `Invalid request: this plan already has a price change on ${formatDate(zonedInstant('2027-03-02'))}. Withdraw it first.`,
    );
    const same = await schedule(planid, { price_cents: 5500, effective: '2027-04-02' });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same)).toBe(
      'Invalid request: the plan already costs $55.00 a month from that day.',
    );
    const plan = (await withdraw(planid, 999_999)).statusCode;
    expect(plan).toBe(404);
  });

  it('refuses to withdraw a change in effect, and support may not schedule', async () => {
    const planid = await newPlan('Sky Muster Plus 50 (prices G)', 5000);
    const made = (await schedule(planid, { price_cents: 5200, effective: '2027-03-03' })).json()
      .data.price_changes[0];
    const support = {
      'x-staff-token': await mintStaffSession(
        ctx.database.db,
        'sam.support@outpost.example',
        time.clock(),
      ),
    };
    const refused = await schedule(
      planid,
      { price_cents: 5300, effective: '2027-03-04' },
      { headers: support },
    );
    expect(refused.statusCode).toBe(403);
    time.advance(3 * DAY_MS);
    try {
      const res = await withdraw(planid, made.changeid);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toBe(
        `Invalid request: this price change took effect on ${formatDate(zonedInstant('2027-03-03'))}; schedule another to change the price again.`,
      );
      const plan = (
        await ctx.app.inject({
          method: 'GET',
          url: adminPaths.adminPlans,
          headers: await adminHeaders(),
        })
      )
        .json()
        .data.find((p: { planid: number }) => p.planid === planid);
      expect(plan).toMatchObject({ price_cents: 5200, price_changes: [] });
    } finally {
      time.advance(-3 * DAY_MS);
    }
  });

  it('shows customers the price in effect, and the plan documents the announced change', async () => {
    const headers = await adminHeaders();
    const schedule150 = await schedule(
      24,
      { price_cents: 11999, effective: '2027-04-01' },
      { headers },
    );
    expect(schedule150.statusCode, schedule150.body).toBe(200);
    const priceOf24 = async () =>
      (
        (await api.get(buildPath(apiPaths.availablePlans, { serviceid: SMP }))).json()
          .data as AvailablePlan[]
      ).find((p) => p.planid === 24)!.price;
    expect(await priceOf24()).toBe(10999);
    // The plan's card announces it, with its day.
    const plan24 = (
      (await api.get(buildPath(apiPaths.availablePlans, { serviceid: SMP }))).json()
        .data as AvailablePlan[]
    ).find((p) => p.planid === 24)!;
    expect(plan24.price_change).toEqual({ price: 11999, effective: '2027-04-01' });
    const pdf = await api.get(buildPath(apiPaths.planDocument, { planid: 24, document: 'kfs' }));
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).join(' ');
    expect(text).toContain('Monthly charge: $109.99 per 30 day billing period.');
    expect(text).toContain(
      `From ${formatDate(zonedInstant('2027-04-01'))} the monthly charge will be $119.99`,
    );

    const moved = zonedInstant('2027-04-01').getTime() - time.clock().getTime();
    time.advance(moved);
    try {
      expect(await priceOf24()).toBe(11999);
      const after24 = (
        (await api.get(buildPath(apiPaths.availablePlans, { serviceid: SMP }))).json()
          .data as AvailablePlan[]
      ).find((p) => p.planid === 24)!;
      expect(after24.price_change).toBeNull();
      const after = pdfText(
        (await api.get(buildPath(apiPaths.planDocument, { planid: 24, document: 'cis' })))
          .rawPayload,
      ).join(' ');
      expect(after).toContain('Monthly charge: $119.99 per 30 day billing period.');
      expect(after).not.toContain('will be');
    } finally {
      time.advance(-moved);
    }
  });

  it('makes a price set now (PATCH) a change from now, keeping the scheduled ones', async () => {
    const planid = await newPlan('Sky Muster Plus 50 (prices H)', 5000);
    await schedule(planid, { price_cents: 6000, effective: '2027-06-01' });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: buildPath(adminPaths.adminPlan, { planid }),
      headers: await adminHeaders(),
      payload: { price_cents: 5400 },
    });
    expect(res.json().data).toMatchObject({
      price_cents: 5400,
      price_changes: [{ price_cents: 6000, effective: '2027-06-01' }],
    });
    const soon = new Date(time.clock().getTime() + DAY_MS);
    const june = zonedInstant('2027-06-02');
    const a = await customerOn(planid, soon);
    expect((await billedAt(a, soon, soon)).total).toBe(5400);
    const b = await customerOn(planid, june);
    expect((await billedAt(b, june, june)).total).toBe(6000);
  });
});
