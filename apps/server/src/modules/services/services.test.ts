import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { AvailablePlan, BlockPurchase, Service } from '@outpost/contracts/services';
import { BILLING_PERIOD_MS, DAY_MS } from '@outpost/domain/services';
import { queryRows } from '../../db/client';
import { csrfInvalidMessage } from '../../lib/prepared';
import type { Persona, TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf, manualClock } from '../../test/test-app';
import { activateDataBlocks, runPeriodRollover } from './jobs';
import { servicesErrors } from './services.errors';

const SMP = 200101; // holder: Sky Muster Plus 50 (+ modem rental), Sky Muster Plus 100 scheduled
const PENDING = 200102;
const LANDLINE = 200103;
const CUSTOM = 200201; // twofactor's account: a custom plan
const LIMITLESS = 200301; // other's account
const HOLDER = 5001;
const SERVICES_CONTACT = 5003;

let ctx: TestContext;
const time = manualClock(new Date());

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
});
afterAll(async () => ctx.close());

async function periodStartOf(serviceId: number): Promise<Date> {
  const [row] = await queryRows<{ period_start: Date | string }>(
    ctx.database.db,
    sql`select period_start from services where id = ${serviceId}`,
  );
  return new Date(row!.period_start);
}

/** Puts the clock `days` into the service's current period. */
async function clockInPeriod(serviceId: number, days: number) {
  const target = (await periodStartOf(serviceId)).getTime() + days * DAY_MS;
  time.advance(target - time.clock().getTime());
}

const api = apiFor(() => ctx, HOLDER);
const { get, post } = api;

async function services(who: Persona = HOLDER): Promise<Service[]> {
  const res = await get(apiPaths.services, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Service[];
}
const serviceOf = async (id: number) => (await services()).find((s) => s.serviceid === id)!;

const changePlan = (serviceid: number, body: object, who: Persona = HOLDER) =>
  api.prepareCommit(
    {
      prepare: apiPaths.changePlanPrepare,
      commit: apiPaths.changePlanCommit,
      params: { serviceid },
    },
    body,
    who,
  );
const setNickname = (serviceid: number, nickname: string) =>
  api.prepareCommit(
    {
      prepare: apiPaths.setNicknamePrepare,
      commit: apiPaths.setNicknameCommit,
      params: { serviceid },
    },
    { nickname },
  );

async function resetSmp() {
  // Back to the seeded state of the holder's Sky Muster Plus service.
  await ctx.database.db.execute(
    sql`update services set plan_id = 22, next_plan_id = 23, next_options = '[]'::jsonb where id = ${SMP}`,
  );
  await ctx.database.db.execute(
    sql`update plan_changes set status = 'superseded' where service_id = ${SMP} and status = 'scheduled'`,
  );
  const start = await periodStartOf(SMP);
  await ctx.database.db.execute(sql`insert into plan_changes
      (service_id, requested_by, from_plan_id, to_plan_id, "when", status, requested_at, effective_at)
      values (${SMP}, ${HOLDER}, 22, 23, 'Next Period', 'scheduled', ${start},
              ${new Date(start.getTime() + BILLING_PERIOD_MS)})`);
  await ctx.database.db.execute(sql`delete from service_extras where service_id = ${SMP}`);
  await ctx.database.db.execute(
    sql`insert into service_extras (service_id, extra_id) values (${SMP}, 102)`,
  );
}

describe('the services list', () => {
  it("lists the account's services, active broadband first, with plan, price and upcoming change", async () => {
    const list = await services();
    expect(list.map((s) => s.serviceid)).toEqual([SMP, PENDING, LANDLINE, 200104]);
    const smp = list[0]!;
    const start = await periodStartOf(SMP);
    expect(smp).toMatchObject({
      type: 'Broadband',
      status: 'active',
      technology: 'Sky Muster Plus',
      plan: 'Sky Muster Plus 50',
      planid: 22,
      next_plan: 'Sky Muster Plus 100',
      price: 7499, // $69.99 plan + $5.00 modem rental
      peak_quota: 50000,
      download_speed: 25600,
      upload_speed: 5120,
      is_limitless: false,
      options: [102],
      period_start: start.toISOString(),
      period_end: new Date(start.getTime() + BILLING_PERIOD_MS).toISOString(),
      upcoming: {
        planid: 23,
        plan: 'Sky Muster Plus 100',
        price: 8999,
        effective: new Date(start.getTime() + BILLING_PERIOD_MS).toISOString(),
      },
    });
    expect(list[1]).toMatchObject({ status: 'pending', technology: 'Fixed Wireless' });
    expect(list[2]).toMatchObject({ type: 'Telephony', technology: 'Landline', upcoming: null });
  });

  it("never lists another account's services", async () => {
    const other = 5006;
    expect((await services(other)).map((s) => s.serviceid)).toEqual([LIMITLESS, 200302]);
  });
});

describe('the services as the usage pages see them (view-activity without view-services)', () => {
  const LIMITED = 5004;
  const setActivityOnly = (on: boolean) =>
    ctx.database.db.execute(
      sql`update user_permissions set enabled = ${on}
           where user_id = ${LIMITED} and permission = 'view-activity'`,
    );
  afterAll(() => setActivityOnly(false));

  it('answers the plan, allowance and period of each service, and still refuses the full list', async () => {
    await setActivityOnly(true);
    const res = await get(apiPaths.activityServices, LIMITED);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as Record<string, unknown>[];
    expect(list.map((s) => s.serviceid)).toEqual([SMP, PENDING, LANDLINE, 200104]);
    const start = await periodStartOf(SMP);
    // Exactly these fields: no price, address, options or upcoming change.
    expect(list[0]).toEqual({
      serviceid: SMP,
      type: 'Broadband',
      status: 'active',
      technology: 'Sky Muster Plus',
      plan: 'Sky Muster Plus 50',
      is_limitless: false,
      peak_quota: 50000,
      offpeak_quota: 0,
      identifier: 'AVC000123456789',
      nickname: null,
      period_end: new Date(start.getTime() + BILLING_PERIOD_MS).toISOString(),
      cancels_on: null,
    });
    expect(res.body).not.toContain('price');
    expect(res.body).not.toContain('addr_');

    // The full services data stays view-services.
    expect((await get(apiPaths.services, LIMITED)).statusCode).toBe(403);
    // What the two pages show next: the usage summary and the data blocks bought.
    const summary = await get(buildPath(apiPaths.activitySummary, { serviceid: SMP }), LIMITED);
    expect(summary.statusCode, summary.body).toBe(200);
    const blocks = await get(buildPath(apiPaths.blocksPurchased, { serviceid: SMP }), LIMITED);
    expect(blocks.statusCode, blocks.body).toBe(200);
  });

  it('refuses a contact without view-activity', async () => {
    await setActivityOnly(false);
    expect((await get(apiPaths.activityServices, LIMITED)).statusCode).toBe(403);
  });
});

describe('plans', () => {
  it('offers the selectable plans of the same technology with the current and next plan marked', async () => {
    const res = await get(buildPath(apiPaths.availablePlans, { serviceid: SMP }));
    const plans = res.json().data as AvailablePlan[];
    expect(plans.map((p) => [p.planid, p.is_current, p.is_next])).toEqual([
      [21, false, false],
      [22, true, false],
      [23, false, true],
      [24, false, false],
    ]);
    expect(plans[3]).toMatchObject({
      plan: 'Sky Muster Plus 150',
      price: 10999,
      flag: 'New',
      available_now: false,
      available_next: true,
      kfs: 'plans/24/documents/kfs',
      cis: 'plans/24/documents/cis',
    });
  });

  it('offers a custom-plan service its own plan and the catalogue', async () => {
    const twoFactor = 5005; // the custom plan's account holder
    const res = await get(buildPath(apiPaths.availablePlans, { serviceid: CUSTOM }), twoFactor);
    const plans = res.json().data as AvailablePlan[];
    expect(plans.find((p) => p.is_current)).toMatchObject({
      planid: 25,
      is_custom: true,
      selectable: false,
    });
    expect(plans.map((p) => p.planid)).toEqual([21, 22, 23, 24, 25]);
  });

  it("lists a plan's extra options and answers 404 for an unknown plan", async () => {
    const res = await get(buildPath(apiPaths.planOptions, { planid: 22 }));
    expect(res.json().data).toEqual([
      expect.objectContaining({ feature_id: 101, name: 'Static IP address', price: 1000 }),
      expect.objectContaining({ feature_id: 102, name: 'Modem rental', price: 500 }),
      expect.objectContaining({ feature_id: 103, name: 'Priority support', price: 700 }),
    ]);
    expect((await get(buildPath(apiPaths.planOptions, { planid: 999_999 }))).statusCode).toBe(404);
  });

  it("downloads a plan's Key Fact Sheet as a PDF; another account's custom plan is not found", async () => {
    const res = await get(buildPath(apiPaths.planDocument, { planid: 22, document: 'kfs' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="key-fact-sheet-22.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const custom = await get(buildPath(apiPaths.planDocument, { planid: 25, document: 'cis' }));
    expect(custom.statusCode).toBe(404);
  });
});

describe('changing plan', () => {
  beforeEach(resetSmp);

  it("'Next Period' schedules the plan (replacing the scheduled one) and changes nothing now", async () => {
    const res = await changePlan(SMP, { planid: 24, when: 'Next Period', options: [101] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      plan: 'Sky Muster Plus 50',
      next_plan: 'Sky Muster Plus 150',
      adjustment: 0,
    });
    const smp = await serviceOf(SMP);
    expect(smp).toMatchObject({ planid: 22, price: 7499, options: [102] });
    expect(smp.upcoming).toMatchObject({ planid: 24, price: 11999 }); // $109.99 + $10 static IP
    const history = await queryRows<{ to_plan_id: number; status: string }>(
      ctx.database.db,
      sql`select to_plan_id, status from plan_changes where service_id = ${SMP} order by id`,
    );
    expect(history.slice(-2)).toEqual([
      { to_plan_id: 23, status: 'superseded' },
      { to_plan_id: 24, status: 'scheduled' },
    ]);
  });

  it("'Current Period' switches now and charges the difference for the rest of the period", async () => {
    await clockInPeriod(SMP, 10);
    const res = await changePlan(SMP, { planid: 23, when: 'Current Period', options: [] });
    expect(res.statusCode, res.body).toBe(200);
    // $74.99 -> $89.99 for 20 of 30 days: $15.00 x 2/3.
    expect(res.json().data).toMatchObject({ plan: 'Sky Muster Plus 100', adjustment: 1000 });
    expect(await serviceOf(SMP)).toMatchObject({
      planid: 23,
      price: 8999,
      options: [],
      upcoming: null,
    });
    const [charge] = await queryRows<{ amount_cents: number; kind: string }>(
      ctx.database.db,
      sql`select amount_cents, kind from account_charges where service_id = ${SMP} order by id desc limit 1`,
    );
    expect(charge).toEqual({ amount_cents: 1000, kind: 'plan-adjustment' });
  });

  it("'Current Period' to a cheaper plan credits the difference", async () => {
    await clockInPeriod(SMP, 15);
    const res = await changePlan(SMP, { planid: 21, when: 'Current Period', options: [102] });
    // $74.99 -> $54.99 for 15 of 30 days: -$10.00.
    expect(res.json().data).toMatchObject({
      plan: 'Sky Muster Plus Essentials',
      adjustment: -1000,
    });
  });

  it("'Current Period Only' switches now and reverts to the old plan and options at the period end", async () => {
    await clockInPeriod(SMP, 20);
    const res = await changePlan(SMP, { planid: 23, when: 'Current Period Only', options: [] });
    expect(res.json().data).toMatchObject({
      plan: 'Sky Muster Plus 100',
      next_plan: 'Sky Muster Plus 50',
      adjustment: 500, // $15.00 x 10/30
    });
    const start = await periodStartOf(SMP);
    await runPeriodRollover(ctx.database.db, new Date(start.getTime() + BILLING_PERIOD_MS + 1));
    expect(await serviceOf(SMP)).toMatchObject({
      planid: 22,
      options: [102],
      upcoming: null,
      period_start: new Date(start.getTime() + BILLING_PERIOD_MS).toISOString(),
    });
  });

  it('the roll-over applies a scheduled change once, at the first period end it passes', async () => {
    const start = await periodStartOf(SMP);
    // Two and a half periods later (a server that was down): one change, two periods.
    const later = new Date(start.getTime() + 2.5 * BILLING_PERIOD_MS);
    const result = await runPeriodRollover(ctx.database.db, later);
    expect(result.changesApplied).toBeGreaterThanOrEqual(1);
    expect(await serviceOf(SMP)).toMatchObject({
      planid: 23,
      upcoming: null,
      options: [],
      period_start: new Date(start.getTime() + 2 * BILLING_PERIOD_MS).toISOString(),
    });
    const [applied] = await queryRows<{ status: string; applied_at: Date | string }>(
      ctx.database.db,
      sql`select status, applied_at from plan_changes where service_id = ${SMP} and to_plan_id = 23 order by id desc limit 1`,
    );
    expect(applied!.status).toBe('applied');
    expect(new Date(applied!.applied_at).toISOString()).toBe(
      new Date(start.getTime() + BILLING_PERIOD_MS).toISOString(),
    );
    // Nothing due any more: a second run changes nothing.
    expect(await runPeriodRollover(ctx.database.db, later)).toEqual({
      periodsRolled: 0,
      changesApplied: 0,
      cancellationsApplied: 0,
    });
    // Put the period back for the other tests.
    await ctx.database.db.execute(
      sql`update services set period_start = ${start} where id = ${SMP}`,
    );
  });

  it('cancels a scheduled change with the current plan, Next Period and no options', async () => {
    const res = await changePlan(SMP, { planid: 22, when: 'Next Period', options: [] });
    expect(res.json().data).toMatchObject({ cancelled: true, next_plan: null });
    expect((await serviceOf(SMP)).upcoming).toBeNull();
    const again = await changePlan(SMP, { planid: 22, when: 'Next Period', options: [] });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(servicesErrors.alreadyCurrent);
  });

  it.each([
    [
      'a custom plan',
      { planid: 25, when: 'Next Period', options: [] },
      servicesErrors.planNotAvailable,
    ],
    [
      'another technology',
      { planid: 31, when: 'Next Period', options: [] },
      servicesErrors.planNotAvailable,
    ],
    [
      'a withdrawn plan',
      { planid: 11, when: 'Next Period', options: [] },
      servicesErrors.planNotAvailable,
    ],
    [
      'an unknown plan',
      { planid: 999_999, when: 'Next Period', options: [] },
      servicesErrors.planNotAvailable,
    ],
    [
      'a next-period-only plan now',
      { planid: 24, when: 'Current Period', options: [] },
      servicesErrors.periodNotAvailable,
    ],
    [
      'this month only where not offered',
      { planid: 21, when: 'Current Period Only', options: [] },
      servicesErrors.periodNotAvailable,
    ],
    [
      'an option the plan lacks',
      { planid: 21, when: 'Next Period', options: [999] },
      servicesErrors.optionNotAvailable,
    ],
    [
      'a cancel with options',
      { planid: 22, when: 'Next Period', options: [101] },
      servicesErrors.cancelWithOptions,
    ],
    [
      'a cancel for now',
      { planid: 22, when: 'Current Period', options: [] },
      servicesErrors.cancelWithOptions,
    ],
  ])('refuses %s and changes nothing', async (_what, body, message) => {
    const before = await serviceOf(SMP);
    const res = await post(buildPath(apiPaths.changePlanPrepare, { serviceid: SMP }), body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
    expect(await serviceOf(SMP)).toEqual(before);
  });

  it('refuses plan changes on pending and telephony services', async () => {
    for (const serviceid of [PENDING, LANDLINE]) {
      const res = await changePlan(serviceid, { planid: 24, when: 'Next Period', options: [] });
      expect(errorOf(res)).toBe(servicesErrors.planChangeNotAllowed);
    }
  });

  it('refuses a commit whose csrf was prepared for another plan, service or user', async () => {
    const body = { planid: 24, when: 'Next Period', options: [] };
    const prepared = await post(buildPath(apiPaths.changePlanPrepare, { serviceid: SMP }), body);
    const { csrf } = prepared.json().data as { csrf: string };
    const contact = SERVICES_CONTACT;
    for (const [serviceid, payload, who] of [
      [SMP, { ...body, planid: 21, csrf }, HOLDER],
      [SMP, { ...body, when: 'Current Period', csrf }, HOLDER],
      [SMP, { ...body, csrf }, contact],
    ] as const) {
      const res = await post(buildPath(apiPaths.changePlanCommit, { serviceid }), payload, who);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(csrfInvalidMessage);
    }
    expect((await serviceOf(SMP)).upcoming?.planid).toBe(23);
  });
});

describe('nicknames', () => {
  it('sets and removes a nickname', async () => {
    const set = await setNickname(SMP, '  Dish paddock ');
    expect(set.json().data).toEqual({ serviceid: SMP, nickname: 'Dish paddock' });
    expect(await serviceOf(SMP)).toMatchObject({ nickname: 'Dish paddock', has_nickname: true });
    const removed = await setNickname(SMP, '');
    expect(removed.json().data).toEqual({ serviceid: SMP, nickname: null });
    expect(await serviceOf(SMP)).toMatchObject({ nickname: null, has_nickname: false });
  });

  it('edits a nickname in place with the same rules as adding one', async () => {
    await setNickname(SMP, 'Dish paddock');
    const edited = await setNickname(SMP, ' Top shed ');
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toEqual({ serviceid: SMP, nickname: 'Top shed' });
    expect(await serviceOf(SMP)).toMatchObject({ nickname: 'Top shed', has_nickname: true });
    const tooLong = await setNickname(SMP, 'y'.repeat(21));
    expect(tooLong.statusCode).toBe(400);
    expect(await serviceOf(SMP)).toMatchObject({ nickname: 'Top shed' });
    await setNickname(SMP, '');
  });

  it('refuses more than 20 characters, control characters and pending services', async () => {
    for (const nickname of ['x'.repeat(21), 'tab\there']) {
      const res = await setNickname(SMP, nickname);
      expect(res.statusCode).toBe(400);
    }
    const pending = await setNickname(PENDING, 'New place');
    expect(errorOf(pending)).toBe(servicesErrors.nicknameNotAllowed);
  });
});

describe('data blocks', () => {
  const purchaseCount = async () =>
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from data_block_purchases where service_id = ${SMP}`,
      )
    )[0]!.n;

  it('offers blocks to an active metered service and none to pending or limitless ones', async () => {
    const smp = await get(buildPath(apiPaths.availableBlocks, { serviceid: SMP }));
    expect(smp.json().data).toEqual([
      { dbid: 1, block: 'Data Block 5 GB', peak_mb: 5000, offpeak_mb: 0, price: 1500 },
      { dbid: 2, block: 'Data Block 10 GB', peak_mb: 10000, offpeak_mb: 0, price: 2500 },
      { dbid: 3, block: 'Data Block 25 GB', peak_mb: 25000, offpeak_mb: 0, price: 5000 },
    ]);
    const pending = await get(buildPath(apiPaths.availableBlocks, { serviceid: PENDING }));
    expect(pending.json().data).toEqual([]);
    const other = 5006;
    const limitless = await get(
      buildPath(apiPaths.availableBlocks, { serviceid: LIMITLESS }),
      other,
    );
    expect(limitless.json().data).toEqual([]);
  });

  it('refuses blocks for a limitless service and blocks not offered', async () => {
    const other = 5006;
    const limitless = await post(
      buildPath(apiPaths.purchaseBlockPrepare, { serviceid: LIMITLESS }),
      { dbid: 1 },
      other,
    );
    expect(errorOf(limitless)).toBe(servicesErrors.blocksNotAvailable);
    for (const dbid of [4, 999_999]) {
      const res = await post(buildPath(apiPaths.purchaseBlockPrepare, { serviceid: SMP }), {
        dbid,
      });
      expect(errorOf(res)).toBe(servicesErrors.blockNotAvailable);
    }
  });

  it('makes exactly one purchase from 20 concurrent commits of one csrf, with one charge', async () => {
    const before = await purchaseCount();
    const prepared = await post(buildPath(apiPaths.purchaseBlockPrepare, { serviceid: SMP }), {
      dbid: 2,
    });
    const { csrf } = prepared.json().data as { csrf: string };
    const commits = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(buildPath(apiPaths.purchaseBlockCommit, { serviceid: SMP }), { dbid: 2, csrf }),
      ),
    );
    expect(commits.map((c) => c.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(commits.map((c) => (c.json().data as BlockPurchase).purchaseid));
    expect(ids.size).toBe(1);
    expect(await purchaseCount()).toBe(before + 1);
    const charges = await queryRows<{ amount_cents: number }>(
      ctx.database.db,
      sql`select amount_cents from account_charges where kind = 'data-block' and source_id = ${[...ids][0]!}`,
    );
    expect(charges).toEqual([{ amount_cents: 2500 }]);
  });

  it('lists a purchase as applying until the network applies it, expiring at the period end', async () => {
    const prepared = await post(buildPath(apiPaths.purchaseBlockPrepare, { serviceid: SMP }), {
      dbid: 3,
    });
    const { csrf } = prepared.json().data as { csrf: string };
    const bought = await post(buildPath(apiPaths.purchaseBlockCommit, { serviceid: SMP }), {
      dbid: 3,
      csrf,
    });
    const purchase = bought.json().data as BlockPurchase;
    const start = await periodStartOf(SMP);
    expect(purchase).toMatchObject({
      block: 'Data Block 25 GB',
      peak_mb: 25000,
      price: 5000,
      status: 'applying',
      expires: new Date(start.getTime() + BILLING_PERIOD_MS).toISOString(),
    });
    const listed = async () =>
      (
        (await get(buildPath(apiPaths.blocksPurchased, { serviceid: SMP }))).json()
          .data as BlockPurchase[]
      ).find((p) => p.purchaseid === purchase.purchaseid)!;
    expect((await listed()).status).toBe('applying');
    const delay = 120_000;
    await activateDataBlocks(ctx.database.db, new Date(time.clock().getTime() + delay - 1), delay);
    expect((await listed()).status).toBe('applying');
    await activateDataBlocks(ctx.database.db, new Date(time.clock().getTime() + delay), delay);
    expect((await listed()).status).toBe('active');
  });

  it('lists a block bought in an earlier period as expired, not active', async () => {
    const res = await get(buildPath(apiPaths.blocksPurchased, { serviceid: SMP }));
    const list = res.json().data as BlockPurchase[];
    const now = time.clock().getTime();
    const ended = list.filter((p) => Date.parse(p.expires) <= now);
    expect(ended.map((p) => p.block)).toEqual(['Data Block 5 GB', 'Data Block 10 GB']);
    expect(ended.map((p) => p.status)).toEqual(['expired', 'expired']);
    expect(list.filter((p) => Date.parse(p.expires) > now).map((p) => p.status)).not.toContain(
      'expired',
    );
  });

  it('lists purchases newest first', async () => {
    const res = await get(buildPath(apiPaths.blocksPurchased, { serviceid: SMP }));
    const list = res.json().data as BlockPurchase[];
    const times = list.map((p) => p.purchased);
    expect(times).toEqual([...times].sort().reverse());
    expect(list.length).toBeGreaterThanOrEqual(3);
  });
});
