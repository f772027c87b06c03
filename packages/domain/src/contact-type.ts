/** Infers which contact a recovery request names (spec 1 section 5 "Recovery request"). */
export type RecoveryMethod = 'email' | 'sms' | 'username';

export const recoveryMessages = {
  email: "The email address you entered doesn't appear to be valid, please enter again.",
  username: "The username you entered doesn't appear to be valid, please enter again.",
  mobile: "The mobile number you entered doesn't appear to be valid, please enter again.",
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type RecoveryContact =
  | { ok: true; method: RecoveryMethod; value: string }
  | { ok: false; method: RecoveryMethod; message: string };

export function inferRecoveryContact(input: string): RecoveryContact {
  const value = input.trim();
  if (/^[0-9]+$/.test(value)) {
    return value.length === 10
      ? { ok: true, method: 'sms', value }
      : { ok: false, method: 'sms', message: recoveryMessages.mobile };
  }
  if (value.includes('@')) {
    return EMAIL_PATTERN.test(value)
      ? { ok: true, method: 'email', value }
      : { ok: false, method: 'email', message: recoveryMessages.email };
  }
  return value !== ''
    ? { ok: true, method: 'username', value }
    : { ok: false, method: 'username', message: recoveryMessages.username };
}
