import type { RecoverRequestInput, RecoveryMethodName } from '@outpost/contracts/recovery';
import { messages } from '@outpost/contracts/messages';
import { inferRecoveryContact } from '@outpost/domain/contact-type';
import { isApiError } from '@/lib/api-error';
import { cleanErrorMessage } from '@/lib/error-message';
import { MissingTokensError } from '@/lib/start-session';

/** The request field that carries the contact for each method. */
export const contactFieldOf = { email: 'email', sms: 'mobile', username: 'username' } as const;

export type ContactField = (typeof contactFieldOf)[RecoveryMethodName];

/** The body of a recovery call: the method and exactly its matching field. */
export function contactBody(method: RecoveryMethodName, value: string): RecoverRequestInput {
  switch (method) {
    case 'email':
      return { method, email: value };
    case 'sms':
      return { method, mobile: value };
    case 'username':
      return { method, username: value };
  }
}

export type ContactCheck =
  | { ok: true; body: RecoverRequestInput; field: ContactField; value: string }
  | { ok: false; message: string };

/** The typed contact as a request body, or the spec's message for it (spec 1 section 5). */
export function checkContact(input: string): ContactCheck {
  const contact = inferRecoveryContact(input);
  if (!contact.ok) return { ok: false, message: contact.message };
  return {
    ok: true,
    body: contactBody(contact.method, contact.value),
    field: contactFieldOf[contact.method],
    value: contact.value,
  };
}

/** The contact a link carries: ?email=, ?mobile= or ?username= (the first one present). */
export function contactFromSearch(params: URLSearchParams): string {
  for (const field of ['email', 'mobile', 'username'] as const) {
    const value = params.get(field);
    if (value) return value;
  }
  return '';
}

/**
 * What a failed recovery call shows (spec 1 section 8 "Recovery"): the server's error (with the
 * banner's prefix cleaning, never its 401 rule: a wrong code is a 401 whose text matters), or the
 * caught error of a network failure.
 */
export function recoveryErrorMessage(error: unknown): string {
  if (error instanceof MissingTokensError) return messages.login.processingFailed;
  if (isApiError(error) && error.kind === 'Server') return cleanErrorMessage(error.message);
  if (error instanceof Error && error.message !== '') return error.message;
  return messages.banner.generic;
}

/** Verify access: the contact and the code are both required (spec 1 section 5). */
export const verifyMessages = {
  missingBoth: 'Please enter your email, mobile or username and the verification code.',
  missingContact: 'Please enter your email, mobile or username.',
  missingCode: 'Please enter the verification code.',
  badCode: 'The verification code is the 6 digits we sent you.',
} as const;

export type VerifyCheck =
  | { ok: true; body: RecoverRequestInput; code: string }
  | { ok: false; message: string; field: 'contact' | 'code' };

export function checkVerifyInput(contactInput: string, codeInput: string): VerifyCheck {
  const contact = contactInput.trim();
  const code = codeInput.trim();
  if (contact === '' && code === '')
    return { ok: false, message: verifyMessages.missingBoth, field: 'contact' };
  if (contact === '')
    return { ok: false, message: verifyMessages.missingContact, field: 'contact' };
  const checked = checkContact(contact);
  if (!checked.ok) return { ok: false, message: checked.message, field: 'contact' };
  if (code === '') return { ok: false, message: verifyMessages.missingCode, field: 'code' };
  if (!/^[0-9]{6}$/.test(code))
    return { ok: false, message: verifyMessages.badCode, field: 'code' };
  return { ok: true, body: checked.body, code };
}
