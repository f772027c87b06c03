/**
 * The contact rules both sides check with (spec 3 section 5): a contact's email, mobile and date
 * of birth, for My Details (the caller's own contact), Account Preferences and Add Contact. The
 * web forms and the server call these same functions, so both refuse the same input with the same
 * words (docs/decisions/044). No zod here: the web bundle imports them (importing a value from
 * contracts' contacts.ts pulls zod into the vendor chunk every page loads).
 */
import { ageOn, parseCalendarDate } from './application-rules';

/** Titles offered for a contact (spec 3 section 9). */
export const CONTACT_TITLES = ['Mr', 'Ms', 'Mrs'] as const;

/** A contact's age on the day they are added: a person who may act on the account. */
export const CONTACT_MIN_AGE = 16;
export const CONTACT_MAX_AGE = 120;

/** 'This field is required' and 'Invalid Email address' are the spec's; the rest are ours. */
export const contactMessages = {
  required: 'This field is required',
  invalidEmail: 'Invalid Email address',
  phoneDigits: 'Enter the number as 8 to 15 digits, like the examples.',
  birthDateInvalid: 'Enter the date of birth as a real date.',
  birthDateFuture: 'The date of birth must be in the past.',
  birthDateAge: `Check the date of birth: a contact must be between ${CONTACT_MIN_AGE} and ${CONTACT_MAX_AGE} years old.`,
} as const;

/** The hint's two examples (ACMA's fictitious-use ranges: a mobile and a Queensland landline). */
export const PHONE_EXAMPLES = ['0491570006', '0755501234'] as const;

/** The address shape zod's `z.email()` accepts (the server's rule before this module had it). */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const PHONE_PATTERN = /^[0-9]{8,15}$/;

export function checkContactEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return contactMessages.required;
  return EMAIL_PATTERN.test(email) && email.length <= 254 ? null : contactMessages.invalidEmail;
}

/** '' is no number (My Details, preferences); anything else is 8 to 15 digits. */
export function checkContactPhone(value: string): string | null {
  const phone = value.trim();
  return phone === '' || PHONE_PATTERN.test(phone) ? null : contactMessages.phoneDigits;
}

/** A new contact's mobile: required, 8 to 15 digits. */
export function checkContactMobile(value: string): string | null {
  return value.trim() === '' ? contactMessages.required : checkContactPhone(value);
}

/** What the number field keeps of a keystroke or a paste: digits only (the letter 'e' goes too). */
export function stripPhoneInput(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/**
 * A new contact's date of birth ('YYYY-MM-DD', what a date input gives): a real date, in the past
 * (by the UTC day of `now`), the contact CONTACT_MIN_AGE to CONTACT_MAX_AGE years old.
 */
export function checkContactBirthDate(value: string, now: Date): string | null {
  if (value.trim() === '') return contactMessages.required;
  const dob = parseCalendarDate(value);
  if (!dob) return contactMessages.birthDateInvalid;
  const today = now.toISOString().slice(0, 10);
  if (value >= today) return contactMessages.birthDateFuture;
  const age = ageOn(dob, today);
  return age < CONTACT_MIN_AGE || age > CONTACT_MAX_AGE ? contactMessages.birthDateAge : null;
}
