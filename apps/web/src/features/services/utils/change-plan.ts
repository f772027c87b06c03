import type { AvailablePlan, PlanOption } from '@outpost/contracts/services';
import type { ApplyChangeChoice } from '@outpost/domain/services';

/** The Change Plan wizard's steps (spec 2 section 2, Modals). */
export const changePlanStep = {
  selectPlan: 1,
  reviewOptions: 2,
  confirm: 3,
  saving: 4,
  confirmCancel: 5,
  cancelling: 6,
  customWarning: 7,
} as const;

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
