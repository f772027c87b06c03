import type { MethodPreference, MethodPreferenceOption } from '@outpost/contracts/security';
import { messages } from '@outpost/contracts/messages';
import {
  checkIdentification,
  identificationMessages,
  PIN_LENGTH,
} from '@outpost/domain/identification-rules';
import { pinDigits } from '@outpost/domain/pin-rules';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { LoadError } from '@/components/load-error';
import { PasswordInput } from '@/components/password-input';
import { FormAlert } from '@/components/form/form-alert';
import { cleanErrorMessage } from '@/lib/error-message';
import { useFormSeed } from '@/lib/form-seed';
import {
  securityQueryKeys,
  useMethodOptions,
  useMethodPreference,
  useUpdateMethodPreference,
} from '../api/security-queries';
import { SecuritySkeleton } from './security-skeleton';
import { SaveButton } from '../../components/save-button';
import { LoadingState } from '@/components/loading-state';

type Values = { identify_by: string; pin: string };

const rules = rulesResolver<Values>({
  identify_by: (method) =>
    checkIdentification(method, '0000') === 'methodRequired'
      ? identificationMessages.required
      : null,
  pin: (pin, { identify_by }) => {
    const problem = checkIdentification(identify_by, pin);
    if (problem === 'pinRequired') return identificationMessages.required;
    if (problem === 'pinInvalid') return identificationMessages.pinHint;
    return null;
  },
});

/** '1961-04-12' as '12/04/1961'. */
export function displayDate(iso: string | null): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : 'Not on file';
}

/**
 * Identification method (spec 3 sections 3, 5 and 7): how we identify the caller on the phone,
 * by date of birth (read-only, from the contact) or a 4-digit PIN (stored hashed by the server,
 * never shown again).
 */
export function SecurityIdentification() {
  const ids = useId();
  const options = useMethodOptions();
  const current = useMethodPreference();
  // The form takes the method once: never from a kept copy that is being fetched again.
  const method = useFormSeed(current, securityQueryKeys.method);
  const failed = options.isError ? options : current.isError ? current : null;
  return (
    <section className="security-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="security-card__title">
        Identification
      </h2>
      <p className="security-card__intro">
        How we confirm it is you when you call us: your date of birth or a 4-digit PIN.
      </p>
      {failed ? (
        <LoadError
          error={messages.account.loadPage}
          onRetry={() => void failed.refetch()}
          resetKey={failed.errorUpdatedAt}
        />
      ) : options.data && method ? (
        <IdentificationForm options={options.data} current={method} />
      ) : (
        <LoadingState
          placeholder={<SecuritySkeleton lines={4} label="Loading your identification method" />}
        />
      )}
    </section>
  );
}

function IdentificationForm({
  options,
  current,
}: {
  options: MethodPreferenceOption[];
  current: MethodPreference;
}) {
  const ids = useId();
  const update = useUpdateMethodPreference();
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    resolver: rules,
    defaultValues: { identify_by: current.identify_by, pin: '' },
  });
  const method = form.watch('identify_by');
  const methodError = form.formState.errors.identify_by?.message;
  const pinIsSet = current.identify_by === 'PIN';

  const submit = form.handleSubmit(({ identify_by, pin }) => {
    setSaved(false);
    update.mutate(
      {
        identify_by,
        data: { value: identify_by === 'DOB' ? (current.date_of_birth ?? '') : pin },
      },
      {
        onSuccess: () => {
          setSaved(true);
          form.reset({ identify_by, pin: '' });
        },
      },
    );
  });

  return (
    <FormProvider {...form}>
      <form className="form security-form" onSubmit={(e) => void submit(e)} noValidate>
        {update.isError && <FormAlert>{cleanErrorMessage(update.error)}</FormAlert>}
        <fieldset
          className="choice-group"
          aria-describedby={methodError ? `${ids}-method-error` : undefined}
        >
          <legend className="choice-group__legend">Identify me by</legend>
          {methodError && (
            <p id={`${ids}-method-error`} className="field__error">
              {methodError}
            </p>
          )}
          {options.map((option) => (
            <div key={option.value} className="choice">
              <input
                type="radio"
                id={`${ids}-${option.value}`}
                value={option.value}
                {...form.register('identify_by', { onChange: () => setSaved(false) })}
              />
              <label htmlFor={`${ids}-${option.value}`} className="choice__label">
                {option.label}
              </label>
            </div>
          ))}
        </fieldset>
        {method === 'DOB' && (
          <div className="field">
            <label htmlFor={`${ids}-dob`}>Date of birth</label>
            <p id={`${ids}-dob-hint`} className="field__hint">
              From your contact details. Call us to correct it.
            </p>
            <input
              id={`${ids}-dob`}
              type="text"
              readOnly
              value={displayDate(current.date_of_birth)}
              aria-describedby={`${ids}-dob-hint`}
            />
          </div>
        )}
        {method === 'PIN' && (
          <Field<Values>
            name="pin"
            label={pinIsSet ? 'New PIN number' : 'PIN number'}
            hint={
              pinIsSet
                ? `Your PIN is set. ${identificationMessages.pinHint} to change it.`
                : identificationMessages.pinHint
            }
            control={(props) => (
              <PasswordInput
                {...props}
                toggleSubject="PIN"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                maxLength={PIN_LENGTH}
                onChange={(event) => {
                  event.target.value = pinDigits(event.target.value, PIN_LENGTH);
                  void props.onChange?.(event);
                }}
              />
            )}
          />
        )}
        <SaveButton saving={update.isPending} />
        <div role="status">
          {saved && <p className="form-status">{messages.account.securityUpdated}</p>}
        </div>
      </form>
    </FormProvider>
  );
}
