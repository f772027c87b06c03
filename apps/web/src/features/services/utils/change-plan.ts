import type {
  AvailablePlan,
  ChangePlanResult,
  PlanOption,
  Service,
  UpcomingPlan,
} from '@outpost/contracts/services';
import { formatMoney, formatDate } from '@outpost/domain/format';
import { zonedInstant } from '@outpost/domain/time/zoned';
import { allowanceLabel, type ApplyChangeChoice, speedLabel } from '@outpost/domain/services';

/** The Change Plan wizard's steps (spec 2 section 2, Modals); the cancel has its own modal. */
export type ChangePlanStep = 'custom' | 'select' | 'options' | 'confirm' | 'saving';
/** The steps numbered 'Step n of 3'. */
export const numberedChangePlanSteps = ['select', 'options', 'confirm'] as const;

/** Spec 2 section 5, verbatim. */
export const changePlanMessages = {
  whenRequired: 'This is required',
  planRequired: 'Please select at least 1 plan',
} as const;

export type ChangePlanErrors = { plan: string | null; when: string | null };

/** Confirm's checks: a plan must be chosen, and when the change applies. */
export function validateChangePlan(
  plan: AvailablePlan | null,
  when: ApplyChangeChoice | null,
): ChangePlanErrors {
  return {
    plan: plan === null ? changePlanMessages.planRequired : null,
    when: when === null ? changePlanMessages.whenRequired : null,
  };
}

/** The new monthly price: the plan and the extras chosen for it (cents). */
export function monthlyPrice(
  plan: Pick<AvailablePlan, 'price'>,
  options: readonly PlanOption[],
  chosen: readonly number[],
): number {
  return options
    .filter((option) => chosen.includes(option.feature_id))
    .reduce((sum, option) => sum + option.price, plan.price);
}

/** What each apply-change choice means, for its radio button. */
export function applyChangeDescription(choice: ApplyChangeChoice, nextPeriodStart: string): string {
  switch (choice) {
    case 'Current Period':
      return 'The new plan starts now and stays from then on.';
    case 'Current Period Only':
      return 'The new plan applies to this billing period only, then your current plan returns.';
    case 'Next Period':
      return `The new plan starts with your next billing period, on ${nextPeriodStart}.`;
  }
}

/** The '$0.00' of the review text: formatMoney writes amounts under $1 as cents. */
export function feeText(cents: number): string {
  return cents === 0 ? '$0.00' : formatMoney(cents);
}

/** The pro-rata estimate, worded as a charge or a credit on the next invoice. */
export function proRataText(cents: number): string {
  if (cents > 0)
    return `We estimate a pro-rata charge of ${formatMoney(cents)} for the rest of this billing period. It will be charged on your next invoice.`;
  if (cents < 0)
    return `We estimate a pro-rata credit of ${formatMoney(-cents)} for the rest of this billing period. It will be credited on your next invoice.`;
  return 'There is no pro-rata adjustment for the rest of this billing period.';
}

export function planAllowance(plan: AvailablePlan): string {
  return allowanceLabel(plan) || 'No data allowance';
}

export function planSpeed(plan: AvailablePlan): string {
  return speedLabel(plan) || 'Not applicable';
}

/**
 * A plan offered only from the next period (its action reads 'Downgrade' even when it costs more,
 * spec 2 section 4): when it can start.
 */
/**
 * A plan's announced price (docs/decisions/055), as its card says it: from which day, and that a
 * service already on it moves with its first billing period from then.
 */
export function priceChangeText(change: { price: number; effective: string }): string {
  return `From ${formatDate(zonedInstant(change.effective))}: ${formatMoney(change.price)} a month (from your first billing period starting that day or later).`;
}

export function availableFromText(periodEnd: string): string {
  return `Available from ${formatDate(periodEnd)}, when your next billing period starts.`;
}

/** The confirm step's warning: a new change replaces the one already scheduled. */
export function replacesText(upcoming: Pick<UpcomingPlan, 'plan' | 'effective'>): string {
  return `You already have a change to ${upcoming.plan} scheduled for ${formatDate(upcoming.effective)}. This change replaces it.`;
}

/** What the success step says happened. */
export function changedText(result: ChangePlanResult, service: Service): string {
  const date = formatDate(result.effective);
  const name = result.next_plan ?? result.plan;
  switch (result.when) {
    case 'Next Period':
      return `Your plan will change to ${name} on ${date}.`;
    case 'Current Period Only':
      return `Your plan is now ${result.plan} for this billing period. ${service.plan} returns on ${formatDate(service.period_end)}.`;
    case 'Current Period':
      return `Your plan is now ${result.plan}.`;
  }
}

/** The adjustment the server made, as it will appear on the next invoice. */
export function adjustmentText(cents: number): string {
  return cents > 0
    ? `A pro-rata charge of ${formatMoney(cents)} will be added to your next invoice.`
    : `A pro-rata credit of ${formatMoney(-cents)} will be applied to your next invoice.`;
}

/**
 * Why the plan prices in the list differ from what the services table shows: those are the plan
 * alone, the table shows the plan with the service's extras (a modem rental). Null when equal.
 */
export function extrasPriceNote(
  servicePrice: number,
  currentPlanPrice: number | undefined,
): string | null {
  if (currentPlanPrice === undefined || servicePrice === currentPlanPrice) return null;
  return `Plan prices are for the plan alone. You pay ${formatMoney(servicePrice)} a month now, including the extras on your service (${formatMoney(servicePrice - currentPlanPrice)} a month).`;
}
