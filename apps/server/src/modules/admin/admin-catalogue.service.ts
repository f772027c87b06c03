import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminPlanInput, adminPlanUpdateInput } from '@outpost/contracts/admin';
import { planShapeProblem } from '@outpost/domain/admin-rules';
import type { Technology } from '@outpost/contracts/services';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { plans } from '../services/services.schema';
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
};

const planRows = (db: Db, planId?: number) =>
  queryRows<AdminPlan>(
    db,
    sql`select p.id as planid, p.name, p.technology, p.price_cents, p.selectable,
               p.peak_quota_mb, p.offpeak_quota_mb, p.unlimited, p.download_kbps, p.upload_kbps,
               p.summary,
               (select count(*)::int from services s
                 where s.plan_id = p.id and s.status <> 'cancelled') as services
          from plans p
         where ${planId === undefined ? sql`true` : sql`p.id = ${planId}`}
         order by p.technology, p.sort, p.id`,
  );

/** The catalogue's plans, by technology, with how many services are on each. */
export function adminPlans(db: Db): Promise<AdminPlan[]> {
  return planRows(db);
}

async function onePlan(db: Db, planId: number): Promise<AdminPlan> {
  const [plan] = await planRows(db, planId);
  if (!plan) throw adminError('planMissing');
  return plan;
}

/** A new plan (decision 054), whole by planShapeProblem; offered to customers unless said not. */
export async function createPlan(
  db: Db,
  input: z.infer<typeof adminPlanInput>,
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
  return onePlan(db, made!.id);
}

/**
 * A change to a plan. A new price applies to the services on it from their next period (their
 * invoices are raised from the plan at the period's start; decision 054).
 */
export async function updatePlan(
  db: Db,
  planId: number,
  input: z.infer<typeof adminPlanUpdateInput>,
): Promise<AdminPlan> {
  const current = await onePlan(db, planId);
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
  await db
    .update(plans)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.price_cents !== undefined ? { priceCents: input.price_cents } : {}),
      ...(input.selectable !== undefined ? { selectable: input.selectable } : {}),
      ...(input.summary !== undefined ? { summary: input.summary } : {}),
      unlimited: next.unlimited,
      peakQuotaMb: next.peakQuotaMb,
      offpeakQuotaMb: next.offpeakQuotaMb,
      downloadKbps: next.downloadKbps,
      uploadKbps: next.uploadKbps,
    })
    .where(eq(plans.id, planId));
  return onePlan(db, planId);
}
