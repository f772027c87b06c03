/** New-password rules (spec 1 section 5, spec 3 section 5). */
export const PASSWORD_MIN_LENGTH = 8;

export const passwordMessages = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters long',
  weak: 'Password is not strong enough',
  confirmRequired: 'Password confirmation is required',
  confirmMismatch: "Password confirmation doesn't match",
  sameAsCurrent: 'Your new password must be different from your current password',
} as const;

/** The live hints: every rule of checkNewPassword, so all met means the password is accepted. */
export type PasswordHints = {
  length: boolean;
  mixedCase: boolean;
  digit: boolean;
  noSpaces: boolean;
};

export function passwordHints(password: string): PasswordHints {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    mixedCase: /[a-z]/.test(password) && /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    noSpaces: password !== '' && !/\s/.test(password),
  };
}

/** First failing rule's message for the password itself, or null when it is acceptable. */
export function checkNewPassword(password: string): string | null {
  if (password === '') return passwordMessages.required;
  if (password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  const hints = passwordHints(password);
  if (!hints.mixedCase || !hints.digit || !hints.noSpaces) return passwordMessages.weak;
  return null;
}

export function checkPasswordConfirmation(password: string, confirmation: string): string | null {
  if (password !== '' && confirmation === '') return passwordMessages.confirmRequired;
  if (password !== confirmation) return passwordMessages.confirmMismatch;
  return null;
}

/** A new password must differ from the current one (the server also checks the forced update). */
export function checkPasswordChanged(current: string, password: string): string | null {
  return current !== '' && current === password ? passwordMessages.sameAsCurrent : null;
}
