import { applicationMessages } from '@outpost/domain/application-rules';
import { AU_STATE_OPTIONS } from '@outpost/domain/au-states';
import type { ProviderOption } from '@outpost/contracts/orders';
import { type ReactNode, useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { ReviewList } from '@/components/review-list';
import { getBrand } from '@/lib/brand';
import { type ApplicationValues, isTransfer, type OrderKind } from './application-form';
import { formatPhone } from '@outpost/domain/phone-format';

/**
 * The steps' fields the three telephony order wizards share (one component each): the details,
 * the service address and the confirm review. Used inside the wizard's FormProvider.
 */

/**
 * The 'Priority Assistance' information (spec 2 section 9), with the brand's help number (spec 2
 * writes one provider's number; every number shown is the brand's: docs/decisions/040).
 */
export function priorityAssistanceText(helpPhone: string): string {
  return (
    'Priority Assistance is a service for people with a diagnosed life-threatening medical ' +
    'condition: a faster connection and faster repairs of their home phone. It cannot be kept on a ' +
    'transferred landline, so we can transfer this number only if no one at the premises needs ' +
    `Priority Assistance. If someone does, please call us on ${helpPhone} instead.`
  );
}
export const ACKNOWLEDGE_LABEL = 'No one at the premises needs Priority Assistance.';

export type DetailsFieldsProps = {
  kind: OrderKind;
  providers: readonly ProviderOption[];
  providersLoading: boolean;
  /** The acknowledgement's box, focused when it is in error. */
  acknowledgeRef?: React.Ref<HTMLInputElement>;
};

/** Step 1: a transfer's number, provider and account; the applicant; the acknowledgement. */
export function DetailsFields({
  kind,
  providers,
  providersLoading,
  acknowledgeRef,
}: DetailsFieldsProps) {
  const transfer = isTransfer(kind);
  return (
    <>
      {transfer && (
        <Field<ApplicationValues>
          name="phone_number"
          label="Number"
          hint="The phone number to transfer, with its area code."
          type="tel"
          autoComplete="off"
          inputMode="tel"
          maxLength={20}
        />
      )}
      <Field<ApplicationValues>
        name="given_names"
        label="First Name"
        type="text"
        autoComplete="given-name"
        maxLength={80}
      />
      <Field<ApplicationValues>
        name="surname"
        label="Last Name"
        type="text"
        autoComplete="family-name"
        maxLength={80}
      />
      <Field<ApplicationValues>
        name="date_of_birth"
        label="Date of Birth"
        type="date"
        autoComplete="bday"
      />
      {transfer && (
        <>
          <Field<ApplicationValues>
            name="current_provider"
            label="Current Provider"
            options={providers}
            emptyOption={providersLoading ? 'Loading providers…' : 'Select your current provider'}
            disabled={providersLoading}
          />
          <Field<ApplicationValues>
            name="account_number"
            label="Account Number"
            hint="Your account number with your current provider (on their bill)."
            type="text"
            autoComplete="off"
            maxLength={80}
          />
        </>
      )}
      {kind === 'transfer-landline' && <PriorityAssistance inputRef={acknowledgeRef} />}
      {kind === 'new-voip' && <AddressFields />}
    </>
  );
}

/**
 * The Priority Assistance acknowledgement (spec 2 sections 4 and 5): More Information reveals what
 * it is; the box can be ticked only after that, otherwise the message shows and it stays unticked.
 */
function PriorityAssistance({ inputRef }: { inputRef?: React.Ref<HTMLInputElement> }) {
  const ids = useId();
  const { watch, setValue, setError, clearErrors, formState } = useFormContext<ApplicationValues>();
  const moreInfo = watch('more_info');
  // Open or closed again; `more_info` remembers it was opened (the box may be ticked from then on).
  const [open, setOpen] = useState(moreInfo);
  const acknowledged = watch('acknowledged');
  const error = formState.errors.acknowledged?.message;
  const infoId = `${ids}-info`;
  const errorId = `${ids}-error`;

  const tick = (checked: boolean) => {
    if (checked && !moreInfo) {
      setValue('acknowledged', false);
      setError('acknowledged', { type: 'rule', message: applicationMessages.acknowledge });
      return;
    }
    setValue('acknowledged', checked);
    clearErrors('acknowledged');
  };

  return (
    <fieldset className="choice-group priority-assistance">
      <legend className="choice-group__legend">Priority Assistance</legend>
      <button
        type="button"
        className="button button--link"
        aria-expanded={open}
        aria-controls={infoId}
        onClick={() => {
          setOpen(!open);
          setValue('more_info', true);
        }}
      >
        More Information
      </button>
      <p id={infoId} className="field__hint priority-assistance__info" hidden={!open}>
        {priorityAssistanceText(formatPhone(getBrand().helpPhone))}
      </p>
      <div className="choice">
        <input
          ref={inputRef}
          id={`${ids}-ack`}
          type="checkbox"
          checked={acknowledged}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => tick(event.target.checked)}
        />
        <label htmlFor={`${ids}-ack`} className="choice__label">
          {ACKNOWLEDGE_LABEL}
        </label>
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Step 2 (the new VoIP order's details): the service address, with the spec's states. */
export function AddressFields() {
  return (
    <>
      <Field<ApplicationValues>
        name="street_address"
        label="Address"
        type="text"
        autoComplete="address-line1"
        maxLength={80}
      />
      <Field<ApplicationValues>
        name="suburb"
        label="Suburb"
        type="text"
        autoComplete="address-level2"
        maxLength={80}
      />
      <Field<ApplicationValues>
        name="state"
        label="State"
        options={AU_STATE_OPTIONS}
        emptyOption="Select a state"
      />
      <Field<ApplicationValues>
        name="postcode"
        label="Postcode"
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={4}
      />
    </>
  );
}

/** 'YYYY-MM-DD' as dd/mm/yyyy. */
function dateText(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

export type ApplicationReviewProps = {
  kind: OrderKind;
  values: ApplicationValues;
  service: string;
  providers: readonly ProviderOption[];
};

/** The confirm step's review of everything entered. */
export function ApplicationReview({ kind, values: v, service, providers }: ApplicationReviewProps) {
  const items: [string, ReactNode][] = [['Service', service]];
  if (isTransfer(kind))
    items.push(
      ['Number', v.phone_number],
      [
        'Current Provider',
        providers.find((p) => p.value === v.current_provider)?.label ?? v.current_provider,
      ],
      ['Account Number', v.account_number],
    );
  items.push(
    ['First Name', v.given_names],
    ['Last Name', v.surname],
    ['Date of Birth', dateText(v.date_of_birth)],
    ['Address', `${v.street_address}, ${v.suburb} ${v.state} ${v.postcode}`],
  );
  if (kind === 'transfer-landline')
    items.push(
      ['Priority Assistance', ACKNOWLEDGE_LABEL],
      ['Terms & Conditions', `Agreed (you typed ${v.agreement.trim()})`],
    );
  return <ReviewList items={items} />;
}
