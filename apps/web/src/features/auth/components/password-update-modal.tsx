import { messages } from '@outpost/contracts/messages';
import { FORCED_PASSWORD_REDIRECT_MS } from '@outpost/domain/constants';
import {
  checkNewPassword,
  checkPasswordConfirmation,
  type PasswordHints,
  passwordHints,
} from '@outpost/domain/password-rules';
import { useEffect, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type ControlProps, Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { PasswordInput } from '@/components/password-input';
import { useWizardFlow, WizardModal, WizardStep } from '@/components/wizard';
import { useLogout } from '../api/logout';
import { useUpdatePassword } from '../api/update-password';

export const PASSWORD_UPDATE_TITLE = 'Please update your password';
export const PASSWORD_UPDATED_MESSAGE = 'Your password has been updated.';

const hintLabels: Readonly<Record<keyof PasswordHints, string>> = {
  length: '8 or more characters',
  mixedCase: 'upper and lower case',
  digit: 'a number',
  noSpaces: 'no spaces',
};
const hintOrder = ['length', 'mixedCase', 'digit', 'noSpaces'] as const;

type PasswordValues = { password: string; confirmation: string };

const passwordRules = rulesResolver<PasswordValues>({
  password: (password) => checkNewPassword(password),
  confirmation: (confirmation, { password }) => checkPasswordConfirmation(password, confirmation),
});

/** What the polite live region says: only changes when a rule becomes met or unmet. */
function hintsSummary(hints: PasswordHints): string {
  const met = hintOrder.filter((key) => hints[key]).map((key) => hintLabels[key]);
  if (met.length === hintOrder.length) return 'The password meets every requirement.';
  return met.length === 0 ? '' : `Password requirements met: ${met.join(', ')}.`;
}

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
  const form = useForm<PasswordValues>({
    resolver: passwordRules,
    defaultValues: { password: '', confirmation: '' },
  });
  const doneRef = useRef<HTMLDivElement>(null);
  const hints = passwordHints(form.watch('password'));

  useEffect(() => {
    if (!flow.done) return;
    doneRef.current?.focus();
    const timer = window.setTimeout(
      () => void navigate('/', { replace: true }),
      FORCED_PASSWORD_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [flow.done, navigate]);

  const passwordControl = (toggleSubject: string) => (props: ControlProps) => (
    <PasswordInput
      {...props}
      toggleSubject={toggleSubject}
      autoComplete="new-password"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      readOnly={flow.saving}
    />
  );

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
        <WizardStep flow={flow} id="form" failureText={messages.passwordUpdateFailed}>
          <p>You are signed in. Choose a new password to finish getting back into your account.</p>
          <FormProvider {...form}>
            <form
              className="form"
              onSubmit={form.handleSubmit(({ password }) => save(password))}
              noValidate
            >
              <Field<PasswordValues>
                name="password"
                label="New password"
                hint="Your password must not contain spaces."
                control={passwordControl('new password')}
                data-autofocus
                after={
                  <>
                    <ul className="password-hints" aria-label="Your password needs">
                      {hintOrder.map((key) => (
                        <li key={key} className={hints[key] ? 'is-met' : undefined}>
                          {hintLabels[key]}
                          <span className="visually-hidden">
                            {hints[key] ? ' (done)' : ' (not yet)'}
                          </span>
                        </li>
                      ))}
                    </ul>
                    <p className="visually-hidden" aria-live="polite">
                      {hintsSummary(hints)}
                    </p>
                  </>
                }
              />
              <Field<PasswordValues>
                name="confirmation"
                label="Confirm password"
                control={passwordControl('password confirmation')}
              />
              <div className="button-row">
                <button type="submit" className="button button--primary" disabled={flow.saving}>
                  {flow.saving ? 'Saving...' : 'Save'}
                </button>
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
