import type { AvailablePlan, ChangePlanResult, Service } from '@outpost/contracts/services';
import {
  type ApplyChangeChoice,
  applyChangeChoices,
  defaultApplyChange,
  planAction,
} from '@outpost/domain/services';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { WizardNextButton } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { useChangePlan } from '../api/change-plan';
import { useAvailablePlans } from '../api/get-available-plans';
import { planOptionsQueryOptions } from '../api/get-plan-options';
import {
  adjustmentText,
  type ChangePlanErrors,
  type ChangePlanStep,
  changedText,
  monthlyPrice,
  numberedChangePlanSteps,
  validateChangePlan,
} from '../utils/change-plan';
import { CancelPlanChangeModal } from './cancel-plan-change-modal';
import { ConfirmStep } from './change-plan/confirm-step';
import { ReviewOptionsStep } from './change-plan/review-options-step';
import { SelectPlanStep } from './change-plan/select-plan-step';

export type ChangePlanModalProps = {
  service: Service;
  onClose: () => void;
};

const noErrors: ChangePlanErrors = { plan: null, when: null };

/**
 * The Change Plan wizard (spec 2 sections 2 and 4): a custom-plan customer is warned first, then
 * 1 Select Plan, 2 Review Options, 3 Confirm, then processing and success. 'Cancel change' on the
 * scheduled plan opens the Cancel Plan Change modal in its place. Rendered only while open, so
 * closing drops every choice and error.
 */
export function ChangePlanModal({ service, onClose }: ChangePlanModalProps) {
  const flow = useWizardFlow<ChangePlanStep>({
    first: service.is_custom ? 'custom' : 'select',
    onClose,
  });
  const [plan, setPlan] = useState<AvailablePlan | null>(null);
  /** null until the user ticks or unticks: then the service's current extras the plan offers. */
  const [chosenIds, setChosenIds] = useState<number[] | null>(null);
  const [when, setWhen] = useState<ApplyChangeChoice | null>(null);
  const [errors, setErrors] = useState<ChangePlanErrors>(noErrors);
  const [result, setResult] = useState<ChangePlanResult | null>(null);
  /** The confirmed change was an upgrade (taken when confirmed: the plan list reloads after). */
  const [upgrading, setUpgrading] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const plans = useAvailablePlans(service.serviceid);
  const options = useQuery({
    ...planOptionsQueryOptions(plan?.planid ?? 0),
    enabled: plan !== null,
  });
  const offered = options.data ?? [];
  const chosen =
    chosenIds ??
    offered.filter((o) => service.options.includes(o.feature_id)).map((o) => o.feature_id);
  const currentPrice = plans.data?.find((p) => p.is_current)?.price ?? service.price;
  const newPrice = plan ? monthlyPrice(plan, offered, chosen) : 0;

  const change = flow.submitter(useChangePlan(), {
    savingStep: 'saving',
    errorStep: 'confirm',
    event: 'Change Plan',
    track: () => ({ technology: service.technology }),
    onSuccess: setResult,
  });

  const handleSelect = (selected: AvailablePlan) => {
    setPlan(selected);
    setChosenIds(null);
    const choices = applyChangeChoices(selected);
    const preferred = defaultApplyChange(selected);
    setWhen(choices.includes(preferred) ? preferred : (choices[0] ?? null));
    setErrors(noErrors);
    flow.goTo('options');
  };

  const handleConfirm = () => {
    const found = validateChangePlan(plan, when);
    setErrors(found);
    if (plan === null || when === null) return;
    setUpgrading(planAction(plan, currentPrice) === 'Upgrade');
    change({ serviceid: service.serviceid, planid: plan.planid, when, options: chosen });
  };

  if (cancelling)
    return (
      <CancelPlanChangeModal
        service={service}
        onClose={onClose}
        onKeep={() => setCancelling(false)}
      />
    );

  const close = (
    <button type="button" className="button" onClick={onClose}>
      Close
    </button>
  );
  const back = (
    <button type="button" className="button" disabled={flow.saving} onClick={flow.back}>
      Back
    </button>
  );
  const footers: Record<ChangePlanStep, ReactNode> = {
    custom: (
      <>
        {close}
        <button
          type="button"
          className="button button--primary"
          onClick={() => flow.goTo('select')}
        >
          Continue
        </button>
      </>
    ),
    select: close,
    options: (
      <>
        {back}
        <WizardNextButton disabled={options.isPending} onClick={() => flow.goTo('confirm')} />
      </>
    ),
    confirm: (
      <>
        {back}
        <button
          type="button"
          className="button button--primary"
          disabled={flow.saving}
          onClick={handleConfirm}
        >
          Confirm
        </button>
      </>
    ),
    saving: undefined,
  };

  return (
    <WizardModal
      flow={flow}
      steps={numberedChangePlanSteps}
      title="Change Plan"
      initialFocus="title"
      className="modal--wide"
      footer={footers[flow.step]}
    >
      <WizardStep flow={flow} id="custom" heading="You are on a custom plan">
        <p>
          Your plan, {service.plan}, was set up especially for you. If you change to another plan,
          you lose your custom plan and cannot change back to it.
        </p>
      </WizardStep>
      <WizardStep flow={flow} id="select" heading="Select Plan">
        <SelectPlanStep
          service={service}
          plans={plans}
          currentPrice={currentPrice}
          onSelect={handleSelect}
          onCancelChange={() => setCancelling(true)}
        />
      </WizardStep>
      {plan && (
        <WizardStep flow={flow} id="options" heading="Review Options">
          <ReviewOptionsStep
            plan={plan}
            pending={options.isPending}
            failed={options.isError}
            offered={offered}
            chosen={chosen}
            onToggle={(featureId, on) =>
              setChosenIds(on ? [...chosen, featureId] : chosen.filter((id) => id !== featureId))
            }
          />
        </WizardStep>
      )}
      <WizardStep flow={flow} id="confirm" heading="Confirm">
        <ConfirmStep
          service={service}
          plan={plan}
          extras={offered.filter((o) => chosen.includes(o.feature_id))}
          newPrice={newPrice}
          when={when}
          errors={errors}
          onWhenChange={(choice) => {
            setWhen(choice);
            setErrors((current) => ({ ...current, when: null }));
          }}
        />
      </WizardStep>
      <WizardSavingStep
        flow={flow}
        id="saving"
        saving="Changing your plan"
        done={result?.when === 'Next Period' ? 'Plan change scheduled' : 'Plan changed'}
        status={result && changedText(result, service)}
      >
        {result && result.adjustment !== 0 && <p>{adjustmentText(result.adjustment)}</p>}
        {result && result.when !== 'Next Period' && upgrading && (
          <p>After an upgrade, your new speeds can take 2-3 hours to apply.</p>
        )}
      </WizardSavingStep>
    </WizardModal>
  );
}
