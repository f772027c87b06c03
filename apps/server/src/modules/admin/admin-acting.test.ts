import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { queryRows } from '../../db/client';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf, manualClock } from '../../test/test-app';
import { servicesErrors } from '../services/services.errors';
import { createEndpoint } from '../webhooks/webhooks.service';
import { adminErrors } from './admin.errors';

// Staff acting for a customer in the customer's own flows (docs/decisions/056).
const ACCOUNT = 100001;
const SMP = 200101; // active Sky Muster Plus, on Sky Muster Plus 50 with Modem rental (102)
const HOLDER = 5001;
const DAY_MS = 86_400_000;

const time = manualClock(new Date());
let ctx: TestContext;
const as: Record<'admin' | 'support' | 'billing', Record<string, string>> = {
  admin: {},
  support: {},
  billing: {},
};
let adminId: number;
const api = apiFor(() => ctx, HOLDER);

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  for (const [role, email] of [
    ['admin', 'ada.admin@outpost.example'],
    ['support', 'sam.support@outpost.example'],
    ['billing', 'bea.billing@outpost.example'],
  ] as const) {
    as[role] = { 'x-staff-token': await mintStaffSession(ctx.database.db, email, time.clock()) };
  }
  const [ada] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from staff_members where email = 'ada.admin@outpost.example'`,
  );
  adminId = ada!.id;
  await createEndpoint(
    ctx.database.db,
    { url: 'https://bss.example.net/outpost', events: ['plan.changed', 'data_block.purchased'] },
    null,
    time.clock(),
  );
  // Half the period still to run, to the millisecond: the pro-rata is half the difference.
  await ctx.database.db.execute(
    sql`update services set period_start = ${new Date(time.clock().getTime() - 15 * DAY_MS).toISOString()}::timestamptz
         where id = ${SMP}`,
  );
});
afterAll(async () => ctx.close());

const url = (path: string, serviceid = SMP, accountid = ACCOUNT) =>
  buildPath(path, { accountid, serviceid });
let keys = 0;
const post = (
  path: string,
  headers: Record<string, string>,
  payload: object,
  key: string | null = `acting-${++keys}`,
  serviceid = SMP,
  accountid = ACCOUNT,
) =>
  ctx.app.inject({
    method: 'POST',
    url: url(path, serviceid, accountid),
    headers: key === null ? headers : { ...headers, 'idempotency-key': key },
    payload,
  });

async function events(event: string) {
  const rows = await queryRows<{ payload: { data: Record<string, unknown> } | string }>(
    ctx.database.db,
    sql`select payload from webhook_deliveries where event = ${event} order by id`,
  );
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).data);
}

const charges = (kind: string) =>
  queryRows<{ description: string; amount_cents: number }>(
    ctx.database.db,
    sql`select description, amount_cents from account_charges
         where account_id = ${ACCOUNT} and kind = ${kind} and invoice_id is null order by id`,
  );

/** The audit's own entries for the account (not the API's record of each call), polled. */
async function auditOf(action: string) {
  for (let i = 0; i < 50; i++) {
    const rows = await queryRows<{ staff_id: number | null; detail: string | null }>(
      ctx.database.db,
      sql`select staff_id, detail from staff_audit
           where account_id = ${ACCOUNT} and action = ${action} order by id`,
    );
    if (rows.length > 0) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return [];
}

describe('changing a plan for a customer', () => {
  const change = { planid: 21, when: 'Current Period', options: [102] };

  it("lists the plans the customer's portal offers, and quotes the change before it is made", async () => {
    const plans = await ctx.app.inject({
      method: 'GET',
      url: url(adminPaths.adminServicePlans),
      headers: as.support,
    });
    expect(plans.statusCode, plans.body).toBe(200);
    expect(plans.json().data.current_options).toEqual([102]);
    expect(
      plans
        .json()
        .data.plans[0].options.map((o: { feature_id: number; price: number }) => [
          o.feature_id,
          o.price,
        ]),
    ).toEqual([
      [101, 1000],
      [102, 500],
      [103, 700],
    ]);
    expect(
      plans
        .json()
        .data.plans.map((p: { planid: number; price: number; is_current: boolean }) => [
          p.planid,
          p.price,
          p.is_current,
        ]),
    ).toEqual([
      [21, 4999, false],
      [22, 6999, true],
      [23, 8999, false],
      [24, 10999, false],
    ]);
    const quote = await post(adminPaths.adminPlanChangeQuote, as.support, change, null);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toEqual({
      serviceid: SMP,
      plan: 'Sky Muster Plus Essentials',
      next_plan: null,
      when: 'Current Period',
      effective: time.clock().toISOString(),
      // Half the period of ($49.99 + $5.00) - ($69.99 + $5.00): a $10.00 credit.
      adjustment: -1000,
      cancelled: false,
      monthly_price: 5499,
    });
    // A quote changes nothing.
    expect(await charges('plan-adjustment')).toEqual([]);
    const next = await post(
      adminPaths.adminPlanChangeQuote,
      as.support,
      { planid: 23, when: 'Next Period', options: [] },
      null,
    );
    expect(next.json().data).toMatchObject({
      plan: 'Sky Muster Plus 50',
      next_plan: 'Sky Muster Plus 100',
      effective: new Date(time.clock().getTime() + 15 * DAY_MS).toISOString(),
      adjustment: 0,
      monthly_price: 8999,
    });
  });

  it('refuses what the portal refuses, with its words, and another account or role', async () => {
    const fixedWireless = await post(adminPaths.adminPlanChange, as.admin, {
      planid: 31,
      when: 'Next Period',
      options: [],
    });
    expect(fixedWireless.statusCode).toBe(400);
    expect(errorOf(fixedWireless)).toBe(servicesErrors.planNotAvailable);
    const notNow = await post(adminPaths.adminPlanChangeQuote, as.admin, {
      planid: 24,
      when: 'Current Period',
      options: [],
    });
    expect(errorOf(notNow)).toBe(servicesErrors.periodNotAvailable);
    const elsewhere = await post(
      adminPaths.adminPlanChange,
      as.admin,
      change,
      'elsewhere-0001',
      SMP,
      100002,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe(adminErrors.serviceMissing);
    for (const role of ['support', 'billing'] as const) {
      const refused = await post(adminPaths.adminPlanChange, as[role], change);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toBe(adminErrors.adminScopeMissing);
    }
    // A commit whose quote no longer holds (the pro-rata runs to the millisecond) changes
    // nothing and says the new figure; the same key may then carry the corrected figure.
    const stale = await post(
      adminPaths.adminPlanChange,
      as.admin,
      { ...change, expected_adjustment: -1001 },
      'change-smp-0001',
    );
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toBe(adminErrors.quoteChanged('a $10.00 credit'));
    expect(await charges('plan-adjustment')).toEqual([]);
  });

  it('applies it as the portal would, once per key: the credit, the portal, the webhook, the audit', async () => {
    const quoted = { ...change, expected_adjustment: -1000 };
    const first = await post(adminPaths.adminPlanChange, as.admin, quoted, 'change-smp-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      serviceid: SMP,
      plan: 'Sky Muster Plus Essentials',
      next_plan: null,
      when: 'Current Period',
      effective: time.clock().toISOString(),
      adjustment: -1000,
      cancelled: false,
    });
    const again = await post(adminPaths.adminPlanChange, as.admin, quoted, 'change-smp-0001');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await charges('plan-adjustment')).toEqual([
      {
        description: expect.stringMatching(
          /^Plan change to Sky Muster Plus Essentials: pro-rata credit /,
        ),
        amount_cents: -1000,
      },
    ]);
    // The customer's portal shows it at once (the same tables, no copy).
    const mine = await api.get(apiPaths.services);
    expect(mine.json().data.find((s: { serviceid: number }) => s.serviceid === SMP)).toMatchObject({
      plan: 'Sky Muster Plus Essentials',
      next_plan: null,
    });
    expect(await events('plan.changed')).toEqual([
      expect.objectContaining({
        account_id: ACCOUNT,
        service_id: SMP,
        plan: 'Sky Muster Plus Essentials',
        when: 'Current Period',
        adjustment_cents: -1000,
        requested_by: null,
        acting_staff_id: adminId,
        acting_api_key_id: null,
      }),
    ]);
    expect(await auditOf('plan-changed-for-customer')).toEqual([
      {
        staff_id: adminId,
        detail:
          'AVC000123456789: Sky Muster Plus 50 to Sky Muster Plus Essentials (Current Period), pro-rata credit $10.00',
      },
    ]);
  });
});

describe('buying a data block for a customer', () => {
  it('lists what the portal sells, charges it onto the next invoice as theirs, tells the BSS and audits', async () => {
    const blocks = await ctx.app.inject({
      method: 'GET',
      url: url(adminPaths.adminServiceBlocks),
      headers: as.billing,
    });
    expect(blocks.statusCode, blocks.body).toBe(200);
    expect(
      blocks.json().data.map((b: { dbid: number; price: number }) => [b.dbid, b.price]),
    ).toEqual([
      [1, 1500],
      [2, 2500],
      [3, 5000],
    ]);
    const before = (await charges('data-block')).length;
    const bought = await post(adminPaths.adminServiceBlocks, as.admin, { dbid: 2 }, 'block-0001');
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({
      block: 'Data Block 10 GB',
      peak_mb: 10000,
      price: 2500,
      status: 'applying',
    });
    const added = (await charges('data-block')).slice(before);
    expect(added).toEqual([
      { description: 'Data Block 10 GB (AVC000123456789)', amount_cents: 2500 },
    ]);
    const purchased = await api.get(buildPath(apiPaths.blocksPurchased, { serviceid: SMP }));
    expect(purchased.json().data[0]).toMatchObject({
      purchaseid: bought.json().data.purchaseid,
      price: 2500,
    });
    expect(await events('data_block.purchased')).toEqual([
      expect.objectContaining({
        purchase_id: bought.json().data.purchaseid,
        block: 'Data Block 10 GB',
        price_cents: 2500,
        purchased_by: null,
        acting_staff_id: adminId,
      }),
    ]);
    expect(await auditOf('data-block-bought-for-customer')).toEqual([
      {
        staff_id: adminId,
        detail: 'AVC000123456789: Data Block 10 GB, $25.00 onto the next invoice',
      },
    ]);
    const refused = await post(adminPaths.adminServiceBlocks, as.admin, { dbid: 99 });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(servicesErrors.blockNotAvailable);
    const billing = await post(adminPaths.adminServiceBlocks, as.billing, { dbid: 1 });
    expect(billing.statusCode).toBe(403);
  });

  it('buys once for 20 parallel clicks with one Idempotency-Key', async () => {
    const before = (await charges('data-block')).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(adminPaths.adminServiceBlocks, as.admin, { dbid: 1 }, 'block-double-click-0001'),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().data.purchaseid)).size).toBe(1);
    expect((await charges('data-block')).slice(before)).toEqual([
      { description: 'Data Block 5 GB (AVC000123456789)', amount_cents: 1500 },
    ]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
  });
});
