import { sql } from 'drizzle-orm';
import type { AvailableBlock, BlockPurchase, ChangePlanResult } from '@outpost/contracts/services';
import { formatShortDate } from '@outpost/domain/format';
import { blockState, proRataAdjustment } from '@outpost/domain/services';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import type { ChangeDecision, ServiceRow } from './services.service';
import { periodEnd, planById } from './services.service';

/**
 * What plan changes, data blocks and the period roll-over do to a service
 * (docs/decisions/007). Each runs inside the caller's transaction with the service row locked.
 */

async function currentOptions(tx: Db, serviceId: number): Promise<number[]> {
  const rows = await queryRows<{ extra_id: number }>(
    tx,
    sql`select extra_id from service_extras where service_id = ${serviceId} order by extra_id`,
  );
  return rows.map((r) => r.extra_id);
}

async function priceWith(tx: Db, planPrice: number, options: number[]): Promise<number> {
  if (options.length === 0) return planPrice;
  const [row] = await queryRows<{ total: number }>(
    tx,
    sql`select coalesce(sum(price_cents), 0)::int as total from plan_extras
         where id in (select (jsonb_array_elements_text(${JSON.stringify(options)}::jsonb))::int)`,
  );
  return planPrice + (row?.total ?? 0);
}

async function setOptions(tx: Db, serviceId: number, options: number[]): Promise<void> {
  await tx.execute(sql`delete from service_extras where service_id = ${serviceId}`);
  for (const extraId of options)
    await tx.execute(
      sql`insert into service_extras (service_id, extra_id) values (${serviceId}, ${extraId})`,
    );
}

/** Any still-scheduled change of the service ends as `status` (superseded or cancelled). */
async function closeScheduled(tx: Db, serviceId: number, status: string): Promise<void> {
  await tx.execute(
    sql`update plan_changes set status = ${status}
         where service_id = ${serviceId} and status = 'scheduled'`,
  );
}

export async function applyPlanChange(
  tx: Db,
  service: ServiceRow,
  decision: ChangeDecision,
  userId: number,
  now: Date,
): Promise<ChangePlanResult> {
  const end = periodEnd(service.period_start);
  const current = await planById(tx, service.plan_id);
  if (!current) throw new Error(`service ${service.id} has no plan`);

  if (decision.kind === 'cancel') {
    await closeScheduled(tx, service.id, 'cancelled');
    await tx.execute(sql`insert into plan_changes
        (service_id, requested_by, from_plan_id, to_plan_id, "when", options, status, requested_at, effective_at, applied_at)
        values (${service.id}, ${userId}, ${decision.cancelledPlanId}, ${service.plan_id}, 'Cancel',
                '[]'::jsonb, 'applied', ${now}, ${now}, ${now})`);
    await tx.execute(
      sql`update services set next_plan_id = null, next_options = '[]'::jsonb where id = ${service.id}`,
    );
    return {
      serviceid: service.id,
      plan: current.name,
      next_plan: null,
      when: 'Next Period',
      effective: now.toISOString(),
      adjustment: 0,
      cancelled: true,
    };
  }

  const { plan, when, options } = decision;
  const optionsJson = JSON.stringify(options);
  // A new request replaces whatever was scheduled before it.
  await closeScheduled(tx, service.id, 'superseded');

  if (when === 'Next Period') {
    await tx.execute(sql`insert into plan_changes
        (service_id, requested_by, from_plan_id, to_plan_id, "when", options, status, requested_at, effective_at)
        values (${service.id}, ${userId}, ${service.plan_id}, ${plan.id}, ${when},
                ${optionsJson}::jsonb, 'scheduled', ${now}, ${end})`);
    await tx.execute(sql`update services set next_plan_id = ${plan.id}, next_options = ${optionsJson}::jsonb
                          where id = ${service.id}`);
    return {
      serviceid: service.id,
      plan: current.name,
      next_plan: plan.name,
      when,
      effective: end.toISOString(),
      adjustment: 0,
      cancelled: false,
    };
  }

  // 'Current Period' and 'Current Period Only' switch now and charge (or credit) the difference
  // for the rest of the period; 'Current Period Only' then schedules the way back.
  const previousOptions = await currentOptions(tx, service.id);
  const oldPrice = await priceWith(tx, current.price_cents, previousOptions);
  const newPrice = await priceWith(tx, plan.price_cents, options);
  const adjustment = proRataAdjustment(oldPrice, newPrice, end, now);
  const [change] = await queryRows<{ id: number }>(
    tx,
    sql`insert into plan_changes
        (service_id, requested_by, from_plan_id, to_plan_id, "when", options, adjustment_cents, status, requested_at, effective_at, applied_at)
        values (${service.id}, ${userId}, ${service.plan_id}, ${plan.id}, ${when}, ${optionsJson}::jsonb,
                ${adjustment}, 'applied', ${now}, ${now}, ${now})
        returning id`,
  );
  await setOptions(tx, service.id, options);
  const revert = when === 'Current Period Only';
  if (revert) {
    await tx.execute(sql`insert into plan_changes
        (service_id, requested_by, from_plan_id, to_plan_id, "when", options, status, requested_at, effective_at)
        values (${service.id}, ${userId}, ${plan.id}, ${service.plan_id}, 'Revert',
                ${JSON.stringify(previousOptions)}::jsonb, 'scheduled', ${now}, ${end})`);
  }
  await tx.execute(sql`update services set plan_id = ${plan.id},
          next_plan_id = ${revert ? service.plan_id : null},
          next_options = ${JSON.stringify(revert ? previousOptions : [])}::jsonb
        where id = ${service.id}`);
  if (adjustment !== 0) {
    const description = `Plan change to ${plan.name}: pro-rata ${adjustment > 0 ? 'charge' : 'credit'} ${formatShortDate(now)} to ${formatShortDate(end)}`;
    await tx.execute(sql`insert into account_charges
        (account_id, service_id, kind, description, amount_cents, source_id, created_at)
        values (${service.account_id}, ${service.id}, 'plan-adjustment', ${description}, ${adjustment},
                ${change!.id}, ${now})`);
  }
  return {
    serviceid: service.id,
    plan: plan.name,
    next_plan: revert ? current.name : null,
    when,
    effective: now.toISOString(),
    adjustment,
    cancelled: false,
  };
}

type PurchaseRow = {
  id: number;
  purchased_at: Date | string;
  name: string;
  peak_mb: number;
  offpeak_mb: number;
  price_cents: number;
  expires_at: Date | string;
  activated_at: Date | string | null;
};

function toPurchase(r: PurchaseRow, now: Date): BlockPurchase {
  return {
    purchaseid: r.id,
    purchased: new Date(r.purchased_at).toISOString(),
    block: r.name,
    peak_mb: r.peak_mb,
    offpeak_mb: r.offpeak_mb,
    price: r.price_cents,
    status: blockState(r.activated_at !== null, r.expires_at, now),
    expires: new Date(r.expires_at).toISOString(),
  };
}

/** Records a block for the current period and its charge for the next invoice. */
export async function purchaseBlock(
  tx: Db,
  service: ServiceRow,
  block: AvailableBlock,
  userId: number,
  now: Date,
): Promise<BlockPurchase> {
  const end = periodEnd(service.period_start);
  const [row] = await queryRows<PurchaseRow>(
    tx,
    sql`insert into data_block_purchases
        (service_id, block_id, purchased_by, name, peak_mb, offpeak_mb, price_cents, purchased_at, period_start, expires_at)
        values (${service.id}, ${block.dbid}, ${userId}, ${block.block}, ${block.peak_mb}, ${block.offpeak_mb},
                ${block.price}, ${now}, ${new Date(service.period_start)}, ${end})
        returning *`,
  );
  await tx.execute(sql`insert into account_charges
      (account_id, service_id, kind, description, amount_cents, source_id, created_at)
      values (${service.account_id}, ${service.id}, 'data-block', ${`${block.block} (${service.identifier})`},
              ${block.price}, ${row!.id}, ${now})`);
  return toPurchase(row!, now);
}

/** The service's purchases, newest first, each with its state at `now`. */
export async function blocksPurchased(
  db: Db,
  serviceId: number,
  now: Date,
): Promise<BlockPurchase[]> {
  const rows = await queryRows<PurchaseRow>(
    db,
    sql`select * from data_block_purchases where service_id = ${serviceId}
         order by purchased_at desc, id desc`,
  );
  return rows.map((r) => toPurchase(r, now));
}
