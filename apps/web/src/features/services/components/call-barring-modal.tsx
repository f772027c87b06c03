import { messages } from '@outpost/contracts/messages';
import type { OrderResult } from '@outpost/contracts/orders';
import type { Service } from '@outpost/contracts/services';
import { useId, useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { ReviewList } from '@/components/review-list';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { WizardBackConfirm, WizardCloseNext } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { useBarringOptions, useSetBarring } from '../api/telephony';
import { serviceLabel } from '../utils/service-display';

export type CallBarringModalProps = { service: Service; onClose: () => void };

type BarringStep = 'select' | 'confirm' | 'saving';
const NUMBERED_STEPS = ['select', 'confirm'] as const;

/**
 * Call Barring (spec 2 sections 2, 4 and 5): a single selection ('This field is required'),
 * confirm, then saving and success with the ticket number. Free (spec 2 section 9).
 */
export function CallBarringModal({ service, onClose }: CallBarringModalProps) {
  const ids = useId();
  const options = useBarringOptions(service.serviceid);
  const [mode, setMode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<OrderResult | null>(null);
  const flow = useWizardFlow<BarringStep>({ first: 'select', onClose });
  const save = flow.submitter(useSetBarring(), {
    savingStep: 'saving',
    errorStep: 'confirm',
    event: 'Call Barring',
    onSuccess: setOrder,
  });
  const current = options.data?.find((o) => o.selected);
  // Asked for in an order the network team has not completed: not the service's mode yet.
  const requested = options.data?.find((o) => o.requested);
  const chosen = options.data?.find((o) => o.value === mode);

  const next = () => {
    if (!chosen) {
      setError(messages.telephony.required);
      return;
    }
    flow.goTo('confirm');
  };

  const footer =
    flow.step === 'select' ? (
      <WizardCloseNext onClose={onClose} nextDisabled={!options.data} onNext={next} />
    ) : flow.step === 'confirm' && chosen ? (
      <WizardBackConfirm
        flow={flow}
        onConfirm={() => save({ serviceid: service.serviceid, barring_mode: chosen.value })}
      />
    ) : undefined;

  return (
    <WizardModal
      flow={flow}
      steps={NUMBERED_STEPS}
      title="Call Barring"
      initialFocus="title"
      footer={footer}
    >
      <WizardStep flow={flow} id="select" heading="Choose call barring">
        {options.isPending ? (
          <LoadingState label="Loading call barring options…" />
        ) : options.isError ? (
          <FormAlert>{messages.telephony.loadFailed}</FormAlert>
        ) : (
          <fieldset
            className="choice-group"
            aria-describedby={error ? `${ids}-error` : undefined}
            aria-invalid={error ? true : undefined}
          >
            <legend className="choice-group__legend">
              Call barring for {serviceLabel(service)}
            </legend>
            {current && <p className="field__hint">Currently: {current.label}</p>}
            {requested && <p className="field__hint">Requested: {requested.label} (pending)</p>}
            {error && (
              <p id={`${ids}-error`} className="field__error" role="alert">
                {error}
              </p>
            )}
            {options.data.map((option) => (
              <div key={option.value} className="choice">
                <input
                  type="radio"
                  name={`${ids}-mode`}
                  id={`${ids}-${option.value}`}
                  value={option.value}
                  checked={mode === option.value}
                  onChange={() => {
                    setMode(option.value);
                    setError(null);
                  }}
                />
                <label htmlFor={`${ids}-${option.value}`} className="choice__label">
                  {option.label}
                </label>
              </div>
            ))}
          </fieldset>
        )}
      </WizardStep>
      {chosen && (
        <WizardStep flow={flow} id="confirm" heading="Confirm">
          <ReviewList
            items={[
              ['Service', serviceLabel(service)],
              ['Call barring', chosen.label],
              ['Price', 'Free'],
            ]}
          />
          <p>{messages.telephony.free}</p>
        </WizardStep>
      )}
      <WizardSavingStep
        flow={flow}
        id="saving"
        saving="Changing call barring"
        done="Call barring change requested"
        status={
          order &&
          `We have your request. Your ticket number is ${order.number}; you can follow it in My Tickets.`
        }
      />
    </WizardModal>
  );
}
