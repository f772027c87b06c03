import { messages } from '@outpost/contracts/messages';
import { checkPasswordChanged } from '@outpost/domain/password-rules';
import { useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import {
  NewPasswordFields,
  type NewPasswordValues,
  newPasswordRules,
} from '@/components/form/new-password-fields';
import { rulesResolver } from '@/components/form/rules-resolver';
import { LoadingState } from '@/components/loading-state';
import { Modal, savingStatus } from '@/components/modal';
import { PasswordInput } from '@/components/password-input';
import { FormAlert } from '@/components/form/form-alert';
import { useUpdatePassword } from '@/lib/password-change';
import { isApiError } from '@/lib/api-error';
import { cleanErrorMessage } from '@/lib/error-message';
import { ServerActionButton } from '@/components/server-action-button';

type Values = NewPasswordValues & { current: string };

const rules = rulesResolver<Values>({
  current: (current) => (current === '' ? messages.account.required : null),
  ...newPasswordRules,
  password: (password, values) =>
    newPasswordRules.password?.(password, values) ?? checkPasswordChanged(values.current, password),
});

/**
 * What a failed change says: the server's own reason when it gave one (the current password is
 * wrong, too many tries), else the spec's 'There was an issue updating your login details...'.
 */
export function passwordFailureText(error: unknown): string {
  if (
    isApiError(error) &&
    error.kind === 'Server' &&
    (error.status === 400 || error.status === 429)
  )
    return cleanErrorMessage(error);
  return messages.passwordUpdateFailed;
}

/**
 * Password (spec 3 sections 4 and 5): the current password, a new one with the live hints and its
 * confirmation; a processing modal, then 'Your account security has been updated.'. The server
 * ends the user's other sessions.
 */
export function SecurityPassword() {
  const ids = useId();
  const update = useUpdatePassword();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<Values>({
    resolver: rules,
    defaultValues: { current: '', password: '', confirmation: '' },
  });

  const submit = form.handleSubmit(({ current, password }) => {
    if (update.isPending) return;
    setFailure(null);
    setOpen(true);
    update.mutate(
      { password, current_password: current },
      {
        onSuccess: () => form.reset(),
        onError: (error) => {
          setOpen(false);
          setFailure(error);
          window.requestAnimationFrame(() => alertRef.current?.focus());
        },
      },
    );
  });

  const close = () => {
    setOpen(false);
    update.reset();
  };

  return (
    <section className="security-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="security-card__title">
        Password
      </h2>
      <p className="security-card__intro">
        Changing your password signs you out on every other device.
      </p>
      {failure !== null && (
        <div ref={alertRef} tabIndex={-1}>
          <FormAlert>{passwordFailureText(failure)}</FormAlert>
        </div>
      )}
      <FormProvider {...form}>
        <form className="form security-form" onSubmit={(e) => void submit(e)} noValidate>
          <Field<Values>
            name="current"
            label="Current password"
            control={(props) => (
              <PasswordInput
                {...props}
                toggleSubject="current password"
                autoComplete="current-password"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
              />
            )}
          />
          <NewPasswordFields readOnly={update.isPending} />
          <div className="button-row">
            <ServerActionButton
              type="submit"
              className="button button--primary"
              disabled={update.isPending}
            >
              {update.isPending ? 'Updating...' : 'Update Password'}
            </ServerActionButton>
          </div>
        </form>
      </FormProvider>
      <Modal
        open={open}
        title="Update password"
        status={
          update.isPending
            ? savingStatus.processing
            : update.isSuccess
              ? savingStatus.success
              : savingStatus.idle
        }
        onClose={close}
        footer={
          update.isSuccess ? (
            <button type="button" className="button button--primary" onClick={close}>
              Close
            </button>
          ) : undefined
        }
      >
        {update.isSuccess ? (
          <p className="form-status" role="status">
            {messages.account.securityUpdated}
          </p>
        ) : (
          <LoadingState label="Updating your password… Please wait." data={false} />
        )}
      </Modal>
    </section>
  );
}
