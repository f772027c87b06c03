import { messages } from '@outpost/contracts/messages';
import type { AvailablePlan, PlanOption } from '@outpost/contracts/services';
import { formatMoney } from '@outpost/domain/format';
import { useId } from 'react';
import { LoadingState } from '@/components/loading-state';
import { FormAlert } from '@/components/form/form-alert';

export type ReviewOptionsStepProps = {
  plan: AvailablePlan;
  pending: boolean;
  failed: boolean;
  offered: readonly PlanOption[];
  chosen: readonly number[];
  onToggle: (featureId: number, on: boolean) => void;
};

/** Step 2: the extras the chosen plan offers, ticked as the service has them now. */
export function ReviewOptionsStep({
  plan,
  pending,
  failed,
  offered,
  chosen,
  onToggle,
}: ReviewOptionsStepProps) {
  const ids = useId();
  return (
    <>
      <p>
        Extras you can add to {plan.plan}. Each extra is charged monthly on top of the plan price.
      </p>
      {pending ? (
        <LoadingState label="Loading extras…" />
      ) : failed ? (
        <FormAlert>{messages.banner.loadData}</FormAlert>
      ) : offered.length === 0 ? (
        <p className="empty-state">This plan has no extras. Select Next to review your change.</p>
      ) : (
        <fieldset className="choice-group">
          <legend className="choice-group__legend">Extras</legend>
          {offered.map((option) => (
            <div key={option.feature_id} className="choice">
              <input
                type="checkbox"
                id={`${ids}-option-${option.feature_id}`}
                checked={chosen.includes(option.feature_id)}
                aria-describedby={`${ids}-option-${option.feature_id}-description`}
                onChange={(e) => onToggle(option.feature_id, e.target.checked)}
              />
              <label htmlFor={`${ids}-option-${option.feature_id}`} className="choice__label">
                {option.name}, {formatMoney(option.price)} a month
              </label>
              <p
                id={`${ids}-option-${option.feature_id}-description`}
                className="choice__description"
              >
                {option.description}
              </p>
            </div>
          ))}
        </fieldset>
      )}
    </>
  );
}
