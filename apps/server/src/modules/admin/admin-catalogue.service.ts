import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminPlanInput, adminPlanUpdateInput } from '@outpost/contracts/admin';
import { planShapeProblem, priceChangeDateProblem } from '@outpost/domain/admin-rules';
import { formatDate, formatMoney } from '@outpost/domain/format';
import { businessDate, zonedInstant } from '@outpost/domain/time/zoned';
import type { Technology } from '@outpost/contracts/services';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { planPriceAt } from '../services/plan-prices';
import { planPriceChanges, plans } from '../services/services.schema';
import { adminError } from './admin.errors';

export type AdminPlan = {
  planid: number;
  name: string;
  technology: Technology;
  price_cents: number;
  selectable: boolean;
  peak_quota_mb: number | null;
  offpeak_quota_mb: number | null;
  unlimited: boolean;
  download_kbps: number | null;
  upload_kbps: number | null;
  summary: string;
  services: number;
  price_changes: AdminPriceChange[];
};

export type AdminPriceChange = {
  changeid: number;
  price_cents: number;
  /** The day (provider's zone) it takes effect. */
  effective: string;
  scheduled: string;
  scheduled_by: string;
};

/** Who set a price, by name: the staff member or the API key (decision 055). */
const setterName = sql`coalesce(
    (select m.name from staff_members m where c.created_by = 'staff:' || m.id),
    (select 'API key ' || k.name from api_keys k where c.created_by = 'key:' || k.id),
    c.created_by)`;

const planRows = (db: Db, now: Date, planId?: number) =>
  queryRows<Omit<AdminPlan, 'price_changes'> & { changes: RawChange[] }>(
    db,
    sql`select p.id as planid, p.name, p.technology,
               ${planPriceAt(sql`p.id`, sql`p.price_cents`, now)} as price_cents, p.selectable,
               p.peak_quota_mb, p.offpeak_quota_mb, p.unlimited, p.download_kbps, p.upload_kbps,
               p.summary,
               (select count(*)::int from services s
                 where s.plan_id = p.id and s.status <> 'cancelled') as services,
               (select coalesce(json_agg(json_build_object(
                         'changeid', c.id, 'price_cents', c.price_cents,
                         'effective_at', c.effective_at, 'scheduled', c.created_at,
                         'scheduled_by', ${setterName}) order by c.effective_at, c.id), '[]'::json)
                  from plan_price_changes c
                 where c.plan_id = p.id and c.withdrawn_at is null and c.effective_at > ${now})
                 as changes
          from plans p
         where ${planId === undefined ? sql`true` : sql`p.id = ${planId}`}
         order by p.technology, p.sort, p.id`,
  );

type RawChange = {
  changeid: number;
  price_cents: number;
  effective_at: string;
  scheduled: string;
  scheduled_by: string;
};

/**
 * The catalogue's plans, by technology, with how many services are on each, each at its price
 * now and with its scheduled price changes (decision 055).
 */
export async function adminPlans(db: Db, now: Date): Promise<AdminPlan[]> {
  return (await planRows(db, now)).map(toAdminPlan);
}

function toAdminPlan({
  changes,
  ...plan
}: Omit<AdminPlan, 'price_changes'> & { changes: RawChange[] }): AdminPlan {
  return {
    ...plan,
    price_changes: changes.map((c) => ({
      changeid: c.changeid,
      price_cents: c.price_cents,
      effective: businessDate(new Date(c.effective_at)),
      scheduled: new Date(c.scheduled).toISOString(),
      scheduled_by: c.scheduled_by,
    })),
  };
}

async function onePlan(db: Db, planId: number, now: Date): Promise<AdminPlan> {
  const [plan] = await planRows(db, now, planId);
  if (!plan) throw adminError('planMissing');
  return toAdminPlan(plan);
}

/** A new plan (decision 054), whole by planShapeProblem; offered to customers unless said not. */
export async function createPlan(
  db: Db,
  input: z.infer<typeof adminPlanInput>,
  now: Date,
): Promise<AdminPlan> {
  const shape = {
    technology: input.technology,
    unlimited: input.unlimited ?? false,
    peakQuotaMb: input.peak_quota_mb ?? null,
    offpeakQuotaMb: input.offpeak_quota_mb ?? null,
    downloadKbps: input.download_kbps ?? null,
    uploadKbps: input.upload_kbps ?? null,
  };
  const problem = planShapeProblem(shape);
  if (problem) throw adminError('planInvalid', problem);
  const [made] = await db
    .insert(plans)
    .values({
      name: input.name,
      priceCents: input.price_cents,
      ...shape,
      selectable: input.selectable ?? true,
      summary: input.summary ?? '',
    })
    .returning({ id: plans.id });
  return onePlan(db, made!.id, now);
}

/**
 * A change to a plan, in the caller's transaction. A new price is a price change from now
 * (decision 055): the services on the plan pay it from their next period (a period is priced at
 * its start); a change scheduled for a later day still applies on its day.
 */
export async function updatePlan(
  tx: Db,
  planId: number,
  input: z.infer<typeof adminPlanUpdateInput>,
  by: string,
  now: Date,
): Promise<AdminPlan> {
  const current = await lockedPlan(tx, planId, now);
  const next = {
    technology: current.technology,
    unlimited: input.unlimited ?? current.unlimited,
    peakQuotaMb: input.peak_quota_mb !== undefined ? input.peak_quota_mb : current.peak_quota_mb,
    offpeakQuotaMb:
      input.offpeak_quota_mb !== undefined ? input.offpeak_quota_mb : current.offpeak_quota_mb,
    downloadKbps: input.download_kbps !== undefined ? input.download_kbps : current.download_kbps,
    uploadKbps: input.upload_kbps !== undefined ? input.upload_kbps : current.upload_kbps,
  };
  const problem = planShapeProblem(next);
  if (problem) throw adminError('planInvalid', problem);
  if (input.price_cents !== undefined && input.price_cents !== current.price_cents)
    await tx.insert(planPriceChanges).values({
      planId,
      priceCents: input.price_cents,
      effectiveAt: now,
      createdAt: now,
      createdBy: by,
    });
  await tx
    .update(plans)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.selectable !== undefined ? { selectable: input.selectable } : {}),
      ...(input.summary !== undefined ? { summary: input.summary } : {}),
      unlimited: next.unlimited,
      peakQuotaMb: next.peakQuotaMb,
      offpeakQuotaMb: next.offpeakQuotaMb,
      downloadKbps: next.downloadKbps,
      uploadKbps: next.uploadKbps,
    })
    .where(eq(plans.id, planId));
  return onePlan(tx, planId, now);
}

/** The plan, its row locked for the rest of the transaction (one price change at a time). */
async function lockedPlan(tx: Db, planId: number, now: Date): Promise<AdminPlan> {
  const [row] = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.id, planId))
    .for('update');
  if (!row) throw adminError('planMissing');
  return onePlan(tx, planId, now);
}

/**
 * A plan's new monthly price from the start of `effective` (a day in the provider's zone,
 * tomorrow to two years ahead; decision 055). One change a day per plan; a change to the price
 * the plan will cost that day anyway is refused.
 */
export async function schedulePriceChange(
  tx: Db,
  planId: number,
  input: { price_cents: number; effective: string },
  by: string,
  now: Date,
): Promise<AdminPlan> {
  const problem = priceChangeDateProblem(input.effective, businessDate(now));
  if (problem) throw adminError('priceChangeInvalid', problem);
  const plan = await lockedPlan(tx, planId, now);
  const effectiveAt = zonedInstant(input.effective);
  if (plan.price_changes.some((c) => c.effective === input.effective))
    throw adminError('priceChangeSameDay', formatDate(effectiveAt));
  const [then] = await queryRows<{ price: number }>(
    tx,
    sql`select ${planPriceAt(sql`p.id`, sql`p.price_cents`, effectiveAt)} as price
          from plans p where p.id = ${planId}`,
  );
  if (Number(then!.price) === input.price_cents)
    throw adminError('priceChangeNoChange', formatMoney(input.price_cents));
  await tx.insert(planPriceChanges).values({
    planId,
    priceCents: input.price_cents,
    effectiveAt,
    createdAt: now,
    createdBy: by,
  });
  return onePlan(tx, planId, now);
}

/**
 * A scheduled price change withdrawn before its day: it never applies. One already in effect is
 * refused (schedule another to change the price again); withdrawing again changes nothing.
 */
export async function withdrawPriceChange(
  tx: Db,
  planId: number,
  changeId: number,
  now: Date,
): Promise<AdminPlan> {
  await lockedPlan(tx, planId, now);
  const [change] = await tx
    .select()
    .from(planPriceChanges)
    .where(and(eq(planPriceChanges.id, changeId), eq(planPriceChanges.planId, planId)));
  if (!change) throw adminError('priceChangeMissing');
  if (change.withdrawnAt === null) {
    if (change.effectiveAt <= now)
      throw adminError('priceChangeInEffect', formatDate(change.effectiveAt));
    await tx
      .update(planPriceChanges)
      .set({ withdrawnAt: now })
      .where(eq(planPriceChanges.id, changeId));
  }
  return onePlan(tx, planId, now);
}
