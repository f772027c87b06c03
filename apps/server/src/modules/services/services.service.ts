import { and, eq, getTableColumns, isNull, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AvailableBlock,
  AvailablePlan,
  PlanOption,
  Service,
} from '@outpost/contracts/services';
import type { ApplyChange } from '@outpost/contracts/services';
import { planDocumentPath } from '@outpost/contracts/api-paths';
import { canBuyBlock, canChangePlan, canSetNickname } from '@outpost/domain/services';
import { stoppedStatus } from '@outpost/domain/service-status-rules';
import { periodEndOf } from '@outpost/domain/business-periods';
import { businessDate } from '@outpost/domain/time/zoned';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AnnouncedPrice } from './plan-prices';
import { announcedPriceChanges, planPriceAt } from './plan-prices';
import { servicesError } from './services.errors';
import { dataBlocks, planExtraLinks, planExtras, plans, services } from './services.schema';

export type ServiceRow = typeof services.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

export function periodEnd(periodStart: Date | string): Date {
  return periodEndOf(new Date(periodStart));
}

/** The services list query, prepared once per database (planning it cost more than running it). */
function buildListQuery(db: Db) {
  const next = alias(plans, 'next_plan');
  return db
    .select({
      service: services,
      plan: plans,
      next,
      options: sql<number[]>`(select coalesce(array_agg(se.extra_id order by se.extra_id), '{}')
          from service_extras se where se.service_id = ${services.id})`,
      extrasPrice: sql<number>`(select coalesce(sum(e.price_cents), 0)::int
          from service_extras se join plan_extras e on e.id = se.extra_id
         where se.service_id = ${services.id})`,
      nextExtrasPrice: sql<number>`(select coalesce(sum(e.price_cents), 0)::int
          from plan_extras e where ${services.nextOptions} @> to_jsonb(e.id))`,
    })
    .from(services)
    .innerJoin(plans, eq(plans.id, services.planId))
    .leftJoin(next, eq(next.id, services.nextPlanId))
    .where(and(eq(services.accountId, sql.placeholder('accountId')), eq(services.display, true)))
    .orderBy(
      sql`(${services.type} = 'Broadband' and ${services.status} = 'active') desc`,
      services.id,
    )
    .prepare('list_services');
}
const listQueries = new WeakMap<Db, ReturnType<typeof buildListQuery>>();

type Listed = Awaited<ReturnType<ReturnType<typeof buildListQuery>['execute']>>[number];

/**
 * The account's services with plan, options and any scheduled next plan, in one query:
 * active Broadband first, then the rest by id.
 */
export async function listServices(db: Db, accountId: number): Promise<Service[]> {
  let query = listQueries.get(db);
  if (!query) {
    query = buildListQuery(db);
    listQueries.set(db, query);
  }
  return (await query.execute({ accountId })).map(toService);
}

function toService({
  service: s,
  plan,
  next,
  options,
  extrasPrice,
  nextExtrasPrice,
}: Listed): Service {
  const end = periodEnd(s.periodStart);
  return {
    serviceid: s.id,
    type: s.type,
    status: s.status,
    technology: s.technology,
    plan: plan.name,
    planid: plan.id,
    next_plan: next?.name ?? null,
    price: plan.priceCents + extrasPrice,
    upload_speed: plan.uploadKbps,
    download_speed: plan.downloadKbps,
    is_limitless: plan.unlimited,
    is_custom: plan.isCustom,
    peak_quota: plan.peakQuotaMb,
    offpeak_quota: plan.offpeakQuotaMb,
    identifier: s.identifier,
    nickname: s.nickname,
    has_nickname: s.nickname !== null,
    addr_abbr: s.addrAbbr,
    addr_line: s.addrLine,
    addr_suburb: s.addrSuburb,
    addr_state: s.addrState,
    addr_postcode: s.addrPostcode,
    has_landline_barring: s.hasLandlineBarring,
    has_landline_options: s.hasLandlineOptions,
    has_voip_options: s.hasVoipOptions,
    can_ordernew: s.canOrderNew,
    can_transfer: s.canTransfer,
    display: s.display,
    description: s.description,
    options,
    period_start: s.periodStart.toISOString(),
    period_end: end.toISOString(),
    upcoming: next
      ? {
          planid: next.id,
          plan: next.name,
          effective: end.toISOString(),
          peak_quota: next.peakQuotaMb,
          offpeak_quota: next.offpeakQuotaMb,
          upload_speed: next.uploadKbps,
          download_speed: next.downloadKbps,
          unlimited: next.unlimited,
          price: next.priceCents + nextExtrasPrice,
        }
      : null,
    cancels_on: s.status !== 'cancelled' && s.cancelAt ? s.cancelAt.toISOString() : null,
  };
}

/**
 * One service of the caller's account, or 404 (the same answer for another account's service
 * and a missing one). With `lock`, the row is locked for the rest of the transaction.
 */
export async function ownedService(
  db: Db,
  accountId: number,
  serviceId: number,
  lock = false,
): Promise<ServiceRow> {
  const query = db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.accountId, accountId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

/** A plan's columns, its price the one in effect at `priceAt` (decision 055). */
const planAt = (priceAt: Date) => ({
  ...getTableColumns(plans),
  // Qualified by hand: a one-table select names its columns bare, and inside the subquery a bare
  // "id" would be the price change's own.
  priceCents: planPriceAt(sql.raw('"plans"."id"'), sql.raw('"plans"."price_cents"'), priceAt),
});

/** A plan, with the price in effect at `priceAt` (a period's start, or now). */
export async function planById(
  db: Db,
  planId: number,
  priceAt: Date,
): Promise<PlanRow | undefined> {
  const [row] = await db.select(planAt(priceAt)).from(plans).where(eq(plans.id, planId));
  return row;
}

/** The extras a plan offers. */
async function extrasOf(db: Db, planId: number): Promise<PlanOption[]> {
  return db
    .select({
      feature_id: planExtras.id,
      name: planExtras.name,
      description: planExtras.description,
      price: planExtras.priceCents,
    })
    .from(planExtraLinks)
    .innerJoin(planExtras, eq(planExtras.id, planExtraLinks.extraId))
    .where(eq(planExtraLinks.planId, planId))
    .orderBy(planExtras.id);
}

export async function planOptions(db: Db, planId: number): Promise<PlanOption[]> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw notFound();
  return extrasOf(db, planId);
}

/**
 * Plans on offer to a service: selectable plans of its technology, plus its current and next;
 * each at its price in effect at `priceAt`.
 */
async function offeredPlans(db: Db, service: ServiceRow, priceAt: Date): Promise<PlanRow[]> {
  const columns = planAt(priceAt);
  return db
    .select(columns)
    .from(plans)
    .where(
      and(
        eq(plans.technology, service.technology),
        or(
          and(plans.selectable, not(plans.isCustom), or(plans.availableNow, plans.availableNext)),
          eq(plans.id, service.planId),
          service.nextPlanId === null ? undefined : eq(plans.id, service.nextPlanId),
        ),
      ),
    )
    .orderBy(plans.sort, columns.priceCents, plans.id);
}

const priceChangeOf = (next: AnnouncedPrice | undefined) =>
  next ? { price: next.priceCents, effective: businessDate(next.effectiveAt) } : null;

/** The plans a service may move to, at today's prices (what a customer choosing one pays now). */
export async function availablePlans(
  db: Db,
  service: ServiceRow,
  now: Date,
): Promise<AvailablePlan[]> {
  if (!canChangePlan(service)) return [];
  const rows = await offeredPlans(db, service, now);
  const announced = await announcedPriceChanges(
    db,
    rows.map((p) => p.id),
    now,
  );
  return rows.map((p) => ({
    planid: p.id,
    plan: p.name,
    technology: p.technology,
    is_current: p.id === service.planId,
    is_next: p.id === service.nextPlanId,
    flag: p.flag,
    unlimited: p.unlimited,
    is_custom: p.isCustom,
    peak_quota: p.peakQuotaMb,
    offpeak_quota: p.offpeakQuotaMb,
    upload_speed: p.uploadKbps,
    download_speed: p.downloadKbps,
    price: p.priceCents,
    price_change: priceChangeOf(announced.get(p.id)),
    selectable: p.selectable && !p.isCustom,
    available_now: p.availableNow,
    available_next: p.availableNext,
    available_current_only: p.availableCurrentOnly,
    kfs: p.kfsRef ? planDocumentPath(p.id, 'kfs') : null,
    cis: p.cisRef ? planDocumentPath(p.id, 'cis') : null,
  }));
}

/** Whether the caller may read a plan's documents: any catalogue plan; a custom plan only its own. */
export async function visiblePlan(
  db: Db,
  accountId: number,
  planId: number,
  now: Date,
): Promise<PlanRow> {
  const plan = await planById(db, planId, now);
  if (!plan) throw notFound();
  if (plan.isCustom) {
    const [own] = await db
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.accountId, accountId),
          or(eq(services.planId, planId), eq(services.nextPlanId, planId)),
        ),
      )
      .limit(1);
    if (!own) throw notFound();
  }
  return plan;
}

export type ChangeRequest = { planid: number; when: ApplyChange; options: number[] };

export type ChangeDecision =
  | { kind: 'cancel'; cancelledPlanId: number }
  | { kind: 'change'; plan: PlanRow; when: ApplyChange; options: number[] };

/**
 * What a change request means for this service, or the reason it is refused. Only plans the
 * service may take are accepted, whatever the client sends (docs/decisions/007).
 */
export async function decideChange(
  db: Db,
  service: ServiceRow,
  request: ChangeRequest,
): Promise<ChangeDecision> {
  const stopped = stoppedStatus(service);
  if (stopped) throw servicesError(stopped === 'suspended' ? 'suspendedPlan' : 'cancelledPlan');
  if (!canChangePlan(service)) throw servicesError('planChangeNotAllowed');
  if (request.planid === service.planId) {
    if (service.nextPlanId === null) throw servicesError('alreadyCurrent');
    if (request.when !== 'Next Period' || request.options.length > 0)
      throw servicesError('cancelWithOptions');
    return { kind: 'cancel', cancelledPlanId: service.nextPlanId };
  }
  // The plan already scheduled may be asked for again (new options, or now instead of next):
  // the new request replaces the scheduled one.
  // Priced at the current period's start, as that period was billed (decision 055): a change now
  // is charged or credited for the rest of the period at both plans' prices then.
  const plan = (await offeredPlans(db, service, service.periodStart)).find(
    (p) => p.id === request.planid,
  );
  if (!plan || !plan.selectable || plan.isCustom) throw servicesError('planNotAvailable');
  const allowed =
    request.when === 'Next Period'
      ? plan.availableNext
      : request.when === 'Current Period Only'
        ? plan.availableNow && plan.availableCurrentOnly
        : plan.availableNow;
  if (!allowed) throw servicesError('periodNotAvailable');
  const offered = new Set((await extrasOf(db, plan.id)).map((e) => e.feature_id));
  if (!request.options.every((id) => offered.has(id))) throw servicesError('optionNotAvailable');
  return {
    kind: 'change',
    plan,
    when: request.when,
    options: [...request.options].sort((a, b) => a - b),
  };
}

/** Blocks a service may buy: none unless it is an active, metered broadband service. */
export async function availableBlocks(db: Db, service: ServiceRow): Promise<AvailableBlock[]> {
  const plan = await planById(db, service.planId, service.periodStart);
  if (!plan || !canBuyBlock({ ...service, is_limitless: plan.unlimited })) return [];
  return db
    .select({
      dbid: dataBlocks.id,
      block: dataBlocks.name,
      peak_mb: dataBlocks.peakMb,
      offpeak_mb: dataBlocks.offpeakMb,
      price: dataBlocks.priceCents,
    })
    .from(dataBlocks)
    .where(
      and(
        dataBlocks.active,
        or(isNull(dataBlocks.technology), eq(dataBlocks.technology, service.technology)),
      ),
    )
    .orderBy(dataBlocks.sort, dataBlocks.priceCents, dataBlocks.id);
}

/** The block a service may buy, or the reason it may not. */
export async function decideBlock(
  db: Db,
  service: ServiceRow,
  dbid: number,
): Promise<AvailableBlock> {
  const stopped = stoppedStatus(service);
  if (stopped) throw servicesError(stopped === 'suspended' ? 'suspendedBlocks' : 'cancelledBlocks');
  const plan = await planById(db, service.planId, service.periodStart);
  if (!plan || !canBuyBlock({ ...service, is_limitless: plan.unlimited }))
    throw servicesError('blocksNotAvailable');
  const block = (await availableBlocks(db, service)).find((b) => b.dbid === dbid);
  if (!block) throw servicesError('blockNotAvailable');
  return block;
}

export function checkNickname(service: ServiceRow): void {
  if (!canSetNickname(service)) throw servicesError('nicknameNotAllowed');
}

export async function setNickname(db: Db, serviceId: number, nickname: string | null) {
  await db.update(services).set({ nickname }).where(eq(services.id, serviceId));
}
