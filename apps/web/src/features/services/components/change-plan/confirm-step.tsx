import type { AvailablePlan, PlanOption, Service } from '@outpost/contracts/services';
import { formatMoney, formatDate } from '@outpost/domain/format';
import {
  type ApplyChangeChoice,
  applyChangeChoices,
  minimumCosts,
  proRataAdjustment,
} from '@outpost/domain/services';
import { useId } from 'react';
import { ReviewList } from '@/components/review-list';
import {
  applyChangeDescription,
  type ChangePlanErrors,
  feeText,
  planAllowance,
  planSpeed,
  proRataText,
  replacesText,
} from '../../utils/change-plan';

export type ConfirmStepProps = {
  service: Service;
  plan: AvailablePlan | null;
  extras: readonly PlanOption[];
  newPrice: number;
  when: ApplyChangeChoice | null;
  errors: ChangePlanErrors;
  onWhenChange: (choice: ApplyChangeChoice) => void;
};

/** Step 3: the change reviewed, when it applies, and what it costs. */
export function ConfirmStep({
  service,
  plan,
  extras,
  newPrice,
  when,
  errors,
  onWhenChange,
}: ConfirmStepProps) {
  const ids = useId();
  const costs = minimumCosts(newPrice);
  const choices = plan ? applyChangeChoices(plan) : [];
  const currentPeriod = when === 'Current Period' || when === 'Current Period Only';
  const periodEnd = formatDate(service.period_end);
  return (
    <>
      {errors.plan !== null && (
        <p className="field__error" role="alert">
          {errors.plan}
        </p>
      )}
      {plan && (
        <ReviewList
          items={[
            ['New plan', plan.plan],
            ['Allowance', planAllowance(plan)],
            ['Speed', planSpeed(plan)],
            ['Extras', extras.length > 0 ? extras.map((o) => o.name).join(', ') : 'None'],
            ['Monthly price', formatMoney(newPrice)],
          ]}
        />
      )}
      {plan && service.upcoming && (
        <p className="plan-replaces">{replacesText(service.upcoming)}</p>
      )}
      <fieldset
        className="choice-group"
        aria-describedby={errors.when !== null ? `${ids}-when-error` : undefined}
      >
        <legend className="choice-group__legend">When should the change apply?</legend>
        {errors.when !== null && (
          <p id={`${ids}-when-error`} className="field__error" role="alert">
            {errors.when}
          </p>
        )}
        {choices.map((choice) => {
          // Ids without spaces: aria-describedby is a space-separated list.
          const choiceId = `${ids}-when-${choice.replace(/\s+/g, '-')}`;
          return (
            <div key={choice} className="choice">
              <input
                type="radio"
                name={`${ids}-when`}
                id={choiceId}
                value={choice}
                checked={when === choice}
                aria-describedby={`${choiceId}-description`}
                onChange={() => onWhenChange(choice)}
              />
              <label htmlFor={choiceId} className="choice__label">
                {choice}
              </label>
              <p id={`${choiceId}-description`} className="choice__description">
                {applyChangeDescription(choice, periodEnd)}
              </p>
            </div>
          );
        })}
      </fieldset>
      {plan && (
        <div className="review-notes">
          {currentPeriod && (
            <p>
              {proRataText(
                proRataAdjustment(
                  service.price,
                  newPrice,
                  new Date(service.period_end),
                  new Date(),
                ),
              )}
            </p>
          )}
          <p>Minimum cost over 12 months: {formatMoney(costs.twelveMonths)}</p>
          <p>Minimum cost for a 30 day plan: {formatMoney(costs.thirtyDay)}</p>
          <p>Early termination fee for a 30 day plan: {feeText(costs.earlyTerminationFee)}</p>
        </div>
      )}
    </>
  );
}
