import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { emitEvent } from '../webhooks/webhooks.service';
import type { AvailableBlock, BlockPurchase, ChangePlanResult } from '@outpost/contracts/services';
import { formatDate } from '@outpost/domain/format';
import { formatPhone } from '@outpost/domain/phone-format';
import { blockState, proRataAdjustment } from '@outpost/domain/services';
import type { Db } from '../../db/client';
import { accountCharges } from '../billing/billing.schema';
import type { ChangeDecision, ServiceRow } from './services.service';
import { periodEnd, planById } from './services.service';
import {
  dataBlockPurchases,
  planChanges,
  planExtras,
  serviceExtras,
  services,
} from './services.schema';

/**
 * What plan changes, data blocks and the period roll-over do to a service
 * (docs/decisions/007). Each runs inside the caller's transaction with the service row locked.
 */

/** The extras the service has now, by id. */
export async function currentOptions(tx: Db, serviceId: number): Promise<number[]> {
  const rows = await tx
    .select({ extraId: serviceExtras.extraId })
    .from(serviceExtras)
    .where(eq(serviceExtras.serviceId, serviceId))
    .orderBy(serviceExtras.extraId);
  return rows.map((r) => r.extraId);
}

async function priceWith(tx: Db, planPrice: number, options: number[]): Promise<number> {
  if (options.length === 0) return planPrice;
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${planExtras.priceCents}), 0)::int` })
    .from(planExtras)
    .where(inArray(planExtras.id, options));
  return planPrice + (row?.total ?? 0);
}

/** The service's extras become `options`. */
export async function setOptions(tx: Db, serviceId: number, options: number[]): Promise<void> {
  await tx.delete(serviceExtras).where(eq(serviceExtras.serviceId, serviceId));
  if (options.length > 0)
    await tx.insert(serviceExtras).values(options.map((extraId) => ({ serviceId, extraId })));
}

/**
 * Any still-scheduled change of the service ends as `status`: superseded or cancelled, or applied
 * (at `appliedAt`) by the period roll-over.
 */
export async function closeScheduled(
  tx: Db,
  serviceId: number,
  status: 'superseded' | 'cancelled' | 'applied',
  appliedAt?: Date,
): Promise<void> {
  await tx
    .update(planChanges)
    .set(appliedAt ? { status, appliedAt } : { status })
    .where(and(eq(planChanges.serviceId, serviceId), eq(planChanges.status, 'scheduled')));
}

/**
 * A cancelled service's scheduled plan changes (a next plan, or the way back of 'Current Period
 * Only') end with it (docs/decisions/052).
 */
export async function endScheduledChanges(tx: Db, serviceId: number): Promise<void> {
  await closeScheduled(tx, serviceId, 'cancelled');
  await tx
    .update(services)
    .set({ nextPlanId: null, nextOptions: [] })
    .where(eq(services.id, serviceId));
}

/** The service (locked by the caller) cancelled at `at`, its scheduled changes ended. */
export async function markCancelled(tx: Db, serviceId: number, at: Date): Promise<void> {
  await endScheduledChanges(tx, serviceId);
  await tx
    .update(services)
    .set({ status: 'cancelled', cancelAt: at, statusChangedAt: at })
    .where(eq(services.id, serviceId));
}

/**
 * Who asked for a change: a contact of the account (their user id), or staff or an API key acting
 * for the customer (decision 056; no user: the staff audit names them).
 */
export type Actor = number | { staffId: number | null; apiKeyId: number | null };

const userOf = (actor: Actor): number | null => (typeof actor === 'number' ? actor : null);

/** What a webhook says of who asked: the contact, else the staff member or key acting for them. */
const actorEvent = (actor: Actor, field: string) =>
  typeof actor === 'number'
    ? { [field]: actor }
    : { [field]: null, acting_staff_id: actor.staffId, acting_api_key_id: actor.apiKeyId };

/** A plan change applied (or scheduled, or cancelled), told to the provider's systems. */
export async function applyPlanChange(
  tx: Db,
  service: ServiceRow,
  decision: ChangeDecision,
  actor: Actor,
  now: Date,
): Promise<ChangePlanResult> {
  const result = await recordPlanChange(tx, service, decision, userOf(actor), now);
  await emitEvent(
    tx,
    'plan.changed',
    {
      account_id: service.accountId,
      service_id: service.id,
      plan: result.plan,
      next_plan: result.next_plan,
      when: result.when,
      effective: result.effective,
      adjustment_cents: result.adjustment,
      cancelled: result.cancelled,
      ...actorEvent(actor, 'requested_by'),
    },
    now,
  );
  return result;
}

/**
 * What a change would do if applied at `now`, without applying it: the same plan, period end,
 * prices and pro-rata as recordPlanChange (decision 056: the console's confirm shows it first).
 * `monthly_price`: the plan with its options, per period, from when it applies.
 */
export async function quotePlanChange(
  db: Db,
  service: ServiceRow,
  decision: ChangeDecision,
  now: Date,
): Promise<ChangePlanResult & { monthly_price: number }> {
  const end = periodEnd(service.periodStart);
  // The current period was billed at the plan's price at its start (decision 055).
  const current = await planById(db, service.planId, service.periodStart);
  if (!current) throw new Error(`service ${service.id} has no plan`);
  const currentPrice = await priceWith(
    db,
    current.priceCents,
    await currentOptions(db, service.id),
  );
  if (decision.kind === 'cancel') {
    return {
      serviceid: service.id,
      plan: current.name,
      next_plan: null,
      when: 'Next Period',
      effective: now.toISOString(),
      adjustment: 0,
      cancelled: true,
      monthly_price: currentPrice,
    };
  }
  const { plan, when, options } = decision;
  const newPrice = await priceWith(db, plan.priceCents, options);
  const later = when === 'Next Period';
  return {
    serviceid: service.id,
    plan: later ? current.name : plan.name,
    next_plan: later ? plan.name : when === 'Current Period Only' ? current.name : null,
    when,
    effective: (later ? end : now).toISOString(),
    adjustment: later ? 0 : proRataAdjustment(currentPrice, newPrice, end, now),
    cancelled: false,
    monthly_price: newPrice,
  };
}

async function recordPlanChange(
  tx: Db,
  service: ServiceRow,
  decision: ChangeDecision,
  userId: number | null,
  now: Date,
): Promise<ChangePlanResult> {
  const end = periodEnd(service.periodStart);
  // The current period was billed at the plan's price at its start (decision 055).
  const current = await planById(tx, service.planId, service.periodStart);
  if (!current) throw new Error(`service ${service.id} has no plan`);
  const change = { serviceId: service.id, requestedBy: userId, requestedAt: now };

  if (decision.kind === 'cancel') {
    await closeScheduled(tx, service.id, 'cancelled');
    await tx.insert(planChanges).values({
      ...change,
      fromPlanId: decision.cancelledPlanId,
      toPlanId: service.planId,
      when: 'Cancel',
      options: [],
      status: 'applied',
      effectiveAt: now,
      appliedAt: now,
    });
    await tx
      .update(services)
      .set({ nextPlanId: null, nextOptions: [] })
      .where(eq(services.id, service.id));
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
  const forward = { ...change, fromPlanId: service.planId, toPlanId: plan.id, when, options };
  // A new request replaces whatever was scheduled before it.
  await closeScheduled(tx, service.id, 'superseded');

  if (when === 'Next Period') {
    await tx.insert(planChanges).values({ ...forward, status: 'scheduled', effectiveAt: end });
    await tx
      .update(services)
      .set({ nextPlanId: plan.id, nextOptions: options })
      .where(eq(services.id, service.id));
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
  const oldPrice = await priceWith(tx, current.priceCents, previousOptions);
  const newPrice = await priceWith(tx, plan.priceCents, options);
  const adjustment = proRataAdjustment(oldPrice, newPrice, end, now);
  const [applied] = await tx
    .insert(planChanges)
    .values({
      ...forward,
      adjustmentCents: adjustment,
      status: 'applied',
      effectiveAt: now,
      appliedAt: now,
    })
    .returning({ id: planChanges.id });
  await setOptions(tx, service.id, options);
  const revert = when === 'Current Period Only';
  if (revert) {
    await tx.insert(planChanges).values({
      ...change,
      fromPlanId: plan.id,
      toPlanId: service.planId,
      when: 'Revert',
      options: previousOptions,
      status: 'scheduled',
      effectiveAt: end,
    });
  }
  await tx
    .update(services)
    .set({
      planId: plan.id,
      nextPlanId: revert ? service.planId : null,
      nextOptions: revert ? previousOptions : [],
    })
    .where(eq(services.id, service.id));
  if (adjustment !== 0) {
    const description = `Plan change to ${plan.name}: pro-rata ${adjustment > 0 ? 'charge' : 'credit'} ${formatDate(now)} to ${formatDate(end)}`;
    await tx.insert(accountCharges).values({
      accountId: service.accountId,
      serviceId: service.id,
      kind: 'plan-adjustment',
      description,
      amountCents: adjustment,
      sourceId: applied!.id,
      createdAt: now,
    });
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

type PurchaseRow = typeof dataBlockPurchases.$inferSelect;

function toPurchase(r: PurchaseRow, now: Date): BlockPurchase {
  return {
    purchaseid: r.id,
    purchased: r.purchasedAt.toISOString(),
    block: r.name,
    peak_mb: r.peakMb,
    offpeak_mb: r.offpeakMb,
    price: r.priceCents,
    status: blockState(r.activatedAt !== null, r.expiresAt, now),
    expires: r.expiresAt.toISOString(),
  };
}

/** Records a block for the current period and its charge for the next invoice. */
export async function purchaseBlock(
  tx: Db,
  service: ServiceRow,
  block: AvailableBlock,
  actor: Actor,
  now: Date,
): Promise<BlockPurchase> {
  const [row] = await tx
    .insert(dataBlockPurchases)
    .values({
      serviceId: service.id,
      blockId: block.dbid,
      purchasedBy: userOf(actor),
      name: block.block,
      peakMb: block.peak_mb,
      offpeakMb: block.offpeak_mb,
      priceCents: block.price,
      purchasedAt: now,
      periodStart: service.periodStart,
      expiresAt: periodEnd(service.periodStart),
    })
    .returning();
  await tx.insert(accountCharges).values({
    accountId: service.accountId,
    serviceId: service.id,
    kind: 'data-block',
    description: `${block.block} (${formatPhone(service.identifier)})`,
    amountCents: block.price,
    sourceId: row!.id,
    createdAt: now,
  });
  // The provider's systems hear of it when it commits (webhooks, decision 051).
  await emitEvent(
    tx,
    'data_block.purchased',
    {
      account_id: service.accountId,
      service_id: service.id,
      purchase_id: row!.id,
      block: block.block,
      peak_mb: block.peak_mb,
      offpeak_mb: block.offpeak_mb,
      price_cents: block.price,
      ...actorEvent(actor, 'purchased_by'),
    },
    now,
  );
  return toPurchase(row!, now);
}

/** The service's purchases, newest first, each with its state at `now`. */
export async function blocksPurchased(
  db: Db,
  serviceId: number,
  now: Date,
): Promise<BlockPurchase[]> {
  const rows = await db
    .select()
    .from(dataBlockPurchases)
    .where(eq(dataBlockPurchases.serviceId, serviceId))
    .orderBy(desc(dataBlockPurchases.purchasedAt), desc(dataBlockPurchases.id));
  return rows.map((r) => toPurchase(r, now));
}
