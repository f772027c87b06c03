import { messages } from '@outpost/contracts/messages';
import { FORCED_PASSWORD_REDIRECT_MS } from '@outpost/domain/constants';
import { useEffect, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  NewPasswordFields,
  type NewPasswordValues,
  newPasswordRules,
} from '@/components/form/new-password-fields';
import { rulesResolver } from '@/components/form/rules-resolver';
import { WizardModal, WizardStep } from '@/components/wizard';
import { useWizardFlow } from '@/components/wizard-flow';
import { useLogout } from '../api/logout';
import { passwordChangeFailureText, useUpdatePassword } from '@/lib/password-change';
import { ServerActionButton } from '@/components/server-action-button';

export const PASSWORD_UPDATE_TITLE = 'Please update your password';
export const PASSWORD_UPDATED_MESSAGE = 'Your password has been updated.';

const passwordRules = rulesResolver<NewPasswordValues>(newPasswordRules);

/**
 * The forced 'Please update your password' modal after access recovery (spec 1 sections 4, 5):
 * form -> saving -> success, then / after 3 seconds; a failure returns to the form. It cannot be
 * dismissed; 'Log Out' is the way out without a new password.
 */
export function PasswordUpdateModal() {
  const navigate = useNavigate();
  const logout = useLogout();
  const flow = useWizardFlow<'form'>({ first: 'form' });
  const save = flow.submitter(useUpdatePassword(), { savingStep: 'form', errorStep: 'form' });
  const form = useForm<NewPasswordValues>({
    resolver: passwordRules,
    defaultValues: { password: '', confirmation: '' },
  });
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!flow.done) return;
    doneRef.current?.focus();
    const timer = window.setTimeout(
      () => void navigate('/', { replace: true }),
      FORCED_PASSWORD_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [flow.done, navigate]);

  return (
    <WizardModal flow={flow} title={PASSWORD_UPDATE_TITLE}>
      {flow.done ? (
        <div ref={doneRef} tabIndex={-1}>
          <p className="form-status" role="status">
            {PASSWORD_UPDATED_MESSAGE}
          </p>
          <p>Taking you to your dashboard…</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void navigate('/', { replace: true })}
          >
            Go to Dashboard
          </button>
        </div>
      ) : (
        <WizardStep
          flow={flow}
          id="form"
          failureText={passwordChangeFailureText(flow.failure, messages.passwordUpdateFailed)}
        >
          <p>You are logged in. Choose a new password to finish getting back into your account.</p>
          <FormProvider {...form}>
            <form
              className="form"
              onSubmit={form.handleSubmit(({ password }) => save({ password }))}
              noValidate
            >
              <NewPasswordFields readOnly={flow.saving} autoFocus />
              <div className="button-row">
                <ServerActionButton
                  type="submit"
                  className="button button--primary"
                  disabled={flow.saving}
                >
                  {flow.saving ? 'Saving...' : 'Save'}
                </ServerActionButton>
                <button type="button" className="button" disabled={flow.saving} onClick={logout}>
                  Log Out
                </button>
              </div>
            </form>
          </FormProvider>
        </WizardStep>
      )}
    </WizardModal>
  );
}
