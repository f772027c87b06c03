import { messages } from '@outpost/contracts/messages';
import type { OrderResult, TelephonyFeature } from '@outpost/contracts/orders';
import { featureActive, isToggleOn, telephonyErrors } from '@outpost/domain/orders-rules';
import type { Service } from '@outpost/contracts/services';
import { formatMoney } from '@outpost/domain/format';
import { maskedPin, PIN_FEATURES, pinDigits, VOICEMAIL_PIN_MAX } from '@outpost/domain/pin-rules';
import { useId, useMemo, useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { PasswordInput } from '@/components/password-input';
import { ReviewList } from '@/components/review-list';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { WizardBackConfirm, WizardCloseNext } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { useSetTelephonyFeatures, useTelephonyFeatures } from '../api/telephony';
import { serviceLabel } from '../utils/service-display';

export type LandlineOptionsModalProps = { service: Service; onClose: () => void };

type OptionsStep = 'details' | 'confirm' | 'saving';
const NUMBERED_STEPS = ['details', 'confirm'] as const;

/** Shown when Next is pressed with nothing changed. */
export const NO_CHANGE_TEXT = 'Change at least one option to continue.';
const INVALID_TEXT = 'Please choose one of the options.';

function valueText(feature: TelephonyFeature, value: string): string {
  if (feature.type === 'toggle') return isToggleOn(feature, value) ? 'On' : 'Off';
  if (feature.type === 'text' && value === '') return '(empty)';
  // A PIN is never shown in clear, not even on the confirm step.
  if (PIN_FEATURES.includes(feature.feature)) return maskedPin(value);
  if (feature.type === 'text') return value;
  return feature.data.find((o) => o.value === value)?.label ?? value;
}

/**
 * Landline Options (spec 2 sections 2, 4 and 5): 1 details with the four field types (a
 * dependent field shows, and is required, while its toggle is on), 2 confirm with the monthly
 * prices, 3 processing or success with the ticket number. Features the user lacks a permission
 * for never arrive (the server leaves them out). Only the changed features are sent.
 */
export function LandlineOptionsModal({ service, onClose }: LandlineOptionsModalProps) {
  const features = useTelephonyFeatures(service.serviceid);
  const [edits, setEdits] = useState<Map<number, string>>(new Map());
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  const [order, setOrder] = useState<OrderResult | null>(null);
  const flow = useWizardFlow<OptionsStep>({ first: 'details', onClose });
  const save = flow.submitter(useSetTelephonyFeatures(), {
    savingStep: 'saving',
    errorStep: 'confirm',
    event: 'Landline Options',
    onSuccess: setOrder,
  });

  const list = useMemo(() => features.data ?? [], [features.data]);
  const byId = useMemo(() => new Map(list.map((f) => [f.featureid, f])), [list]);
  const values = useMemo(() => {
    const map = new Map(list.map((f) => [f.featureid, f.value]));
    for (const [id, value] of edits) map.set(id, value);
    return map;
  }, [list, edits]);
  const shown = list.filter((f) => featureActive(f, byId, values));
  const changes = shown
    .filter((f) => values.get(f.featureid) !== f.value)
    .map((f) => ({ featureid: f.featureid, value: values.get(f.featureid) ?? '' }));

  const setValue = (featureid: number, value: string) => {
    setEdits((old) => new Map(old).set(featureid, value));
    setErrors((old) => {
      const copy = new Map(old);
      copy.delete(featureid);
      return copy;
    });
    setFormError(null);
  };

  const next = () => {
    const found = telephonyErrors(list, values, {
      required: messages.telephony.required,
      invalid: INVALID_TEXT,
    });
    const visible = new Map([...found].filter(([id]) => shown.some((f) => f.featureid === id)));
    setErrors(visible);
    if (visible.size > 0) {
      const [first] = visible.keys();
      document.getElementById(`feature-${first}`)?.focus();
      return;
    }
    if (changes.length === 0) {
      setFormError(NO_CHANGE_TEXT);
      return;
    }
    flow.goTo('confirm');
  };

  const monthly = changes.reduce((sum, c) => {
    const f = byId.get(c.featureid)!;
    return sum + (f.price > 0 && isToggleOn(f, c.value) && !isToggleOn(f, f.value) ? f.price : 0);
  }, 0);

  const footer =
    flow.step === 'details' ? (
      <WizardCloseNext onClose={onClose} nextDisabled={!features.data} onNext={next} />
    ) : flow.step === 'confirm' ? (
      <WizardBackConfirm
        flow={flow}
        onConfirm={() => save({ serviceid: service.serviceid, changes })}
      />
    ) : undefined;

  return (
    <WizardModal
      flow={flow}
      steps={NUMBERED_STEPS}
      title="Landline Options"
      initialFocus="title"
      footer={footer}
    >
      <WizardStep flow={flow} id="details" heading="Details">
        {features.isPending ? (
          <LoadingState label="Loading landline options…" />
        ) : features.isError ? (
          <FormAlert>{messages.telephony.loadFailed}</FormAlert>
        ) : list.length === 0 ? (
          <p className="empty-state">There are no landline options for this service.</p>
        ) : (
          <div className="form telephony-options">
            <p className="field__hint">Options for {serviceLabel(service)}.</p>
            {formError && <FormAlert>{formError}</FormAlert>}
            {shown.map((f) => (
              <FeatureField
                key={f.featureid}
                feature={f}
                value={values.get(f.featureid) ?? ''}
                error={errors.get(f.featureid) ?? null}
                onChange={(value) => setValue(f.featureid, value)}
              />
            ))}
          </div>
        )}
      </WizardStep>
      <WizardStep flow={flow} id="confirm" heading="Confirm">
        <ReviewList
          items={[
            ['Service', serviceLabel(service)],
            ...changes.map(
              (c) =>
                [
                  byId.get(c.featureid)?.label ?? '',
                  valueText(byId.get(c.featureid)!, c.value),
                ] as const,
            ),
            [
              'Added monthly charge',
              monthly > 0 ? messages.telephony.perMonth(formatMoney(monthly)) : 'None',
            ],
          ]}
        />
        {monthly > 0 && <p>The monthly charge starts on your next invoice.</p>}
      </WizardStep>
      <WizardSavingStep
        flow={flow}
        id="saving"
        saving="Saving your landline options"
        done="Landline options change requested"
        status={
          order &&
          `We have your request. Your ticket number is ${order.number}; you can follow it in My Tickets.`
        }
      />
    </WizardModal>
  );
}

type FeatureFieldProps = {
  feature: TelephonyFeature;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
};

/** One landline option as its type asks: a switch, a select, radio choices or a text box. */
function FeatureField({ feature: f, value, error, onChange }: FeatureFieldProps) {
  const ids = useId();
  const id = `feature-${f.featureid}`;
  const errorId = `${ids}-error`;
  const priceId = `${ids}-price`;
  const price =
    f.price > 0 ? (
      <p id={priceId} className="field__hint">
        {messages.telephony.perMonth(formatMoney(f.price))}
      </p>
    ) : null;
  const errorText = error && (
    <p id={errorId} className="field__error" role="alert">
      {error}
    </p>
  );
  const describedBy = [error && errorId, price && priceId].filter(Boolean).join(' ') || undefined;

  if (f.type === 'selection') {
    return (
      <fieldset className="choice-group" aria-describedby={describedBy}>
        <legend className="choice-group__legend">{f.label}</legend>
        {price}
        {errorText}
        {f.data.map((o, i) => (
          <div key={o.value} className="choice">
            <input
              type="radio"
              id={i === 0 ? id : `${id}-${o.value}`}
              name={id}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <label htmlFor={i === 0 ? id : `${id}-${o.value}`} className="choice__label">
              {o.label}
            </label>
          </div>
        ))}
      </fieldset>
    );
  }
  if (f.type === 'toggle' && f.range) {
    const [off, on] = f.range as [string, string];
    return (
      <div className="field telephony-toggle">
        <div className="choice">
          <input
            type="checkbox"
            id={id}
            className="switch"
            checked={value === on}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.checked ? on : off)}
          />
          <label htmlFor={id} className="choice__label">
            {f.label}
          </label>
        </div>
        {price}
        {errorText}
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{f.label}</label>
      {price}
      {errorText}
      {f.type === 'select' ? (
        <select
          id={id}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {f.data.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : PIN_FEATURES.includes(f.feature) ? (
        <PasswordInput
          id={id}
          toggleSubject={f.label}
          value={value}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={VOICEMAIL_PIN_MAX}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(pinDigits(event.target.value, VOICEMAIL_PIN_MAX))}
        />
      ) : (
        <input
          id={id}
          type="text"
          value={value}
          maxLength={40}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}
