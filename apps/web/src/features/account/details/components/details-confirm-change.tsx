import type { ContactChangeKind, OwnContact } from '@outpost/contracts/account';
import { contactChangeMessages } from '@outpost/contracts/contact-change-messages';
import { FormProvider, useForm } from 'react-hook-form';
import { CodeInput } from '@/components/form/code-input';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { ServerActionButton } from '@/components/server-action-button';
import { checkStepUpCode } from '@/lib/step-up';
import type { ContactCodes } from '../api/details-update-contact';

type CodeValues = Record<ContactChangeKind, string>;

/** The form's id, for the footer's submit button (the modal's footer sits outside the form). */
export const confirmChangeFormId = (ids: string) => `${ids}-confirm-change`;

const label: Readonly<Record<ContactChangeKind, (to: string) => string>> = {
  email: (to) => `Code sent to ${to}`,
  mobile: (to) => `Code sent by SMS to ${to}`,
};

/**
 * The confirm step of a contact change (decision 035): one 6-digit code for each new address
 * that waits for one, the email's first. Only what waits is checked and sent.
 */
export function ConfirmChangeForm({
  id,
  waiting,
  disabled,
  onConfirm,
}: {
  id: string;
  waiting: OwnContact['pending'];
  disabled: boolean;
  onConfirm: (codes: ContactCodes) => void;
}) {
  const kinds = (['email', 'mobile'] as const).filter((kind) => waiting[kind] !== null);
  const form = useForm<CodeValues>({
    resolver: rulesResolver<CodeValues>({
      email: (code) => (waiting.email === null ? null : checkStepUpCode(code)),
      mobile: (code) => (waiting.mobile === null ? null : checkStepUpCode(code)),
    }),
    defaultValues: { email: '', mobile: '' },
  });
  const handleSubmit = form.handleSubmit((values) =>
    onConfirm(Object.fromEntries(kinds.map((kind) => [kind, values[kind].trim()]))),
  );
  return (
    <>
      <p>{contactChangeMessages.codeSent(kinds)}</p>
      <p>Until then we keep using your current details.</p>
      <FormProvider {...form}>
        <form id={id} className="form" onSubmit={handleSubmit} noValidate>
          {kinds.map((kind) => (
            <Field<CodeValues>
              key={kind}
              name={kind}
              label={label[kind](waiting[kind]!)}
              control={(props) => <CodeInput {...props} maxLength={6} readOnly={disabled} />}
            />
          ))}
        </form>
      </FormProvider>
    </>
  );
}

/** The confirm step's footer: leave it for later (the page shows what waits), or confirm. */
export function ConfirmChangeActions({
  formId,
  saving,
  onCancel,
}: {
  formId: string;
  saving: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <button type="button" className="button" disabled={saving} onClick={onCancel}>
        Later
      </button>
      <ServerActionButton
        type="submit"
        form={formId}
        className="button button--primary"
        disabled={saving}
      >
        Confirm
      </ServerActionButton>
    </>
  );
}
