import { sql } from 'drizzle-orm';
import type {
  AvailableBlock,
  AvailablePlan,
  PlanOption,
  Service,
} from '@outpost/contracts/services';
import type { ApplyChange, Technology } from '@outpost/contracts/services';
import { planDocumentPath } from '@outpost/contracts/api-paths';
import { BILLING_PERIOD_MS, canBuyBlock, canChangePlan } from '@outpost/domain/services';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';

/** Server texts of this module (the client shows them in the modal that failed). */
export const servicesErrors = {
  planChangeNotAllowed:
    'Invalid request: Plans can be changed only on an active broadband service.',
  planNotAvailable: 'Invalid request: That plan is not available for this service.',
  periodNotAvailable: 'Invalid request: That plan cannot start in the period you chose.',
  optionNotAvailable:
    'Invalid request: One or more of the options you chose is not offered with that plan.',
  alreadyCurrent: 'Invalid request: That is already your plan and no change is scheduled.',
  cancelWithOptions:
    "Invalid request: To cancel a scheduled change, choose 'Next Period' and no options.",
  blocksNotAvailable: 'Invalid request: Data blocks are not available for this service.',
  blockNotAvailable: 'Invalid request: That data block is not available for this service.',
  nicknameNotAllowed: 'Invalid request: A nickname can be set once the service is active.',
} as const;

const invalid = (message: string) => new AppError(400, message, 'INVALID');

export type ServiceRow = {
  id: number;
  account_id: number;
  type: 'Broadband' | 'Telephony';
  status: 'pending' | 'active';
  technology: Technology;
  plan_id: number;
  next_plan_id: number | null;
  next_options: number[];
  identifier: string;
  nickname: string | null;
  addr_abbr: string;
  addr_line: string;
  addr_suburb: string;
  addr_state: string;
  addr_postcode: string;
  has_landline_barring: boolean;
  has_landline_options: boolean;
  has_voip_options: boolean;
  can_ordernew: boolean;
  can_transfer: boolean;
  display: boolean;
  description: string;
  period_start: Date | string;
};

export type PlanRow = {
  id: number;
  technology: Technology;
  name: string;
  peak_quota_mb: number | null;
  offpeak_quota_mb: number | null;
  upload_kbps: number | null;
  download_kbps: number | null;
  price_cents: number;
  unlimited: boolean;
  is_custom: boolean;
  flag: string | null;
  selectable: boolean;
  available_now: boolean;
  available_next: boolean;
  available_current_only: boolean;
  kfs_ref: string | null;
  cis_ref: string | null;
  summary: string;
};

type ListedRow = ServiceRow & {
  options: number[] | null;
  plan: PlanRow;
  next: PlanRow | null;
  extras_price: number;
  next_extras_price: number;
};

export function periodEnd(periodStart: Date | string): Date {
  return new Date(new Date(periodStart).getTime() + BILLING_PERIOD_MS);
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The account's services with plan, options and any scheduled next plan, in one query:
 * active Broadband first, then the rest by id.
 */
export async function listServices(db: Db, accountId: number): Promise<Service[]> {
  const rows = await queryRows<ListedRow>(
    db,
    sql`select s.*,
          to_jsonb(p) as plan,
          to_jsonb(n) as next,
          (select coalesce(jsonb_agg(se.extra_id order by se.extra_id), '[]'::jsonb)
             from service_extras se where se.service_id = s.id) as options,
          (select coalesce(sum(e.price_cents), 0)::int
             from service_extras se join plan_extras e on e.id = se.extra_id
            where se.service_id = s.id) as extras_price,
          (select coalesce(sum(e.price_cents), 0)::int from plan_extras e
            where e.id in (select (jsonb_array_elements_text(s.next_options))::int)) as next_extras_price
        from services s
        join plans p on p.id = s.plan_id
        left join plans n on n.id = s.next_plan_id
       where s.account_id = ${accountId} and s.display
       order by (s.type = 'Broadband' and s.status = 'active') desc, s.id`,
  );
  return rows.map(toService);
}

function toService(r: ListedRow): Service {
  const end = periodEnd(r.period_start);
  return {
    serviceid: r.id,
    type: r.type,
    status: r.status,
    technology: r.technology,
    plan: r.plan.name,
    planid: r.plan.id,
    next_plan: r.next?.name ?? null,
    price: r.plan.price_cents + r.extras_price,
    upload_speed: r.plan.upload_kbps,
    download_speed: r.plan.download_kbps,
    is_limitless: r.plan.unlimited,
    is_custom: r.plan.is_custom,
    peak_quota: r.plan.peak_quota_mb,
    offpeak_quota: r.plan.offpeak_quota_mb,
    identifier: r.identifier,
    nickname: r.nickname,
    has_nickname: r.nickname !== null,
    addr_abbr: r.addr_abbr,
    addr_line: r.addr_line,
    addr_suburb: r.addr_suburb,
    addr_state: r.addr_state,
    addr_postcode: r.addr_postcode,
    has_landline_barring: r.has_landline_barring,
    has_landline_options: r.has_landline_options,
    has_voip_options: r.has_voip_options,
    can_ordernew: r.can_ordernew,
    can_transfer: r.can_transfer,
    display: r.display,
    description: r.description,
    options: r.options ?? [],
    period_start: iso(r.period_start),
    period_end: end.toISOString(),
    upcoming: r.next
      ? {
          planid: r.next.id,
          plan: r.next.name,
          effective: end.toISOString(),
          peak_quota: r.next.peak_quota_mb,
          offpeak_quota: r.next.offpeak_quota_mb,
          upload_speed: r.next.upload_kbps,
          download_speed: r.next.download_kbps,
          unlimited: r.next.unlimited,
          price: r.next.price_cents + r.next_extras_price,
        }
      : null,
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
  const [row] = await queryRows<ServiceRow>(
    db,
    lock
      ? sql`select * from services where id = ${serviceId} and account_id = ${accountId} for update`
      : sql`select * from services where id = ${serviceId} and account_id = ${accountId}`,
  );
  if (!row) throw notFound();
  return row;
}

export async function planById(db: Db, planId: number): Promise<PlanRow | undefined> {
  const [row] = await queryRows<PlanRow>(db, sql`select * from plans where id = ${planId}`);
  return row;
}

/** The extras a plan offers. */
async function extrasOf(db: Db, planId: number): Promise<PlanOption[]> {
  return queryRows<PlanOption>(
    db,
    sql`select e.id as feature_id, e.name, e.description, e.price_cents as price
          from plan_extra_links l join plan_extras e on e.id = l.extra_id
         where l.plan_id = ${planId} order by e.id`,
  );
}

export async function planOptions(db: Db, planId: number): Promise<PlanOption[]> {
  if (!(await planById(db, planId))) throw notFound();
  return extrasOf(db, planId);
}

/** Plans on offer to a service: selectable plans of its technology, plus its current and next. */
async function offeredPlans(db: Db, service: ServiceRow): Promise<PlanRow[]> {
  return queryRows<PlanRow>(
    db,
    sql`select * from plans
         where technology = ${service.technology}
           and ((selectable and not is_custom and (available_now or available_next))
                or id = ${service.plan_id} or id = ${service.next_plan_id})
         order by sort, price_cents, id`,
  );
}

export async function availablePlans(db: Db, service: ServiceRow): Promise<AvailablePlan[]> {
  if (!canChangePlan(service)) return [];
  const rows = await offeredPlans(db, service);
  return rows.map((p) => ({
    planid: p.id,
    plan: p.name,
    technology: p.technology,
    is_current: p.id === service.plan_id,
    is_next: p.id === service.next_plan_id,
    flag: p.flag,
    unlimited: p.unlimited,
    is_custom: p.is_custom,
    peak_quota: p.peak_quota_mb,
    offpeak_quota: p.offpeak_quota_mb,
    upload_speed: p.upload_kbps,
    download_speed: p.download_kbps,
    price: p.price_cents,
    selectable: p.selectable && !p.is_custom,
    available_now: p.available_now,
    available_next: p.available_next,
    available_current_only: p.available_current_only,
    kfs: p.kfs_ref ? planDocumentPath(p.id, 'kfs') : null,
    cis: p.cis_ref ? planDocumentPath(p.id, 'cis') : null,
  }));
}

/** Whether the caller may read a plan's documents: any catalogue plan; a custom plan only its own. */
export async function visiblePlan(db: Db, accountId: number, planId: number): Promise<PlanRow> {
  const plan = await planById(db, planId);
  if (!plan) throw notFound();
  if (plan.is_custom) {
    const [own] = await queryRows<{ id: number }>(
      db,
      sql`select id from services where account_id = ${accountId}
            and (plan_id = ${planId} or next_plan_id = ${planId}) limit 1`,
    );
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
  if (!canChangePlan(service)) throw invalid(servicesErrors.planChangeNotAllowed);
  if (request.planid === service.plan_id) {
    if (service.next_plan_id === null) throw invalid(servicesErrors.alreadyCurrent);
    if (request.when !== 'Next Period' || request.options.length > 0)
      throw invalid(servicesErrors.cancelWithOptions);
    return { kind: 'cancel', cancelledPlanId: service.next_plan_id };
  }
  // The plan already scheduled may be asked for again (new options, or now instead of next):
  // the new request replaces the scheduled one.
  const plan = (await offeredPlans(db, service)).find((p) => p.id === request.planid);
  if (!plan || !plan.selectable || plan.is_custom) throw invalid(servicesErrors.planNotAvailable);
  const allowed =
    request.when === 'Next Period'
      ? plan.available_next
      : request.when === 'Current Period Only'
        ? plan.available_now && plan.available_current_only
        : plan.available_now;
  if (!allowed) throw invalid(servicesErrors.periodNotAvailable);
  const offered = new Set((await extrasOf(db, plan.id)).map((e) => e.feature_id));
  if (!request.options.every((id) => offered.has(id)))
    throw invalid(servicesErrors.optionNotAvailable);
  return {
    kind: 'change',
    plan,
    when: request.when,
    options: [...request.options].sort((a, b) => a - b),
  };
}

/** Blocks a service may buy: none unless it is an active, metered broadband service. */
export async function availableBlocks(db: Db, service: ServiceRow): Promise<AvailableBlock[]> {
  const plan = await planById(db, service.plan_id);
  if (!plan || !canBuyBlock({ ...service, is_limitless: plan.unlimited })) return [];
  return queryRows<AvailableBlock>(
    db,
    sql`select id as dbid, name as block, peak_mb, offpeak_mb, price_cents as price
          from data_blocks
         where active and (technology is null or technology = ${service.technology})
         order by sort, price_cents, id`,
  );
}

/** The block a service may buy, or the reason it may not. */
export async function decideBlock(
  db: Db,
  service: ServiceRow,
  dbid: number,
): Promise<AvailableBlock> {
  const plan = await planById(db, service.plan_id);
  if (!plan || !canBuyBlock({ ...service, is_limitless: plan.unlimited }))
    throw invalid(servicesErrors.blocksNotAvailable);
  const block = (await availableBlocks(db, service)).find((b) => b.dbid === dbid);
  if (!block) throw invalid(servicesErrors.blockNotAvailable);
  return block;
}

export function checkNickname(service: ServiceRow): void {
  if (service.status === 'pending') throw invalid(servicesErrors.nicknameNotAllowed);
}

export async function setNickname(db: Db, serviceId: number, nickname: string | null) {
  await db.execute(sql`update services set nickname = ${nickname} where id = ${serviceId}`);
}
