import { messages } from '@outpost/contracts/messages';
import type {
  AvailablePlan,
  ChangePlanResult,
  PlanOption,
  Service,
} from '@outpost/contracts/services';
import { formatMoney } from '@outpost/domain/format';
import {
  allowanceLabel,
  type ApplyChangeChoice,
  applyChangeChoices,
  canSelectPlan,
  defaultApplyChange,
  minimumCosts,
  planAction,
  planRowLabel,
  proRataAdjustment,
  speedLabel,
} from '@outpost/domain/services';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ErrorBanner } from '@/components/error-banner';
import { LoadingState } from '@/components/loading-state';
import { Modal, savingStatus, useWizard } from '@/components/modal';
import { analytics } from '@/lib/analytics';
import { cleanErrorMessage } from '@/lib/error-message';
import { useChangePlan } from '../api/change-plan';
import { useDownloadPlanDocument } from '../api/download-plan-document';
import { useAvailablePlans } from '../api/get-available-plans';
import { planOptionsQueryOptions } from '../api/get-plan-options';
import {
  applyChangeDescription,
  changePlanStep as STEP,
  type ChangePlanErrors,
  monthlyPrice,
  validateChangePlan,
} from '../utils/change-plan';
import { shortDate } from '../utils/dates';
import { serviceLabel } from '../utils/service-display';

export type ChangePlanModalProps = {
  service: Service;
  /** 'cancel': open on cancelling the scheduled change (the Upcoming Plan Changes table). */
  start?: 'change' | 'cancel';
  onClose: () => void;
};

const noErrors: ChangePlanErrors = { plan: null, when: null };

/** The '$0.00' of the review text: formatMoney writes amounts under $1 as cents. */
function feeText(cents: number): string {
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

function planAllowance(plan: AvailablePlan): string {
  return allowanceLabel(plan) || 'No data allowance';
}

function planSpeed(plan: AvailablePlan): string {
  return speedLabel(plan) || 'Not applicable';
}

/**
 * The Change Plan wizard (spec 2 sections 2 and 4): 1 Select Plan, 2 Review Options, 3 Confirm,
 * 4 processing and success; 5 and 6 cancel the scheduled change; 7 warns a custom-plan customer
 * first. Rendered only while open, so closing drops every choice and error.
 */
export function ChangePlanModal({ service, start = 'change', onClose }: ChangePlanModalProps) {
  const ids = useId();
  const firstStep =
    start === 'cancel'
      ? STEP.confirmCancel
      : service.is_custom
        ? STEP.customWarning
        : STEP.selectPlan;
  const wizard = useWizard(firstStep);
  const { step, status, setStep, setStatus } = wizard;
  const saving = status === savingStatus.processing;

  const [plan, setPlan] = useState<AvailablePlan | null>(null);
  /** null until the user ticks or unticks: then the service's current extras the plan offers. */
  const [chosenIds, setChosenIds] = useState<number[] | null>(null);
  const [when, setWhen] = useState<ApplyChangeChoice | null>(null);
  const [errors, setErrors] = useState<ChangePlanErrors>(noErrors);
  const [failure, setFailure] = useState<unknown>(null);
  const [result, setResult] = useState<ChangePlanResult | null>(null);
  /** The confirmed change was an upgrade (taken when confirmed: the plan list reloads after). */
  const [upgrading, setUpgrading] = useState(false);
  /** Where 'No, keep it' goes back to from the cancel confirmation. */
  const [cancelFrom, setCancelFrom] = useState<'list' | 'outside'>(
    start === 'cancel' ? 'outside' : 'list',
  );

  // Cancelling from the Upcoming Plan Changes table needs no plan list (unless it fails).
  const plans = useAvailablePlans(
    service.serviceid,
    !(cancelFrom === 'outside' && (step === STEP.confirmCancel || step === STEP.cancelling)),
  );
  const options = useQuery({
    ...planOptionsQueryOptions(plan?.planid ?? 0),
    enabled: plan !== null,
  });
  const offered: PlanOption[] = options.data ?? [];
  const chosen =
    chosenIds ??
    offered.filter((o) => service.options.includes(o.feature_id)).map((o) => o.feature_id);

  const changePlan = useChangePlan();
  const download = useDownloadPlanDocument();
  const submitting = useRef(false);

  // Each step (and the end of processing) takes focus to its heading, so it is read out.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step, status]);

  const currentPlan = plans.data?.find((p) => p.is_current);
  const currentPrice = currentPlan?.price ?? service.price;
  const newPrice = plan ? monthlyPrice(plan, offered, chosen) : 0;
  const periodEnd = shortDate(service.period_end);

  const stepHeading = (text: string) => (
    <h3 ref={headingRef} className="modal__subtitle" tabIndex={-1}>
      {text}
    </h3>
  );

  const handleSelect = (selected: AvailablePlan) => {
    setPlan(selected);
    setChosenIds(null);
    const choices = applyChangeChoices(selected);
    const preferred = defaultApplyChange(selected);
    setWhen(choices.includes(preferred) ? preferred : (choices[0] ?? null));
    setErrors(noErrors);
    setFailure(null);
    setStep(STEP.reviewOptions);
  };

  const handleToggleOption = (featureId: number, on: boolean) => {
    setChosenIds(on ? [...chosen, featureId] : chosen.filter((id) => id !== featureId));
  };

  const handleWhenChange = (choice: ApplyChangeChoice) => {
    setWhen(choice);
    setErrors((current) => ({ ...current, when: null }));
  };

  const handleConfirm = () => {
    if (saving || submitting.current) return;
    const found = validateChangePlan(plan, when);
    setErrors(found);
    if (found.plan !== null || found.when !== null || plan === null || when === null) {
      headingRef.current?.focus();
      return;
    }
    submitting.current = true;
    setFailure(null);
    setUpgrading(planAction(plan, currentPrice) === 'Upgrade');
    setStatus(savingStatus.processing);
    setStep(STEP.saving);
    changePlan.mutate(
      { serviceid: service.serviceid, planid: plan.planid, when, options: chosen },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setStatus(savingStatus.success);
          analytics.track('Change Plan', { technology: service.technology });
        },
        onError: (error) => {
          setFailure(error);
          setStatus(savingStatus.idle);
          setStep(STEP.confirm);
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  const handleStartCancel = () => {
    setFailure(null);
    setCancelFrom('list');
    setStep(STEP.confirmCancel);
  };

  const handleCancelChange = () => {
    if (saving || submitting.current) return;
    submitting.current = true;
    setFailure(null);
    setStatus(savingStatus.processing);
    setStep(STEP.cancelling);
    changePlan.mutate(
      { serviceid: service.serviceid, planid: service.planid, when: 'Next Period', options: [] },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setStatus(savingStatus.success);
          analytics.track('Cancel Plan Changes', { technology: service.technology });
        },
        onError: (error) => {
          setFailure(error);
          setStatus(savingStatus.idle);
          setCancelFrom('list');
          setStep(STEP.selectPlan);
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  const handleDownload = (path: string, filename: string) => {
    download.mutate({ path, filename });
  };

  const failureAlert = failure !== null && (
    <div className="form-alert" role="alert">
      {cleanErrorMessage(failure)}
    </div>
  );

  let title = 'Change Plan';
  let body: ReactNode = null;
  let footer: ReactNode = undefined;

  switch (step) {
    case STEP.customWarning:
      body = (
        <>
          {stepHeading('You are on a custom plan')}
          <p>
            Your plan, {service.plan}, was set up especially for you. If you change to another plan,
            you lose your custom plan and cannot change back to it.
          </p>
        </>
      );
      footer = (
        <>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setStep(STEP.selectPlan)}
          >
            Continue
          </button>
        </>
      );
      break;

    case STEP.selectPlan:
      body = (
        <>
          {stepHeading('Select Plan')}
          {failureAlert}
          {download.isError && (
            <ErrorBanner error={messages.downloadFailed} onDismiss={() => download.reset()} />
          )}
          {plans.isPending ? (
            <LoadingState label="Loading plans…" />
          ) : plans.isError ? (
            <div className="form-alert" role="alert">
              {messages.banner.loadData}
            </div>
          ) : (
            <ul className="plan-list" aria-label="Plans">
              {plans.data.map((p) => (
                <PlanCard
                  key={p.planid}
                  plan={p}
                  currentPrice={currentPrice}
                  canCancel={p.is_next && service.upcoming !== null}
                  downloading={download.isPending}
                  onSelect={handleSelect}
                  onCancel={handleStartCancel}
                  onDownload={handleDownload}
                />
              ))}
            </ul>
          )}
        </>
      );
      footer = (
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      );
      break;

    case STEP.reviewOptions:
      body = plan && (
        <>
          {stepHeading('Review Options')}
          <p>
            Extras you can add to {plan.plan}. Each extra is charged monthly on top of the plan
            price.
          </p>
          {options.isPending ? (
            <LoadingState label="Loading extras…" />
          ) : options.isError ? (
            <div className="form-alert" role="alert">
              {messages.banner.loadData}
            </div>
          ) : offered.length === 0 ? (
            <p className="empty-state">
              This plan has no extras. Select Next to review your change.
            </p>
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
                    onChange={(e) => handleToggleOption(option.feature_id, e.target.checked)}
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
      footer = (
        <>
          <button type="button" className="button" onClick={() => setStep(STEP.selectPlan)}>
            Back
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={options.isPending}
            onClick={() => setStep(STEP.confirm)}
          >
            Next
          </button>
        </>
      );
      break;

    case STEP.confirm: {
      const costs = minimumCosts(newPrice);
      const extras = offered.filter((o) => chosen.includes(o.feature_id));
      const choices = plan ? applyChangeChoices(plan) : [];
      const currentPeriod = when === 'Current Period' || when === 'Current Period Only';
      body = (
        <>
          {stepHeading('Confirm')}
          {failureAlert}
          {errors.plan !== null && (
            <p className="field__error" role="alert">
              {errors.plan}
            </p>
          )}
          {plan && (
            <dl className="review-list">
              <div>
                <dt>New plan</dt>
                <dd>{plan.plan}</dd>
              </div>
              <div>
                <dt>Allowance</dt>
                <dd>{planAllowance(plan)}</dd>
              </div>
              <div>
                <dt>Speed</dt>
                <dd>{planSpeed(plan)}</dd>
              </div>
              <div>
                <dt>Extras</dt>
                <dd>{extras.length > 0 ? extras.map((o) => o.name).join(', ') : 'None'}</dd>
              </div>
              <div>
                <dt>Monthly price</dt>
                <dd>{formatMoney(newPrice)}</dd>
              </div>
            </dl>
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
                    onChange={() => handleWhenChange(choice)}
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
      footer = (
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              setFailure(null);
              setStep(STEP.reviewOptions);
            }}
          >
            Back
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={saving}
            onClick={handleConfirm}
          >
            Confirm
          </button>
        </>
      );
      break;
    }

    case STEP.saving:
      body =
        status === savingStatus.success && result ? (
          <>
            {stepHeading(result.when === 'Next Period' ? 'Plan change scheduled' : 'Plan changed')}
            <p className="form-status" role="status">
              {changedText(result, service)}
            </p>
            {result.adjustment !== 0 && <p>{adjustmentText(result.adjustment)}</p>}
            {result.when !== 'Next Period' && upgrading && (
              <p>After an upgrade, your new speeds can take 2-3 hours to apply.</p>
            )}
          </>
        ) : (
          <>
            {stepHeading('Changing your plan')}
            <LoadingState label="Changing your plan…" />
          </>
        );
      footer =
        status === savingStatus.success ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        ) : undefined;
      break;

    case STEP.confirmCancel:
      title = 'Cancel Plan Change';
      body = (
        <>
          {stepHeading('Cancel the upcoming plan change?')}
          <p>
            {service.upcoming
              ? `${serviceLabel(service)} is due to change to ${service.upcoming.plan} on ${shortDate(service.upcoming.effective)}.`
              : `${serviceLabel(service)} has a plan change scheduled.`}{' '}
            If you cancel it, you stay on {service.plan}.
          </p>
        </>
      );
      footer = (
        <>
          <button
            type="button"
            className="button"
            onClick={cancelFrom === 'list' ? () => setStep(STEP.selectPlan) : onClose}
          >
            No, keep it
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={saving}
            onClick={handleCancelChange}
          >
            Yes, cancel the change
          </button>
        </>
      );
      break;

    case STEP.cancelling:
      title = 'Cancel Plan Change';
      body =
        status === savingStatus.success ? (
          <>
            {stepHeading('Plan change cancelled')}
            <p className="form-status" role="status">
              The upcoming plan change has been cancelled. You stay on {service.plan}.
            </p>
          </>
        ) : (
          <>
            {stepHeading('Cancelling the plan change')}
            <LoadingState label="Cancelling the plan change…" />
          </>
        );
      footer =
        status === savingStatus.success ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        ) : undefined;
      break;
  }

  const numbered = step <= STEP.confirm;
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      onReset={wizard.reset}
      status={status}
      step={numbered ? step : undefined}
      stepCount={numbered ? STEP.confirm : undefined}
      initialFocus="title"
      footer={footer}
      className="modal--wide"
    >
      {body}
    </Modal>
  );
}

function changedText(result: ChangePlanResult, service: Service): string {
  const date = shortDate(result.effective);
  const name = result.next_plan ?? result.plan;
  switch (result.when) {
    case 'Next Period':
      return `Your plan will change to ${name} on ${date}.`;
    case 'Current Period Only':
      return `Your plan is now ${result.plan} for this billing period. ${service.plan} returns on ${shortDate(service.period_end)}.`;
    case 'Current Period':
      return `Your plan is now ${result.plan}.`;
  }
}

function adjustmentText(cents: number): string {
  return cents > 0
    ? `A pro-rata charge of ${formatMoney(cents)} will be added to your next invoice.`
    : `A pro-rata credit of ${formatMoney(-cents)} will be applied to your next invoice.`;
}

type PlanCardProps = {
  plan: AvailablePlan;
  currentPrice: number;
  canCancel: boolean;
  downloading: boolean;
  onSelect: (plan: AvailablePlan) => void;
  onCancel: () => void;
  onDownload: (path: string, filename: string) => void;
};

/** One plan of step 1: its label, figures, documents and the Upgrade/Downgrade button. */
function PlanCard({
  plan,
  currentPrice,
  canCancel,
  downloading,
  onSelect,
  onCancel,
  onDownload,
}: PlanCardProps) {
  const label = planRowLabel(plan);
  const action = planAction(plan, currentPrice);
  const onlyNext = plan.available_next && !plan.available_now;
  return (
    <li className={plan.is_current ? 'plan-card plan-card--current' : 'plan-card'}>
      <div className="plan-card__head">
        <h4 className="plan-card__name">{plan.plan}</h4>
        {label && <span className="tag">{label}</span>}
      </div>
      <dl className="plan-card__facts">
        <div>
          <dt>Allowance</dt>
          <dd>{planAllowance(plan)}</dd>
        </div>
        <div>
          <dt>Speed</dt>
          <dd>{planSpeed(plan)}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatMoney(plan.price)} a month</dd>
        </div>
      </dl>
      {onlyNext && !plan.is_current && !plan.is_next && (
        <p className="plan-card__note">Available from your next billing period.</p>
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
