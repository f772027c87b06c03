import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Service } from '@outpost/contracts/services';
import { addCalendarDays, businessDate, zonedInstant } from '@outpost/domain/time/zoned';
import { queryRows } from '../../db/client';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf, manualClock } from '../../test/test-app';
import { runPeriodRollover } from '../services/jobs';
import { servicesErrors } from '../services/services.errors';
import { createEndpoint } from '../webhooks/webhooks.service';
import { adminErrors } from './admin.errors';

/** Suspending, resuming and cancelling services through the admin API (docs/decisions/052). */

const ACCOUNT = 100001;
const SMP = 200101; // the holder's active Sky Muster Plus, a change to plan 23 scheduled
const PENDING = 200102;
const LANDLINE = 200103;
const HOLDER = 5001;

const time = manualClock(new Date());
let ctx: TestContext;
let key: string;
let keyId: number;
let adminToken: string;

const api = apiFor(() => ctx, HOLDER);

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  adminToken = await mintStaffSession(ctx.database.db, 'ada.admin@outpost.example', time.clock());
  const made = await ctx.app.inject({
    method: 'POST',
    url: adminPaths.adminApiKeys,
    headers: { 'x-staff-token': adminToken },
    payload: { name: 'Billing system', scopes: ['read', 'provisioning'] },
  });
  key = made.json().data.key;
  keyId = made.json().data.keyid;
  await createEndpoint(
    ctx.database.db,
    {
      url: 'https://bss.example.net/outpost',
      events: [
        'service.suspended',
        'service.resumed',
        'service.cancelled',
        'service.cancellation_requested',
      ],
    },
    null,
    time.clock(),
  );
});
afterAll(async () => ctx.close());

let keys = 0;
/** A new Idempotency-Key per request unless one is given (a retry sends the same). */
function call(
  route: 'adminSuspendService' | 'adminResumeService' | 'adminCancelService',
  serviceid: number,
  body?: object,
  options: { idempotencyKey?: string; headers?: Record<string, string> } = {},
) {
  keys += 1;
  return ctx.app.inject({
    method: 'POST',
    url: buildPath(adminPaths[route], { accountid: ACCOUNT, serviceid }),
    headers: {
      ...(options.headers ?? { authorization: `Bearer ${key}` }),
      'idempotency-key': options.idempotencyKey ?? `status-change-${keys}-${Date.now()}`,
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function row(serviceId: number) {
  const [r] = await queryRows<{
    status: string;
    status_reason: string | null;
    cancel_at: Date | string | null;
    next_plan_id: number | null;
  }>(
    ctx.database.db,
    sql`select status, status_reason, cancel_at, next_plan_id from services where id = ${serviceId}`,
  );
  return r!;
}

/** The webhook deliveries of `event` for the service, oldest first (their payloads' data). */
async function events(event: string, serviceId: number) {
  const rows = await queryRows<{ payload: { data: Record<string, unknown> } | string }>(
    ctx.database.db,
    sql`select payload from webhook_deliveries
         where event = ${event} and (payload->'data'->>'service_id')::int = ${serviceId}
         order by id`,
  );
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).data);
}

async function customerService(serviceId: number): Promise<Service | undefined> {
  const res = await api.get(apiPaths.services);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Service[]).find((s) => s.serviceid === serviceId);
}

const prepareBlock = (serviceid: number) =>
  api.post(buildPath(apiPaths.purchaseBlockPrepare, { serviceid }), { dbid: 1 });
const preparePlan = (serviceid: number) =>
  api.post(buildPath(apiPaths.changePlanPrepare, { serviceid }), {
    planid: 21,
    when: 'Next Period',
    options: [],
  });

const SUSPENDED_BLOCKS =
  "Invalid request: This service is suspended, so data blocks can't be bought for it. Call us or open a ticket to have it restored.";

describe('suspending and resuming a service', () => {
  it('suspends an active service once per Idempotency-Key, tells the BSS and audits who did it', async () => {
    const first = await call(
      'adminSuspendService',
      SMP,
      { reason: '  Unpaid for 60 days  ' },
      {
        idempotencyKey: 'suspend-smp-0001',
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      serviceid: SMP,
      status: 'suspended',
      status_reason: 'Unpaid for 60 days',
      cancels_on: null,
    });
    expect(await row(SMP)).toMatchObject({
      status: 'suspended',
      status_reason: 'Unpaid for 60 days',
    });
    // The retry answers the first result and does nothing again.
    const again = await call(
      'adminSuspendService',
      SMP,
      { reason: '  Unpaid for 60 days  ' },
      {
        idempotencyKey: 'suspend-smp-0001',
      },
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await events('service.suspended', SMP)).toEqual([
      expect.objectContaining({
        account_id: ACCOUNT,
        service_id: SMP,
        reason: 'Unpaid for 60 days',
      }),
    ]);
    const requestId = String(first.headers['x-request-id']);
    const audit = () =>
      queryRows<{ api_key_id: number | null; account_id: number; route: string; status: number }>(
        ctx.database.db,
        sql`select api_key_id, account_id, route, status from staff_audit
             where request_id = ${requestId}`,
      );
    await expect.poll(async () => (await audit()).length).toBe(1);
    expect((await audit())[0]).toEqual({
      api_key_id: keyId,
      account_id: ACCOUNT,
      route: adminPaths.adminSuspendService,
      status: 200,
    });
  });

  it('refuses to suspend a suspended or pending service, or to resume an active one (409)', async () => {
    const twice = await call('adminSuspendService', SMP, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(
      'Invalid request: only an active service can be suspended; this one is suspended.',
    );
    const pending = await call('adminSuspendService', PENDING, { reason: 'x' });
    expect(pending.statusCode).toBe(409);
    expect(errorOf(pending)).toBe(adminErrors.serviceNotSuspendable('pending'));
    const resumePending = await call('adminResumeService', PENDING);
    expect(resumePending.statusCode).toBe(409);
    expect(errorOf(resumePending)).toBe(adminErrors.serviceNotResumable('pending'));
    // Activating is not resuming.
    const activate = await ctx.app.inject({
      method: 'POST',
      url: buildPath(adminPaths.adminActivateService, { accountid: ACCOUNT, serviceid: SMP }),
      headers: { authorization: `Bearer ${key}` },
    });
    expect(activate.statusCode).toBe(409);
    expect(errorOf(activate)).toBe(adminErrors.serviceNotActivatable('suspended'));
    expect((await row(SMP)).status).toBe('suspended');
  });

  it('refuses a reason that is blank or longer than 500 characters, and a call without a key', async () => {
    for (const body of [{ reason: '   ' }, { reason: 'x'.repeat(501) }, {}]) {
      const res = await call('adminSuspendService', LANDLINE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const noKey = await ctx.app.inject({
      method: 'POST',
      url: buildPath(adminPaths.adminSuspendService, { accountid: ACCOUNT, serviceid: LANDLINE }),
      headers: { authorization: `Bearer ${key}` },
      payload: { reason: 'No key' },
    });
    expect(noKey.statusCode).toBe(400);
    // Another account's service is not found.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: buildPath(adminPaths.adminSuspendService, { accountid: 100003, serviceid: LANDLINE }),
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'wrong-account-01' },
      payload: { reason: 'Wrong account' },
    });
    expect(wrong.statusCode).toBe(404);
    expect((await row(LANDLINE)).status).toBe('active');
  });

  it('shows the customer the suspension and refuses a data block or plan change with the reason', async () => {
    expect((await customerService(SMP))?.status).toBe('suspended');
    const block = await prepareBlock(SMP);
    expect(block.statusCode).toBe(400);
    expect(errorOf(block)).toBe(SUSPENDED_BLOCKS);
    const plan = await preparePlan(SMP);
    expect(plan.statusCode).toBe(400);
    expect(errorOf(plan)).toBe(servicesErrors.suspendedPlan);
    // Its usage stays open to see.
    const usage = await api.get(apiPaths.activityServices);
    expect(usage.statusCode).toBe(200);
    expect(
      (usage.json().data as { serviceid: number; status: string }[]).find(
        (s) => s.serviceid === SMP,
      )?.status,
    ).toBe('suspended');
  });

  it('resumes a suspended service: active again, service.resumed, and blocks on sale again', async () => {
    const resumed = await call('adminResumeService', SMP);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ serviceid: SMP, status: 'active' });
    expect((await row(SMP)).status).toBe('active');
    expect(await events('service.resumed', SMP)).toEqual([
      expect.objectContaining({ account_id: ACCOUNT, service_id: SMP }),
    ]);
    const again = await call('adminResumeService', SMP);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(adminErrors.serviceNotResumable('active'));
    expect((await prepareBlock(SMP)).statusCode).toBe(200);
  });

  it('refuses at commit a purchase and a plan change prepared before the suspension', async () => {
    const block = await prepareBlock(SMP);
    const plan = await preparePlan(SMP);
    expect(block.statusCode, block.body).toBe(200);
    expect(plan.statusCode, plan.body).toBe(200);
    const purchaseCount = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from data_block_purchases where service_id = ${SMP}`,
        )
      )[0]!.n;
    const before = await purchaseCount();
    expect((await call('adminSuspendService', SMP, { reason: 'Line fault' })).statusCode).toBe(200);
    const bought = await api.post(buildPath(apiPaths.purchaseBlockCommit, { serviceid: SMP }), {
      dbid: 1,
      csrf: block.json().data.csrf,
    });
    expect(bought.statusCode).toBe(400);
    expect(errorOf(bought)).toBe(SUSPENDED_BLOCKS);
    const changed = await api.post(buildPath(apiPaths.changePlanCommit, { serviceid: SMP }), {
      planid: 21,
      when: 'Next Period',
      options: [],
      csrf: plan.json().data.csrf,
    });
    expect(changed.statusCode).toBe(400);
    expect(errorOf(changed)).toBe(servicesErrors.suspendedPlan);
    expect(await purchaseCount()).toBe(before);
    expect((await call('adminResumeService', SMP)).statusCode).toBe(200);
  });
});

describe('cancelling a service', () => {
  it('cancels a pending service today, once; then refuses anything more (409)', async () => {
    const res = await call('adminCancelService', PENDING, { reason: 'Customer changed mind' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', cancels_on: null });
    const stored = await row(PENDING);
    expect(stored.status).toBe('cancelled');
    expect(new Date(stored.cancel_at!).toISOString()).toBe(time.clock().toISOString());
    expect(await events('service.cancelled', PENDING)).toEqual([
      expect.objectContaining({
        account_id: ACCOUNT,
        service_id: PENDING,
        reason: 'Customer changed mind',
        scheduled: false,
        effective: time.clock().toISOString(),
      }),
    ]);
    expect(await events('service.cancellation_requested', PENDING)).toEqual([
      expect.objectContaining({
        reason: 'Customer changed mind',
        on: businessDate(time.clock()),
        scheduled: false,
        effective: time.clock().toISOString(),
      }),
    ]);
    const again = await call('adminCancelService', PENDING, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(await events('service.cancellation_requested', PENDING)).toHaveLength(1);
    expect(errorOf(again)).toBe(adminErrors.serviceAlreadyCancelled);
    for (const route of ['adminSuspendService', 'adminResumeService'] as const) {
      const refused = await call(
        route,
        PENDING,
        route === 'adminSuspendService' ? { reason: 'x' } : undefined,
      );
      expect(refused.statusCode, route).toBe(409);
    }
    expect((await customerService(PENDING))?.status).toBe('cancelled');
  });

  it('cancels a suspended service', async () => {
    expect((await call('adminSuspendService', LANDLINE, { reason: 'Fault' })).statusCode).toBe(200);
    const res = await call('adminCancelService', LANDLINE, { reason: 'Moved away' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    expect((await row(LANDLINE)).status).toBe('cancelled');
  });

  it('refuses a day before today, and a day that is no date', async () => {
    const today = businessDate(time.clock());
    for (const on of [addCalendarDays(today, -1), '2031-02-30', 'tomorrow']) {
      const res = await call('adminCancelService', SMP, { reason: 'x', on });
      expect(res.statusCode, on).toBe(400);
    }
    const past = await call('adminCancelService', SMP, {
      reason: 'x',
      on: addCalendarDays(today, -1),
    });
    expect(errorOf(past)).toBe(adminErrors.cancelDateInPast);
    expect((await row(SMP)).status).toBe('active');
  });

  it('schedules a cancellation for a later day: active until then, the date shown, its plan change ended', async () => {
    expect((await row(SMP)).next_plan_id).toBe(23);
    const on = addCalendarDays(businessDate(time.clock()), 10);
    const startOfDay = zonedInstant(on).toISOString();
    const res = await call('adminCancelService', SMP, { reason: 'Moving to the city', on });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', cancels_on: startOfDay });
    expect(await row(SMP)).toMatchObject({ status: 'active', next_plan_id: null });
    const [scheduled] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from plan_changes
           where service_id = ${SMP} and status = 'scheduled'`,
    );
    expect(scheduled!.n).toBe(0);
    expect(await customerService(SMP)).toMatchObject({
      status: 'active',
      cancels_on: startOfDay,
      next_plan: null,
      upcoming: null,
    });
    expect(await events('service.cancelled', SMP)).toEqual([
      expect.objectContaining({ scheduled: true, effective: startOfDay }),
    ]);
    // The request itself, in the same transaction: the day asked for and when it takes effect.
    expect(await events('service.cancellation_requested', SMP)).toEqual([
      {
        account_id: ACCOUNT,
        service_id: SMP,
        account_external_id: null,
        service_external_id: null,
        reason: 'Moving to the city',
        on,
        effective: startOfDay,
        scheduled: true,
      },
    ]);
    const again = await call('adminCancelService', SMP, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(adminErrors.serviceCancelScheduled(on));
    // A refused request asked for nothing: no second event.
    expect(await events('service.cancellation_requested', SMP)).toHaveLength(1);

    // The day before, the roll-over leaves it; once the day has begun, it is cancelled.
    time.advance(new Date(startOfDay).getTime() - time.clock().getTime() - 60_000);
    expect((await runPeriodRollover(ctx.database.db, time.clock())).cancellationsApplied).toBe(0);
    expect((await row(SMP)).status).toBe('active');
    time.advance(120_000);
    expect((await runPeriodRollover(ctx.database.db, time.clock())).cancellationsApplied).toBe(1);
    const ended = await row(SMP);
    expect(ended.status).toBe('cancelled');
    expect(new Date(ended.cancel_at!).toISOString()).toBe(startOfDay);
    expect(await customerService(SMP)).toMatchObject({ status: 'cancelled', cancels_on: null });
    const block = await prepareBlock(SMP);
    expect(errorOf(block)).toBe(servicesErrors.cancelledBlocks);
  });

  it('lets a staff admin cancel, audited with their name', async () => {
    // A session of now (the clock has moved on days).
    adminToken = await mintStaffSession(ctx.database.db, 'ada.admin@outpost.example', time.clock());
    const res = await call(
      'adminCancelService',
      200104,
      { reason: 'Duplicate' },
      {
        headers: { 'x-staff-token': adminToken },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const requestId = String(res.headers['x-request-id']);
    const audit = () =>
      queryRows<{ staff_id: number | null; account_id: number; status: number }>(
        ctx.database.db,
        sql`select staff_id, account_id, status from staff_audit where request_id = ${requestId}`,
      );
    await expect.poll(async () => (await audit()).length).toBe(1);
    const [admin] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from staff_members where email = 'ada.admin@outpost.example'`,
    );
    expect((await audit())[0]).toEqual({ staff_id: admin!.id, account_id: ACCOUNT, status: 200 });
  });
});
