/**
 * Rules of My Services, change plan and data blocks (spec 2 sections 2, 4, 6, 9), shared by the
 * server (which enforces them) and the web app (which shows only what the server accepts).
 */
import { formatMegabytes, formatSpeed } from './format';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const BILLING_PERIOD_MS = 30 * DAY_MS;

type Speeds = { technology: string; download_speed: number | null; upload_speed: number | null };

const satelliteSpeeds: Record<string, string> = {
  '25600/5120': 'Standard evening speed (Up to 25/5 Mbps)',
  '12288/1024': 'Basic evening speed (Up to 12/1 Mbps)',
};
const wirelessSpeeds: Record<string, string> = {
  '61440/20480': 'Wireless Plus',
  '25600/5120': 'Wireless Standard',
  '12288/1024': 'Wireless Basic',
};

/** The speed label of spec 2 section 2; other speeds read 'Up to 25 Mbps / 5 Mbps'. */
export function speedLabel({ technology, download_speed, upload_speed }: Speeds): string {
  if (download_speed === null || upload_speed === null) return '';
  const key = `${download_speed}/${upload_speed}`;
  const named =
    technology === 'Sky Muster' || technology === 'Sky Muster Plus'
      ? satelliteSpeeds[key]
      : technology === 'Fixed Wireless'
        ? wirelessSpeeds[key]
        : undefined;
  return named ?? `Up to ${formatSpeed(download_speed)} / ${formatSpeed(upload_speed)}`;
}

/** Sky Muster Plus counts 'Peak' data; every other service 'Anytime'. */
export function quotaLabel(technology: string): 'Peak' | 'Anytime' {
  return technology === 'Sky Muster Plus' ? 'Peak' : 'Anytime';
}

type Allowance = {
  technology: string;
  peak_quota: number | null;
  offpeak_quota: number | null;
  unlimited: boolean;
};

/** '50 GB Peak', '60 GB Anytime + 90 GB Off-Peak', 'Unlimited Data'; '' for telephony. */
export function allowanceLabel(a: Allowance): string {
  if (a.unlimited) return 'Unlimited Data';
  if (a.peak_quota === null) return '';
  const main = `${formatMegabytes(a.peak_quota)} ${quotaLabel(a.technology)}`;
  return a.offpeak_quota ? `${main} + ${formatMegabytes(a.offpeak_quota)} Off-Peak` : main;
}

type PlanChoice = {
  is_current: boolean;
  is_next: boolean;
  flag: string | null;
  price: number;
  selectable: boolean;
  available_now: boolean;
  available_next: boolean;
  available_current_only: boolean;
};

/** The row label: 'Current Plan', 'Upcoming Plan' or the plan's flag text. */
export function planRowLabel(plan: PlanChoice): string | null {
  if (plan.is_current) return 'Current Plan';
  if (plan.is_next) return 'Upcoming Plan';
  return plan.flag;
}

/** 'Upgrade' when the plan is available now and dearer than the current price, else 'Downgrade'. */
export function planAction(plan: PlanChoice, currentPrice: number): 'Upgrade' | 'Downgrade' {
  return plan.available_now && plan.price > currentPrice ? 'Upgrade' : 'Downgrade';
}

/** The select button shows only for a selectable plan, not current or next, available now or next. */
export function canSelectPlan(plan: PlanChoice): boolean {
  return (
    plan.selectable &&
    !plan.is_current &&
    !plan.is_next &&
    (plan.available_now || plan.available_next)
  );
}

export type ApplyChangeChoice = 'Current Period' | 'Current Period Only' | 'Next Period';

/** The apply-change choices a plan offers, in the spec's order. */
export function applyChangeChoices(plan: PlanChoice): ApplyChangeChoice[] {
  const choices: ApplyChangeChoice[] = [];
  if (plan.available_now) choices.push('Current Period');
  if (plan.available_now && plan.available_current_only) choices.push('Current Period Only');
  if (plan.available_next) choices.push('Next Period');
  return choices;
}

/** Next Period in next mode or when the plan is available only next period, else Current Period. */
export function defaultApplyChange(plan: PlanChoice, nextMode = false): ApplyChangeChoice {
  if (nextMode || (plan.available_next && !plan.available_now)) return 'Next Period';
  return 'Current Period';
}

/**
 * The pro-rata adjustment (cents) for switching price mid-period: the price difference for the
 * part of the period still to run. Positive is charged on the next invoice, negative credited.
 */
export function proRataAdjustment(
  oldPrice: number,
  newPrice: number,
  periodEnd: Date,
  now: Date,
): number {
  const remaining = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), BILLING_PERIOD_MS);
  const value = ((newPrice - oldPrice) * remaining) / BILLING_PERIOD_MS;
  // Round half away from zero so a credit and a charge of the same size match.
  return Math.sign(value) * Math.round(Math.abs(value)) + 0; // + 0: never -0
}

/** The review text figures (spec 2 section 9): every plan is a 30 day plan with no exit fee. */
export function minimumCosts(monthlyPrice: number) {
  return { thirtyDay: monthlyPrice, twelveMonths: monthlyPrice * 12, earlyTerminationFee: 0 };
}

type ServiceFacts = {
  type: string;
  status: string;
  technology: string;
  is_limitless: boolean;
  can_transfer: boolean;
  can_ordernew: boolean;
  has_landline_barring: boolean;
  has_landline_options: boolean;
  /** VoIP services take landline options too (spec 2 section 3; docs/decisions/021). */
  has_voip_options?: boolean;
};

/** Active Broadband services first, then the rest; otherwise in the order given. */
export function orderServices<T extends { type: string; status: string }>(services: T[]): T[] {
  const first = (s: T) => (s.type === 'Broadband' && s.status === 'active' ? 0 : 1);
  return services
    .map((s, i) => [s, i] as const)
    .sort((a, b) => first(a[0]) - first(b[0]) || a[1] - b[1])
    .map(([s]) => s);
}

/**
 * A service's life (docs/decisions/052): pending until the network says it is ready, then active;
 * the provider may suspend an active one (it stays the customer's, with its history, but takes no
 * data blocks or plan changes) and resume it, and cancel any but a cancelled one. Cancelled is
 * the end: only its history and invoices are left.
 */
export const SERVICE_STATUSES = ['pending', 'active', 'suspended', 'cancelled'] as const;
export type ServiceLifeStatus = (typeof SERVICE_STATUSES)[number];

/** Data blocks: an active Broadband service that is not limitless. */
export function canBuyBlock(s: Pick<ServiceFacts, 'type' | 'status' | 'is_limitless'>): boolean {
  return s.type === 'Broadband' && s.status === 'active' && !s.is_limitless;
}

/** Plan changes: an active Broadband service. */
/**
 * A data block's state (spec 2 section 9): 'applying' until the network has added the data,
 * 'active' until its period ends (`expires`, the midnight starting the next period), then 'expired'.
 */
export type BlockState = 'applying' | 'active' | 'expired';
export function blockState(activated: boolean, expires: Date | string, now: Date): BlockState {
  if (new Date(expires).getTime() <= now.getTime()) return 'expired';
  return activated ? 'active' : 'applying';
}

export function canChangePlan(s: Pick<ServiceFacts, 'type' | 'status'>): boolean {
  return s.type === 'Broadband' && s.status === 'active';
}

/** Nicknames: a service that is neither pending nor cancelled. */
export function canSetNickname(s: Pick<ServiceFacts, 'status'>): boolean {
  return s.status !== 'pending' && s.status !== 'cancelled';
}

/** Order Now: products are offered on services that are not Landline or VOIP (spec 2 section 6). */
export function canOrderProduct(s: Pick<ServiceFacts, 'technology'>): boolean {
  return s.technology !== 'Landline' && s.technology !== 'VOIP';
}

/**
 * Who may see an account's services (the dashboard's services block, which service a network
 * advisory affects; spec 2, docs/decisions/017): a holder of any one of these permissions.
 */
export const SEE_SERVICES_PERMISSIONS = ['view-services', 'view-activity'] as const;

/** Whether a user holding `held` may see the account's services. */
export function seesServices(held: ReadonlySet<string>): boolean {
  return SEE_SERVICES_PERMISSIONS.some((p) => held.has(p));
}

export type ServiceAction =
  | 'view-usage'
  | 'make-request'
  | 'change-plan'
  | 'buy-data-block'
  | 'nickname'
  | 'call-barring'
  | 'landline-options'
  | 'request-transfer'
  | 'new-service'
  | 'order-product';

/** The actions a service row offers to a user holding `held` (spec 2 section 6). */
export function serviceActions(s: ServiceFacts, held: ReadonlySet<string>): ServiceAction[] {
  const has = (...names: string[]) => names.every((n) => held.has(n));
  const actions: ServiceAction[] = [];
  // A suspended or cancelled service keeps its usage history; a cancelled one offers nothing else
  // (docs/decisions/052).
  if (s.type === 'Broadband' && s.status !== 'pending' && has('view-activity'))
    actions.push('view-usage');
  if (s.status === 'cancelled') return actions;
  actions.push('make-request');
  if (canChangePlan(s) && has('change-plan')) actions.push('change-plan');
  if (canBuyBlock(s) && has('purchase-block')) actions.push('buy-data-block');
  if (canSetNickname(s) && has('change-plan', 'set-nickname')) actions.push('nickname');
  // The rest change or add to a service: an active one only (a pending one takes a nickname).
  if (s.status === 'suspended') return actions;
  const live = s.status !== 'pending';
  if (live && s.has_landline_barring && has('change-plan')) actions.push('call-barring');
  if (live && (s.has_landline_options || s.has_voip_options) && has('change-plan'))
    actions.push('landline-options');
  if (s.can_transfer && has('order-services')) actions.push('request-transfer');
  if (s.can_ordernew && has('order-services')) actions.push('new-service');
  if (canOrderProduct(s) && has('purchase-products')) actions.push('order-product');
  return actions;
}
