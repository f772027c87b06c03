import type { AvailablePlan } from '@outpost/contracts/services';
import { formatMoney } from '@outpost/domain/format';
import { canSelectPlan, planAction, planRowLabel } from '@outpost/domain/services';
import { useId } from 'react';
import { ReviewList } from '@/components/review-list';
import {
  availableFromText,
  planAllowance,
  planSpeed,
  priceChangeText,
} from '../../utils/change-plan';

export type PlanCardProps = {
  plan: AvailablePlan;
  currentPrice: number;
  /** When the next billing period starts (the current period's end). */
  nextPeriodStart: string;
  canCancel: boolean;
  downloading: boolean;
  onSelect: (plan: AvailablePlan) => void;
  onCancel: () => void;
  onDownload: (path: string, filename: string) => void;
};

/** One plan of the Select Plan step: its label, figures, documents and the Upgrade/Downgrade button. */
export function PlanCard({
  plan,
  currentPrice,
  nextPeriodStart,
  canCancel,
  downloading,
  onSelect,
  onCancel,
  onDownload,
}: PlanCardProps) {
  const label = planRowLabel(plan);
  const action = planAction(plan, currentPrice);
  const onlyNext = plan.available_next && !plan.available_now && !plan.is_current && !plan.is_next;
  const noteId = useId();
  return (
    <li className={plan.is_current ? 'plan-card plan-card--current' : 'plan-card'}>
      <div className="plan-card__head">
        <h4 className="plan-card__name">{plan.plan}</h4>
        {label && <span className="tag">{label}</span>}
      </div>
      <ReviewList
        className="plan-card__facts"
        items={[
          ['Allowance', planAllowance(plan)],
          ['Speed', planSpeed(plan)],
          ['Price', `${formatMoney(plan.price)} a month`],
        ]}
      />
      {plan.price_change && <p className="plan-card__note">{priceChangeText(plan.price_change)}</p>}
      {onlyNext && (
        <p id={noteId} className="plan-card__note">
          {availableFromText(nextPeriodStart)}
        </p>
      )}
      <div className="plan-card__actions">
        {plan.kfs && (
          <button
            type="button"
            className="button button--link button--small"
            disabled={downloading}
            onClick={() => onDownload(plan.kfs ?? '', `${plan.plan} - Key Fact Sheet.pdf`)}
          >
            Key Fact Sheet<span className="visually-hidden"> for {plan.plan} (PDF)</span>
          </button>
        )}
        {plan.cis && (
          <button
            type="button"
            className="button button--link button--small"
            disabled={downloading}
            onClick={() =>
              onDownload(plan.cis ?? '', `${plan.plan} - Critical Information Summary.pdf`)
            }
          >
            Critical Information Summary
            <span className="visually-hidden"> for {plan.plan} (PDF)</span>
          </button>
        )}
        {canSelectPlan(plan) && (
          <button
            type="button"
            className={action === 'Upgrade' ? 'button button--primary' : 'button'}
            aria-describedby={onlyNext ? noteId : undefined}
            onClick={() => onSelect(plan)}
          >
            {action}
            <span className="visually-hidden"> to {plan.plan}</span>
          </button>
        )}
        {canCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel change<span className="visually-hidden"> to {plan.plan}</span>
          </button>
        )}
      </div>
    </li>
  );
}
