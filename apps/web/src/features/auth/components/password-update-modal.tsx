import { messages } from '@outpost/contracts/messages';
import { FORCED_PASSWORD_REDIRECT_MS } from '@outpost/domain/constants';
import {
  checkNewPassword,
  checkPasswordConfirmation,
  type PasswordHints,
  passwordHints,
} from '@outpost/domain/password-rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal, savingStatus, useWizard } from '@/components/modal';
import { PasswordInput } from '@/components/password-input';
import { useLogout } from '../api/logout';
import { useUpdatePassword } from '../api/update-password';

export const PASSWORD_UPDATE_TITLE = 'Please update your password';
export const PASSWORD_UPDATED_MESSAGE = 'Your password has been updated.';

const hintLabels: Readonly<Record<keyof PasswordHints, string>> = {
  length: '8 or more characters',
  mixedCase: 'upper and lower case',
  digit: 'a number',
};
const hintOrder = ['length', 'mixedCase', 'digit'] as const;

type FieldErrors = { password: string | null; confirmation: string | null };
const noErrors: FieldErrors = { password: null, confirmation: null };

function validate(password: string, confirmation: string): FieldErrors {
  return {
    password: checkNewPassword(password),
    confirmation: checkPasswordConfirmation(password, confirmation),
  };
}

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
  const ids = useId();
  const navigate = useNavigate();
  const logout = useLogout();
  const wizard = useWizard();
  const updatePassword = useUpdatePassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const { status, setStatus } = wizard;
  const saving = status === savingStatus.processing;
  const hints = passwordHints(password);

  useEffect(() => {
    if (status !== savingStatus.success) return;
    doneRef.current?.focus();
    const timer = window.setTimeout(
      () => void navigate('/', { replace: true }),
      FORCED_PASSWORD_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  const handlePasswordChange = (value: string) => {
    setPassword(value);
    if (attempted) setErrors(validate(value, confirmation));
  };
  const handleConfirmationChange = (value: string) => {
    setConfirmation(value);
    if (attempted) setErrors(validate(password, value));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    setFailure(null);
    const found = validate(password, confirmation);
    setErrors(found);
    if (found.password) {
      passwordRef.current?.focus();
      return;
    }
    if (found.confirmation) {
      confirmationRef.current?.focus();
      return;
    }
    setStatus(savingStatus.processing);
    updatePassword.mutate(password, {
      onSuccess: () => setStatus(savingStatus.success),
      onError: () => {
        setStatus(savingStatus.idle);
        setFailure(messages.passwordUpdateFailed);
      },
    });
  };

  const describedBy = (...parts: (string | false)[]) => parts.filter(Boolean).join(' ');

  return (
    <Modal open title={PASSWORD_UPDATE_TITLE} status={status} initialFocusRef={passwordRef}>
      {status === savingStatus.success ? (
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
        <>
          <p>You are signed in. Choose a new password to finish getting back into your account.</p>
          {failure !== null && (
            <div className="form-alert" role="alert">
              {failure}
            </div>
          )}
          <form className="form" onSubmit={handleSubmit} noValidate>
            <div className="field">
              <label htmlFor={`${ids}-password`}>New password</label>
              <PasswordInput
                ref={passwordRef}
                id={`${ids}-password`}
                name="new-password"
                toggleSubject="new password"
                autoComplete="new-password"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                readOnly={saving}
                aria-invalid={errors.password !== null || undefined}
                aria-describedby={describedBy(
                  errors.password !== null && `${ids}-password-error`,
                  `${ids}-password-help`,
                  `${ids}-hints`,
                )}
                value={password}
                onChange={(e) => handlePasswordChange(e.target.value)}
              />
              {errors.password !== null && (
                <p id={`${ids}-password-error`} className="field__error">
                  {errors.password}
                </p>
              )}
              <p id={`${ids}-password-help`} className="field__hint">
                Your password must not contain spaces.
              </p>
              <ul id={`${ids}-hints`} className="password-hints" aria-label="Your password needs">
                {hintOrder.map((key) => (
                  <li key={key} className={hints[key] ? 'is-met' : undefined}>
                    {hintLabels[key]}
                    <span className="visually-hidden">{hints[key] ? ' (done)' : ' (not yet)'}</span>
                  </li>
                ))}
              </ul>
              <p className="visually-hidden" aria-live="polite">
                {hintsSummary(hints)}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-confirmation`}>Confirm password</label>
              <PasswordInput
                ref={confirmationRef}
                id={`${ids}-confirmation`}
                name="confirm-password"
                toggleSubject="password confirmation"
                autoComplete="new-password"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                readOnly={saving}
                aria-invalid={errors.confirmation !== null || undefined}
                aria-describedby={
                  errors.confirmation !== null ? `${ids}-confirmation-error` : undefined
                }
                value={confirmation}
                onChange={(e) => handleConfirmationChange(e.target.value)}
              />
              {errors.confirmation !== null && (
                <p id={`${ids}-confirmation-error`} className="field__error">
                  {errors.confirmation}
                </p>
              )}
            </div>
            <div className="button-row">
              <button type="submit" className="button button--primary" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </button>
              <button type="button" className="button" disabled={saving} onClick={logout}>
                Log Out
              </button>
            </div>
          </form>
        </>
      )}
    </Modal>
  );
}
