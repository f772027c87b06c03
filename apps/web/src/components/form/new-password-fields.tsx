import {
  checkNewPassword,
  checkPasswordConfirmation,
  type PasswordHints,
  passwordHints,
} from '@outpost/domain/password-rules';
import { useFormContext } from 'react-hook-form';
import { PasswordInput } from '@/components/password-input';
import { type ControlProps, Field } from './field';
import type { Rules } from './rules-resolver';

/** The new password and its confirmation, as a form holding them names them. */
export type NewPasswordValues = { password: string; confirmation: string };

/** Spec 1 section 5 and spec 3 section 5: the domain's rules, the same the server checks. */
export const newPasswordRules: Rules<NewPasswordValues> = {
  password: (password) => checkNewPassword(password),
  confirmation: (confirmation, { password }) => checkPasswordConfirmation(password, confirmation),
};

const hintLabels: Readonly<Record<keyof PasswordHints, string>> = {
  length: '8 or more characters',
  mixedCase: 'upper and lower case',
  digit: 'a number',
  noSpaces: 'no spaces',
};
const hintOrder = ['length', 'mixedCase', 'digit', 'noSpaces'] as const;

/** What the polite live region says: only changes when a rule becomes met or unmet. */
function hintsSummary(hints: PasswordHints): string {
  const met = hintOrder.filter((key) => hints[key]).map((key) => hintLabels[key]);
  if (met.length === hintOrder.length) return 'The password meets every requirement.';
  return met.length === 0 ? '' : `Password requirements met: ${met.join(', ')}.`;
}

/** A password input for a new password (no autofill of the old one, no autocorrect). */
export function newPasswordControl(toggleSubject: string, readOnly: boolean) {
  return function NewPasswordControl(props: ControlProps) {
    return (
      <PasswordInput
        {...props}
        toggleSubject={toggleSubject}
        autoComplete="new-password"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        readOnly={readOnly}
      />
    );
  };
}

/**
 * The new password with its live hints (8 or more characters, upper and lower case, a number, no
 * spaces) and its confirmation: the forced update after access recovery and Account Security use
 * it, inside a react-hook-form form whose resolver includes `newPasswordRules`.
 */
export function NewPasswordFields({
  readOnly = false,
  autoFocus = false,
  label = 'New password',
}: {
  readOnly?: boolean;
  autoFocus?: boolean;
  label?: string;
}) {
  const form = useFormContext<NewPasswordValues>();
  const hints = passwordHints(form.watch('password') ?? '');
  return (
    <>
      <Field<NewPasswordValues>
        name="password"
        label={label}
        hint="Your password must not contain spaces."
        control={newPasswordControl(label.toLowerCase(), readOnly)}
        {...(autoFocus ? { 'data-autofocus': true } : {})}
        after={
          <>
            <ul className="password-hints" aria-label="Your password needs">
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
          </>
        }
      />
      <Field<NewPasswordValues>
        name="confirmation"
        label="Confirm password"
        control={newPasswordControl('password confirmation', readOnly)}
      />
    </>
  );
}
